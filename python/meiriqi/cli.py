"""The ``meiriqi`` command line."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from meiriqi import Board, InvalidFenError


def _perft(args: argparse.Namespace) -> int:
    """``meiriqi perft DEPTH [--fen FEN] [--divide] [--threads N]``."""
    try:
        board = Board(args.fen)
    except InvalidFenError as error:
        print(f"meiriqi perft: {error}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if args.divide:
        counts = board.perft_divide(args.depth, threads=args.threads)
        for uci, count in sorted(counts.items()):
            print(f"{uci}: {count}")
        total = sum(counts.values())
        print(f"\nNodes: {total}")
    else:
        total = board.perft(args.depth, threads=args.threads)
        print(total)
    if args.time:
        seconds = time.perf_counter() - start
        print(f"{seconds:.3f} s, {total / max(seconds, 1e-9):,.0f} nodes/s", file=sys.stderr)
    return 0


def _depth(text: str) -> int:
    """A perft depth: a whole number from 0 to 20."""
    try:
        depth = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid depth {text!r}: expected a whole number"
        ) from None
    if not 0 <= depth <= 20:
        raise argparse.ArgumentTypeError(f"invalid depth {depth}: expected 0 to 20")
    return depth


def _threads(text: str) -> int:
    """A thread count: a whole number from 1."""
    try:
        threads = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid thread count {text!r}") from None
    if threads < 1:
        raise argparse.ArgumentTypeError(f"invalid thread count {threads}: expected 1 or more")
    return threads


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="meiriqi", description="Mĕirìqí (Beautiful Sun Chess): play, count and convert."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    perft = commands.add_parser("perft", help="count the leaves of the legal move tree")
    perft.add_argument("depth", type=_depth, help="number of plies")
    perft.add_argument("--fen", help="start from this position instead of the initial one")
    perft.add_argument("--divide", action="store_true", help="print the count below each move")
    perft.add_argument("--threads", type=_threads, help="worker threads (default: all cores)")
    perft.add_argument("--time", action="store_true", help="print the time and speed to stderr")
    perft.set_defaults(run=_perft)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return int(args.run(args))
