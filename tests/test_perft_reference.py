"""Perft of the reference games (``chess``, ``xiangqi``, ``shogi``) and of the games named after
Fairy-Stockfish's (``capablanca``, ``grand``, ``manchu``, ...) against published counts.

The counts were computed by others, not by this project (``tests/perft.toml``, which the Rust
tests read too): the start positions and Kiwipete are the numbers docs/rules.md quotes for the
reference games (Fairy-Stockfish's for Xiangqi and Shogi), perft positions 3-5 are those of the
chessprogramming wiki ("Perft Results"), and the other games' starts are pyffish's (0.0.90),
counted through move lists. The shallow depths are also recounted here by the oracles
(python-chess, pyffish) so that a mistyped number shows up as such. Depths that take more than
about a second in the core, and pyffish's recounts of more than a few thousand calls, are marked
``slow`` and run only when the environment variable ``MEIRIQI_DEEP_PERFT=1`` is set.
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
# call costs milliseconds (one per node above the leaves). The other games: up to depth 2.
ORACLE_NODES = {"chess": 100_000, "xiangqi": 2_000, "shogi": 2_000}
FAIRY_ORACLE_NODES = 5_000
# pyffish's recount of the other games' depth 3 (thousands of calls each): only when deep.
DEEP_ORACLE_DEPTH = 3


POSITIONS = [case for case in CASES if not case.source.startswith("this project")]
"""The positions whose counts others computed."""


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


def oracle_perft(variant: str, fen: str, depth: int, played: tuple[str, ...] = ()) -> int:
    """Perft counted by the oracle: python-chess for chess, pyffish otherwise, through move
    lists (the moves ``played`` from ``fen``), so that rules that look at the moves before, as
    some of Fairy-Stockfish's games' do, count as it counts them."""
    if variant == "chess":
        python_chess = pytest.importorskip("chess")
        return chess_perft(python_chess.Board(fen), depth)
    sf = pytest.importorskip("pyffish")
    moves = sf.legal_moves(variant, fen, list(played))
    if depth == 1:
        return len(moves)
    return sum(oracle_perft(variant, fen, depth - 1, (*played, m)) for m in moves)


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


def oracle_cases(*, deep: bool) -> list[object]:
    """One case per position and depth the oracle recounts: the cheap ones, or (``deep``) the
    other games' depth 3."""
    cases: list[object] = []
    for position in POSITIONS:
        cheap = ORACLE_NODES.get(position.variant, FAIRY_ORACLE_NODES)
        for depth, count in enumerate(position.counts, start=1):
            slow = position.variant not in ORACLE_NODES and depth == DEEP_ORACLE_DEPTH
            if (count <= cheap and not deep) or (slow and deep):
                cases.append(pytest.param(position, depth, id=f"{position.name}-{depth}"))
    return cases


@pytest.mark.parametrize(("position", "depth"), oracle_cases(deep=False))
def test_published_counts_match_the_oracles(position: PerftCase, depth: int) -> None:
    """The quoted numbers are what python-chess or pyffish count (guards against typos)."""
    counted = oracle_perft(position.variant, position.fen, depth)
    assert counted == position.counts[depth - 1]


@pytest.mark.slow
@pytest.mark.skipif(not DEEP, reason="deep perft: set MEIRIQI_DEEP_PERFT=1")
@pytest.mark.parametrize(("position", "depth"), oracle_cases(deep=True))
def test_deep_counts_match_the_oracles(position: PerftCase, depth: int) -> None:
    """The other games' depth 3 is what pyffish counts (a thousand calls or more each)."""
    counted = oracle_perft(position.variant, position.fen, depth)
    assert counted == position.counts[depth - 1]


@pytest.mark.parametrize(
    "position",
    [position for position in POSITIONS if position.name == f"{position.variant} start"],
    ids=lambda position: position.name,
)
def test_a_start_is_its_variants_start(position: PerftCase) -> None:
    """A start's counts are the variant's own: the FEN counted is the one the variant starts
    from."""
    assert position.fen == meiriqi.Variant(position.variant).starting_fen
