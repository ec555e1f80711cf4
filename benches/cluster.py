"""Self-play games per second and perft nodes per second on 1, 2 and 4 workers: processes of this
machine (``--workers N``), then the Ray cluster at ADDRESS (``--cluster ADDRESS --workers N``).

    python3 benches/cluster.py                       # processes only
    python3 benches/cluster.py --cluster 127.0.0.1:6390

Each figure is the best of ``--repeat`` runs of the command line (the machine may be shared),
timed from start to exit, so it includes starting the processes or connecting to the cluster:
the "start" column is that fixed cost alone (``perft 1``). The perft count is checked against
the single-process one. Prints Markdown tables, with the cluster's overhead against processes at
the same number of workers.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

WORKERS = (1, 2, 4)


def timed(argv: list[str], repeat: int = 1) -> tuple[float, str]:
    """The fewest seconds ``meiriqi ARGV`` took in ``repeat`` runs, and its standard output."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "meiriqi", *argv], capture_output=True, text=True, check=True
        )
        best = min(best, time.perf_counter() - start)
    return best, result.stdout


def main() -> None:
    """Runs the measurements and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cluster", metavar="ADDRESS", help="a running Ray cluster")
    parser.add_argument("--games", type=int, default=24, help="self-play games (default: 24)")
    parser.add_argument("--perft", type=int, default=5, help="perft depth (default: 5)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default: 3)")
    args = parser.parse_args()
    selfplay = ["selfplay", "--games", str(args.games), "--depth", "1", "--max-plies", "60"]
    selfplay += ["--seed", "1", "--out", "/dev/null"]
    perft = ["perft", str(args.perft)]
    _, expected = timed(perft)
    print(
        f"| where | workers | start, s | games/s (depth 1, 60 plies) | perft {args.perft} nodes/s |"
    )
    print("|---|---:|---:|---:|---:|")
    places = [("processes", [])] + (
        [("cluster", ["--cluster", args.cluster])] if args.cluster else []
    )
    rates: dict[tuple[str, int], tuple[float, float]] = {}
    for place, option in places:
        for workers in WORKERS:
            pool = [*option, "--workers", str(workers)]
            start_seconds, _ = timed(["perft", "1", *pool], args.repeat)
            games_seconds, _ = timed([*selfplay, *pool], args.repeat)
            perft_seconds, nodes = timed([*perft, *pool], args.repeat)
            assert nodes == expected, (nodes, expected)
            games_rate, nodes_rate = args.games / games_seconds, int(nodes) / perft_seconds
            rates[place, workers] = (games_rate, nodes_rate)
            row = [
                place,
                workers,
                f"{start_seconds:.2f}",
                f"{games_rate:.2f}",
                f"{nodes_rate:,.0f}",
            ]
            print("| " + " | ".join(map(str, row)) + " |", flush=True)
    if args.cluster:
        print("\n| workers | cluster overhead, self-play | cluster overhead, perft |")
        print("|---:|---:|---:|")
        for workers in WORKERS:
            local, remote = rates["processes", workers], rates["cluster", workers]
            games, nodes = (local[i] / remote[i] - 1 for i in range(2))
            print(f"| {workers} | {games:+.0%} | {nodes:+.0%} |")


if __name__ == "__main__":
    main()
