"""The games named after Fairy-Stockfish's (``capablanca``, ``grand``, ``manchu``, ...) beyond their
rules, which ``tests/test_reference_games.py`` cross-checks against pyffish: each prints its file,
draws its picture, writes and reads its moves in SAN and its game records, and plays at the
keyboard, claims included."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import meiriqi
from meiriqi import pgn, repl
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
    "torishogi",
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
