"""SVG pictures of positions of every variant, in the style of Mĕirìqí's own diagram.

The picture shows the checkered board with its coordinates, the two 3x3 fortresses (Xiangqi's
palaces) with the Xiangqi 'X' through their five 'X' points, rows of dots on the lines that bound
the camps (promotion zones, as on a Shogi board), Xiangqi's River as a band between the halves,
and the pieces as discs with their letters (``+P`` for a promoted Shogi piece): white discs with
black letters for White, black discs with white letters for Black, so the sides stay apart in
print. Pawns, which have no letter, are smaller plain discs. In a variant with hands (Shogi) each
side's hand is a row of pieces with their counts, Black's above the board and White's below.
A variant's goal squares (King of the Hill's centre) are outlined, its gates (Seirawan chess)
marked with a small triangle in a corner, and its counters (the checks each side may still give
in Three-check, Makruk's counting) written below the board.

For a page that lets players click the picture, each square's rectangle carries its name
(``data-square="e4"``), each piece its FEN symbol and square (``data-piece="N" data-on="c3"``)
and each piece in hand its symbol and count (``data-piece="L" data-count="2"``).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

from meiriqi._core import (
    BLACK,
    WHITE,
    Board,
    Move,
    Piece,
    piece_name,
    square,
    square_file,
    square_name,
    square_rank,
)

__all__ = ["MEIRIQI", "Arrow", "Geometry", "SvgWrapper", "board", "piece", "rule_notes"]

SQUARE_SIZE = 45
MARGIN = 20
HAND_BAND = SQUARE_SIZE + MARGIN
"""The height of the band kept for a hand (a row of pieces and a gap) above and below a board."""
NOTE_LINE = 18
"""The height of a line of notes below the board (the checks to give, the counting)."""

_LIGHT = "#f0dcb4"
_DARK = "#c9a06a"
_LINE = "#4a3520"
_LASTMOVE = "#e8e04a"
_CHECK = "#e0201b"
_ARROW = "#15781b"
_RIVER = "#4f86c6"
_HAND = "#e9dcc0"
_GOAL = "#2a62b8"
_WHITE_GATE = "#ffffff"
_BLACK_GATE = "#202020"
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@dataclass(frozen=True)
class Geometry:
    """The drawn shape of a variant's board.

    ``fortresses`` are rectangles given by their lower-left and upper-right squares; each is
    outlined, and crossed by the 'X' joining its corner squares when those are among its
    ``palace_points`` (the points its 'X' lines join: Xiangqi's palace, Mĕirìqí's fortress; a
    variant file's ``display.palace-points``). ``camp_lines`` are the grid lines,
    counted from the bottom edge of the board (0 = below rank 1), that bound the camps; ``river``
    is the grid line the River runs along (Xiangqi), if any.
    """

    width: int
    height: int
    fortresses: tuple[tuple[int, int], ...] = ()
    camp_lines: tuple[int, ...] = ()
    river: int | None = None
    palace_points: frozenset[int] = frozenset()

    @classmethod
    def of(cls, board: Board) -> Geometry:
        """The geometry of ``board``'s variant, read from the board itself."""
        fortresses = tuple(
            (min(squares), max(squares))
            for squares in (board.fortress(WHITE), board.fortress(BLACK))
            if squares
        )
        white_camp = [square_rank(sq) for sq in board.camp(WHITE)]
        black_camp = [square_rank(sq) for sq in board.camp(BLACK)]
        # A camp that is only the last rank is bounded by the board's edge: no line to mark.
        deep_camps = white_camp and black_camp and max(black_camp) > 0
        camp_lines = (max(black_camp) + 1, min(white_camp)) if deep_camps else ()
        river = board.ranks // 2 if board.has_river else None
        points = frozenset(board.palace_points(WHITE) + board.palace_points(BLACK))
        return cls(board.files, board.ranks, fortresses, camp_lines, river, points)


MEIRIQI = Geometry.of(Board())
"""Mĕirìqí's 10x10 board: fortresses h1-j3 and h8-j10, camps on ranks 1-3 and 8-10."""


@dataclass(frozen=True)
class Arrow:
    """An arrow from ``tail`` to ``head`` (squares); a ring when both are the same square."""

    tail: int
    head: int
    color: str = _ARROW


class SvgWrapper(str):
    """An SVG document as a string, shown as a picture by Jupyter."""

    def _repr_svg_(self) -> str:
        """The SVG itself, for Jupyter's rich display."""
        return self


def _add(parent: ET.Element, tag: str, /, **attributes: object) -> ET.Element:
    """Appends an element to ``parent``; ``class_`` stands for ``class``, other ``_`` become
    ``-``."""
    names = {key.rstrip("_").replace("_", "-"): str(value) for key, value in attributes.items()}
    return ET.SubElement(parent, tag, names)


def _root(width: float, height: float) -> ET.Element:
    """An empty SVG picture of ``width`` by ``height`` units."""
    return ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "viewBox": f"0 0 {width} {height}",
        },
    )


class _Canvas:
    """Maps board coordinates to picture coordinates and collects the SVG elements.

    With ``hands`` a band for each side's hand is kept above and below the board, and below all
    a line for each of ``notes``.
    """

    def __init__(
        self, geometry: Geometry, flipped: bool, hands: bool = False, notes: int = 0
    ) -> None:
        self.geometry = geometry
        self.flipped = flipped
        self.band = HAND_BAND if hands else 0
        self.top = MARGIN + self.band
        self.width = 2 * MARGIN + geometry.width * SQUARE_SIZE
        self.notes_top = 2 * (MARGIN + self.band) + geometry.height * SQUARE_SIZE
        self.height = self.notes_top + notes * NOTE_LINE
        self.root = _root(self.width, self.height)

    def add(
        self, tag: str, parent: ET.Element | None = None, /, **attributes: object
    ) -> ET.Element:
        """Appends an element (to the picture unless ``parent`` is given); see :func:`_add`."""
        return _add(self.root if parent is None else parent, tag, **attributes)

    def column(self, file: int) -> int:
        """The column (0 = left) where a file is drawn."""
        return self.geometry.width - 1 - file if self.flipped else file

    def row(self, rank: int) -> int:
        """The row (0 = top) where a rank is drawn."""
        return rank if self.flipped else self.geometry.height - 1 - rank

    def corner(self, sq: int) -> tuple[float, float]:
        """The top-left corner of a square in the picture."""
        x = MARGIN + self.column(square_file(sq)) * SQUARE_SIZE
        y = self.top + self.row(square_rank(sq)) * SQUARE_SIZE
        return x, y

    def center(self, sq: int) -> tuple[float, float]:
        """The centre of a square in the picture."""
        x, y = self.corner(sq)
        return x + SQUARE_SIZE / 2, y + SQUARE_SIZE / 2

    def line_y(self, line: int) -> float:
        """The height in the picture of a horizontal grid line counted from the bottom edge."""
        rows_above = line if self.flipped else self.geometry.height - line
        return self.top + rows_above * SQUARE_SIZE

    def fill_square(self, sq: int, fill: str, class_: str, **attributes: object) -> None:
        """Covers a square with a filled rectangle."""
        x, y = self.corner(sq)
        self.add(
            "rect",
            x=x,
            y=y,
            width=SQUARE_SIZE,
            height=SQUARE_SIZE,
            fill=fill,
            class_=class_,
            **attributes,
        )


def _squares(geometry: Geometry) -> list[int]:
    """Every square of the board, rank by rank."""
    return [square(f, r) for r in range(geometry.height) for f in range(geometry.width)]


def _draw_squares(canvas: _Canvas, lastmove: Move | None, check: int | None) -> None:
    """The checkered squares, with the last move (its square, for a drop) and a King in check
    highlighted."""
    for sq in _squares(canvas.geometry):
        dark = (square_file(sq) + square_rank(sq)) % 2 == 0
        tone = "dark" if dark else "light"
        name = square_name(sq)
        canvas.fill_square(sq, _DARK if dark else _LIGHT, f"square {tone} {name}", data_square=name)
    if lastmove is not None:
        for sq in dict.fromkeys((lastmove.from_square, lastmove.to_square)):
            canvas.fill_square(sq, _LASTMOVE, "lastmove", fill_opacity=0.55)
    if check is not None:
        gradient = canvas.add("radialGradient", canvas.add("defs"), id="check_gradient", r="75%")
        for offset, opacity in (("0%", 1), ("60%", 1), ("100%", 0)):
            canvas.add("stop", gradient, offset=offset, stop_color=_CHECK, stop_opacity=opacity)
        canvas.fill_square(check, "url(#check_gradient)", "check")


def _draw_markings(canvas: _Canvas) -> None:
    """The board's outline, the camp dots, the River and the fortresses with their 'X'."""
    geometry = canvas.geometry
    board_width = geometry.width * SQUARE_SIZE
    board_height = geometry.height * SQUARE_SIZE
    canvas.add(
        "rect",
        x=MARGIN,
        y=canvas.top,
        width=board_width,
        height=board_height,
        fill="none",
        stroke=_LINE,
        stroke_width=2,
        class_="border",
    )
    for line in geometry.camp_lines:
        y = canvas.line_y(line)
        for column in range(geometry.width + 1):
            canvas.add(
                "circle", cx=MARGIN + column * SQUARE_SIZE, cy=y, r=3.5, fill=_LINE, class_="camp"
            )
    if geometry.river is not None:
        _draw_river(canvas, canvas.line_y(geometry.river))
    for low, high in geometry.fortresses:
        corners = [canvas.corner(sq) for sq in (low, high)]
        left = min(x for x, _ in corners)
        top = min(y for _, y in corners)
        right = max(x for x, _ in corners) + SQUARE_SIZE
        bottom = max(y for _, y in corners) + SQUARE_SIZE
        canvas.add(
            "rect",
            x=left,
            y=top,
            width=right - left,
            height=bottom - top,
            fill="none",
            stroke=_LINE,
            stroke_width=2.5,
            class_="fortress",
        )
        other_low = square(square_file(high), square_rank(low))
        other_high = square(square_file(low), square_rank(high))
        if not {low, high, other_low, other_high} <= geometry.palace_points:
            continue
        for start, end in ((low, high), (other_low, other_high)):
            (x1, y1), (x2, y2) = canvas.center(start), canvas.center(end)
            canvas.add(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=_LINE,
                stroke_width=1.5,
                class_="fortress-x",
            )


def _draw_river(canvas: _Canvas, y: float) -> None:
    """The River: a labelled band along the grid line at height ``y``, across the board."""
    group = canvas.add("g", class_="river")
    canvas.add("title", group).text = "the River"
    width = canvas.geometry.width * SQUARE_SIZE
    canvas.add("rect", group, x=MARGIN, y=y - 6, width=width, height=12, fill=_RIVER, opacity=0.85)
    label = canvas.add(
        "text",
        group,
        x=MARGIN + width / 2,
        y=y + 3.5,
        text_anchor="middle",
        font_family=_FONT,
        font_size=9.5,
        font_weight="bold",
        letter_spacing=2,
        fill="#ffffff",
        class_="river-label",
    )
    label.text = "RIVER"


def _draw_disc(group: ET.Element, center: tuple[float, float], piece: Piece, pawn: bool) -> None:
    """A piece's disc with its letters (``+P``: smaller) into ``group``; a pawn's has none."""
    cx, cy = center
    white = piece.color
    _add(
        group,
        "circle",
        cx=cx,
        cy=cy,
        r=SQUARE_SIZE * (0.27 if pawn else 0.42),
        fill="#fcfcf8" if white else "#1c1c1c",
        stroke="#1c1c1c" if white else "#fcfcf8",
        stroke_width=1.5,
    )
    if pawn:
        return
    symbol = piece.symbol().upper()
    font_size = SQUARE_SIZE * (0.5 if len(symbol) == 1 else 0.36)
    text = _add(
        group,
        "text",
        x=cx,
        y=cy + font_size * 0.36,
        text_anchor="middle",
        font_family=_FONT,
        font_size=font_size,
        font_weight="bold",
        fill="#111111" if white else "#fcfcf8",
    )
    text.text = symbol


def _names(board: Board, piece: Piece) -> tuple[str, str]:
    """The side and the name of a piece, for titles (``"white"``, ``"promoted lance"``)."""
    side = "white" if piece.color else "black"
    return side, piece_name(piece.piece_type, variant=board.variant_name)


def _draw_piece(canvas: _Canvas, board: Board, sq: int, piece: Piece) -> None:
    """A piece on the board as a disc with its letter (pawns as smaller plain discs)."""
    side, name = _names(board, piece)
    group = canvas.add(
        "g",
        class_=f"piece {side} {name.replace(' ', '-')}",
        data_piece=piece.symbol(),
        data_on=square_name(sq),
    )
    canvas.add("title", group).text = f"{side} {name} on {square_name(sq)}"
    _draw_disc(group, canvas.center(sq), piece, piece.piece_type in board.pawn_types)


def _hand_text(board: Board, color: bool) -> str:
    """A hand in words, for its title: ``"Black's hand: 1 rook, 2 pawns"``."""
    side = "White" if color else "Black"
    held = [
        f"{count} {piece_name(kind, variant=board.variant_name)}{'s' if count > 1 else ''}"
        for kind, count in _held(board, color)
    ]
    return f"{side}'s hand: {', '.join(held) or 'empty'}"


def _held(board: Board, color: bool) -> list[tuple[int, int]]:
    """The kinds in ``color``'s hand with their counts, the strongest first (Shogi's order)."""
    hand = board.hand(color)
    return [(kind, hand[kind]) for kind in reversed(board.piece_types) if hand.get(kind)]


def _draw_hand(canvas: _Canvas, board: Board, color: bool) -> None:
    """``color``'s hand as a row of pieces with their counts, in its band beside the board:
    the band nearer the side's own edge of the board (below for White unless flipped)."""
    geometry = canvas.geometry
    side = "white" if color else "black"
    above = (color == BLACK) != canvas.flipped
    top = MARGIN if above else canvas.top + geometry.height * SQUARE_SIZE + MARGIN
    group = canvas.add("g", class_=f"hand {side}")
    canvas.add("title", group).text = _hand_text(board, color)
    width = geometry.width * SQUARE_SIZE
    canvas.add("rect", group, x=MARGIN, y=top, width=width, height=SQUARE_SIZE, rx=6, fill=_HAND)
    label = canvas.add(
        "text",
        group,
        x=MARGIN + width - 6,
        y=top + SQUARE_SIZE / 2 + 4,
        text_anchor="end",
        font_family=_FONT,
        font_size=11,
        fill=_LINE,
        class_="hand-label",
    )
    label.text = f"{side.capitalize()}'s hand"
    for index, (kind, count) in enumerate(_held(board, color)):
        piece = Piece(kind, color, variant=board.variant_name)
        name = piece_name(kind, variant=board.variant_name)
        held = canvas.add(
            "g",
            group,
            class_=f"hand-piece {side} {name.replace(' ', '-')}",
            data_piece=piece.symbol(),
            data_count=count,
        )
        canvas.add("title", held).text = f"{side} {name} in hand: {count}"
        cx = MARGIN + (index + 0.5) * SQUARE_SIZE
        cy = top + SQUARE_SIZE / 2
        _draw_disc(held, (cx, cy), piece, kind in board.pawn_types)
        badge_x, badge_y = cx + SQUARE_SIZE * 0.3, cy + SQUARE_SIZE * 0.28
        canvas.add(
            "circle", held, cx=badge_x, cy=badge_y, r=8, fill=_LINE, stroke=_HAND, stroke_width=1
        )
        number = canvas.add(
            "text",
            held,
            x=badge_x,
            y=badge_y + 3.5,
            text_anchor="middle",
            font_family=_FONT,
            font_size=10,
            font_weight="bold",
            fill="#ffffff",
            class_="hand-count",
        )
        number.text = str(count)


def _draw_arrow(canvas: _Canvas, arrow: Arrow) -> None:
    """An arrow between two squares, or a ring around one square."""
    (tail_x, tail_y), (head_x, head_y) = canvas.center(arrow.tail), canvas.center(arrow.head)
    if arrow.tail == arrow.head:
        canvas.add(
            "circle",
            cx=head_x,
            cy=head_y,
            r=SQUARE_SIZE * 0.45,
            fill="none",
            stroke=arrow.color,
            stroke_width=SQUARE_SIZE * 0.1,
            opacity=0.8,
            class_="arrow",
        )
        return
    length = math.hypot(head_x - tail_x, head_y - tail_y)
    dx, dy = (head_x - tail_x) / length, (head_y - tail_y) / length
    tip_x, tip_y = head_x + dx * SQUARE_SIZE * 0.2, head_y + dy * SQUARE_SIZE * 0.2
    base_x, base_y = tip_x - dx * SQUARE_SIZE * 0.5, tip_y - dy * SQUARE_SIZE * 0.5
    half = SQUARE_SIZE * 0.25
    group = canvas.add("g", class_="arrow", opacity=0.8)
    canvas.add(
        "line",
        group,
        x1=tail_x,
        y1=tail_y,
        x2=base_x,
        y2=base_y,
        stroke=arrow.color,
        stroke_width=SQUARE_SIZE * 0.18,
    )
    points = [
        (tip_x, tip_y),
        (base_x - dy * half, base_y + dx * half),
        (base_x + dy * half, base_y - dx * half),
    ]
    canvas.add(
        "polygon", group, fill=arrow.color, points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    )


def _draw_goals(canvas: _Canvas, board: Board) -> None:
    """An outline inside each goal square, in a side's colour where only it aims there."""
    goals = [set(board.goal(color)) for color in (WHITE, BLACK)]
    for sq in sorted(goals[0] | goals[1]):
        owners = [name for name, goal in zip(("white", "black"), goals) if sq in goal]
        dashes = {} if len(owners) == 2 else {"stroke_dasharray": "6,3"}
        x, y = canvas.corner(sq)
        canvas.add(
            "rect",
            x=x + 3,
            y=y + 3,
            width=SQUARE_SIZE - 6,
            height=SQUARE_SIZE - 6,
            fill="none",
            stroke=_GOAL,
            stroke_width=3,
            class_=f"goal {' '.join(owners)}",
            **dashes,
        )


def _draw_gates(canvas: _Canvas, board: Board) -> None:
    """A small triangle in a corner of each gate square (Seirawan chess), in its side's colour,
    pointing into the board: a move from there may bring a piece of the hand in."""
    for color, name in ((WHITE, "white"), (BLACK, "black")):
        for sq in board.gates(color):
            x, y = canvas.corner(sq)
            points = [
                (x + 2, y + SQUARE_SIZE - 2),
                (x + 14, y + SQUARE_SIZE - 2),
                (x + 2, y + SQUARE_SIZE - 14),
            ]
            canvas.add(
                "polygon",
                fill=_WHITE_GATE if color == WHITE else _BLACK_GATE,
                stroke=_GOAL,
                stroke_width=1,
                points=" ".join(f"{px:.1f},{py:.1f}" for px, py in points),
                class_=f"gate {name}",
            )


def rule_notes(board: Board) -> list[str]:
    """The counters of the variant's own ends, in words: the checks each side may still give
    (Three-check), the counting of an ending while it runs (Makruk). Empty in other variants."""
    notes = []
    if board.check_limit:
        white, black = (board.checks_remaining(color) for color in (WHITE, BLACK))
        notes.append(f"Checks still to give: White {white}, Black {black}")
    if board.counting is not None:
        limit, plies = board.counting
        notes.append(f"Counting the ending: ply {plies} of {limit}")
    return notes


def _draw_notes(canvas: _Canvas, notes: list[str]) -> None:
    """``notes``, one a line, below the board (and White's hand)."""
    style = {"font_family": _FONT, "font_size": 13, "fill": _LINE}
    for index, note in enumerate(notes):
        y = canvas.notes_top + (index + 1) * NOTE_LINE - 5
        canvas.add("text", x=MARGIN, y=y, class_="note", **style).text = note


def _draw_coordinates(canvas: _Canvas) -> None:
    """File letters below the board and rank numbers to its left."""
    geometry = canvas.geometry
    bottom = canvas.top + geometry.height * SQUARE_SIZE
    style = {"font_family": _FONT, "font_size": 13, "fill": _LINE, "text_anchor": "middle"}
    for file in range(geometry.width):
        x = MARGIN + (canvas.column(file) + 0.5) * SQUARE_SIZE
        label = canvas.add("text", x=x, y=bottom + 15, class_="coord file", **style)
        label.text = chr(ord("a") + file)
    for rank in range(geometry.height):
        y = canvas.top + (canvas.row(rank) + 0.5) * SQUARE_SIZE + 5
        label = canvas.add("text", x=MARGIN / 2, y=y, class_="coord rank", **style)
        label.text = str(rank + 1)


def board(
    board: Board,
    lastmove: Move | None = None,
    arrows: Iterable[Arrow | tuple[int, int]] = (),
    flipped: bool = False,
    size: int | None = None,
    *,
    geometry: Geometry | None = None,
) -> SvgWrapper:
    """An SVG picture of ``board``.

    ``lastmove`` highlights two squares (one for a drop), ``arrows`` are :class:`Arrow` values or
    ``(tail, head)`` square pairs, ``flipped`` shows the board from Black's side and ``size`` sets
    the width in pixels (otherwise the picture keeps its natural size). A King in check is marked
    (not on a board that breaks the rules, such as a setup being edited). In a variant with hands
    both hands are drawn, each by its side's edge of the board. A goal's squares are outlined, and
    the variant's counters (:func:`rule_notes`) written below. ``geometry`` overrides the board's
    own shape (see :meth:`Geometry.of`).
    """
    geometry = geometry or Geometry.of(board)
    notes = rule_notes(board)
    canvas = _Canvas(geometry, flipped, hands=board.has_hands, notes=len(notes))
    if size is not None:
        high = geometry.height * SQUARE_SIZE + 2 * canvas.band + len(notes) * NOTE_LINE
        canvas.root.set("width", str(size))
        canvas.root.set("height", str(round(size * high / (geometry.width * SQUARE_SIZE))))
    check = board.king(board.turn) if board.is_valid() and board.is_check() else None
    _draw_squares(canvas, lastmove, check)
    _draw_goals(canvas, board)
    _draw_gates(canvas, board)
    _draw_markings(canvas)
    for sq, piece in sorted(board.piece_map().items()):
        _draw_piece(canvas, board, sq, piece)
    if board.has_hands:
        for color in (BLACK, WHITE):
            _draw_hand(canvas, board, color)
    for item in arrows:
        _draw_arrow(canvas, item if isinstance(item, Arrow) else Arrow(*item))
    _draw_coordinates(canvas)
    _draw_notes(canvas, notes)
    return SvgWrapper(ET.tostring(canvas.root, encoding="unicode"))


def piece(piece: Piece, size: int | None = None) -> SvgWrapper:
    """An SVG picture of one piece as :func:`board` draws it (a disc with its letters; a pawn's
    smaller and plain) on a square of its own; ``size`` sets the width and height in pixels."""
    root = _root(SQUARE_SIZE, SQUARE_SIZE)
    if size is not None:
        root.set("width", str(size))
        root.set("height", str(size))
    name = piece_name(piece.piece_type, variant=piece.variant)
    _add(root, "title").text = f"{'white' if piece.color else 'black'} {name}"
    pawn = piece.piece_type in Board.empty(variant=piece.variant).pawn_types
    _draw_disc(root, (SQUARE_SIZE / 2, SQUARE_SIZE / 2), piece, pawn)
    return SvgWrapper(ET.tostring(root, encoding="unicode"))
