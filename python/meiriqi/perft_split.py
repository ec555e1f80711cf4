"""Perft over a pool of workers: the tree cut into subtrees that are counted as separate tasks.

The cut is made a ply or more below the root, deep enough for :data:`SUBTREES_PER_WORKER`
subtrees per worker, so that a few heavy root moves cannot leave the other workers idle; the
subtrees are dealt round-robin into :data:`TASKS_PER_WORKER` tasks per worker and counted on one
thread each. The counts are added up per root move, so the total and the divide are exactly those
of :meth:`Board.perft_divide`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from meiriqi import Board, Move
from meiriqi.distributed import TaskPool

__all__ = [
    "SUBTREES_PER_WORKER",
    "TASKS_PER_WORKER",
    "Subtree",
    "count",
    "perft_divide",
    "perft_in_steps",
    "split",
]

SUBTREES_PER_WORKER = 64
"""How many subtrees per worker the cut aims for, at least."""
TASKS_PER_WORKER = 8
"""How many tasks per worker the subtrees are dealt into."""
STEPS = 1000
"""How many subtrees :func:`perft_in_steps` aims for: steps of a progress bar."""


@dataclass(frozen=True)
class Subtree:
    """The position ``board`` below the root move ``root`` (coordinate notation), whose leaves
    ``depth`` plies further down are to be counted."""

    root: str
    board: Board
    depth: int


def split(board: Board, depth: int, subtrees: int) -> list[Subtree]:
    """The tree of ``board`` (``depth`` >= 1 plies) cut at the first ply with at least
    ``subtrees`` positions (at the leaves when the tree has fewer)."""
    frontier = [_child(move.uci(), board, move, depth - 1) for move in board.legal_moves]
    while frontier and frontier[0].depth > 0 and len(frontier) < subtrees:
        frontier = [
            _child(part.root, part.board, move, part.depth - 1)
            for part in frontier
            for move in part.board.legal_moves
        ]
    return frontier


def _child(root: str, board: Board, move: Move, depth: int) -> Subtree:
    """The subtree after ``move`` in ``board``."""
    child = board.copy()
    child.push(move)
    return Subtree(root, child, depth)


def count(batch: list[Subtree]) -> Counter[str]:
    """The leaves of each subtree of ``batch``, added up per root move (one task)."""
    counts: Counter[str] = Counter()
    for part in batch:
        counts[part.root] += part.board.perft(part.depth, threads=1) if part.depth else 1
    return counts


def perft_divide(
    board: Board, depth: int, pool: TaskPool, *, subtrees: int | None = None
) -> dict[str, int]:
    """:meth:`Board.perft_divide` computed by ``pool``'s workers (``depth`` >= 1), on at least
    ``subtrees`` subtrees (:data:`SUBTREES_PER_WORKER` per worker by default; see
    :func:`split`)."""
    wanted = SUBTREES_PER_WORKER * pool.workers if subtrees is None else subtrees
    parts = split(board, depth, wanted)
    tasks = max(1, min(len(parts), TASKS_PER_WORKER * pool.workers))
    batches = [parts[start::tasks] for start in range(tasks)]
    totals: Counter[str] = Counter({move.uci(): 0 for move in board.legal_moves})
    for _, counts in pool.run(count, batches):
        totals.update(counts)
    return dict(totals)


def perft_in_steps(
    board: Board,
    depth: int,
    progress: Callable[[int, int], object],
    *,
    threads: int | None = None,
) -> dict[str, int]:
    """:meth:`Board.perft_divide` counted subtree after subtree (about :data:`STEPS` of them,
    each on ``threads`` threads), calling
    ``progress(done, total)`` after each: a progress bar's steps. ``depth`` >= 1."""
    parts = split(board, depth, STEPS)
    totals: Counter[str] = Counter({move.uci(): 0 for move in board.legal_moves})
    for done, part in enumerate(parts, 1):
        totals[part.root] += part.board.perft(part.depth, threads=threads) if part.depth else 1
        progress(done, len(parts))
    return dict(totals)
