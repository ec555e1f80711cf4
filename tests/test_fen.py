"""FEN of Mĕirìqí: round trips, the optional last four fields, and every kind of error
(docs/rules.md for what a legal position is, docs/notation.md for the format)."""

from __future__ import annotations

import pytest
from test_pieces import NAMES, fen_of

import meiriqi

START = "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1"
START_BOARD = START.split()[0]

# White King j2, Black King h9: a small legal position to break in one place at a time.
BARE = "10/7k2/10/10/10/10/10/10/9K/10"


def test_starting_position() -> None:
    assert meiriqi.STARTING_FEN == START
    assert meiriqi.Board().fen() == START
    assert meiriqi.Board(START) == meiriqi.Board()


ROUND_TRIPS = [
    pytest.param(START, id="start"),
    # White Queen e8, Janus f5; Black Champion c6, Ogyo a4, Rook h2 in White's fortress.
    pytest.param(
        "1pyehw1mkm/n1sl1g4/i1i1Q3s1/7iii/2c7/5J4/o6III/I1I1I3S1/NGSLSG1r2/1PYEHW1MKM b - - 5 23",
        id="promoted-pieces-black-to-move",
    ),
    pytest.param("10/7k2/10/3R6/6j3/2q7/4C5/1O8/9K/10 w - - 40 61", id="endgame-counters"),
    pytest.param("7m1m/8k1/10/10/4J5/10/10/3c6/7K2/r4o3M b - - 0 40", id="mandarins-black-ogyo"),
    # After 1. e3e4 e8e7 2. d2d4 d9d7 (two pawn moves, then two quiet Lion leaps).
    pytest.param(
        "1pyehw1mkm/ngs1sgn3/i1i3i1s1/3li2iii/10/10/3LI2III/I1I3I1S1/NGS1SGN3/1PYEHW1MKM w - - 2 3",
        id="after-four-plies",
    ),
]


@pytest.mark.parametrize("fen", ROUND_TRIPS)
def test_round_trip(fen: str) -> None:
    board = meiriqi.Board(fen)
    assert board.fen() == fen
    fields = fen.split()
    assert board.turn == (fields[1] == "w")
    assert board.halfmove_clock == int(fields[4])
    assert board.fullmove_number == int(fields[5])
    again = meiriqi.Board.empty()
    again.set_fen(fen)
    assert again.fen() == fen
    assert again == board


def test_fen_after_moves_from_the_start() -> None:
    board = meiriqi.Board()
    for uci in ("e3e4", "e8e7", "d2d4", "d9d7"):
        board.push_uci(uci)
    assert board.fen() == ROUND_TRIPS[-1].values[0]
    assert meiriqi.Board(board.fen()) == board


def test_every_letter_reads_as_its_piece() -> None:
    # One White and one Black piece of each non-royal type, in a legal position.
    letters = [letter for letter in NAMES if letter not in "KM"]
    pieces = {f"{file}4": letter for file, letter in zip("abcdefghij", letters)}
    pieces.update({f"{file}5": letter for file, letter in zip("abcdefghij", letters[10:])})
    pieces.update({f"{file}7": letter.lower() for file, letter in zip("abcdefghij", letters)})
    pieces.update({f"{file}6": letter.lower() for file, letter in zip("abcdefghij", letters[10:])})
    pieces.update({"i1": "K", "h1": "M", "i10": "k", "j10": "m"})
    board = meiriqi.Board(fen_of(pieces))
    found = {meiriqi.square_name(sq): piece.symbol() for sq, piece in board.piece_map().items()}
    assert found == pieces
    for letter in NAMES:
        piece = meiriqi.Piece.from_symbol(letter)
        assert meiriqi.piece_name(piece.piece_type) == NAMES[letter]
        assert meiriqi.piece_symbol(piece.piece_type) == letter


@pytest.mark.parametrize(
    "board_field", [START_BOARD, BARE, "7m1m/8k1/10/10/4J5/10/10/3c6/7K2/r4o3M"]
)
@pytest.mark.parametrize("side", ["w", "b"])
def test_last_four_fields_are_optional(board_field: str, side: str) -> None:
    board = meiriqi.Board(f"{board_field} {side}")
    assert board.fen() == f"{board_field} {side} - - 0 1"
    assert board.halfmove_clock == 0
    assert board.fullmove_number == 1


def bad(
    fen: str, match: str, why: str, error: type[ValueError] = meiriqi.InvalidFenError
) -> pytest.ParameterSet:
    """``fen`` is rejected with ``error`` (a syntax error by default; ``InvalidPositionError``
    for a well-formed FEN that breaks a rule) and a message matching ``match``."""
    return pytest.param(fen, match, error, id=why)


def illegal(fen: str, match: str, why: str) -> pytest.ParameterSet:
    """``fen`` is well formed but not a legal position."""
    return bad(fen, match, why, meiriqi.InvalidPositionError)


ERRORS = [
    bad(START_BOARD.rsplit("/", 1)[0] + " w", r"9 ranks", "nine-ranks"),
    bad(START_BOARD + "/10 w", r"11 ranks", "eleven-ranks"),
    bad(START.replace("1pyehw1mkm", "1pyehw1mkm1"), r"rank 10.*11 squares", "rank-too-long"),
    bad(START.replace("1pyehw1mkm", "pyehw1mkm"), r"rank 10.*9 squares", "rank-too-short"),
    bad(START.replace("/10/10/", "/11/10/"), r"rank 6.*11 squares", "run-of-eleven"),
    bad(START.replace("/10/10/", "/5/10/"), r"rank 6.*5 squares", "short-run"),
    bad(START.replace("ngslsgn3", "ngslsgn2x"), r'unknown piece letter "x"', "unknown-letter-x"),
    bad(START.replace("NGSLSGN3", "NGSLSGN2B"), r'unknown piece letter "B"', "unknown-letter-B"),
    bad(START.replace("NGSLSGN3", "NGSLSGN2?"), r'unknown piece letter "\?"', "unknown-char"),
    bad(START.replace("/10/10/", "/0/10/"), r"empty-square count \"0\"", "zero-run"),
    bad(START.replace("/10/10/", "/100/10/"), r"empty-square count \"100\"", "three-digit-run"),
    bad(START.replace("ngslsgn3", "ngslsgn003"), r"empty-square count \"003\"", "padded-run"),
    illegal(START.replace("mkm", "m1m"), r"Black has 0 Kings", "no-black-king"),
    illegal(START.replace("MKM", "M1M"), r"White has 0 Kings", "no-white-king"),
    illegal(START.replace("I1I1I1I1S1", "I1I1I1IKS1"), r"White has 2 Kings", "two-white-kings"),
    illegal(START.replace("i1i1i1i1s1", "i1i1i1iks1"), r"Black has 2 Kings", "two-black-kings"),
    illegal(fen_of({"g1": "K", "h9": "k"}), r"[Kk]ing on g1 is outside", "white-king-on-g1"),
    illegal(fen_of({"j2": "K", "h7": "k"}), r"[Kk]ing on h7 is outside", "black-king-on-h7"),
    illegal(fen_of({"j2": "K", "h9": "k", "e5": "K"}), r"White has 2 Kings", "second-king-outside"),
    illegal(fen_of({"i2": "K", "h9": "k", "j2": "M"}), r"[Mm]andarin on j2 is outside", "M-on-j2"),
    illegal(
        fen_of({"j2": "K", "h9": "k", "i10": "m"}), r"[Mm]andarin on i10 is outside", "m-on-i10"
    ),
    illegal(fen_of({"j2": "K", "h9": "k", "e6": "M"}), r"[Mm]andarin on e6 is outside", "M-on-e6"),
    illegal(fen_of({"j2": "K", "h9": "k", "g9": "m"}), r"[Mm]andarin on g9 is outside", "m-on-g9"),
    bad(f"{BARE} x", r"side to move \"x\"", "side-x"),
    bad(f"{BARE} white", r"side to move \"white\"", "side-word"),
    bad(f"{BARE} w K - 0 1", r"castling field \"K\"", "castling-K"),
    bad(f"{BARE} w KQkq - 0 1", r"castling field \"KQkq\"", "castling-KQkq"),
    bad(f"{BARE} w - e3 0 1", r"en-passant field \"e3\"", "en-passant-square"),
    bad(f"{BARE} w - - -1 1", r"halfmove clock \"-1\"", "halfmove-negative"),
    bad(f"{BARE} w - - a 1", r"halfmove clock \"a\"", "halfmove-letter"),
    bad(f"{BARE} w - - 1.5 1", r"halfmove clock \"1.5\"", "halfmove-fraction"),
    bad(f"{BARE} w - - 0 0", r"fullmove number \"0\"", "fullmove-zero"),
    bad(f"{BARE} w - - 0 -1", r"fullmove number \"-1\"", "fullmove-negative"),
    bad(f"{BARE} w - - 0 b", r"fullmove number \"b\"", "fullmove-letter"),
    bad(f"{BARE} w - - 0 1 extra", r"7 fields", "seven-fields"),
    illegal(
        fen_of({"h1": "K", "i9": "k", "i3": "R"}), r"not to move is in check", "black-in-check"
    ),
    illegal(
        fen_of({"h1": "K", "i9": "k", "h5": "r"}, "b"), r"not to move is in check", "white-checked"
    ),
    illegal(fen_of({"h2": "K", "h9": "k"}), r"face", "kings-facing"),
    illegal(fen_of({"j1": "K", "j10": "k"}, "b"), r"face", "kings-facing-across-the-board"),
    bad("", r"empty", "empty-string"),
]


@pytest.mark.parametrize(("fen", "match", "error"), ERRORS)
def test_invalid_fen_is_rejected(fen: str, match: str, error: type[ValueError]) -> None:
    with pytest.raises(error, match=match):
        meiriqi.Board(fen)


def test_fen_errors_count_in_words() -> None:
    with pytest.raises(meiriqi.InvalidFenError, match="board field has 1 rank separated by '/';"):
        meiriqi.Board("rnbqkbnr w - - 0 1")
    with pytest.raises(meiriqi.InvalidFenError, match="rank 10 describes 1 square; expected 10"):
        meiriqi.Board(START.replace("1pyehw1mkm", "1", 1))


@pytest.mark.parametrize(
    ("variant", "fen_of", "fits"),
    [
        (
            "meiriqi",
            "chess",
            "chess, nightrider, hoppelpoppel, grasshopper, crazyhouse, 3check, kingofthehill,"
            " horde or seirawan",
        ),
        ("chess", "meiriqi", "meiriqi"),
        ("chess", "shogi", "shogi"),
        ("meiriqi", "xiangqi", "xiangqi, manchu or janggi"),
        (
            "xiangqi",
            "wildeurasian-bestiary",
            "wildeurasian-bestiary or wildeurasian-bestiary-korean",
        ),
    ],
)
def test_a_fen_of_another_variant_names_it(variant: str, fen_of: str, fits: str) -> None:
    first = fits.split(" ")[0].rstrip(",")
    with pytest.raises(meiriqi.InvalidFenError) as info:
        meiriqi.Board(meiriqi.Board(variant=fen_of).fen(), variant=variant)
    assert str(info.value).endswith(
        f". It reads as a FEN of {fits}: give the variant "
        f"(variant='{first}' in Python, --variant {first} on the command line)"
    )


def test_a_fen_of_no_variant_gets_no_hint() -> None:
    with pytest.raises(meiriqi.InvalidFenError) as info:
        meiriqi.Board("8/8/8 w")
    assert str(info.value) == "invalid FEN: board field has 3 ranks separated by '/'; expected 10"


def test_invalid_fen_error_is_a_value_error() -> None:
    assert issubclass(meiriqi.InvalidFenError, ValueError)
    assert issubclass(meiriqi.InvalidPositionError, ValueError)
    assert not issubclass(meiriqi.InvalidPositionError, meiriqi.InvalidFenError)
    with pytest.raises(ValueError):
        meiriqi.Board(f"{BARE} x")


@pytest.mark.parametrize(("fen", "match", "error"), ERRORS)
def test_set_fen_leaves_the_board_unchanged_on_error(
    fen: str, match: str, error: type[ValueError]
) -> None:
    board = meiriqi.Board()
    board.push_uci("e3e4")
    before, stack = board.fen(), board.move_stack
    with pytest.raises(error, match=match):
        board.set_fen(fen)
    assert board.fen() == before
    assert board.move_stack == stack
    assert board.pop() == meiriqi.Move.from_uci("e3e4")
