"""The games written as data: board, regions, pieces, promotions, special rules and start.

Mĕirìqí and Yáng Qí with its four options (docs/rules.md). Move generation in
:mod:`meiriqi.reference.board` reads only the fields of a :class:`Variant`, so each game is a
``Variant`` value, plus piece functions (:mod:`meiriqi.reference.pieces`) where its pieces move
differently. :data:`VARIANTS` lists them by name; :func:`variant_descriptions` describes them.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from .geometry import BLACK, WHITE, Color, Grid, Square, parse_square_name
from .pieces import (
    PIECE_TYPES,
    Mode,
    Path,
    PathFunction,
    PieceType,
    berolina_pawn,
    chinese_pawn,
    fide_pawn,
    quick_pawn,
    yangqi_piece_types,
)


def squares(names: str) -> frozenset[Square]:
    """The squares named in a space-separated list such as ``"h1 j1 i2"``."""
    return frozenset(parse_square_name(name) for name in names.split())


class Promotion(enum.Enum):
    """How a piece that may promote (a key of :attr:`Variant.promotions`) does so when a move
    ends in its owner's zone (:attr:`Variant.camp_ranks`)."""

    OPTIONAL = "may become any of its promotion types, or stay as it is"
    """Mĕirìqí: "Promotion is always optional ... move generation yields both the promoting and
    the non-promoting move"; Yáng Qí's Chinese pawns: "it may (optionally) promote to any
    non-royal piece type of the game, captured or not"."""
    CAPTURED = "must become one of its owner's captured types; may not enter the zone without one"
    """Yáng Qí: "A pawn reaching the last rank must promote to one of its owner's *captured*
    pieces (never a Pawn or King): the types whose count on the board is now below their count
    in the start position. If none is available, the pawn may not move to the last rank at all
    (neither by a step nor by a capture). Promoted pieces count as their new type"."""


@dataclass(frozen=True, eq=False)
class Variant:
    """A game as data. Instances compare and hash by identity (they are used as cache keys)."""

    name: str
    description: str
    """One line for listings."""
    grid: Grid
    starting_fen: str
    piece_types: Mapping[str, PieceType]
    """The piece types used in this game, by FEN letter (uppercase)."""
    promotions: Mapping[str, str]
    """Letter of a piece type -> the letters of the types it may promote to."""
    camp_ranks: Mapping[Color, frozenset[int]]
    """Promotion zone of each side, as rank indices (0 = rank 1)."""
    confinement: Mapping[str, Mapping[Color, frozenset[Square]]]
    """Piece letter -> the squares a piece of each colour may never leave."""
    promotion: Promotion = Promotion.OPTIONAL
    facing_rule: bool = True
    """Mĕirìqí: a move may not leave "the two Kings on the same file with no piece between"."""
    king_swap: bool = False
    """Yáng Qí: "When not in check, the King may instead swap places with an adjacent friendly
    piece that is not a Pawn. It is a whole move; it is legal only if the King is not attacked
    afterwards"."""
    en_passant: bool = False
    """Whether a pawn's two-square step may be taken en passant on the very next move (Yáng Qí:
    "en passant after an enemy double step"; QuickPawns: "any two-square move can be taken en
    passant"). Without it the FEN's en-passant field must be ``-``."""
    fide_draws: bool = False
    """Yáng Qí's end of the game (FIDE): stalemate is a draw, the fifty-move rule and threefold
    repetition can be claimed, seventy-five moves and fivefold repetition end the game, and "a
    position with only the two Kings is dead". Without it (Mĕirìqí): "The side to move with no
    legal move loses ... The rules have no draw"."""

    @property
    def piece_letters(self) -> str:
        """The FEN letters (uppercase) of the piece types used in this game."""
        return "".join(self.piece_types)

    def paths(self, letter: str, color: Color, square: Square) -> tuple[Path, ...]:
        """The paths of a piece on ``square``, cut where they would leave its confinement."""
        return _paths(self, letter, color, square)

    def attack_reach(self, letter: str, color: Color, square: Square) -> frozenset[Square]:
        """Every square the piece could capture on, were the rest of the board empty."""
        return _attack_reach(self, letter, color, square)


@functools.cache
def _paths(variant: Variant, letter: str, color: Color, square: Square) -> tuple[Path, ...]:
    paths = variant.piece_types[letter].paths(variant.grid, square, color)
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
    description="Mĕirìqí (Beautiful Sun Chess): 10x10, fortresses, seventeen piece types",
    grid=Grid(files=10, ranks=10),
    starting_fen=(
        "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1"
    ),
    piece_types=PIECE_TYPES,
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


YANGQI_START = (
    "rnbvkvbnr/1p5p1/i1i1i1i1i/1i1i1i1i1/9/9/1I1I1I1I1/I1I1I1I1I/1P5P1/RNBVKVBNR w - - 0 1"
)
"""Yáng Qí's start (docs/rules.md): "White K e1, V d1 f1, B c1 g1, N b1 h1, R a1 i1, P(cannon)
b2 h2, pawns a3 b4 c3 d4 e3 f4 g3 h4 i3; Black mirrored"."""
CHINESE_START = "rnbvkvbnr/9/1p5p1/i1i1i1i1i/9/9/I1I1I1I1I/1P5P1/9/RNBVKVBNR w - - 0 1"
"""The Chinese Chess setup: "Cannons start on the third rank (b3 h3 / b8 h8); five pawns on the
fourth rank (a4 c4 e4 g4 i4 / a7 c7 e7 g7 i7), none on the third"."""


def yangqi(
    name: str,
    description: str,
    starting_fen: str = YANGQI_START,
    pawn_moves: PathFunction = fide_pawn,
    promotion: Promotion = Promotion.CAPTURED,
    en_passant: bool = True,
) -> Variant:
    """Yáng Qí or one of its options: "Board 9x10 ... FIDE chess rules apply except where
    stated ... **No castling**"; no fortress, no facing rule; the King may swap; the Pawn
    promotes on the last rank to a Rook, Knight, Bishop, Cannon or Vao."""
    return Variant(
        name=name,
        description=description,
        grid=Grid(files=9, ranks=10),
        starting_fen=starting_fen,
        piece_types=yangqi_piece_types(pawn_moves),
        promotions={"I": "RNBPV"},
        camp_ranks={WHITE: frozenset({9}), BLACK: frozenset({0})},
        confinement={},
        promotion=promotion,
        facing_rule=False,
        king_swap=True,
        en_passant=en_passant,
        fide_draws=True,
    )


YANGQI = yangqi("yangqi", "Yáng Qí: 9x10 chess with Cannons, Vaos and the King's swap")
YANGQI_CHINESE = yangqi(
    "yangqi-chinese",
    "Yáng Qí from the Chinese Chess setup: Cannons on the third rank, five pawns on the fourth",
    starting_fen=CHINESE_START,
)
YANGQI_QUICKPAWNS = yangqi(
    "yangqi-quickpawns",
    "Yáng Qí with QuickPawns: one or two steps forward from any rank",
    pawn_moves=quick_pawn,
)
YANGQI_BEROLINA = yangqi(
    "yangqi-berolina",
    "Yáng Qí, Chinese setup, Berolina pawns: move diagonally, capture straight forward",
    starting_fen=CHINESE_START,
    pawn_moves=berolina_pawn,
    en_passant=False,
)
YANGQI_CHINESEPAWNS = yangqi(
    "yangqi-chinesepawns",
    "Yáng Qí, Chinese setup, Chinese pawns: sideways from the sixth rank, free promotion",
    starting_fen=CHINESE_START,
    pawn_moves=chinese_pawn,
    promotion=Promotion.OPTIONAL,
    en_passant=False,
)
"""The Chinese pawn may promote "to any non-royal piece type of the game, captured or not".
Decisions: not to a Pawn, because a pawn that stays a pawn is the plain move, which exists; and
"on reaching the last rank" is read as "a move ending on the last rank", so a pawn that declined
may still promote with a sideways step along it (as Mĕirìqí's zone rule and a Zillions in-zone
test read it)."""

VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        MEIRIQI,
        YANGQI,
        YANGQI_CHINESE,
        YANGQI_QUICKPAWNS,
        YANGQI_BEROLINA,
        YANGQI_CHINESEPAWNS,
    )
}
"""Every game of the reference, by variant name."""


def variant_descriptions() -> dict[str, str]:
    """Each variant's name and its one-line description."""
    return {name: variant.description for name, variant in VARIANTS.items()}


def get_variant(variant: Variant | str) -> Variant:
    """The variant itself, or the one named ``variant``; raises ``ValueError`` for an unknown
    name."""
    if isinstance(variant, Variant):
        return variant
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    return VARIANTS[variant]
