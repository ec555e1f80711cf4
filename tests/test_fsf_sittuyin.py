"""Cross-checks of ``sittuyin`` against Fairy-Stockfish's game of that name (pyffish, the oracle):
the setup phase (every piece but the Pawns dropped first, on the first three ranks, the Rooks on
the first), the promotion in place (``g7g7f``, ``g7h8f``; SAN ``g7=F``, ``g7h8=F``), the ASEAN
counting of an ending and the stalemate a lone King and Pawn that may only promote may claim.

pyffish is always given the start and the whole move list, so that it keeps the history its
rules read (repetitions). In random games, biased towards promotions and captures, every position
has the same FEN, the same legal moves in coordinate notation, the same check (pyffish's SAN of
the whole game: ``+`` or ``#`` after a checking move), the same draw to claim
(``is_optional_game_end``) and, where pyffish has no legal move, the same end and winner
(``game_result``); the SAN of every move is pyffish's. The games run in a worker process of their
own, out of the way of the other tests' pyffish variants. ``MEIRIQI_HYPOTHESIS_PROFILE=thorough``
plays many more.
"""

from __future__ import annotations

import concurrent.futures
import io
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyffish_compare import biased_choice, checks_difference, moves_difference, pyffish_winner

import meiriqi
from meiriqi import pgn, repl

sf = pytest.importorskip("pyffish")

VARIANT = "sittuyin"
START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"

# Every pyffish call replays the game: the games are few in the "ci" profile.
GAMES_PER_TEST = max(3, settings().max_examples // 12)
PLIES = 200
CAPTURE_SHARE = 0.5
PROMOTION_SHARE = 0.5


def _compare_ply(board: meiriqi.Board, moves: list[str]) -> str | None:
    """The first difference from pyffish in the position after ``moves``: legal moves, FEN, the
    draw to claim, and the end where pyffish has no legal move."""
    ours = board.legal_moves_uci()
    difference = moves_difference(ours, sf.legal_moves(VARIANT, START, moves))
    if difference is not None:
        return difference
    fen = sf.get_fen(VARIANT, START, moves)
    if board.fen() != fen:
        return f"FEN: ours {board.fen()}, pyffish {fen}"
    if not ours:
        outcome = board.outcome()
        if outcome is None:
            return "pyffish ends the game, ours goes on"
        expected_winner = pyffish_winner(sf.game_result(VARIANT, START, moves), board.turn)
        if outcome.winner != expected_winner:
            return f"{outcome}: pyffish's winner is {expected_winner}"
        return None
    if board.outcome() is not None:
        return f"ours ends the game ({board.outcome()}), pyffish goes on"
    claimable, value = sf.is_optional_game_end(VARIANT, START, moves)
    if board.can_claim_draw() != claimable:
        return f"draw claim: ours {board.can_claim_draw()}, pyffish {claimable} ({value})"
    return None


def _play(seed: int) -> tuple[str | None, Counter[str]]:
    """In the worker: a random game from ``seed``, played by both programs; the first difference
    (with the moves that led there), or ``None``, and what was compared."""
    chooser = random.Random(seed)
    stats: Counter[str] = Counter()
    board = meiriqi.Board(variant=VARIANT)
    moves: list[str] = []
    checks: list[bool] = []
    for _ in range(PLIES + 1):
        difference = _compare_ply(board, moves)
        if difference is not None:
            return f"{difference} after {' '.join(moves) or 'no move'}", stats
        checks.append(board.is_check())
        stats["sittuyin positions"] += 1
        stats["sittuyin positions with a draw to claim"] += board.can_claim_draw()
        ours = board.legal_moves_uci()
        if not ours:
            stats[f"sittuyin ends: {board.outcome()}"] += 1
            break
        if len(moves) == PLIES:
            break
        promotions = [uci for uci in ours if board.parse_uci(uci).promotion is not None]
        captures = [uci for uci in ours if board.is_capture(board.parse_uci(uci))]
        uci = biased_choice(
            chooser, ours, [(promotions, PROMOTION_SHARE), (captures, CAPTURE_SHARE)]
        )
        kind = "promotions" if uci in promotions else "captures" if uci in captures else "moves"
        stats[f"sittuyin {'drops' if '@' in uci else kind}"] += 1
        board.push_uci(uci)
        moves.append(uci)
    sans = sf.get_san_moves(VARIANT, START, moves, False, sf.NOTATION_SAN)
    difference = checks_difference(checks, sans, moves)
    if difference is not None:
        return difference, stats
    replay = meiriqi.Board(variant=VARIANT)
    for uci, san in zip(moves, sans):
        move = replay.parse_uci(uci)
        if replay.san(move) != san:
            return f"SAN of {uci}: ours {replay.san(move)}, pyffish {san}", stats
        if replay.parse_san(san) != move:
            return f"SAN {san} reads as {replay.parse_san(san).uci()}", stats
        replay.push(move)
    stats["sittuyin games"] += 1
    return None, stats


def test_the_start_is_fairy_stockfishs() -> None:
    assert sf.start_fen(VARIANT) == START
    assert meiriqi.Board(variant=VARIANT).fen() == sf.get_fen(VARIANT, START, [])


def test_promotions_in_every_notation() -> None:
    board = meiriqi.Board("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", variant=VARIANT)
    in_place = board.parse_san("d5=F")
    assert in_place == meiriqi.Move.from_uci("d5d5f", VARIANT)
    assert in_place.uci() == "d5d5f" and bool(in_place)
    step = board.parse_san("d5c4=F")
    assert step.uci() == "d5c4f" and board.san(step) == "d5c4=F"
    assert not board.is_capture(in_place)
    with pytest.raises(meiriqi.InvalidMoveError, match="g7g7f"):
        meiriqi.Move.from_uci("d5d5", VARIANT)
    board.push(in_place)
    assert board.fen() == "4k3/8/8/3F4/8/8/8/4K3[] b - - 0 1"


def test_promotions_at_the_keyboard_in_records_and_pictures() -> None:
    board = meiriqi.Board("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", variant=VARIANT)
    out = io.StringIO()
    session = repl.Session(board, out=out)
    for line in ("moves", "d5=F", "Kd7", "d5c4"):
        session.execute(line)
    shown = out.getvalue()
    assert "error" not in shown and "d5=F d5c4=F d5c6=F d5e4=F d5e6=F d6" in shown
    assert session.board.fen() == "8/3k4/8/8/2F5/8/8/4K3[] b - - 2 2"
    text = str(pgn.Game.from_board(session.board))
    assert "1. d5=F Kd7 2. Fc4 *" in text
    read = pgn.read_game(io.StringIO(text))
    assert read is not None and not read.errors
    assert read.end().board().fen() == session.board.fen()
    picture = meiriqi.svg.board(session.board, lastmove=session.board.move_stack[0])
    assert picture.count('class="lastmove"') >= 1


def test_a_lone_king_and_pawn_that_may_only_promote_may_claim_a_stalemate() -> None:
    board = meiriqi.Board("k7/2K5/1F6/8/3p4/3P4/8/8[] b - - 0 1", variant=VARIANT)
    assert sorted(board.legal_moves_uci()) == ["d4c3f", "d4d4f", "d4e3f", "d4e5f"]
    assert board.can_claim_draw()
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None and outcome.winner is None
    assert outcome.termination == meiriqi.Termination.STALEMATE
    assert board.outcome() is None


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
