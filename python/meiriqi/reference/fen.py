"""Reading and writing positions in FEN (docs/notation.md).

``<board> <side> <castling> <en-passant> <halfmove> <fullmove>``: ranks from the highest down,
separated by ``/``; uppercase White, lowercase Black; a number (possibly two digits, ``10``) for a
run of empty squares; side ``w`` or ``b``; castling always ``-``; "en-passant target square or
``-``"; halfmove = plies since the last capture or pawn move; fullmove starts at 1.

The en-passant field is always ``-`` in a game without en passant (Mĕirìqí, Yáng Qí's Berolina
and Chinese pawn options). Elsewhere it names the square a pawn's two-square step has just passed
over; this module reads and writes whatever :class:`Setup` says, and
:meth:`~meiriqi.reference.board.Board.fen` follows python-chess: it writes the square only when
an en-passant capture is legal, so that equal positions have equal FENs.

Where the sources are silent: missing trailing fields take their defaults (``- - 0 1``) one
by one, but the side to move is required; a run of empty squares is written without leading
zeros, and digits next to each other are one number (``55`` is a run of 55, too long); fields are
separated by any whitespace. The reader checks the notation only: whether the position could
arise in a game is :meth:`~meiriqi.reference.board.Board.is_valid`'s business.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .geometry import BLACK, WHITE, Color, Square, square_name
from .pieces import Piece
from .variant import Variant

_RUN_OR_PIECE = re.compile(r"([1-9][0-9]*)|([A-Za-z])")
_NUMBER = re.compile(r"[0-9]+")
_DEFAULTS = ("-", "-", "0", "1")


class Setup(NamedTuple):
    """The contents of a FEN: pieces, side to move, the two move counters and the en-passant
    target square."""

    pieces: dict[Square, Piece]
    turn: Color
    halfmove_clock: int
    fullmove_number: int
    en_passant: Square | None = None


def parse_fen(fen: str, variant: Variant) -> Setup:
    """Reads ``fen``; raises ``ValueError`` naming the field that is malformed."""
    fields = fen.split()
    if not 2 <= len(fields) <= 6:
        raise ValueError(f"FEN needs 2 to 6 fields, got {len(fields)}: {fen!r}")
    fields += _DEFAULTS[len(fields) - 2 :]
    board, side, castling, en_passant, halfmove, fullmove = fields
    if side not in ("w", "b"):
        raise ValueError(f"side to move must be 'w' or 'b', got {side!r}")
    if castling != "-":
        raise ValueError(f"castling field must be '-' in {variant.name}, got {castling!r}")
    return Setup(
        pieces=_parse_board(board, variant),
        turn=WHITE if side == "w" else BLACK,
        halfmove_clock=_parse_counter(halfmove, "halfmove clock", minimum=0),
        fullmove_number=_parse_counter(fullmove, "fullmove number", minimum=1),
        en_passant=_parse_en_passant(en_passant, variant),
    )


def _parse_en_passant(text: str, variant: Variant) -> Square | None:
    """``-``, or a square of the board in a game with en passant."""
    if text == "-":
        return None
    if not variant.en_passant:
        raise ValueError(f"en-passant field must be '-' in {variant.name}, got {text!r}")
    try:
        return variant.grid.parse_square(text)
    except ValueError as error:
        raise ValueError(f"en-passant field must be '-' or a square: {error}") from None


def _parse_counter(text: str, name: str, minimum: int) -> int:
    if not _NUMBER.fullmatch(text) or int(text) < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {text!r}")
    return int(text)


def _parse_board(text: str, variant: Variant) -> dict[Square, Piece]:
    grid = variant.grid
    rows = text.split("/")
    if len(rows) != grid.ranks:
        raise ValueError(f"board needs {grid.ranks} ranks separated by '/', got {len(rows)}")
    pieces = {}
    for rank, row in zip(range(grid.ranks - 1, -1, -1), rows):
        file = 0
        for match in _iterate_row(row, rank):
            run, letter = match.groups()
            if run is not None:
                file += int(run)
            else:
                if letter.upper() not in variant.piece_letters:
                    raise ValueError(f"rank {rank + 1}: unknown piece letter {letter!r}")
                if file < grid.files:
                    pieces[file, rank] = Piece(letter.upper(), letter.isupper())
                file += 1
        if file != grid.files:
            raise ValueError(f"rank {rank + 1} describes {file} squares, not {grid.files}")
    return pieces


def _iterate_row(row: str, rank: int) -> list[re.Match[str]]:
    matches = list(_RUN_OR_PIECE.finditer(row))
    if "".join(match[0] for match in matches) != row:
        raise ValueError(f"rank {rank + 1}: unexpected characters in {row!r}")
    return matches


def format_fen(setup: Setup, variant: Variant) -> str:
    """Writes ``setup`` as a FEN with all six fields."""
    rows = []
    for rank in range(variant.grid.ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(variant.grid.files):
            piece = setup.pieces.get((file, rank))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece.symbol()
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    side = "w" if setup.turn == WHITE else "b"
    en_passant = "-" if setup.en_passant is None else square_name(setup.en_passant)
    counters = f"{setup.halfmove_clock} {setup.fullmove_number}"
    return f"{'/'.join(rows)} {side} - {en_passant} {counters}"
