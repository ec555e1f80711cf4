"""Self-play: the computer against itself, written as game records (``meiriqi selfplay``).

Games are of one ``variant`` (Mĕirìqí unless told); the records carry its ``Variant`` tag. Each
game starts with a few random plies (``opening_plies``, drawn from the seeded generator) so that a
deterministic search does not play the same game every time. A game ends by checkmate, stalemate
(a win in Mĕirìqí, Xiangqi and Shogi, which have no draws; a draw in Yáng Qí and chess), the other
draws of Yáng Qí and chess (insufficient material, seventy-five moves, fivefold repetition, and
the fifty-move and threefold-repetition draws, which the players always claim), or, at
``max_plies``, by adjudication: the record then
has ``[Result "*"]`` (the game was not decided) and ``[Termination "adjudication"]``, and a
comment after the last move says why it stopped.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter
from typing import TextIO

from meiriqi import Board, engine, pgn

__all__ = ["play_game", "progress_bar", "record", "run"]


def play_game(
    *,
    rng: random.Random,
    time: float | None = None,
    depth: int | None = None,
    max_plies: int = 500,
    opening_plies: int = 2,
    variant: str = "meiriqi",
) -> Board:
    """One game of ``variant`` from its starting position; returns the final board with the
    moves played. A draw that may be claimed is claimed."""
    board = Board(variant=variant)
    while board.ply() < max_plies and not board.is_game_over(claim_draw=True):
        if board.ply() < opening_plies:
            board.push(rng.choice(board.legal_moves))
        else:
            board.push(engine.best_move(board, time=time, depth=depth))
    return board


def record(board: Board, *, round_number: int, max_plies: int) -> pgn.Game:
    """The game record of a self-play game, with its result and how it ended (a draw that may
    be claimed counts as claimed)."""
    game = pgn.Game.from_board(board, claim_draw=True)
    game.headers.update(
        Event="meiriqi self-play",
        Site="meiriqi",
        Date=datetime.date.today().strftime("%Y.%m.%d"),
        Round=str(round_number),
        White="meiriqi",
        Black="meiriqi",
        PlyCount=str(board.ply()),
    )
    if board.outcome(claim_draw=True) is None:
        game.headers["Result"] = "*"
        game.headers["Termination"] = "adjudication"
        game.end().comment = f"stopped at the limit of {max_plies} plies; no result"
    return game


def progress_bar(done: int, total: int, width: int = 20) -> str:
    """``"[#####...............] 5/20 games"``."""
    filled = width * done // max(total, 1)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"


def run(
    games: int,
    out: TextIO,
    *,
    progress: TextIO,
    seed: int | None = None,
    time: float | None = None,
    depth: int | None = None,
    max_plies: int = 500,
    opening_plies: int = 2,
    variant: str = "meiriqi",
) -> Counter[str]:
    """Plays ``games`` games of ``variant``, writing each record to ``out`` as soon as it ends and
    a progress bar to ``progress``; returns how many games ended each way (``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"``, ``"*"``)."""
    rng = random.Random(seed)
    results: Counter[str] = Counter()
    end = "\r" if progress.isatty() else "\n"
    progress.write(progress_bar(0, games) + end)
    for number in range(1, games + 1):
        board = play_game(
            rng=rng,
            time=time,
            depth=depth,
            max_plies=max_plies,
            opening_plies=opening_plies,
            variant=variant,
        )
        game = record(board, round_number=number, max_plies=max_plies)
        pgn.write_game(game, out)
        out.flush()
        results[game.headers["Result"]] += 1
        progress.write(progress_bar(number, games) + end)
        progress.flush()
    if end == "\r":
        progress.write("\n")
    return results
