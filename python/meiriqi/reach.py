"""Where a piece can go from one square of an otherwise empty board, as the engine's rules say.

:func:`reach` puts a White piece of a variant on the middle of an empty board (or, for a piece
confined to a region, on the middle of the squares it may stand on), and reads the engine's legal
moves: the empty squares it can move to, and the squares where it can capture, each found by
putting an enemy piece there. The two Kings (and the pieces a rule needs beside them, such as a
second relevant piece so that a Wildeurasian piece may cross the River) stand far away; the
marks are the union over up to three such placements, so that a King that blocks a line, or
that a move would face, in one placement does not hide the move. With ``screens``, a hopper is
shown with a screen (a piece of either colour) two squares away on each line where one changes
what it can do. Nothing here is drawn by hand: a change to the rules changes the pictures.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from meiriqi._core import (
    BLACK,
    STATUS_NO_BLACK_KING,
    STATUS_NO_WHITE_KING,
    WHITE,
    Board,
    Piece,
    Variant,
    piece_symbol,
    square,
    square_file,
    square_rank,
)

__all__ = ["CAPTURE", "MOVE", "MOVE_OR_CAPTURE", "SCREEN", "Reach", "middle", "reach"]

MOVE_OR_CAPTURE = "*"
"""A square the piece can move to, capturing whatever enemy stands there."""
MOVE = "o"
"""A square it can move to only when it is empty."""
CAPTURE = "x"
"""A square where it can only capture."""
SCREEN = "#"
"""A screen: the piece a hopper jumps."""

_KING_FLAGS = STATUS_NO_WHITE_KING | STATUS_NO_BLACK_KING
_DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
_PLACEMENTS = 3
"""How many placements of the Kings the marks are the union of."""
_CANDIDATES = 12
"""How many of the farthest squares each helper piece is tried on."""


@dataclass(frozen=True)
class Reach:
    """Where a piece can go: ``origin`` the square it stands on, ``marks`` the squares it reaches
    with :data:`MOVE_OR_CAPTURE`, :data:`MOVE` or :data:`CAPTURE`, and ``screens`` the squares
    of the screens set up for it (none unless asked)."""

    origin: int
    marks: dict[int, str]
    screens: frozenset[int] = frozenset()


def _squares(board: Board) -> list[int]:
    """Every square of the board."""
    return [square(f, r) for r in range(board.ranks) for f in range(board.files)]


def _may_stand(board: Board, sq: int, piece: Piece) -> bool:
    """Whether ``piece`` alone may stand on ``sq`` (inside its region, able to move again)."""
    alone = board.copy(stack=False)
    alone.clear()
    alone.set_piece_at(sq, piece)
    return not alone.status() & ~_KING_FLAGS


def _distance(a: int, b: int) -> int:
    """The squared distance between two squares."""
    return (square_file(a) - square_file(b)) ** 2 + (square_rank(a) - square_rank(b)) ** 2


@functools.cache
def _allowed(variant: str, symbol: str) -> tuple[int, ...]:
    """The squares where the piece written ``symbol`` may stand."""
    board = Board.empty(variant=variant)
    piece = Piece.from_symbol(symbol, variant)
    return tuple(sq for sq in _squares(board) if _may_stand(board, sq, piece))


def middle(board: Board) -> int:
    """The middle square of the board (below and left of the centre on an even side)."""
    return square((board.files - 1) // 2, (board.ranks - 1) // 2)


def _origin(board: Board, allowed: tuple[int, ...]) -> int:
    """The middle of the board, or else the square of ``allowed`` nearest their middle."""
    if middle(board) in allowed:
        return middle(board)
    file = sum(map(square_file, allowed)) / len(allowed)
    rank = sum(map(square_rank, allowed)) / len(allowed)
    return min(
        allowed, key=lambda sq: (square_file(sq) - file) ** 2 + (square_rank(sq) - rank) ** 2
    )


@functools.cache
def _royal(variant: str) -> str:
    """The symbol of the variant's King (the piece ``Board.king`` finds), uppercase."""
    return piece_symbol(Variant(variant).king_type, variant=variant)


def _helpers(variant: str, shown: Piece) -> list[Piece]:
    """The pieces set up beside ``shown``: the Kings (one, for a King) and the support the
    variant file asks for (``[display] diagram-support``: in the Wildeurasian games a Gnu, so
    that a relevant piece may cross the River; with only its King beside it, half of its side's
    relevant pieces would then be across, which the rules forbid)."""
    royal = _royal(variant)
    letters = [royal.lower(), *Variant(variant).diagram_support]
    if shown.symbol() != royal:
        letters.append(royal)
    return [Piece.from_symbol(letter, variant) for letter in letters]


def _aligned(a: int, b: int, *, ranks: bool = True) -> bool:
    """Whether two squares share a file, a diagonal or (with ``ranks``) a rank."""
    file_gap, rank_gap = square_file(a) - square_file(b), square_rank(a) - square_rank(b)
    return not file_gap or abs(file_gap) == abs(rank_gap) or (ranks and not rank_gap)


def _is_clean(board: Board) -> bool:
    """Whether ``board`` is a legal position with White to move and not in check."""
    return board.is_valid() and not board.is_check()


def _without(board: Board, sq: int) -> Board:
    """A copy of ``board`` with ``sq`` emptied."""
    stripped = board.copy(stack=False)
    stripped.remove_piece_at(sq)
    return stripped


def _placements(board: Board, origin: int, shown: Piece) -> list[Board]:
    """Boards with ``shown`` on ``origin`` (where ``board`` has it) and the helpers on their own
    side of the board, off the lines through ``origin`` and far from it where they can be. Each
    is a legal position with White not in check, also without ``shown`` (which is then not
    pinned), and has each King on a file and diagonals of its own (up to :data:`_PLACEMENTS`
    boards: a move that faces one King does not face another)."""
    variant = board.variant_name
    royal = _royal(variant)
    helpers = _helpers(variant, shown)

    def far_squares(helper: Piece) -> list[int]:
        """The squares tried for ``helper``: its own side first, then off the lines through
        ``origin``, then the farthest."""

        def preference(sq: int) -> tuple[bool, bool, int, int]:
            own_side = (square_rank(sq) < board.ranks / 2) == helper.color
            return (not own_side, _aligned(sq, origin), -_distance(sq, origin), sq)

        allowed = (sq for sq in _allowed(variant, helper.symbol()) if sq != origin)
        return sorted(allowed, key=preference)[:_CANDIDATES]

    choices = [far_squares(helper) for helper in helpers]
    chosen: list[tuple[int, ...]] = []
    boards: list[Board] = []
    for squares in itertools.product(*choices):
        if len(set(squares)) < len(squares):
            continue
        if any(
            _aligned(sq, earlier[index], ranks=False)
            for earlier in chosen
            for index, sq in enumerate(squares)
            if helpers[index].symbol().upper() == royal
        ):
            continue
        setup = board.copy(stack=False)
        for sq, helper in zip(squares, helpers):
            setup.set_piece_at(sq, helper)
        if _is_clean(setup) and (shown.symbol() == royal or _is_clean(_without(setup, origin))):
            chosen.append(squares)
            boards.append(setup)
            if len(boards) == _PLACEMENTS:
                break
    return boards


def _with_black(board: Board, sq: int, kinds: Iterable[int]) -> Board | None:
    """``board`` with a Black piece on ``sq``, of the first of ``kinds`` that leaves a legal
    position with White not in check; ``None`` when none does."""
    for kind in kinds:
        probe = board.copy(stack=False)
        probe.set_piece_at(sq, Piece(kind, BLACK, variant=board.variant_name))
        if _is_clean(probe):
            return probe
    return None


def _probe_kinds(board: Board, royal: str) -> list[int]:
    """The piece types to put on a square as a target or a screen: the Pawns first (they pin
    and check the least), then the others but the King."""
    others = [
        kind
        for kind in board.piece_types
        if kind not in board.pawn_types and piece_symbol(kind, variant=board.variant_name) != royal
    ]
    return [*board.pawn_types, *others]


def _targets(board: Board, origin: int) -> set[int]:
    """The squares the piece on ``origin`` can move to."""
    return {move.to_square for move in board.legal_moves if move.from_square == origin}


def _attacked(board: Board) -> set[int]:
    """The squares White attacks (its own pieces' squares included)."""
    return {sq for sq in _squares(board) if board.is_attacked_by(WHITE, sq)}


def _marks(board: Board, origin: int, kinds: list[int]) -> dict[int, str]:
    """The marks of the piece on ``origin`` in ``board``: its moves to empty squares, and its
    captures of an enemy put on each square it attacks."""
    moves = _targets(board, origin)
    captures = set()
    for sq in _attacked(board) - {origin}:
        if board.piece_at(sq) is None:
            probe = _with_black(board, sq, kinds)
            if probe is not None and sq in _targets(probe, origin):
                captures.add(sq)
    marks = {sq: MOVE for sq in moves - captures}
    marks.update({sq: CAPTURE for sq in captures - moves})
    marks.update({sq: MOVE_OR_CAPTURE for sq in moves & captures})
    return marks


def _screen_squares(board: Board, origin: int, kinds: list[int]) -> list[int]:
    """The squares two steps away from ``origin``, one per direction, where a screen lets the
    piece reach a square it could not reach without one."""
    before = _attacked(board)
    found = []
    for df, dr in _DIRECTIONS:
        file, rank = square_file(origin) + 2 * df, square_rank(origin) + 2 * dr
        if not (0 <= file < board.files and 0 <= rank < board.ranks):
            continue
        sq = square(file, rank)
        screened = None if board.piece_at(sq) else _with_black(board, sq, kinds)
        if screened is not None and _attacked(screened) - before:
            found.append(sq)
    return found


@functools.cache
def reach(variant: str, piece_type: int, *, screens: bool = False) -> Reach:
    """Where a White piece of ``piece_type`` can go from the middle of an empty board of
    ``variant`` (the middle of its region, when it is confined to one), moving up; with
    ``screens``, with a screen two squares away on each line where a hopper needs one."""
    empty = Board.empty(variant=variant)
    piece = Piece(piece_type, WHITE, variant=variant)
    origin = _origin(empty, _allowed(variant, piece.symbol()))
    empty.set_piece_at(origin, piece)
    kinds = _probe_kinds(empty, _royal(variant))
    boards = _placements(empty, origin, piece)
    screen_set = _screen_squares(boards[0], origin, kinds) if screens else []
    marks: dict[int, str] = {}
    for board in boards:
        for sq in screen_set:
            board = _with_black(board, sq, kinds) or board
        for sq, mark in _marks(board, origin, kinds).items():
            if sq not in screen_set:
                marks[sq] = _union(marks.get(sq), mark)
    return Reach(origin, marks, frozenset(screen_set))


def _union(old: str | None, new: str) -> str:
    """The mark of a square marked ``old`` in one placement and ``new`` in another."""
    if old is None or old == new:
        return new
    return MOVE_OR_CAPTURE
