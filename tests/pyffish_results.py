"""pyffish's scores read as results, for the tests that compare games with Fairy-Stockfish."""

from __future__ import annotations


def pyffish_winner(value: int, turn: bool) -> bool | None:
    """The winner (``True`` for White) that pyffish's ``value`` for the side to move (``turn``,
    ``True`` for White) means: ``None`` for a draw."""
    if value == 0:
        return None
    return turn if value > 0 else not turn
