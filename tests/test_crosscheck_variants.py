"""Cross-checks of every variant beyond Mĕirìqí (Yáng Qí and its options): the Rust core against
the pure-Python reference, over generated games.

At every ply both must agree on the FEN (en-passant field included), the legal moves as coordinate
strings, check, the outcome (with and without draw claims) and whether a draw can be claimed;
``pop()`` must restore the FEN and hash, and FEN -> Board -> FEN must be the identity. Move choice
is biased towards captures, promotions, en-passant captures and swaps, so that the special rules
come up; perft(2) is compared at one ply per game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from perft_counts import start

import meiriqi
from meiriqi import reference

VARIANTS = [name for name in reference.VARIANTS if name != "meiriqi"]
# Five variants share the profile's budget (the reference is slow); the thorough profile scales.
EXAMPLES = max(8, settings().max_examples // 4)


def outcome_text(outcome: object) -> str | None:
    """An outcome of either implementation as ``NAME winner``, for comparison."""
    if outcome is None:
        return None
    return f"{outcome.termination.name} {outcome.winner}"  # type: ignore[attr-defined]


def assert_same(core: meiriqi.Board, ref: reference.Board) -> list[str]:
    """Checks that the two boards agree; returns the legal moves."""
    fen = ref.fen()
    assert core.fen() == fen, f"FEN differs: core {core.fen()}, reference {fen}"
    moves = sorted(core.legal_moves_uci())
    ref_moves = sorted(move.uci() for move in ref.legal_moves)
    assert moves == ref_moves, f"legal moves differ in {fen}: {set(moves) ^ set(ref_moves)}"
    assert core.is_check() == ref.is_check(), f"check differs in {fen}"
    assert outcome_text(core.outcome()) == outcome_text(ref.outcome()), f"outcome in {fen}"
    assert core.can_claim_draw() == ref.can_claim_draw(), f"draw claim differs in {fen}"
    assert meiriqi.Board(fen, variant=core.variant_name).fen() == fen
    return moves


def choose(core: meiriqi.Board, moves: list[str], chooser: random.Random) -> str:
    """A move, more often a special one (capture, promotion, en passant, swap)."""
    special = [
        uci
        for uci in moves
        if (move := core.parse_uci(uci)).promotion is not None
        or core.is_capture(move)
        or core.is_swap(move)
    ]
    pool = special if special and chooser.random() < 0.6 else moves
    return chooser.choice(pool)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(10, 200))
def test_games_agree(variant: str, seed: int, plies: int, crosscheck_stats: Counter[str]) -> None:
    crosscheck_stats[f"{variant} games"] += 1
    chooser = random.Random(seed)
    core = meiriqi.Board(variant=variant)
    ref = reference.Board(variant=variant)
    perft_ply = chooser.randrange(plies)
    for ply in range(plies):
        moves = assert_same(core, ref)
        crosscheck_stats[f"{variant} positions"] += 1
        if not moves or core.is_game_over():
            return
        if ply == perft_ply:
            assert core.perft(2) == ref.perft(2), f"perft(2) differs in {core.fen()}"
        uci = choose(core, moves, chooser)
        before = (core.fen(), core.zobrist_hash())
        core.push_uci(uci)
        ref.push_uci(uci)
        core.pop()
        assert (core.fen(), core.zobrist_hash()) == before, f"pop after {uci} in {before[0]}"
        core.push_uci(uci)


@pytest.mark.parametrize(
    ("variant", "counts"),
    [
        (variant, list(start(variant)[:3]))
        for variant in (
            "yangqi",
            "yangqi-chinese",
            "yangqi-quickpawns",
            "yangqi-berolina",
            "yangqi-chinesepawns",
        )
    ],
)
def test_start_perft_matches_the_reference_numbers(variant: str, counts: list[int]) -> None:
    # The numbers were computed by the pure-Python reference (tests/perft.toml).
    board = meiriqi.Board(variant=variant)
    assert [board.perft(depth) for depth in (1, 2, 3)] == counts


def test_regression_en_passant_field_only_for_a_legal_capture() -> None:
    # Found by the thorough profile: after c3-c5 the pawn on d5 could take en passant by its
    # pattern, but the capture would expose Black's King, so the FEN has no en-passant square
    # (python-chess's convention, which the reference follows).
    fen = "rn5n1/3b3b1/7kr/3i1i3/i7i/3i3iI/1I3I3/I1I2N3/1B3KR2/1N7 w - - 0 38"
    core = meiriqi.Board(fen, variant="yangqi")
    ref = reference.Board(fen, variant="yangqi")
    core.push_uci("c3c5")
    ref.push_uci("c3c5")
    assert core.fen() == ref.fen()
    assert core.fen().split()[3] == "-" and core.ep_square is None
    assert_same(core, ref)
