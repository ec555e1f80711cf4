"""Reading and writing positions in FEN (docs/notation.md).

``<board> <side> <castling> <en-passant> <halfmove> <fullmove>``: ranks from the highest down,
separated by ``/``; uppercase White, lowercase Black; a number (possibly two digits, ``10``) for a
run of empty squares; side ``w`` or ``b``; castling ``-`` in a variant without it; "en-passant
target square or ``-``"; halfmove = plies since the last capture or pawn move (or drop, in drop
games); fullmove starts at 1.

The Wildeurasian family adds three things. "A promoted piece that remembers what it was is ``+``
and its unpromoted letter (``+L``, a Goldgeneral that was a Wing)". "A variant with a hand writes
it in brackets right after the board, White's pieces uppercase, ``[]`` when empty": Mitregi and
Dense-Rim always write it, Bestiary never; each colour's pieces in the table's order (L M S H J D
E O A U), a piece repeated as often as it is held (``[LLmh]``). The castling field is ``KQkq``:
"K = the l-side Rook, Q = the a-side Rook", lowercase for Black, or ``-``.

The en-passant field is always ``-`` in a game without en passant (Mĕirìqí, Yáng Qí's Berolina
and Chinese pawn options). Elsewhere it names the square a pawn's two-square step has just passed
over; this module reads and writes whatever :class:`Setup` says, and
:meth:`~meiriqi.reference.board.Board.fen` follows python-chess: it writes the square only when
an en-passant capture is legal, so that equal positions have equal FENs.

Where the sources are silent: missing trailing fields take their defaults (``- - 0 1``) one by one,
but the side to move is required; two counters right after the side are the clocks, with castling
and en passant ``-`` (Fairy-Stockfish writes its drop games' starts so: ``[-] w 0 1``); a run of
empty squares is written without leading zeros, and digits next to each other are one number
(``55`` is a run of 55, too long); fields are separated by any whitespace. A hand may be read in
any order, and without its brackets in a drop game (then empty); castling rights may be read in any
order, each at most once. Both are written in the order above. The reader checks the notation only:
whether the position could arise in a game is :meth:`~meiriqi.reference.board.Board.is_valid`'s
business.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .geometry import BLACK, WHITE, Color, Square, square_name
from .pieces import Piece
from .variant import Variant

_RUN_OR_PIECE = re.compile(r"([1-9][0-9]*)|(\+?[A-Za-z])")
_CASTLING_LETTERS = "KQkq"
_NUMBER = re.compile(r"[0-9]+")
_DEFAULTS = ("-", "-", "0", "1")
_COUNTER = re.compile(r"[0-9]+")


class Setup(NamedTuple):
    """The contents of a FEN: pieces, side to move, the two move counters, the en-passant
    target square, the castling rights (FEN letters) and the pieces in hand (each piece as
    often as it is held)."""

    pieces: dict[Square, Piece]
    turn: Color
    halfmove_clock: int
    fullmove_number: int
    en_passant: Square | None = None
    castling: frozenset[str] = frozenset()
    hand: tuple[Piece, ...] = ()


def parse_fen(fen: str, variant: Variant) -> Setup:
    """Reads ``fen``; raises ``ValueError`` naming the field that is malformed."""
    fields = fen.split()
    if not 2 <= len(fields) <= 6:
        raise ValueError(f"FEN needs 2 to 6 fields, got {len(fields)}: {fen!r}")
    if len(fields) == 4 and all(_COUNTER.fullmatch(field) for field in fields[2:]):
        fields[2:2] = ["-", "-"]
    fields += _DEFAULTS[len(fields) - 2 :]
    board, side, castling, en_passant, halfmove, fullmove = fields
    if side not in ("w", "b"):
        raise ValueError(f"side to move must be 'w' or 'b', got {side!r}")
    board, hand = _split_hand(board, variant)
    return Setup(
        pieces=_parse_board(board, variant),
        turn=WHITE if side == "w" else BLACK,
        halfmove_clock=_parse_counter(halfmove, "halfmove clock", minimum=0),
        fullmove_number=_parse_counter(fullmove, "fullmove number", minimum=1),
        en_passant=_parse_en_passant(en_passant, variant),
        castling=_parse_castling(castling, variant),
        hand=hand,
    )


def _split_hand(text: str, variant: Variant) -> tuple[str, tuple[Piece, ...]]:
    """The board part of the first field, and the hand written after it in brackets."""
    board, bracket, hand = text.partition("[")
    if not bracket:
        return board, ()
    if not variant.has_hand:
        raise ValueError(f"{variant.name} has no hands, but the board ends with {text[-20:]!r}")
    if not hand.endswith("]"):
        raise ValueError(f"the hand does not end with ']': {hand[:40]!r}")
    pieces = []
    for letter in hand[:-1]:
        if letter.upper() not in variant.hand_order:
            raise ValueError(f"invalid hand: {letter!r} is no piece a hand can hold")
        pieces.append(Piece(letter.upper(), letter.isupper()))
    return board, tuple(sorted(pieces, key=lambda piece: _hand_rank(piece, variant)))


def _hand_rank(piece: Piece, variant: Variant) -> tuple[bool, int]:
    """Where ``piece`` stands in a written hand: White's first, each in the table's order."""
    return piece.color != WHITE, variant.hand_order.index(piece.letter)


def _parse_castling(text: str, variant: Variant) -> frozenset[str]:
    """``-``, or some of ``KQkq`` in a game with castling, each at most once."""
    if text == "-":
        return frozenset()
    if variant.castling is None:
        raise ValueError(f"castling field must be '-' in {variant.name}, got {text!r}")
    if not set(text) <= set(_CASTLING_LETTERS) or len(set(text)) != len(text):
        raise ValueError(f"castling field must be '-' or letters of 'KQkq', got {text[:40]!r}")
    return frozenset(text)


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
                if letter.upper() not in variant.piece_types:
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
    """Writes ``setup`` as a FEN with all six fields (and the hand, in a game with drops)."""
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
    board = "/".join(rows)
    if variant.has_hand:
        hand = sorted(setup.hand, key=lambda piece: _hand_rank(piece, variant))
        board += "[" + "".join(piece.symbol() for piece in hand) + "]"
    side = "w" if setup.turn == WHITE else "b"
    castling = "".join(letter for letter in _CASTLING_LETTERS if letter in setup.castling) or "-"
    en_passant = "-" if setup.en_passant is None else square_name(setup.en_passant)
    counters = f"{setup.halfmove_clock} {setup.fullmove_number}"
    return f"{board} {side} {castling} {en_passant} {counters}"
