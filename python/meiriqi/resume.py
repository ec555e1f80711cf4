"""Resuming an interrupted run (``--resume``) from the records it wrote.

A run writes its records in round order, each at once and whole, so its output file is the list
of the finished games: a prefix of complete records with rounds 1, 2, 3, ..., perhaps followed by
the beginning of one more, cut by a crash or Ctrl-C. A record counts as complete only when it
reads back without error and writes out again as exactly the same text; the file is cut after
the last complete record, and the run goes on from the next round.
"""

from __future__ import annotations

import io
import os

from meiriqi import pgn
from meiriqi.selfplay import FinishedGame

__all__ = ["finished_records"]


def finished_records(path: str, variant: str) -> list[pgn.Game]:
    """The complete records of rounds 1, 2, ... at the start of ``path`` (none when it does not
    exist), after cutting off whatever follows them. ``ValueError`` when the records are of
    another variant than ``variant``, or ``path`` is no file of records (a directory, a device,
    a binary file)."""
    if not os.path.exists(path):
        return []
    if not os.path.isfile(path):
        raise ValueError(f"{path} is not a file of game records, so there is nothing to resume")
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            text = handle.read()
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text, so it holds no records to resume") from None
    reader = io.StringIO(text)
    games: list[pgn.Game] = []
    end = 0
    while (game := pgn.read_game(reader)) is not None:
        if game.errors or game.headers.get("Round") != str(len(games) + 1):
            break
        written = FinishedGame.of(game).text
        if not text.startswith(written, end):
            break
        if game.variant() != variant:
            raise ValueError(f"{path} holds {game.headers.get('Variant')} games, not {variant}")
        games.append(game)
        end += len(written)
    if end < len(text):
        with open(path, "r+b") as handle:
            handle.truncate(len(text[:end].encode("utf-8")))
            os.fsync(handle.fileno())
    return games
