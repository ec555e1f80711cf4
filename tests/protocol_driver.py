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
from typing import NamedTuple

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


class OwnEnd(NamedTuple):
    """A position of ``variant`` one move (``move``, coordinates) before the game ends by a rule
    of its own, and the end as XBoard is told it."""

    variant: str
    fen: str
    move: str
    xboard_result: str


OWN_ENDS = [
    OwnEnd(
        "3check",
        "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
        "d1h5",
        "1-0 {Check limit reached}",
    ),
    OwnEnd("kingofthehill", "4k3/8/8/8/8/2n1K3/8/4R3 w - - 0 40", "e3d4", "1-0 {Goal reached}"),
    OwnEnd("racingkings", "8/6K1/8/8/8/8/1k6/8 w - - 0 40", "g7g8", "1-0 {Goal reached}"),
    OwnEnd("horde", "4k3/8/8/8/8/8/1q6/P7 b - - 0 40", "b2a1", "0-1 {No pieces left}"),
    # The count (in the halfmove field) reaches its limit (32, in the en-passant field) and
    # passes it: a draw the side to move may claim, as engines do.
    OwnEnd("makruk", "8/8/4k3/8/8/3K4/3R4/8 b - 32 32 20", "e6e7", "1/2-1/2 {Counting rule}"),
]
"""The ends of the games named after Fairy-Stockfish's that are neither mate nor stalemate:
the third check, a King on the hill or the last rank, no pieces left, the count run out (the
positions and outcomes as pyffish has them)."""
