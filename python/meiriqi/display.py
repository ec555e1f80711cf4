"""Text diagrams of positions of every variant for the terminal.

A diagram shows the pieces by their FEN letters (uppercase White, lowercase Black), the
fortresses walled off with their empty 'X' points marked, the lines that bound the camps (the
promotion zones), the last move and a King in check. :data:`PLAIN` draws it in ASCII;
:data:`FANCY` uses Unicode lines and ANSI colours. :func:`terminal_style` picks one for a stream.

The shape comes from the board itself (:meth:`meiriqi.svg.Geometry.of`): 10x10 with two
fortresses and three-rank camps for Mĕirìqí, 9x10 with neither for Yáng Qí. A camp that is only
the last rank (Yáng Qí's) gets no line: the board's edge already bounds it, and the margin names
it ("rank 10: White promotes"). A board too wide for the margin notes within 80 columns (the
Wildeurasian 12x12 boards) gets them as a legend below instead.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TextIO

from meiriqi._core import (
    BLACK,
    WHITE,
    Board,
    piece_symbol,
    square,
    square_file,
    square_name,
    square_rank,
)
from meiriqi.svg import Geometry, rule_notes

__all__ = ["FANCY", "PLAIN", "Style", "diagram", "rule_lines", "terminal_style"]


@dataclass(frozen=True)
class Style:
    """The characters and colours of a diagram.

    A camp line is drawn with ``camp`` segments (one per square) joined by ``camp_joint``; a
    fortress edge with ``edge`` and ``edge_joint``; ``wall_up`` and ``wall_down`` join a line to
    the fortress wall above or below it. ``colors`` maps the parts of the picture (``white``,
    ``black``, ``empty``, ``lines``, ``marked``, ``check``, ``labels``, ``river``) to ANSI SGR
    codes; an empty mapping draws without colour. ``river`` draws the River's line (Xiangqi).
    """

    empty: str
    x_point: str
    wall: str
    camp: str
    camp_joint: str
    edge: str
    edge_joint: str
    wall_up: str
    wall_down: str
    marks: tuple[str, str]
    check_marks: tuple[str, str]
    colors: Mapping[str, str]
    river: str = "~"

    def paint(self, text: str, part: str) -> str:
        """``text`` in the colour of ``part`` (unchanged without colours)."""
        code = self.colors.get(part)
        return f"\033[{code}m{text}\033[0m" if code else text


PLAIN = Style(
    empty=".",
    x_point="+",
    wall="|",
    camp=" - ",
    camp_joint=" ",
    edge="---",
    edge_joint="-",
    wall_up="+",
    wall_down="+",
    marks=("[", "]"),
    check_marks=(">", "<"),
    colors={},
)
"""ASCII only, no colour: last move in ``[ ]``, a King in check in ``> <``, 'X' points ``+``."""

FANCY = Style(
    empty="·",
    x_point="\u00d7",  # multiplication sign
    wall="│",
    camp="╌╌╌",
    camp_joint="╌",
    edge="───",
    edge_joint="─",
    wall_up="┴",
    wall_down="┬",
    marks=(" ", " "),
    check_marks=(" ", " "),
    colors={
        "white": "1",
        "black": "1;31",
        "empty": "2",
        "lines": "36",
        "labels": "2",
        "marked": "7",
        "check": "1;97;41",
        "river": "34",
    },
    river="\u2248",  # almost equal to: waves
)
"""Unicode lines and ANSI colours: Black's pieces red, last move in reverse video, check on red."""


def terminal_style(stream: TextIO, *, no_color: bool = False) -> Style:
    """:data:`FANCY` when ``stream`` is a terminal that can show it, else :data:`PLAIN`.

    Plain is chosen with ``no_color``, when the stream is not a TTY, when the environment sets
    ``NO_COLOR`` (to anything but the empty string, see no-color.org), when ``TERM`` is ``dumb``,
    or when the stream's encoding cannot write the diagram's characters.
    """
    if no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return PLAIN
    try:
        if not stream.isatty():
            return PLAIN
        sample = FANCY.empty + FANCY.x_point + FANCY.wall + FANCY.camp + FANCY.river + "Mĕirìqí"
        sample.encode(stream.encoding or "ascii")
    except (AttributeError, ValueError):
        return PLAIN
    return FANCY


def _regions(geometry: Geometry) -> tuple[set[int], set[int]]:
    """The squares inside the fortresses, and their 'X' points (the palace points)."""
    inside: set[int] = set()
    for low, high in geometry.fortresses:
        files = range(square_file(low), square_file(high) + 1)
        ranks = range(square_rank(low), square_rank(high) + 1)
        inside.update(square(f, r) for f in files for r in ranks)
    return inside, set(geometry.palace_points)


TERMINAL_WIDTH = 80
"""The columns a diagram keeps within."""


def _margin(board: Board) -> dict[int, str]:
    """Notes beside the ranks (indexed from 0): the sides on the outer ranks, the promotion zones
    next to them (``"ranks 8-10: White promotes"`` in Mĕirìqí, ``"rank 10: White promotes"`` in
    Yáng Qí)."""
    top = board.ranks - 1
    notes = {top: "Black (lowercase)", 0: "White (UPPERCASE)"}
    for color, row, side in ((WHITE, top - 1, "White"), (BLACK, 1, "Black")):
        camp = sorted({square_rank(sq) + 1 for sq in board.camp(color)})
        if len(camp) > 1:
            notes[row] = f"ranks {camp[0]}-{camp[-1]}: {side} promotes"
        elif camp:
            notes[row] = f"rank {camp[0]}: {side} promotes"
    return notes


def _legend(board: Board) -> str:
    """The margin's notes in one line, for a board too wide for them: ``"White (UPPERCASE)
    promotes on ranks 9-12, Black (lowercase) on ranks 1-4"``."""
    zones = []
    for color in (WHITE, BLACK):
        camp = sorted({square_rank(sq) + 1 for sq in board.camp(color)})
        if not camp:
            zones.append("nowhere")
        elif len(camp) > 1:
            zones.append(f"on ranks {camp[0]}-{camp[-1]}")
        else:
            zones.append(f"on rank {camp[0]}")
    return f"White (UPPERCASE) promotes {zones[0]}, Black (lowercase) {zones[1]}"


def _camp_lines(geometry: Geometry) -> set[int]:
    """The camp lines worth drawing: not those next to the edge, which bound a one-rank camp."""
    return {line for line in geometry.camp_lines if 1 < line < geometry.height - 1}


def _fortress_lines(geometry: Geometry) -> set[int]:
    """The lines along the fortresses' lower and upper edges inside the board (Xiangqi's palaces
    are closed by them even where no camp line runs)."""
    edges = {
        line
        for low, high in geometry.fortresses
        for line in (square_rank(low), square_rank(high) + 1)
    }
    return {line for line in edges if 0 < line < geometry.height}


def _hand_line(board: Board, color: bool, style: Style) -> str:
    """``color``'s hand in a drop game: ``"    Black's hand: r, p x2"`` (``empty`` when it is);
    its letters are in the side's case, as on the board."""
    hand = board.hand(color)
    held = []
    for kind in reversed(board.piece_types):  # Shogi's order: Rook, Bishop, Gold, ..., Pawn
        if hand.get(kind):
            symbol = piece_symbol(kind, variant=board.variant_name)
            symbol = symbol.upper() if color else symbol.lower()
            count = f" x{hand[kind]}" if hand[kind] > 1 else ""
            held.append(style.paint(symbol, "white" if color else "black") + count)
    title = style.paint(f"{'White' if color else 'Black'}'s hand:", "labels")
    return f"    {title} {', '.join(held) or 'empty'}"


def rule_lines(board: Board) -> list[str]:
    """What the variant's own ends need said besides the board: the goal's squares (King of the
    Hill), then :func:`meiriqi.svg.rule_notes` (the checks each side may still give, the counting
    of an ending). Empty in the other variants."""
    lines = []
    goals = [sorted(board.goal(color)) for color in (WHITE, BLACK)]
    if goals[0]:
        names = [" ".join(map(square_name, squares)) for squares in goals]
        if names[0] == names[1]:
            lines.append(f"Goal of both sides: {names[0]}")
        else:
            lines.append(f"White's goal: {names[0]}; Black's goal: {names[1]}")
    return lines + rule_notes(board)


def diagram(
    board: Board,
    *,
    style: Style = PLAIN,
    flipped: bool = False,
    geometry: Geometry | None = None,
) -> str:
    """The position as lines of text, White at the bottom unless ``flipped``.

    The shape is ``geometry``, by default the board's own (:meth:`Geometry.of`). The last move's
    squares and a checked King are marked; the margin names the sides and the camps (in
    Mĕirìqí ranks 8-10 are White's promotion zone, ranks 1-3 Black's). A River (Xiangqi) is a
    ``~`` line between the halves; in a drop game each side's hand is listed on its own edge of
    the board (Black's above unless ``flipped``). Where the variant has ``+`` symbols (Shogi)
    every square is one character wider, so that ``+P`` keeps the grid. Below the board come the
    lines of :func:`rule_lines` (the goal, the checks to give, the counting).
    """
    geometry = Geometry.of(board) if geometry is None else geometry
    files = list(range(board.files))
    ranks = list(range(board.ranks))[::-1]
    if flipped:
        files.reverse()
        ranks.reverse()
    inside, points = _regions(geometry)
    lines_drawn = _camp_lines(geometry) | _fortress_lines(geometry)
    margin = _margin(board)
    last = board.peek() if board.move_stack else None
    marked = set() if last is None else {last.from_square, last.to_square}
    checked = board.king(board.turn) if board.is_valid() and board.is_check() else None
    width = max(len(piece_symbol(kind, variant=board.variant_name)) for kind in board.piece_types)
    extra = width - 1  # the columns a two-character symbol needs beyond one
    board_width = 4 + len(files) * (width + 3)
    notes_fit = board_width + 3 + max(map(len, margin.values()), default=0) <= TERMINAL_WIDTH

    def cell(sq: int) -> str:
        piece = board.piece_at(sq)
        if piece is None:
            text, part = (style.x_point if sq in points else style.empty), "empty"
        else:
            text, part = piece.symbol(), "white" if piece.color else "black"
        pad = " " * (width - len(text))
        if sq == checked:
            return pad + style.paint(style.check_marks[0] + text + style.check_marks[1], "check")
        if sq in marked:
            return pad + style.paint(style.marks[0] + text + style.marks[1], "marked")
        return pad + " " + style.paint(text, part) + " "

    def is_wall(rank: int, column: int) -> bool:
        """Whether a fortress wall stands left of ``column`` on ``rank``."""
        if not 0 < column < len(files):
            return False
        left, right = (square(files[c], rank) in inside for c in (column - 1, column))
        return left != right

    def separator(rank: int, column: int) -> str:
        """The wall or space left of ``column``."""
        return style.paint(style.wall, "lines") if is_wall(rank, column) else " "

    def widened(segment: str) -> str:
        """A line's segment under one square, as wide as the square."""
        return segment[:1] * extra + segment

    def rule(upper: int, lower: int) -> str:
        """The line between two adjacent ranks as shown: a camp line (dashed), with the edges of
        the fortresses it crosses, or a fortress's edge alone."""
        camp = max(upper, lower) in _camp_lines(geometry)
        text = ""
        for column, file in enumerate(files):
            above, below = square(file, upper) in inside, square(file, lower) in inside
            if is_wall(upper, column):
                text += style.wall_up
            elif is_wall(lower, column):
                text += style.wall_down
            elif column == 0:
                text += " "
            elif above or below:
                text += style.edge_joint
            else:
                text += style.camp_joint if camp else " "
            if above or below:
                text += widened(style.edge)
            else:
                text += widened(style.camp) if camp else " " * (3 + extra)
        return "    " + style.paint(text.rstrip(), "lines")

    def river() -> str:
        """The River's line across the board, named in its middle."""
        span = len(files) * (4 + extra) - 1
        name = " River "
        left = (span - len(name)) // 2
        text = style.river * left + name + style.river * (span - left - len(name))
        return "    " + style.paint(" " + text, "river")

    header = "    " + "".join(f"  {' ' * extra}{chr(ord('a') + f)} " for f in files).rstrip()
    lines = [style.paint(header, "labels")]
    for row, rank in enumerate(ranks):
        line = max(rank, ranks[row - 1]) if row else None
        if line is not None and line == geometry.river:
            lines.append(river())
        elif line in lines_drawn:
            lines.append(rule(ranks[row - 1], rank))
        text = style.paint(f"{rank + 1:>3} ", "labels")
        for column, file in enumerate(files):
            text += separator(rank, column) + cell(square(file, rank))
        if rank in margin and notes_fit:
            text += "   " + style.paint(margin[rank], "labels")
        lines.append(text.rstrip())
    lines.append(style.paint(header, "labels"))
    if not notes_fit:
        lines.append(style.paint(f"    {_legend(board)}", "labels"))
    if board.has_hands:
        top, bottom = (WHITE, BLACK) if flipped else (BLACK, WHITE)
        lines.insert(0, _hand_line(board, top, style))
        lines.append(_hand_line(board, bottom, style))
    lines.extend(style.paint(f"    {line}", "labels") for line in rule_lines(board))
    return "\n".join(lines)
