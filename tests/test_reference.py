"""Tests of the pure-Python reference on its own, from cases worked out by hand (docs/rules.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from perft_counts import start

from meiriqi.reference import BLACK, MEIRIQI, WHITE, Board, Move, Piece, Termination, square_name

# Both Kings tucked away in corners of their fortresses, on different files.
KINGS = {"j1": "K", "h10": "k"}


def fen_of(placement: dict[str, str], turn: str = "w") -> str:
    """A FEN with the pieces of ``placement`` (square name -> FEN letter, ``""`` for none)."""
    rows = []
    for rank in range(10, 0, -1):
        row = "".join(placement.get(f"{file}{rank}") or "." for file in "abcdefghij")
        rows.append(row)
    board = "/".join(rows)
    for run in range(10, 0, -1):
        board = board.replace("." * run, str(run))
    return f"{board} {turn} - - 0 1"


def destinations(placement: dict[str, str], origin: str, turn: str = "w") -> set[str]:
    """The destinations (with promotion suffix) of the legal moves from ``origin``."""
    board = Board(fen_of(KINGS | placement, turn))
    return {m.uci()[len(origin) :] for m in board.legal_moves if m.uci().startswith(origin)}


def names(text: str) -> set[str]:
    """The set of square names (or destinations) in a space-separated list."""
    return set(text.split())


# -- the starting position -----------------------------------------------------------------------

SEED_SETUP = {
    # From the setup table of seeds/001: piece -> White's squares (Black's are mirrored).
    "I": "a3 c3 e3 g3 h4 i4 j4",
    "S": "c2 e2 i3",
    "N": "a2 g2",
    "G": "b2 f2",
    "M": "h1 j1",
    "L": "d2",
    "P": "b1",
    "Y": "c1",
    "E": "d1",
    "H": "e1",
    "W": "f1",
    "K": "i1",
}


def test_starting_fen_matches_the_setup_table_of_the_source() -> None:
    expected = {}
    for letter, squares in SEED_SETUP.items():
        for name in squares.split():
            mirrored = f"{name[0]}{11 - int(name[1:])}"
            expected[name] = Piece(letter, WHITE)
            expected[mirrored] = Piece(letter, BLACK)
    actual = {square_name(s): p for s, p in Board().piece_map().items()}
    assert actual == expected
    assert Board().fen() == MEIRIQI.starting_fen


def test_perft_from_the_start_depth_1_and_2() -> None:
    board = Board()
    assert [board.perft(1), board.perft(2)] == list(start("meiriqi")[:2])
    assert board.fen() == MEIRIQI.starting_fen


@pytest.mark.slow
def test_perft_from_the_start_depth_3_and_divide() -> None:
    divide = Board().perft_divide(3)
    assert sum(divide.values()) == start("meiriqi")[2]
    expected = {"a2b4": 2110, "d2f4": 2456, "b1a5": 2154, "f1i2": 1980, "i1h2": 1892, "h4g4": 1946}
    assert {move: divide[move] for move in expected} == expected


# -- how each piece moves, on an otherwise empty board ------------------------------------------


@pytest.mark.parametrize(
    ("letter", "expected"),
    [
        (
            "Y",
            "d4 c4 b4 a4 d3 d2 d1 f4 g4 h4 i4 j4 f3 f2 f1 d6 c6 b6 a6 d7 d8 d9 d10 "
            + "f6 g6 h6 i6 j6 f7 f8 f9 f10",
        ),
        ("E", "f6 g7 h8 i9 j10 d6 c7 b8 a9 e4 e3 e2 e1 e6 d5 f5 d4 c3 f4 g3"),
        ("P", "h7 h3 b7 b3 g8 g2 c8 c2 i6 i4 a6 a4 f9 f1 d9 d1"),
        ("W", "g6 g4 c6 c4 f7 f3 d7 d3 h6 h4 b6 b4 f8 f2 d8 d2"),
        ("N", "g6 g4 c6 c4 f7 f3 d7 d3"),
        ("G", "e6 e4 d5 f5 d6 f6"),
        ("S", "d6 f6 d4 f4 e6"),
        ("L", "e7 e3 c5 g5 c3 c7 g3 g7"),
        ("I", "e6 d5 f5"),
        ("J", "g6 g4 c6 c4 f7 f3 d7 d3 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1"),
        ("R", "a5 b5 c5 d5 f5 g5 h5 i5 j5 e1 e2 e3 e4 e6 e7 e8 e9 e10"),
        ("O", "a5 b5 c5 d5 f5 g5 h5 i5 j5 e4 e6"),
        (
            "Q",
            "a5 b5 c5 d5 f5 g5 h5 i5 j5 e1 e2 e3 e4 e6 e7 e8 e9 e10 "
            + "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
        ),
        ("C", "e6 e4 d5 f5 e7 e3 c5 g5 c3 c7 g3 g7"),
    ],
)
def test_white_piece_on_e5_of_an_empty_board(letter: str, expected: str) -> None:
    assert destinations({"e5": letter}, "e5") == names(expected)


def test_black_eagle_is_the_mirror_image() -> None:
    expected = "f4 g3 h2 i1 d4 c3 b2 a1 e6 e7 e8 e9 e10 e4 d5 f5 d6 c7 f6 g7"
    assert destinations({"e5": "e"}, "e5", "b") == names(expected)


def test_rhino_walks_crooked_from_a1() -> None:
    north_east = "a2 b3 b4 c5 c6 d7 d8 e9 e10"
    east_north = "b1 c2 d2 e3 f3 g4 h4 i5 j5"
    assert destinations({"a1": "H"}, "a1") == names(f"{north_east} {east_north}")


def test_rhino_stops_at_the_first_piece_and_may_capture_it() -> None:
    assert destinations({"a1": "H", "b3": "i", "d2": "I"}, "a1") == names("a2 b3 b1 c2")


def test_gryphon_continues_only_through_an_empty_diagonal_square() -> None:
    moves = destinations({"e5": "Y", "f6": "i", "d4": "I", "f4": "I", "d8": "i"}, "e5")
    assert moves == names("f6 d6 c6 b6 a6 d7 d8")


def test_eagle_two_step_diagonal_back_needs_the_first_square_empty() -> None:
    assert {"c3", "d4"}.isdisjoint(destinations({"e5": "E", "d4": "I"}, "e5"))
    with_enemy = destinations({"e5": "E", "d4": "i"}, "e5")
    assert "d4" in with_enemy
    assert "c3" not in with_enemy


def test_lion_captures_adjacent_pieces_but_does_not_step_to_empty_ones() -> None:
    moves = destinations({"e5": "L", "e6": "i", "f5": "I", "e7": "I"}, "e5")
    assert moves == names("e6 e3 c5 g5 c3 c7 g3 g7")


def test_pawn_double_step_only_from_its_third_rank_through_an_empty_square() -> None:
    assert destinations({"c3": "I"}, "c3") == names("c4 c5 b3 d3")
    assert destinations({"c3": "I", "c4": "i"}, "c3") == names("b3 d3")
    assert destinations({"c3": "I", "c5": "i"}, "c3") == names("c4 b3 d3")
    assert destinations({"c4": "I"}, "c4") == names("c5 b4 d4")
    assert destinations({"c8": "i"}, "c8", "b") == names("c7 c6 b8 d8")


def test_pawn_captures_only_diagonally_forward() -> None:
    placement = {"e5": "I", "e6": "i", "d6": "i", "f4": "i", "d5": "I"}
    assert destinations(placement, "e5") == names("d6 f5")


def test_king_stays_in_its_fortress() -> None:
    walls = {"h5": "I", "i5": "I", "j5": "I"}  # so that the Kings never face
    assert destinations({"i2": "K", "j1": ""} | walls, "i2") == names("h1 i1 j1 h2 j2 h3 i3 j3")
    assert destinations({"h1": "K", "j1": ""} | walls, "h1") == names("i1 h2 i2")


def test_mandarin_stays_on_the_x_points() -> None:
    assert destinations({"i2": "M"}, "i2") == names("h1 h3 j3")
    assert destinations({"h3": "M"}, "h3") == names("i2")
    assert destinations({"i9": "m"}, "i9", "b") == names("h8 j8 j10")


# -- promotion -----------------------------------------------------------------------------------


def test_promotion_is_optional_when_a_move_ends_in_the_camp() -> None:
    assert destinations({"c7": "S"}, "c7") == names("b8 b8o c8 c8o d8 d8o b6 d6")
    assert destinations({"c8": "S"}, "c8") == names("b9 b9o c9 c9o d9 d9o b7 d7")
    assert destinations({"b7": "N", "c9": "s"}, "b7") == names("c9 c9j d8 d8j a9 a9j d6 a5 c5")


@pytest.mark.parametrize(
    ("letter", "origin", "target", "promoted"),
    [
        ("G", "d7", "d8", "r"),
        ("L", "d6", "d8", "q"),
        ("I", "d7", "d8", "c"),
        ("S", "d7", "d8", "o"),
    ],
)
def test_each_promotable_piece_promotes_to_its_own_type(
    letter: str, origin: str, target: str, promoted: str
) -> None:
    board = Board(fen_of(KINGS | {origin: letter}))
    moves = [m for m in board.legal_moves if square_name(m.from_square) == origin]
    promoting = {m.to_square for m in moves if m.promotion is not None}
    plain_into_camp = {m.to_square for m in moves if m.promotion is None and m.to_square[1] >= 7}
    assert promoting == plain_into_camp != set()
    assert {m.promotion for m in moves} == {None, promoted.upper()}
    board.push_uci(f"{origin}{target}{promoted}")
    assert board.piece_at(MEIRIQI.grid.parse_square(target)) == Piece(promoted.upper(), WHITE)


def test_black_promotes_in_ranks_1_to_3() -> None:
    assert destinations({"c4": "i"}, "c4", "b") == names("c3 c3c b4 d4")


@pytest.mark.parametrize("letter", "PYEHWJROQC")
def test_other_pieces_never_promote(letter: str) -> None:
    moves = destinations({"e7": letter}, "e7")
    assert any(move[1:] in {"8", "9", "10"} for move in moves)
    assert all(move[-1].isdigit() for move in moves)


# -- royal safety, check and the end of the game -------------------------------------------------


def test_a_pinned_piece_may_only_move_along_the_pin() -> None:
    placement = {"j1": "", "i2": "K", "i5": "R", "i8": "r"}
    assert destinations(placement, "i5") == names("i3 i4 i6 i7 i8")


def test_kings_may_not_face_each_other() -> None:
    placement = {"j1": "", "h10": "", "i2": "K", "i9": "k", "i5": "G"}
    assert destinations(placement, "i5") == names("i4 i6")
    assert "h1" not in destinations({"j1": "", "i1": "K"}, "i1")
    assert Board(fen_of({"i2": "K", "i9": "k"})).kings_facing()


def test_pawn_quiet_step_does_not_attack_but_its_diagonal_capture_does() -> None:
    assert not Board(fen_of({"i3": "K", "i4": "i", "h10": "k"})).is_check()
    assert Board(fen_of({"i3": "K", "h4": "i", "h10": "k"})).is_check()


@pytest.mark.parametrize(
    ("lion", "check"), [("h4", True), ("h5", True), ("f5", True), ("g5", False), ("h6", False)]
)
def test_lion_attacks_adjacent_squares_and_its_leaps(lion: str, check: bool) -> None:
    assert Board(fen_of({"h3": "K", lion: "l", "h10": "k"})).is_check() == check


@pytest.mark.parametrize(("blocker", "check"), [(None, True), ("g6", False), ("h7", False)])
def test_rhino_checks_along_its_crooked_path(blocker: str | None, check: bool) -> None:
    placement = {"j1": "K", "f3": "H", "i9": "k"} | ({blocker: "I"} if blocker else {})
    board = Board(fen_of(placement, "b"))
    assert board.is_check() == check
    assert board.checkers() == ([(5, 2)] if check else [])


def test_checkmate_wins_for_the_other_side() -> None:
    board = Board(fen_of({"j2": "K", "a10": "R", "a9": "R", "h10": "k"}, "b"))
    assert board.is_check()
    assert board.legal_moves == []
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (
        Termination.CHECKMATE,
        WHITE,
        "1-0",
    )


def test_stalemate_also_wins_for_the_other_side() -> None:
    board = Board(fen_of({"j2": "K", "i3": "R", "a9": "R", "h10": "k"}, "b"))
    assert not board.is_check()
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (Termination.STALEMATE, WHITE)


def test_no_outcome_while_a_move_exists() -> None:
    assert Board().outcome() is None


# -- FEN, making and taking back moves -----------------------------------------------------------


def test_missing_fields_take_their_defaults() -> None:
    board_part = MEIRIQI.starting_fen.split()[0]
    assert Board(f"{board_part} w").fen() == MEIRIQI.starting_fen
    assert Board(f"{board_part} b - -").fen() == f"{board_part} b - - 0 1"
    assert Board(f"{board_part} w - - 7").fen() == f"{board_part} w - - 7 1"


START_BOARD = MEIRIQI.starting_fen.split()[0]


@pytest.mark.parametrize(
    "fen",
    [
        "",
        START_BOARD,
        f"{START_BOARD} x",
        f"{START_BOARD} w KQ - 0 1",
        f"{START_BOARD} w - e3 0 1",
        f"{START_BOARD} w - - -1 1",
        f"{START_BOARD} w - - a 1",
        f"{START_BOARD} w - - 0 0",
        f"{START_BOARD} w - - 0 1 extra",
        "10/10/10/10/10/10/10/10/10 w",
        "10/10/10/10/10/10/10/10/10/10/10 w",
        "11/10/10/10/10/10/10/10/10/10 w",
        "9/10/10/10/10/10/10/10/10/10 w",
        "55/10/10/10/10/10/10/10/10/10 w",
        "010/10/10/10/10/10/10/10/10/10 w",
        "x9/10/10/10/10/10/10/10/10/10 w",
        "B9/10/10/10/10/10/10/10/10/10 w",
        "K10/10/10/10/10/10/10/10/10/10 w",
        "4 5/10/10/10/10/10/10/10/10/10 w",
    ],
)
def test_malformed_fen_is_rejected(fen: str) -> None:
    with pytest.raises(ValueError):
        Board(fen)


def test_set_fen_leaves_the_board_unchanged_on_error() -> None:
    board = Board()
    with pytest.raises(ValueError):
        board.set_fen("10/10 w")
    assert board.fen() == MEIRIQI.starting_fen


def test_counters_follow_captures_pawn_moves_and_black_moves() -> None:
    board = Board()
    board.push_uci("a2b4")
    assert (board.halfmove_clock, board.fullmove_number) == (1, 1)
    board.push_uci("g9f7")
    assert (board.halfmove_clock, board.fullmove_number) == (2, 2)
    board.push_uci("c3c5")
    assert (board.halfmove_clock, board.fullmove_number) == (0, 2)
    board.push_uci("b10c6")
    assert (board.halfmove_clock, board.fullmove_number) == (1, 3)
    board.push_uci("b4c6")
    assert (board.halfmove_clock, board.fullmove_number) == (0, 3)
    board.push_uci("f7d6")
    assert (board.halfmove_clock, board.fullmove_number) == (1, 4)


def test_illegal_and_malformed_moves_are_rejected() -> None:
    board = Board()
    for uci in ("a1a2", "c3c6", "i1h1", "a2b4q", "c3c4c"):
        with pytest.raises(ValueError):
            board.push_uci(uci)
    for text in ("", "a2", "a2b", "a0a1", "k1k2", "a2b4x", "A2B4", "a2b4 "):
        with pytest.raises(ValueError):
            Move.from_uci(text)
    assert board.fen() == MEIRIQI.starting_fen
    with pytest.raises(IndexError):
        board.pop()


# -- properties of games played on the reference alone -------------------------------------------


def mirrored_fen(fen: str) -> str:
    """The same position seen from the other side: ranks reversed and colours swapped."""
    board, side, *rest = fen.split()
    flipped = "/".join(reversed(board.split("/"))).swapcase()
    return " ".join([flipped, "b" if side == "w" else "w", *rest])


def mirrored_move(uci: str) -> str:
    """A coordinate move reflected top to bottom."""
    move = Move.from_uci(uci)
    ends = [(s[0], MEIRIQI.grid.ranks - 1 - s[1]) for s in (move.from_square, move.to_square)]
    return Move(ends[0], ends[1], move.promotion).uci()


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60))
def test_random_games_are_colour_symmetric_and_undoable(choices: list[int]) -> None:
    board = Board()
    for choice in choices:
        moves = board.legal_moves
        mirror = Board(mirrored_fen(board.fen()))
        assert {m.uci() for m in mirror.legal_moves} == {mirrored_move(m.uci()) for m in moves}
        assert mirror.is_check() == board.is_check()
        if not moves:
            break
        before = board.fen()
        move = moves[choice % len(moves)]
        board.push(move)
        assert board.move_stack[-1] == move
        assert Board(board.fen()).fen() == board.fen()
        assert board.pop() == move
        assert board.fen() == before
        board.push(move)
