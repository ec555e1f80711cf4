"""Hand-built target sets of every Mĕirìqí piece, and how pieces block paths.

Every expected set below was worked out by hand from docs/rules.md, not read off the engine. A
case is a White piece on an otherwise empty board (only the two Kings, out of every path); the
Black version of each case is its vertical mirror image (``mirror``), which is right for every
piece because all of them are symmetric left-right, and the forward-dependent ones (Eagle, Gold,
Silver, Pawn) mirror exactly with the board. A few Black cases are also written out by hand
(``BLACK_CASES``) so that a bug in ``mirror`` cannot hide one in the engine.

This module also holds the position helpers that ``test_rules.py`` imports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

import meiriqi

FILES = "abcdefghij"

# The default Kings: on no path of the cases below, and on different files (never facing).
KINGS = {"h3": "K", "i10": "k"}

NAMES = {
    "K": "king",
    "M": "mandarin",
    "P": "pegasus",
    "Y": "gryphon",
    "E": "eagle",
    "H": "rhino",
    "W": "wildebeest",
    "N": "knight",
    "G": "gold",
    "S": "silver",
    "L": "lion",
    "I": "pawn",
    "J": "janus",
    "R": "rook",
    "O": "ogyo",
    "Q": "queen",
    "C": "champion",
}

# Promotable letter -> the type it promotes to (docs/rules.md, "Promotion").
PROMOTES_TO = {
    "N": meiriqi.JANUS,
    "G": meiriqi.ROOK,
    "S": meiriqi.OGYO,
    "L": meiriqi.QUEEN,
    "I": meiriqi.CHAMPION,
}


# -- helpers -------------------------------------------------------------------------------------


def square_key(name: str) -> tuple[str, int]:
    """Sort key of a square name: by file, then by rank as a number (``a2`` before ``a10``)."""
    return name[0], int(name[1:])


def squares(text: str) -> list[str]:
    """The sorted list of the square names in a space-separated string."""
    return sorted(text.split(), key=square_key)


def fill(names: str, letter: str) -> dict[str, str]:
    """The same piece ``letter`` on each of the space-separated squares ``names``."""
    return dict.fromkeys(names.split(), letter)


def with_kings(pieces: Mapping[str, str]) -> dict[str, str]:
    """``pieces`` plus a default King (``KINGS``) for each side that has none."""
    placed = dict(pieces)
    for name, king in KINGS.items():
        if king not in placed.values():
            assert name not in placed, f"default King square {name} is taken"
            placed[name] = king
    return placed


def fen_of(pieces: Mapping[str, str], turn: str = "w") -> str:
    """The FEN of ``pieces`` (square name -> FEN letter) with ``turn`` to move."""
    rows = []
    for rank in range(10, 0, -1):
        row, run = "", 0
        for file in FILES:
            letter = pieces.get(f"{file}{rank}")
            if letter is None:
                run += 1
                continue
            row += (str(run) if run else "") + letter
            run = 0
        rows.append(row + (str(run) if run else ""))
    return f"{'/'.join(rows)} {turn} - - 0 1"


def position(pieces: Mapping[str, str], turn: str = "w") -> meiriqi.Board:
    """The board with ``pieces`` (plus default Kings where missing) and ``turn`` to move."""
    return meiriqi.Board(fen_of(with_kings(pieces), turn))


def mirror_square(name: str) -> str:
    """The square seen from the other side: same file, rank ``11 - rank``."""
    return f"{name[0]}{11 - int(name[1:])}"


def mirror(pieces: Mapping[str, str]) -> dict[str, str]:
    """The position mirrored vertically with the colours swapped."""
    return {mirror_square(name): letter.swapcase() for name, letter in pieces.items()}


def moves_from(board: meiriqi.Board, origin: str) -> dict[str, set[int | None]]:
    """Destination -> promotion choices (``None``: none) of the legal moves from ``origin``."""
    found: dict[str, set[int | None]] = {}
    start = meiriqi.parse_square(origin)
    for move in board.legal_moves:
        if move.from_square == start:
            found.setdefault(meiriqi.square_name(move.to_square), set()).add(move.promotion)
    return found


def destinations(board: meiriqi.Board, origin: str) -> list[str]:
    """The sorted destinations of the legal moves from ``origin``."""
    return sorted(moves_from(board, origin), key=square_key)


def in_camp(name: str, white: bool) -> bool:
    """Whether a square is in the promotion zone of White (ranks 8-10) or Black (ranks 1-3)."""
    rank = int(name[1:])
    return rank >= 8 if white else rank <= 3


def assert_promotion_choices(board: meiriqi.Board, origin: str, letter: str) -> None:
    """Every move of the piece ``letter`` from ``origin`` offers exactly the promotion choices of
    the rules: both with and without promotion when it promotes and ends in its camp, else none."""
    white = letter.isupper()
    for dest, choices in moves_from(board, origin).items():
        promoted = PROMOTES_TO.get(letter.upper())
        if promoted is not None and in_camp(dest, white):
            assert choices == {None, promoted}, f"{origin}{dest}"
        else:
            assert choices == {None}, f"{origin}{dest}"


# -- target sets on an empty board ---------------------------------------------------------------

# The King's test position: Black's King on i9, with black pawns on h7 i7 j7 so that no King move
# is refused for facing (that rule has its own tests in test_rules.py).
KING_ALONE = {"i9": "k", "h7": "i", "i7": "i", "j7": "i"}
# The Mandarin's: the Kings on j2 and h9 (off the 'X' points, different files).
MANDARIN_ALONE = {"j2": "K", "h9": "k"}


def case(
    letter: str, origin: str, expected: str, where: str, others: dict[str, str] | None = None
) -> pytest.ParameterSet:
    """One empty-board case: piece ``letter`` on ``origin`` goes exactly to ``expected``."""
    return pytest.param(letter, origin, expected, others or {}, id=f"{NAMES[letter]}-{where}")


PIECE_CASES = [
    # King: one step, never out of the fortress h1-j3.
    case("K", "i2", "h1 h2 h3 i1 i3 j1 j2 j3", "i2-fortress-centre", KING_ALONE),
    case("K", "i1", "h1 h2 i2 j1 j2", "i1-fortress-and-board-edge", KING_ALONE),
    case("K", "h2", "h1 h3 i1 i2 i3", "h2-fortress-inner-edge", KING_ALONE),
    case("K", "j1", "i1 i2 j2", "j1-board-corner", KING_ALONE),
    case("K", "h3", "h2 i2 i3", "h3-fortress-inner-corner", KING_ALONE),
    # Mandarin: one diagonal step among the 'X' points h1 j1 i2 h3 j3.
    case("M", "i2", "h1 h3 j1 j3", "i2-x-centre", MANDARIN_ALONE),
    case("M", "h1", "i2", "h1-x-corner", MANDARIN_ALONE),
    case("M", "j1", "i2", "j1-x-board-corner", MANDARIN_ALONE),
    case("M", "h3", "i2", "h3-x-inner-corner", MANDARIN_ALONE),
    case("M", "j3", "i2", "j3-x-corner", MANDARIN_ALONE),
    # Pegasus: (3,2) h7 h3 b7 b3 g8 g2 c8 c2; (4,1) i6 i4 a6 a4 f9 f1 d9 d1. White's King moves
    # to j3 here because h3 is a Pegasus target. d9 and f9 are in the camp: no promotion.
    case(
        "P",
        "e5",
        "a4 a6 b3 b7 c2 c8 d1 d9 f1 f9 g2 g8 h3 h7 i4 i6",
        "e5-centre",
        {"j3": "K"},
    ),
    case("P", "a5", "b1 b9 c2 c8 d3 d7 e4 e6", "a5-edge"),  # only the eastward half
    case("P", "a1", "b5 c4 d3 e2", "a1-corner"),  # (1,4) (2,3) (3,2) (4,1)
    # Gryphon e5: f6 then outward g6..j6 or f7..f10; d6 then c6..a6 or d7..d10; f4 then g4..j4
    # or f3..f1; d4 then c4..a4 or d3..d1. Never e6/e4/d5/f5 (not on any bent path).
    case(
        "Y",
        "e5",
        "a4 a6 b4 b6 c4 c6 d1 d2 d3 d4 d6 d7 d8 d9 d10 f1 f2 f3 f4 f6 f7 f8 f9 f10 "
        "g4 g6 h4 h6 i4 i6 j4 j6",
        "e5-centre",
    ),
    # a5: b6 then c6..j6 or b7..b10; b4 then c4..j4 or b3..b1 (the westward paths leave the board).
    case(
        "Y",
        "a5",
        "b1 b2 b3 b4 b6 b7 b8 b9 b10 c4 c6 d4 d6 e4 e6 f4 f6 g4 g6 h4 h6 i4 i6 j4 j6",
        "a5-edge",
    ),
    # a1: b2 then c2..j2 or b3..b10.
    case("Y", "a1", "b2 b3 b4 b5 b6 b7 b8 b9 b10 c2 d2 e2 f2 g2 h2 i2 j2", "a1-corner"),
    # Eagle e5 (White: forward is up): diagonal forward slides f6..j10 and d6..a9; straight back
    # e4..e1; one step e6, d5, f5; diagonal back one or two: f4 g3, d4 c3. Never d4-c3 style jumps.
    case(
        "E",
        "e5",
        "a9 b8 c3 c7 d4 d5 d6 e1 e2 e3 e4 e6 f4 f5 f6 g3 g7 h8 i9 j10",
        "e5-centre",
    ),
    # a5: b6..f10 forward; a4..a1 back; a6; b5; b4 c3 diagonal back.
    case("E", "a5", "a1 a2 a3 a4 a6 b4 b5 b6 c3 c7 d8 e9 f10", "a5-edge"),
    # a1: b2..j10 forward; a2; b1; nothing backward.
    case("E", "a1", "a2 b1 b2 c3 d4 e5 f6 g7 h8 i9 j10", "a1-corner"),
    # Rhino e5, eight crooked paths (orthogonal first step, then diagonal, orthogonal, ...):
    #   N-E e6 f7 f8 g9 g10 | N-W e6 d7 d8 c9 c10 | S-E e4 f3 f2 g1 | S-W e4 d3 d2 c1
    #   E-N f5 g6 h6 i7 j7 | E-S f5 g4 h4 i3 j3 | W-N d5 c6 b6 a7 | W-S d5 c4 b4 a3
    case(
        "H",
        "e5",
        "a3 a7 b4 b6 c1 c4 c6 c9 c10 d2 d3 d5 d7 d8 e4 e6 f2 f3 f5 f7 f8 g1 g4 g6 g9 g10 "
        "h4 h6 i3 i7 j3 j7",
        "e5-centre",
    ),
    # a5: N-E a6 b7 b8 c9 c10 | S-E a4 b3 b2 c1 | E-N b5 c6 d6 e7 f7 g8 h8 i9 j9
    #     E-S b5 c4 d4 e3 f3 g2 h2 i1 j1 (the westward turns leave the board at once)
    case(
        "H",
        "a5",
        "a4 a6 b2 b3 b5 b7 b8 c1 c4 c6 c9 c10 d4 d6 e3 e7 f3 f7 g2 g8 h2 h8 i1 i9 j1 j9",
        "a5-edge",
    ),
    # a1 (docs/rules.md's example): N-E a2 b3 b4 c5 c6 d7 d8 e9 e10 | E-N b1 c2 d2 e3 f3 g4 h4 i5 j5
    case("H", "a1", "a2 b1 b3 b4 c2 c5 c6 d2 d7 d8 e3 e9 e10 f3 g4 h4 i5 j5", "a1-corner"),
    # Wildebeest: (2,1) and (3,1) leaps.
    case("W", "e5", "b4 b6 c4 c6 d2 d3 d7 d8 f2 f3 f7 f8 g4 g6 h4 h6", "e5-centre"),
    case("W", "a5", "b2 b3 b7 b8 c4 c6 d4 d6", "a5-edge"),
    case("W", "a1", "b3 b4 c2 d2", "a1-corner"),
    # Knight: (2,1) leaps; from e7 four of them end in the camp (c8 d9 f9 g8).
    case("N", "e5", "c4 c6 d3 d7 f3 f7 g4 g6", "e5-centre"),
    case("N", "a5", "b3 b7 c4 c6", "a5-edge"),
    case("N", "a1", "b3 c2", "a1-corner"),
    case("N", "e7", "c6 c8 d5 d9 f5 f9 g6 g8", "e7-into-camp"),
    # Gold: orthogonal step or diagonal-forward step.
    case("G", "e5", "d5 d6 e4 e6 f5 f6", "e5-centre"),
    case("G", "a5", "a4 a6 b5 b6", "a5-edge"),
    case("G", "a1", "a2 b1 b2", "a1-corner"),
    case("G", "e8", "d8 d9 e7 e9 f8 f9", "e8-in-camp"),  # e7 leaves the camp: no promotion
    case("G", "e10", "d10 e9 f10", "e10-far-edge"),  # nothing forward from the last rank
    # Silver: diagonal step or straight-forward step.
    case("S", "e5", "d4 d6 e6 f4 f6", "e5-centre"),
    case("S", "a5", "a6 b4 b6", "a5-edge"),
    case("S", "a1", "a2 b2", "a1-corner"),
    case("S", "e7", "d6 d8 e8 f6 f8", "e7-into-camp"),
    case("S", "e10", "d9 f9", "e10-far-edge"),  # only the two diagonal-back steps
    # Lion: (2,0) and (2,2) leaps; no one-step move on an empty board.
    case("L", "e5", "c3 c5 c7 e3 e7 g3 g5 g7", "e5-centre"),
    case("L", "a5", "a3 a7 c3 c5 c7", "a5-edge"),
    case("L", "a1", "a3 c1 c3", "a1-corner"),
    case("L", "e7", "c5 c7 c9 e5 e9 g5 g7 g9", "e7-into-camp"),
    # Pawn: forward or sideways step; two forward only from rank 3.
    case("I", "e5", "d5 e6 f5", "e5-centre"),
    case("I", "a5", "a6 b5", "a5-edge"),
    case("I", "a1", "a2 b1", "a1-corner"),  # rank 1 is not the third rank: no double step
    case("I", "e3", "d3 e4 e5 f3", "e3-third-rank"),
    case("I", "e7", "d7 e8 f7", "e7-into-camp"),
    case("I", "e10", "d10 f10", "e10-far-edge"),  # sideways only, both promoting
    # Janus: Knight leaps plus Bishop slides.
    case(
        "J",
        "e5",
        "a1 a9 b2 b8 c3 c4 c6 c7 d3 d4 d6 d7 f3 f4 f6 f7 g3 g4 g6 g7 h2 h8 i1 i9 j10",
        "e5-centre",
    ),
    case("J", "a5", "b3 b4 b6 b7 c3 c4 c6 c7 d2 d8 e1 e9 f10", "a5-edge"),
    case("J", "a1", "b2 b3 c2 c3 d4 e5 f6 g7 h8 i9 j10", "a1-corner"),
    # Rook: orthogonal slides (18 squares from anywhere on an empty 10x10 board).
    case("R", "e5", "a5 b5 c5 d5 e1 e2 e3 e4 e6 e7 e8 e9 e10 f5 g5 h5 i5 j5", "e5-centre"),
    case("R", "a5", "a1 a2 a3 a4 a6 a7 a8 a9 a10 b5 c5 d5 e5 f5 g5 h5 i5 j5", "a5-edge"),
    case("R", "a1", "a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e1 f1 g1 h1 i1 j1", "a1-corner"),
    # Ogyo: slides along the rank, one step up or down.
    case("O", "e5", "a5 b5 c5 d5 e4 e6 f5 g5 h5 i5 j5", "e5-centre"),
    case("O", "a5", "a4 a6 b5 c5 d5 e5 f5 g5 h5 i5 j5", "a5-edge"),
    case("O", "a1", "a2 b1 c1 d1 e1 f1 g1 h1 i1 j1", "a1-corner"),
    # Queen: Rook plus Bishop slides.
    case(
        "Q",
        "e5",
        "a1 a5 a9 b2 b5 b8 c3 c5 c7 d4 d5 d6 e1 e2 e3 e4 e6 e7 e8 e9 e10 f4 f5 f6 "
        "g3 g5 g7 h2 h5 h8 i1 i5 i9 j5 j10",
        "e5-centre",
    ),
    case(
        "Q",
        "a5",
        "a1 a2 a3 a4 a6 a7 a8 a9 a10 b4 b5 b6 c3 c5 c7 d2 d5 d8 e1 e5 e9 f5 f10 g5 h5 i5 j5",
        "a5-edge",
    ),
    case(
        "Q",
        "a1",
        "a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7 h1 h8 i1 i9 j1 j10",
        "a1-corner",
    ),
    # Champion: orthogonal step, (2,0) and (2,2) leaps.
    case("C", "e5", "c3 c5 c7 d5 e3 e4 e6 e7 f5 g3 g5 g7", "e5-centre"),
    case("C", "a5", "a3 a4 a6 a7 b5 c3 c5 c7", "a5-edge"),
    case("C", "a1", "a2 a3 b1 c1 c3", "a1-corner"),
]

# (letter, origin) -> (expected, others) of the cases above, for the blocking tests.


def case_values(param: pytest.ParameterSet) -> tuple[str, str, str, dict[str, str]]:
    """A case's letter, origin, expected squares and other pieces."""
    letter, origin, expected, others = param.values
    assert isinstance(letter, str) and isinstance(origin, str) and isinstance(expected, str)
    assert isinstance(others, dict)
    return letter, origin, expected, others


EMPTY = {
    (letter, origin): (expected, others)
    for letter, origin, expected, others in map(case_values, PIECE_CASES)
}


def test_every_piece_type_has_cases() -> None:
    assert {letter for letter, _ in EMPTY} == set(NAMES)
    assert len(NAMES) == len(meiriqi.Board().piece_types) == 17


def setup(pieces: Mapping[str, str], colour: str) -> tuple[meiriqi.Board, Callable[[str], str]]:
    """The board of a case written from White's view (White to move), or of its mirror image with
    Black to move when ``colour`` is ``"black"``; and the map from the case's square names to the
    board's."""
    placed = with_kings(pieces)
    if colour == "white":
        return meiriqi.Board(fen_of(placed, "w")), str
    return meiriqi.Board(fen_of(mirror(placed), "b")), mirror_square


def oriented(
    pieces: Mapping[str, str], origin: str, expected: str, colour: str
) -> tuple[meiriqi.Board, str, list[str]]:
    """The board, origin and sorted expected destinations of a case, oriented as by ``setup``."""
    board, see = setup(pieces, colour)
    return board, see(origin), squares(" ".join(map(see, expected.split())))


COLOURS = pytest.mark.parametrize("colour", ["white", "black"])
PIECE_TABLE = pytest.mark.parametrize(("letter", "origin", "expected", "others"), PIECE_CASES)


@COLOURS
@PIECE_TABLE
def test_target_set_on_an_empty_board(
    letter: str, origin: str, expected: str, others: dict[str, str], colour: str
) -> None:
    board, start, targets = oriented({origin: letter, **others}, origin, expected, colour)
    assert destinations(board, start) == targets


@COLOURS
@PIECE_TABLE
def test_promotion_choices_on_an_empty_board(
    letter: str, origin: str, expected: str, others: dict[str, str], colour: str
) -> None:
    board, start, _ = oriented({origin: letter, **others}, origin, expected, colour)
    assert_promotion_choices(board, start, letter if colour == "white" else letter.lower())


# Black cases written out by hand (Black moves down the board), with the Kings on i1 and h8.
BLACK_KINGS = {"i1": "K", "h8": "k"}
BLACK_CASES = [
    # Eagle e6: forward diagonals d5..a2 and f5..j1; straight back e7..e10; one step e5 d6 f6;
    # diagonal back d7 c8 and f7 g8.
    pytest.param(
        "e",
        "e6",
        "a2 b3 c4 c8 d5 d6 d7 e5 e7 e8 e9 e10 f5 f6 f7 g4 g8 h3 i2 j1",
        id="eagle-e6",
    ),
    pytest.param("g", "e6", "d5 d6 e5 e7 f5 f6", id="gold-e6"),
    pytest.param("g", "e3", "d2 d3 e2 e4 f2 f3", id="gold-e3-in-camp"),
    pytest.param("s", "e6", "d5 d7 e5 f5 f7", id="silver-e6"),
    pytest.param("n", "e4", "c3 c5 d2 d6 f2 f6 g3 g5", id="knight-e4-into-camp"),
    pytest.param("i", "e8", "d8 e6 e7 f8", id="pawn-e8-third-rank"),
    pytest.param("i", "e7", "d7 e6 f7", id="pawn-e7-no-double-step"),
    pytest.param("i", "e3", "d3 e2 f3", id="pawn-e3-white-third-rank-in-camp"),
]


@pytest.mark.parametrize(("letter", "origin", "expected"), BLACK_CASES)
def test_black_case_written_by_hand(letter: str, origin: str, expected: str) -> None:
    board = position({origin: letter, **BLACK_KINGS}, "b")
    assert destinations(board, origin) == squares(expected)
    assert_promotion_choices(board, origin, letter)


def test_mirror_helper_agrees_with_a_black_case_written_by_hand() -> None:
    expected, others = EMPTY["E", "e5"]
    board, start, targets = oriented({"e5": "E", **others}, "e5", expected, "black")
    assert board.fen() == fen_of({"e6": "e", **BLACK_KINGS}, "b")
    assert start == "e6"
    by_hand = BLACK_CASES[0].values[2]
    assert isinstance(by_hand, str) and targets == squares(by_hand)


# -- blocked paths -------------------------------------------------------------------------------

# Eight White Golds around e5, and eight more on the squares two steps away orthogonally or
# diagonally (not targets of the Wildebeest or the Pegasus, but on the way to them).
RING = fill("d4 d5 d6 e4 e6 f4 f5 f6", "G")
OUTER_RING = fill("c3 c5 c7 e3 e7 g3 g5 g7", "G")


def block(letter: str, blockers: dict[str, str], removed: str, why: str) -> pytest.ParameterSet:
    """The piece ``letter`` on e5 with ``blockers`` added (``G`` own, ``g`` enemy) reaches its
    empty-board set minus ``removed``."""
    return pytest.param(letter, blockers, removed, id=f"{NAMES[letter]}-{why}")


BLOCK_CASES = [
    # Gryphon: the diagonal square must be empty to go on; it blocks everything beyond it.
    block("Y", {"f6": "G"}, "f6 g6 h6 i6 j6 f7 f8 f9 f10", "own-piece-on-the-diagonal-step"),
    block("Y", {"f6": "g"}, "g6 h6 i6 j6 f7 f8 f9 f10", "enemy-on-the-diagonal-step-captured"),
    block("Y", {"h6": "G"}, "h6 i6 j6", "own-piece-on-the-slide"),
    block("Y", {"h6": "g"}, "i6 j6", "enemy-on-the-slide-captured"),
    block("Y", {"f8": "G", "c6": "g"}, "f8 f9 f10 b6 a6", "own-and-enemy-on-two-slides"),
    block("Y", fill("d5 e4 e6 f5", "G"), "", "orthogonal-neighbours-not-on-its-paths"),
    # Rhino: the first orthogonal square blocks both crooked paths through it.
    block("H", {"e6": "G"}, "e6 f7 f8 g9 g10 d7 d8 c9 c10", "own-piece-on-the-first-square"),
    block("H", {"e6": "g"}, "f7 f8 g9 g10 d7 d8 c9 c10", "enemy-on-the-first-square-captured"),
    block("H", {"f8": "G"}, "f8 g9 g10", "own-piece-mid-path"),
    block("H", {"f8": "g"}, "g9 g10", "enemy-mid-path-captured"),
    block("H", {"g4": "G"}, "g4 h4 i3 j3", "own-piece-on-the-first-diagonal"),
    block("H", fill("d4 d6 f4 f6", "G"), "", "diagonal-neighbours-not-on-its-paths"),
    # Eagle: slides stop at pieces, the two-step diagonal back needs its first square empty.
    block("E", {"g7": "G"}, "g7 h8 i9 j10", "own-piece-on-the-forward-diagonal"),
    block("E", {"g7": "g"}, "h8 i9 j10", "enemy-on-the-forward-diagonal-captured"),
    block("E", {"e3": "G"}, "e3 e2 e1", "own-piece-behind"),
    block("E", {"e3": "g"}, "e2 e1", "enemy-behind-captured"),
    block("E", {"f4": "G"}, "f4 g3", "own-piece-on-the-first-back-diagonal"),
    block("E", {"f4": "g"}, "g3", "enemy-on-the-first-back-diagonal-captured"),
    block("E", {"e6": "G"}, "e6", "own-piece-in-front"),
    block("E", {"g3": "G"}, "g3", "own-piece-on-the-second-back-diagonal"),
    # (a black Pegasus on g3: a Gold there would check the King on h3)
    block("E", {"g3": "p", "d5": "g"}, "", "enemies-on-back-diagonal-and-side-captured"),
    # Janus: the Bishop part stops at pieces, the Knight part leaps.
    block("J", {"f6": "G"}, "f6 g7 h8 i9 j10", "own-piece-on-a-diagonal"),
    block("J", {"g7": "g"}, "h8 i9 j10", "enemy-on-a-diagonal-captured"),
    block(
        "J",
        RING,
        "a1 b2 c3 d4 a9 b8 c7 d6 f4 g3 h2 i1 f6 g7 h8 i9 j10",
        "surrounded-still-leaps-like-a-knight",
    ),
    # Rook, Queen, Ogyo: ordinary sliders.
    block("R", {"e7": "G"}, "e7 e8 e9 e10", "own-piece-on-the-file"),
    block("R", {"e7": "g"}, "e8 e9 e10", "enemy-on-the-file-captured"),
    block("R", {"b5": "g", "h5": "G"}, "a5 h5 i5 j5", "own-and-enemy-on-the-rank"),
    block("Q", {"g7": "G"}, "g7 h8 i9 j10", "own-piece-on-a-diagonal"),
    block("Q", {"c5": "g"}, "b5 a5", "enemy-on-the-rank-captured"),
    block("Q", {"e4": "G", "c3": "g"}, "e4 e3 e2 e1 b2 a1", "own-and-enemy-below"),
    block("O", {"c5": "G"}, "c5 b5 a5", "own-piece-on-the-rank"),
    block("O", {"g5": "g"}, "h5 i5 j5", "enemy-on-the-rank-captured"),
    block("O", {"e6": "G"}, "e6", "own-piece-above"),
    block("O", {"e4": "g"}, "", "enemy-below-captured"),
    # Leapers jump over everything in between.
    block("L", RING, "", "surrounded-by-own-pieces-still-leaps"),
    block("N", RING, "", "surrounded-still-leaps"),
    block("W", {**RING, **OUTER_RING}, "", "two-rings-still-leaps"),
    block("P", {**RING, **OUTER_RING}, "", "two-rings-still-leaps"),
    block("C", RING, "d5 e4 e6 f5", "surrounded-loses-its-steps-keeps-its-leaps"),
    block("C", {"e6": "g", "d6": "G"}, "", "leaps-over-own-and-enemy"),
]


@COLOURS
@pytest.mark.parametrize(("letter", "blockers", "removed"), BLOCK_CASES)
def test_blocked_paths(letter: str, blockers: dict[str, str], removed: str, colour: str) -> None:
    expected, others = EMPTY[letter, "e5"]
    remaining = set(expected.split()) - set(removed.split())
    assert set(removed.split()) <= set(expected.split()), "a removed square must be a target"
    board, start, targets = oriented(
        {"e5": letter, **others, **blockers}, "e5", " ".join(remaining), colour
    )
    assert destinations(board, start) == targets
