"""The computer player: one function between the programs and the core's search."""

from __future__ import annotations

from dataclasses import dataclass

from meiriqi._core import Board, Move, SearchMemory, SearchResult

__all__ = ["Decision", "best_move", "decide"]


@dataclass(frozen=True)
class Decision:
    """The computer's choice: the ``move``, how many plies ahead it looked (``depth``), and
    whether Ctrl-C hurried it (``hurried``: the best move found so far)."""

    move: Move
    depth: int
    hurried: bool = False


def decide(
    board: Board,
    *,
    time: float | None = None,
    depth: int | None = None,
    memory: SearchMemory | None = None,
) -> Decision:
    """The computer's move in ``board``, searched for ``time`` seconds or ``depth`` plies
    (with the ``memory`` of the game's earlier searches, when given).

    Ctrl-C during the search is a GUI's "move now": the search ends and the move of its last
    completed iteration is chosen (after a quick search of one ply when none has completed).
    A second Ctrl-C, during that quick search, raises ``KeyboardInterrupt`` as usual.

    Raises ``ValueError`` when the game is over.
    """
    iterations: list[SearchResult] = []
    try:
        result = board.search(depth=depth, time=time, info=iterations.append, memory=memory)
        hurried = False
    except KeyboardInterrupt:
        result = iterations[-1] if iterations else board.search(depth=1, memory=memory)
        hurried = True
    if result.move is None:
        raise ValueError("the game is over: there is no legal move")
    return Decision(result.move, result.depth, hurried)


def best_move(board: Board, *, time: float | None = None, depth: int | None = None) -> Move:
    """The move :func:`decide` chooses.

    Raises ``ValueError`` when the game is over.
    """
    return decide(board, time=time, depth=depth).move
