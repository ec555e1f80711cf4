"""The computer player: one function between the programs and the core's search."""

from __future__ import annotations

from meiriqi._core import Board, Move

__all__ = ["best_move"]


def best_move(board: Board, *, time: float | None = None, depth: int | None = None) -> Move:
    """The computer's move in ``board``, searched for ``time`` seconds or ``depth`` plies.

    Raises ``ValueError`` when the game is over.
    """
    move = board.search(depth=depth, time=time).move
    if move is None:
        raise ValueError("the game is over: there is no legal move")
    return move
