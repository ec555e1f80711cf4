"""Cross-checks of the movement mechanisms against Fairy-Stockfish (pyffish, the oracle).

Each game uses mechanisms that Fairy-Stockfish plays and no older reference game has:

- ``grasshopper`` (built in, Fairy-Stockfish's game of that name): Grasshoppers (``gQ``);
- ``janggi-moves`` (``tests/variants/``): Janggi's palace lines, its Elephant's lame leap through
  two squares and its Cannon, which may neither jump nor capture a Cannon; Fairy-Stockfish's
  ``janggi`` without passing and bikjang;
- ``tori-moves``: Tori Shogi's pieces, whose quails differ left from right (Black's moves are
  White's turned half a turn); Fairy-Stockfish's ``torishogi`` without drops;
- ``hoppers``: hoppers of limited range (Cannon Shogi's), Grasshoppers and hoppers that only move
  or only capture, as custom pieces of both programs.

For each, perft 1-3 from the start equals pyffish's (counted with move lists), and in random
games (biased towards captures) every position has the same FEN (``get_fen`` move by move), the
same legal moves in coordinate notation, and the same check (pyffish's SAN of the whole game:
``+`` or ``#`` after a checking move). A variant loaded into pyffish stays loaded, so all of it
runs in a worker process of its own, out of the way of the other tests.
"""

from __future__ import annotations

import concurrent.futures
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meiriqi

sf = pytest.importorskip("pyffish")

TEST_VARIANTS = Path(__file__).parent / "variants"

GAMES: dict[str, tuple[str, str]] = {
    "grasshopper": ("grasshopper", ""),
    "janggi-moves": (
        "janggimoves",
        "[janggimoves:janggi]\npass = false\nbikjangRule = false\nperpetualCheckIllegal = false\n",
    ),
    "tori-moves": (
        "torimoves",
        "[torimoves:torishogi]\npieceDrops = false\ncapturesToHand = false\n",
    ),
    "hoppers": (
        "movementhoppers",
        "[movementhoppers:chess]\npieceToCharTable = -\ncastling = false\ndoubleStep = false\n"
        "customPiece1 = a:pR2\ncustomPiece2 = w:mRpRmFpB2\ncustomPiece3 = f:mBpBmWpR2\n"
        "customPiece4 = g:gQ\ncustomPiece5 = c:mpRcgB\ncustomPiece6 = h:mgQcpR3\n"
        "promotionPieceTypes = awfgch\n"
        "startFen = cwfakghc/pppppppp/8/8/8/8/PPPPPPPP/CWFAKGHC w - - 0 1\n",
    ),
}
"""Our game's name: the name of the same game in pyffish, and the configuration that defines it
there (none for a game pyffish has built in)."""

# Every pyffish call costs milliseconds (it sets its variant up afresh): two per ply, so the games
# are few and short in the "ci" profile; "thorough" plays hundreds per game.
GAMES_PER_TEST = max(2, settings().max_examples // 16)
PLIES = 80
CAPTURE_SHARE = 0.6

_LOADED: dict[str, meiriqi.Variant] = {}
"""In the worker: our variant of each game, once its pyffish twin is loaded."""


def _variant(name: str) -> meiriqi.Variant:
    """In the worker: our variant called ``name``, its twin loaded into pyffish."""
    if name not in _LOADED:
        config = GAMES[name][1]
        if config:
            sf.load_variant_config(config)
            _LOADED[name] = meiriqi.Variant.load(TEST_VARIANTS / f"{name}.toml")
        else:
            _LOADED[name] = meiriqi.Variant(name)
    return _LOADED[name]


def _perft(name: str, depth: int) -> tuple[int, int]:
    """In the worker: perft ``depth`` of the game's start, ours and pyffish's (move lists)."""
    variant = _variant(name)
    theirs = GAMES[name][0]
    start = sf.start_fen(theirs)

    def count(moves: list[str], left: int) -> int:
        replies = sf.legal_moves(theirs, start, moves)
        if left == 1:
            return len(replies)
        return sum(count([*moves, reply], left - 1) for reply in replies)

    ours = meiriqi.Board(variant=variant).perft(depth)
    return ours, count([], depth)


def _play(name: str, seed: int) -> tuple[str | None, Counter[str]]:
    """In the worker: a random game of ``name`` from ``seed``, played by both programs; the first
    difference found (with the start and the moves that led there), or ``None``, and what was
    compared."""
    variant = _variant(name)
    theirs = GAMES[name][0]
    chooser = random.Random(seed)
    stats: Counter[str] = Counter()
    start = sf.get_fen(theirs, sf.start_fen(theirs), [])
    board = meiriqi.Board(variant=variant)
    fen = start
    moves: list[str] = []
    checks: list[bool] = []

    def where() -> str:
        return f"at {fen} (from {start} after {' '.join(moves) or 'no move'})"

    if board.fen() != start:
        return f"start: ours {board.fen()}, pyffish {start}", stats
    for _ in range(PLIES + 1):
        ours = sorted(board.legal_moves_uci())
        expected = sorted(sf.legal_moves(theirs, fen, []))
        if ours != expected:
            only_ours = sorted(set(ours) - set(expected))
            only_theirs = sorted(set(expected) - set(ours))
            return f"moves: ours only {only_ours}, pyffish only {only_theirs} {where()}", stats
        checks.append(board.is_check())
        stats[f"{name} positions"] += 1
        if not ours or len(moves) == PLIES:
            break
        captures = [uci for uci in ours if board.is_capture(board.parse_uci(uci))]
        pool = captures if captures and chooser.random() < CAPTURE_SHARE else ours
        uci = chooser.choice(pool)
        stats[f"{name} captures" if uci in captures else f"{name} quiet moves"] += 1
        board.push_uci(uci)
        moves.append(uci)
        fen = sf.get_fen(theirs, fen, [uci])
        if board.fen() != fen:
            return f"FEN after {uci}: ours {board.fen()}, pyffish {where()}", stats
    sans = sf.get_san_moves(theirs, start, moves, False, sf.NOTATION_SAN)
    expected_checks = [sf.gives_check(theirs, start, [])]
    expected_checks += [san.endswith(("+", "#")) for san in sans]
    for index, (ours_check, their_check) in enumerate(zip(checks, expected_checks)):
        if ours_check != their_check:
            return f"check after {moves[:index]}: ours {ours_check} (from {start})", stats
    stats[f"{name} games"] += 1
    return None, stats


@pytest.mark.parametrize("name", sorted(GAMES))
def test_perft_of_the_start_is_fairy_stockfishs(
    worker: concurrent.futures.ProcessPoolExecutor, name: str
) -> None:
    for depth in (1, 2, 3):
        ours, theirs = worker.submit(_perft, name, depth).result(timeout=300)
        assert ours == theirs, f"{name} perft({depth}): ours {ours}, pyffish {theirs}"


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=GAMES_PER_TEST)
@given(seed=st.integers(0, 2**32))
def test_random_games_agree_with_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor,
    crosscheck_stats: Counter[str],
    name: str,
    seed: int,
) -> None:
    difference, stats = worker.submit(_play, name, seed).result(timeout=300)
    crosscheck_stats.update(stats)
    assert difference is None, f"{name}: {difference}"
