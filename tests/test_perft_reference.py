"""Perft of the reference games (``chess``, ``xiangqi``, ``shogi``) and of the games named after
Fairy-Stockfish's (``capablanca``, ``grand``, ``manchu``, ...) against published counts.

The counts were computed by others, not by this project: the start positions and Kiwipete are the
numbers docs/rules.md quotes for the reference games (Fairy-Stockfish's for Xiangqi and Shogi),
perft positions 3-5 are those of the chessprogramming wiki ("Perft Results"), and the other games'
starts are pyffish's (0.0.90), counted through move lists. The shallow depths are also recounted
here by the oracles (python-chess, pyffish) so that a mistyped number shows up as such. Depths that
take more than about a second in the core, and pyffish's recounts of more than a few thousand
calls, are marked ``slow`` and run only when the environment variable ``MEIRIQI_DEEP_PERFT=1`` is
set.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

import pytest

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


class Position(NamedTuple):
    """A perft test position: a name, its variant, its FEN and the counts from depth 1 on."""

    name: str
    variant: str
    fen: str
    counts: tuple[int, ...]


POSITIONS = [
    Position(
        "chess start",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        (20, 400, 8_902, 197_281, 4_865_609, 119_060_324),
    ),
    Position(
        "Kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        (48, 2_039, 97_862, 4_085_603, 193_690_690),
    ),
    Position(
        "CPW position 3",
        "chess",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        (14, 191, 2_812, 43_238, 674_624, 11_030_083),
    ),
    Position(
        "CPW position 4",
        "chess",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        (6, 264, 9_467, 422_333, 15_833_292),
    ),
    Position(
        "CPW position 4 mirrored",
        "chess",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        (6, 264, 9_467, 422_333, 15_833_292),
    ),
    Position(
        "CPW position 5",
        "chess",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        (44, 1_486, 62_379, 2_103_487, 89_941_194),
    ),
    Position(
        "xiangqi start",
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        (44, 1_920, 79_666, 3_290_240, 133_312_995),
    ),
    Position(
        "shogi start",
        "shogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        (30, 900, 25_470, 719_731, 19_861_490),
    ),
    *(
        Position(f"{variant} start", variant, fen, counts)
        for variant, fen, counts in [
            (
                "capablanca",
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                (28, 784, 25_228, 805_128),
            ),
            (
                "gothic",
                "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
                (28, 784, 25_283, 808_984),
            ),
            (
                "embassy",
                "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
                (28, 784, 25_281, 809_539),
            ),
            (
                "grand",
                "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
                (65, 4_225, 259_514),
            ),
            (
                "amazon",
                "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
                (22, 484, 12_483, 318_185),
            ),
            (
                "nightrider",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                (24, 576, 15_586, 419_019),
            ),
            (
                "knightmate",
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                (18, 324, 6_765, 139_774),
            ),
            (
                "hoppelpoppel",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                (20, 400, 9_034, 202_459),
            ),
            (
                "manchu",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1",
                (18, 860, 17_648, 798_554),
            ),
            (
                "shatranj",
                "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
                (16, 256, 4_176, 68_122),
            ),
            (
                "courier",
                "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
                (26, 678, 18_406, 500_337),
            ),
            (
                "makruk",
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
                (23, 529, 12_012, 273_026),
            ),
            (
                "3check",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
                (20, 400, 8_902, 197_281),
            ),
            (
                "kingofthehill",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                (20, 400, 8_902, 197_281),
            ),
            (
                "racingkings",
                "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
                (21, 421, 11_264, 296_242),
            ),
            (
                "horde",
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
                (8, 128, 1_274, 23_310),
            ),
        ]
    ),
    # Where the games' own ends cut the tree: the next check wins, a King next to the hill or
    # the last rank, White's last Pawn attacked, a count running (it cuts nothing: no claim ends
    # a game).
    Position(
        "3check, one check each to give",
        "3check",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 1+1 2 3",
        (33, 991, 32_653),
    ),
    Position(
        "kingofthehill, a King next to the hill",
        "kingofthehill",
        "4k3/8/8/8/8/2n1K3/8/4R3 w - - 0 40",
        (14, 130, 2_227),
    ),
    Position(
        "racingkings, both Kings near the last rank",
        "racingkings",
        "8/1k4K1/8/8/2r5/8/5R2/8 w - - 0 40",
        (20, 389, 5_193),
    ),
    Position(
        "horde, White's last Pawn attacked",
        "horde",
        "4k3/8/8/8/8/8/1q6/P7 b - - 0 40",
        (28, 56, 1_457),
    ),
    Position(
        "makruk, a count running",
        "makruk",
        "8/8/4k3/8/8/3K4/8/3R4 w - 32 31 20",
        (16, 101, 2_001),
    ),
]


def cases(*, deep: bool) -> list[object]:
    """One test case per position and depth: the cheap ones, or (``deep``) the others."""
    return [
        pytest.param(position, depth, id=f"{position.name}-{depth}")
        for position in POSITIONS
        for depth, count in enumerate(position.counts, start=1)
        if (count > CI_NODES) == deep
    ]


@pytest.mark.parametrize(("position", "depth"), cases(deep=False))
def test_perft(position: Position, depth: int) -> None:
    """The core's perft equals the published count."""
    board = meiriqi.Board(position.fen, variant=position.variant)
    before = board.fen()
    assert board.perft(depth) == position.counts[depth - 1]
    assert board.fen() == before


@pytest.mark.slow
@pytest.mark.skipif(not DEEP, reason="deep perft: set MEIRIQI_DEEP_PERFT=1")
@pytest.mark.parametrize(("position", "depth"), cases(deep=True))
def test_deep_perft(position: Position, depth: int) -> None:
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
    cases = []
    for position in POSITIONS:
        cheap = ORACLE_NODES.get(position.variant, FAIRY_ORACLE_NODES)
        for depth, count in enumerate(position.counts, start=1):
            slow = position.variant not in ORACLE_NODES and depth == DEEP_ORACLE_DEPTH
            if (count <= cheap and not deep) or (slow and deep):
                cases.append(pytest.param(position, depth, id=f"{position.name}-{depth}"))
    return cases


@pytest.mark.parametrize(("position", "depth"), oracle_cases(deep=False))
def test_published_counts_match_the_oracles(position: Position, depth: int) -> None:
    """The quoted numbers are what python-chess or pyffish count (guards against typos)."""
    counted = oracle_perft(position.variant, position.fen, depth)
    assert counted == position.counts[depth - 1]


@pytest.mark.slow
@pytest.mark.skipif(not DEEP, reason="deep perft: set MEIRIQI_DEEP_PERFT=1")
@pytest.mark.parametrize(("position", "depth"), oracle_cases(deep=True))
def test_deep_counts_match_the_oracles(position: Position, depth: int) -> None:
    """The other games' depth 3 is what pyffish counts (a thousand calls or more each)."""
    counted = oracle_perft(position.variant, position.fen, depth)
    assert counted == position.counts[depth - 1]
