"""Speed at the Python boundary: small calls, SAN and game records, against python-chess.

    python3 benches/boundary.py            # the run recorded in benches/RESULTS.md
    python3 benches/boundary.py --quick    # tiny runs (CI: does it still work?)

Prints Markdown tables:

- small calls on the Mĕirìqí start: ``perft(1)`` and ``search(depth=1)``, the mean (the figure
  asked for) and the median over 41 calls, and depth-1 self-play games per second;
- chess against python-chess on the same work: ``push_san`` per ply, reading a PGN of 300 random
  games (each tagged ``[Variant "chess"]``, made with python-chess from a fixed seed) and
  replaying every move, and writing each game's record (``str(Game.from_board(board))``). The
  two libraries alternate and each keeps its best run, so that a load that comes and goes on a
  shared machine touches both alike.

The same script runs on an older build of meiriqi (a second checkout installed in a virtual
environment) for the before-and-after figures.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import random
import statistics
import time
from collections.abc import Callable

import meiriqi
from meiriqi import pgn

CALLS = 41
"""How many small calls each mean is taken over."""
ALTERNATIONS = 5
"""How many times each library is measured in the chess table, alternating."""


def small_call(call: Callable[[], object], calls: int) -> tuple[float, float]:
    """The mean and median seconds of ``calls`` calls of ``call`` (after one to warm up)."""
    call()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.mean(times), statistics.median(times)


def self_play_games(games: int) -> float:
    """Games per second of depth-1 self-play on the Mĕirìqí start, each up to 200 plies, the
    loop a learning program runs: search, push, until the game ends."""
    start = time.perf_counter()
    for _ in range(games):
        board = meiriqi.Board()
        while board.ply() < 200 and not board.is_game_over():
            move = board.search(depth=1).move
            assert move is not None
            board.push(move)
    return games / (time.perf_counter() - start)


def small_calls_table(*, quick: bool) -> None:
    """The small calls' table: ``perft(1)`` and ``search(depth=1)`` on the Mĕirìqí start (mean
    and median over ``CALLS`` calls), and depth-1 self-play games per second."""
    board = meiriqi.Board()
    calls = 3 if quick else CALLS
    print("| Mĕirìqí start | mean | median |")
    print("|---|---:|---:|")
    for name, call in (
        ("perft(1)", lambda: board.perft(1)),
        ("search(depth=1)", lambda: board.search(depth=1)),
    ):
        mean, median = small_call(call, calls)
        print(f"| {name}, {calls} calls | {mean * 1e3:.3f} ms | {median * 1e3:.3f} ms |")
    games = self_play_games(1 if quick else 10)
    print(f"| depth-1 self-play, 200 plies at most | {games:.2f} games/s | |\n")


def random_chess_games(count: int, seed: int = 1) -> list[str]:
    """``count`` records of random chess games made by python-chess (up to 200 plies each),
    tagged ``[Variant "chess"]``."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    records = []
    for _ in range(count):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Variant"] = "chess"
        records.append(str(game))
    return records


def best_rate(work: Callable[[], int], rounds: int) -> float:
    """The best of ``rounds`` runs of ``work`` (which returns the plies it did), in plies/s."""
    best = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        plies = work()
        best = max(best, plies / (time.perf_counter() - start))
    return best


def read_and_replay(module: object, text: str) -> int:
    """Reads every game of ``text`` with ``module.read_game`` and replays its main line on a
    new board; the plies replayed."""
    handle = io.StringIO(text)
    plies = 0
    while (game := module.read_game(handle)) is not None:  # type: ignore[attr-defined]
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
    return plies


def write_records(module: object, boards: list[object]) -> int:
    """Writes ``str(module.Game.from_board(board))`` for every board; the plies written."""
    for board in boards:
        str(module.Game.from_board(board))  # type: ignore[attr-defined]
    return sum(len(board.move_stack) for board in boards)  # type: ignore[attr-defined]


def push_san_plies(board_class: Callable[[], object], sans: list[list[str]]) -> int:
    """Plays every game of ``sans`` with ``push_san`` on a new board; the plies played."""
    for game in sans:
        board = board_class()
        for san in game:
            board.push_san(san)  # type: ignore[attr-defined]
    return sum(len(game) for game in sans)


def chess_table(games: int, rounds: int) -> None:
    """The chess table: meiriqi against python-chess on the same records."""
    import chess
    import chess.pgn

    text = "\n\n".join(random_chess_games(games)) + "\n"
    theirs = []
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        theirs.append(game.end().board())
    handle = io.StringIO(text)
    ours = []
    while (game := pgn.read_game(handle)) is not None:
        ours.append(game.end().board())
    sans = [[node.san() for node in chess.pgn.Game.from_board(b).mainline()] for b in theirs]
    chess_board = lambda: meiriqi.Board(variant="chess")  # noqa: E731
    rows: list[tuple[str, Callable[[], int], Callable[[], int]]] = [
        (
            "push_san",
            lambda: push_san_plies(chess_board, sans),
            lambda: push_san_plies(chess.Board, sans),
        ),
        (
            f"read a PGN of {games} games and replay every move",
            lambda: read_and_replay(pgn, text),
            lambda: read_and_replay(chess.pgn, text),
        ),
        (
            "write each game (str(Game.from_board(board)))",
            lambda: write_records(pgn, ours),
            lambda: write_records(chess.pgn, theirs),
        ),
    ]
    print("| chess | meiriqi | python-chess | ratio |")
    print("|---|---:|---:|---:|")
    for name, fast_work, slow_work in rows:
        fast = slow = 0.0
        for _ in range(ALTERNATIONS):
            fast = max(fast, best_rate(fast_work, rounds))
            slow = max(slow, best_rate(slow_work, rounds))
        print(f"| {name} | {fast:,.0f} plies/s | {slow:,.0f} plies/s | {fast / slow:,.1f}x |")


def main() -> None:
    """Runs every measurement and prints the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny runs, only to check they work")
    args = parser.parse_args()
    print(
        f"{time.strftime('%Y-%m-%d')}, meiriqi from {os.path.dirname(meiriqi.__file__)}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores\n"
    )
    small_calls_table(quick=args.quick)
    chess_table(3 if args.quick else 300, 1 if args.quick else 2)


if __name__ == "__main__":
    main()
