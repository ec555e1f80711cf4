"""SAN for Mĕirìqí (docs/notation.md): writing, lenient parsing, uniqueness and round trips."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meiriqi
from meiriqi._core import (
    PAWN,
    WHITE,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    parse_square,
    piece_symbol,
    square_name,
)
from meiriqi.san import AmbiguousMoveError, parse_san, san, variation_san

# White: queens a1 c1 a3 (all reach b2), King h1; Black: King j9.
QUEENS = "10/9k/10/10/10/10/10/Q9/10/Q1Q4K2 w - - 0 1"
# White: rooks a9 b1, King h1; Black: King j10. Rb10 mates, Ra10 checks.
ROOKS = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"
# As ROOKS with the White King on h2: Ri1 leaves Black without a move and not in check.
STALEMATE = "9k/R9/10/10/10/10/10/10/7K2/1R8 w - - 0 1"
# White pawns d7 e7 and Silver c7, Black Silver d8; Kings h1 and j10.
CAMP = "9k/10/3s6/2SII5/10/10/10/10/10/7K2 w - - 0 1"

SAN_SHAPE = re.compile(
    r"(?P<piece>[A-Z]?)(?P<file>[a-j]?)(?P<rank>(?:10|[1-9])?)(?P<x>x?)"
    r"(?P<to>[a-j](?:10|[1-9]))(?P<promotion>(?:=[A-Z])?)(?P<suffix>[+#]?)"
)


def uci(board: meiriqi.Board, text: str) -> Move:
    """The legal move ``text`` in coordinate notation."""
    move = Move.from_uci(text)
    assert board.is_legal(move), text
    return move


def test_start_position_san() -> None:
    board = meiriqi.Board()
    written = {san(board, move) for move in board.legal_moves}
    # Both Silvers (c2, e2) reach d3; the pawns on g3 and h4 both reach g4 (forward / sideways).
    assert {"Scd3", "Sed3", "gg4", "hg4", "Nb4", "Sj2", "Sh2", "Ki2"} <= written
    assert "Sd3" not in written and "g4" not in written
    assert len(written) == len(board.legal_moves)


@pytest.mark.parametrize(
    ("move", "expected"),
    [("a1b2", "Qa1b2"), ("c1b2", "Qcb2"), ("a3b2", "Q3b2"), ("c1c9", "Qc9+")],
)
def test_disambiguation_file_rank_both(move: str, expected: str) -> None:
    board = meiriqi.Board(QUEENS)
    assert san(board, uci(board, move)) == expected
    assert parse_san(board, expected) == uci(board, move)


def test_checkmate_and_check_suffixes() -> None:
    board = meiriqi.Board(ROOKS)
    assert san(board, uci(board, "b1b10")) == "Rb10#"
    assert san(board, uci(board, "a9a10")) == "Ra10+"
    assert san(board, uci(board, "b1b5")) == "Rb5"


def test_stalemating_move_has_no_suffix() -> None:
    board = meiriqi.Board(STALEMATE)
    move = uci(board, "b1i1")
    assert san(board, move) == "Ri1"
    board.push(move)
    assert board.is_stalemate() and not board.is_check()
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == WHITE
    board.pop()
    assert parse_san(board, "Ri1#") == move


def test_optional_promotion_gives_two_moves() -> None:
    board = meiriqi.Board(CAMP)
    cases = {
        "e7e8": "e8",
        "e7e8c": "e8=C",
        "e7d8": "exd8",
        "e7d8c": "exd8=C",
        "c7d8": "Sxd8",
        "c7d8o": "Sxd8=O",
        "c7c8o": "Sc8=O",
    }
    for text, expected in cases.items():
        move = uci(board, text)
        assert san(board, move) == expected
        assert parse_san(board, expected) == move
    # The pawn on d7 is blocked by the Silver in front and by its neighbours on both sides.
    assert not [m for m in board.legal_moves if m.from_square == parse_square("d7")]


@pytest.mark.parametrize(
    "text",
    [
        "Rb10#",
        "Rb10",
        "Rb10+",
        "Rxb10",
        "R-b10",
        "Rbb10",
        "R1b10",
        "Rb1b10",
        "Rb1-b10",
        "b1b10",
        "b1-b10",
        "b1xb10",
        "  Rb10# ",
    ],
)
def test_lenient_parsing(text: str) -> None:
    board = meiriqi.Board(ROOKS)
    assert parse_san(board, text) == uci(board, "b1b10")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("e8", "e7e8"),
        ("e8=C", "e7e8c"),
        ("e8C", "e7e8c"),
        ("e8=c", "e7e8c"),
        ("e7e8c", "e7e8c"),
        ("e7e8", "e7e8"),
        ("ed8", "e7d8"),
        ("exd8=C+", "e7d8c"),
        ("Sd8o", "c7d8o"),
    ],
)
def test_lenient_promotion_parsing(text: str, expected: str) -> None:
    board = meiriqi.Board(CAMP)
    assert parse_san(board, text) == uci(board, expected)


def test_ambiguous_moves_name_the_candidates() -> None:
    with pytest.raises(AmbiguousMoveError, match="Scd3, Sed3"):
        parse_san(meiriqi.Board(), "Sd3")
    with pytest.raises(AmbiguousMoveError, match="Q3b2, Qa1b2, Qcb2"):
        parse_san(meiriqi.Board(QUEENS), "Qb2")
    with pytest.raises(AmbiguousMoveError, match="Q3b2, Qa1b2"):
        parse_san(meiriqi.Board(QUEENS), "Qab2")
    with pytest.raises(AmbiguousMoveError, match="gg4, hg4"):
        parse_san(meiriqi.Board(), "g4")
    assert issubclass(AmbiguousMoveError, ValueError)


@pytest.mark.parametrize(
    ("fen", "text", "reason"),
    [
        (None, "Qd4", "no legal queen move"),
        (None, "Sd6", "no legal move reaches d6"),
        (None, "e3f4", "no legal move matches; the legal moves to f4 are Lf4, Nf4"),
        (CAMP, "e8=Q", "the legal moves to e8 are e8, e8=C"),
        (CAMP, "Sc8=Q", "the legal moves to c8 are Sc8, Sc8=O"),
    ],
)
def test_illegal_moves_say_why(fen: str | None, text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=re.escape(reason)):
        parse_san(meiriqi.Board(fen), text)


@pytest.mark.parametrize("text", ["", "Zz9", "Bc4", "e8=Z", "O-O", "Nc3!", "e4=", "--"])
def test_malformed_text(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_san(meiriqi.Board(), text)


def test_san_of_an_illegal_move_raises() -> None:
    with pytest.raises(IllegalMoveError):
        san(meiriqi.Board(), Move.from_uci("a3b4"))


def test_variation_san() -> None:
    board = meiriqi.Board()
    moves = [uci(board, "a2b4")]
    board.push(moves[0])
    moves.append(uci(board, "j7j6"))
    board.pop()
    fen = board.fen()
    assert variation_san(board, moves) == "1. Nb4 j6"
    assert board.fen() == fen
    board.push(moves[0])
    assert variation_san(board, moves[1:]) == "1... j6"
    with pytest.raises(IllegalMoveError, match=re.escape("after 1... j6")):
        variation_san(board, [moves[1], moves[1]])
    assert variation_san(board, []) == ""


def test_board_methods_delegate() -> None:
    board = meiriqi.Board()
    move = board.push_san("Nb4")
    assert move == Move.from_uci("a2b4")
    assert board.san(board.parse_san("j6")) == "j6"
    assert board.variation_san([Move.from_uci("j7j6")]) == "1... j6"


def _check_position(board: meiriqi.Board) -> None:
    """Every legal move: SAN fits the grammar of docs/notation.md, is unique, round-trips and is
    minimally disambiguated."""
    moves = board.legal_moves
    written = [san(board, move) for move in moves]
    assert len(set(written)) == len(moves)
    for move, text in zip(moves, written):
        assert parse_san(board, text) == move
        shape = SAN_SHAPE.fullmatch(text)
        assert shape is not None, text
        piece = board.piece_at(move.from_square)
        assert piece is not None
        pawn = piece.piece_type == PAWN
        capture = board.piece_at(move.to_square) is not None
        assert (shape["piece"] == "") == pawn
        assert (shape["x"] == "x") == capture
        promotion = "" if move.promotion is None else "=" + piece_symbol(move.promotion)
        assert shape["promotion"] == promotion
        if pawn and capture:
            assert shape["file"], text
        board.push(move)
        expected = "#" if board.is_checkmate() else "+" if board.is_check() else ""
        board.pop()
        assert shape["suffix"] == expected, text
        _check_minimal(board, move, shape, pawn and capture)


def _check_minimal(
    board: meiriqi.Board, move: Move, shape: re.Match[str], file_required: bool
) -> None:
    """The order of disambiguations holds: a shorter or earlier-preferred disambiguation would
    be ambiguous."""
    origin = square_name(move.from_square)
    file, rank = shape["file"], shape["rank"]
    if file_required:
        weaker = [origin[0]] if rank else []
    elif file and rank:
        weaker = [origin[0], origin[1:]]
    elif rank:
        weaker = ["", origin[0]]
    else:
        weaker = [""] if file else []
    for disambiguation in weaker:
        text = shape["piece"] + disambiguation + shape["x"] + shape["to"] + shape["promotion"]
        with pytest.raises(AmbiguousMoveError):
            parse_san(board, text)


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=250))
def test_san_round_trip_in_played_positions(seed: int, plies: int) -> None:
    chooser = random.Random(seed)
    board = meiriqi.Board()
    for ply in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        if ply % 25 == 0:
            _check_position(board)
        board.push(chooser.choice(moves))
    _check_position(board)


@pytest.mark.parametrize("fen", [QUEENS, ROOKS, STALEMATE, CAMP])
def test_san_round_trip_in_set_positions(fen: str) -> None:
    _check_position(meiriqi.Board(fen))
