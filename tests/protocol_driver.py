"""Drives ``meiriqi xboard`` / ``meiriqi uci`` as a subprocess for the protocol tests.

Every read waits at most a few seconds (a reader thread fills a queue), so that an engine that
stops answering fails the test instead of hanging it.
"""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading

import meiriqi

READ_SECONDS = 10.0
"""The longest wait for one line of the engine."""


class EngineProcess:
    """One engine process (``meiriqi PROTOCOL ARGUMENTS...``): send it lines, read its replies
    with a timeout."""

    def __init__(self, protocol: str, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "meiriqi", protocol, *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Moves the engine's output, line by line, to the queue (``None`` at its end)."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        """Sends each line to the engine."""
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self, seconds: float = READ_SECONDS) -> str:
        """The engine's next line; fails after ``seconds`` without one or at its end."""
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            raise AssertionError(f"the engine said nothing for {seconds} s") from None
        assert line is not None, "the engine ended its output"
        return line

    def until(self, pattern: str, seconds: float = READ_SECONDS) -> list[str]:
        """The lines read up to and including the first that matches ``pattern`` in full."""
        lines = []
        while True:
            lines.append(self.read(seconds))
            if re.fullmatch(pattern, lines[-1]):
                return lines

    def quiet(self, seconds: float = 0.3) -> None:
        """Checks that the engine says nothing for ``seconds``."""
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            return
        raise AssertionError(f"unexpected line {line!r}")

    def close(self) -> str:
        """Sends ``quit``, waits for the engine to end (cleanly) and returns its stderr."""
        self.send("quit")
        try:
            _, errors = self.process.communicate(timeout=READ_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the engine did not quit") from None
        assert self.process.returncode == 0
        return errors


def mate_in_one(variant: str) -> tuple[str, str, str]:
    """A position of ``variant`` whose side to move wins with its next move, from a random game
    that ended so: its FEN, the winning move and the result (``1-0``/``0-1``). The side to move
    may not claim a draw there instead (engines claim what they may), and wins by its own move
    (a bare King that has just moved loses before the other side moves). A stalemate that wins
    does not count: a shallow search prunes before it looks for a move, and may not see one."""
    board = meiriqi.Board(variant=variant)
    stalemate = meiriqi.Termination.STALEMATE
    for seed in range(100):
        for moves, outcome in board.random_games(10, max_plies=400, seed=seed):
            if outcome is not None and outcome.winner is not None:
                if outcome.termination == stalemate:
                    continue
                before = meiriqi.Board(variant=variant)
                for move in moves[:-1]:
                    before.push(move)
                if outcome.winner != before.turn:
                    continue
                if meiriqi.Board(before.fen(), variant=variant).can_claim_draw():
                    continue
                return before.fen(), moves[-1].uci(), outcome.result()
    raise AssertionError(f"no decisive random game of {variant}")
