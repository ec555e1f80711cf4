"""meiriqi: rules engine, library and playing tool for Mĕirìqí (Beautiful Sun Chess) and its family.

The rules live in a fast Rust core (:mod:`meiriqi._core`); this package adds notation, game
records, pictures and the command line on top. The API follows python-chess::

    >>> import meiriqi
    >>> board = meiriqi.Board()
    >>> len(board.legal_moves)
    44
    >>> board.push_uci("c3c4")
    Move.from_uci('c3c4')
"""

from __future__ import annotations

import enum
import importlib.metadata

from meiriqi import _core
from meiriqi import svg as _svg
from meiriqi._core import (
    BLACK,
    CHAMPION,
    EAGLE,
    GOLD,
    GRYPHON,
    JANUS,
    KING,
    KNIGHT,
    LION,
    MANDARIN,
    OGYO,
    PAWN,
    PEGASUS,
    PIECE_TYPES,
    QUEEN,
    RHINO,
    ROOK,
    SILVER,
    STARTING_FEN,
    WHITE,
    WILDEBEEST,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidVariantError,
    LegalMoves,
    Move,
    Outcome,
    Piece,
    PositionProblem,
    SearchMemory,
    SearchProgress,
    SearchResult,
    Termination,
    Variant,
    parse_square,
    piece_name,
    piece_symbol,
    square,
    square_file,
    square_name,
    square_rank,
)
from meiriqi._core import Board as _CoreBoard


def _version() -> str:
    """The installed package's version: Cargo.toml's, which the build copies into the package
    metadata (``"0+unknown"`` for a source tree that was never installed)."""
    try:
        return importlib.metadata.version("meiriqi")
    except importlib.metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
"""The version of meiriqi, such as ``"0.1.0"``."""

__all__ = [
    "BLACK",
    "CHAMPION",
    "EAGLE",
    "GOLD",
    "GRYPHON",
    "JANUS",
    "KING",
    "KNIGHT",
    "LION",
    "MANDARIN",
    "OGYO",
    "PAWN",
    "PEGASUS",
    "PIECE_TYPES",
    "QUEEN",
    "RHINO",
    "ROOK",
    "SILVER",
    "STARTING_FEN",
    "WHITE",
    "WILDEBEEST",
    "AmbiguousMoveError",
    "Board",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidVariantError",
    "LegalMoves",
    "Move",
    "Outcome",
    "Piece",
    "PositionProblem",
    "SearchMemory",
    "SearchProgress",
    "SearchResult",
    "Status",
    "Termination",
    "Variant",
    "__version__",
    "parse_square",
    "piece_name",
    "piece_symbol",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]


class Status(enum.IntFlag):
    """What rules a board breaks (:meth:`Board.status`), with python-chess's names and values
    where it has the same rule: ``PAWNS_ON_BACKRANK`` is any piece where it could never move;
    ``TOO_MANY_PRINCES`` and ``TOO_FAR_ACROSS`` break the Wildeurasian limits."""

    VALID = _core.STATUS_VALID
    NO_WHITE_KING = _core.STATUS_NO_WHITE_KING
    NO_BLACK_KING = _core.STATUS_NO_BLACK_KING
    TOO_MANY_KINGS = _core.STATUS_TOO_MANY_KINGS
    PAWNS_ON_BACKRANK = _core.STATUS_PAWNS_ON_BACKRANK
    BAD_CASTLING_RIGHTS = _core.STATUS_BAD_CASTLING_RIGHTS
    INVALID_EP_SQUARE = _core.STATUS_INVALID_EP_SQUARE
    OPPOSITE_CHECK = _core.STATUS_OPPOSITE_CHECK
    EMPTY = _core.STATUS_EMPTY
    KINGS_FACING = _core.STATUS_KINGS_FACING
    OUT_OF_REGION = _core.STATUS_OUT_OF_REGION
    BAD_HAND = _core.STATUS_BAD_HAND
    TOO_MANY_PRINCES = _core.STATUS_TOO_MANY_PRINCES
    TOO_FAR_ACROSS = _core.STATUS_TOO_FAR_ACROSS


class Board(_CoreBoard):
    """A position of some variant with its move stack: the rules from the Rust core, plus
    notation."""

    def __init__(self, fen: str | None = None, *, variant: Variant | str = "meiriqi") -> None:
        """Takes the arguments the core's constructor has already used (it sets the position
        up), so that a subclass may call ``super().__init__(fen, variant=...)``."""

    def status(self) -> Status:
        """The rules the board breaks, as :class:`Status` flags (``Status.VALID`` if none)."""
        return Status(super().status())

    def _repr_svg_(self) -> str:
        """The board as an SVG picture with the last move marked, for Jupyter."""
        return _svg.board(self, lastmove=self.peek() if self.ply() else None)
