"""Self-play games per second and perft nodes per second on 1, 2 and 4 workers: processes of this
machine (``--workers N``), then the Ray cluster at ADDRESS (``--cluster ADDRESS --workers N``).

    python3 benches/cluster.py                       # processes only
    python3 benches/cluster.py --cluster 127.0.0.1:6390

Each figure is one run of the command line, timed from start to exit (so the cluster's figures
include connecting to it); the perft count is checked against the single-process one. Prints a
Markdown table with the cluster's overhead against processes at the same number of workers.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

WORKERS = (1, 2, 4)


def timed(argv: list[str]) -> tuple[float, str]:
    """Seconds taken by ``meiriqi ARGV`` and its standard output."""
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, result.stdout


def main() -> None:
    """Runs the measurements and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cluster", metavar="ADDRESS", help="a running Ray cluster")
    parser.add_argument("--games", type=int, default=24, help="self-play games (default: 24)")
    parser.add_argument("--perft", type=int, default=5, help="perft depth (default: 5)")
    args = parser.parse_args()
    selfplay = ["selfplay", "--games", str(args.games), "--depth", "1", "--max-plies", "60"]
    selfplay += ["--seed", "1", "--out", "/dev/null"]
    perft = ["perft", str(args.perft)]
    _, expected = timed(perft)
    places = [("processes", [])] + (
        [("cluster", ["--cluster", args.cluster])] if args.cluster else []
    )
    rates: dict[tuple[str, int], tuple[float, float]] = {}
    for place, option in places:
        for workers in WORKERS:
            pool = [*option, "--workers", str(workers)]
            games_seconds, _ = timed([*selfplay, *pool])
            perft_seconds, nodes = timed([*perft, *pool])
            assert nodes == expected, (nodes, expected)
            rates[place, workers] = (args.games / games_seconds, int(nodes) / perft_seconds)
    print(f"| where | workers | games/s (depth 1, 60 plies) | perft {args.perft} nodes/s |")
    print("|---|---:|---:|---:|")
    for (place, workers), (games, nodes) in rates.items():
        print(f"| {place} | {workers} | {games:.2f} | {nodes:,.0f} |")
    if args.cluster:
        print("\n| workers | cluster overhead, self-play | cluster overhead, perft |")
        print("|---:|---:|---:|")
        for workers in WORKERS:
            local, remote = rates["processes", workers], rates["cluster", workers]
            games, nodes = (local[i] / remote[i] - 1 for i in range(2))
            print(f"| {workers} | {games:+.0%} | {nodes:+.0%} |")


if __name__ == "__main__":
    main()
