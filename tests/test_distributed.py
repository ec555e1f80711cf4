"""Work on several processes of this machine: the task pools, perft split into subtrees, self-play
with ``--workers`` (the same games whatever the number of workers, none lost when a worker is
killed) and ``--resume``. The Ray cluster has its own tests (test_cluster.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from process_tree import descendants

from meiriqi import Board, perft_split, resume
from meiriqi.cli import main
from meiriqi.distributed import (
    MAX_ATTEMPTS,
    ProcessPool,
    SerialPool,
    TaskLostError,
    in_order,
    open_pool,
)

SELFPLAY = ["selfplay", "--depth", "1", "--max-plies", "16", "--seed", "11"]


def meiriqi_cli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGV`` as a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv], capture_output=True, text=True, timeout=timeout
    )


def square(number: int) -> int:
    """A task."""
    return number * number


def fail_on_three(number: int) -> int:
    """A task that fails for 3."""
    if number == 3:
        raise ValueError("three")
    return number


def die_once(marker: str) -> int:
    """A task whose worker dies the first time it runs (``marker`` does not exist yet)."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return os.getpid()


def always_die(_: object) -> None:
    """A task that kills every worker that runs it."""
    os._exit(1)


# -- pools -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("pool", [SerialPool(), ProcessPool(2)], ids=["serial", "processes"])
def test_every_task_once(pool: SerialPool | ProcessPool) -> None:
    with pool:
        pairs = list(pool.run(square, range(20)))
    assert sorted(pairs) == [(n, n * n) for n in range(20)]
    assert list(in_order(iter(pairs))) == [n * n for n in range(20)]


def test_in_order_waits_for_earlier_results() -> None:
    assert list(in_order([(2, "c"), (0, "a"), (3, "d"), (1, "b")])) == ["a", "b", "c", "d"]
    assert list(in_order([(6, "y"), (5, "x")], start=5)) == ["x", "y"]


def test_a_task_error_is_raised_not_retried() -> None:
    with ProcessPool(2) as pool, pytest.raises(ValueError, match="three"):
        list(pool.run(fail_on_three, range(6)))


def test_a_dead_worker_s_task_is_run_again(tmp_path: Path) -> None:
    markers = [str(tmp_path / f"marker{n}") for n in range(3)]
    with ProcessPool(2) as pool:
        results = dict(pool.run(die_once, markers))
    assert sorted(results) == [0, 1, 2]
    assert all(os.path.exists(marker) for marker in markers)


def test_a_task_that_always_kills_its_worker_gives_up() -> None:
    with ProcessPool(1) as pool, pytest.raises(TaskLostError, match=f"{MAX_ATTEMPTS} times"):
        list(pool.run(always_die, [None]))


def test_open_pool() -> None:
    assert isinstance(open_pool(), SerialPool)
    assert isinstance(open_pool(1), SerialPool)
    with open_pool(2) as pool:
        assert isinstance(pool, ProcessPool)
        assert pool.workers == 2


# -- perft -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", Board.variants())
def test_split_perft_is_the_divide(variant: str) -> None:
    board = Board(variant=variant)
    for depth in (1, 2, 3):
        expected = board.perft_divide(depth)
        # 10**6 subtrees cut the tree at its leaves, each a task of its own.
        for subtrees in (1, 64) if depth == 3 else (1, 64, 10**6):
            assert perft_split.perft_divide(board, depth, SerialPool(), subtrees=subtrees) == (
                expected
            )


def test_split_reaches_enough_subtrees() -> None:
    board = Board()
    parts = perft_split.split(board, 6, 1000)
    assert len(parts) == board.perft(2)
    assert {part.depth for part in parts} == {4}
    assert len(perft_split.split(board, 5, 1000)) == board.perft(2)
    assert len(perft_split.split(board, 5, 44)) == 44
    assert len(perft_split.split(board, 3, 10**6)) == board.perft(3)
    assert len(perft_split.split(board, 1, 1000)) == 44


def test_perft_workers_prints_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "3", "--divide"]) == 0
    single = capsys.readouterr().out
    assert main(["perft", "3", "--divide", "--workers", "2"]) == 0
    assert capsys.readouterr().out == single
    fen = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"
    assert main(["perft", "3", "--fen", fen, "--workers", "2"]) == 0
    assert capsys.readouterr().out == f"{Board(fen).perft(3)}\n"


# -- self-play -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def single_process_games(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The records of 12 games played in this process."""
    out = tmp_path_factory.mktemp("single") / "games.pgn"
    assert main([*SELFPLAY, "--games", "12", "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("workers", ["2", "3"])
def test_selfplay_workers_play_the_same_games(
    workers: str, single_process_games: str, tmp_path: Path
) -> None:
    out = tmp_path / "games.pgn"
    result = meiriqi_cli(*SELFPLAY, "--games", "12", "--workers", workers, "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "[####################] 12/12 games" in result.stderr
    assert out.read_text(encoding="utf-8") == single_process_games


def test_selfplay_survives_a_killed_worker(single_process_games: str, tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    argv = [*SELFPLAY, "--games", "12", "--workers", "2", "--out", str(out)]
    with subprocess.Popen(
        [sys.executable, "-m", "meiriqi", *argv], stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stderr is not None
        assert process.stderr.readline().startswith("[....................] 0/12 games")
        assert " 1/12 games" in process.stderr.readline()
        # Eleven games to go and four in flight: the worker is in the middle of one.
        os.kill(descendants(process.pid)[0], signal.SIGKILL)
        errors = process.stderr.read()
        assert process.wait(timeout=120) == 0, errors
    assert "Traceback" not in errors
    assert out.read_text(encoding="utf-8") == single_process_games


@pytest.mark.parametrize("kept", [0.0, 0.3, 0.5, 0.99, 1.0])
def test_selfplay_resumes_where_it_stopped(
    kept: float, single_process_games: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.pgn"
    out.write_text(single_process_games[: int(len(single_process_games) * kept)], "utf-8")
    finished = len(resume.finished_records(str(out), "meiriqi"))
    assert main([*SELFPLAY, "--games", "12", "--out", str(out), "--resume"]) == 0
    assert out.read_text(encoding="utf-8") == single_process_games
    err = capsys.readouterr().err
    bars = [line for line in err.splitlines() if line.startswith("[")]
    assert len(bars) == 12 - finished + 1, "only the missing games are played"
    assert bars[0].endswith(f"{finished}/12 games")


def test_resume_reads_only_complete_records(single_process_games: str, tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    second = single_process_games.index('[Event "meiriqi self-play"]', 1)
    out.write_text(single_process_games[: second + 40], "utf-8")
    assert [game.headers["Round"] for game in resume.finished_records(str(out), "meiriqi")] == ["1"]
    assert out.read_text(encoding="utf-8") == single_process_games[:second]
    with pytest.raises(ValueError, match="holds Meiriqi games, not chess"):
        resume.finished_records(str(out), "chess")
    assert resume.finished_records(str(tmp_path / "none.pgn"), "meiriqi") == []


@pytest.mark.parametrize("path", ["/dev/zero", "{tmp}", "{tmp}/binary.pgn"])
def test_resume_reads_only_files_of_records(path: str, tmp_path: Path) -> None:
    (tmp_path / "binary.pgn").write_bytes(bytes(range(128, 256)))
    with pytest.raises(ValueError, match=r"(not a file of game records|not UTF-8 text)"):
        resume.finished_records(path.format(tmp=tmp_path), "meiriqi")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--resume"], "meiriqi selfplay: --resume needs --out FILE"),
        (["--out", "{out}", "--resume", "--games", "2"], "already holds 12 games, more than"),
        (["--workers", "0"], "invalid worker count 0: expected 1 or more"),
    ],
)
def test_selfplay_resume_errors(
    argv: list[str], message: str, single_process_games: str, tmp_path: Path
) -> None:
    out = tmp_path / "games.pgn"
    out.write_text(single_process_games, "utf-8")
    result = meiriqi_cli(*SELFPLAY, *(arg.format(out=out) for arg in argv))
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_cluster_without_a_cluster_is_a_clear_error() -> None:
    result = meiriqi_cli("perft", "2", "--cluster", "127.0.0.1:1")
    assert result.returncode == 2
    assert result.stderr.startswith("meiriqi perft: ")
    assert "Traceback" not in result.stderr


def test_cluster_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    assert main(["perft", "2", "--cluster", "127.0.0.1:6379"]) == 2
    assert "install meiriqi[cluster]" in capsys.readouterr().err


@pytest.mark.parametrize("without", ["ray", "cluster"])
@pytest.mark.parametrize(
    "argv",
    [
        [*SELFPLAY, "--games", "12"],
        [*SELFPLAY, "--games", "12", "--resume"],
        ["match", "--engine-a", "depth=1", "--engine-b", "depth=1", "--games", "2"],
        ["match", "--engine-a", "depth=1", "--engine-b", "depth=1", "--games", "14", "--resume"],
    ],
    ids=["selfplay", "selfplay-resume", "match", "match-resume"],
)
def test_a_run_that_cannot_start_writes_nothing(
    argv: list[str],
    without: str,
    single_process_games: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if without == "ray":
        monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    out = tmp_path / "games.pgn"
    cut = single_process_games[:-40]  # a record being written when the run stopped
    out.write_text(cut, "utf-8")
    # Nothing listens on port 1 of the loopback address.
    assert main([*argv, "--out", str(out), "--cluster", "127.0.0.1:1"]) == 2
    assert out.read_text(encoding="utf-8") == cut
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"meiriqi {argv[0]}: ") and captured.err.count("\n") == 1


def test_selfplay_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--games N how many games to play (default: 10)" in text
    assert "--workers N run on N processes of this machine" in text
    assert "--cluster ADDRESS run on the Ray cluster at ADDRESS" in text
    assert "--resume keep the finished games of --out FILE" in text
