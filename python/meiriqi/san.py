"""Standard algebraic notation (SAN) for every variant: writing, lenient parsing, variations.

The notation is the Rust core's (docs/notation.md); these functions are python-chess's module-level
spellings of the :class:`meiriqi.Board` methods ``san``, ``parse_san`` and ``variation_san``.
Writing is ``[piece][disambiguation][x]<destination>[=<promoted>][+|#]`` with no letter for a
pawn, the pawn's file before a pawn capture, and the smallest disambiguation that suffices. A
drop is ``N@e5``; castling is ``O-O`` and ``O-O-O``; a promotion to a ``+`` form is ``=+``; ``#``
marks checkmate only. Parsing accepts what a person might type and never guesses: text that fits
several legal moves raises :class:`AmbiguousMoveError`, naming them.
"""

from __future__ import annotations

from collections.abc import Iterable

from meiriqi._core import AmbiguousMoveError, Board, Move

__all__ = ["AmbiguousMoveError", "parse_san", "san", "variation_san"]


def san(board: Board, move: Move) -> str:
    """The SAN of a legal ``move`` in ``board``; raises ``IllegalMoveError`` for any other move."""
    return board.san(move)


def parse_san(board: Board, text: str) -> Move:
    """The legal move written ``text`` in SAN or coordinate notation.

    Raises ``InvalidMoveError`` for malformed text, ``IllegalMoveError`` when no legal move fits
    and :class:`AmbiguousMoveError` when several do (all three are ``ValueError``).
    """
    return board.parse_san(text)


def variation_san(board: Board, moves: Iterable[Move]) -> str:
    """The moves played in turn from ``board`` as numbered SAN, such as ``"3... Sd8 4. e5"``.

    ``board`` is left unchanged; raises ``IllegalMoveError`` at the first illegal move.
    """
    return board.variation_san(moves)
