"""Standard algebraic notation (SAN) for every variant: writing, lenient parsing, variations.

Writing follows docs/notation.md: ``[piece][disambiguation][x]<destination>[=<promoted>][+|#]``
with no letter for a pawn, the pawn's file before a pawn capture, and the smallest disambiguation
that suffices (origin file, else origin rank, else both). A promoted piece that remembers what it
was is written with its ``+`` symbol (``+Pe5``); a promotion to such a form is ``=+``
(``Lxa10=+``), so that ``+`` alone keeps meaning check. A drop is ``N@e5``; castling is ``O-O``
(the King's wing, the first in FEN) and ``O-O-O``. ``#`` marks checkmate only: a move that
stalemates the opponent gives no check, so it carries no suffix (a game record says how the game
ended with its result and ``[Termination "stalemate"]``).

Parsing accepts what a person might type: a missing or extra ``x``, ``+`` or ``#``, a ``-`` between
the squares, the promotion letter with or without ``=`` in either case, ``0-0`` for ``O-O``, and
coordinate moves (``c3c4``, ``c7d8o``, ``a7a8+``, ``N@e5``). It never guesses: a move without a
promotion suffix is the non-promoting move, or the piece's only legal move to that square when it
must change there (``e7`` for ``e7=W``, a Wildeurasian Pawn crossing the River), and text that fits
several legal moves raises :class:`AmbiguousMoveError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from meiriqi._core import (
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
    (?P<piece>\+?[A-Z])?
    (?P<file>[a-l])?
    (?P<rank>[1-9][0-9]?)?
    [-x]?
    (?P<to>[a-l][1-9][0-9]?)
    (?:=(?P<plus>\+)|=?(?P<promotion>[A-Za-z]))?
    [+#]*
    """,
    re.VERBOSE,
)
_DROP_RE = re.compile(r"(?P<piece>[A-Za-z])@(?P<to>[a-l][1-9][0-9]?)[+#]*")
_PLUS_UCI_RE = re.compile(r"[a-l][1-9][0-9]?[a-l][1-9][0-9]?\+")
_CASTLING_RE = re.compile(r"(?P<castling>[O0]-[O0](?:-[O0])?)[+#]*")


def _quoted(text: str, most: int = 40) -> str:
    """``text`` quoted for an error message, cut after ``most`` characters."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}... ({len(text)} characters)"


def _symbol(board: Board, piece_type: int) -> str:
    """The uppercase symbol of a piece type in ``board``'s variant (``N``, ``+P``)."""
    return piece_symbol(piece_type, variant=board.variant_name)


def _type_by_symbol(board: Board, symbol: str) -> int | None:
    """The type of ``board``'s variant written ``symbol`` (uppercase), if any."""
    return next((kind for kind in board.piece_types if _symbol(board, kind) == symbol), None)


def _letter(board: Board, piece_type: int) -> str:
    """The SAN letter of a piece type: none for a pawn."""
    return "" if piece_type in board.pawn_types else _symbol(board, piece_type)


def _piece_type_at(board: Board, square: int) -> int:
    """The type of the piece on an occupied square."""
    piece = board.piece_at(square)
    assert piece is not None, f"no piece on {square_name(square)}"
    return piece.piece_type


def san(board: Board, move: Move) -> str:
    """The SAN of a legal ``move`` in ``board``; raises ``IllegalMoveError`` for any other move."""
    if not board.is_legal(move):
        raise IllegalMoveError(f"{move.uci()} is not legal in {board.fen()}")
    text = _move_text(board, move)
    board.push(move)
    try:
        if board.is_checkmate():
            text += "#"
        elif board.is_check():
            text += "+"
    finally:
        board.pop()
    return text


def _move_text(board: Board, move: Move) -> str:
    """The SAN of a legal ``move`` without the check suffix."""
    origin, target = move.from_square, move.to_square
    if move.drop is not None:
        return f"{_symbol(board, move.drop)}@{square_name(target)}"
    if board.is_castling(move):
        return "O-O" if board.is_kingside_castling(move) else "O-O-O"
    piece_type = _piece_type_at(board, origin)
    capture = board.is_capture(move)
    rivals = [
        other
        for other in board.legal_moves
        if other.to_square == target
        and other.drop is None
        and other.promotion == move.promotion
        and other.from_square != origin
        and _piece_type_at(board, other.from_square) == piece_type
    ]
    same_file = any(square_file(r.from_square) == square_file(origin) for r in rivals)
    same_rank = any(square_rank(r.from_square) == square_rank(origin) for r in rivals)
    if piece_type in board.pawn_types and capture:
        with_file, with_rank = True, same_file
    elif not rivals:
        with_file = with_rank = False
    else:
        with_file = not same_file or same_rank
        with_rank = same_file
    origin_name = square_name(origin)
    text = _letter(board, piece_type)
    if with_file:
        text += origin_name[0]
    if with_rank:
        text += origin_name[1:]
    if capture:
        text += "x"
    text += square_name(target)
    if move.promotion is not None:
        promoted = _symbol(board, move.promotion)
        text += "=+" if promoted.startswith("+") else "=" + promoted
    return text


def _parse_square(board: Board, text: str, san_text: str) -> int:
    """A square named in SAN; raises ``InvalidMoveError`` when it is off ``board``."""
    try:
        square = parse_square(text)
    except ValueError as error:
        raise InvalidMoveError(f"invalid san {_quoted(san_text)}: no square {text!r}") from error
    if square_file(square) >= board.files or square_rank(square) >= board.ranks:
        raise InvalidMoveError(
            f"invalid san {_quoted(san_text)}: {text} is not on the "
            f"{board.files}x{board.ranks} board"
        )
    return square


def _parse_type(board: Board, symbol: str | None, san_text: str) -> int | None:
    """The piece type of a SAN symbol (any case) in ``board``'s variant; raises
    ``InvalidMoveError`` for a symbol the variant does not use."""
    if symbol is None:
        return None
    piece_type = _type_by_symbol(board, symbol.upper())
    if piece_type is None:
        raise InvalidMoveError(f"invalid san {_quoted(san_text)}: no piece letter {symbol!r}")
    return piece_type


def _only(board: Board, text: str, candidates: list[Move], what: str) -> Move:
    """The one move of ``candidates``, or an ``IllegalMoveError`` saying no ``what`` is legal."""
    if len(candidates) == 1:
        return candidates[0]
    raise IllegalMoveError(f"illegal move {_quoted(text)} in {board.fen()}: no legal {what}")


def _side(board: Board) -> str:
    """The side to move's name."""
    return "White" if board.turn else "Black"


def _drop_refusal(board: Board, piece_type: int | None, target: int, name: str) -> str:
    """What is wrong with a drop of ``piece_type`` on ``target`` (square ``name``) that is not
    legal: the piece is not in hand, the square is taken, or else the rules forbid it there."""
    piece = piece_name(piece_type, variant=board.variant_name) if piece_type else "piece"
    if not board.hand(board.turn).get(piece_type or 0):
        return f"drop: {_side(board)} has no {piece} in hand"
    if board.piece_at(target) is not None:
        return f"drop on {name}: the square is taken"
    return (
        f"drop of a {piece} on {name}: it could never move from there, or it would leave the "
        "King attacked or break another rule of the game"
    )


def _parse_special(board: Board, text: str) -> Move | None:
    """The legal drop or castling move ``text`` names, or ``None`` if it is neither."""
    drop = _DROP_RE.fullmatch(text)
    if drop is not None and not board.has_hands:
        raise InvalidMoveError(f"invalid san {_quoted(text)}: {board.variant_name} has no drops")
    if drop is not None:
        piece_type = _parse_type(board, drop["piece"], text)
        target = _parse_square(board, drop["to"], text)
        moves = [m for m in board.legal_moves if m.drop == piece_type and m.to_square == target]
        return _only(board, text, moves, _drop_refusal(board, piece_type, target, drop["to"]))
    castling = _CASTLING_RE.fullmatch(text)
    if castling is not None and not board.has_castling:
        raise InvalidMoveError(f"invalid san {_quoted(text)}: {board.variant_name} has no castling")
    if castling is not None:
        kingside = castling["castling"].count("-") == 1
        test = board.is_kingside_castling if kingside else board.is_queenside_castling
        moves = [move for move in board.legal_moves if test(move)]
        rights = (
            board.has_kingside_castling_rights if kingside else board.has_queenside_castling_rights
        )
        lost = "" if rights(board.turn) else f" ({_side(board)} has lost that right)"
        return _only(board, text, moves, f"castling {castling['castling']}{lost}")
    return None


def parse_san(board: Board, text: str) -> Move:
    """The legal move written ``text`` in SAN or coordinate notation.

    Raises ``InvalidMoveError`` for malformed text, ``IllegalMoveError`` when no legal move fits
    and :class:`AmbiguousMoveError` when several do (all three are ``ValueError``).
    """
    # A King's swap may be written in full, "Kd1;Ve1": the King's part decides.
    stripped, _, swapped = text.strip().partition(";")
    if _PLUS_UCI_RE.fullmatch(stripped):
        return board.parse_uci(stripped)
    special = _parse_special(board, stripped)
    if special is not None:
        return special
    match = _SAN_RE.fullmatch(stripped)
    if match is None:
        raise InvalidMoveError(f"invalid san {_quoted(text)}")
    target = _parse_square(board, match["to"], text)
    promotion = _parse_type(board, match["promotion"], text)
    piece_type = _parse_type(board, match["piece"], text)
    origin_file = None if match["file"] is None else ord(match["file"]) - ord("a")
    origin_rank = None if match["rank"] is None else int(match["rank"]) - 1
    pawns = board.pawn_types if piece_type is None else [piece_type]
    if origin_file is not None and origin_rank is not None and piece_type is None:
        pawns = board.piece_types
    towards = [move for move in board.legal_moves if move.to_square == target and move.drop is None]

    def promotes_as_written(move: Move) -> bool:
        if match["plus"]:
            return move.promotion is not None and _symbol(board, move.promotion)[0] == "+"
        return move.promotion == promotion

    def starts_as_written(move: Move) -> bool:
        return (
            origin_file in (None, square_file(move.from_square))
            and origin_rank in (None, square_rank(move.from_square))
            and _piece_type_at(board, move.from_square) in pawns
        )

    candidates = [move for move in towards if promotes_as_written(move) and starts_as_written(move)]
    if not candidates and promotion is None and not match["plus"]:
        # A compulsory change that offers no choice (a Pawn crossing the River becomes a Wazir)
        # may go unwritten: a piece with exactly one legal move to the square.
        changes = [move for move in towards if starts_as_written(move)]
        origins = [move.from_square for move in changes]
        candidates = [move for move in changes if origins.count(move.from_square) == 1]
    if swapped and len(candidates) == 1 and not board.is_swap(candidates[0]):
        raise IllegalMoveError(
            f"illegal move {_quoted(text)}: {_quoted(stripped)} is not a King's swap"
        )
    if len(candidates) == 1:
        return candidates[0]
    where = f"{_quoted(text)} in {board.fen()}"
    if candidates:
        listed = ", ".join(sorted(san(board, move) for move in candidates))
        raise AmbiguousMoveError(f"ambiguous move {where}: could be {listed}")
    what = (
        "pawn move"
        if piece_type is None
        else f"{piece_name(piece_type, variant=board.variant_name)} move"
    )
    if origin_file is not None and origin_rank is not None and piece_type is None:
        what = "move"
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
