"""What a hostile user tried: values that pickle and copy as python-chess's
do, integers of any size refused with a ``ValueError`` (or ``IndexError`` for an index), the
player's numbers kept within bounds, and a search that always finishes.
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import settings

import meiriqi

VARIANTS = list(meiriqi.Board.variants())
HUGE = 10**30


class AnnotatedBoard(meiriqi.Board):
    """A subclass with an argument and an attribute of its own."""

    def __init__(self, fen: str | None = None, *, variant: str = "meiriqi", note: str = "") -> None:
        super().__init__(fen, variant=variant)
        self.note = note


def played(board: meiriqi.Board, plies: int, seed: int) -> meiriqi.Board:
    """``board`` after up to ``plies`` random legal moves."""
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


# -- pickling and copying ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_board_pickles_with_its_move_stack(variant: str) -> None:
    board = played(meiriqi.Board(variant=variant), 40, seed=1)
    again = pickle.loads(pickle.dumps(board))
    assert type(again) is meiriqi.Board and again.variant_name == variant
    assert again.fen() == board.fen() and again.move_stack == board.move_stack
    assert again.ply() == board.ply() and again.zobrist_hash() == board.zobrist_hash()
    if board.move_stack:
        assert again.pop() == board.pop() and again.fen() == board.fen()


def test_a_subclass_and_a_setup_being_edited_pickle_and_copy() -> None:
    board = played(AnnotatedBoard(variant="shogi", note="mine"), 20, seed=2)
    for again in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board), board.copy()):
        assert type(again) is AnnotatedBoard and again.note == "mine"
        assert again.fen() == board.fen() and again.move_stack == board.move_stack
    setup = meiriqi.Board.empty(variant="chess")
    setup.set_piece_at(meiriqi.parse_square("e1"), meiriqi.Piece.from_symbol("K", variant="chess"))
    again = pickle.loads(pickle.dumps(setup))
    assert again.fen() == setup.fen() and not again.is_valid()
    assert again.problems() == setup.problems()


def test_moves_pieces_and_outcomes_pickle() -> None:
    board = meiriqi.Board("9k/R9/10/10/10/10/10/10/10/1R5K2 b - - 0 1")
    outcome = board.outcome()
    shogi = played(meiriqi.Board(variant="shogi"), 30, seed=4)
    values = [
        outcome,
        meiriqi.Move.from_uci("c3c4"),
        meiriqi.Move.null(),
        meiriqi.Move.from_uci("P@e5", variant="shogi"),
        meiriqi.Piece.from_symbol("+P", variant="shogi"),
        *shogi.move_stack,
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value


def _fen_after_one_move(board: meiriqi.Board) -> str:
    board.push(next(iter(board.legal_moves)))
    return board.fen()


def test_boards_travel_to_a_process_pool() -> None:
    boards = [played(meiriqi.Board(variant=v), 10, seed=5) for v in ("meiriqi", "shogi", "chess")]
    with ProcessPoolExecutor(max_workers=2) as pool:
        fens = list(pool.map(_fen_after_one_move, boards))
    assert fens == [_fen_after_one_move(board.copy()) for board in boards]


# -- integers of any size ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.perft(HUGE),
        lambda b: b.perft(-HUGE),
        lambda b: b.perft(2, threads=HUGE),
        lambda b: b.perft_divide(HUGE),
        lambda b: b.search(depth=HUGE),
        lambda b: b.search(nodes=HUGE),
        lambda b: b.piece_at(HUGE),
        lambda b: b.is_attacked_by(True, -HUGE),
        lambda b: b.remove_piece_at(HUGE),
        lambda b: b.random_games(HUGE),
        lambda b: b.random_games(-1),
        lambda b: b.random_games(1, max_plies=10**9),
        lambda b: b.random_games(1, seed=-1),
        lambda b: b.random_games(1, seed=10**100),
        lambda b: meiriqi.square(HUGE, 0),
        lambda b: meiriqi.square_name(-HUGE),
        lambda b: meiriqi.piece_symbol(HUGE),
        lambda b: meiriqi.Piece(HUGE, True),
        lambda b: meiriqi.Move(0, HUGE),
    ],
)
def test_integers_out_of_range_are_value_errors(call: object) -> None:
    board = meiriqi.Board()
    before = board.fen()
    with pytest.raises(ValueError) as raised:
        call(board)  # type: ignore[operator]
    assert len(str(raised.value)) < 200
    assert board.fen() == before


def test_a_huge_legal_move_index_is_out_of_range() -> None:
    moves = meiriqi.Board().legal_moves
    for index in (HUGE, -HUGE, len(moves)):
        with pytest.raises(IndexError):
            moves[index]
    assert moves[-1] == list(moves)[-1]
    assert all((move in moves) == meiriqi.Board().is_legal(move) for move in moves)


def test_the_command_line_refuses_absurd_numbers() -> None:
    for args in (["perft", "3", "--threads", "9" * 30], ["perft", "9" * 30]):
        result = subprocess.run(
            [sys.executable, "-m", "meiriqi", *args], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.startswith("meiriqi perft: ") or "error:" in result.stderr


def test_the_player_keeps_its_levels_within_bounds() -> None:
    script = ["level depth 99999999999999999999", "go", "level " + "9" * 400, "level 0", "quit"]
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "--no-color", "--black", "human"],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert len(errors) == 3, errors
    assert "the depth must be 1 to 48" in errors[0]
    assert all(len(line) < 200 for line in errors)


# -- the search always finishes ------------------------------------------------------------------

POSITIONS_PER_VARIANT = max(4, settings().max_examples // 8)
"""Random middlegames per variant: a few in CI, hundreds with the thorough profile."""
BUDGETS = {1: 200_000, 3: 5_000_000}
"""The most nodes a search of each depth may need; the worst of 12 middlegames of each variant
took about 11,000 and 275,000 (Dense-Rim Mitregi)."""


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_finishes_within_a_node_budget(variant: str) -> None:
    start = meiriqi.Board(variant=variant)
    games = start.random_games(POSITIONS_PER_VARIANT, max_plies=80, seed=11)
    for moves, _ in games:
        board = meiriqi.Board(variant=variant)
        for move in moves[: len(moves) * 3 // 4]:
            board.push(move)
        if board.is_game_over():
            continue
        for depth, budget in BUDGETS.items():
            result = board.search(depth=depth, nodes=budget)
            proven = abs(result.score) > 29_000  # a mate found ends the deepening early
            assert result.depth == depth or proven, (board.fen(), depth, result.nodes)
            assert result.move is not None and board.is_legal(result.move)


@pytest.mark.parametrize("variant", VARIANTS)
def test_repr_round_trips_through_eval(variant: str) -> None:
    board = played(meiriqi.Board(variant=variant), 25, seed=6)
    again = eval(repr(board), {"Board": meiriqi.Board})
    assert again.variant_name == variant and again.fen() == board.fen()
