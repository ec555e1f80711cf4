"""Mĕirìqí written as data (RULES.md §1): board, regions, pieces, promotions and start.

Move generation in :mod:`meiriqi.reference.board` reads only the fields of a :class:`Variant`,
so another game on another board (Yáng Qí, §2) is a new ``Variant`` value, plus new piece
functions where its pieces move differently.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from .geometry import BLACK, WHITE, Color, Grid, Square, parse_square_name
from .pieces import PIECE_TYPES, Mode, Path


def squares(names: str) -> frozenset[Square]:
    """The squares named in a space-separated list such as ``"h1 j1 i2"``."""
    return frozenset(parse_square_name(name) for name in names.split())


@dataclass(frozen=True, eq=False)
class Variant:
    """A game as data. Instances compare and hash by identity (they are used as cache keys)."""

    name: str
    grid: Grid
    starting_fen: str
    piece_letters: str
    """The FEN letters (uppercase) of the piece types used in this game."""
    promotions: Mapping[str, str]
    """Letter of a piece type -> letter of the type it may promote to."""
    camp_ranks: Mapping[Color, frozenset[int]]
    """Promotion zone of each side, as rank indices (0 = rank 1)."""
    confinement: Mapping[str, Mapping[Color, frozenset[Square]]]
    """Piece letter -> the squares a piece of each colour may never leave."""

    def paths(self, letter: str, color: Color, square: Square) -> tuple[Path, ...]:
        """The paths of a piece on ``square``, cut where they would leave its confinement."""
        return _paths(self, letter, color, square)

    def attack_reach(self, letter: str, color: Color, square: Square) -> frozenset[Square]:
        """Every square the piece could capture on, were the rest of the board empty."""
        return _attack_reach(self, letter, color, square)


@functools.cache
def _paths(variant: Variant, letter: str, color: Color, square: Square) -> tuple[Path, ...]:
    paths = PIECE_TYPES[letter].paths(variant.grid, square, color)
    region = variant.confinement.get(letter, {}).get(color)
    if region is None:
        return tuple(paths)
    cut = (Path(p.mode, tuple(itertools.takewhile(region.__contains__, p.squares))) for p in paths)
    return tuple(path for path in cut if path.squares)


@functools.cache
def _attack_reach(variant: Variant, letter: str, color: Color, square: Square) -> frozenset[Square]:
    paths = variant.paths(letter, color, square)
    return frozenset(s for path in paths if path.mode != Mode.MOVE for s in path.squares)


MEIRIQI = Variant(
    name="meiriqi",
    grid=Grid(files=10, ranks=10),
    starting_fen=(
        "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1"
    ),
    piece_letters="KMPYEHWNGSLIJROQC",
    promotions={"N": "J", "G": "R", "S": "O", "L": "Q", "I": "C"},
    camp_ranks={WHITE: frozenset({7, 8, 9}), BLACK: frozenset({0, 1, 2})},
    confinement={
        "K": {
            WHITE: squares("h1 i1 j1 h2 i2 j2 h3 i3 j3"),
            BLACK: squares("h8 i8 j8 h9 i9 j9 h10 i10 j10"),
        },
        "M": {WHITE: squares("h1 j1 i2 h3 j3"), BLACK: squares("h8 j8 i9 h10 j10")},
    },
)
"""Mĕirìqí: fortresses h1-j3 / h8-j10 confine the King, the 'X' points confine the Mandarin;
the camp is ranks 8-10 for White and 1-3 for Black."""
