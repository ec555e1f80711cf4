"""Yáng Qí and its four options in the pure-Python reference (docs/rules.md, notation.md).

Every expected value here is worked out by hand from docs/rules.md, never read off the code; the
comments show the working. The perft numbers at the end were computed by the reference and are
recorded so that the Rust core can later be checked against them.
"""

from __future__ import annotations

import pytest
from perft_counts import start

from meiriqi.reference import (
    BLACK,
    MEIRIQI,
    VARIANTS,
    WHITE,
    YANGQI,
    Board,
    Piece,
    Termination,
    square_name,
    variant_descriptions,
)

YANGQI_START = (
    "rnbvkvbnr/1p5p1/i1i1i1i1i/1i1i1i1i1/9/9/1I1I1I1I1/I1I1I1I1I/1P5P1/RNBVKVBNR w - - 0 1"
)
CHINESE_START = "rnbvkvbnr/9/1p5p1/i1i1i1i1i/9/9/I1I1I1I1I/1P5P1/9/RNBVKVBNR w - - 0 1"
FULL_WHITE_ARMY = "Ke1 Ra1 Ri1 Nb1 Nh1 Bc1 Bg1 Vd1 Vf1 Pb2 Ph2"
"""Every piece of White's start but the pawns: nothing a pawn could promote to is captured."""
OPTIONS = ["yangqi-chinese", "yangqi-quickpawns", "yangqi-berolina", "yangqi-chinesepawns"]


def fen_of(placement: str, turn: str = "w", en_passant: str = "-", halfmove: int = 0) -> str:
    """A 9x10 FEN from ``"Ke1 ke10 Pb2"``: FEN letter (case = colour) then square, per piece."""
    pieces = {item[1:]: item[0] for item in placement.split()}
    rows = []
    for rank in range(10, 0, -1):
        rows.append("".join(pieces.get(f"{file}{rank}", ".") for file in "abcdefghi"))
    board = "/".join(rows)
    for run in range(9, 0, -1):
        board = board.replace("." * run, str(run))
    return f"{board} {turn} - {en_passant} {halfmove} 1"


def board_of(placement: str, variant: str = "yangqi", turn: str = "w", **fields: object) -> Board:
    """A reference board of ``variant`` set up from :func:`fen_of`."""
    return Board(fen_of(placement, turn, **fields), variant)  # type: ignore[arg-type]


def moves_from(board: Board, origin: str) -> set[str]:
    """The legal moves from ``origin``, written as destination plus promotion suffix."""
    return {m.uci()[len(origin) :] for m in board.legal_moves if m.uci().startswith(origin)}


def names(text: str) -> set[str]:
    """The set of words in a space-separated list."""
    return set(text.split())


# -- the variants and their starting positions ---------------------------------------------------


def test_every_variant_is_listed_with_a_one_line_description() -> None:
    descriptions = variant_descriptions()
    assert list(descriptions) == ["meiriqi", "yangqi", *OPTIONS]
    assert all(text and "\n" not in text for text in descriptions.values())
    assert Board(variant="meiriqi").fen() == MEIRIQI.starting_fen
    with pytest.raises(ValueError, match="unknown variant"):
        Board(variant="xiangqi")


def test_yangqi_start_is_the_setup_of_the_rules() -> None:
    # docs/rules.md: "White K e1, V d1 f1, B c1 g1, N b1 h1, R a1 i1, P(cannon) b2 h2, pawns a3 b4
    # c3 d4 e3 f4 g3 h4 i3; Black mirrored on ranks 10/9".
    white = {"K": "e1", "V": "d1 f1", "B": "c1 g1", "N": "b1 h1", "R": "a1 i1", "P": "b2 h2"}
    white["I"] = "a3 b4 c3 d4 e3 f4 g3 h4 i3"
    expected = {}
    for letter, squares in white.items():
        for name in squares.split():
            expected[name] = Piece(letter, WHITE)
            expected[f"{name[0]}{11 - int(name[1:])}"] = Piece(letter, BLACK)
    board = Board(variant="yangqi")
    assert {square_name(s): p for s, p in board.piece_map().items()} == expected
    assert board.fen() == YANGQI_START == YANGQI.starting_fen


@pytest.mark.parametrize("variant", OPTIONS)
def test_option_starts(variant: str) -> None:
    # QuickPawns keeps the standard start; the other three use the Chinese Chess setup.
    expected = YANGQI_START if variant == "yangqi-quickpawns" else CHINESE_START
    assert Board(variant=variant).fen() == expected


def test_yangqi_start_has_57_moves() -> None:
    # Published: 55 ordinary moves plus the King's two swaps with the Vaos. By hand:
    # pawns a3 c3 e3 g3 i3 one or two steps (10), b4 d4 f4 h4 one step, no double (4);
    # rooks a2, i2 (2); knights d2, f2 (2); bishops d2, f2 (2);
    # Vao d1: c2 b3 a4 and e2 f3 g4 h5 i6 (8), Vao f1 likewise (8);
    # Cannon b2: a2, c2-g2, b3 (7) and the capture b2xb7 over the screen b4 (1); h2 likewise (8);
    # King d2 e2 f2 (3) and the swaps e1d1 e1f1 (2). 14+2+2+2+16+16+5 = 57.
    board = Board(variant="yangqi")
    moves = {m.uci() for m in board.legal_moves}
    assert len(moves) == len(board.legal_moves) == 57
    assert moves_from(board, "e1") == names("d2 e2 f2 d1 f1")
    assert moves_from(board, "b2") == names("a2 c2 d2 e2 f2 g2 b3 b7")
    assert moves_from(board, "d1") == names("c2 b3 a4 e2 f3 g4 h5 i6")
    assert moves_from(board, "a3") == names("a4 a5")
    assert moves_from(board, "b4") == names("b5")


@pytest.mark.parametrize(
    ("variant", "count"),
    [
        # Chinese setup: pawns a4..i4 one step each, no double step from the fourth rank (5);
        # rooks a2 a3, i2 i3 (4); knights a3 c3 d2, f2 g3 i3 (6);
        # bishop c1: b2 a3 d2 e3 f4 g5 h6 and c1xi7 (8), g1 likewise (8);
        # Vao d1: c2 (b3 is its own Cannon, a4 beyond it is a friend), e2 f3 (g4 a friend) (3),
        # Vao f1: g2, e2 d3 (3); Cannon b3: a3, c3-g3, b2, b4-b7 (11) and b3xb10 over the
        # screen b8 (1), h3 likewise (12 + 12); King d2 e2 f2 and two swaps (5).
        # 5+4+6+16+6+24+5 = 66.
        ("yangqi-chinese", 66),
        # Standard start; the four pawns on the fourth rank gain b4b6 d4d6 f4f6 h4h6: 57+4.
        ("yangqi-quickpawns", 61),
        # Chinese setup; the pawns step diagonally instead: a4b5, c4b5 c4d5, e4d5 e4f5,
        # g4f5 g4h5, i4h5 (8) instead of 5 steps forward: 66-5+8.
        ("yangqi-berolina", 69),
        # Chinese setup; pawns below their sixth rank step forward only: as yangqi-chinese.
        ("yangqi-chinesepawns", 66),
    ],
)
def test_option_start_move_counts(variant: str, count: int) -> None:
    assert len(Board(variant=variant).legal_moves) == count


# -- Cannon and Vao --------------------------------------------------------------------------------


def test_cannon_moves_like_a_rook_without_capturing() -> None:
    board = board_of("Ka1 ki10 Pe5")
    assert moves_from(board, "e5") == names("e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5")


def test_cannon_captures_over_exactly_one_screen_of_either_colour() -> None:
    # Up: own screen e7, then a friend on e8 -> no capture (the first piece beyond must be an
    # enemy, the rook on e9 is out of reach). Left: enemy screen c5, enemy a5 beyond b5 -> xa5.
    # Right: enemy on g5 with no screen -> only the quiet f5. Down: screens e3 (white) then e2
    # (black) -> captures e2, the first piece beyond one screen, never e1 behind two.
    board = board_of("Ka1 ki10 Pe5 Ie7 Re8 re9 nc5 ba5 rg5 Ie3 ie2 ne1")
    assert moves_from(board, "e5") == names("e6 e4 d5 f5 a5 e2")


def test_vao_is_the_cannon_on_diagonals() -> None:
    # North-east: quiet f6 g7, screen h8 (black), enemy i9 -> xi9. North-west: d6, screen c7
    # (white), then a friend on b8 -> no capture. South-east: f4, then the enemy g3 is only a
    # screen, nothing beyond it -> no capture. South-west: d4 c3 b2 a1 (empty to the edge).
    board = board_of("Ka10 ke10 Ve5 ih8 ri9 Ic7 Nb8 ng3")
    assert moves_from(board, "e5") == names("f6 g7 i9 d6 f4 d4 c3 b2 a1")


def test_a_cannon_checks_over_a_screen_and_a_second_screen_blocks() -> None:
    # White Cannon e1, screen e5 (white pawn): the black King on e10 is in check. A black
    # rook on a8 can block by making a second screen on e8; the King may step aside.
    board = board_of("Ki1 Pe1 Ie5 ke10 ra8", turn="b")
    assert board.is_check()
    assert [square_name(s) for s in board.checkers()] == ["e1"]
    assert moves_from(board, "a8") == {"e8"}
    assert moves_from(board, "e10") == names("d10 f10 d9 f9")  # e9 is still in the line
    # Without the screen, no check.
    assert not board_of("Ki1 Pe1 ke10 ra8", turn="b").is_check()


# -- pawns and en passant --------------------------------------------------------------------------


def test_double_step_only_from_the_third_rank() -> None:
    board = board_of("Ka1 ki10 Ie3 Ib4 Ic3 ic4")
    assert moves_from(board, "e3") == names("e4 e5")
    assert moves_from(board, "b4") == names("b5")  # fourth rank: never a double step
    assert moves_from(board, "c3") == set()  # blocked by c4; b4 is a friend, d4 empty


def test_en_passant_after_a_double_step_on_the_very_next_move_only() -> None:
    board = board_of("Ka1 ki10 Ie3 id5 Ng1 ng10")
    board.push_uci("e3e5")
    # The square passed over is written because d5 can take en passant (python-chess).
    assert board.fen() == fen_of("Ka1 ki10 Ie5 id5 Ng1 ng10", "b", "e4", 0)
    assert moves_from(board, "d5") == names("d4 e4")
    board.push_uci("d5e4")
    assert board.piece_at((4, 4)) is None  # the pawn on e5 is gone
    assert board.piece_at((4, 3)) == Piece("I", BLACK)
    assert board.halfmove_clock == 0
    board.pop()
    assert board.fen() == fen_of("Ka1 ki10 Ie5 id5 Ng1 ng10", "b", "e4", 0)
    # One move later the right has gone.
    board.push_uci("g10h8")
    board.push_uci("g1h3")
    assert moves_from(board, "d5") == names("d4")
    assert board.fen().split()[3] == "-"


def test_black_double_step_is_taken_en_passant_by_white() -> None:
    board = board_of("Ka1 ki10 Id6 ie8", turn="b")
    board.push_uci("e8e6")
    assert board.fen().split()[3] == "e7"
    assert moves_from(board, "d6") == names("d7 e7")


def test_en_passant_field_is_written_only_when_the_capture_is_legal() -> None:
    # No pawn beside e5: nothing to write.
    board = board_of("Ka1 ki10 Ie3")
    board.push_uci("e3e5")
    assert board.fen().split()[3] == "-"
    # d5 could take, but d5xe4 would empty the fifth rank between the black King on a5 and
    # the white Rook on i5: the capture is illegal, so the field stays "-".
    board = board_of("Ka1 ka5 Ri5 Ie3 id5")
    board.push_uci("e3e5")
    assert moves_from(board, "d5") == names("d4")
    assert board.fen().split()[3] == "-"


def test_quickpawns_step_two_from_any_rank_and_are_taken_en_passant() -> None:
    board = board_of("Ka1 ki10 Ib4 ia6 Ie6", "yangqi-quickpawns")
    assert moves_from(board, "b4") == names("b5 b6")
    assert moves_from(board, "e6") == names("e7 e8")
    board.push_uci("b4b6")
    assert board.fen().split()[3] == "b5"
    assert moves_from(board, "a6") == names("a5 a4 b5")  # a QuickPawn: a4 too
    board.pop()
    board.push_uci("e6e8")  # from the sixth rank: no black pawn beside e8
    assert board.fen().split()[3] == "-"
    # In plain Yáng Qí the same b4 pawn has no double step.
    assert moves_from(board_of("Ka1 ki10 Ib4", "yangqi"), "b4") == names("b5")


def test_quickpawn_double_step_onto_the_last_rank_promotes_to_a_captured_type() -> None:
    # Nothing captured: e8e10 does not exist, only the single step.
    board = board_of(f"{FULL_WHITE_ARMY} Ie8 kg10", "yangqi-quickpawns")
    assert moves_from(board, "e8") == names("e9")
    # A Rook captured: the two-square step to the last rank promotes to it.
    board = board_of(f"{FULL_WHITE_ARMY.replace(' Ri1', '')} Ie8 kg10", "yangqi-quickpawns")
    assert moves_from(board, "e8") == names("e9 e10r")


def test_berolina_pawns_move_diagonally_and_capture_straight() -> None:
    board = board_of("Ka1 ki10 Ie4 nd5 re5 Ig3", "yangqi-berolina")
    # e4: quiet diagonal step to f5 (d5 is occupied, and a diagonal is never a capture),
    # captures the rook straight ahead on e5.
    assert moves_from(board, "e4") == names("f5 e5")
    # g3 is on the third rank: still no double step.
    assert moves_from(board, "g3") == names("f4 h4")
    # An empty square straight ahead is not a move.
    assert moves_from(board_of("Ka1 ki10 Ie4", "yangqi-berolina"), "e4") == names("d5 f5")


def test_chinese_pawns_go_sideways_only_from_the_sixth_rank() -> None:
    board = board_of("Ka1 ki10 Ie5 rd5 Ie7 rd7 Nf7 ne8", "yangqi-chinesepawns")
    # e5 (fifth rank): forward only, the rook beside it on d5 cannot be taken.
    assert moves_from(board, "e5") == names("e6")
    # e7 (seventh rank): captures e8 ahead and d7 beside; f7 is a friend. No diagonal.
    assert moves_from(board, "e7") == names("e8 d7")
    # Black's sixth rank is rank 5: the black pawn on e5 goes sideways, not the one on e6.
    black = board_of("Ka1 ki10 ie5 ie6", "yangqi-chinesepawns", turn="b")
    assert moves_from(black, "e5") == names("e4 d5 f5")
    assert moves_from(black, "e6") == set()


def test_chinese_pawn_promotion_is_optional_and_to_any_type() -> None:
    # Nothing captured, yet all five non-royal, non-pawn types are offered, and the plain move
    # (a promotion to a Pawn would be the plain move). On the ninth rank it also goes sideways.
    board = board_of("Ka1 ki10 Ie9", "yangqi-chinesepawns")
    assert moves_from(board, "e9") == names("e10 e10r e10n e10b e10p e10v d9 f9")
    # On the last rank it still moves sideways, and such a move, ending on the last rank, may
    # promote too (decision: as a Zillions in-zone test and Mĕirìqí's zone rule read it).
    board = board_of("Ka1 ki10 Ie10", "yangqi-chinesepawns")
    assert moves_from(board, "e10") == {f"{s}{p}" for s in ("d10", "f10") for p in ["", *"rnbpv"]}


# -- promotion to a captured type ------------------------------------------------------------------


def test_no_captured_type_means_no_move_to_the_last_rank() -> None:
    # White still has every piece of the start (a pawn promoted earlier to a type it had lost
    # counts as that type, so this is also the board after such a promotion).
    board = board_of(f"{FULL_WHITE_ARMY} Ie9 kg10 rd10")
    assert moves_from(board, "e9") == set()  # neither e10 nor the capture on d10


def test_one_captured_type_is_the_only_promotion() -> None:
    army = FULL_WHITE_ARMY.replace(" Ph2", "")  # a Cannon was captured
    board = board_of(f"{army} Ie9 kg10 rd10")
    assert moves_from(board, "e9") == names("e10p d10p")


def test_several_captured_types_are_each_offered() -> None:
    army = FULL_WHITE_ARMY.replace(" Ph2", "").replace(" Ri1", "").replace(" Nh1", "")
    board = board_of(f"{army} Ie9 kg10 rd10")
    assert moves_from(board, "e9") == names("e10r e10n e10p d10r d10n d10p")
    board.push_uci("e9d10n")
    assert board.piece_at((3, 9)) == Piece("N", WHITE)
    assert board.halfmove_clock == 0


def test_black_promotes_on_rank_1_to_its_own_captured_types() -> None:
    # Black has lost everything but its King: every type, by a step to e1 or by taking d1.
    board = board_of("Kc10 kg10 ie2 Rd1", turn="b")
    assert moves_from(board, "e2") == {f"{s}{p}" for s in ("e1", "d1") for p in "rnbpv"}
    # Black has lost a Knight and a Vao; White's complete army does not matter to Black.
    board = board_of("Kc10 Nd1 kg10 ra1 ri1 nb1 bc1 bg1 vf1 pb2 ph2 ie2", turn="b")
    assert moves_from(board, "e2") == names("e1n e1v d1n d1v")


# -- the King's swap -------------------------------------------------------------------------------


def test_swap_exchanges_the_king_and_its_friend() -> None:
    board = Board(variant="yangqi")
    board.push_uci("e1d1")
    assert board.piece_at((3, 0)) == Piece("K", WHITE)
    assert board.piece_at((4, 0)) == Piece("V", WHITE)
    assert board.fen().split()[0].endswith("/RNBKVVBNR")
    assert board.halfmove_clock == 1
    assert board.pop().uci() == "e1d1"
    assert board.fen() == YANGQI_START


def test_no_swap_with_a_pawn_in_check_or_into_check() -> None:
    # Friends around e5: Rook d5, pawn e6, Knight f4. Swapping with the pawn is not allowed.
    board = board_of("Ke5 Rd5 Ie6 Nf4 ka10")
    assert {"d5", "f4"} <= moves_from(board, "e5")
    assert "e6" not in moves_from(board, "e5")
    # A black rook on the d-file: the King may not swap onto d5 (it would stand attacked).
    board = board_of("Ke5 Rd5 Ie6 Nf4 ka10 rd10")
    assert "d5" not in moves_from(board, "e5") and "f4" in moves_from(board, "e5")
    # In check from a bishop on h8: no swap.
    board = board_of("Ke5 Rd5 Ie6 Nf4 ka10 bh8")
    assert board.is_check()
    assert not {"d5", "f4"} & moves_from(board, "e5")


# -- the end of the game ---------------------------------------------------------------------------


def test_checkmate_wins() -> None:
    # Black King a10: a9 is on the a1 Rook's file, b9 and b10 on the b2 Rook's.
    board = board_of("Ke1 Ra1 Rb2 ka10", turn="b")
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (
        Termination.CHECKMATE,
        WHITE,
        "1-0",
    )


def test_stalemate_is_a_draw_in_yangqi_but_a_win_in_meiriqi() -> None:
    # Black King a10 not in check; a9 is covered by the Knight c8, b9 and b10 by the Rook b2.
    board = board_of("Ke1 Rb2 Nc8 ka10", turn="b")
    assert not board.is_check() and board.legal_moves == []
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (
        Termination.STALEMATE,
        None,
        "1/2-1/2",
    )
    # The same kind of position in Mĕirìqí (King h10 boxed in by Rooks on a9 and i3) still wins.
    meiriqi = Board("7k2/R9/10/10/10/10/10/8R1/9K/10 b - - 0 1").outcome()
    assert meiriqi is not None and (meiriqi.termination, meiriqi.winner) == (
        Termination.STALEMATE,
        WHITE,
    )


def test_two_bare_kings_are_a_dead_position() -> None:
    board = board_of("Ke1 ke10")
    assert board.legal_moves
    outcome = board.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (
        Termination.INSUFFICIENT_MATERIAL,
        None,
    )
    assert board_of("Ke1 ke10 Ra1").outcome() is None


def test_fifty_moves_can_be_claimed_and_seventy_five_end_the_game() -> None:
    placement = "Ke1 Ra1 ke10 ri10"
    assert not board_of(placement, halfmove=98).can_claim_fifty_moves()
    at_99 = board_of(placement, halfmove=99)
    assert at_99.can_claim_fifty_moves() and at_99.can_claim_draw()  # a quiet move makes 100
    assert at_99.outcome() is None
    assert board_of(placement, halfmove=100).can_claim_fifty_moves()
    at_149 = board_of(placement, halfmove=149)
    assert at_149.outcome() is None
    at_149.push_uci("e1e2")
    outcome = at_149.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (
        Termination.SEVENTYFIVE_MOVES,
        None,
    )
    # A checkmate on the 150th ply still wins.
    mate = board_of("Ke1 Ra1 Rb2 ka10", turn="b", halfmove=150).outcome()
    assert mate is not None and mate.termination == Termination.CHECKMATE
    # Mĕirìqí has no draw to claim.
    meiriqi = Board("k9/10/10/10/10/10/10/10/10/7K1R w - - 120 80")
    assert not meiriqi.can_claim_fifty_moves() and not meiriqi.can_claim_draw()


KNIGHT_SHUFFLE = ["h1f2", "h10f9", "f2h1", "f9h10"]


def test_threefold_can_be_claimed_and_fivefold_ends_the_game() -> None:
    board = Board(variant="yangqi")
    plies = KNIGHT_SHUFFLE * 4
    claims, repetitions, outcomes = [], [], []
    for uci in plies:
        board.push_uci(uci)
        claims.append(board.can_claim_threefold_repetition())
        repetitions.append(board.is_repetition(3))
        outcomes.append(board.outcome())
    # The start recurs after plies 4, 8, 12, 16. On ply 7 the next move (f9h10) would make the
    # start occur a third time, so the claim is already open; the position after ply 3 recurs
    # on plies 7 and 11, after ply 6 on 10 and 14, ...
    assert claims[:6] == [False] * 6
    assert all(claims[6:])
    assert repetitions.index(True) == 7  # after ply 8 the start stands for the third time
    assert board.is_repetition(5) and not board.is_repetition(6)
    assert outcomes[:15] == [None] * 15
    final = outcomes[15]
    assert final is not None and (final.termination, final.winner) == (
        Termination.FIVEFOLD_REPETITION,
        None,
    )


def test_repetition_tells_apart_positions_with_and_without_en_passant() -> None:
    board = board_of("Ke1 ki10 Ie3 id5 Nb1 nb10")
    board.push_uci("e3e5")  # Black may take en passant in this position ...
    for uci in ["b10c8", "b1c3", "c8b10", "c3b1"]:
        board.push_uci(uci)
    # ... and no longer here, with the same pieces and the same side to move.
    assert not board.is_repetition(2)
    for uci in ["b10c8", "b1c3", "c8b10", "c3b1"]:
        board.push_uci(uci)
    assert board.is_repetition(2) and not board.is_repetition(3)


# -- FEN -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen",
    [
        fen_of("Ka1 ki10 Ie5 id5", "b", "e4"),
        fen_of("Ka1 ki10 id5 Ic5 Ie5", "b", "e4"),
        fen_of("Ka1 ki10 Id6 ie6", "w", "e7", 0),
        YANGQI_START,
    ],
)
def test_fen_round_trips_with_the_en_passant_field(fen: str) -> None:
    assert Board(fen, "yangqi").fen() == fen


def test_an_en_passant_square_nobody_can_use_is_read_but_written_as_dash() -> None:
    board = Board(fen_of("Ka1 ki10 Ie5", "b", "e4"), "yangqi")
    assert board.ep_square == (4, 3)
    assert board.fen() == fen_of("Ka1 ki10 Ie5", "b")


@pytest.mark.parametrize(
    ("variant", "fen", "message"),
    [
        ("yangqi", fen_of("Ka1 ki10", "b", "e11"), "en-passant"),
        ("yangqi", fen_of("Ka1 ki10", "b", "j4"), "en-passant"),
        ("yangqi", fen_of("Ka1 ki10", "b", "e"), "en-passant"),
        ("yangqi-berolina", fen_of("Ka1 ki10", "b", "e4"), "must be '-'"),
        ("yangqi-chinesepawns", fen_of("Ka1 ki10", "b", "e4"), "must be '-'"),
        ("yangqi", fen_of("Ka1 ki10").replace(" - - ", " KQkq - "), "castling"),
        ("yangqi", fen_of("Ka1 ki10 Me5"), "unknown piece letter"),
        ("yangqi", "/".join(["10"] * 10) + " w", "describes 10 squares, not 9"),
        ("meiriqi", "/".join(["9"] * 10) + " w", "describes 9 squares, not 10"),
        ("meiriqi", MEIRIQI.starting_fen.replace(" - - ", " - e4 "), "must be '-'"),
    ],
)
def test_fen_errors(variant: str, fen: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board(fen, variant)


# -- perft -----------------------------------------------------------------------------------------

# perft(1..3) of each start position, computed by the reference (depth 1 derived by hand above),
# as tests/perft.toml holds them for the Rust tests too.
PERFT = {
    variant: list(start(variant)[:3])
    for variant in (
        "yangqi",
        "yangqi-chinese",
        "yangqi-quickpawns",
        "yangqi-berolina",
        "yangqi-chinesepawns",
    )
}


@pytest.mark.parametrize("variant", list(PERFT))
def test_perft_1_and_2(variant: str) -> None:
    board = Board(variant=variant)
    assert [board.perft(1), board.perft(2)] == PERFT[variant][:2]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(PERFT))
def test_perft_3(variant: str) -> None:
    assert Board(variant=variant).perft(3) == PERFT[variant][2]


def test_every_yangqi_variant_is_in_the_perft_table() -> None:
    assert set(PERFT) == set(VARIANTS) - {"meiriqi"}
