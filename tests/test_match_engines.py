"""``meiriqi match`` against other programs: our own engine over UCI and XBoard, and fake engines
that misbehave and must forfeit with the reason."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import perpetual_check
import pytest

from meiriqi import pgn
from meiriqi.cli import main
from meiriqi.engine_client import EngineFaultError, ExternalEngine, Limits
from meiriqi.match import (
    FORFEIT,
    MatchSettings,
    Opening,
    perpetual_checker,
    play_match_game,
    read_openings,
)
from meiriqi.selfplay import ADJUDICATION, Player

FAKE = Path(__file__).with_name("fake_engine.py")
OUR_UCI = f"uci:{sys.executable} -m meiriqi uci"
OUR_XBOARD = f"xboard:{sys.executable} -m meiriqi xboard"


def records(text: str) -> list[pgn.Game]:
    """Every game of ``text``."""
    handle = io.StringIO(text)
    games = []
    while (game := pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def run_match(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``meiriqi match ARGV`` in this process: exit status, standard output and error."""
    status = main(["match", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("engine", "variant"),
    [(OUR_UCI, "meiriqi"), (OUR_XBOARD, "xiangqi"), (OUR_XBOARD, "meiriqi"), (OUR_UCI, "shogi")],
)
def test_our_engine_as_an_external_program(engine: str, variant: str, tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    argv = ["--engine-a", "depth=1", "--engine-b", engine, "--limits-b", "depth=1"]
    argv += ["--games", "2", "--max-plies", "12", "--seed", "4", "--variant", variant]
    assert main(["match", *argv, "--out", str(out)]) == 0
    games = records(out.read_text(encoding="utf-8"))
    assert len(games) == 2
    for game in games:
        assert game.headers.get("Termination") != FORFEIT, game
        board = game.end().board()
        assert board.ply() == 12 or board.is_game_over(claim_draw=True)


def test_two_external_engines(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--engine-a", OUR_UCI, "--limits-a", "nodes=300", "--engine-b", OUR_XBOARD]
    argv += ["--limits-b", "depth=1", "--games", "2", "--max-plies", "8", "--seed", "1"]
    status, out, _ = run_match(capsys, *argv)
    assert status == 0
    assert out.splitlines()[1].startswith("Games: 2, ")
    assert "Forfeits" not in out


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("illegal", "illegal move 'a1a1'"),
        ("garbage", "illegal move 'hello'"),
        ("none", "played no move"),
        ("crash", "exited (exit code 3)"),
        ("silent", "no move within 2 s"),
        ("novariant", "offers no UCI_Variant option, needed for meiriqi"),
    ],
)
def test_a_misbehaving_engine_forfeits(
    mode: str, reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.pgn"
    argv = ["--engine-a", "depth=1", "--engine-b", f"uci:{sys.executable} {FAKE} {mode}"]
    argv += ["--patience", "1", "--games", "2", "--seed", "1", "--out", str(out)]
    status, report, progress = run_match(capsys, *argv)
    assert status == 0
    assert "Games: 2, A scored 2 - 0 (100.0%): 2 wins" in report
    assert "Forfeits: A 0, B 2" in report
    for round_number, game in enumerate(records(out.read_text(encoding="utf-8")), 1):
        assert game.headers["Termination"] == FORFEIT
        fake = "White" if round_number == 2 else "Black"
        assert game.headers["Result"] == ("0-1" if fake == "White" else "1-0")
        assert reason in game.end().comment
        assert f"game {round_number}: B uci:" in progress
    assert reason in progress


def test_a_forfeit_counts_again_on_resume(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.pgn"
    argv = ["--engine-a", "depth=1", "--engine-b", f"uci:{sys.executable} {FAKE} illegal"]
    argv += ["--games", "4", "--seed", "1", "--out", str(out)]
    status, full, _ = run_match(capsys, *argv)
    assert status == 0
    text = out.read_text(encoding="utf-8")
    out.write_text(text[: text.index('[Event "meiriqi match"]', 10)], encoding="utf-8")
    status, resumed, _ = run_match(capsys, *argv, "--resume")
    assert status == 0
    assert "Forfeits: A 0, B 4" in full
    assert resumed.splitlines()[1:] == full.splitlines()[1:]


def test_xboard_needs_nps_for_a_node_limit() -> None:
    engine = ExternalEngine.parse(OUR_XBOARD)
    engine = ExternalEngine(engine.protocol, engine.command, Limits(nodes=100))
    with pytest.raises(EngineFaultError, match=r"offers no node limit \(feature nps\)"):
        engine.open("meiriqi")


def test_an_engine_that_cannot_start_forfeits() -> None:
    engine = ExternalEngine.parse("uci:/nonexistent/engine")
    settings = MatchSettings(engine, Player(depth=1), seed=1, max_plies=4)
    game = records(play_match_game((settings, 1)).text)[0]
    assert game.headers["Result"] == "0-1"
    assert "could not be started" in game.end().comment


def test_book_openings_are_played_with_both_colours(tmp_path: Path) -> None:
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    book = tmp_path / "book.txt"
    book.write_text(f"# two openings\n{fen}\n\nd2d4 d7d5\n", encoding="utf-8")
    openings = read_openings(book.read_text(encoding="utf-8").splitlines(), "chess")
    assert openings == [Opening(fen=fen), Opening(moves=("d2d4", "d7d5"))]
    settings = MatchSettings(
        Player(depth=1),
        ExternalEngine("uci", (sys.executable, "-m", "meiriqi", "uci"), Limits(depth=1)),
        seed=1,
        max_plies=4,
        variant="chess",
        openings=tuple(openings),
    )
    games = [records(play_match_game((settings, number)).text)[0] for number in (1, 2, 3, 5)]
    assert [game.headers.get("FEN") for game in games] == [fen, fen, None, fen]
    assert [move.uci() for move in games[2].mainline_moves()][:2] == ["d2d4", "d7d5"]
    assert games[0].headers["White"].startswith("A ")
    assert games[1].headers["White"].startswith("B ")


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["e2e4 e2e4"], "line 1: neither a FEN nor legal moves from the start"),
        (["# nothing", ""], "no openings"),
    ],
)
def test_bad_books(lines: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_openings(lines, "chess")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--engine-a", "uci:"], "expected uci:COMMAND or xboard:COMMAND"),
        (["--limits-a", "nodes=5"], "--limits and --option are for UCI and XBoard engines"),
        (["--engine-b", "uci:x", "--option-b", "Threads"], "invalid option 'Threads'"),
        (["--engine-b", "uci:x", "--limits-b", "deep=2"], "invalid search setting 'deep=2'"),
        (["--openings", "/nonexistent/book"], "cannot read '/nonexistent/book'"),
        (["--engine-b", "xboard:x", "--limits-b", "time=0.5"], "st takes whole seconds"),
    ],
)
def test_bad_engine_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--engine-a", "depth=1", "--engine-b", "depth=1", "--games", "2"]
    with pytest.raises(SystemExit) as stop:
        status = main(["match", *base, *argv])
        raise SystemExit(status)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_external_engine_describes_itself() -> None:
    engine = ExternalEngine("uci", ("fairy-stockfish",), Limits(nodes=20000))
    assert str(engine) == "uci:fairy-stockfish (nodes=20000)"


def cycling(*moves: str) -> ExternalEngine:
    """A fake engine that plays ``moves`` over and over."""
    return ExternalEngine("uci", (sys.executable, str(FAKE), "cycle", *moves), Limits(depth=1))


PERPETUAL = "9/R3k4/9/9/9/9/9/9/9/3K5 b - - 0 1"
"""Xiangqi: Black's King on e9 in check from the Chariot on a9; White checks for ever from a9
and a8 as the King steps between e9 and e8."""


@pytest.mark.parametrize("loses", [True, False])
def test_perpetual_check_loses_when_asked(loses: bool) -> None:
    settings = MatchSettings(
        cycling("a9a8", "a8a9"),
        cycling("e9e8", "e8e9"),
        seed=1,
        max_plies=30,
        variant="xiangqi",
        openings=(Opening(fen=PERPETUAL),),
        perpetual_check_loses=loses,
    )
    game = records(play_match_game((settings, 1)).text)[0]
    if loses:
        assert game.headers["Result"] == "0-1"
        assert game.headers["Termination"] == ADJUDICATION
        assert "White gave check with every move" in game.end().comment
        assert game.end().board().is_repetition(3)
        assert game.end().board().ply() < 30
    else:
        assert game.headers["Result"] == "*"
        assert game.end().board().ply() == 30


@pytest.mark.parametrize("loses", [True, False])
def test_our_engine_plays_by_the_matchs_rule_on_perpetual_check(loses: bool) -> None:
    cycle = perpetual_check.CYCLE
    settings = MatchSettings(
        Player(depth=3),
        Player(depth=1),
        seed=1,
        max_plies=len(cycle) + 1,
        variant="xiangqi",
        openings=(Opening(fen=perpetual_check.FEN, moves=cycle),),
        perpetual_check_loses=loses,
    )
    game = records(play_match_game((settings, 1)).text)[0]
    played = [move.uci() for move in game.mainline_moves()]
    assert played[: len(cycle)] == list(cycle)
    assert (played[len(cycle)] == perpetual_check.REPEATING_CHECK) is not loses


@pytest.mark.parametrize(
    ("keys", "checks", "checker"),
    [
        ([1, 2, 3, 4, 5], [True, False, True, False, True], None),  # no repetition
        ([1, 2, 3, 1], [True, False, True, False], None),  # a key, but the other side to move
        ([1, 2, 3, 2], [True, False, True, False], 1),  # the side before the last checked
        ([1, 2, 3, 2], [False, True, False, True], 0),  # the last move's side checked
        ([1, 2, 3, 2], [True, True, True, True], None),  # both checked
        ([1, 2, 3, 2], [False, False, False, False], None),  # neither
        ([5, 2, 7, 2], [True, False, False, True], 0),  # only the cycle's moves count
        ([2, 9, 2, 8, 3, 8], [False, False, False, True, False, True], 0),  # the last cycle
    ],
)
def test_the_perpetual_checker(keys: list[int], checks: list[bool], checker: int | None) -> None:
    assert perpetual_checker(keys, checks) == checker
