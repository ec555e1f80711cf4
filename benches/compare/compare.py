"""Perft on one thread, side by side in one run: this project from Rust and through Python, and
Fairy-Stockfish (``go perft N`` over UCI with ``Threads 1``), on the same positions of chess,
Xiangqi and Shogi; prints nodes per second and the ratios.

Not part of CI. Build Fairy-Stockfish first (``benches/compare/build_fairy_stockfish.sh``) and
the perft example (``cargo build --release --example perft``), then::

    python3 benches/compare/compare.py            # the full depths (minutes)
    python3 benches/compare/compare.py --quick    # one ply less everywhere

Every count is checked to be the same in all three before a speed is reported.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import meiriqi

ROOT = Path(__file__).resolve().parents[2]
FAIRY = Path(__file__).resolve().parent / "fairy-stockfish" / "src" / "stockfish"
PERFT_EXAMPLE = ROOT / "target" / "release" / "examples" / "perft"


@dataclass(frozen=True)
class Workload:
    """A perft to run: a name, the variant (the same name here and in Fairy-Stockfish), a FEN
    (``None``: the start) and a depth."""

    name: str
    variant: str
    fen: str | None
    depth: int


WORKLOADS = [
    Workload("chess, start", "chess", None, 6),
    Workload(
        "chess, Kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    Workload("xiangqi, start", "xiangqi", None, 5),
    Workload("shogi, start", "shogi", None, 5),
]


def rust_perft(work: Workload) -> tuple[int, float]:
    """Nodes and seconds of the project's perft example (bulk counting, one thread)."""
    command = [str(PERFT_EXAMPLE), str(work.depth), "1", work.variant]
    if work.fen is not None:
        command.append(work.fen)
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    match = re.search(r"= (\d+) on 1 thread\(s\): ([0-9.]+) s", output)
    if match is None:
        raise RuntimeError(f"unexpected output of {command}: {output!r}")
    return int(match[1]), float(match[2])


def python_perft(work: Workload) -> tuple[int, float]:
    """Nodes and seconds of ``Board.perft(depth, threads=1)`` through the Python package."""
    board = meiriqi.Board(work.fen, variant=work.variant)
    start = time.perf_counter()
    nodes = board.perft(work.depth, threads=1)
    return nodes, time.perf_counter() - start


def fairy_perft(work: Workload) -> tuple[int, float]:
    """Nodes and seconds of Fairy-Stockfish's ``go perft`` on one thread, timed around the
    command (its own printout has only millisecond resolution)."""
    position = "position startpos" if work.fen is None else f"position fen {work.fen}"
    script = [
        "uci",
        f"setoption name UCI_Variant value {work.variant}",
        "setoption name Threads value 1",
        "isready",
        position,
        f"go perft {work.depth}",
    ]
    with subprocess.Popen(
        [str(FAIRY)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as engine:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write("\n".join(script[:4]) + "\n")
        engine.stdin.flush()
        for line in engine.stdout:
            if line.strip() == "readyok":
                break
        engine.stdin.write("\n".join(script[4:]) + "\n")
        engine.stdin.flush()
        start = time.perf_counter()
        for line in engine.stdout:
            if line.startswith("Nodes searched"):
                seconds = time.perf_counter() - start
                nodes = int(line.split(":")[1])
                break
        else:
            raise RuntimeError("Fairy-Stockfish gave no node count")
        engine.stdin.write("quit\n")
        engine.stdin.flush()
    return nodes, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one ply less in every workload")
    args = parser.parse_args()
    for needed, how in (
        (FAIRY, "benches/compare/build_fairy_stockfish.sh"),
        (PERFT_EXAMPLE, "cargo build --release --example perft"),
    ):
        if not needed.exists():
            print(f"{needed} is missing: run {how}", file=sys.stderr)
            return 2
    print(
        f"{'position':<18} {'depth':>5} {'nodes':>13}  {'Rust M/s':>9} {'Python M/s':>10} "
        f"{'Fairy-SF M/s':>12}  {'Rust/FSF':>8} {'Python/FSF':>10}"
    )
    for work in WORKLOADS:
        if args.quick:
            work = Workload(work.name, work.variant, work.fen, work.depth - 1)
        results = [measure(work) for measure in (rust_perft, python_perft, fairy_perft)]
        counts = {nodes for nodes, _ in results}
        if len(counts) != 1:
            print(f"{work.name}: the counts differ: {results}", file=sys.stderr)
            return 1
        speeds = [nodes / seconds / 1e6 for nodes, seconds in results]
        print(
            f"{work.name:<18} {work.depth:>5} {results[0][0]:>13,}  {speeds[0]:>9.1f} "
            f"{speeds[1]:>10.1f} {speeds[2]:>12.1f}  {speeds[0] / speeds[2]:>7.2f}x "
            f"{speeds[1] / speeds[2]:>9.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
