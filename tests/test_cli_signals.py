"""The command line's version, and its quiet end on Ctrl-C and on a closed standard output."""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import meiriqi

COMMAND = [sys.executable, "-m", "meiriqi"]

needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and groups")
needs_proc = pytest.mark.skipif(
    not Path("/proc/self/syscall").exists(), reason="Linux's /proc tells when a command works"
)


def test_version() -> None:
    assert meiriqi.__version__ == importlib.metadata.version("meiriqi")
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+.*", meiriqi.__version__)
    result = subprocess.run(
        [*COMMAND, "--version"], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout == f"meiriqi {meiriqi.__version__}\n"
    assert result.stderr == ""


def start(*argv: str, stdin: int | None = None) -> subprocess.Popen[bytes]:
    """``meiriqi ARGV`` in a process group of its own, with Ctrl-C's default handling (a shell
    that starts a job in the background lets it ignore SIGINT)."""
    return subprocess.Popen(
        [*COMMAND, *argv],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def finish(process: subprocess.Popen[bytes]) -> tuple[bytes | None, bytes]:
    """The process's output once it has ended (killed, and the test failed, after 30 s); no
    standard output when the test has closed it."""
    try:
        return process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the command did not end")


def wait_until_at_work(pid: int) -> None:
    """Waits (up to 30 s) until the process has started its command, past Python's start and
    the imports, where Ctrl-C would not reach ``main``: counting on a thread of the core's, or
    reading its standard input (Linux's /proc tells)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            threads = len(os.listdir(f"/proc/{pid}/task"))
            call = Path(f"/proc/{pid}/syscall").read_text().split()[:2]
            if threads > 1 or call == ["0", "0x0"]:  # read(0, ...)
                return
        time.sleep(0.05)
    pytest.fail("the command did not start its work")


@needs_proc
@pytest.mark.parametrize(
    "argv",
    [
        ("perft", "9", "--threads", "1"),  # counting, in the core
        ("perft", "9", "--divide", "--threads", "1"),
        ("convert", "-"),  # waiting for its input
    ],
)
def test_ctrl_c_ends_quietly_with_status_130(argv: tuple[str, ...]) -> None:
    process = start(*argv, stdin=subprocess.PIPE)
    wait_until_at_work(process.pid)
    assert process.poll() is None
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C at the terminal does
    out, err = finish(process)
    assert process.returncode == 130
    assert err == b"" and out == b""


@needs_proc
@pytest.mark.parametrize("group", [True, False], ids=["ctrl-c", "main-process-only"])
def test_ctrl_c_stops_the_workers_too(group: bool) -> None:
    process = start("perft", "9", "--workers", "2")
    wait_until_at_work(process.pid)
    time.sleep(1)  # the workers are counting by now
    if group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    _, err = finish(process)
    assert process.returncode == 130 and err == b""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)  # anyone left in the command's process group?
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    pytest.fail("a worker outlived the command")


@needs_posix
@pytest.mark.parametrize(
    "argv", [("perft", "4", "--divide"), ("--variant", "list"), ("perft", "3")]
)
def test_a_closed_pipe_ends_quietly_with_status_1(argv: tuple[str, ...]) -> None:
    process = start(*argv)
    assert process.stdout is not None
    process.stdout.close()  # as `| head` does once it has read enough, here before a word
    _, err = finish(process)
    assert process.returncode == 1
    assert err == b""


@needs_posix
def test_head_reads_the_first_line() -> None:
    pipeline = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m meiriqi perft 4 --divide | head -1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert re.fullmatch(r"[a-j][0-9]+[a-j][0-9]+: [0-9]+\n", pipeline.stdout)
    assert pipeline.stderr == ""
