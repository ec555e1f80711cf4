"""Cross-checks of ``janggi`` against Fairy-Stockfish's game of that name (pyffish, the oracle):
passing, bikjang and the material count that scores the games they end.

pyffish is always given the start and the whole move list, so that it keeps the history its
rules read (two passes in a row, a pass in bikjang): a FEN alone forgets them. In random games,
biased towards captures and passes, every position has the same FEN, the same legal moves in
coordinate notation and the same check (pyffish's SAN of the whole game: ``+`` or ``#`` after a
checking move); where pyffish has no legal move, the game is over for us too, with its winner
(``game_result``); where it ends the game by a rule (``is_immediate_game_end``), ours says why.
Chosen lines play the passes and bikjang out. The games run in a worker process of their own,
out of the way of the other tests' pyffish variants.
"""

from __future__ import annotations

import concurrent.futures
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyffish_compare import biased_choice, checks_difference, moves_difference, pyffish_winner

import meiriqi

sf = pytest.importorskip("pyffish")

VARIANT = "janggi"
START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

# Every pyffish call replays the game: the games are few and short in the "ci" profile.
GAMES_PER_TEST = max(3, settings().max_examples // 12)
PLIES = 120
CAPTURE_SHARE = 0.5
PASS_SHARE = 0.05


def _compare_end(board: meiriqi.Board, moves: list[str]) -> str | None:
    """Where the game is over (pyffish has no legal move): the difference in who won and why."""
    outcome = board.outcome()
    if outcome is None:
        return "pyffish ends the game, ours goes on"
    expected = pyffish_winner(sf.game_result(VARIANT, START, moves), board.turn)
    if outcome.winner != expected:
        return f"{outcome}: pyffish's winner is {expected}"
    by_rule, _ = sf.is_immediate_game_end(VARIANT, START, moves)
    passing = outcome.termination in (
        meiriqi.Termination.DOUBLE_PASS,
        meiriqi.Termination.BIKJANG,
    )
    if by_rule != passing:
        return f"{outcome}: pyffish's immediate end is {by_rule}"
    return None


def _play(seed: int) -> tuple[str | None, Counter[str]]:
    """In the worker: a random game from ``seed``, played by both programs; the first difference
    (with the moves that led there), or ``None``, and what was compared."""
    chooser = random.Random(seed)
    stats: Counter[str] = Counter()
    board = meiriqi.Board(variant=VARIANT)
    moves: list[str] = []
    checks: list[bool] = []

    def where() -> str:
        return f"after {' '.join(moves) or 'no move'}"

    for _ in range(PLIES + 1):
        ours = sorted(board.legal_moves_uci())
        difference = moves_difference(ours, sf.legal_moves(VARIANT, START, moves))
        if difference is not None:
            return f"{difference} {where()}", stats
        fen = sf.get_fen(VARIANT, START, moves)
        if board.fen() != fen:
            return f"FEN: ours {board.fen()}, pyffish {fen} {where()}", stats
        checks.append(board.is_check())
        stats["janggi positions"] += 1
        if not ours:
            difference = _compare_end(board, moves)
            if difference is not None:
                return f"end: {difference} {where()}", stats
            stats[f"janggi ends: {board.outcome()}"] += 1
            break
        if len(moves) == PLIES:
            break
        captures = [uci for uci in ours if board.is_capture(board.parse_uci(uci))]
        passes = [uci for uci in ours if meiriqi.Move.from_uci(uci, VARIANT).is_pass]
        uci = biased_choice(chooser, ours, [(passes, PASS_SHARE), (captures, CAPTURE_SHARE)])
        stats["janggi passes" if uci in passes else "janggi moves"] += 1
        board.push_uci(uci)
        moves.append(uci)
    sans = sf.get_san_moves(VARIANT, START, moves, False, sf.NOTATION_SAN)
    difference = checks_difference(checks, sans, moves)
    if difference is not None:
        return difference, stats
    # pyffish's SAN (Horse H, Elephant E, Soldiers with P) is read as the move it names.
    reader = meiriqi.Board(variant=VARIANT)
    for index, (uci, san) in enumerate(zip(moves, sans)):
        if reader.parse_san(san).uci() != uci:
            return f"SAN {san} after {moves[:index]} is not read as {uci}", stats
        reader.push_uci(uci)
    stats["janggi games"] += 1
    return None, stats


def _line(moves: list[str]) -> list[str]:
    """In the worker: ``moves`` from the start, with every difference from pyffish on the way
    (legal moves, FEN, the SAN of a pass and the end where pyffish has no legal move)."""
    board = meiriqi.Board(variant=VARIANT)
    differences = []
    for index in range(len(moves) + 1):
        played = moves[:index]
        expected = sorted(sf.legal_moves(VARIANT, START, played))
        if sorted(board.legal_moves_uci()) != expected:
            differences.append(f"moves after {played}: pyffish {expected}")
        if board.fen() != sf.get_fen(VARIANT, START, played):
            differences.append(f"FEN after {played}")
        if not expected:
            difference = _compare_end(board, played)
            if difference is not None:
                differences.append(f"end after {played}: {difference}")
        if index < len(moves):
            uci = moves[index]
            move = board.parse_uci(uci)
            # Our SAN keeps our letters and Pawn conventions for the pieces (Fairy-Stockfish
            # writes the Horse H, the Elephant E and Soldiers with P); a pass is written alike.
            if move.is_pass:
                san = sf.get_san(VARIANT, sf.get_fen(VARIANT, START, played), uci)
                if board.san(move) != san:
                    differences.append(f"SAN of {uci} after {played}: pyffish {san}")
            board.push(move)
    return differences


def test_the_start_is_fairy_stockfishs() -> None:
    assert meiriqi.Board(variant=VARIANT).fen() == sf.get_fen(VARIANT, sf.start_fen(VARIANT), [])
    assert sf.start_fen(VARIANT) == START


LINES = {
    "two passes": ["e2e2", "e9e9"],
    "a pass, a move, a pass": ["e2e2", "b10c8", "e2e2", "e9e9"],
    "bikjang, then a pass": ["e4d4", "e7f7", "e2e2"],
    "bikjang broken": ["e4d4", "e7f7", "e2d2", "e9e9", "d2e2"],
    "bikjang made by a King": ["e4d4", "e7f7", "e2f2", "e9e9", "f2e2", "e9e9"],
    "White a Chariot ahead when passing ends it": ["a4b4", "a7b7", "a1a10", "e9e9", "e2e2"],
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_lines_agree_with_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor, name: str
) -> None:
    differences = worker.submit(_line, LINES[name]).result(timeout=300)
    assert differences == []


def test_a_pass_is_illegal_in_check_but_not_in_bikjang() -> None:
    # The Black Chariot on e10 gives check along the open file: no pass.
    board = meiriqi.Board("4r4/9/3k5/9/9/9/9/9/4K4/9 w - - 0 1", variant=VARIANT)
    assert board.is_check()
    assert "e2e2" not in board.legal_moves_uci()
    # Kings facing with a Chariot checking from the side: the pass is still legal.
    board = meiriqi.Board("9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1", variant=VARIANT)
    assert board.is_check()
    assert "e2e2" in board.legal_moves_uci()


def test_passes_in_every_notation() -> None:
    board = meiriqi.Board(variant=VARIANT)
    move = board.parse_san("Ke2")
    assert move.is_pass
    assert move == meiriqi.Move.from_uci("e2e2", VARIANT)
    assert move.uci() == "e2e2"
    assert bool(move)
    with pytest.raises(meiriqi.InvalidMoveError, match="same square"):
        meiriqi.Move.from_uci("e2e2", "xiangqi")
    board.push(move)
    board.push_san("Ke9")
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.termination == meiriqi.Termination.DOUBLE_PASS
    # Material is level: Black's komi wins.
    assert outcome.result() == "0-1"


@settings(max_examples=GAMES_PER_TEST)
@given(seed=st.integers(0, 2**32))
def test_random_games_agree_with_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor,
    crosscheck_stats: Counter[str],
    seed: int,
) -> None:
    difference, stats = worker.submit(_play, seed).result(timeout=600)
    crosscheck_stats.update(stats)
    assert difference is None, difference
