"""Hand-built tests of the rules of Mĕirìqí beyond the move patterns: the Lion's
no-quiet-step rule, the Pawn, facing Kings, check and pins, promotion choices, and the end of the
game (stalemate loses).

Every case is written from White's view and, unless it says otherwise, also run mirrored with
Black to move (``setup`` in test_pieces.py). Expectations come from docs/rules.md.
"""

from __future__ import annotations

import pytest
from test_pieces import (
    COLOURS,
    destinations,
    fill,
    in_camp,
    moves_from,
    oriented,
    position,
    setup,
    squares,
)

import meiriqi

# The lowercase promotion suffix of each promotable piece (docs/notation.md).
SUFFIX = {"N": "j", "G": "r", "S": "o", "L": "q", "I": "c"}

# The White Kings below sit on i2/i3 with Black's King on i9 and black pawns on h7 i7 j7, which
# shield every file of the fortress, so that facing does not get in the way unless wanted.
SHIELDED = {"i9": "k", "h7": "i", "i7": "i", "j7": "i"}


def case(pieces: dict[str, str], origin: str, expected: str, why: str) -> pytest.ParameterSet:
    """The legal moves of the piece on ``origin`` go exactly to ``expected``."""
    return pytest.param(pieces, origin, expected, id=why)


def check_destinations(pieces: dict[str, str], origin: str, expected: str, colour: str) -> None:
    board, start, targets = oriented(pieces, origin, expected, colour)
    assert destinations(board, start) == targets


# -- the Lion ------------------------------------------------------------------------------------

LION_LEAPS = "c3 c5 c7 e3 e7 g3 g5 g7"
ADJACENT = "d4 d5 d6 e4 e6 f4 f5 f6"

LION_CASES = [
    case({"e5": "L"}, "e5", LION_LEAPS, "no-step-to-an-empty-adjacent-square"),
    case({"e5": "L", "d5": "g"}, "e5", f"{LION_LEAPS} d5", "captures-an-adjacent-enemy"),
    case({"e5": "L", "d5": "G"}, "e5", LION_LEAPS, "no-step-onto-an-own-piece"),
    case({"e5": "L", **fill(ADJACENT, "g")}, "e5", f"{LION_LEAPS} {ADJACENT}", "ring-of-enemies"),
    case({"e5": "L", **fill(ADJACENT, "G")}, "e5", LION_LEAPS, "leaps-over-a-ring-of-own-pieces"),
    case({"e5": "L", "d5": "g", "f5": "G"}, "e5", f"{LION_LEAPS} d5", "leaps-over-both-colours"),
    case({"e5": "L", "c5": "g", "g7": "g"}, "e5", LION_LEAPS, "leap-captures"),
    case({"e5": "L", "c5": "G"}, "e5", "c3 c7 e3 e7 g3 g5 g7", "no-leap-onto-an-own-piece"),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "expected"), LION_CASES)
def test_lion(pieces: dict[str, str], origin: str, expected: str, colour: str) -> None:
    check_destinations(pieces, origin, expected, colour)


# -- the Pawn ------------------------------------------------------------------------------------

PAWN_CASES = [
    case({"e3": "I"}, "e3", "d3 e4 e5 f3", "double-step-from-the-third-rank"),
    case({"e4": "I"}, "e4", "d4 e5 f4", "no-double-step-from-the-fourth-rank"),
    case({"e2": "I"}, "e2", "d2 e3 f2", "no-double-step-from-the-second-rank"),
    case({"e3": "I", "e4": "G"}, "e3", "d3 f3", "own-piece-in-front-blocks-both"),
    case({"e3": "I", "e4": "g"}, "e3", "d3 f3", "enemy-in-front-blocks-both"),
    case({"e3": "I", "e5": "G"}, "e3", "d3 e4 f3", "own-piece-on-the-second-square"),
    case({"e3": "I", "e5": "g"}, "e3", "d3 e4 f3", "double-step-never-captures"),
    case({"e5": "I"}, "e5", "d5 e6 f5", "no-backward-step"),
    case({"e5": "I", "d5": "g", "f5": "G"}, "e5", "e6", "no-sideways-capture"),
    case({"e5": "I", "e6": "g"}, "e5", "d5 f5", "no-forward-capture"),
    case(
        {"e5": "I", **fill("d6 e6 f6 d4 e4 f4", "g")},
        "e5",
        "d5 d6 f5 f6",
        "captures-only-diagonally-forward",
    ),
    case({"e5": "I", "d6": "G", "f6": "G"}, "e5", "d5 e6 f5", "no-capture-of-own-pieces"),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "expected"), PAWN_CASES)
def test_pawn(pieces: dict[str, str], origin: str, expected: str, colour: str) -> None:
    check_destinations(pieces, origin, expected, colour)


def test_black_pawn_double_steps_from_rank_8_only() -> None:
    # Written out for Black by hand (not mirrored): rank 8 is Black's third rank.
    assert destinations(position({"e8": "i"}, "b"), "e8") == squares("d8 e6 e7 f8")
    assert destinations(position({"e7": "i"}, "b"), "e7") == squares("d7 e6 f7")
    assert destinations(position({"e3": "I", "e7": "i"}, "b"), "e7") == squares("d7 e6 f7")


# -- facing Kings --------------------------------------------------------------------------------

FACING_CASES = [
    case({"i2": "K", "i9": "k", "i5": "G"}, "i5", "i4 i6", "only-blocker-must-stay-on-the-file"),
    case(
        {"i2": "K", "i9": "k", "i5": "G", "i7": "g"},
        "i5",
        "h5 h6 i4 i6 j5 j6",
        "a-second-blocker-frees-the-first",
    ),
    case({"h2": "K", "i9": "k"}, "h2", "h1 h3", "king-may-not-step-onto-the-open-file"),
    case({"h2": "K", "i9": "k", "i5": "g"}, "h2", "h1 h3 i1 i2 i3", "file-closed-by-a-piece"),
    # The Pegasus on i3 shields i1 and i2, but capturing it leaves the King facing on i3.
    case(
        {"h2": "K", "i9": "k", "i3": "p"}, "h2", "h1 h3 i1 i2", "king-may-not-capture-into-facing"
    ),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "expected"), FACING_CASES)
def test_facing_kings(pieces: dict[str, str], origin: str, expected: str, colour: str) -> None:
    check_destinations(pieces, origin, expected, colour)


# -- check and pins ------------------------------------------------------------------------------

PIN_CASES = [
    # Gryphon g4 -> h3 (diagonal step) -> h2 -> h1 (outward slide) reaches the King on h1.
    case({"h1": "K", "g4": "y", "h3": "G"}, "h3", "g4 h2", "gryphon-pin-on-its-diagonal-step"),
    case({"h1": "K", "g4": "y", "h2": "R"}, "h2", "h3", "gryphon-pin-on-its-slide"),
    # Rhino e4 -> f4 -> g3 -> h3 -> i2 (east, then turning south-east) reaches the King on i2.
    case({"i2": "K", "h9": "k", "e4": "h", "h3": "G"}, "h3", "g3", "rhino-pin-mid-path"),
    case({"i2": "K", "h9": "k", "e4": "h", "f4": "G"}, "f4", "e4", "rhino-pin-capture-pinner"),
    # Control: with the Rhino's path blocked elsewhere, the same Gold is free.
    case(
        {"i2": "K", "h9": "k", "e4": "h", "h3": "G", "f4": "G"},
        "h3",
        "g3 g4 h2 h4 i3 i4",
        "rhino-path-blocked-no-pin",
    ),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "expected"), PIN_CASES)
def test_pinned_piece_stays_on_the_path(
    pieces: dict[str, str], origin: str, expected: str, colour: str
) -> None:
    check_destinations(pieces, origin, expected, colour)


def check(pieces: dict[str, str], checkers: str, why: str) -> pytest.ParameterSet:
    """White to move in ``pieces`` is in check exactly from ``checkers``."""
    return pytest.param(pieces, checkers, id=why)


CHECK_CASES = [
    check({"i3": "K", "h9": "k", "h4": "l"}, "h4", "lion-adjacent-capture"),
    check({"i2": "K", "h9": "k", "g4": "l"}, "g4", "lion-diagonal-leap"),
    check({"i3": "K", "h9": "k", "g4": "l"}, "", "lion-knight-distance-no-check"),
    check({"i3": "K", "h9": "k", "h4": "i"}, "h4", "pawn-diagonal-capture"),
    check({"i3": "K", "h9": "k", "i4": "i"}, "", "pawn-forward-step-no-check"),
    check({"i3": "K", "h9": "k", "h3": "i"}, "", "pawn-sideways-step-no-check"),
    check({"i3": "K", "h9": "k", "h2": "i"}, "", "pawn-backward-diagonal-no-check"),
    check({"i2": "K", "h9": "k", "e4": "h"}, "e4", "rhino-crooked-path"),
    check({"i2": "K", "h9": "k", "e4": "h", "g3": "G"}, "", "rhino-path-blocked"),
    check({"h1": "K", "g4": "y"}, "g4", "gryphon-bent-path"),
    check({"h1": "K", "g4": "y", "h3": "g"}, "", "gryphon-diagonal-step-blocked"),
    check({"h1": "K", "f4": "y"}, "", "gryphon-not-on-a-bent-path"),
    # The black Rook on h8 is pinned to its King on j10 by the White Queen, and still gives check.
    check({"h2": "K", "j10": "k", "h8": "r", "e5": "Q"}, "h8", "pinned-rook-still-checks"),
    check({"i3": "K", "h9": "k", "g5": "l", "h4": "i"}, "g5 h4", "double-check"),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "checkers"), CHECK_CASES)
def test_check(pieces: dict[str, str], checkers: str, colour: str) -> None:
    board, see = setup(pieces, colour)
    assert board.is_check() == bool(checkers)
    found = [meiriqi.square_name(square) for square in board.checkers()]
    assert squares(" ".join(found)) == squares(" ".join(map(see, checkers.split())))


KING_SAFETY_CASES = [
    # Lion g4 attacks i2 (leap) and h3 (adjacent); h2 is a knight's move away.
    case({"i3": "K", "g4": "l", **SHIELDED}, "i3", "h2 j2 j3", "king-avoids-lion-attacks"),
    # Pawn i4 attacks h3 and j3 diagonally; its quiet step to i3 is no attack.
    case(
        {"i2": "K", "i4": "i", "i9": "k", "h7": "i", "j7": "i"},
        "i2",
        "h1 h2 i1 i3 j1 j2",
        "king-avoids-pawn-diagonals-only",
    ),
    # The black Rook on h8 is pinned (Queen e5, King j10) but still guards the h-file; the Gold on
    # j5 keeps the j-file closed.
    case(
        {"i2": "K", "j10": "k", "h8": "r", "e5": "Q", "j5": "G"},
        "i2",
        "i1 i3 j1 j2 j3",
        "pinned-piece-still-attacks",
    ),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "expected"), KING_SAFETY_CASES)
def test_king_may_not_step_into_check(
    pieces: dict[str, str], origin: str, expected: str, colour: str
) -> None:
    check_destinations(pieces, origin, expected, colour)


@COLOURS
def test_pinned_piece_attacks_squares(colour: str) -> None:
    board, see = setup({"i2": "K", "j10": "k", "h8": "r", "e5": "Q", "j5": "G"}, colour)
    enemy = meiriqi.BLACK if colour == "white" else meiriqi.WHITE
    for name in ("h1", "h2", "h3"):
        assert board.is_attacked_by(enemy, meiriqi.parse_square(see(name)))


# -- promotion -----------------------------------------------------------------------------------


def promo(
    letter: str,
    origin: str,
    dest: str,
    promotes: bool,
    why: str,
    others: dict[str, str] | None = None,
) -> pytest.ParameterSet:
    """The move ``origin``-``dest`` of ``letter`` comes with (or without) its promoting twin."""
    pieces = {origin: letter, **(others or {})}
    return pytest.param(pieces, origin, dest, promotes, SUFFIX[letter], id=f"{letter}-{why}")


PROMOTION_CASES = [
    promo("N", "e7", "d9", True, "leap-into-camp"),
    promo("N", "e7", "d5", False, "leap-outside"),
    promo("N", "e8", "d10", True, "zone-to-zone"),
    promo("N", "e8", "d6", False, "leaving-the-camp"),
    promo("N", "e7", "f9", True, "capture-into-camp", {"f9": "g"}),
    promo("G", "e7", "e8", True, "step-into-camp"),
    promo("G", "e8", "e9", True, "zone-to-zone"),
    promo("G", "e8", "e7", False, "leaving-the-camp"),
    promo("G", "e7", "d8", True, "capture-into-camp", {"d8": "g"}),
    promo("G", "e7", "d7", False, "step-outside"),
    promo("S", "e7", "e8", True, "step-into-camp"),
    promo("S", "e9", "d8", True, "zone-to-zone-backwards"),
    promo("S", "e8", "d7", False, "leaving-the-camp"),
    promo("S", "e7", "f8", True, "capture-into-camp", {"f8": "g"}),
    promo("L", "e6", "e8", True, "leap-into-camp"),
    promo("L", "e7", "e8", True, "adjacent-capture-into-camp", {"e8": "g"}),
    promo("L", "e8", "e10", True, "zone-to-zone"),
    promo("L", "e8", "e6", False, "leaving-the-camp"),
    promo("L", "e7", "c7", False, "leap-outside"),
    promo("I", "e7", "e8", True, "step-into-camp"),
    promo("I", "e8", "d8", True, "sideways-zone-to-zone"),
    promo("I", "e9", "e10", True, "last-rank"),
    promo("I", "e7", "f8", True, "capture-into-camp", {"f8": "g"}),
    promo("I", "e7", "d7", False, "sideways-outside"),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "origin", "dest", "promotes", "suffix"), PROMOTION_CASES)
def test_promotion_choices(
    pieces: dict[str, str], origin: str, dest: str, promotes: bool, suffix: str, colour: str
) -> None:
    board, see = setup(pieces, colour)
    plain = f"{see(origin)}{see(dest)}"
    found = {uci for uci in board.legal_moves_uci() if uci.startswith(plain)}
    assert found == ({plain, plain + suffix} if promotes else {plain})
    if not promotes:
        with pytest.raises(meiriqi.IllegalMoveError):
            board.push_uci(plain + suffix)


NEVER_PROMOTE = [
    # (letter, origin, others): each piece in or next to its camp, with an enemy to capture there.
    pytest.param(letter, "d8", {"d9": "g"}, id=letter)
    for letter in ("P", "Y", "E", "W", "J", "R", "O", "Q", "C")
] + [
    # The Rhino's path d8 e8 f9 g9 h10 i10 would reach the default Black King.
    pytest.param("H", "d8", {"d9": "g", "j8": "k"}, id="H"),
    pytest.param("K", "i2", SHIELDED, id="K"),
    pytest.param("M", "i2", {"j2": "K", "h9": "k"}, id="M"),
]


@COLOURS
@pytest.mark.parametrize(("letter", "origin", "others"), NEVER_PROMOTE)
def test_other_pieces_never_get_a_suffix(
    letter: str, origin: str, others: dict[str, str], colour: str
) -> None:
    board, see = setup({origin: letter, **others}, colour)
    moves = moves_from(board, see(origin))
    assert moves
    assert all(choices == {None} for choices in moves.values())
    if letter not in "KM":
        assert any(in_camp(dest, colour == "white") for dest in moves)
    dest = next(iter(moves))
    for suffix in SUFFIX.values():
        with pytest.raises(meiriqi.IllegalMoveError):
            board.push_uci(f"{see(origin)}{dest}{suffix}")


PROMOTED_TYPES = [
    pytest.param("N", "e7", "d9", meiriqi.JANUS, id="knight-to-janus"),
    pytest.param("G", "e7", "e8", meiriqi.ROOK, id="gold-to-rook"),
    pytest.param("S", "e7", "e8", meiriqi.OGYO, id="silver-to-ogyo"),
    pytest.param("L", "e6", "e8", meiriqi.QUEEN, id="lion-to-queen"),
    pytest.param("I", "e7", "e8", meiriqi.CHAMPION, id="pawn-to-champion"),
]


@COLOURS
@pytest.mark.parametrize(("letter", "origin", "dest", "promoted"), PROMOTED_TYPES)
def test_promoted_piece_never_promotes_again(
    letter: str, origin: str, dest: str, promoted: int, colour: str
) -> None:
    board, see = setup({origin: letter}, colour)
    white = colour == "white"
    board.push_uci(f"{see(origin)}{see(dest)}{SUFFIX[letter]}")
    assert board.piece_at(meiriqi.parse_square(see(dest))) == meiriqi.Piece(promoted, white)
    board.push_uci(f"{see('i10')}{see('j10')}")  # the other King steps aside
    moves = moves_from(board, see(dest))
    assert any(in_camp(name, white) for name in moves)
    assert all(choices == {None} for choices in moves.values())


@COLOURS
def test_declined_promotion_can_be_taken_later_in_the_camp(colour: str) -> None:
    board, see = setup({"e7": "S"}, colour)
    board.push_uci(f"{see('e7')}{see('e8')}")
    assert kind_on(board, see("e8")) == meiriqi.SILVER
    board.push_uci(f"{see('i10')}{see('j10')}")
    board.push_uci(f"{see('e8')}{see('e9')}o")
    assert kind_on(board, see("e9")) == meiriqi.OGYO


def kind_on(board: meiriqi.Board, name: str) -> int | None:
    """The type of the piece on the square called ``name`` (``None``: empty)."""
    piece = board.piece_at(meiriqi.parse_square(name))
    return None if piece is None else piece.piece_type


@COLOURS
def test_promotion_suffix_must_match_the_piece(colour: str) -> None:
    board, see = setup({"e7": "S"}, colour)
    for wrong in ("j", "r", "q", "c", "k"):
        with pytest.raises(ValueError):
            board.push_uci(f"{see('e7')}{see('e8')}{wrong}")
    assert board.move_stack == []


# -- end of the game -----------------------------------------------------------------------------

END_CASES = [
    # White King j1: i1 and i2 would face Black's King on i10, the Rook on a2 guards j2 (and i2).
    pytest.param({"j1": "K", "i10": "k", "a2": "r"}, False, id="stalemate"),
    # The Rook on j5 gives check along the j-file; i1 and i2 would face the King on i10.
    pytest.param({"j1": "K", "i10": "k", "j5": "r"}, True, id="checkmate"),
]


@COLOURS
@pytest.mark.parametrize(("pieces", "mate"), END_CASES)
def test_side_without_moves_loses(pieces: dict[str, str], mate: bool, colour: str) -> None:
    board, _ = setup(pieces, colour)
    assert board.legal_moves == []
    assert board.is_check() == mate
    assert board.is_checkmate() == mate
    assert board.is_stalemate() == (not mate)
    assert board.is_game_over()
    outcome = board.outcome()
    assert outcome is not None
    winner = meiriqi.BLACK if colour == "white" else meiriqi.WHITE
    assert outcome.winner == winner
    expected = meiriqi.Termination.CHECKMATE if mate else meiriqi.Termination.STALEMATE
    assert outcome.termination == expected
    assert outcome.result() == ("0-1" if colour == "white" else "1-0")


def test_no_outcome_while_a_move_exists() -> None:
    board = meiriqi.Board()
    assert not board.is_game_over()
    assert board.outcome() is None
    assert not board.is_stalemate()
    assert not board.is_checkmate()
