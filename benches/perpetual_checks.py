"""Perpetual checks among the games of a ``meiriqi match`` that stopped at the ply limit.

In Xiangqi our rules have no repetition rule (RULES.md leaves perpetual check and chasing out),
so a side that checks for ever reaches the match's ply limit, a draw by adjudication; under the
Asian rules, which Fairy-Stockfish plays, it loses. For each record file this prints engine A's
score, how many games stopped at the limit with A or B giving check with each of its last
``--moves`` moves, and A's score had those games been lost by the side that gave the checks.

    python3 benches/perpetual_checks.py fsf-xiangqi.pgn [more.pgn ...]
"""

from __future__ import annotations

import argparse

from meiriqi import pgn

POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "*": (0.5, 0.5)}
"""White's and Black's points by result; a game stopped at the ply limit counts as a draw."""


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
    games = 0
    score = 0.0
    stopped = 0
    perpetual = {"A": 0, "B": 0}
    with open(path, encoding="utf-8") as records:
        while (game := pgn.read_game(records)) is not None:
            games += 1
            a_white = game.headers["White"].startswith("A")
            result = game.headers["Result"]
            white_points, black_points = POINTS[result]
            score += white_points if a_white else black_points
            if result != "*":
                continue
            stopped += 1
            for white in (True, False):
                if checking_run(game, white) >= moves:
                    perpetual["A" if white == a_white else "B"] += 1
    adjusted = score - perpetual["A"] / 2 + perpetual["B"] / 2
    return (
        f"{path}: {games} games, A scored {score:g}; {stopped} stopped at the limit, "
        f"A checking for ever in {perpetual['A']}, B in {perpetual['B']}; "
        f"A's score with those lost by the checking side: {adjusted:g}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", help="match records (PGN)")
    parser.add_argument(
        "--moves", type=int, default=20, help="checks in a row that count as perpetual"
    )
    args = parser.parse_args()
    for path in args.records:
        print(summary(path, args.moves))


if __name__ == "__main__":
    main()
