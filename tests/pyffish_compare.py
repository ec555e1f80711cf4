"""Pieces shared by the tests that play random games against pyffish (Fairy-Stockfish): reading
its scores, comparing its move lists and checks with ours, choosing the moves of a game."""

from __future__ import annotations

import random
from collections.abc import Sequence


def pyffish_winner(value: int, turn: bool) -> bool | None:
    """The winner (``True`` for White) that pyffish's ``value`` for the side to move (``turn``,
    ``True`` for White) means: ``None`` for a draw."""
    if value == 0:
        return None
    return turn if value > 0 else not turn


def moves_difference(ours: Sequence[str], theirs: Sequence[str]) -> str | None:
    """What differs between our legal moves and pyffish's (in coordinates), or ``None``."""
    if sorted(ours) == sorted(theirs):
        return None
    only_ours = sorted(set(ours) - set(theirs))
    only_theirs = sorted(set(theirs) - set(ours))
    return f"moves: ours only {only_ours}, pyffish only {only_theirs}"


def checks_difference(
    checks: Sequence[bool], sans: Sequence[str], moves: Sequence[str]
) -> str | None:
    """Where our check at each position of a game (the start's first, which must be ``False``)
    differs from pyffish's, whose SAN of ``moves`` ends with ``+`` or ``#`` exactly after a
    checking move; ``None`` if nowhere."""
    theirs = [False] + [san.endswith(("+", "#")) for san in sans]
    for index, (ours_check, their_check) in enumerate(zip(checks, theirs)):
        if ours_check != their_check:
            return f"check after {list(moves[:index])}: ours {ours_check}"
    return None


def biased_choice(
    chooser: random.Random, moves: Sequence[str], favoured: Sequence[tuple[Sequence[str], float]]
) -> str:
    """One of ``moves``: from the first of the ``favoured`` (moves, share) pools that is not
    empty and whose share the draw falls in (shares add up in order), else from all of them, so
    that rare rules come up in random games."""
    draw = chooser.random()
    bound = 0.0
    for pool, share in favoured:
        bound += share
        if pool and draw < bound:
            return chooser.choice(list(pool))
    return chooser.choice(list(moves))
