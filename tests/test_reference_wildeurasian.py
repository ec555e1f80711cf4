"""The six Wildeurasian games in the pure-Python reference (docs/rules.md, "The Wildeurasian
family", and docs/notation.md).

Every expected value is worked out by hand from the rules, never read off the code; the comments
show the working. Black's cases are White's turned round: :func:`mirrored` turns a placement
upside down and swaps the colours, :func:`flipped` does the same to the expected squares, so that
a Black piece must move "forward" downwards for the test to pass. The perft numbers at the end
were computed by the reference and are recorded so that the Rust core can be checked against them.

Every position these tests build (:func:`board_of`) is also set up in the Rust core, which must see
the same legal moves, check and FEN (or, where the reference finds the position invalid, refuse
it): so each hand-worked expectation about the reference holds for the core too.
"""

from __future__ import annotations

import re

import pytest
from perft_counts import start

import meiriqi
from meiriqi.reference import (
    BLACK,
    VARIANTS,
    WHITE,
    WILDEURASIAN_VARIANTS,
    Board,
    Move,
    Piece,
    Termination,
    get_variant,
    square_name,
    variant_descriptions,
)

BESTIARY = "wildeurasian-bestiary"
MITREGI = "wildeurasian-mitregi"
DENSE_RIM = "wildeurasian-dense-rim-mitregi"
KOREAN = {name: f"{name}-korean" for name in (BESTIARY, MITREGI, DENSE_RIM)}
ALL_SIX = [BESTIARY, MITREGI, DENSE_RIM, *KOREAN.values()]

# The start positions as docs/rules.md gives them.
BESTIARY_START = (
    "fzye1xu1eyzf/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/"
    "1RNBCGTCBNR1/FZYE1XU1EYZF w KQkq - 0 1"
)
MITREGI_START = (
    "lhmj1sd1jmhl/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/"
    "1RNBCGTCBNR1/LHMJ1SD1JMHL[] w KQkq - 0 1"
)
DENSE_RIM_START = (
    "lhmjusdejmhl/ornbcgtcbnro/a1pv1qk1vp1a/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/A1PV1QK1VP1A/"
    "ORNBCGTCBNRO/LHMJUSDEJMHL[] w KQkq - 0 1"
)
STARTS = {
    BESTIARY: BESTIARY_START,
    MITREGI: MITREGI_START,
    DENSE_RIM: DENSE_RIM_START,
    KOREAN[BESTIARY]: BESTIARY_START,
    KOREAN[MITREGI]: MITREGI_START,
    KOREAN[DENSE_RIM]: DENSE_RIM_START,
}

BASE = "Kb1 Gl1 kk12 gj12"
"""Kings out of the way (on no shared file or diagonal, off every line through e5), each with a
Gnu: a relevant piece at home, so that a single relevant piece may cross the River (condition 5
counts 1 of 3 across)."""
KINGS = "Kb1 kk12"
_ITEM = re.compile(r"(\+?[A-Za-z])([a-l][0-9]+)")
_TARGET = re.compile(r"([a-l])([0-9]+)(.*)")


def fen_of(
    placement: str,
    turn: str = "w",
    castling: str = "-",
    hand: str | None = None,
    halfmove: int = 0,
    fullmove: int = 1,
) -> str:
    """A 12x12 FEN from ``"Kb1 kk12 +Le5"``: FEN letter (case = colour) then square, per piece;
    ``hand`` (``None``: no brackets) is written in brackets after the board."""
    pieces = {}
    for item in placement.split():
        match = _ITEM.fullmatch(item)
        assert match is not None, item
        pieces[match[2]] = match[1]
    rows = []
    for rank in range(12, 0, -1):
        cells = [pieces.get(f"{file}{rank}", ".") for file in "abcdefghijkl"]
        row = re.sub(r"\.+", lambda run: str(len(run[0])), "".join(cells))
        rows.append(row)
    board = "/".join(rows) + ("" if hand is None else f"[{hand}]")
    return f"{board} {turn} {castling} - {halfmove} {fullmove}"


def board_of(
    placement: str, variant: str = MITREGI, turn: str = "w", castling: str = "-", hand: str = ""
) -> Board:
    """A reference board of ``variant``; the hand's brackets are written where the game has
    hands."""
    brackets = hand if get_variant(variant).has_hand else None
    fen = fen_of(placement, turn, castling, brackets)
    board = Board(fen, variant)
    assert_core_agrees(board, fen, variant)
    return board


def assert_core_agrees(board: Board, fen: str, variant: str) -> None:
    """The Rust core sees the position ``fen`` as the reference ``board`` does: the same FEN,
    legal moves and check; an invalid position is refused by both."""
    if not board.is_valid():
        with pytest.raises(ValueError):
            meiriqi.Board(fen, variant=variant)
        return
    core = meiriqi.Board(fen, variant=variant)
    assert core.fen() == board.fen()
    assert sorted(core.legal_moves_uci()) == sorted(ucis(board)), fen
    assert core.is_check() == board.is_check(), fen


def moves_from(board: Board, origin: str) -> set[str]:
    """The legal moves from ``origin``, written as destination plus promotion suffix."""
    return {m.uci()[len(origin) :] for m in board.legal_moves if m.uci().startswith(origin)}


def ucis(board: Board) -> set[str]:
    return {move.uci() for move in board.legal_moves}


def names(text: str) -> set[str]:
    return set(text.split())


def flip(square: str) -> str:
    """The square seen from the other side: same file, rank 13 - rank."""
    match = _TARGET.fullmatch(square)
    assert match is not None, square
    return f"{match[1]}{13 - int(match[2])}{match[3]}"


def flipped(text: str) -> set[str]:
    """Each destination (with its suffix) of ``text`` turned round."""
    return {flip(target) for target in text.split()}


def mirrored(placement: str) -> str:
    """The placement turned upside down with the colours swapped."""
    items = (_ITEM.fullmatch(item) for item in placement.split())
    return " ".join(f"{m[1].swapcase()}{flip(m[2])}" for m in items if m is not None)


# -- the variants and their start positions --------------------------------------------------------


def test_the_six_games_are_listed_apart() -> None:
    assert list(WILDEURASIAN_VARIANTS) == [
        "wildeurasian-bestiary",
        "wildeurasian-mitregi",
        "wildeurasian-dense-rim-mitregi",
        "wildeurasian-bestiary-korean",
        "wildeurasian-mitregi-korean",
        "wildeurasian-dense-rim-mitregi-korean",
    ]
    assert set(WILDEURASIAN_VARIANTS).isdisjoint(VARIANTS)
    assert set(variant_descriptions(wildeurasian=True)) == set(VARIANTS) | set(ALL_SIX)
    assert all("\n" not in text for text in variant_descriptions(wildeurasian=True).values())


@pytest.mark.parametrize("variant", ALL_SIX)
def test_start_position_is_the_one_of_the_rules(variant: str) -> None:
    board = Board(variant=variant)
    assert board.fen() == STARTS[variant]
    assert board.is_valid() and board.castling_rights == frozenset("KQkq")
    assert board.hand(WHITE) == {} == board.hand(BLACK)
    # "So White has: Rooks b2 k2, Knights c2 j2, Bishops d2 i2, Camels e2 h2, Gnu f2, Tank g2,
    # Cannons c3 j3, Arrows d3 i3, Queen f3, King g3, Pawns b4 d4 e4 f4 g4 h4 i4 k4".
    inner = {"R": "b2 k2", "N": "c2 j2", "B": "d2 i2", "C": "e2 h2", "G": "f2", "T": "g2"}
    inner |= {"P": "c3 j3", "V": "d3 i3", "Q": "f3", "K": "g3", "I": "b4 d4 e4 f4 g4 h4 i4 k4"}
    for letter, squares in inner.items():
        for name in squares.split():
            assert board.piece_at(board.variant.grid.parse_square(name)) == Piece(letter, WHITE)
            black = board.variant.grid.parse_square(flip(name))
            assert board.piece_at(black) == Piece(letter, BLACK)


# -- each piece on e5 of an otherwise empty board --------------------------------------------------

ROOK_E5 = "e1 e2 e3 e4 e6 e7 e8 e9 e10 e11 e12 a5 b5 c5 d5 f5 g5 h5 i5 j5 k5 l5"
BISHOP_E5 = "f6 g7 h8 i9 j10 k11 l12 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1"
KNIGHT_E5 = "f7 d7 f3 d3 g6 c6 g4 c4"  # (±1, ±2), (±2, ±1)
CAMEL_E5 = "h6 h4 b6 b4 f8 d8 f2 d2"  # (±3, ±1), (±1, ±3)
ZEBRA_E5 = "h7 h3 b7 b3 g8 c8 g2 c2"  # (±3, ±2), (±2, ±3)
ZEMEL_E5 = "j6 j4 f10 d10"  # (+5, ±1), (±1, +5): the a-file is only four files away
GIRAFFE_E5 = "i6 i4 a6 a4 f9 d9 f1 d1"  # (±4, ±1), (±1, ±4)
GIMEL_E5 = "j8 j2 h10 b10"  # (+5, ±3), (±3, +5)
# Forward-only pieces: "White promotes in the enemy camp, ranks 9-12", optionally ("+" or not)
# except where the piece would have no move: the last rank for line pieces.
WING_E5 = "e6 e7 e8 e9 e9+ e10 e10+ e11 e11+ e12+"
MITRE_E5 = "f6 g7 h8 i9 i9+ j10 j10+ k11 k11+ l12+ d6 c7 b8 a9 a9+"
HELM_E5 = "f7 d7"  # (±1, +2)
HUMP_E5 = "f8 d8"  # (±1, +3)
PRINCELING_E5 = "d6 e6 f6"
GOLD_E5 = "e6 e4 d5 f5 d6 f6"
SILVER_E5 = "d6 f6 d4 f4 e6"
PRINCE_E5 = "d4 e4 f4 d5 f5 d6 e6 f6"

PIECES_ON_E5 = [
    (MITREGI, "W", "e6 e4 d5 f5"),
    (MITREGI, "R", ROOK_E5),
    (MITREGI, "B", BISHOP_E5),
    (MITREGI, "Q", f"{ROOK_E5} {BISHOP_E5}"),
    (MITREGI, "N", KNIGHT_E5),
    (MITREGI, "C", CAMEL_E5),
    (MITREGI, "G", f"{KNIGHT_E5} {CAMEL_E5}"),
    # Hoppers with nothing to hop move quietly like their slider.
    (MITREGI, "P", ROOK_E5),
    (MITREGI, "V", BISHOP_E5),
    (MITREGI, "T", f"{ROOK_E5} {BISHOP_E5}"),
    (BESTIARY, "Z", ZEBRA_E5),
    (BESTIARY, "E", ZEMEL_E5),
    (BESTIARY, "U", f"{ZEBRA_E5} {ZEMEL_E5}"),
    (BESTIARY, "F", GIRAFFE_E5),
    (BESTIARY, "Y", GIMEL_E5),
    (BESTIARY, "X", f"{GIRAFFE_E5} {GIMEL_E5}"),
    (BESTIARY, "P", ROOK_E5),
    (MITREGI, "L", WING_E5),
    (MITREGI, "M", MITRE_E5),
    (MITREGI, "S", f"{WING_E5} {MITRE_E5}"),
    (MITREGI, "H", HELM_E5),
    (MITREGI, "J", HUMP_E5),
    (MITREGI, "D", f"{HELM_E5} {HUMP_E5}"),
    (MITREGI, "+L", GOLD_E5),
    (MITREGI, "+H", GOLD_E5),
    (MITREGI, "+M", SILVER_E5),
    (MITREGI, "+J", SILVER_E5),
    (MITREGI, "+S", PRINCE_E5),
    (MITREGI, "+D", PRINCE_E5),
    (DENSE_RIM, "E", PRINCELING_E5),
    (DENSE_RIM, "O", WING_E5),
    (DENSE_RIM, "A", MITRE_E5),
    (DENSE_RIM, "U", f"{WING_E5} {MITRE_E5}"),
    (DENSE_RIM, "+O", GOLD_E5),
    (DENSE_RIM, "+A", SILVER_E5),
    (DENSE_RIM, "+E", PRINCE_E5),
    (DENSE_RIM, "+U", PRINCE_E5),
    (DENSE_RIM, "L", WING_E5),
    # Korean hoppers need a screen for every move: none on an empty board.
    (KOREAN[MITREGI], "P", ""),
    (KOREAN[MITREGI], "V", ""),
    (KOREAN[MITREGI], "T", ""),
    (KOREAN[BESTIARY], "T", ""),
    (KOREAN[DENSE_RIM], "O", ""),
    (KOREAN[DENSE_RIM], "A", ""),
    (KOREAN[DENSE_RIM], "U", ""),
    (KOREAN[DENSE_RIM], "M", MITRE_E5),
]


@pytest.mark.parametrize(("variant", "letter", "expected"), PIECES_ON_E5)
def test_white_piece_on_e5(variant: str, letter: str, expected: str) -> None:
    board = board_of(f"{BASE} {letter}e5", variant)
    assert moves_from(board, "e5") == names(expected)


@pytest.mark.parametrize(("variant", "letter", "expected"), PIECES_ON_E5)
def test_black_piece_on_e8_is_the_mirror_image(variant: str, letter: str, expected: str) -> None:
    board = board_of(mirrored(f"{BASE} {letter}e5"), variant, turn="b")
    assert moves_from(board, "e8") == flipped(expected)


def test_every_piece_letter_of_each_game_is_in_the_table_above() -> None:
    tested: dict[str, set[str]] = {}
    for variant, letter, _ in PIECES_ON_E5:
        tested.setdefault(variant, set()).add(letter)
    # The King and Pawn have tests of their own below.
    assert tested[MITREGI] | tested[BESTIARY] | {"K", "I"} >= set(get_variant(BESTIARY).piece_types)
    assert tested[MITREGI] | {"K", "I"} == set(get_variant(MITREGI).piece_types)
    dense_rim = tested[MITREGI] | tested[DENSE_RIM] | {"K", "I"}
    assert dense_rim == set(get_variant(DENSE_RIM).piece_types)


def test_king_steps_anywhere_on_its_own_side() -> None:
    board = board_of("Kf5 Gl1 kc12 gj12")
    assert moves_from(board, "f5") == names("e4 f4 g4 e5 g5 e6 f6 g6")


# -- hoppers ---------------------------------------------------------------------------------------


def test_cannon_captures_over_one_screen_and_slides_quietly() -> None:
    # Up: the own Pawn e6 is the screen, the Cannon e9 beyond it the victim; right: the enemy
    # f5 blocks the slide and has nothing beyond it to be captured.
    board = board_of(f"{BASE} Pe5 Ie6 pe9 pf5")
    assert moves_from(board, "e5") == names("e9 d5 c5 b5 a5 e4 e3 e2 e1")


def test_korean_cannon_hops_for_every_move_and_over_cannons() -> None:
    # Up: over e6 to the empty e7 e8 and onto the Cannon e9; right: over the Cannon f5 to
    # g5-l5; left and down: no screen, no move.
    board = board_of(f"{BASE} Pe5 Ie6 pe9 pf5", KOREAN[MITREGI])
    assert moves_from(board, "e5") == names("e7 e8 e9 g5 h5 i5 j5 k5 l5")


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        (MITREGI, ""),
        # Korean: quietly over d5, f5 and e4 to the empty squares beyond them.
        (KOREAN[MITREGI], "c5 b5 g5 h5 i5 j5 k5 l5 e3 e2 e1"),
    ],
)
def test_a_hopper_never_jumps_two_pieces(variant: str, expected: str) -> None:
    # Up, e6 is the screen and the own Wazir e7 the first piece beyond it: e8 and the Rook e9
    # are out of reach; the other ways, the next piece beyond each screen is a friend.
    board = board_of(f"{BASE} Pe5 Ie6 We7 re9 Ia5 Id5 If5 Ie4", variant)
    assert moves_from(board, "e5") == names(expected)


def test_arrow_and_korean_arrow() -> None:
    placement = f"{BASE} Ve5 If6 bh8 Id6 Id4 If4"
    assert moves_from(board_of(placement), "e5") == names("h8")
    assert moves_from(board_of(placement, KOREAN[MITREGI]), "e5") == names(
        "g7 h8 c7 b8 a9 c3 b2 a1 g3 h2 i1"
    )


def test_dense_rim_forward_hoppers() -> None:
    # Cannonball: over e6 onto e10 (in the camp: may promote); never backwards.
    cannonball = f"{BASE} Oe5 Ie6 re10"
    assert moves_from(board_of(cannonball, DENSE_RIM), "e5") == names("e10 e10+")
    korean = board_of(cannonball, KOREAN[DENSE_RIM])
    assert moves_from(korean, "e5") == names("e7 e8 e9 e9+ e10 e10+")
    # Arrowhead: over d6 onto a9; the other forward diagonal is a quiet slide (non-Korean).
    arrowhead = f"{BASE} Ae5 Id6 ra9"
    expected = "a9 a9+ f6 g7 h8 i9 i9+ j10 j10+ k11 k11+ l12+"
    assert moves_from(board_of(arrowhead, DENSE_RIM), "e5") == names(expected)
    korean = board_of(arrowhead, KOREAN[DENSE_RIM])
    assert moves_from(korean, "e5") == names("c7 b8 a9 a9+")


def test_korean_forward_hoppers_keep_the_promotion_ranks_of_the_plain_game() -> None:
    # Over the Wazir e7: optional promotion on ranks 9-11, compulsory only on the last rank,
    # although without a screen a Korean Cannonball has no move anywhere.
    board = board_of(f"{BASE} Oe5 We7", KOREAN[DENSE_RIM], hand="O")
    assert moves_from(board, "e5") == names("e8 e9 e9+ e10 e10+ e11 e11+ e12+")
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert "O@e11" in drops and "O@e12" not in drops


def test_hoppers_attack_the_first_piece_beyond_exactly_one_screen() -> None:
    king = "Ke2 kk12"
    assert board_of(f"{king} pe9 Ie4").is_check()  # one screen
    assert not board_of(f"{king} pe9").is_check()  # no screen
    assert not board_of(f"{king} pe9 Ie4 Ie3").is_check()  # two screens
    assert board_of(f"{king} vh5 If3").is_check()  # Arrow: h5 g4 [f3] e2
    assert not board_of(f"{king} vh5").is_check()
    korean = board_of(f"{king} pe9 Ie4", KOREAN[MITREGI])
    assert korean.is_check() and [square_name(s) for s in korean.checkers()] == ["e9"]
    assert not board_of(f"{king} pe9", KOREAN[MITREGI]).is_check()


# -- the Pawn and the Wazir ------------------------------------------------------------------------


def test_pawn_steps_forward_and_captures_diagonally_forward() -> None:
    board = board_of(f"{BASE} Ie4 re5 pd5 Pf5")
    assert moves_from(board, "e4") == names("d5")
    assert moves_from(board_of(f"{BASE} Ie4"), "e4") == names("e5")


def test_a_pawn_set_up_across_the_river_stands_and_each_move_makes_it_a_wazir() -> None:
    # No game reaches it, but it can move: only a piece with no move at all is refused.
    board = board_of(f"{BASE} Ie9 rd10")
    assert board.is_valid() and moves_from(board, "e9") == names("e10w d10w")


def test_a_pawn_crossing_the_river_becomes_a_wazir() -> None:
    board = board_of(f"{BASE} Ie6 rd7 rf7")
    assert moves_from(board, "e6") == names("e7w d7w f7w")
    move = board.push_uci("e6e7")  # "a parser also accepts it without the letter"
    assert move.uci() == "e6e7w"
    assert board.piece_at((4, 6)) == Piece("W", WHITE)
    board.pop()
    board.push_uci("e6f7w")
    assert board.piece_at((5, 6)) == Piece("W", WHITE)
    black = board_of(mirrored(f"{BASE} Ie6 rd7 rf7"), turn="b")
    assert moves_from(black, "e7") == names("e6w d6w f6w")


def test_a_wazir_that_goes_back_stays_a_wazir() -> None:
    assert moves_from(board_of(f"{BASE} We7"), "e7") == names("e8 e6 d7 f7")


FULL_ARMY = "Kg3 Rb2 Nc2 Bd2 Ce2 Gf2 Tg2 Bi2 Nj2 Pc3 Vd3 Qf3 Vi3 Pj3 Ig4 kl12"
"""White's start army without its Pawns (but one on g4 between the Kings), one Rook (k2) and
one Camel (h2): a Wazir may promote to a Rook or a Camel only."""


def test_wazir_promotes_on_rank_11_to_a_captured_type_only() -> None:
    board = board_of(f"{FULL_ARMY} We10")
    assert moves_from(board, "e10") == names("e9 d10 f10 e11 e11r e11c")
    board = board_of(f"{FULL_ARMY} We11")
    assert moves_from(board, "e11") == names("e10 e12 d11 d11r d11c f11 f11r f11c")
    # With the whole army on the board nothing was captured: no promotion.
    assert moves_from(board_of(f"{FULL_ARMY} Rk2 Ch2 We10"), "e10") == names("e9 d10 f10 e11")


def test_wazir_promotes_on_either_armys_second_rank() -> None:
    board = board_of(f"{FULL_ARMY} Wa3")
    assert moves_from(board, "a3") == names("a4 b3 a2 a2r a2c")
    board.push_uci("a3a2r")
    assert board.piece_at((0, 1)) == Piece("R", WHITE)
    black = board_of(mirrored(f"{FULL_ARMY} We10"), turn="b")
    assert moves_from(black, "e3") == flipped("e9 d10 f10 e11 e11r e11c")


def test_a_promoted_rook_counts_as_a_rook() -> None:
    board = board_of(f"{FULL_ARMY} Ch2 Rk5 We10")  # Rooks b2 and k5: none is missing
    assert moves_from(board, "e10") == names("e9 d10 f10 e11")


# -- forward-only promotion ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("letter", "origin", "expected"),
    [
        # Helm: optional on rank 10, compulsory on the last two ranks.
        ("H", "e8", "d10 d10+ f10 f10+"),
        ("H", "e9", "d11+ f11+"),
        # Hump: optional on rank 9, compulsory on the last three ranks.
        ("J", "e6", "d9 d9+ f9 f9+"),
        ("J", "e7", "d10+ f10+"),
        ("J", "e9", "d12+ f12+"),
        # Handyman: as the Helm (the last two ranks) whichever leap.
        ("D", "e8", "d10 d10+ f10 f10+ d11+ f11+"),
        ("D", "e7", "d9 d9+ f9 f9+ d10 d10+ f10 f10+"),
        # Line pieces: compulsory on the last rank only.
        ("L", "e10", "e11 e11+ e12+"),
        ("M", "e11", "d12+ f12+"),
        ("S", "e11", "d12+ e12+ f12+"),
        # A promoted piece "never promotes again".
        ("+L", "e10", "e11 e9 d10 f10 d11 f11"),
        ("+M", "e10", "e11 d11 f11 d9 f9"),
        ("+S", "e10", "d9 e9 f9 d10 f10 d11 e11 f11"),
    ],
)
def test_forward_only_promotion(letter: str, origin: str, expected: str) -> None:
    board = board_of(f"{BASE} {letter}{origin}")
    assert moves_from(board, origin) == names(expected)
    black = board_of(mirrored(f"{BASE} {letter}{origin}"), turn="b")
    assert moves_from(black, flip(origin)) == flipped(expected)


@pytest.mark.parametrize(
    ("letter", "origin", "expected"),
    [
        ("E", "e11", "d12+ e12+ f12+"),
        ("E", "e8", "d9 d9+ e9 e9+ f9 f9+"),
        ("O", "e11", "e12+"),
        ("A", "e11", "d12+ f12+"),
        ("U", "e11", "d12+ e12+ f12+"),
    ],
)
def test_dense_rim_forward_only_promotion(letter: str, origin: str, expected: str) -> None:
    board = board_of(f"{BASE} {letter}{origin}", DENSE_RIM)
    assert moves_from(board, origin) == names(expected)


def test_promotion_makes_the_plus_piece_and_notation_says_so() -> None:
    board = board_of(f"{BASE} La8")
    move = board.push_uci("a8a10+")
    assert move == Move((0, 7), (0, 9), "+") and move.uci() == "a8a10+"
    assert board.piece_at((0, 9)) == Piece("+L", WHITE)
    assert board.fen().startswith("9gk1/12/+L11/")


# -- drops -----------------------------------------------------------------------------------------


def test_drops_go_anywhere_empty_but_where_promotion_would_be_compulsory() -> None:
    board = board_of(BASE, hand="LHJ")
    drops = [m for m in board.legal_moves if m.drop]
    by_letter = {
        letter: {square_name(m.to_square) for m in drops if m.drop == letter} for letter in "LHJ"
    }
    # Wing: ranks 1-11 (132 squares) but b1 and l1; Helm: ranks 1-10 (120) but b1 l1; Hump:
    # ranks 1-9 (108) but b1 l1.
    assert [len(by_letter[letter]) for letter in "LHJ"] == [130, 118, 106]
    assert {"e11"} <= by_letter["L"] and "e12" not in by_letter["L"]
    assert {"e10"} <= by_letter["H"] and "e11" not in by_letter["H"]
    assert {"e9"} <= by_letter["J"] and "e10" not in by_letter["J"]
    assert "b1" not in by_letter["L"] and "l1" not in by_letter["L"]
    assert all(m.promotion is None for m in drops)  # "Drops ... never promote"


def test_black_drops_mirror_whites() -> None:
    board = board_of(mirrored(BASE), turn="b", hand="lhj")
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert {"L@e2", "H@e3", "J@e4"} <= drops
    assert {"L@e1", "H@e2", "J@e3", "L@b12"}.isdisjoint(drops)


def test_dense_rim_drops() -> None:
    board = board_of(BASE, DENSE_RIM, hand="EOAU")
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert {"E@e11", "O@e11", "A@e11", "U@e11"} <= drops
    assert {"E@e12", "O@e12", "A@e12", "U@e12"}.isdisjoint(drops)


def test_a_drop_must_end_the_check() -> None:
    board = board_of("Kb1 rb8 kk12", hand="L")
    assert board.is_check()
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert drops == {f"L@b{rank}" for rank in range(2, 8)}


def test_a_drop_obeys_condition_5() -> None:
    # King and a dropped Princess: the Princess across the River would be half of them.
    board = board_of(KINGS, hand="S")
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert "S@e6" in drops and "S@e7" not in drops and "S@e11" not in drops
    assert len(drops) == 6 * 12 - 1  # ranks 1-6 but b1


def test_capture_fills_the_hand_and_drop_empties_it() -> None:
    board = board_of(f"{BASE} Re5 +le9 +sc5 rf5", hand="")
    board.push_uci("e5e9")  # takes a Gold that was a Wing: a Wing for White's hand
    assert board.hand(WHITE) == {"L": 1} and board.hand(BLACK) == {}
    assert "[L]" in board.fen() and board.halfmove_clock == 0
    board.push_uci("f5f4")
    board.push_uci("L@e11")
    assert board.piece_at((4, 10)) == Piece("L", WHITE) and board.hand(WHITE) == {}
    assert board.halfmove_clock == 0 and "[]" in board.fen()
    board.pop()
    board.pop()
    board.pop()
    assert board.fen() == board_of(f"{BASE} Re5 +le9 +sc5 rf5").fen()
    board.push_uci("e5c5")  # a Prince that was a Princess: a Princess
    assert board.hand(WHITE) == {"S": 1}


def test_captured_symmetric_pieces_pawns_and_wazirs_leave_the_game() -> None:
    for victim in ("r", "q", "i", "w"):
        board = board_of(f"{BASE} Re5 {victim}e6")
        board.push_uci("e5e6")
        assert board.hand(WHITE) == {}, victim


def test_black_captures_into_its_own_hand_and_the_hand_is_written_in_order() -> None:
    board = board_of(f"{BASE} re8 +De5 +Ue4", DENSE_RIM, turn="b", hand="UEhm")
    board.push_uci("e8e5")
    assert board.hand(BLACK) == {"M": 1, "H": 1, "D": 1}
    assert board.fen().split()[0].endswith("[EUmhd]")
    board.push_uci("b1a1")
    board.push_uci("e5e4")
    assert board.hand(BLACK) == {"M": 1, "H": 1, "D": 1, "U": 1}


def test_bestiary_has_no_hand() -> None:
    board = board_of(f"{BASE} Re5 re9", BESTIARY)
    board.push_uci("e5e9")
    assert board.hand(WHITE) == {} and "[" not in board.fen()
    with pytest.raises(ValueError, match="no hands"):
        Board(fen_of(BASE, hand=""), BESTIARY)


# -- castling --------------------------------------------------------------------------------------

CASTLE = "Kg3 Rb3 Rk3 Ig4 kg10 rb10 rk10 ig9"


def test_castling_on_both_wings_for_both_colours() -> None:
    board = board_of(CASTLE, castling="KQkq")
    assert moves_from(board, "g3") == names("f2 g2 h2 f3 h3 f4 h4 d3 i3")
    board.push_uci("g3d3")  # "the King to the Bishop file ..., the Rook to the Camel file"
    assert board.piece_at((3, 2)) == Piece("K", WHITE)
    assert board.piece_at((4, 2)) == Piece("R", WHITE) and board.piece_at((1, 2)) is None
    assert board.fen().split()[2] == "kq"
    # Not g10d10: the King would barely face White's on the d-file.
    assert moves_from(board, "g10") == names("f11 g11 h11 f10 h10 f9 h9 i10")
    board.push_uci("g10i10")
    assert board.piece_at((8, 9)) == Piece("K", BLACK)
    assert board.piece_at((7, 9)) == Piece("R", BLACK) and board.piece_at((10, 9)) is None
    assert (
        board.fen()
        == Board(
            fen_of("Kd3 Re3 Rk3 Ig4 ki10 rh10 rb10 ig9", hand="", halfmove=2, fullmove=2), MITREGI
        ).fen()
    )
    board.pop()
    board.pop()
    board.push_uci("g3i3")
    assert board.piece_at((7, 2)) == Piece("R", WHITE) and board.fen().split()[2] == "kq"
    board.push_uci("g10d10")
    assert board.piece_at((4, 9)) == Piece("R", BLACK) and board.fen().split()[2] == "-"


def test_castling_from_anywhere_in_the_regions_on_rank_2() -> None:
    # The King on f2, the a-side Rook on c2 (the Knight's file): King to d2, Rook to e2.
    board = board_of("Kf2 Rc2 kg10", BESTIARY, castling="Q")
    assert "d2" in moves_from(board, "f2")
    board.push_uci("f2d2")
    assert board.piece_at((4, 1)) == Piece("R", WHITE) and board.piece_at((2, 1)) is None


@pytest.mark.parametrize(
    ("extra", "castling", "allowed"),
    [
        ("", "KQ", "d3 i3"),
        ("", "K", "i3"),  # the a-side right is gone
        ("", "Q", "d3"),
        ("Nc3", "KQ", "i3"),  # a piece between King and Rook
        ("bd6", "KQ", ""),  # out of check (d6 e5 f4 g3)
        ("re8", "KQ", "i3"),  # through check: e3 is attacked
        ("rh8", "KQ", "d3"),  # through check on h3
        ("rd8", "KQ", "i3"),  # into check on d3
        ("ri8", "KQ", "d3"),  # into check on i3
        ("re8 Ie5", "KQ", "d3 i3"),  # the Pawn e5 shields e3
    ],
)
def test_castling_prohibitions(extra: str, castling: str, allowed: str) -> None:
    board = board_of(f"Kg3 Rb3 Rk3 Ig4 kg10 ig9 {extra}", castling=castling)
    castlings = {square_name(m.to_square) for m in board.legal_moves if board.is_castling(m)}
    assert castlings == names(allowed)


def test_castling_may_not_go_through_or_into_bare_facing() -> None:
    # Through: the King crosses f3, which faces the King on f10 along the f-file.
    board = board_of("Kg3 Rb3 Rk3 Ig4 kf10", castling="KQ")
    assert {m.uci() for m in board.legal_moves if board.is_castling(m)} == {"g3i3"}
    # Through, on a diagonal: e3 f4 g5 h6 i7 j8 k9 l10.
    board = board_of("Kg3 Rb3 Rk3 kl10", castling="KQ")
    assert {m.uci() for m in board.legal_moves if board.is_castling(m)} == {"g3i3"}
    # Into: d3 faces d10.
    board = board_of("Kg3 Rb3 Rk3 kd10", castling="KQ")
    assert {m.uci() for m in board.legal_moves if board.is_castling(m)} == {"g3i3"}


def test_castling_needs_the_rook_on_the_kings_rank() -> None:
    board = board_of("Kg3 Rb2 Rk2 Ig4 kg10 ig9", castling="KQ")
    assert not any(board.is_castling(m) for m in board.legal_moves)
    # The same in the start position: Rooks on rank 2, King on rank 3.
    assert not any(board.is_castling(m) for m in Board(variant=MITREGI).legal_moves)


def test_castling_needs_the_rook_in_its_region() -> None:
    # The Rook b2 backs the a-side right, but the Rook met on the King's rank is a3's, outside
    # the region b2-c3; on the l-side the Rook l3 is outside j2-k3 (k2 backs the right).
    board = board_of("Kg3 Ra3 Rb2 Rl3 Rk2 Ig4 kg10 ig9", castling="KQ")
    assert board.fen().split()[2] == "KQ"
    assert not any(board.is_castling(m) for m in board.legal_moves)


def test_castling_rights_are_lost_for_good() -> None:
    board = board_of(CASTLE, castling="KQkq")
    board.push_uci("g3f2")  # the King moves inside its region: rights kept
    assert board.fen().split()[2] == "KQkq"
    board.push_uci("b10b11")  # Black's a-side Rook stays in its region b10-c11
    assert board.fen().split()[2] == "KQkq"
    board.push_uci("b3b5")  # White's a-side Rook leaves its region
    assert board.fen().split()[2] == "Kkq"
    board.push_uci("b11b9")
    assert board.fen().split()[2] == "Kk"
    board.push_uci("b5b3")  # back again: the right stays lost
    board.push_uci("g10g11")
    board.push_uci("f2e2")  # the King leaves its region
    assert board.fen().split()[2] == "k"
    board.push_uci("k10k3")  # Black's Rook takes White's: nothing changes for White now
    assert board.fen().split()[2] == "-"  # ... but Black's Rook left its own region


def test_castling_right_lost_when_the_rook_is_captured() -> None:
    board = board_of("Kg3 Rb3 Rk3 Ig4 kg10 ig9 bh6", castling="KQ", turn="b")
    board.push_uci("h6k3")  # h6 i5 j4 k3: takes the l-side Rook
    assert board.fen().split()[2] == "Q"


def test_a_castling_right_needs_its_king_and_rook_in_their_regions() -> None:
    board = board_of("Kg3 Rk3 Ig4 kg10 ig9", castling="KQkq")
    assert board.fen().split()[2] == "K"
    assert not board.is_valid()
    assert board_of("Kg3 Rk3 Ig4 kg10 ig9", castling="K").is_valid()


# -- the five conditions ---------------------------------------------------------------------------


def test_condition_1_a_pinned_piece_keeps_to_its_line() -> None:
    board = board_of("Kb1 Rb4 rb10 kk12")
    assert moves_from(board, "b4") == names("b2 b3 b5 b6 b7 b8 b9 b10")
    assert board.situations() == frozenset()


def test_condition_2_the_king_may_not_cross_the_river() -> None:
    # Two Gnus at home: the King across would be only one of three relevant pieces there, so
    # that condition 5 alone would let it cross.
    board = board_of("Kf6 Ga1 Gl1 kc12")
    assert moves_from(board, "f6") == names("e5 f5 g5 e6 g6")
    black = board_of(mirrored("Kf6 Ga1 Gl1 kc12"), turn="b")
    assert moves_from(black, "f7") == flipped("e5 f5 g5 e6 g6")


def test_condition_3_bare_facing_on_a_file_and_a_diagonal() -> None:
    # The Knight e5 stands between the Kings on the e-file: every leap leaves it.
    assert moves_from(board_of("Ke2 Ne5 ke11"), "e5") == set()
    # c2 d3 e4 f5 g6 h7 i8 j9: the Knight f5 is the only piece between.
    assert moves_from(board_of("Kc2 Nf5 kj9"), "f5") == set()
    # The King may not step onto the open e-file.
    assert moves_from(board_of("Kd2 ke11"), "d2") == names("c1 c2 c3 d1 d3")
    assert board_of("Kd2 ke11").situations() == frozenset()
    assert board_of("Ke2 ke11", turn="b").situations() == frozenset({3})
    assert board_of("Kc2 kj9").kings_facing() and not board_of("Kc2 kj10").kings_facing()


PRINCES = "+sh12 +di12 +sj12 +dk12"


def test_condition_4_the_enemy_having_every_prince() -> None:
    board = board_of(f"Ka1 Rh2 kl10 {PRINCES}")
    assert board.situations() == frozenset({4})
    assert ucis(board) == {"h2h12"}  # only taking a Prince gets out of it
    board.push_uci("h2h12")
    assert board.hand(WHITE) == {"S": 1}
    # Three Princes are not all of them.
    assert not board_of(f"Ka1 Rh2 kl10 {PRINCES.replace('+dk12', '')}").situations()


def test_condition_4_the_movers_own_princes_do_not_count() -> None:
    board = board_of(f"Ka1 {mirrored(PRINCES)} kl10")
    assert board.situations() == frozenset()
    assert moves_from(board, "a1") == names("a2 b1 b2")


def test_condition_4_dense_rim_counts_to_eight() -> None:
    seven = "+sa12 +db12 +ec12 +ud12 +se12 +df12 +eg12"
    assert board_of(f"Ka1 kl10 {seven}", DENSE_RIM).situations() == frozenset()
    eight = board_of(f"Ka1 kl10 {seven} +uh12", DENSE_RIM)
    assert eight.situations() == frozenset({4})


def test_condition_5_half_the_relevant_pieces_may_not_cross() -> None:
    # King and Queen: the Queen may not cross ("with just a King and a Queen, the Queen may not
    # cross"). From e5 on its own side: e1-e4 e6, the rank, f6 d6, and the four downward
    # diagonal squares on each side.
    own_side = "e1 e2 e3 e4 e6 a5 b5 c5 d5 f5 g5 h5 i5 j5 k5 l5 f6 d6 f4 g3 h2 i1 d4 c3 b2 a1"
    assert moves_from(board_of(f"{KINGS} Qe5"), "e5") == names(own_side)
    # With a Gnu at home the Queen is one of three: it may cross.
    assert moves_from(board_of(f"{BASE} Qe5"), "e5") == names(f"{ROOK_E5} {BISHOP_E5}")
    # A Rook is not relevant.
    assert moves_from(board_of(f"{KINGS} Re5"), "e5") == names(ROOK_E5)
    black = board_of(mirrored(f"{KINGS} Qe5"), turn="b")
    assert moves_from(black, "e8") == flipped(own_side)


# "King, Queen, Gnu, Tank, Zebu, Guru, Princess, Handyman, Princeling, Tankturret and every
# Prince", by each game's letters (E and U are the Zemel and the Zebu in Bestiary).
RELEVANT = {
    BESTIARY: "Q G T U X",
    MITREGI: "Q G T S D +S +D",
    DENSE_RIM: "Q G T S D E U +S +D +E +U",
}


@pytest.mark.parametrize(
    ("variant", "letter"),
    [
        (variant, letter)
        for variant in RELEVANT
        for letter in get_variant(variant).piece_types
        if letter != "K"
    ],
)
def test_condition_5_counts_exactly_the_relevant_pieces(variant: str, letter: str) -> None:
    # With only its King beside it, a piece on e6 may cross the River unless it is relevant
    # (each can reach rank 7 or beyond from e6 on an empty board).
    board = board_of(f"{KINGS} {letter}e6", variant)
    assert any(m.to_square[1] >= 6 for m in board.pseudo_legal_moves())
    crossing = any(m.to_square[1] >= 6 for m in board.legal_moves if m.from_square == (4, 5))
    assert crossing == (letter not in RELEVANT[variant].split())


def test_condition_5_a_player_in_it_must_leave_it() -> None:
    # The Queen e8 is across: only its moves back home are legal (e7 is still across).
    board = board_of(f"{KINGS} Qe8")
    assert board.situations() == frozenset({5})
    back = "e6 e5 e4 e3 e2 e1 g6 h5 i4 j3 k2 l1 c6 b5 a4"
    assert ucis(board) == {f"e8{target}" for target in back.split()}


def test_condition_5_remedies_promotion_and_drop() -> None:
    # "promoting a Wazir to Queen/Gnu/Tank/Zebu/Guru in their own camp": not to a Queen here,
    # as none is missing; promotions to other types leave the Queen one of two.
    board = board_of(f"{KINGS} Qe8 Wd3", BESTIARY)
    assert moves_from(board, "d3") == names("d2g d2t d2u d2x")
    # "reintroducing a Princess/Handyman ... on their own side of the River"
    board = board_of(f"{KINGS} Qe8", hand="SD")
    drops = {m.uci() for m in board.legal_moves if m.drop}
    assert len(drops) == 2 * (6 * 12 - 1)
    assert all(int(uci[3:]) <= 6 for uci in drops)


# -- the end of the game ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [BESTIARY, MITREGI])
def test_checkmate_wins(variant: str) -> None:
    board = board_of("Ka1 ra12 rb12 kl11", variant)
    assert board.is_check() and board.legal_moves == []
    assert board.outcome() == (Termination.CHECKMATE, BLACK)
    black = board_of(mirrored("Ka1 ra12 rb12 kl11"), variant, turn="b")
    assert black.outcome() == (Termination.CHECKMATE, WHITE)


def test_no_move_in_situation_4_loses() -> None:
    board = board_of(f"Ka1 kl10 {PRINCES}")
    assert not board.is_check() and board.legal_moves == []
    outcome = board.outcome()
    assert outcome is not None and outcome.result() == "0-1"
    assert outcome == (Termination.VARIANT_LOSS, BLACK)
    assert Termination.VARIANT_LOSS.value == "variant_loss"


def test_making_the_fourth_prince_wins() -> None:
    board = board_of("Ka1 +Sb5 +Dc5 +Sd5 Se11 kl10")
    assert moves_from(board, "e11") == names("d12+ e12+ f12+")
    board.push_uci("e11e12+")
    assert board.outcome() == (Termination.VARIANT_LOSS, WHITE)


def test_no_move_in_situation_5_loses() -> None:
    # The Queen a12 is walled in by Knights: it can only take them and stay across.
    board = board_of("Ka1 Qa12 na11 nb11 nb12 kl10", BESTIARY)
    assert board.situations() == frozenset({5})
    assert not board.is_check() and board.legal_moves == []
    assert board.outcome() == (Termination.VARIANT_LOSS, BLACK)


@pytest.mark.parametrize("variant", [BESTIARY, MITREGI, KOREAN[DENSE_RIM]])
def test_no_move_otherwise_is_a_draw(variant: str) -> None:
    board = board_of("Ka1 rb12 rl2 kl10", variant)
    assert not board.is_check() and board.legal_moves == []
    outcome = board.outcome()
    assert outcome is not None and outcome.result() == "1/2-1/2"
    assert outcome == (Termination.STALEMATE, None)


def test_no_other_draw_rule() -> None:
    board = Board(fen_of("Ka1 Rc1 kl10", halfmove=500, fullmove=900, hand=""), MITREGI)
    assert board.outcome() is None and not board.can_claim_draw()


def test_a_pinned_piece_still_gives_check() -> None:
    # The Rook c3 is pinned (a1 b2 c3 d4 e5 f6) yet attacks c10.
    board = board_of("Ka1 Rc3 bf6 kc10", turn="b")
    assert board.is_check() and [square_name(s) for s in board.checkers()] == ["c3"]


def test_a_pawn_attacks_diagonally_forward() -> None:
    assert board_of("Kb1 Ie6 kf7", turn="b").is_check()
    assert not board_of("Kb1 Ie6 ke7", turn="b").is_check()


# -- FEN and coordinate notation -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        (MITREGI, fen_of(f"{CASTLE} +Le5 +sd8", castling="Kq", hand="LLmh")),
        (MITREGI, fen_of(CASTLE, "b", "KQkq", "", 7, 31)),
        (DENSE_RIM, fen_of(f"{BASE} +Ue5 +ae8 Oa2", hand="LSEOAUlmsu")),
        (BESTIARY, fen_of(f"{CASTLE} Xe5 ue8", castling="Qk")),
        *((variant, fen) for variant, fen in STARTS.items()),
    ],
)
def test_fen_round_trips(variant: str, fen: str) -> None:
    assert Board(fen, variant).fen() == fen


def test_fen_hand_and_castling_are_written_in_order() -> None:
    board = Board(fen_of(CASTLE, castling="qkQK", hand="hmLL"), MITREGI)
    assert board.fen() == fen_of(CASTLE, castling="KQkq", hand="LLmh")
    assert board.hand(WHITE) == {"L": 2} and board.hand(BLACK) == {"M": 1, "H": 1}
    # A drop game's FEN without its brackets: an empty hand.
    assert Board(fen_of(CASTLE), MITREGI).fen() == fen_of(CASTLE, hand="")


@pytest.mark.parametrize(
    ("variant", "fen", "message"),
    [
        (BESTIARY, fen_of(BASE, hand=""), "no hands"),
        (MITREGI, fen_of(BASE, hand="K"), "invalid hand"),
        (MITREGI, fen_of(BASE, hand="E"), "invalid hand"),  # Dense-Rim only
        (MITREGI, fen_of(BASE, hand="L").replace("]", ""), "does not end"),
        (MITREGI, fen_of(BASE, castling="KX", hand=""), "castling"),
        (MITREGI, fen_of(BASE, castling="KK", hand=""), "castling"),
        (MITREGI, fen_of(f"{BASE} +Ee5", hand=""), "unknown piece letter"),
        (BESTIARY, fen_of(f"{BASE} Le5"), "unknown piece letter"),
        (MITREGI, fen_of(BASE, hand="").replace("w - -", "w - e3"), "en-passant"),
    ],
)
def test_fen_errors(variant: str, fen: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board(fen, variant)


def test_halfmove_clock_counts_from_capture_pawn_move_or_drop() -> None:
    board = Board(fen_of(f"{BASE} La8 Ic4 Re5 re9", halfmove=5, hand="H"), MITREGI)
    board.push_uci("a8a10+")  # a promotion alone does not reset it
    assert (board.halfmove_clock, board.fullmove_number) == (6, 1)
    board.push_uci("e9e8")
    assert (board.halfmove_clock, board.fullmove_number) == (7, 2)
    board.push_uci("c4c5")  # Pawn move
    assert board.halfmove_clock == 0
    board.push_uci("e8e7")
    board.push_uci("e5e7")  # capture
    assert board.halfmove_clock == 0
    board.push_uci("k12k11")
    assert board.halfmove_clock == 1
    board.push_uci("H@e3")  # drop
    assert board.halfmove_clock == 0 and board.fen().split()[-1] == "4"


def test_coordinate_notation() -> None:
    variant = get_variant(MITREGI)
    assert Move.from_uci("L@e5", variant) == Move((4, 4), (4, 4), None, "L")
    assert Move.from_uci("l@e5", variant).uci() == "L@e5"
    assert Move.from_uci("a8a10+", variant).uci() == "a8a10+"
    assert Move.from_uci("c10c11q", variant).promotion == "Q"
    assert Move.from_uci("a1l12", variant).to_square == (11, 11)
    for bad in ("Z@e5", "L@m5", "a1m1", "e6e7x", "e6e7++"):
        with pytest.raises(ValueError):
            Move.from_uci(bad, variant)
    with pytest.raises(ValueError):
        Move.from_uci("L@e5", get_variant(BESTIARY))
    board = board_of(BASE, hand="L")
    with pytest.raises(ValueError, match="illegal"):
        board.push_uci("L@e12")
    with pytest.raises(ValueError, match="illegal"):
        board.push_uci("M@e5")  # not in hand
    with pytest.raises(ValueError, match="illegal"):
        board.push_uci("L@l1")  # occupied


def test_push_and_pop_restore_everything() -> None:
    board = Board(variant=DENSE_RIM)
    # The Cannonball a2 takes the Arrowhead a10 over a3 and promotes; the Knight c11 takes it
    # back (an "O" for Black); the Arrow d3 takes the Cannonball l11 over e4; the Rook k11
    # takes the Arrow, which leaves the game.
    for uci in ("a2a10+", "c11a10", "d3l11", "k11l11"):
        board.push_uci(uci)
    assert board.hand(WHITE) == {"A": 1, "O": 1} and board.hand(BLACK) == {"O": 1}
    assert board.fen().split()[0].endswith("[OAo]")
    board.push_uci("O@e5")
    assert board.hand(WHITE) == {"A": 1}
    for _ in range(5):
        board.pop()
    assert board.fen() == DENSE_RIM_START


# -- perft -----------------------------------------------------------------------------------------

# perft(1..2) of each start position, computed by the reference (depth 3, against the core:
# tests/test_crosscheck_wildeurasian.py). Depth 1 by hand: White's army
# on ranks 2-4 has 64 moves in Bestiary and Mitregi (Pawns 8, Cannons 9 each (c4-c9, b3 a3 and
# c3xc11 over c10), Arrows 3 each, Queen 1, King 1, Rooks 2 each, Knights 3 each, Bishops 2
# each, Camels 5 each, Gnu 4, Tank 2); Bestiary's rank 1 adds 18 (Giraffes 1+1, Zebras 1+1,
# Gimels 1+1, Zemels 2+2, Guru 5, Zebu 3) = 82; Mitregi's adds 33 (each Wing a2-a11, six
# promotions on a9-a11 and a1xa12+: 14; Helms, Humps and the Handyman 1 each) = 97. Dense-Rim's
# rim pieces block most of that: 63. The Korean Cannons lose 7 moves each and the Arrows gain 4
# each (f5-l11 over e4), the Tank gains one: 77 and 92; in Dense-Rim the rim hoppers gain 19: 82.
PERFT = {variant: list(start(variant)[:2]) for variant in ALL_SIX}
"""The counts above as tests/perft.toml holds them for the Rust tests too."""


@pytest.mark.parametrize("variant", ALL_SIX)
def test_perft_1_and_2(variant: str) -> None:
    board = Board(variant=variant)
    assert [board.perft(1), board.perft(2)] == PERFT[variant]
    assert board.fen() == STARTS[variant]
