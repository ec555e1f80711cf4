"""How the web app writes positions, moves and searches for the page, and reads the records
pasted into it: the moves of a game in SAN, a search's score and line, and each legal move with
what a page needs to offer it by clicks (its squares, its kind, the choice it leaves)."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

from meiriqi import (
    WHITE,
    Board,
    Move,
    Piece,
    SearchResult,
    pgn,
    piece_name,
    piece_symbol,
    square_name,
)
from meiriqi import svg as pictures
from meiriqi.protocol import mate_moves
from meiriqi.repl import side_name

__all__ = [
    "between",
    "held_type",
    "legal_moves",
    "move_kind",
    "read_record",
    "san_line",
    "sans",
    "score_text",
]


def score_text(result: SearchResult, turn: bool) -> str:
    """A search's score from White's side, ``turn`` being the side to move: pawns
    (``"+0.35"``: White is better), or a mate (``"White mates in 3"``)."""
    if result.mate is not None:
        moves = mate_moves(result.mate)
        winner = turn if moves > 0 else not turn
        return f"{side_name(winner)} mates in {abs(moves)}"
    score = result.score if turn == WHITE else -result.score
    return f"{score / 100:+.2f}"


def sans(board: Board) -> list[str]:
    """The moves that led to ``board``, in SAN."""
    start = board.copy()
    for _ in board.move_stack:
        start.pop()
    sans = []
    for move in board.move_stack:
        sans.append(start.san(move))
        start.push(move)
    return sans


def san_line(board: Board, moves: list[Move]) -> list[str]:
    """``moves`` played from ``board``, each in SAN (a copy is played; ``board`` is kept)."""
    line = board.copy(stack=False)
    sans = []
    for move in moves:
        if not line.is_legal(move):
            break
        sans.append(line.san(move))
        line.push(move)
    return sans


def read_record(text: str) -> Board:
    """The final position of the game recorded in ``text`` (PGN) with its moves; ``ValueError``
    naming every problem of the record (nothing is loaded then)."""
    game = pgn.read_game(io.StringIO(text))
    if game is None:
        raise ValueError("no game record found: a record has tag pairs and moves (1. c4 Nb7 ...)")
    if game.errors:
        problems = "; ".join(str(error) for error in game.errors[:3])
        more = f" (and {len(game.errors) - 3} more)" if len(game.errors) > 3 else ""
        raise ValueError(f"the record has errors, so nothing was loaded: {problems}{more}")
    try:
        return game.end().board()
    except ValueError as error:
        raise ValueError(f"cannot set up the recorded game: {error}") from None


def legal_moves(board: Board) -> list[dict[str, Any]]:
    """The legal moves of ``board`` as a page uses them: squares, the piece taken from the hand
    for a drop, what the piece becomes when one move of several between the same squares is to be
    chosen (a promotion, or a drop either side up), and the kind of move for its mark (``move``,
    ``capture``, ``swap``, ``castle``, ``drop``)."""
    variant = board.variant_name
    moves = list(board.legal_moves)
    counts = Counter(between(move, variant) for move in moves)
    legal = []
    for move in moves:
        held = held_type(move, variant)
        entry: dict[str, Any] = {
            "uci": move.uci(),
            "from": None if held is not None else square_name(move.from_square),
            "to": square_name(move.to_square),
            "drop": None if held is None else Piece(held, WHITE, variant=variant).symbol(),
            "kind": move_kind(board, move),
            "becomes": None,
        }
        if counts[between(move, variant)] > 1:
            if move.drop is not None:
                # A drop either side up names the piece it puts down (the page's "promotes").
                kind, promotes = move.drop, True
            else:
                mover = board.piece_at(move.from_square)
                assert mover is not None
                kind = mover.piece_type if move.promotion is None else move.promotion
                promotes = move.promotion is not None
            becomes = Piece(kind, board.turn, variant=variant)
            entry["becomes"] = {
                "symbol": becomes.symbol(),
                "name": piece_name(kind, variant=variant),
                "promotes": promotes,
                "picture": str(pictures.piece(becomes)),
            }
        legal.append(entry)
    return legal


def held_type(move: Move, variant: str) -> int | None:
    """The piece type a drop takes from the hand (a ``+P`` dropped takes a ``P``); ``None`` for
    a move that is no drop."""
    if move.drop is None:
        return None
    symbol = piece_symbol(move.drop, variant=variant)
    return Piece.from_symbol(symbol.lstrip("+"), variant=variant).piece_type


def between(move: Move, variant: str) -> tuple[int, int, int | None]:
    """What a player picks for a move of ``variant``: the squares, and the piece taken from the
    hand for a drop (a promotion, or the side a drop is put down, is then chosen among the moves
    with the same)."""
    return move.from_square, move.to_square, held_type(move, variant)


def move_kind(board: Board, move: Move) -> str:
    """What kind of move ``move`` is, for the mark on its target square."""
    if move.drop is not None:
        return "drop"
    if board.is_castling(move):
        return "castle"
    if board.is_swap(move):
        return "swap"
    return "capture" if board.is_capture(move) else "move"
