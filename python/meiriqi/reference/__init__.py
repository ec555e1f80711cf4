"""A pure-Python reference of the rules of Mĕirìqí, Yáng Qí with its four options and the six
Wildeurasian games (docs/rules.md and docs/notation.md), written for clarity.

It shares no code with the Rust core (``meiriqi._core``): it is an independent reading of the rules
that the test suite plays against the core. Read :mod:`~meiriqi.reference.pieces` for how each
piece moves, :mod:`~meiriqi.reference.variant` for each game's board, regions and rules, and
:mod:`~meiriqi.reference.board` for legality, check, the end of the game and perft.

>>> board = Board()
>>> len(board.legal_moves), board.perft(2)
(44, 1934)
>>> board.push_uci("a2b4")
Move(from_square=(0, 1), to_square=(1, 3), promotion=None, drop=None)
>>> board.fen()
'1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/1N5III/I1I1I1I1S1/1GSLSGN3/1PYEHW1MKM b - - 1 1'
>>> len(Board(variant="yangqi").legal_moves)
57
>>> sorted(variant_descriptions())[:2]
['meiriqi', 'yangqi']
>>> mitregi = Board(variant="wildeurasian-mitregi")
>>> len(mitregi.legal_moves), mitregi.fen().split()[0][-14:]
(97, 'LHMJ1SD1JMHL[]')
"""

from .board import Board, Move, Outcome, Termination
from .fen import Setup, format_fen, parse_fen
from .geometry import BLACK, WHITE, Color, Grid, Square, square_name
from .pieces import PIECE_TYPES, Mode, Path, Piece, PieceType
from .variant import (
    MEIRIQI,
    VARIANTS,
    WILDEURASIAN_BESTIARY,
    WILDEURASIAN_BESTIARY_KOREAN,
    WILDEURASIAN_DENSE_RIM_MITREGI,
    WILDEURASIAN_DENSE_RIM_MITREGI_KOREAN,
    WILDEURASIAN_MITREGI,
    WILDEURASIAN_MITREGI_KOREAN,
    WILDEURASIAN_VARIANTS,
    YANGQI,
    YANGQI_BEROLINA,
    YANGQI_CHINESE,
    YANGQI_CHINESEPAWNS,
    YANGQI_QUICKPAWNS,
    Castling,
    Promotion,
    Variant,
    WildeurasianRules,
    Wing,
    get_variant,
    variant_descriptions,
)

__all__ = [
    "BLACK",
    "MEIRIQI",
    "PIECE_TYPES",
    "VARIANTS",
    "WHITE",
    "WILDEURASIAN_BESTIARY",
    "WILDEURASIAN_BESTIARY_KOREAN",
    "WILDEURASIAN_DENSE_RIM_MITREGI",
    "WILDEURASIAN_DENSE_RIM_MITREGI_KOREAN",
    "WILDEURASIAN_MITREGI",
    "WILDEURASIAN_MITREGI_KOREAN",
    "WILDEURASIAN_VARIANTS",
    "YANGQI",
    "YANGQI_BEROLINA",
    "YANGQI_CHINESE",
    "YANGQI_CHINESEPAWNS",
    "YANGQI_QUICKPAWNS",
    "Board",
    "Castling",
    "Color",
    "Grid",
    "Mode",
    "Move",
    "Outcome",
    "Path",
    "Piece",
    "PieceType",
    "Promotion",
    "Setup",
    "Square",
    "Termination",
    "Variant",
    "WildeurasianRules",
    "Wing",
    "format_fen",
    "get_variant",
    "parse_fen",
    "square_name",
    "variant_descriptions",
]
