"""A real Ray cluster on this machine: a head node and a second worker node on the loopback
address, started for this module and stopped after it whatever happens. Self-play, perft and a
match through ``--cluster`` must give exactly the single-process results, also when a worker
process is killed in the middle of the run, and when the whole second node is (the last test)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from process_tree import command_line, descendants

from meiriqi.cli import main
from meiriqi.distributed import RayPool

ray = pytest.importorskip(
    "ray", reason="the cluster tests need Ray: pip install 'meiriqi[cluster]'"
)

pytestmark = pytest.mark.slow

START_TIMEOUT = 120
"""Seconds for the nodes to come up."""
# Games of half a second each: long enough for a test to find a worker playing one and kill it.
SELFPLAY = ["selfplay", "--depth", "4", "--max-plies", "40", "--seed", "5", "--games", "10"]


def free_port() -> int:
    """A TCP port of the loopback address that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_node(arguments: list[str], log: Path) -> subprocess.Popen[bytes]:
    """``ray start ARGUMENTS --block`` in a process group of its own, so that stopping the
    group stops every process of the node, whatever it started."""
    with log.open("wb") as output:
        return subprocess.Popen(
            [shutil.which("ray") or "ray", "start", "--block", *arguments],
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop_node(node: subprocess.Popen[bytes]) -> None:
    """Stops the node's process group: SIGTERM, then SIGKILL to whatever is left after 5 s, and
    waits (10 s at most) until none of its processes is left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(node.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            node.wait(timeout=5)
        os.killpg(node.pid, signal.SIGKILL)
    node.wait(timeout=10)
    deadline = time.monotonic() + 10
    with contextlib.suppress(ProcessLookupError):
        while time.monotonic() < deadline:
            os.killpg(node.pid, 0)  # raises once the group is empty
            time.sleep(0.1)


def wait_for_nodes(address: str, count: int) -> None:
    """Waits until the cluster at ``address`` has ``count`` live nodes."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with socket.create_connection(address.split(":"), timeout=1):  # type: ignore[arg-type]
                break
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no Ray head at {address}") from None
            time.sleep(0.2)
    ray.init(address=address, log_to_driver=False, logging_level="ERROR")
    try:
        while sum(node["Alive"] for node in ray.nodes()) < count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"fewer than {count} Ray nodes after {START_TIMEOUT} s")
            time.sleep(0.5)
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """The address of a two-node Ray cluster (one CPU each) and its nodes' ``ray start``."""
    temp = tempfile.mkdtemp(prefix="mrq-ray-", dir="/tmp")  # short: Ray's sockets live here
    port = free_port()
    address = f"127.0.0.1:{port}"
    common = [
        "--node-ip-address=127.0.0.1",
        "--num-cpus=1",
        "--object-store-memory=200000000",
        f"--temp-dir={temp}",
        "--disable-usage-stats",
    ]
    head = [
        "--head",
        f"--port={port}",
        f"--ray-client-server-port={free_port()}",
        "--include-dashboard=false",
    ]
    nodes: list[subprocess.Popen[bytes]] = []
    try:
        nodes.append(start_node([*head, *common], Path(temp) / "head.log"))
        nodes.append(start_node([f"--address={address}", *common], Path(temp) / "worker.log"))
        wait_for_nodes(address, 2)
        yield address, nodes
    finally:
        for node in reversed(nodes):
            stop_node(node)
        shutil.rmtree(temp, ignore_errors=True)


def meiriqi_cli(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGV`` as a subprocess (with ``env`` added to the environment)."""
    return subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture(scope="module")
def single_process_games(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The records of :data:`SELFPLAY` played in this process."""
    out = tmp_path_factory.mktemp("single") / "games.pgn"
    assert main([*SELFPLAY, "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def test_selfplay_on_the_cluster(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], single_process_games: str, tmp_path: Path
) -> None:
    out = tmp_path / "games.pgn"
    result = meiriqi_cli(*SELFPLAY, "--cluster", cluster[0], "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "[####################] 10/10 games" in result.stderr
    assert out.read_text(encoding="utf-8") == single_process_games


def test_perft_on_the_cluster(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], capsys: pytest.CaptureFixture[str]
) -> None:
    for variant in ("meiriqi", "shogi"):
        assert main(["perft", "3", "--divide", "--variant", variant]) == 0
        single = capsys.readouterr().out
        result = meiriqi_cli(
            "perft", "3", "--divide", "--variant", variant, "--cluster", cluster[0]
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout == single


def test_token_authentication_without_a_token_is_a_clear_error(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    # Ray's token authentication asked for, and no token anywhere (~/.ray/auth_token included).
    env = {"RAY_AUTH_MODE": "token", "HOME": str(tmp_path)}
    result = meiriqi_cli("perft", "2", "--cluster", cluster[0], env=env)
    assert result.returncode == 2
    assert result.stderr.startswith(f"meiriqi perft: cannot join the Ray cluster at {cluster[0]}")
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_match_on_the_cluster(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "--engine-a", "depth=2", "--engine-b", "nodes=300", "--games", "4"]
    argv += ["--max-plies", "30", "--seed", "8", "--variant", "yangqi"]
    assert main(argv) == 0
    single = capsys.readouterr().out
    result = meiriqi_cli(*argv, "--cluster", cluster[0])
    assert result.returncode == 0, result.stderr
    assert result.stdout == single


def kill_a_busy_worker(nodes: list[subprocess.Popen[bytes]]) -> None:
    """Kills (SIGKILL) a Ray worker process of ``nodes`` that is running a task, waiting up to
    60 s for one."""
    deadline = time.monotonic() + 60
    while True:
        working = [
            pid
            for node in nodes
            for pid in descendants(node.pid)
            if command_line(pid).startswith("ray::_run_task")
        ]
        if working or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert working, "no Ray worker was playing a game"
    os.kill(working[0], signal.SIGKILL)


@pytest.mark.parametrize("to_stdout", [False, True], ids=["out-file", "stdout"])
def test_a_killed_worker_loses_no_game(
    cluster: tuple[str, list[subprocess.Popen[bytes]]],
    single_process_games: str,
    tmp_path: Path,
    to_stdout: bool,
) -> None:
    """Also when the records go to standard output, where Ray's own message on the lost worker
    must not land."""
    address, nodes = cluster
    out, printed = tmp_path / "games.pgn", tmp_path / "stdout"
    argv = [*SELFPLAY, "--cluster", address, *([] if to_stdout else ["--out", str(out)])]
    with (
        printed.open("w", encoding="utf-8") as stdout,
        subprocess.Popen(
            [sys.executable, "-m", "meiriqi", *argv],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
        ) as process,
    ):
        assert process.stderr is not None
        assert " 1/10 games" in process.stderr.readline() + process.stderr.readline()
        kill_a_busy_worker(nodes)
        errors = process.stderr.read()
        assert process.wait(timeout=300) == 0, errors
    assert "[####################] 10/10 games" in errors
    assert printed.read_text(encoding="utf-8") == (single_process_games if to_stdout else "")
    if not to_stdout:
        assert out.read_text(encoding="utf-8") == single_process_games


def stamped_nap(folder: str) -> None:
    """A task that naps a moment and writes when it started and ended (on the clock all the
    processes of this machine share) to a file of its own in ``folder``."""
    start = time.monotonic()
    time.sleep(0.3)
    Path(folder, f"{os.getpid()}-{start}").write_text(f"{start} {time.monotonic()}")


def test_workers_caps_the_tasks_in_flight(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    """``--workers 1`` on a cluster of two CPUs: one task at a time, never two."""
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # for stamped_nap
    with RayPool(cluster[0], workers=1) as pool:
        assert pool.workers == 1
        list(pool.run(stamped_nap, [str(tmp_path)] * 8))
    runs = sorted(tuple(map(float, path.read_text().split())) for path in tmp_path.iterdir())
    assert len(runs) == 8
    overlaps = [(a, b) for a, b in zip(runs, runs[1:]) if b[0] < a[1]]
    assert not overlaps, "two tasks ran at once"


def test_a_lost_node_loses_no_game(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], single_process_games: str, tmp_path: Path
) -> None:
    """The last test of the module: it stops the second node for good."""
    address, nodes = cluster
    out = tmp_path / "games.pgn"
    argv = [*SELFPLAY, "--cluster", address, "--out", str(out)]
    with subprocess.Popen(
        [sys.executable, "-m", "meiriqi", *argv], stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stderr is not None
        assert " 1/10 games" in process.stderr.readline() + process.stderr.readline()
        os.killpg(nodes[1].pid, signal.SIGKILL)
        errors = process.stderr.read()
        assert process.wait(timeout=300) == 0, errors
    assert "[####################] 10/10 games" in errors
    assert out.read_text(encoding="utf-8") == single_process_games
