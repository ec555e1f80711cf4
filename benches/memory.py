"""Memory: the resident size of a process that plays a million random plies, makes and drops a
hundred thousand boards and streams a hundred thousand game records must stay flat (within 5 %).

``python3 benches/memory.py`` prints the resident size at every tenth of each run and how far it
strays from the size after the first tenth (the warm-up: the interpreter's and the core's caches
fill then). ``--quick`` runs a hundredth of the work, only to check that the script works.
Linux only: the size is read from ``/proc/self/statm``.
"""

from __future__ import annotations

import argparse
import io
import os
import random
from collections.abc import Callable, Iterator

import meiriqi
from meiriqi import pgn

SAMPLES = 10
"""Resident-size readings per run."""


def resident_bytes() -> int:
    """This process's resident size now."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def playout_plies(total: int, rng: random.Random) -> Iterator[int]:
    """Plays ``total`` random plies in every variant in turn (a new game when one ends or
    reaches 200 plies), the loop a python-chess user writes; yields the plies played so far
    after each ply."""
    variants = list(meiriqi.Board.variants())
    board = meiriqi.Board(variant=variants[0])
    for played in range(1, total + 1):
        moves = list(board.legal_moves)
        if not moves or board.ply() >= 200:
            board = meiriqi.Board(variant=variants[played % len(variants)])
            moves = list(board.legal_moves)
        board.push(rng.choice(moves))
        yield played


def boards_made(total: int, rng: random.Random) -> Iterator[int]:
    """Makes and drops ``total`` boards of every variant in turn, each with up to four moves pushed,
    copied, pickled state and FEN read back; yields the boards made so far after each."""
    variants = list(meiriqi.Board.variants())
    for made in range(1, total + 1):
        board = meiriqi.Board(variant=variants[made % len(variants)])
        for _ in range(4):
            moves = board.legal_moves
            if moves:
                board.push(rng.choice(moves))
        copy = board.copy()
        meiriqi.Board(copy.fen(), variant=copy.variant_name).__reduce__()
        yield made


class RepeatedRecords(io.TextIOBase):
    """A text handle holding ``copies`` copies of ``records``, read a line at a time without
    ever holding more than one copy: a stream of many games."""

    def __init__(self, records: str, copies: int) -> None:
        self.lines = records.splitlines(keepends=True)
        self.copies = copies
        self.line = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        if self.line == len(self.lines):
            self.copies -= 1
            self.line = 0
        if self.copies <= 0:
            return ""
        self.line += 1
        text = self.lines[self.line - 1]
        return text if size < 0 else text[:size]


def records_streamed(total: int, rng: random.Random) -> Iterator[int]:
    """Reads ``total`` game records into game trees and drops each, from a stream of a hundred
    different random games (Mĕirìqí and chess, with comments and a variation) repeated; yields
    the games read so far after each."""
    records = []
    for number in range(100):
        variant = "chess" if number % 2 else "meiriqi"
        board = meiriqi.Board(variant=variant)
        for _ in range(rng.randrange(20, 120)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
        game = pgn.Game.from_board(board)
        node = game.next()
        if node is not None:
            node.comment = "a comment"
            if len(game.variations[0].variations) and len(node.board().legal_moves) > 1:
                node.add_variation(node.board().legal_moves[-1])
        records.append(str(game))
    stream = RepeatedRecords("\n\n".join(records) + "\n\n", total // len(records))
    for read in range(1, total + 1):
        game = pgn.read_game(stream)
        assert game is not None and not game.errors, read
        yield read


def measure(name: str, run: Callable[[int, random.Random], Iterator[int]], total: int) -> float:
    """Runs ``run`` for ``total`` units, printing the resident size at every tenth; returns the
    largest departure from the first reading, in percent."""
    print(f"\n{name}")
    readings = []
    for done in run(total, random.Random(0)):
        if done % (total // SAMPLES) == 0:
            readings.append(resident_bytes())
            print(f"  {done:>9,}: {readings[-1] / 2**20:8.1f} MiB")
    baseline = readings[0]
    spread = max(abs(size - baseline) for size in readings) / baseline * 100
    print(f"  largest departure from the first reading: {spread:.1f} %")
    return spread


def main() -> None:
    """Runs both measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a hundredth of the work")
    args = parser.parse_args()
    scale = 100 if args.quick else 1
    measure("random playout plies", playout_plies, 1_000_000 // scale)
    measure("boards made and dropped", boards_made, 100_000 // scale)
    measure("game records streamed", records_streamed, 100_000 // scale)


if __name__ == "__main__":
    main()
