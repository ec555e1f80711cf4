"""Speed of meiriqi from Python, and of the pure-Python reference for the ratio; then chess
against python-chess doing the same loops.

    python3 benches/bench.py            # the full run recorded in benches/RESULTS.md
    python3 benches/bench.py --quick    # a few milliseconds per workload (CI: do they still run?)

Prints Markdown tables: one row per workload, the rate on the Rust core, the rate on the other
implementation (``meiriqi.reference``, or python-chess on chess), and how many times faster the
core is; and the cost of small calls (``perft(1)``, ``search(depth=1)``, depth-1 self-play),
from ``boundary.py``.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from boundary import small_calls_table

import meiriqi
from meiriqi import reference

POSITIONS = Path(__file__).with_name("positions.txt")


def benchmark_positions() -> dict[str, str]:
    """The named FENs of ``positions.txt``."""
    named = {}
    for line in POSITIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, fen = line.split(" ", 1)
            named[name] = fen.strip()
    return named


@dataclass(frozen=True)
class Workload:
    """A workload: what it measures, its unit, and a function doing ``n`` rounds of it on a
    board class that returns how many units it did."""

    name: str
    unit: str
    run: Callable[[type, int], int]


def legal_move_calls(board_class: type, rounds: int) -> int:
    """``board.legal_moves`` on the start position."""
    board = board_class()
    for _ in range(rounds):
        board.legal_moves  # noqa: B018 - the property call is what is measured
    return rounds


def push_pop_pairs(board_class: type, rounds: int) -> int:
    """``push`` then ``pop`` of every legal move of the start position."""
    board = board_class()
    moves = list(board.legal_moves)
    for _ in range(rounds):
        for move in moves:
            board.push(move)
            board.pop()
    return rounds * len(moves)


def random_playout_plies(board_class: type, rounds: int) -> int:
    """Random games of up to 100 plies: ``legal_moves``, ``random.choice``, ``push``."""
    chooser = random.Random(1)
    plies = 0
    for _ in range(rounds):
        board = board_class()
        for _ in range(100):
            moves = board.legal_moves
            if not moves:
                break
            board.push(chooser.choice(moves))
            plies += 1
    return plies


def listed_legal_moves(board_class: type, rounds: int) -> int:
    """``list(board.legal_moves)`` on the start position (python-chess's is a lazy generator)."""
    board = board_class()
    for _ in range(rounds):
        list(board.legal_moves)
    return rounds


def listed_playout_plies(board_class: type, rounds: int) -> int:
    """Random games of up to 100 plies: ``list(board.legal_moves)``, ``random.choice``,
    ``push``: the loop a python-chess user writes."""
    chooser = random.Random(1)
    plies = 0
    for _ in range(rounds):
        board = board_class()
        for _ in range(100):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(chooser.choice(moves))
            plies += 1
    return plies


def batch_playout_plies(board_class: type, rounds: int) -> int:
    """``Board.random_games``: random games of up to 100 plies played inside the core."""
    games = board_class().random_games(rounds, max_plies=100, seed=1)
    return sum(len(moves) for moves, _ in games)


def perft_nodes(depth: int, **options: int) -> Callable[[type, int], int]:
    """Perft from the start position at ``depth``, through the API."""

    def run(board_class: type, rounds: int) -> int:
        board = board_class()
        return sum(board.perft(depth, **options) for _ in range(rounds))

    return run


def rate(workload: Workload, board_class: type, seconds: float) -> float:
    """Units per second of ``workload`` on ``board_class``, doubling the rounds until a run
    takes at least ``seconds``."""
    rounds = 1
    while True:
        start = time.perf_counter()
        units = workload.run(board_class, rounds)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return units / elapsed
        rounds *= 2


def main() -> None:
    """Runs every workload and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny runs, only to check they work")
    args = parser.parse_args()
    seconds = 0.01 if args.quick else 2.0
    perft_depth = 2 if args.quick else 4
    workloads = [
        Workload("legal_moves calls (start position)", "calls/s", legal_move_calls),
        Workload("push/pop pairs", "pairs/s", push_pop_pairs),
        Workload("random playouts", "plies/s", random_playout_plies),
        Workload(f"perft {perft_depth}, 1 thread", "nodes/s", perft_nodes(perft_depth, threads=1)),
        Workload(f"perft {perft_depth + 1}, all threads", "nodes/s", perft_nodes(perft_depth + 1)),
    ]
    reference_perft = Workload("perft 2", "nodes/s", perft_nodes(2))
    batch = Workload("random playouts in one call (random_games)", "plies/s", batch_playout_plies)
    print(
        f"{time.strftime('%Y-%m-%d')}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}\n"
    )
    print("| workload | meiriqi (Rust core) | meiriqi.reference | ratio |")
    print("|---|---:|---:|---:|")
    for workload in workloads:
        fast = rate(workload, meiriqi.Board, seconds)
        is_perft = workload.name.startswith("perft")
        slow = rate(reference_perft if is_perft else workload, reference.Board, seconds)
        print(
            f"| {workload.name} | {fast:,.0f} {workload.unit} | {slow:,.0f} {workload.unit} "
            f"| {fast / slow:,.0f}x |"
        )
    batch_rate = rate(batch, meiriqi.Board, seconds)
    print(f"| {batch.name} | {batch_rate:,.0f} {batch.unit} | | |")
    print()
    small_calls_table(quick=args.quick)
    chess_against_python_chess(seconds)
    for name, fen in benchmark_positions().items():
        board = meiriqi.Board(fen)
        start = time.perf_counter()
        nodes = board.perft(2 if args.quick else 4, threads=1)
        elapsed = time.perf_counter() - start
        print(
            f"| perft {2 if args.quick else 4} of `{name}`, 1 thread | "
            f"{nodes / elapsed:,.0f} nodes/s | | |"
        )


ALTERNATIONS = 5
"""How many times the chess table measures each library, alternating between them."""


def chess_against_python_chess(seconds: float) -> None:
    """The chess table: the same loops on ``meiriqi.Board(variant="chess")`` and python-chess's
    ``chess.Board`` (skipped when python-chess is not installed)."""
    try:
        import chess
    except ImportError:
        print("\n(python-chess is not installed: no comparison)")
        return
    ours = functools.partial(meiriqi.Board, variant="chess")
    print("\n| chess | meiriqi (Rust core) | python-chess | ratio |")
    print("|---|---:|---:|---:|")
    for workload in (
        Workload("list(legal_moves) calls (start position)", "calls/s", listed_legal_moves),
        Workload("random playouts", "plies/s", listed_playout_plies),
    ):
        # Alternate the two and keep each one's best run: a load that comes and goes on a
        # shared machine then touches both alike.
        fast = slow = 0.0
        for _ in range(ALTERNATIONS):
            fast = max(fast, rate(workload, ours, seconds / ALTERNATIONS))  # type: ignore[arg-type]
            slow = max(slow, rate(workload, chess.Board, seconds / ALTERNATIONS))
        print(
            f"| {workload.name} | {fast:,.0f} {workload.unit} | {slow:,.0f} {workload.unit} "
            f"| {fast / slow:,.1f}x |"
        )
    print()


if __name__ == "__main__":
    main()
