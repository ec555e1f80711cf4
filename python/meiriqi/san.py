"""Standard algebraic notation (SAN) for Mĕirìqí moves: writing, lenient parsing, variations.

Writing follows RULES.md §4: ``[piece letter][disambiguation][x]<destination>[=<promoted>][+|#]``
with no letter for a pawn, the pawn's file before a pawn capture, and the smallest disambiguation
that suffices (origin file, else origin rank, else both). ``#`` marks checkmate only: a move that
stalemates the opponent wins the game too, but it gives no check, so it carries no suffix (a game
record says how the game ended with its result and ``[Termination "stalemate"]``).

Parsing accepts what a person might type: a missing or extra ``x``, ``+`` or ``#``, a ``-`` between
the squares, the promotion letter with or without ``=`` in either case, and coordinate moves
(``c3c4``, ``c7d8o``). It never guesses: a move without a promotion suffix is the non-promoting
move, and text that fits several legal moves raises :class:`AmbiguousMoveError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from meiriqi._core import (
    PAWN,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    parse_square,
    piece_name,
    piece_symbol,
    square_file,
    square_name,
    square_rank,
)

__all__ = ["AmbiguousMoveError", "parse_san", "san", "variation_san"]


class AmbiguousMoveError(ValueError):
    """A SAN string fits more than one legal move; the message lists them."""


_SAN_RE = re.compile(
    r"""
    (?P<piece>[A-Z])?
    (?P<file>[a-l])?
    (?P<rank>[1-9][0-9]?)?
    [-x]?
    (?P<to>[a-l][1-9][0-9]?)
    (?:=?(?P<promotion>[A-Za-z]))?
    [+#]*
    """,
    re.VERBOSE,
)


def _type_by_letter(board: Board, letter: str) -> int | None:
    """The type of ``board``'s variant whose letter is ``letter`` (uppercase), if any."""
    return next((kind for kind in board.piece_types if piece_symbol(kind) == letter), None)


def _letter(piece_type: int) -> str:
    """The SAN letter of a piece type: none for the pawn."""
    return "" if piece_type == PAWN else piece_symbol(piece_type)


def _piece_type_at(board: Board, square: int) -> int:
    """The type of the piece on an occupied square."""
    piece = board.piece_at(square)
    assert piece is not None, f"no piece on {square_name(square)}"
    return piece.piece_type


def san(board: Board, move: Move) -> str:
    """The SAN of a legal ``move`` in ``board``; raises ``IllegalMoveError`` for any other move."""
    if not board.is_legal(move):
        raise IllegalMoveError(f"{move.uci()} is not legal in {board.fen()}")
    origin, target = move.from_square, move.to_square
    piece_type = _piece_type_at(board, origin)
    capture = board.is_capture(move)
    rivals = [
        other
        for other in board.legal_moves
        if other.to_square == target
        and other.promotion == move.promotion
        and other.from_square != origin
        and _piece_type_at(board, other.from_square) == piece_type
    ]
    same_file = any(square_file(r.from_square) == square_file(origin) for r in rivals)
    same_rank = any(square_rank(r.from_square) == square_rank(origin) for r in rivals)
    if piece_type == PAWN and capture:
        with_file, with_rank = True, same_file
    elif not rivals:
        with_file = with_rank = False
    else:
        with_file = not same_file or same_rank
        with_rank = same_file
    origin_name = square_name(origin)
    text = _letter(piece_type)
    if with_file:
        text += origin_name[0]
    if with_rank:
        text += origin_name[1:]
    if capture:
        text += "x"
    text += square_name(target)
    if move.promotion is not None:
        text += "=" + piece_symbol(move.promotion)
    board.push(move)
    try:
        if board.is_checkmate():
            text += "#"
        elif board.is_check():
            text += "+"
    finally:
        board.pop()
    return text


def _parse_square(text: str, san_text: str) -> int:
    """A square named in SAN; raises ``InvalidMoveError`` when it is off every board."""
    try:
        return parse_square(text)
    except ValueError as error:
        raise InvalidMoveError(f"invalid san {san_text!r}: no square {text!r}") from error


def _parse_type(board: Board, letter: str | None, san_text: str) -> int | None:
    """The piece type of a SAN letter (any case) in ``board``'s variant; raises
    ``InvalidMoveError`` for a letter the variant does not use."""
    if letter is None:
        return None
    piece_type = _type_by_letter(board, letter.upper())
    if piece_type is None:
        raise InvalidMoveError(f"invalid san {san_text!r}: no piece letter {letter!r}")
    return piece_type


def parse_san(board: Board, text: str) -> Move:
    """The legal move written ``text`` in SAN or coordinate notation.

    Raises ``InvalidMoveError`` for malformed text, ``IllegalMoveError`` when no legal move fits
    and :class:`AmbiguousMoveError` when several do (all three are ``ValueError``).
    """
    # A King's swap may be written in full, "Kd1;Ve1": the King's part decides.
    stripped, _, swapped = text.strip().partition(";")
    match = _SAN_RE.fullmatch(stripped)
    if match is None:
        raise InvalidMoveError(f"invalid san {text!r}")
    target = _parse_square(match["to"], text)
    promotion = _parse_type(board, match["promotion"], text)
    piece_type = _parse_type(board, match["piece"], text)
    origin_file = None if match["file"] is None else ord(match["file"]) - ord("a")
    origin_rank = None if match["rank"] is None else int(match["rank"]) - 1
    if piece_type is None and (origin_file is None or origin_rank is None):
        piece_type = PAWN
    towards = [move for move in board.legal_moves if move.to_square == target]
    candidates = [
        move
        for move in towards
        if move.promotion == promotion
        and origin_file in (None, square_file(move.from_square))
        and origin_rank in (None, square_rank(move.from_square))
        and piece_type in (None, _piece_type_at(board, move.from_square))
    ]
    if swapped and len(candidates) == 1 and not board.is_swap(candidates[0]):
        raise IllegalMoveError(f"illegal move {text!r}: {stripped} is not a King's swap")
    if len(candidates) == 1:
        return candidates[0]
    where = f"{text!r} in {board.fen()}"
    if candidates:
        listed = ", ".join(sorted(san(board, move) for move in candidates))
        raise AmbiguousMoveError(f"ambiguous move {where}: could be {listed}")
    what = "move" if piece_type is None else f"{piece_name(piece_type)} move"
    reason = f"no legal {what} matches"
    if towards:
        listed = ", ".join(sorted(san(board, move) for move in towards))
        reason += f"; the legal moves to {square_name(target)} are {listed}"
    else:
        reason += f"; no legal move reaches {square_name(target)}"
    raise IllegalMoveError(f"illegal move {where}: {reason}")


def variation_san(board: Board, moves: Iterable[Move]) -> str:
    """The moves played in turn from ``board`` as numbered SAN, such as ``"3... Sd8 4. e5"``.

    ``board`` is left unchanged; raises ``IllegalMoveError`` at the first illegal move.
    """
    scratch = board.copy(stack=False)
    parts: list[str] = []
    for move in moves:
        if not scratch.is_legal(move):
            played = " ".join(parts) or "the start"
            raise IllegalMoveError(f"illegal move {move.uci()} in {scratch.fen()} after {played}")
        if scratch.turn:
            parts.append(f"{scratch.fullmove_number}.")
        elif not parts:
            parts.append(f"{scratch.fullmove_number}...")
        parts.append(san(scratch, move))
        scratch.push(move)
    return " ".join(parts)
