"""How every piece moves (docs/rules.md, the piece tables), one function per piece.

A piece's movement is written as *paths*: sequences of squares the piece travels along, one
square after another. The piece may stop on any square of a path that is empty (a quiet move) or
that holds an enemy piece (a capture, by replacement), and it may never pass a square that holds
any piece. A leap is a path of a single square, because the squares it jumps over do not matter.
Each path has a :class:`Mode`: some moves may only be quiet (the Pawn's steps), some may only
capture (the Pawn's diagonal step, the Lion's step to an adjacent square), and a Cannon's capture
path is walked differently: it must jump exactly one piece first (:attr:`Mode.HOP`). A Korean
hopper of the Wildeurasian games needs that screen for every move, quiet or not
(:attr:`Mode.SCREENED`).

Every function describes the piece from White's point of view, as the rules do ("forward" is up),
and turns the picture round for Black. Each function lists *all* the paths from ``square`` on an
empty board; the board then walks them. Confinement to a fortress is a rule of the variant, not of
the piece, and is applied in :mod:`meiriqi.reference.variant`.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .geometry import Color, Direction, Grid, Square, forward

ORTHOGONAL: tuple[Direction, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Direction, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
SIDEWAYS: tuple[Direction, ...] = ((1, 0), (-1, 0))


class Mode(enum.Enum):
    """What a piece may do on the squares of a path."""

    MOVE = "move only"
    CAPTURE = "capture only"
    BOTH = "move or capture"
    HOP = "capture only, on the first piece beyond exactly one piece (the screen)"
    SCREENED = "move or capture, only beyond exactly one piece (the screen): a Korean hopper"


class Path(NamedTuple):
    """Squares a piece walks along in order, and what it may do on them."""

    mode: Mode
    squares: tuple[Square, ...]


class Piece(NamedTuple):
    """A piece on the board: its type letter (uppercase, ``"I"`` for the Pawn) and colour.

    Letters mean what the variant's piece table says (``"P"`` is a Pegasus in Mĕirìqí, a
    Cannon in Yáng Qí)."""

    letter: str
    color: Color

    def symbol(self) -> str:
        """The FEN letter: uppercase for White, lowercase for Black."""
        return self.letter if self.color else self.letter.lower()


PathFunction = Callable[[Grid, Square, Color], list[Path]]


def orientations(dx: int, dy: int) -> tuple[Direction, ...]:
    """All distinct turns and mirror images of the leap ``(dx, dy)`` (eight, or four)."""
    turned = {(sx * a, sy * b) for a, b in ((dx, dy), (dy, dx)) for sx in (1, -1) for sy in (1, -1)}
    return tuple(sorted(turned))


def as_seen_by(color: Color, directions: Iterable[Direction]) -> tuple[Direction, ...]:
    """Directions given from White's view, turned round (mirrored vertically) for ``color``."""
    return tuple((dx, dy * forward(color)) for dx, dy in directions)


def leaps(grid: Grid, square: Square, jumps: Iterable[Direction]) -> list[Path]:
    """One single-square path per leap target that lies on the board."""
    targets = ((square[0] + dx, square[1] + dy) for dx, dy in jumps)
    return [Path(Mode.BOTH, (target,)) for target in targets if grid.contains(target)]


def rides(
    grid: Grid,
    square: Square,
    directions: Iterable[Direction],
    limit: int | None = None,
    mode: Mode = Mode.BOTH,
) -> list[Path]:
    """One path per direction, at most ``limit`` squares long (``None``: to the edge)."""
    rays = (grid.ray(square, direction, limit) for direction in directions)
    return [Path(mode, ray) for ray in rays if ray]


def king(grid: Grid, square: Square, color: Color) -> list[Path]:
    """King (K): "one step in any of 8 directions; never leaves its own fortress". The fortress
    is Mĕirìqí's (:mod:`~meiriqi.reference.variant`); Yáng Qí's King has none, but may swap
    places with a friend (:meth:`~meiriqi.reference.board.Board.pseudo_legal_moves`)."""
    return rides(grid, square, ALL_DIRECTIONS, 1)


def mandarin(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Mandarin (M): "one step diagonally; never leaves its own fortress's five 'X' points"."""
    return rides(grid, square, DIAGONAL, 1)


def pegasus(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Pegasus (P): "leaps (3,2) or (4,1) in any orientation: 16 targets"."""
    return leaps(grid, square, orientations(3, 2) + orientations(4, 1))


def gryphon(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Gryphon (Y): "one diagonal step; if that square is empty it may continue sliding
    orthogonally *outward* (after stepping to (+1,+1) it continues along (+1,0) or (0,+1)).
    The lone diagonal step is a legal move. Never jumps."

    Each diagonal step starts two paths, one per outward direction; both begin with the same
    diagonal square.
    """
    paths = []
    for dx, dy in DIAGONAL:
        first = (square[0] + dx, square[1] + dy)
        if grid.contains(first):
            for outward in ((dx, 0), (0, dy)):
                paths.append(Path(Mode.BOTH, (first, *grid.ray(first, outward))))
    return paths


def eagle(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Eagle (E): "slides any distance diagonally forward (2 directions); slides any distance
    straight backward; one step straight forward or sideways; one or two steps diagonally
    backward (the two-step move needs the first square empty). Never jumps."
    """
    return (
        rides(grid, square, as_seen_by(color, [(1, 1), (-1, 1), (0, -1)]))
        + rides(grid, square, as_seen_by(color, [(0, 1), (1, 0), (-1, 0)]), 1)
        + rides(grid, square, as_seen_by(color, [(1, -1), (-1, -1)]), 2)
    )


def rhino(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Rhino (H): "first one orthogonal step (a legal move by itself); if that square is empty
    it may continue with one diagonal step outward (turned 45° towards either side), then
    alternate: the original orthogonal step, the same diagonal step, … Every square passed must
    be empty. From a1 starting north and turning east: a2, b3, b4, c5, c6, …"

    Each orthogonal first step starts two paths, one per side it may turn to.
    """
    paths = []
    for dx, dy in ORTHOGONAL:
        for turn in (1, -1):
            diagonal = (dx + turn * dy, dy + turn * dx)
            squares: list[Square] = []
            file, rank = square
            for step_x, step_y in itertools.cycle(((dx, dy), diagonal)):
                file, rank = file + step_x, rank + step_y
                if not grid.contains((file, rank)):
                    break
                squares.append((file, rank))
            if squares:
                paths.append(Path(Mode.BOTH, tuple(squares)))
    return paths


def wildebeest(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Wildebeest (W): "leaps (2,1) or (3,1): 16 targets"."""
    return leaps(grid, square, orientations(2, 1) + orientations(3, 1))


def knight(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Knight (N): "leaps (2,1). Promotes to Janus"."""
    return leaps(grid, square, orientations(2, 1))


def gold(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Gold (G): "one step orthogonally, or diagonally forward. Promotes to Rook"."""
    return rides(grid, square, as_seen_by(color, (*ORTHOGONAL, (1, 1), (-1, 1))), 1)


def silver(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Silver (S): "one step diagonally, or straight forward. Promotes to Ogyo"."""
    return rides(grid, square, as_seen_by(color, (*DIAGONAL, (0, 1))), 1)


def lion(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Lion (L): "leaps exactly two squares orthogonally or diagonally ((2,0), (2,2)) to move or
    capture; may also capture on any adjacent square, but may not move one step without
    capturing. Promotes to Queen"."""
    return leaps(grid, square, orientations(2, 0) + orientations(2, 2)) + rides(
        grid, square, ALL_DIRECTIONS, 1, Mode.CAPTURE
    )


def pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Pawn (FEN I): "non-capturing: one step forward or sideways. Capturing: one step
    diagonally forward. A pawn standing on its own third rank (rank 3 for White, rank 8 for
    Black) may instead move two squares straight forward if both are empty (never a capture).
    Promotes to Champion".

    The forward path is two squares long on the third rank; a quiet path stops at the first
    occupied square, so the second square is reached only through an empty first one.
    """
    on_third_rank = grid.relative_rank(square, color) == 2
    return (
        rides(grid, square, as_seen_by(color, [(0, 1)]), 2 if on_third_rank else 1, Mode.MOVE)
        + rides(grid, square, SIDEWAYS, 1, Mode.MOVE)
        + rides(grid, square, as_seen_by(color, [(1, 1), (-1, 1)]), 1, Mode.CAPTURE)
    )


def janus(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Janus (J): "leaps like a Knight, or slides like a Bishop"."""
    return leaps(grid, square, orientations(2, 1)) + rides(grid, square, DIAGONAL)


def rook(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Rook (R): "slides orthogonally"."""
    return rides(grid, square, ORTHOGONAL)


def ogyo(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Ogyo (O): "slides horizontally (along the rank); one step vertically (forward or back)"."""
    return rides(grid, square, SIDEWAYS) + rides(grid, square, [(0, 1), (0, -1)], 1)


def queen(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Queen (Q): "slides orthogonally or diagonally"."""
    return rides(grid, square, ALL_DIRECTIONS)


def champion(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Champion (C): "one step orthogonally; leaps (2,0) or (2,2)"."""
    return rides(grid, square, ORTHOGONAL, 1) + leaps(
        grid, square, orientations(2, 0) + orientations(2, 2)
    )


# -- Yáng Qí (docs/rules.md) ---------------------------------------------------------------------


def bishop(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Bishop (B): "slides diagonally"."""
    return rides(grid, square, DIAGONAL)


def hopper(grid: Grid, square: Square, directions: Iterable[Direction]) -> list[Path]:
    """Slides along ``directions`` without capturing, and captures along them over a screen."""
    return rides(grid, square, directions, mode=Mode.MOVE) + rides(
        grid, square, directions, mode=Mode.HOP
    )


def cannon(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Cannon (P): "moves like a Rook without capturing; captures by jumping exactly one piece of
    either colour (the screen) along a rank or file, then landing on the first piece beyond it"."""
    return hopper(grid, square, ORTHOGONAL)


def vao(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Vao (V): "the same as the Cannon, along diagonals"."""
    return hopper(grid, square, DIAGONAL)


def forward_pawn(grid: Grid, square: Square, color: Color, steps: int) -> list[Path]:
    """A pawn that moves up to ``steps`` squares straight forward (through empty squares only)
    and captures one step diagonally forward."""
    return rides(grid, square, as_seen_by(color, [(0, 1)]), steps, Mode.MOVE) + rides(
        grid, square, as_seen_by(color, [(1, 1), (-1, 1)]), 1, Mode.CAPTURE
    )


def fide_pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Pawn (FEN I) of Yáng Qí: "FIDE pawn: one step forward, two from its own third rank if both
    empty (pawns starting on the fourth rank never get it), captures one step diagonally forward,
    en passant after an enemy double step". En passant is a rule of the board."""
    return forward_pawn(grid, square, color, 2 if grid.relative_rank(square, color) == 2 else 1)


def quick_pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """QuickPawn (``yangqi-quickpawns``): "a pawn may move one or two squares straight forward
    from any rank (two only through an empty square)"; it captures as the FIDE pawn."""
    return forward_pawn(grid, square, color, 2)


def berolina_pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Berolina pawn (``yangqi-berolina``): "pawns move one step diagonally forward without
    capturing and capture one step straight forward; no double step"."""
    return rides(grid, square, as_seen_by(color, [(1, 1), (-1, 1)]), 1, Mode.MOVE) + rides(
        grid, square, as_seen_by(color, [(0, 1)]), 1, Mode.CAPTURE
    )


def chinese_pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Chinese pawn (``yangqi-chinesepawns``): "pawns move and capture one step straight forward;
    a pawn standing on its own sixth rank or beyond also moves and captures one step sideways"."""
    sideways = SIDEWAYS if grid.relative_rank(square, color) >= 5 else ()
    return rides(grid, square, as_seen_by(color, [(0, 1), *sideways]), 1)


@dataclass(frozen=True)
class PieceType:
    """A kind of piece: its FEN letter, its English name and the function listing its paths."""

    letter: str
    name: str
    paths: PathFunction


PIECE_TYPES: dict[str, PieceType] = {
    piece_type.letter: piece_type
    for piece_type in (
        PieceType("K", "king", king),
        PieceType("M", "mandarin", mandarin),
        PieceType("P", "pegasus", pegasus),
        PieceType("Y", "gryphon", gryphon),
        PieceType("E", "eagle", eagle),
        PieceType("H", "rhino", rhino),
        PieceType("W", "wildebeest", wildebeest),
        PieceType("N", "knight", knight),
        PieceType("G", "gold", gold),
        PieceType("S", "silver", silver),
        PieceType("L", "lion", lion),
        PieceType("I", "pawn", pawn),
        PieceType("J", "janus", janus),
        PieceType("R", "rook", rook),
        PieceType("O", "ogyo", ogyo),
        PieceType("Q", "queen", queen),
        PieceType("C", "champion", champion),
    )
}
"""Every piece type of Mĕirìqí, by FEN letter."""


def yangqi_piece_types(pawn_type: PathFunction) -> dict[str, PieceType]:
    """The pieces of Yáng Qí, by FEN letter, with the Pawn of one of its options."""
    return {
        piece_type.letter: piece_type
        for piece_type in (
            PieceType("K", "king", king),
            PieceType("R", "rook", rook),
            PieceType("N", "knight", knight),
            PieceType("B", "bishop", bishop),
            PieceType("P", "cannon", cannon),
            PieceType("V", "vao", vao),
            PieceType("I", "pawn", pawn_type),
        )
    }


# -- the Wildeurasian family (docs/rules.md, "The Wildeurasian family") ---------------------------
#
# "Board 12x12 ... Black mirrors White vertically (same files)." Every piece below is described
# from White's side, as the table does; ``as_seen_by`` turns the forward-only ones round for Black.

FORWARD_DIAGONALS: tuple[Direction, ...] = ((1, 1), (-1, 1))
STRAIGHT_FORWARD: tuple[Direction, ...] = ((0, 1),)


def korean_hopper(grid: Grid, square: Square, directions: Iterable[Direction]) -> list[Path]:
    """A Korean-style hopper (variants ending ``-korean``): "every hopper needs exactly one screen
    for every move, capturing or not (it lands on any empty square after the screen up to the
    next piece, or on that piece if it is an enemy)"."""
    return rides(grid, square, directions, mode=Mode.SCREENED)


def wildeurasian_pawn(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Pawn (I): "one step straight forward without capturing, or one step diagonally forward to
    capture; no double step, no en passant". Its change into a Wazir on crossing the River is a
    promotion (:meth:`~meiriqi.reference.board.Board.pseudo_legal_moves`)."""
    return forward_pawn(grid, square, color, 1)


def wazir(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Wazir (W): "one step orthogonally; exists only by promotion"."""
    return rides(grid, square, ORTHOGONAL, 1)


def camel(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Camel (C): "leaps (3,1)"."""
    return leaps(grid, square, orientations(3, 1))


def gnu(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Gnu (G): "Knight + Camel": leaps (2,1) or (3,1)."""
    return leaps(grid, square, orientations(2, 1) + orientations(3, 1))


def arrow(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Arrow (V): "Bishop-line hopper (Vao)": moves like a Bishop without capturing, captures by
    jumping exactly one piece (the screen) and landing on the first piece beyond it."""
    return hopper(grid, square, DIAGONAL)


def tank(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Tank (T): "Cannon + Arrow": a hopper along the Queen's eight lines."""
    return hopper(grid, square, ALL_DIRECTIONS)


def korean_cannon(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Cannon (P): along a rank or file, always over exactly one screen ("a Cannon may
    jump over or capture a Cannon")."""
    return korean_hopper(grid, square, ORTHOGONAL)


def korean_arrow(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Arrow (V): along a diagonal, always over exactly one screen."""
    return korean_hopper(grid, square, DIAGONAL)


def korean_tank(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Tank (T): Korean Cannon + Korean Arrow."""
    return korean_hopper(grid, square, ALL_DIRECTIONS)


def zebra(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Zebra (Z, Bestiary): "leaps (3,2)"."""
    return leaps(grid, square, orientations(3, 2))


def zemel(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Zemel (E, Bestiary): "leaps (5,1)"."""
    return leaps(grid, square, orientations(5, 1))


def zebu(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Zebu (U, Bestiary): "Zebra + Zemel"."""
    return leaps(grid, square, orientations(3, 2) + orientations(5, 1))


def giraffe(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Giraffe (F, Bestiary): "leaps (4,1)"."""
    return leaps(grid, square, orientations(4, 1))


def gimel(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Gimel (Y, Bestiary): "leaps (5,3)"."""
    return leaps(grid, square, orientations(5, 3))


def guru(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Guru (X, Bestiary): "Giraffe + Gimel"."""
    return leaps(grid, square, orientations(4, 1) + orientations(5, 3))


def wing(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Wing (L): "slides straight forward (Shogi Lance)"."""
    return rides(grid, square, as_seen_by(color, STRAIGHT_FORWARD))


def mitre(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Mitre (M): "slides diagonally forward, both ways"."""
    return rides(grid, square, as_seen_by(color, FORWARD_DIAGONALS))


def princess(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Princess (S): "Wing + Mitre": slides along the three forward lines."""
    return rides(grid, square, as_seen_by(color, STRAIGHT_FORWARD + FORWARD_DIAGONALS))


def helm(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Helm (H): "leaps to (±1, +2): two ranks ahead on a neighbouring file"."""
    return leaps(grid, square, as_seen_by(color, [(1, 2), (-1, 2)]))


def hump(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Hump (J): "leaps to (±1, +3)"."""
    return leaps(grid, square, as_seen_by(color, [(1, 3), (-1, 3)]))


def handyman(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Handyman (D): "Helm + Hump": the four leaps (±1, +2) and (±1, +3)."""
    return leaps(grid, square, as_seen_by(color, [(1, 2), (-1, 2), (1, 3), (-1, 3)]))


def princeling(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Princeling (E, Dense-Rim): "one step straight or diagonally forward"."""
    return rides(grid, square, as_seen_by(color, STRAIGHT_FORWARD + FORWARD_DIAGONALS), 1)


def cannonball(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Cannonball (O, Dense-Rim): "Wing-line hopper (forward only)"."""
    return hopper(grid, square, as_seen_by(color, STRAIGHT_FORWARD))


def arrowhead(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Arrowhead (A, Dense-Rim): "Mitre-line hopper (forward diagonals only)"."""
    return hopper(grid, square, as_seen_by(color, FORWARD_DIAGONALS))


def tankturret(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Tankturret (U, Dense-Rim): "Cannonball + Arrowhead"."""
    return hopper(grid, square, as_seen_by(color, STRAIGHT_FORWARD + FORWARD_DIAGONALS))


def korean_cannonball(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Cannonball (O): straight forward, always over exactly one screen."""
    return korean_hopper(grid, square, as_seen_by(color, STRAIGHT_FORWARD))


def korean_arrowhead(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Arrowhead (A): diagonally forward, always over exactly one screen."""
    return korean_hopper(grid, square, as_seen_by(color, FORWARD_DIAGONALS))


def korean_tankturret(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Korean Tankturret (U): Korean Cannonball + Korean Arrowhead."""
    return korean_hopper(grid, square, as_seen_by(color, STRAIGHT_FORWARD + FORWARD_DIAGONALS))


def prince(grid: Grid, square: Square, color: Color) -> list[Path]:
    """Prince (``+S`` ``+D`` ``+E`` ``+U``): "one step any direction, not royal"."""
    return rides(grid, square, ALL_DIRECTIONS, 1)


def wildeurasian_piece_types(family: str, korean: bool) -> dict[str, PieceType]:
    """The pieces of one Wildeurasian game, by FEN letter: ``family`` is ``"bestiary"``,
    ``"mitregi"`` or ``"dense-rim"``; ``korean`` chooses the Korean hoppers. Letters are the
    table's, so ``E`` and ``U`` are the Zemel and Zebu in Bestiary, the Princeling and
    Tankturret in Dense-Rim. A promoted forward-only piece is ``+`` and its own letter: a
    Goldgeneral that was a Wing is ``+L`` (Shogi's Gold, Silver and a non-royal King's step)."""
    hoppers = (korean_cannon, korean_arrow, korean_tank) if korean else (cannon, arrow, tank)
    table = [
        PieceType("K", "king", king),
        PieceType("I", "pawn", wildeurasian_pawn),
        PieceType("W", "wazir", wazir),
        PieceType("R", "rook", rook),
        PieceType("B", "bishop", bishop),
        PieceType("Q", "queen", queen),
        PieceType("N", "knight", knight),
        PieceType("C", "camel", camel),
        PieceType("G", "gnu", gnu),
        PieceType("P", "cannon", hoppers[0]),
        PieceType("V", "arrow", hoppers[1]),
        PieceType("T", "tank", hoppers[2]),
    ]
    if family == "bestiary":
        table += [
            PieceType("Z", "zebra", zebra),
            PieceType("E", "zemel", zemel),
            PieceType("U", "zebu", zebu),
            PieceType("F", "giraffe", giraffe),
            PieceType("Y", "gimel", gimel),
            PieceType("X", "guru", guru),
        ]
        return {piece_type.letter: piece_type for piece_type in table}
    table += [
        PieceType("L", "wing", wing),
        PieceType("M", "mitre", mitre),
        PieceType("S", "princess", princess),
        PieceType("H", "helm", helm),
        PieceType("J", "hump", hump),
        PieceType("D", "handyman", handyman),
    ]
    if family == "dense-rim":
        if korean:
            turrets = (korean_cannonball, korean_arrowhead, korean_tankturret)
        else:
            turrets = (cannonball, arrowhead, tankturret)
        table += [
            PieceType("E", "princeling", princeling),
            PieceType("O", "cannonball", turrets[0]),
            PieceType("A", "arrowhead", turrets[1]),
            PieceType("U", "tankturret", turrets[2]),
        ]
    promoted = {"L": ("goldgeneral", gold), "M": ("silvergeneral", silver)}
    promoted |= {"H": promoted["L"], "O": promoted["L"], "J": promoted["M"], "A": promoted["M"]}
    promoted |= {letter: ("prince", prince) for letter in "SDEU"}
    unpromoted = [piece_type.letter for piece_type in table if piece_type.letter in "LMSHJDEOAU"]
    table += [PieceType(f"+{letter}", *promoted[letter]) for letter in unpromoted]
    return {piece_type.letter: piece_type for piece_type in table}
