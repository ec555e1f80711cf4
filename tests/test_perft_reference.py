"""Perft of the reference games (``chess``, ``xiangqi``, ``shogi``) against published counts.

The counts were computed by others, not by this project (``tests/perft.toml``, which the Rust
tests read too): the start positions and Kiwipete are the numbers docs/rules.md quotes for the
reference games (Fairy-Stockfish's for Xiangqi and Shogi), and perft positions 3-5 are those of
the chessprogramming wiki ("Perft Results"). The shallow depths
are also recounted here by the oracles (python-chess, pyffish) so that a mistyped number shows up
as such. Depths that take more than about a second in the core are marked ``slow`` and run only
when the environment variable ``MEIRIQI_DEEP_PERFT=1`` is set.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from perft_counts import CASES, PerftCase

import meiriqi

if TYPE_CHECKING:
    import chess

DEEP = os.environ.get("MEIRIQI_DEEP_PERFT") == "1"
# Counts up to this size are cheap enough for every run (well under a second in the core).
CI_NODES = 20_000_000
# Counts up to this size are recounted by the oracle: python-chess is quick, but every pyffish
# call costs milliseconds (one per node above the leaves).
ORACLE_NODES = {"chess": 100_000, "xiangqi": 2_000, "shogi": 2_000}


POSITIONS = [case for case in CASES if case.source.startswith("published")]
"""The positions whose counts others published."""


def cases(*, deep: bool) -> list[object]:
    """One test case per position and depth: the cheap ones, or (``deep``) the others."""
    return [
        pytest.param(position, depth, id=f"{position.name}-{depth}")
        for position in POSITIONS
        for depth, count in enumerate(position.counts, start=1)
        if (count > CI_NODES) == deep
    ]


@pytest.mark.parametrize(("position", "depth"), cases(deep=False))
def test_perft(position: PerftCase, depth: int) -> None:
    """The core's perft equals the published count."""
    board = meiriqi.Board(position.fen, variant=position.variant)
    before = board.fen()
    assert board.perft(depth) == position.counts[depth - 1]
    assert board.fen() == before


@pytest.mark.slow
@pytest.mark.skipif(not DEEP, reason="deep perft: set MEIRIQI_DEEP_PERFT=1")
@pytest.mark.parametrize(("position", "depth"), cases(deep=True))
def test_deep_perft(position: PerftCase, depth: int) -> None:
    """The core's perft equals the published count at the depths that take seconds or more."""
    board = meiriqi.Board(position.fen, variant=position.variant)
    assert board.perft(depth) == position.counts[depth - 1]


def oracle_perft(variant: str, fen: str, depth: int) -> int:
    """Perft counted by the oracle: python-chess for chess, pyffish otherwise."""
    if variant == "chess":
        python_chess = pytest.importorskip("chess")
        return chess_perft(python_chess.Board(fen), depth)
    sf = pytest.importorskip("pyffish")
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(oracle_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def chess_perft(board: chess.Board, depth: int) -> int:
    """Perft of a python-chess board."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize(
    ("position", "depth"),
    [
        pytest.param(position, depth, id=f"{position.name}-{depth}")
        for position in POSITIONS
        for depth, count in enumerate(position.counts, start=1)
        if count <= ORACLE_NODES[position.variant]
    ],
)
def test_published_counts_match_the_oracles(position: PerftCase, depth: int) -> None:
    """The quoted numbers are what python-chess or pyffish count (guards against typos)."""
    counted = oracle_perft(position.variant, position.fen, depth)
    assert counted == position.counts[depth - 1]
