"""The engine's mechanisms beyond Mĕirìqí's seen from Python: hands and drops, castling, `+`
promotions, per-variant piece types, setups that are not positions, and bad input around them.

The move counts of the reference games are checked against python-chess and pyffish in
``test_reference_games.py``; here each mechanism is pinned down by a hand-built position."""

from __future__ import annotations

import copy
import pickle

import pytest

import meiriqi

SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"


def shogi(fen: str | None = None) -> meiriqi.Board:
    return meiriqi.Board(fen, variant="shogi")


def chess(fen: str | None = None) -> meiriqi.Board:
    return meiriqi.Board(fen, variant="chess")


def test_reference_games_start() -> None:
    assert chess().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert shogi().fen() == SHOGI_START
    xiangqi = meiriqi.Board(variant="xiangqi")
    assert [len(b.legal_moves) for b in (chess(), xiangqi, shogi())] == [20, 44, 30]
    assert [b.perft(2) for b in (chess(), xiangqi, shogi())] == [400, 1920, 900]
    titles = {name: meiriqi.Board(variant=name).variant_title for name in ("chess", "shogi")}
    assert titles == {"chess": "Chess", "shogi": "Shogi"}


def test_fairy_stockfish_start_fens_are_read() -> None:
    """Fairy-Stockfish writes a drop game's start without castling and en-passant fields."""
    short = SHOGI_START.replace("[] w - - 0 1", "[-] w 0 1")
    assert shogi(short).fen() == SHOGI_START


def test_a_capture_fills_the_hand_and_a_drop_empties_it() -> None:
    board = shogi()
    for san in ("c4", "g6", "Bxh8=+"):
        board.push_san(san)
    assert board.hand(meiriqi.WHITE) == {meiriqi.Board(variant="shogi").piece_types[5]: 1}
    assert board.fen().split()[0].endswith("[B]")
    assert str(board).splitlines()[-1].strip() == "[B]"
    board.push_san("Sxh8")
    drop = board.parse_san("B@e5")
    assert (drop.drop, drop.from_square, drop.to_square) == (6, 68, 68)
    assert drop.uci() == "B@e5" and board.san(drop) == "B@e5"
    board.push(drop)
    assert (
        board.fen() == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 0 3"
    )
    board.pop()
    assert board.hand(meiriqi.WHITE) == {6: 1} and board.hand(meiriqi.BLACK) == {6: 1}


def test_plus_promotions_in_every_notation() -> None:
    board = shogi()
    board.push_san("c4")
    board.push_san("g6")
    move = meiriqi.Move.from_uci("b2h8+", variant="shogi")
    assert move.promotion is None and move.uci() == "b2h8+"
    assert move in board.legal_moves and board.is_legal(move)
    played = board.parse_uci("b2h8+")
    assert played == move and played.promotion == 13
    assert meiriqi.piece_symbol(13, variant="shogi") == "+B"
    assert board.san(played) == "Bxh8=+"
    board.push(move)
    assert board.piece_at(meiriqi.parse_square("h8")) == meiriqi.Piece.from_symbol(
        "+B", variant="shogi"
    )
    assert board.peek().uci() == "b2h8+"


def test_castling_in_every_notation() -> None:
    board = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    short = board.parse_san("O-O")
    assert short.uci() == "e1g1" and board.parse_san("0-0") == short
    assert board.is_castling(short) and board.is_kingside_castling(short)
    long = board.parse_uci("e1c1")
    assert board.san(long) == "O-O-O" and board.is_queenside_castling(long)
    assert board.has_kingside_castling_rights(meiriqi.WHITE)
    board.push(short)
    assert board.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    assert not board.has_castling_rights(meiriqi.WHITE)
    assert board.has_queenside_castling_rights(meiriqi.BLACK)


def test_moves_translate_between_variants_by_their_letters() -> None:
    board = chess("8/4P2k/8/8/8/8/8/K7 w - - 0 1")
    queen = meiriqi.Move.from_uci("e7e8q")  # read with Mĕirìqí's letters
    assert queen.variant == "meiriqi" and queen in board.legal_moves
    board.push(queen)
    assert board.fen() == "4Q3/7k/8/8/8/8/8/K7 b - - 0 1"
    with pytest.raises(meiriqi.IllegalMoveError):
        board.push(meiriqi.Move.from_uci("h7g6g"))  # Mĕirìqí's Gold: no chess piece


def test_piece_types_are_per_variant() -> None:
    assert meiriqi.Piece.from_symbol("P", variant="chess").piece_type == 1
    assert meiriqi.Piece.from_symbol("P").piece_type == meiriqi.PEGASUS
    assert meiriqi.Piece(1, True, variant="chess") == meiriqi.Piece.from_symbol("P")
    assert (
        repr(meiriqi.Piece(6, False, variant="chess")) == "Piece.from_symbol('k', variant='chess')"
    )
    with pytest.raises(ValueError, match="piece type 7 for chess"):
        meiriqi.Piece(7, True, variant="chess")
    board = chess()
    with pytest.raises(ValueError, match="no piece of chess"):
        board.set_piece_at(meiriqi.parse_square("e4"), meiriqi.Piece(meiriqi.GRYPHON, True))


def test_null_move() -> None:
    null = meiriqi.Move.null()
    assert not null and null.uci() == "0000" and meiriqi.Move.from_uci("0000") == null
    assert bool(meiriqi.Move.from_uci("c3c4"))
    with pytest.raises(meiriqi.IllegalMoveError):
        meiriqi.Board().push(null)


def test_values_copy_and_pickle() -> None:
    move = meiriqi.Move.from_uci("b2h8+", variant="shogi")
    assert copy.deepcopy(move) == move and copy.copy(move) == move
    for value in (move, meiriqi.Piece.from_symbol("+p", variant="shogi"), meiriqi.Move.null()):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and repr(again) == repr(value)
    board = shogi()
    board.push_san("c4")
    assert copy.deepcopy(board) == board and copy.deepcopy(board).move_stack == board.move_stack


@pytest.mark.parametrize(
    ("variant", "fen", "error", "match"),
    [
        ("shogi", SHOGI_START.replace("[]", "[Z]"), meiriqi.InvalidFenError, "invalid hand"),
        ("shogi", SHOGI_START.replace("[]", "[K]"), meiriqi.InvalidFenError, "invalid hand"),
        ("shogi", SHOGI_START.replace("[]", "[P"), meiriqi.InvalidFenError, "does not end"),
        ("chess", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", meiriqi.InvalidFenError, "no hands"),
        ("chess", "4k3/8/8/8/8/8/8/4K2I w - - 0 1", meiriqi.InvalidFenError, "unknown piece"),
        ("chess", "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", meiriqi.InvalidPositionError, "castling"),
        ("chess", "4k3/8/8/8/8/8/8/4K3 w X - 0 1", meiriqi.InvalidFenError, "castling field"),
        ("chess", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", meiriqi.InvalidPositionError, "en-passant"),
        ("chess", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", meiriqi.InvalidPositionError, "never move"),
        ("shogi", "4k4/9/9/9/9/9/9/9/n3K4[] w - - 0 1", meiriqi.InvalidPositionError, "never"),
        ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", meiriqi.InvalidPositionError, "face"),
        ("xiangqi", "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", meiriqi.InvalidPositionError, "outside"),
        ("shogi", SHOGI_START.replace("LNSGK", "LNSG+K"), meiriqi.InvalidFenError, "unknown piece"),
    ],
)
def test_bad_positions_are_clear_errors(
    variant: str, fen: str, error: type[ValueError], match: str
) -> None:
    with pytest.raises(error, match=match):
        meiriqi.Board(fen, variant=variant)


@pytest.mark.parametrize(
    ("variant", "text", "error", "match"),
    [
        ("shogi", "P@e1", meiriqi.IllegalMoveError, "illegal move"),  # occupied
        ("shogi", "P@j1", meiriqi.InvalidMoveError, "not on the 9x9 board"),
        ("shogi", "Z@e5", meiriqi.InvalidMoveError, "no piece letter"),
        ("shogi", "P@e5", meiriqi.IllegalMoveError, "illegal move"),  # empty hand
        ("chess", "N@e5", meiriqi.InvalidMoveError, "no drops"),
        ("meiriqi", "O-O", meiriqi.InvalidMoveError, "no castling"),
        ("chess", "O-O", meiriqi.IllegalMoveError, "no legal castling"),
        ("chess", "e2e4+", meiriqi.IllegalMoveError, "illegal move"),
    ],
)
def test_bad_moves_are_clear_errors_and_leave_the_board(
    variant: str, text: str, error: type[ValueError], match: str
) -> None:
    board = meiriqi.Board(variant=variant)
    before = board.fen()
    with pytest.raises(error, match=match):
        board.push_san(text)
    assert board.fen() == before and board.move_stack == []


def test_error_messages_quote_a_short_excerpt() -> None:
    """A huge bad input gives a short message, in every parser."""
    huge = "x" * 100_000
    board = meiriqi.Board()
    for parse in (board.parse_san, board.parse_uci, meiriqi.Move.from_uci, meiriqi.Board):
        with pytest.raises(ValueError) as error:
            parse(huge)
        assert len(str(error.value)) < 200, parse


def test_a_subclass_copies_with_its_attributes() -> None:
    """``copy()`` keeps a subclass and its attributes, and does not call its ``__init__``."""

    class Annotated(meiriqi.Board):
        def __init__(self, fen: str | None = None, *, variant: str = "meiriqi") -> None:
            super().__init__(fen, variant=variant)
            self.note = "fresh"

    board = Annotated(variant="shogi")
    board.note = "changed"
    board.push_san("c4")
    for copied in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        assert type(copied) is Annotated and copied.note == "changed"
        assert copied == board and copied.move_stack == board.move_stack
    empty = Annotated.empty(variant="chess")
    assert type(empty) is Annotated and not empty.is_valid()
