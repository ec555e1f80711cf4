"""Squares, colours and directions on a rectangular board (docs/rules.md, "Coordinates").

A square is a pair ``(file, rank)`` counted from zero: ``a1`` is ``(0, 0)``, ``j10`` is
``(9, 9)``. Files are letters from ``a`` (White's left), ranks are numbers from ``1`` (White's
side). Nothing here knows the size of a particular game: that is the :class:`Grid` of a variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Square = tuple[int, int]
Direction = tuple[int, int]
Color = bool

WHITE: Color = True
BLACK: Color = False

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_SQUARE_NAME = re.compile(r"([a-z])([1-9][0-9]*)")


def square_name(square: Square) -> str:
    """The name of a square: file letter, then rank number (``(2, 9)`` is ``"c10"``)."""
    file, rank = square
    return f"{FILE_LETTERS[file]}{rank + 1}"


def parse_square_name(name: str) -> Square:
    """The square called ``name`` on an unbounded board; raises ``ValueError`` if malformed."""
    match = _SQUARE_NAME.fullmatch(name)
    if match is None:
        raise ValueError(f"not a square name: {name!r}")
    return FILE_LETTERS.index(match[1]), int(match[2]) - 1


def forward(color: Color) -> int:
    """The rank step of "forward": up (+1) for White, down (-1) for Black."""
    return 1 if color == WHITE else -1


@dataclass(frozen=True)
class Grid:
    """The board of a variant: ``files`` x ``ranks`` squares."""

    files: int
    ranks: int

    def contains(self, square: Square) -> bool:
        """Whether ``square`` lies on this board."""
        file, rank = square
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def parse_square(self, name: str) -> Square:
        """The square called ``name``; raises ``ValueError`` if malformed or off this board."""
        square = parse_square_name(name)
        if not self.contains(square):
            raise ValueError(f"square {name!r} is not on a {self.files}x{self.ranks} board")
        return square

    def ray(self, start: Square, step: Direction, limit: int | None = None) -> tuple[Square, ...]:
        """The squares reached from ``start`` by repeating ``step``, up to ``limit`` times.

        ``start`` itself is not included; the ray ends at the edge of the board.
        """
        squares: list[Square] = []
        file, rank = start
        while limit is None or len(squares) < limit:
            file, rank = file + step[0], rank + step[1]
            if not self.contains((file, rank)):
                break
            squares.append((file, rank))
        return tuple(squares)

    def relative_rank(self, square: Square, color: Color) -> int:
        """The rank of ``square`` counted from ``color``'s own side (0 = its first rank)."""
        return square[1] if color == WHITE else self.ranks - 1 - square[1]
