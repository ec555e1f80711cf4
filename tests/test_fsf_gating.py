"""Cross-checks of ``seirawan`` against Fairy-Stockfish's game of that name (pyffish, the oracle):
gating, on plain moves and castling, and the gates in FEN.

pyffish is given the start and the whole move list. In random games, biased towards gating
moves and captures, every position has the same FEN, the same legal moves in coordinate
notation and the same check; every move has the same SAN (``Nc3/H``, ``O-O/He1``, ``O-O/Hh1``,
the check suffix after the gating part); where pyffish has no legal move, the game is over for
us too, with its winner (``game_result``). The games run in a worker process of their own, out
of the way of the other tests' pyffish variants. ``MEIRIQI_GATING_GAMES`` sets how many games
each test plays (a few in CI).
"""

from __future__ import annotations

import concurrent.futures
import os
import random
from collections import Counter

import pytest
from pyffish_compare import biased_choice, moves_difference, pyffish_winner

import meiriqi
from meiriqi import svg

sf = pytest.importorskip("pyffish")

VARIANT = "seirawan"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1"

GAMES = int(os.environ.get("MEIRIQI_GATING_GAMES", "4"))
PLIES = 120
GATING_SHARE = 0.4
CAPTURE_SHARE = 0.3


def _play(start: str, seed: int) -> tuple[str | None, Counter[str]]:
    """In the worker: a random game from ``start`` and ``seed``, played by both programs; the
    first difference (with the moves that led there), or ``None``, and what was compared."""
    chooser = random.Random(seed)
    stats: Counter[str] = Counter()
    board = meiriqi.Board(start, variant=VARIANT)
    moves: list[str] = []

    def where() -> str:
        return f"from {start} after {' '.join(moves) or 'no move'}"

    for _ in range(PLIES + 1):
        ours = sorted(board.legal_moves_uci())
        expected = sorted(sf.legal_moves(VARIANT, start, moves))
        difference = moves_difference(ours, expected)
        if difference is not None:
            return f"{difference} {where()}", stats
        fen = sf.get_fen(VARIANT, start, moves)
        if board.fen() != fen:
            return f"FEN: ours {board.fen()}, pyffish {fen} {where()}", stats
        if board.is_check() != sf.gives_check(VARIANT, start, moves):
            return f"check: ours {board.is_check()} {where()}", stats
        stats["seirawan positions"] += 1
        if not ours:
            outcome = board.outcome()
            expected_winner = pyffish_winner(sf.game_result(VARIANT, start, moves), board.turn)
            if outcome is None or outcome.winner != expected_winner:
                return f"end: ours {outcome}, pyffish's winner {expected_winner} {where()}", stats
            stats[f"seirawan ends: {outcome.termination}"] += 1
            break
        if len(moves) == PLIES:
            break
        gatings = [uci for uci in ours if board.parse_uci(uci).gating is not None]
        captures = [uci for uci in ours if board.is_capture(board.parse_uci(uci))]
        uci = biased_choice(chooser, ours, [(gatings, GATING_SHARE), (captures, CAPTURE_SHARE)])
        move = board.parse_uci(uci)
        san = sf.get_san(VARIANT, fen, uci)
        # Fairy-Stockfish never disambiguates a gating move: where its SAN names another legal
        # move too, ours adds the origin's file or rank (documented in docs/notation.md).
        ours_san = board.san(move)
        if ours_san != san:
            named = [other for other in expected if sf.get_san(VARIANT, fen, other) == san]
            if len(named) < 2:
                return f"SAN of {uci}: ours {ours_san}, pyffish {san} {where()}", stats
            stats["seirawan moves pyffish writes ambiguously"] += 1
        elif board.parse_san(san) != move:
            return f"SAN {san} read as {board.parse_san(san)} {where()}", stats
        if board.parse_san(ours_san) != move:
            return f"our SAN {board.san(move)} reads back wrong {where()}", stats
        stats["seirawan gating moves" if uci in gatings else "seirawan moves"] += 1
        board.push(move)
        moves.append(uci)
    stats["seirawan games"] += 1
    return None, stats


def test_the_start_is_fairy_stockfishs() -> None:
    assert sf.start_fen(VARIANT) == START
    assert meiriqi.Board(variant=VARIANT).fen() == sf.get_fen(VARIANT, START, [])


@pytest.mark.parametrize("start", [START, CASTLING], ids=["start", "castling"])
def test_random_games_agree_with_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor, start: str
) -> None:
    stats: Counter[str] = Counter()
    for seed in range(GAMES):
        difference, counted = worker.submit(_play, start, seed).result(timeout=600)
        assert difference is None, difference
        stats += counted
    assert stats["seirawan games"] == GAMES
    assert stats["seirawan gating moves"] > 0


def test_gating_moves_in_python() -> None:
    board = meiriqi.Board(CASTLING, variant=VARIANT)
    for uci, san in [("e1g1h", "O-O/He1"), ("h1e1h", "O-O/Hh1"), ("a1b1e", "Rb1/E")]:
        move = meiriqi.Move.from_uci(uci, VARIANT)
        assert move.gating is not None and move.promotion is None
        assert board.parse_san(san) == move
        assert board.san(move) == san
        assert board.is_castling(move) == san.startswith("O-O")
    assert meiriqi.Move.from_uci("e1g1", VARIANT).gating is None
    board.push_san("O-O/He1")
    assert board.fen() == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1"
    board.pop()
    assert board.fen() == meiriqi.Board(CASTLING, variant=VARIANT).fen()


def test_gates_are_shown() -> None:
    board = meiriqi.Board(variant=VARIANT)
    assert len(board.gates(meiriqi.WHITE)) == 8 and len(board.gates(meiriqi.BLACK)) == 8
    board.push_san("Nc3/H")
    assert meiriqi.parse_square("b1") not in board.gates(meiriqi.WHITE)
    assert len(board.gates(meiriqi.WHITE)) == 7
    picture = svg.board(board)
    assert picture.count('class="gate white"') == 7
    assert picture.count('class="gate black"') == 8
    assert meiriqi.Board(variant="chess").gates(meiriqi.WHITE) == []
