"""The games written as data: board, regions, pieces, promotions, special rules and start.

Mĕirìqí, Yáng Qí with its four options and the six Wildeurasian games (docs/rules.md). Move
generation in :mod:`meiriqi.reference.board` reads only the fields of a :class:`Variant`, so each
game is a ``Variant`` value, plus piece functions (:mod:`meiriqi.reference.pieces`) where its
pieces move differently. :data:`VARIANTS` and :data:`WILDEURASIAN_VARIANTS` list them by name;
:func:`variant_descriptions` describes them.
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
    wildeurasian_piece_types,
    yangqi_piece_types,
)


def squares(names: str) -> frozenset[Square]:
    """The squares named in a space-separated list such as ``"h1 j1 i2"``."""
    return frozenset(parse_square_name(name) for name in names.split())


@dataclass(frozen=True)
class Wing:
    """One side of the board for castling: "K" (the l-side) or "Q" (the a-side)."""

    letter: str
    """The FEN letter of this wing's right for White (Black's is lowercase)."""
    rook_region: Mapping[Color, frozenset[Square]]
    """The squares the Rook "has never left": its own and the Knight's file, ranks 2-3."""
    king_file: int
    """Where the King goes: "the Bishop file (d, or i)"."""
    rook_file: int
    """Where the Rook goes: "the Camel file (e, or h)"."""


@dataclass(frozen=True)
class Castling:
    """Castling (docs/rules.md, the Wildeurasian family): "Allowed while the King has never left
    the middle two files (f, g) and ranks 2-3, and the Rook has never left its own and the
    Knight's file (b-c on the a-side, j-k on the l-side) and ranks 2-3; King and Rook must be on
    the same rank (2 or 3) with no piece between them"."""

    king_region: Mapping[Color, frozenset[Square]]
    wings: tuple[Wing, ...]
    """In the order the FEN writes their rights: ``K`` then ``Q``."""

    def right(self, wing: Wing, color: Color) -> str:
        """The FEN letter of ``color``'s right on ``wing``: uppercase for White."""
        return wing.letter if color == WHITE else wing.letter.lower()


@dataclass(frozen=True)
class WildeurasianRules:
    """What the Wildeurasian games add to chess (docs/rules.md, "The Wildeurasian family")."""

    korean: bool
    """Korean-style hoppers (the pieces differ, :mod:`~meiriqi.reference.pieces`); "the ranks
    where promotion is compulsory or a drop forbidden are those of the non-Korean game"."""
    symmetric: str
    """The symmetric piece types, which a Wazir may promote to: "Rook, Bishop, Queen, Knight,
    Camel, Gnu, Cannon, Arrow, Tank and the Bestiary leapers"."""
    forward_only: Mapping[str, int]
    """The unpromoted forward-only pieces, and on how many of the last ranks each must promote
    ("Wing, Mitre, Princess, Princeling, Cannonball, Arrowhead, Tankturret on the last rank;
    Helm and Handyman on the last two ranks; Hump on the last three"). A drop is forbidden on
    those ranks: "any empty cell on a rank where promotion would not be compulsory for it"."""
    relevant: frozenset[str]
    """Condition 5's pieces: "King, Queen, Gnu, Tank, Zebu, Guru, Princess, Handyman,
    Princeling, Tankturret and every Prince" (those of this game, by its letters)."""
    prince_limit: int | None
    """Condition 4: "the enemy having at least 4 (Mitregi) / 8 (Dense-Rim) Princes on the
    board"; ``None`` in Bestiary."""
    river: int = 6
    """"The River runs between ranks 6 and 7": the index of the first rank of Black's side."""
    wazir_ranks: frozenset[int] = frozenset({1, 10})
    """"A Wazir ending a move on rank 2 or rank 11 (either army's) may promote"."""

    def across_river(self, square: Square, color: Color) -> bool:
        """Whether ``square`` is on the enemy side of the River for ``color`` (ranks 7-12 for
        White, 1-6 for Black)."""
        return (square[1] >= self.river) == (color == WHITE)

    def must_promote(self, grid: Grid, letter: str, color: Color, square: Square) -> bool:
        """Whether an unpromoted forward-only piece ``letter`` of ``color`` on ``square`` would
        have no move on an empty board: a move ending there must promote, and a drop there is
        forbidden."""
        return grid.relative_rank(square, color) >= grid.ranks - self.forward_only[letter]


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
    facing_diagonals: bool = False
    """The Wildeurasian family: Kings also face "on one diagonal with nothing between them"."""
    hand_order: str = ""
    """A game with drops: the letters a hand may hold, in the order its FEN writes them (White's
    pieces first, then Black's). Empty in a game without drops, whose FEN has no hand."""
    castling: Castling | None = None
    """Where castling is allowed (the Wildeurasian family); ``None``: no castling."""
    wildeurasian: WildeurasianRules | None = None
    """The rules of the Wildeurasian family (River, promotions, drops, the five conditions and
    the end of the game); ``None`` in the other games."""

    @property
    def has_hand(self) -> bool:
        """Whether this game has drops, and so a hand in its FEN."""
        return bool(self.hand_order)

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

# -- the Wildeurasian family (docs/rules.md, "The Wildeurasian family") ---------------------------


def _mirrored(names: str) -> dict[Color, frozenset[Square]]:
    """White's squares named in ``names``, and Black's, mirrored vertically on the 12x12 board
    ("Black mirrors White vertically (same files)")."""
    white = squares(names)
    return {WHITE: white, BLACK: frozenset((file, 11 - rank) for file, rank in white)}


WILDEURASIAN_CASTLING = Castling(
    king_region=_mirrored("f2 g2 f3 g3"),
    wings=(
        Wing("K", rook_region=_mirrored("j2 k2 j3 k3"), king_file=8, rook_file=7),
        Wing("Q", rook_region=_mirrored("b2 c2 b3 c3"), king_file=3, rook_file=4),
    ),
)
"""The King region f2-g3 (f10-g11 for Black); the l-side Rook's region j2-k3, the King going to
the i-file and the Rook to the h-file; the a-side's b2-c3, to the d- and e-files."""

WILDEURASIAN_HAND_ORDER = "LMSHJDEOAU"
"""The table's order of the forward-only pieces, in which a FEN writes a hand."""

BESTIARY_START = (
    "fzye1xu1eyzf/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/"
    "1RNBCGTCBNR1/FZYE1XU1EYZF w KQkq - 0 1"
)
MITREGI_START = (
    "lhmj1sd1jmhl/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/"
    "1RNBCGTCBNR1/LHMJ1SD1JMHL[] w KQkq - 0 1"
)
DENSE_RIM_START = (
    "lhmjusdejmhl/ornbcgtcbnro/a1pv1qk1vp1a/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/A1PV1QK1VP1A/"
    "ORNBCGTCBNRO/LHMJUSDEJMHL[] w KQkq - 0 1"
)
"""The three start positions. The seed's diagrams are lost: these are docs/rules.md's
reconstruction ("the inner 10x10 army is the same in all three"; the new pieces on rank 1/12)."""


def wildeurasian(family: str, korean: bool) -> Variant:
    """One of the six Wildeurasian games: ``family`` is ``"bestiary"``, ``"mitregi"`` or
    ``"dense-rim"``. "Board 12x12 ... The River runs between ranks 6 and 7 ... Each player's own
    camp is the home third of the board: White's is ranks 1-4, Black's is ranks 9-12; so White
    promotes in the *enemy* camp, ranks 9-12, and Black in ranks 1-4"."""
    forward_only = {
        "bestiary": {},
        "mitregi": {"L": 1, "M": 1, "S": 1, "H": 2, "J": 3, "D": 2},
        "dense-rim": {"L": 1, "M": 1, "S": 1, "H": 2, "J": 3, "D": 2}
        | {"E": 1, "O": 1, "A": 1, "U": 1},
    }[family]
    relevant = {
        "bestiary": "K Q G T U X",
        "mitregi": "K Q G T S D +S +D",
        "dense-rim": "K Q G T S D E U +S +D +E +U",
    }[family]
    title, start, prince_limit = {
        "bestiary": ("Wildeurasian Bestiary", BESTIARY_START, None),
        "mitregi": ("Wildeurasian Mitregi", MITREGI_START, 4),
        "dense-rim": ("Dense-Rim Wildeurasian Mitregi", DENSE_RIM_START, 8),
    }[family]
    base_name = {"dense-rim": "dense-rim-mitregi"}.get(family, family)
    symmetric = "RBQNCGPVT" + ("ZEUFYX" if family == "bestiary" else "")
    return Variant(
        name=f"wildeurasian-{base_name}" + ("-korean" if korean else ""),
        description=f"{title}: 12x12, River, hoppers"
        + (", longer leapers" if family == "bestiary" else ", forward-only pieces and drops")
        + (", Korean-style hoppers" if korean else ""),
        grid=Grid(files=12, ranks=12),
        starting_fen=start,
        piece_types=wildeurasian_piece_types(family, korean),
        promotions={},
        camp_ranks={WHITE: frozenset({8, 9, 10, 11}), BLACK: frozenset({0, 1, 2, 3})},
        confinement={},
        facing_rule=True,
        facing_diagonals=True,
        hand_order="".join(letter for letter in WILDEURASIAN_HAND_ORDER if letter in forward_only),
        castling=WILDEURASIAN_CASTLING,
        wildeurasian=WildeurasianRules(
            korean=korean,
            symmetric=symmetric,
            forward_only=forward_only,
            relevant=frozenset(relevant.split()),
            prince_limit=prince_limit,
        ),
    )


WILDEURASIAN_BESTIARY = wildeurasian("bestiary", korean=False)
WILDEURASIAN_MITREGI = wildeurasian("mitregi", korean=False)
WILDEURASIAN_DENSE_RIM_MITREGI = wildeurasian("dense-rim", korean=False)
WILDEURASIAN_BESTIARY_KOREAN = wildeurasian("bestiary", korean=True)
WILDEURASIAN_MITREGI_KOREAN = wildeurasian("mitregi", korean=True)
WILDEURASIAN_DENSE_RIM_MITREGI_KOREAN = wildeurasian("dense-rim", korean=True)

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
"""Mĕirìqí and Yáng Qí with its options, by variant name."""

WILDEURASIAN_VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        WILDEURASIAN_BESTIARY,
        WILDEURASIAN_MITREGI,
        WILDEURASIAN_DENSE_RIM_MITREGI,
        WILDEURASIAN_BESTIARY_KOREAN,
        WILDEURASIAN_MITREGI_KOREAN,
        WILDEURASIAN_DENSE_RIM_MITREGI_KOREAN,
    )
}
"""The six Wildeurasian games, by variant name. They are listed apart from :data:`VARIANTS`,
which the cross-checks against the core walk: those games join it once the core plays them."""


def variant_descriptions(wildeurasian: bool = False) -> dict[str, str]:
    """Each variant's name and its one-line description (of :data:`VARIANTS`, and with
    ``wildeurasian`` of :data:`WILDEURASIAN_VARIANTS` too)."""
    every = VARIANTS | (WILDEURASIAN_VARIANTS if wildeurasian else {})
    return {name: variant.description for name, variant in every.items()}


def get_variant(variant: Variant | str) -> Variant:
    """The variant itself, or the one named ``variant``; raises ``ValueError`` for an unknown
    name."""
    if isinstance(variant, Variant):
        return variant
    every = VARIANTS | WILDEURASIAN_VARIANTS
    if variant not in every:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(every)}")
    return every[variant]
