"""The processes below a process, from Linux's /proc (for the tests that kill a worker)."""

from __future__ import annotations

from pathlib import Path


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``, children before grandchildren of the same child."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text(encoding="ascii").split()
        except OSError:  # the thread or the process has ended
            continue
        for child in map(int, children):
            found += [child, *descendants(child)]
    return found


def command_line(pid: int) -> str:
    """The command line (or the title a process gave itself), ``""`` once it has ended."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
