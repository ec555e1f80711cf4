"""Perpetual checks among the games of a ``meiriqi match`` that stopped at the ply limit.

In Xiangqi our rules have no repetition rule (docs/rules.md leaves perpetual check and chasing
out), so a side that checks for ever reaches the match's ply limit, a draw by adjudication;
under the Asian rules, which Fairy-Stockfish plays (and ``meiriqi match
--perpetual-check-loses``), it loses. For each record file this prints engine A's
score, how many games stopped at the limit with A or B giving check with each of its last
``--moves`` moves, and A's score had those games been lost by the side that gave the checks.

    python3 benches/perpetual_checks.py fsf-xiangqi.pgn [more.pgn ...]
"""

from __future__ import annotations

import argparse
import sys

from meiriqi import pgn
from meiriqi.match import Standing


def checking_run(game: pgn.Game, white: bool) -> int:
    """How many of the last moves of the side (White if ``white``) gave check, one after
    another, up to the game's end."""
    board = game.board()
    checks = []
    for move in game.mainline_moves():
        mover = board.turn
        board.push(move)
        if mover == white:
            checks.append(board.is_check())
    run = 0
    for check in reversed(checks):
        if not check:
            break
        run += 1
    return run


def summary(path: str, moves: int) -> str:
    """One line on the record file at ``path``."""
    games = []
    with open(path, encoding="utf-8") as records:
        while (game := pgn.read_game(records)) is not None:
            games.append(game)
    standing = Standing()
    standing.add_records(games)
    score = standing.wins + standing.draws / 2
    stopped = [game for game in games if game.headers["Result"] == "*"]
    perpetual = {"A": 0, "B": 0}
    for game in stopped:
        a_white = game.headers["White"].startswith("A")
        for white in (True, False):
            if checking_run(game, white) >= moves:
                perpetual["A" if white == a_white else "B"] += 1
    adjusted = score - perpetual["A"] / 2 + perpetual["B"] / 2
    return (
        f"{path}: {len(games)} games, A scored {score:g}; {len(stopped)} stopped at the limit, "
        f"A checking for ever in {perpetual['A']}, B in {perpetual['B']}; "
        f"A's score with those lost by the checking side: {adjusted:g}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", help="match records (PGN)")
    parser.add_argument(
        "--moves", type=int, default=20, help="checks in a row that count as perpetual"
    )
    args = parser.parse_args()
    for path in args.records:
        try:
            print(summary(path, args.moves))
        except (OSError, ValueError, KeyError) as error:
            print(
                f"perpetual_checks: {path}: not a readable match record: {error}", file=sys.stderr
            )
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
