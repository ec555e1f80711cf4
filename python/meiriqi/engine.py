"""The computer player: one function between the programs and the core's search.

:func:`best_move` asks ``Board.search`` when the core has it; until the search lands in the Rust
core it falls back to a random legal move, so that the player and self-play work (and are
testable) now.
"""

from __future__ import annotations

import random

import meiriqi
from meiriqi._core import Board, Move

__all__ = ["HAS_SEARCH", "best_move"]

HAS_SEARCH = hasattr(meiriqi.Board, "search")
"""Whether the core can search; without it the computer plays random legal moves."""


def best_move(
    board: Board,
    *,
    time: float | None = None,
    depth: int | None = None,
    rng: random.Random | None = None,
) -> Move:
    """The computer's move in ``board``, searched for ``time`` seconds or ``depth`` plies.

    Without a search in the core, a random legal move drawn from ``rng`` (default: the ``random``
    module). Raises ``ValueError`` when the game is over.
    """
    if HAS_SEARCH:
        move = board.search(depth=depth, time=time).move
    else:
        moves = board.legal_moves
        move = (rng or random).choice(moves) if moves else None
    if move is None:
        raise ValueError("the game is over: there is no legal move")
    return move
