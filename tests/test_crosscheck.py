"""Cross-checks: the Rust core (``meiriqi.Board``) against the pure-Python reference.

Both implementations play the same generated games, from the start and from random legal
positions, and at every ply must agree on the FEN, the legal moves (as coordinate strings), check,
the checkers and the outcome. Besides, at every ply: each legal move of the core leaves the mover's
King unattacked and the Kings not facing, and ``pop()`` restores the exact FEN, hash and counters;
FEN -> Board -> FEN is the identity; the incremental hash equals the hash of the same FEN set up
afresh. perft(2) is compared on one sampled position per game.

A failure message names the position (FEN) and, where there is one, the move.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import meiriqi
from meiriqi import reference as ref

VARIANT = ref.MEIRIQI
GRID = VARIANT.grid
ALL_SQUARES = [(file, rank) for rank in range(GRID.ranks) for file in range(GRID.files)]
EDGE_SQUARES = [
    s for s in ALL_SQUARES if s[0] in {0, GRID.files - 1} or s[1] in {0, GRID.ranks - 1}
]
FORTRESS = VARIANT.confinement["K"]
X_POINTS = VARIANT.confinement["M"]
UNCONFINED_LETTERS = "".join(
    letter for letter in VARIANT.piece_letters if letter not in VARIANT.confinement
)
STYLES = ("uniform", "captures", "promotions")
PROFILE_EXAMPLES = settings().max_examples


def name(core_square: int) -> str:
    """The name of a square numbered as in the core: ``rank * 16 + file``."""
    return ref.square_name((core_square % 16, core_square // 16))


# -- comparing one position ----------------------------------------------------------------------


def core_outcome(board: meiriqi.Board) -> tuple[str, bool | None] | None:
    """The core's outcome as (termination name, winner), checked against its other predicates."""
    outcome = board.outcome()
    assert board.is_game_over() == (outcome is not None)
    if outcome is None:
        assert not board.is_checkmate() and not board.is_stalemate()
        return None
    names = {"checkmate": meiriqi.Termination.CHECKMATE, "stalemate": meiriqi.Termination.STALEMATE}
    termination = next(n for n, value in names.items() if outcome.termination == value)
    assert board.is_checkmate() == (termination == "checkmate")
    assert board.is_stalemate() == (termination == "stalemate")
    assert outcome.result() == {True: "1-0", False: "0-1", None: "1/2-1/2"}[outcome.winner]
    return termination, outcome.winner


def reference_outcome(board: ref.Board) -> tuple[str, bool | None] | None:
    """The reference's outcome as (termination name, winner)."""
    outcome = board.outcome()
    return None if outcome is None else (outcome.termination.value, outcome.winner)


def compare_position(core: meiriqi.Board, reference: ref.Board) -> list[str]:
    """Asserts that both sides see the same position; returns its legal moves (sorted)."""
    fen = reference.fen()
    assert core.fen() == fen, f"FEN differs: core {core.fen()}, reference {fen}"
    core_moves = [move.uci() for move in core.legal_moves]
    ref_moves = sorted(move.uci() for move in reference.legal_moves)
    assert len(core_moves) == len(set(core_moves)), f"core lists a move twice in {fen}"
    only_core, only_ref = set(core_moves) - set(ref_moves), set(ref_moves) - set(core_moves)
    assert not only_core and not only_ref, (
        f"legal moves differ in {fen}: core only {sorted(only_core)}, "
        f"reference only {sorted(only_ref)}"
    )
    assert core.is_check() == reference.is_check(), f"check differs in {fen}"
    checkers = sorted(name(s) for s in core.checkers())
    assert checkers == sorted(ref.square_name(s) for s in reference.checkers()), fen
    assert core_outcome(core) == reference_outcome(reference), f"outcome differs in {fen}"
    fresh = meiriqi.Board(fen)
    assert fresh.fen() == fen, f"core FEN round trip: {fen} -> {fresh.fen()}"
    assert ref.Board(fen).fen() == fen, f"reference FEN round trip of {fen}"
    assert fresh.zobrist_hash() == core.zobrist_hash(), f"incremental hash differs in {fen}"
    return ref_moves


def snapshot(core: meiriqi.Board) -> tuple[object, ...]:
    """Everything ``pop()`` must restore."""
    return (
        core.fen(),
        core.zobrist_hash(),
        core.halfmove_clock,
        core.fullmove_number,
        core.ply(),
        core.move_stack,
        core.turn,
    )


def kings_face(core: meiriqi.Board) -> bool:
    """Whether the core's Kings stand on one file with nothing between (read from its pieces)."""
    white, black = core.king(meiriqi.WHITE), core.king(meiriqi.BLACK)
    if white is None or black is None or white % 16 != black % 16:
        return False
    low, high = sorted((white, black))
    return all(core.piece_at(square) is None for square in range(low + 16, high, 16))


def check_every_core_move(core: meiriqi.Board) -> None:
    """Each legal move of the core keeps the mover's King safe, and ``pop()`` undoes it exactly."""
    mover, before, fen = core.turn, snapshot(core), core.fen()
    for move in core.legal_moves:
        core.push(move)
        king = core.king(mover)
        assert king is not None, f"{move.uci()} in {fen} loses the King"
        assert not core.is_attacked_by(not mover, king), f"{move.uci()} in {fen} leaves check"
        assert not kings_face(core), f"{move.uci()} in {fen} leaves the Kings facing"
        assert core.pop() == move
        assert snapshot(core) == before, f"pop() after {move.uci()} in {fen} does not restore"


def check_arbitrary_moves(core: meiriqi.Board, reference: ref.Board, rng: random.Random) -> None:
    """Random coordinate moves from the mover's pieces: both agree whether they are legal, and
    the core refuses the illegal ones without changing the board."""
    fen = reference.fen()
    origins = [s for s, p in reference.piece_map().items() if p.color == reference.turn]
    for _ in range(3):
        origin = rng.choice(origins)
        target = rng.choice([s for s in ALL_SQUARES if s != origin])
        promotion = rng.choice(["", "", *VARIANT.promotions.values()]).lower()
        uci = ref.square_name(origin) + ref.square_name(target) + promotion
        legal = reference.is_legal(ref.Move.from_uci(uci))
        move = meiriqi.Move.from_uci(uci)
        assert core.is_legal(move) == legal, f"is_legal({uci}) differs in {fen}"
        if not legal:
            with pytest.raises(meiriqi.IllegalMoveError):
                core.push(move)
            assert core.fen() == fen


# -- playing games -------------------------------------------------------------------------------


def preferred(reference: ref.Board, moves: list[str], style: str) -> list[str]:
    """The moves a biased player looks at first: captures, or promotions then advances of
    pieces that can promote, so that promoted pieces appear."""
    parsed = [ref.Move.from_uci(uci) for uci in moves]
    captures = [m.uci() for m in parsed if reference.piece_at(m.to_square) is not None]
    if style == "captures":
        return captures
    promotions = [m.uci() for m in parsed if m.promotion]
    advances = [
        m.uci()
        for m in parsed
        if (piece := reference.piece_at(m.from_square)) is not None
        and piece.letter in VARIANT.promotions
        and GRID.relative_rank(m.to_square, reference.turn)
        > GRID.relative_rank(m.from_square, reference.turn)
    ]
    return promotions or advances or captures


def choose(reference: ref.Board, moves: list[str], style: str, rng: random.Random) -> str:
    """A move: mostly from the preferred ones of the style, otherwise any."""
    favourites = [] if style == "uniform" else preferred(reference, moves, style)
    return rng.choice(favourites if favourites and rng.random() < 0.85 else moves)


def play_and_compare(
    fen: str, seed: int, style: str, plies: int, perft_ply: int, stats: Counter[str]
) -> None:
    """Plays up to ``plies`` moves on both implementations, comparing at every ply."""
    core, reference = meiriqi.Board(fen), ref.Board(fen)
    rng = random.Random(seed)
    stats["games"] += 1
    for ply in range(plies + 1):
        moves = compare_position(core, reference)
        check_every_core_move(core)
        if moves:
            check_arbitrary_moves(core, reference, rng)
        stats["positions"] += 1
        stats["moves compared"] += len(moves)
        if ply == perft_ply:
            position = reference.fen()
            assert core.perft_divide(2) == reference.perft_divide(2), f"perft(2) in {position}"
            stats["perft(2) compared"] += 1
        if not moves or ply == plies:
            outcome = reference.outcome()
            stats["games cut off" if outcome is None else f"{outcome.termination.value}s"] += 1
            return
        uci, before = choose(reference, moves, style, rng), reference.fen()
        core.push_uci(uci)
        reference.push_uci(uci)
        assert core.fen() == reference.fen(), f"after {uci} from {before}"
        assert reference.pop().uci() == uci and reference.fen() == before
        reference.push_uci(uci)
        stats["promotions played"] += len(uci) > 4 and uci[-1].isalpha()


@settings(max_examples=PROFILE_EXAMPLES)
@given(
    seed=st.integers(0, 2**32 - 1),
    style=st.sampled_from(STYLES),
    plies=st.integers(1, 400),
    perft_ply=st.integers(0, 400),
)
def test_games_from_the_start(
    seed: int, style: str, plies: int, perft_ply: int, crosscheck_stats: Counter[str]
) -> None:
    play_and_compare(VARIANT.starting_fen, seed, style, plies, perft_ply, crosscheck_stats)


HAND_PICKED = {
    "stalemate only because the Kings may not face": "7k2/10/6G3/10/10/10/10/10/10/8K1 b - - 0 1",
    "checkmate by two Rooks": "R6k2/R9/10/10/10/10/10/10/9K/10 b - - 0 1",
    "unpromoted pawns on the last rank": "I3I2k2/10/2I1L5/10/10/10/10/10/9K/10 w - - 0 1",
    "Black pawn on its third rank and its last": "7k2/10/i9/10/10/10/10/10/10/i8K w - - 0 1",
    "Gryphon checks after its diagonal step": "8k1/10/10/10/10/7Y2/10/10/10/9K b - - 0 1",
    "Rhino checks along its crooked path": "10/8k1/10/10/10/10/10/5H4/10/9K b - - 0 1",
    "Lion checks from an adjacent square": "7k2/10/10/10/10/10/7l2/7K2/10/10 w - - 0 1",
    "Mandarins block the file between the Kings": "7mk1/8m1/10/10/10/10/10/9M/10/7MK1 w - - 0 1",
}


@pytest.mark.parametrize("fen", HAND_PICKED.values(), ids=HAND_PICKED.keys())
def test_hand_picked_positions_agree(fen: str) -> None:
    core, reference = meiriqi.Board(fen), ref.Board(fen)
    compare_position(core, reference)
    check_every_core_move(core)
    assert core.perft_divide(2) == reference.perft_divide(2)


# -- random legal positions ----------------------------------------------------------------------


def camp(color: bool) -> list[ref.Square]:
    """The squares of ``color``'s promotion zone."""
    return [s for s in ALL_SQUARES if s[1] in VARIANT.camp_ranks[color]]


@st.composite
def legal_positions(draw: st.DrawFn) -> str:
    """A FEN of a random legal position: Kings in their fortresses, Mandarins on the 'X' points,
    other pieces anywhere (biased to edges, camps and fortresses; pawns not behind their own
    third rank), the Kings not facing and the side not to move not in check."""
    pieces: dict[ref.Square, ref.Piece] = {}
    for color in (ref.WHITE, ref.BLACK):
        pieces[draw(st.sampled_from(sorted(FORTRESS[color])))] = ref.Piece("K", color)
    for color in (ref.WHITE, ref.BLACK):
        for square in draw(st.lists(st.sampled_from(sorted(X_POINTS[color])), max_size=2)):
            pieces.setdefault(square, ref.Piece("M", color))
    for _ in range(draw(st.integers(0, 36))):
        letter, color = draw(st.sampled_from(UNCONFINED_LETTERS)), draw(st.booleans())
        region = draw(
            st.sampled_from([ALL_SQUARES, EDGE_SQUARES, camp(color), sorted(FORTRESS[not color])])
        )
        square = draw(st.sampled_from(region))
        if letter != "I" or GRID.relative_rank(square, color) >= 2:
            pieces.setdefault(square, ref.Piece(letter, color))
    setup = ref.Setup(
        pieces, draw(st.booleans()), draw(st.integers(0, 150)), draw(st.integers(1, 300))
    )
    fen = ref.format_fen(setup, VARIANT)
    assume(ref.Board(fen).is_valid())
    return fen


@settings(max_examples=3 * PROFILE_EXAMPLES)
@given(
    fen=legal_positions(),
    seed=st.integers(0, 2**32 - 1),
    style=st.sampled_from(STYLES),
    plies=st.integers(0, 30),
    perft_ply=st.integers(0, 30),
)
def test_games_from_random_positions(
    fen: str, seed: int, style: str, plies: int, perft_ply: int, crosscheck_stats: Counter[str]
) -> None:
    play_and_compare(fen, seed, style, plies, perft_ply, crosscheck_stats)


# -- FEN -----------------------------------------------------------------------------------------


def damage(text: str, position: int, kind: str, char: str) -> str:
    """``text`` with ``char`` inserted at, or put in place of, the character at ``position``, or
    with that character deleted."""
    at = position % (len(text) + 1)
    after = text[at:] if kind == "insert" else text[at + 1 :]
    return text[:at] + ("" if kind == "delete" else char) + after


@settings(max_examples=3 * PROFILE_EXAMPLES)
@given(
    fen=st.one_of(st.just(VARIANT.starting_fen), legal_positions()),
    edits=st.lists(
        st.tuples(
            st.integers(0, 200),
            st.sampled_from(["insert", "delete", "replace"]),
            st.sampled_from("0123456789/ -wbkKiIx"),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_malformed_fen_is_rejected_by_both(
    fen: str, edits: list[tuple[int, str, str]], crosscheck_stats: Counter[str]
) -> None:
    """A FEN damaged by a few edits: if the reference finds it malformed, so does the core; if
    only the core refuses it, the position is one that cannot arise in a game."""
    text = fen
    for position, kind, char in edits:
        text = damage(text, position, kind, char)
    core = meiriqi.Board()
    try:
        reference = ref.Board(text)
    except ValueError:
        with pytest.raises(ValueError):
            core.set_fen(text)
        assert core.fen() == VARIANT.starting_fen
        crosscheck_stats["malformed FENs rejected"] += 1
        return
    try:
        core.set_fen(text)
    except ValueError:
        assert not reference.is_valid(), f"core rejects the legal position {text!r}"
        return
    assert core.fen() == reference.fen(), f"the two read {text!r} differently"


def test_fen_with_missing_trailing_fields_takes_the_defaults() -> None:
    board_field = VARIANT.starting_fen.split()[0]
    for fen in (
        f"{board_field} w",
        f"{board_field} b - -",
        f"{board_field} w - - 7",
        f"{board_field} b 7 3",  # the clocks right after the side, as Fairy-Stockfish may write
    ):
        assert meiriqi.Board(fen).fen() == ref.Board(fen).fen(), fen


@pytest.mark.slow
def test_perft_3_from_the_start_agrees() -> None:
    assert meiriqi.Board().perft_divide(3) == ref.Board().perft_divide(3)
