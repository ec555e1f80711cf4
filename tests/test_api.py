"""The Python API surface of the Rust core: every public name works, and bad input is refused with
a clear exception that leaves the board unchanged."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from perft_counts import start

import meiriqi

START = meiriqi.STARTING_FEN


def test_square_helpers() -> None:
    c3 = meiriqi.parse_square("c3")
    assert c3 == meiriqi.square(2, 2) == 2 * 16 + 2
    assert (meiriqi.square_file(c3), meiriqi.square_rank(c3)) == (2, 2)
    assert meiriqi.square_name(meiriqi.parse_square("j10")) == "j10"
    assert meiriqi.square_name(meiriqi.square(11, 11)) == "l12"


@pytest.mark.parametrize("name", ["", "c", "c0", "c03", "m1", "a13", "C3", "3c", "c3 "])
def test_parse_square_rejects(name: str) -> None:
    with pytest.raises(ValueError, match="invalid square name"):
        meiriqi.parse_square(name)


@pytest.mark.parametrize("call", [lambda: meiriqi.square(12, 0), lambda: meiriqi.square(-1, 0)])
def test_square_rejects_out_of_range(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError, match="invalid file"):
        call()


@pytest.mark.parametrize("number", [-1, 12, 200, 2**70])
def test_square_numbers_are_checked(number: int) -> None:
    with pytest.raises((ValueError, OverflowError)):
        meiriqi.square_name(number)


def test_piece_types_and_symbols() -> None:
    assert isinstance(meiriqi.PIECE_TYPES, list) and len(meiriqi.PIECE_TYPES) == 17
    letters = "".join(meiriqi.piece_symbol(t) for t in meiriqi.Board().piece_types)
    assert sorted(letters) == sorted("KMPYEHWNGSLIJROQC")
    types = meiriqi.Board(variant="yangqi").piece_types
    letters = "".join(meiriqi.piece_symbol(t, variant="yangqi") for t in types)
    assert letters == "KRNBPVI"
    # Piece types are numbered per variant: chess's as python-chess numbers them.
    types = meiriqi.Board(variant="chess").piece_types
    assert [meiriqi.piece_symbol(t, variant="chess") for t in types] == list("PNBRQK")
    shogi = [
        meiriqi.piece_symbol(t, variant="shogi") for t in meiriqi.Board(variant="shogi").piece_types
    ]
    assert shogi[-6:] == ["+P", "+L", "+N", "+S", "+B", "+R"]
    assert meiriqi.piece_name(meiriqi.GRYPHON) == "gryphon"
    piece = meiriqi.Piece(meiriqi.GOLD, meiriqi.BLACK)
    assert (piece.piece_type, piece.color, piece.symbol(), str(piece)) == (
        meiriqi.GOLD,
        False,
        "g",
        "g",
    )
    assert meiriqi.Piece.from_symbol("g") == piece
    assert hash(meiriqi.Piece.from_symbol("g")) == hash(piece)
    assert repr(piece) == "Piece.from_symbol('g')"
    with pytest.raises(ValueError):
        meiriqi.Piece.from_symbol("x")
    with pytest.raises(ValueError):
        meiriqi.Piece.from_symbol("gg")
    with pytest.raises(ValueError):
        meiriqi.Piece(99, True)


def test_moves_are_values() -> None:
    move = meiriqi.Move.from_uci("c7d8o")
    c7, d8 = meiriqi.parse_square("c7"), meiriqi.parse_square("d8")
    assert (move.from_square, move.to_square, move.promotion) == (c7, d8, meiriqi.OGYO)
    assert move == meiriqi.Move(c7, d8, meiriqi.OGYO)
    assert move != meiriqi.Move(c7, d8)
    assert len({move, meiriqi.Move(c7, d8, meiriqi.OGYO)}) == 1
    assert move.uci() == str(move) == "c7d8o"
    assert repr(move) == "Move.from_uci('c7d8o')"
    assert meiriqi.Move.from_uci("a10a9").uci() == "a10a9"


@pytest.mark.parametrize(
    "text", ["", "c3", "c3c", "c3c4x", "c3c3", "C3C4", "c3-c4", "c3c4qq", "é3c4"]
)
def test_move_from_uci_rejects(text: str) -> None:
    with pytest.raises(meiriqi.InvalidMoveError, match="invalid coordinate move"):
        meiriqi.Move.from_uci(text)


def test_exceptions_are_value_errors() -> None:
    for error in (meiriqi.InvalidFenError, meiriqi.InvalidMoveError, meiriqi.IllegalMoveError):
        assert issubclass(error, ValueError)


def test_starting_board() -> None:
    board = meiriqi.Board()
    assert board.fen() == START
    assert (board.turn, board.halfmove_clock, board.fullmove_number, board.ply()) == (
        meiriqi.WHITE,
        0,
        1,
        0,
    )
    assert (board.variant_name, board.files, board.ranks) == ("meiriqi", 10, 10)
    assert len(board.legal_moves) == 44
    assert sorted(m.uci() for m in board.legal_moves) == sorted(board.legal_moves_uci())
    assert board.king(meiriqi.WHITE) == meiriqi.parse_square("i1")
    assert board.king(meiriqi.BLACK) == meiriqi.parse_square("i10")
    assert board.piece_at(meiriqi.parse_square("c1")) == meiriqi.Piece(meiriqi.GRYPHON, True)
    assert board.piece_at(meiriqi.parse_square("e5")) is None
    assert len(board.piece_map()) == 46
    assert not board.is_check() and board.checkers() == []
    assert not board.is_game_over() and board.outcome() is None
    assert repr(board) == f"Board('{START}', variant='meiriqi')"
    assert eval(repr(board), {"Board": meiriqi.Board}) == board
    assert meiriqi.Board(None) == board


def test_text_diagram() -> None:
    lines = str(meiriqi.Board()).splitlines()
    assert lines[0] == "10  . p y e h w . m k m"
    assert lines[9] == " 1  . P Y E H W . M K M"
    assert lines[10] == "    a b c d e f g h i j"


def test_push_pop_peek_restore_everything() -> None:
    board = meiriqi.Board()
    before = (board.fen(), board.zobrist_hash())
    played = [board.push_uci(uci) for uci in ("c3c4", "c8c7", "a2b4")]
    assert board.move_stack == played
    assert board.peek() == played[-1]
    assert (board.turn, board.fullmove_number, board.ply()) == (meiriqi.BLACK, 2, 3)
    assert board.halfmove_clock == 1
    for move in reversed(played):
        assert board.pop() == move
    assert (board.fen(), board.zobrist_hash()) == before
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_push_refuses_illegal_moves_and_leaves_board_unchanged() -> None:
    board = meiriqi.Board()
    board.push_uci("c3c4")
    fen, stack = board.fen(), board.move_stack
    for uci in ("c3c5", "c8c5", "i10h10", "a2b4", "c4c5"):
        with pytest.raises((meiriqi.IllegalMoveError, meiriqi.InvalidMoveError)):
            board.push_uci(uci)
    with pytest.raises(meiriqi.IllegalMoveError, match="illegal move c4c5"):
        board.push(meiriqi.Move.from_uci("c4c5"))
    with pytest.raises(meiriqi.InvalidMoveError, match="off the 10x10 board"):
        board.push_uci("k1k2")
    with pytest.raises(meiriqi.InvalidMoveError):
        board.parse_uci("nonsense")
    assert (board.fen(), board.move_stack) == (fen, stack)


def test_is_legal() -> None:
    board = meiriqi.Board()
    assert board.is_legal(meiriqi.Move.from_uci("a3a5"))
    assert not board.is_legal(meiriqi.Move.from_uci("a3a6"))
    assert not board.is_legal(meiriqi.Move.from_uci("a2a3"))


def test_zobrist_hash_depends_on_position_not_history() -> None:
    a, b = meiriqi.Board(), meiriqi.Board()
    for uci in ("c3c4", "c8c7", "e3e4"):
        a.push_uci(uci)
    for uci in ("e3e4", "c8c7", "c3c4"):
        b.push_uci(uci)
    assert a.zobrist_hash() == b.zobrist_hash()
    assert a.zobrist_hash() != meiriqi.Board().zobrist_hash()
    assert a == b
    assert a.move_stack != b.move_stack


def test_repetition() -> None:
    board = meiriqi.Board()
    assert board.repetition_count() == 1
    for _ in range(2):
        for uci in ("b1d4", "b10d7", "d4b1", "d7b10"):
            board.push_uci(uci)
    assert board.repetition_count() == 3
    assert board.is_repetition(3)
    assert not board.is_repetition(4)
    board.push_uci("c3c4")
    assert board.repetition_count() == 1


def test_copy_keeps_class_and_stack() -> None:
    class Sub(meiriqi.Board):
        pass

    board = Sub()
    board.push_uci("c3c4")
    clone = board.copy()
    assert type(clone) is Sub and clone.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == []
    assert copy.copy(board).fen() == copy.deepcopy(board).fen() == board.fen()
    clone.push_uci("c8c7")
    assert board.ply() == 1
    assert type(Sub.empty()) is Sub


def test_set_fen_and_set_piece_at() -> None:
    board = meiriqi.Board()
    board.push_uci("c3c4")
    fen = "9k/10/10/10/10/10/10/10/10/8K1 b - - 3 7"
    board.set_fen(fen)
    assert board.fen() == fen and board.move_stack == []
    e5 = meiriqi.parse_square("e5")
    board.set_piece_at(e5, meiriqi.Piece(meiriqi.QUEEN, True))
    assert board.piece_at(e5) == meiriqi.Piece.from_symbol("Q")
    board.set_piece_at(e5, None)
    assert board.piece_at(e5) is None
    with pytest.raises(ValueError, match="not on the 10x10 board"):
        board.set_piece_at(meiriqi.parse_square("k1"), None)
    with pytest.raises(ValueError, match="not on the 10x10 board"):
        board.piece_at(meiriqi.parse_square("a11"))


def test_an_empty_board_is_a_setup_not_a_position() -> None:
    board = meiriqi.Board.empty()
    assert board.fen() == "10/10/10/10/10/10/10/10/10/10 w - - 0 1"
    status = meiriqi.Status
    assert board.status() == status.NO_WHITE_KING | status.NO_BLACK_KING | status.EMPTY
    assert not board.is_valid() and len(board.problems()) == 2
    assert board.king(meiriqi.WHITE) is None
    for play in (lambda: board.legal_moves, board.is_check, board.outcome, lambda: board.perft(1)):
        with pytest.raises(meiriqi.InvalidPositionError, match="White has 0 Kings"):
            play()
    assert not board.is_legal(meiriqi.Move.from_uci("e5e6"))
    board.set_piece_at(meiriqi.parse_square("e5"), meiriqi.Piece(meiriqi.ROOK, True))
    board.set_piece_at(meiriqi.parse_square("i1"), meiriqi.Piece(meiriqi.KING, True))
    assert board.status() == status.NO_BLACK_KING
    board.set_piece_at(meiriqi.parse_square("h10"), meiriqi.Piece(meiriqi.KING, False))
    assert board.status() == status.VALID and board.is_valid() and board.problems() == []
    # The Rook's 18 moves and the King's 3 (h1 and h2 would face the King on h10).
    assert len(board.legal_moves) == 18 + 3


def test_a_setup_that_breaks_a_rule_is_refused_for_play() -> None:
    board = meiriqi.Board.empty()
    for name, symbol in (("i1", "K"), ("i10", "k"), ("i5", "R")):
        board.set_piece_at(meiriqi.parse_square(name), meiriqi.Piece.from_symbol(symbol))
    assert board.status() == meiriqi.Status.OPPOSITE_CHECK
    capture = meiriqi.Move.from_uci("i5i10")
    assert not board.is_legal(capture)
    with pytest.raises(meiriqi.InvalidPositionError, match="not to move is in check"):
        board.push(capture)
    assert board.fen() == "8k1/10/10/10/10/8R1/10/10/10/8K1 w - - 0 1"
    # Two Kings of one colour: refused consistently, whatever is asked.
    board.set_piece_at(meiriqi.parse_square("i5"), None)
    board.set_piece_at(meiriqi.parse_square("h2"), meiriqi.Piece.from_symbol("K"))
    assert board.status() == meiriqi.Status.TOO_MANY_KINGS
    for play in (lambda: board.legal_moves, lambda: board.perft(1), board.legal_moves_uci):
        with pytest.raises(meiriqi.InvalidPositionError, match="White has 2 Kings"):
            play()


def test_an_invalid_position_error_carries_its_problems() -> None:
    # A FEN of a setup that breaks two rules: the error lists them as values.
    with pytest.raises(meiriqi.InvalidPositionError) as raised:
        meiriqi.Board("10/10/10/10/10/10/10/10/10/K9 w - - 0 1")
    problems = raised.value.problems
    assert [problem.kind for problem in problems] == ["king_count", "out_of_region"]
    kings, king = problems
    assert (kings.color, kings.count, kings.square, kings.piece, kings.limit) == (
        False,
        0,
        None,
        None,
        None,
    )
    assert kings.status == meiriqi.Status.NO_BLACK_KING
    assert str(kings) == "Black has 0 Kings; expected exactly one"
    assert repr(kings) == "<PositionProblem king_count: Black has 0 Kings; expected exactly one>"
    assert king.status == meiriqi.Status.OUT_OF_REGION and king.color is True
    assert (king.square, king.piece) == (meiriqi.parse_square("a1"), meiriqi.Piece.from_symbol("K"))
    assert str(king).startswith("White king on a1 is outside the squares it may occupy")
    assert str(raised.value) == f"invalid position: {kings}; {king}"
    assert kings == problems[0] and hash(kings) == hash(problems[0]) and kings != king
    # Playing on a broken setup raises the same, in the setup's own words.
    board = meiriqi.Board.empty(variant="chess")
    with pytest.raises(meiriqi.InvalidPositionError) as raised:
        board.push_uci("e2e4")
    assert [str(problem) for problem in raised.value.problems] == board.problems()
    assert [problem.color for problem in raised.value.problems] == [True, False]
    # One raised by other code has none.
    assert meiriqi.InvalidPositionError("elsewhere").problems == ()


def test_errors_pickle_with_their_structure() -> None:
    # As a process pool's worker sends them back.
    with pytest.raises(meiriqi.InvalidPositionError) as raised:
        meiriqi.Board("10/10/10/10/10/10/10/10/10/K9 w - - 0 1")
    copied = pickle.loads(pickle.dumps(raised.value))
    assert type(copied) is meiriqi.InvalidPositionError and str(copied) == str(raised.value)
    assert copied.problems == raised.value.problems
    assert [problem.piece for problem in copied.problems] == [None, meiriqi.Piece.from_symbol("K")]
    problem = raised.value.problems[0]
    assert pickle.loads(pickle.dumps(problem)) == problem
    with pytest.raises(meiriqi.InvalidFenError) as bad_fen:
        meiriqi.Board("x")
    assert str(pickle.loads(pickle.dumps(bad_fen.value))) == str(bad_fen.value)


def test_perft_and_divide() -> None:
    board = meiriqi.Board()
    counts = start("meiriqi")
    assert [board.perft(depth) for depth in range(4)] == [1, *counts[:3]]
    assert board.perft(3, threads=1) == counts[2]
    divided = board.perft_divide(2)
    assert len(divided) == counts[0] and sum(divided.values()) == counts[1]
    assert board.fen() == START


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda board: board.perft(33), "invalid perft depth 33: expected 0 to 32"),
        (lambda board: board.perft_divide(0), "invalid perft depth 0: expected 1 to 32"),
        (lambda board: board.perft(-1), "invalid perft depth -1: expected 0 to 32"),
    ],
)
def test_perft_depth_is_checked(call: Callable[[meiriqi.Board], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(meiriqi.Board())


def test_outcome_values() -> None:
    # Black's King on j10 is checked by Rooks on a10 and j9; j9 is guarded by the Champion's
    # two-square leap from j7, and i9/i10 are covered by the Rooks: checkmate.
    board = meiriqi.Board("R8k/9R/10/9C/10/10/10/10/10/8K1 b - - 0 1")
    outcome = board.outcome()
    assert outcome is not None
    assert board.is_game_over()
    assert outcome.winner is meiriqi.WHITE
    assert outcome.result() == "1-0"
    assert outcome.termination == meiriqi.Termination.CHECKMATE
    assert board.is_checkmate() and not board.is_stalemate()
    assert repr(outcome) == "Outcome(termination=Termination.CHECKMATE, winner=True)"


def test_invalid_fen_messages() -> None:
    board = meiriqi.Board()
    expected = r"^invalid FEN: rank 10 describes 11 squares"
    with pytest.raises(meiriqi.InvalidFenError, match=expected):
        board.set_fen("11/10/10/10/10/10/10/10/10/8K1 w")
    assert board.fen() == START


@given(st.text(max_size=60))
def test_fen_parser_never_crashes(text: str) -> None:
    try:
        board = meiriqi.Board(text)
    except meiriqi.InvalidFenError:
        return
    assert meiriqi.Board(board.fen()) == board


fen_like = st.lists(
    st.sampled_from(list("kKmMiIrRqQyYhH/123456789 0wb-")), min_size=20, max_size=90
).map("".join)


@given(fen_like)
def test_fen_parser_fuzz_near_valid(text: str) -> None:
    try:
        board = meiriqi.Board(text)
    except meiriqi.InvalidFenError as error:
        assert str(error).startswith("invalid FEN: ")
        return
    assert meiriqi.Board(board.fen()).fen() == board.fen()


@given(st.text(alphabet="abcdefghijklm0123456789xqroc-", max_size=8))
def test_uci_parser_never_crashes(text: str) -> None:
    board = meiriqi.Board()
    try:
        move = board.parse_uci(text)
    except (meiriqi.InvalidMoveError, meiriqi.IllegalMoveError):
        return
    assert move in board.legal_moves


def test_legal_moves_is_a_sequence() -> None:
    board = meiriqi.Board()
    moves = board.legal_moves
    as_list = list(moves)
    assert len(moves) == moves.count() == len(as_list) == 44
    assert moves == as_list and moves != as_list[1:] and moves != [1] * 44
    assert moves[0] == as_list[0] and moves[-1] == as_list[-1]
    assert moves[2:5] == as_list[2:5] and moves[::-3] == as_list[::-3]
    assert meiriqi.Move.from_uci("c3c4") in moves and "c3c4" not in moves
    assert repr(moves).startswith("<LegalMoves (44): ")
    with pytest.raises(IndexError):
        moves[44]
    with pytest.raises(TypeError):
        moves["a"]  # type: ignore[call-overload]
    assert not meiriqi.Board("R8k/9R/10/9C/10/10/10/10/10/8K1 b").legal_moves


def test_random_games_are_legal_repeatable_and_end_properly() -> None:
    board = meiriqi.Board()
    games = board.random_games(20, max_plies=300, seed=5)
    assert games == board.random_games(20, max_plies=300, seed=5)
    assert games != board.random_games(20, max_plies=300, seed=6)
    for moves, outcome in games:
        replay = meiriqi.Board()
        for move in moves:
            replay.push(move)
        assert replay.outcome() == outcome
        assert (outcome is None) == (len(moves) == 300 and not replay.is_game_over())
    assert board.fen() == START
    assert board.random_games(0) == []
