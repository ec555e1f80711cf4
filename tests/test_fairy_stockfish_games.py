"""The games named after Fairy-Stockfish's (``capablanca``, ``grand``, ``manchu``, ...) beyond their
rules, which ``tests/test_reference_games.py`` cross-checks against pyffish: each prints its file,
draws its picture, writes and reads its moves in SAN and its game records, and plays at the
keyboard, claims included; the ends of their own (a goal, the third check, no pieces left, a
count run out) are announced, recorded and drawn."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import meiriqi
from meiriqi import display, pgn, repl
from meiriqi.cli import main

GAMES = [
    "capablanca",
    "gothic",
    "embassy",
    "grand",
    "amazon",
    "nightrider",
    "knightmate",
    "hoppelpoppel",
    "manchu",
    "shatranj",
    "courier",
    "grasshopper",
    "minishogi",
    "crazyhouse",
    "kyotoshogi",
    "makruk",
    "3check",
    "kingofthehill",
    "racingkings",
    "horde",
    "torishogi",
    "janggi",
    "sittuyin",
    "seirawan",
]
FILES = Path(meiriqi.__file__).parent / "variants"


def played(name: str, seed: int = 3) -> meiriqi.Board:
    """A board of ``name`` after a random game of up to 60 plies (it may have ended)."""
    board = meiriqi.Board(variant=name)
    [(moves, _)] = board.random_games(1, max_plies=60, seed=seed)
    for move in moves:
        board.push(move)
    return board


def test_every_game_is_built_in() -> None:
    assert set(GAMES) <= set(meiriqi.Board.variants())


@pytest.mark.parametrize("name", GAMES)
def test_variant_show_prints_the_file(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "show", name]) == 0
    shown = capsys.readouterr().out
    assert shown == (FILES / f"{name}.toml").read_text(encoding="utf-8")
    assert f'name = "{name}"' in shown


@pytest.mark.parametrize("name", GAMES)
def test_moves_in_san_read_back(name: str) -> None:
    board = played(name)
    replay = meiriqi.Board(variant=name)
    for move in board.move_stack:
        san = replay.san(move)
        assert replay.parse_san(san) == move, (san, replay.fen())
        replay.push(move)
    assert replay.fen() == board.fen()


@pytest.mark.parametrize("name", GAMES)
def test_a_record_round_trips(name: str) -> None:
    board = played(name)
    text = str(pgn.Game.from_board(board))
    assert f'[Variant "{board.variant_title}"]' in text and "[FEN " not in text
    read = pgn.read_game(io.StringIO(text))
    assert read is not None and not read.errors
    end = read.end().board()
    assert end.variant_name == name and end.fen() == board.fen()
    assert end.move_stack == board.move_stack


@pytest.mark.parametrize("name", GAMES)
def test_the_picture_has_every_square_and_piece(name: str) -> None:
    board = played(name)
    root = ET.fromstring(meiriqi.svg.board(board))
    classes = [(element.get("class") or "").split() for element in root.iter()]
    squares = [names for names in classes if names[:1] == ["square"]]
    assert len(squares) == board.files * board.ranks
    assert sum("piece" in names for names in classes) == len(board.piece_map())


@pytest.mark.parametrize("name", GAMES)
def test_a_game_at_the_keyboard(name: str) -> None:
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(variant=name), out=out)
    first = session.board.san(session.board.legal_moves[0])
    for line in (first, "moves", "undo", "fen"):
        session.execute(line)
    assert "error" not in out.getvalue()
    assert out.getvalue().rstrip().endswith(meiriqi.Board(variant=name).fen())


@pytest.mark.parametrize("name", GAMES)
def test_the_player_s_example_moves_are_moves_of_the_start(name: str) -> None:
    # Manchu Chess extends Xiangqi's file but not its examples: White has no Cannon or Horse.
    board = meiriqi.Board(variant=name)
    variant = meiriqi.Variant(name)
    assert all(board.parse_san(san) in board.legal_moves for san in variant.example_san)
    assert all(board.parse_uci(uci) in board.legal_moves for uci in variant.example_coordinates)


def test_a_claimed_draw_at_the_keyboard_and_in_the_record() -> None:
    board = meiriqi.Board("5k4/10/10/10/10/10/10/R4K4 w - - 99 80", variant="capablanca")
    out = io.StringIO()
    session = repl.Session(board, out=out)
    session.execute("claim")
    assert "error: no draw to claim" in out.getvalue()
    session.execute("Ra2")
    session.execute("claim")
    assert session.outcome() is not None
    record = repl.game_record(session.board, (), claimed=True)
    assert record.headers["Result"] == "1/2-1/2"
    assert record.headers["Termination"] == "fifty moves"


def test_a_bare_king_is_announced_and_recorded() -> None:
    board = meiriqi.Board("8/8/8/8/8/1k6/3r4/3R3K w - - 0 1", variant="shatranj")
    out = io.StringIO()
    session = repl.Session(board, out=out)
    session.execute("Rxd2")
    session.execute("Kb4")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == meiriqi.Termination.EXTINCTION
    assert outcome.winner is True and not board.legal_moves
    session.show()
    assert "Black is left with too few pieces" in out.getvalue()
    assert "White wins, 1-0" in out.getvalue()
    record = pgn.Game.from_board(board)
    assert record.headers["Result"] == "1-0" and record.headers["Termination"] == "bare King"


def test_seventy_moves_are_claimed_in_shatranj() -> None:
    board = meiriqi.Board("8/8/8/8/8/2k5/3r4/R6K w - - 139 80", variant="shatranj")
    assert not board.can_claim_draw()
    board.push_san("Ra2")
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None and outcome.termination == meiriqi.Termination.MOVE_RULE
    assert outcome.termination.value == "move rule" and outcome.winner is None


def finished(name: str, fen: str, moves: str) -> tuple[meiriqi.Board, str]:
    """A board of ``name`` from ``fen`` after ``moves`` (SAN) entered at the keyboard, and what
    the player said."""
    board = meiriqi.Board(fen, variant=name)
    out = io.StringIO()
    session = repl.Session(board, out=out)
    for move in moves.split():
        session.execute(move)
    session.show()
    return board, out.getvalue()


@pytest.mark.parametrize(
    ("name", "fen", "moves", "termination", "result", "said"),
    [
        (
            "3check",
            "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
            "Qh5#",
            "CHECK_LIMIT",
            "1-0",
            "White has given check 3 times: in Three-check that wins, 1-0.",
        ),
        (
            "kingofthehill",
            "4k3/8/8/8/8/4K3/8/8 w - - 0 40",
            "Ke4",
            "GOAL",
            "1-0",
            "White has reached its goal: in King of the Hill that wins, 1-0.",
        ),
        (
            "racingkings",
            "8/1k4K1/8/8/8/8/8/8 w - - 0 40",
            "Kg8 Kb8",
            "GOAL",
            "1/2-1/2",
            "Both sides have reached their goals: in Racing Kings that is a draw, 1/2-1/2.",
        ),
        (
            "horde",
            "4k3/8/8/8/8/8/1q6/P7 b - - 0 40",
            "Qxa1",
            "NO_PIECES_LEFT",
            "0-1",
            "White has no piece left: in Horde a side without pieces loses, Black wins, 0-1.",
        ),
    ],
)
def test_a_variant_end_is_announced_and_recorded(
    name: str, fen: str, moves: str, termination: str, result: str, said: str
) -> None:
    board, out = finished(name, fen, moves)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination.name == termination
    assert outcome.result() == result and not board.legal_moves
    assert said in out, out
    record = pgn.Game.from_board(board)
    assert record.headers["Result"] == result
    assert record.headers["Termination"] == outcome.termination.value
    read = pgn.read_game(io.StringIO(str(record)))
    assert read is not None and not read.errors and read.end().board().outcome() == outcome


def test_a_run_out_count_is_claimed_at_the_keyboard_and_recorded() -> None:
    board = meiriqi.Board("8/8/4k3/8/8/3K4/8/3R4 w - 32 31 20", variant="makruk")
    assert board.counting == (32, 31) and not board.can_claim_draw()
    out = io.StringIO()
    session = repl.Session(board, out=out)
    for line in ("Kc3", "Ke5"):
        session.execute(line)
    session.show()
    assert board.counting == (32, 33) and board.fen().split()[3:5] == ["32", "33"]
    assert "may claim a draw (counting)" in out.getvalue()
    session.execute("claim")
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None and outcome.termination == meiriqi.Termination.COUNTING
    record = repl.game_record(session.board, (), claimed=True)
    assert record.headers["Result"] == "1/2-1/2" and record.headers["Termination"] == "counting"


def test_the_counters_are_shown_and_drawn() -> None:
    board = meiriqi.Board(variant="3check")
    for move in ("e4", "f6", "Qh5+"):
        board.push_san(move)
    assert (board.check_limit, board.checks_remaining(True), board.checks_remaining(False)) == (
        3,
        2,
        3,
    )
    note = "Checks still to give: White 2, Black 3"
    assert note in display.diagram(board)
    picture = ET.fromstring(meiriqi.svg.board(board))
    notes = [element.text for element in picture.iter() if element.get("class") == "note"]
    assert notes == [note]
    makruk = meiriqi.Board("8/8/4k3/8/8/3K4/3R4/8 w - - 0 1", variant="makruk")
    assert makruk.counting is None and meiriqi.Board(variant="chess").checks_remaining(True) is None
    makruk.push_uci("d2d1")
    assert "Counting the ending: ply 6 of 32" in display.diagram(makruk)


@pytest.mark.parametrize(("name", "squares"), [("kingofthehill", 4), ("racingkings", 8)])
def test_the_goal_is_outlined_and_named(name: str, squares: int) -> None:
    board = meiriqi.Board(variant=name)
    root = ET.fromstring(meiriqi.svg.board(board))
    goals = [e for e in root.iter() if (e.get("class") or "").startswith("goal")]
    assert len(goals) == squares
    assert all(e.get("class") == "goal white black" for e in goals)
    assert "Goal of both sides: " in display.diagram(board)
