"""Cross-checks of the six Wildeurasian games: the Rust core against the pure-Python reference.

Both play the same games and at every ply must agree on the FEN (hands and castling rights
included), the legal moves as coordinate strings, check, the checkers and the outcome; the core's
``pop()`` must restore FEN and hash, FEN -> Board -> FEN must be the identity, and a few arbitrary
coordinate moves and drops must be judged alike (the core refusing the illegal ones without
changing the board). perft(2) is compared at one ply per game.

Uniform random play seldom castles, drops, promotes to a Prince or crosses the River with half
the relevant pieces, so the players are steered (:func:`favourites`): towards captures, towards
the special moves (drops, promotions, castling), or towards the River and the Princes. Games also
start from random legal positions with Princes, hands and castling rights, and from hand-picked
positions beside each limit. :func:`test_steered_games_reach_every_rule` proves that the steering
gets there: it fails if a rule stops coming up.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from perft_counts import start

import meiriqi
from meiriqi import reference as ref

VARIANTS = list(ref.WILDEURASIAN_VARIANTS)
STYLES = ("uniform", "captures", "special", "river")
# Six variants share the profile's budget (the reference is slow on 12x12 with hands): two games
# per variant and test in CI; the thorough profile plays a thousand.
EXAMPLES = max(2, settings().max_examples // 20)
PRINCE_BASES = "SDEU"
"""The unpromoted pieces whose ``+`` form is a Prince."""


def outcome_text(outcome: object) -> str | None:
    """An outcome of either implementation as ``NAME winner``, for comparison."""
    if outcome is None:
        return None
    return f"{outcome.termination.name} {outcome.winner}"  # type: ignore[attr-defined]


def square_name(core_square: int) -> str:
    """The name of a square numbered as in the core: ``rank * 16 + file``."""
    return ref.square_name((core_square % 16, core_square // 16))


def assert_same(core: meiriqi.Board, board: ref.Board) -> list[str]:
    """Checks that the two boards see the same position; returns its legal moves, sorted."""
    fen = board.fen()
    assert core.fen() == fen, f"FEN differs: core {core.fen()}, reference {fen}"
    moves = sorted(core.legal_moves_uci())
    ref_moves = sorted(move.uci() for move in board.legal_moves)
    assert len(moves) == len(set(moves)), f"the core lists a move twice in {fen}"
    assert moves == ref_moves, (
        f"legal moves differ in {fen}: core only {sorted(set(moves) - set(ref_moves))}, "
        f"reference only {sorted(set(ref_moves) - set(moves))}"
    )
    assert core.is_check() == board.is_check(), f"check differs in {fen}"
    checkers = sorted(square_name(s) for s in core.checkers())
    assert checkers == sorted(ref.square_name(s) for s in board.checkers()), f"checkers in {fen}"
    # These games end only when the side to move has no legal move.
    reference_outcome = outcome_text(board.outcome()) if not ref_moves else None
    assert outcome_text(core.outcome()) == reference_outcome, f"outcome in {fen}"
    fresh = meiriqi.Board(fen, variant=core.variant_name)
    assert fresh.fen() == fen, f"core FEN round trip: {fen} -> {fresh.fen()}"
    assert fresh.zobrist_hash() == core.zobrist_hash(), f"incremental hash differs in {fen}"
    return moves


def check_arbitrary_moves(
    core: meiriqi.Board, board: ref.Board, legal_moves: list[str], rng: random.Random
) -> None:
    """Random coordinate moves and drops: the core finds legal those among the reference's
    ``legal_moves``, and refuses the others without changing the board."""
    fen, variant = board.fen(), board.variant
    squares = [ref.square_name((f, r)) for f in range(12) for r in range(12)]
    own = [ref.square_name(s) for s, p in board.piece_map().items() if p.color == board.turn]
    for _ in range(3):
        if variant.hand_order and rng.random() < 0.4:
            uci = f"{rng.choice(variant.hand_order)}@{rng.choice(squares)}"
        else:
            suffix = rng.choice(["", "", "+", "w", "q", "r"])
            uci = rng.choice(own) + rng.choice(squares) + suffix
        try:
            legal = ref.Move.from_uci(uci, variant).uci() in legal_moves
        except ValueError:
            continue
        try:
            core_move = meiriqi.Move.from_uci(uci, variant=core.variant_name)
        except ValueError:
            assert not legal, f"the core cannot read the legal {uci} in {fen}"
            continue
        assert core.is_legal(core_move) == legal, f"is_legal({uci}) differs in {fen}"
        if not legal:
            with pytest.raises(ValueError):
                core.push(core_move)
            assert core.fen() == fen


# -- steering ------------------------------------------------------------------------------------


def favourites(board: ref.Board, moves: list[str], style: str) -> list[str]:
    """The moves a steered player looks at first.

    ``captures``: captures. ``special``: castling, drops and promotions, then captures.
    ``river``: moves that make or keep a Prince (promotions to one, drops of a Princess,
    Handyman, Princeling or Tankturret), then moves that take a relevant piece across the
    River, so that both limits come into play."""
    parsed = [board.parse_uci(uci) for uci in moves]
    captures = [m.uci() for m in parsed if board.piece_at(m.to_square) and not m.drop]
    if style == "captures":
        return captures
    if style == "special":
        special = [m.uci() for m in parsed if m.drop or m.promotion or board.is_castling(m)]
        return special or captures
    rules = board.variant.wildeurasian
    assert rules is not None
    princely = [
        m.uci()
        for m in parsed
        if (m.drop in PRINCE_BASES if m.drop else False)
        or (m.promotion == "+" and board.piece_at(m.from_square).letter in PRINCE_BASES)  # type: ignore[union-attr]
    ]
    crossing = [
        m.uci()
        for m in parsed
        if not m.drop
        and board.piece_at(m.from_square).letter in rules.relevant  # type: ignore[union-attr]
        and rules.across_river(m.to_square, board.turn)
    ]
    return princely or crossing or captures


def choose(board: ref.Board, moves: list[str], style: str, rng: random.Random) -> str:
    """A move: mostly one of the style's favourites, otherwise any."""
    liked = [] if style == "uniform" else favourites(board, moves, style)
    return rng.choice(liked if liked and rng.random() < 0.85 else moves)


def record(stats: Counter[str], board: ref.Board, uci: str) -> None:
    """Counts what the move ``uci`` about to be played on ``board`` exercises."""
    move = board.parse_uci(uci)
    if move.drop:
        stats["drops"] += 1
    elif board.is_castling(move):
        stats["castlings"] += 1
    elif move.promotion == "+":
        stats["+ promotions"] += 1
    elif move.promotion == "W":
        stats["Pawns crossing"] += 1
    elif move.promotion:
        stats["Wazir promotions"] += 1


def play_and_compare(
    variant: str,
    fen: str,
    seed: int,
    style: str,
    plies: int,
    stats: Counter[str],
    *,
    perft: bool = True,
) -> None:
    """Plays up to ``plies`` moves on both implementations, comparing at every ply (and
    perft(2) at one random ply, with ``perft``)."""
    core, board = meiriqi.Board(fen, variant=variant), ref.Board(fen, variant=variant)
    rng = random.Random(seed)
    perft_ply = rng.randrange(plies + 1)
    stats["games"] += 1
    for ply in range(plies + 1):
        moves = assert_same(core, board)
        stats["positions"] += 1
        for number in board.situations() & {4, 5}:
            stats[f"positions in condition {number}"] += 1
        if moves:
            check_arbitrary_moves(core, board, moves, rng)
        if perft and ply == perft_ply:
            assert core.perft_divide(2) == board.perft_divide(2), f"perft(2) in {board.fen()}"
        if not moves or ply == plies:
            outcome = board.outcome()
            stats["games cut off" if outcome is None else outcome.termination.name] += 1
            return
        uci, before = choose(board, moves, style, rng), (core.fen(), core.zobrist_hash())
        record(stats, board, uci)
        core.push_uci(uci)
        assert core.pop().uci() == uci and (core.fen(), core.zobrist_hash()) == before
        core.push_uci(uci)
        board.push_uci(uci)


# -- games from the start ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), style=st.sampled_from(STYLES), plies=st.integers(1, 120))
def test_games_from_the_start(
    variant: str, seed: int, style: str, plies: int, crosscheck_stats: Counter[str]
) -> None:
    fen = ref.WILDEURASIAN_VARIANTS[variant].starting_fen
    play_and_compare(variant, fen, seed, style, plies, crosscheck_stats)


# -- random legal positions ----------------------------------------------------------------------


@st.composite
def legal_positions(draw: st.DrawFn, variant: ref.Variant) -> str:
    """A FEN of a random legal position of ``variant``: Kings on their own sides (often in the
    castling region, with their Rooks and rights), pieces biased towards the River and the
    camps, Princes and hands in the games that have them; kept only if the reference finds it
    valid (neither side over a limit it may not be over)."""
    rules, castling = variant.wildeurasian, variant.castling
    assert rules is not None and castling is not None
    every = [(f, r) for f in range(12) for r in range(12)]
    near_river = [s for s in every if 4 <= s[1] <= 7]
    camps = [
        s for s in every if s[1] in variant.camp_ranks[ref.WHITE] | variant.camp_ranks[ref.BLACK]
    ]
    pieces: dict[ref.Square, ref.Piece] = {}
    for color in (ref.WHITE, ref.BLACK):
        home = [s for s in every if not rules.across_river(s, color)]
        region = sorted(castling.king_region[color])
        pieces[draw(st.sampled_from(region if draw(st.booleans()) else home))] = ref.Piece(
            "K", color
        )
        for wing in castling.wings:
            if draw(st.booleans()):
                pieces.setdefault(
                    draw(st.sampled_from(sorted(wing.rook_region[color]))), ref.Piece("R", color)
                )
    letters = sorted(letter for letter in variant.piece_types if letter != "K")
    princes = [letter for letter in letters if letter.startswith("+") and letter[1] in PRINCE_BASES]
    for _ in range(draw(st.integers(0, 30))):
        color = draw(st.booleans())
        letter = draw(
            st.sampled_from(princes if princes and draw(st.integers(0, 5)) == 0 else letters)
        )
        square = draw(st.sampled_from(draw(st.sampled_from([every, near_river, camps]))))
        if letter == "I" and rules.across_river(square, color):
            continue
        if letter in rules.forward_only and rules.must_promote(variant.grid, letter, color, square):
            continue
        pieces.setdefault(square, ref.Piece(letter, color))
    hand = tuple(
        ref.Piece(letter, color)
        for letter, color in draw(
            st.lists(
                st.tuples(st.sampled_from(variant.hand_order or "L"), st.booleans()), max_size=6
            )
        )
        if variant.hand_order
    )
    turn = draw(st.booleans())
    rights = frozenset(
        castling.right(wing, color)
        for color in (ref.WHITE, ref.BLACK)
        for wing in castling.wings
        if draw(st.booleans())
    )
    setup = ref.Setup(
        pieces, turn, draw(st.integers(0, 50)), draw(st.integers(1, 200)), None, rights, hand
    )
    fen = ref.format_fen(setup, variant)
    # Rights without their King and Rook in place make an invalid FEN: drop those rights.
    if not ref.Board(fen, variant=variant).is_valid():
        fen = ref.format_fen(setup._replace(castling=frozenset()), variant)
    assume(ref.Board(fen, variant=variant).is_valid())
    return fen


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=EXAMPLES)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    style=st.sampled_from(STYLES),
    plies=st.integers(0, 40),
)
def test_games_from_random_positions(
    variant: str,
    data: st.DataObject,
    seed: int,
    style: str,
    plies: int,
    crosscheck_stats: Counter[str],
) -> None:
    fen = data.draw(legal_positions(ref.WILDEURASIAN_VARIANTS[variant]))
    play_and_compare(variant, fen, seed, style, plies, crosscheck_stats)


# -- hand-picked positions beside each rule -------------------------------------------------------

HAND_PICKED = {
    # White has three Princes and a Princess one step from its promotion: making the fourth
    # Prince puts Black over the Prince limit, where only capturing a Prince is legal.
    "a fourth Prince in reach": (
        "wildeurasian-mitregi",
        "6k4q/3S8/12/12/1+D1+D8/12/6+S5/1Q1G3T4/12/12/6K5/12[] w - - 0 1",
    ),
    # Black is over the Prince limit and can capture a Prince with its Rook (its Queen would
    # have to cross the River to do it, leaving half of Black's relevant pieces across).
    "over the Prince limit, a Prince to capture": (
        "wildeurasian-mitregi",
        "1r4k5/12/12/12/1+S1+D8/12/6+S5/1Q1G3T4/5+D6/12/6K5/12[] b - - 0 1",
    ),
    # Black's King and Queen: the Queen across would be half of Black's relevant pieces.
    "a Queen that may not cross": (
        "wildeurasian-bestiary",
        "6k5/12/12/12/4q7/12/12/12/6I5/12/6K5/12 b - - 0 1",
    ),
    # Castling on both wings for both sides, rank 3 for White and rank 10 for Black.
    "castling everywhere": (
        "wildeurasian-mitregi",
        "12/12/1r4k3r1/6i5/12/12/12/12/6I5/1R4K3R1/12/12[] w KQkq - 0 1",
    ),
    # Korean hoppers: quiet moves only beyond a screen.
    "Korean hoppers with screens": (
        "wildeurasian-dense-rim-mitregi-korean",
        "6k5/12/12/2p9/12/12/2I3O5/12/2P3A3T1/5o6/6K5/12[] w - - 0 1",
    ),
    # A Wazir on rank 10 may step to rank 11 and become any symmetric piece (White has lost
    # them all); the Pawn on e6 becomes a Wazir as it crosses the River.
    "a Wazir promotion to a captured piece": (
        "wildeurasian-bestiary",
        "6k5/12/3W8/12/12/12/4I7/12/6I5/12/6K5/12 w - - 0 1",
    ),
    # Black's Queen is across the River: with the King, half of Black's relevant pieces. Every
    # legal move takes the Queen home.
    "over the crossing limit": (
        "wildeurasian-bestiary",
        "6k5/12/12/12/12/12/12/4q7/12/6I5/6K5/12 b - - 0 1",
    ),
}


@pytest.mark.parametrize(("variant", "fen"), HAND_PICKED.values(), ids=HAND_PICKED.keys())
def test_hand_picked_positions_agree(
    variant: str, fen: str, crosscheck_stats: Counter[str]
) -> None:
    core, board = meiriqi.Board(fen, variant=variant), ref.Board(fen, variant=variant)
    assert_same(core, board)
    assert core.perft_divide(2) == board.perft_divide(2)
    for seed in range(2):
        play_and_compare(variant, fen, seed, "special", 8, crosscheck_stats, perft=False)


# -- the steering reaches every rule -------------------------------------------------------------

STEERED_RUNS = [
    # (variant, start FEN or None for the variant's start, style, games, plies)
    ("wildeurasian-mitregi", None, "special", 1, 80),
    ("wildeurasian-dense-rim-mitregi-korean", None, "special", 1, 60),
    ("wildeurasian-mitregi", HAND_PICKED["a fourth Prince in reach"][1], "river", 2, 8),
    ("wildeurasian-bestiary", HAND_PICKED["over the crossing limit"][1], "river", 1, 6),
    ("wildeurasian-mitregi", HAND_PICKED["castling everywhere"][1], "special", 2, 4),
    (
        "wildeurasian-bestiary",
        HAND_PICKED["a Wazir promotion to a captured piece"][1],
        "special",
        1,
        6,
    ),
]


def test_steered_games_reach_every_rule() -> None:
    stats: Counter[str] = Counter()
    for run, (variant, fen, style, games, plies) in enumerate(STEERED_RUNS):
        start = fen or ref.WILDEURASIAN_VARIANTS[variant].starting_fen
        for game in range(games):
            seed = 1000 * run + game
            play_and_compare(variant, start, seed, style, plies, stats, perft=False)
    for what in (
        "drops",
        "castlings",
        "+ promotions",
        "Pawns crossing",
        "Wazir promotions",
        "positions in condition 4",
        "positions in condition 5",
    ):
        assert stats[what] > 0, f"the steered games never exercised {what}: {dict(stats)}"


# -- perft ---------------------------------------------------------------------------------------

START_PERFT = {variant: list(start(variant)[:3]) for variant in VARIANTS}
"""perft(1..3) of each start, computed by the pure-Python reference (tests/perft.toml; the
numbers below depth 3 also by the core)."""


@pytest.mark.parametrize(("variant", "counts"), START_PERFT.items())
def test_core_perft_from_the_start(variant: str, counts: list[int]) -> None:
    board = meiriqi.Board(variant=variant)
    assert [board.perft(depth) for depth in (1, 2, 3)] == counts


@pytest.mark.parametrize(("variant", "counts"), START_PERFT.items())
def test_reference_perft_from_the_start(variant: str, counts: list[int]) -> None:
    board = ref.Board(variant=variant)
    assert [board.perft(depth) for depth in (1, 2)] == counts[:2]


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("MEIRIQI_DEEP_PERFT") != "1",
    reason="a minute or two each in pure Python: set MEIRIQI_DEEP_PERFT=1",
)
@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_3_divide_agrees(variant: str) -> None:
    """Depth 3 from each start, move by move: the core against the reference (whose total is
    the table's)."""
    core, board = meiriqi.Board(variant=variant), ref.Board(variant=variant)
    divided = board.perft_divide(3)
    assert sum(divided.values()) == START_PERFT[variant][2]
    assert core.perft_divide(3) == divided
