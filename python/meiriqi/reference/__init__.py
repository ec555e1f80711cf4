"""A pure-Python reference of the rules of Mĕirìqí and Yáng Qí with its four options (docs/rules.md,
§2 and §4), written for clarity.

It shares no code with the Rust core (``meiriqi._core``): it is an independent reading of the rules
that the test suite plays against the core. Read :mod:`~meiriqi.reference.pieces` for how each
piece moves, :mod:`~meiriqi.reference.variant` for each game's board, regions and rules, and
:mod:`~meiriqi.reference.board` for legality, check, the end of the game and perft.

>>> board = Board()
>>> len(board.legal_moves), board.perft(2)
(44, 1934)
>>> board.push_uci("a2b4")
Move(from_square=(0, 1), to_square=(1, 3), promotion=None)
>>> board.fen()
'1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/1N5III/I1I1I1I1S1/1GSLSGN3/1PYEHW1MKM b - - 1 1'
>>> len(Board(variant="yangqi").legal_moves)
57
>>> sorted(variant_descriptions())[:2]
['meiriqi', 'yangqi']
"""

from .board import Board, Move, Outcome, Termination
from .fen import Setup, format_fen, parse_fen
from .geometry import BLACK, WHITE, Color, Grid, Square, square_name
from .pieces import PIECE_TYPES, Mode, Path, Piece, PieceType
from .variant import (
    MEIRIQI,
    VARIANTS,
    YANGQI,
    YANGQI_BEROLINA,
    YANGQI_CHINESE,
    YANGQI_CHINESEPAWNS,
    YANGQI_QUICKPAWNS,
    Promotion,
    Variant,
    get_variant,
    variant_descriptions,
)

__all__ = [
    "BLACK",
    "MEIRIQI",
    "PIECE_TYPES",
    "VARIANTS",
    "WHITE",
    "YANGQI",
    "YANGQI_BEROLINA",
    "YANGQI_CHINESE",
    "YANGQI_CHINESEPAWNS",
    "YANGQI_QUICKPAWNS",
    "Board",
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
    "format_fen",
    "get_variant",
    "parse_fen",
    "square_name",
    "variant_descriptions",
]
