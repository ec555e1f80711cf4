"""Game records saved by XBoard, read in our numbering of the ranks.

On a board of exactly ten ranks (Mĕirìqí, Yáng Qí, Xiangqi) XBoard numbers the ranks from 0, so
the games it saves write ``Pe0`` for our ``Pe1`` and ``c2c3`` for our ``c3c4``. A game of such a
board is in XBoard's numbering when it has XBoard's ``VariantMen`` tag or a move names rank 0;
it is in ours when a move names rank 10. :class:`Renumbered` hands a handle's lines to
:func:`meiriqi.pgn.read_game` with every rank in the moves of XBoard's games raised by one; a
game that names neither rank 0 nor rank 10 cannot be told and is read as it is (see
:attr:`Renumbered.undecided`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from meiriqi import Board, pgn

__all__ = ["XBOARD_RANKS", "Renumbered"]

XBOARD_RANKS = 10
"""XBoard counts the ranks of a board with exactly this many from 0."""
MAX_HELD_LINES = 1_000
"""The lines of movetext held back while a game's numbering is not known: past them it is read
as ours."""

_TAG = re.compile(r'\s*\[\s*(\w+)\s+"(.*)"\s*]\s*$')
_PIECES = re.compile(r"[^\s(){}]+|[(){}]|\s+")
"""The words of a line of movetext, its brackets and its spaces."""
_NUMBERED = re.compile(r"([0-9]+\.+)?([A-Za-z+][^\s$]*)")
"""A move (letters first), perhaps after its move number: ``12.Pe0``."""
_DIGITS = re.compile(r"[0-9]+")


class Lines(Protocol):
    """What :func:`meiriqi.pgn.read_game` reads from: lines, ``""`` at the end, at most ``size``
    characters of a line when ``size`` is 0 or more."""

    def readline(self, size: int = -1, /) -> str: ...


Moves = list[tuple[int, "re.Match[str]"]]
"""The moves of a line: where each starts, and its match of :data:`_NUMBERED`."""


def _scan(line: str, in_comment: bool) -> tuple[Moves, bool]:
    """The moves of a line of movetext outside its comments (``in_comment``: the line starts
    inside one), and whether it ends inside one."""
    moves: Moves = []
    for piece in _PIECES.finditer(line):
        text = piece[0]
        if in_comment:
            in_comment = text != "}"
        elif text == "{":
            in_comment = True
        elif text.startswith(";"):
            break
        elif (move := _NUMBERED.fullmatch(text)) is not None:
            moves.append((piece.start(), move))
    return moves, in_comment


def _numbering(moves: Moves) -> bool | None:
    """What moves say of their numbering: ``True`` (a rank 0: XBoard's), ``False`` (a rank 10:
    ours) or ``None``."""
    for _, move in moves:
        ranks = _DIGITS.findall(move[2])
        if "0" in ranks:
            return True
        if "10" in ranks:
            return False
    return None


def _raised(line: str, moves: Moves) -> str:
    """``line`` with the ranks of its ``moves`` raised by one."""
    parts = []
    end = 0
    for start, move in moves:
        parts += [line[end : start + move.start(2)], _DIGITS.sub(_plus_one, move[2])]
        end = start + move.end(2)
    return "".join([*parts, line[end:]])


def _plus_one(run: re.Match[str]) -> str:
    return str(int(run[0]) + 1)


class Renumbered:
    """The lines of ``source`` with the ranks of XBoard's games on ten-rank boards raised by
    one; ``notice`` is told of each game renumbered. :attr:`undecided` counts the games of
    ten-rank boards whose numbering could not be told (read as they are)."""

    def __init__(self, source: Lines, notice: Callable[[str], object]) -> None:
        self.source = source
        self.notice = notice
        self.undecided = 0
        self.number = 0
        self.ready: list[str] = []
        self.held: list[tuple[str, Moves]] = []
        self.in_comment = False
        self._new_game()

    def _new_game(self) -> None:
        """Forgets the game before: its tags, its numbering."""
        self.in_movetext = False
        self.tags: dict[str, str] = {}
        self.start = self.number + 1
        self.xboard: bool | None = None

    def readline(self, size: int = -1) -> str:
        """The next line, renumbered if it is a move line of an XBoard game (whole: ``size`` is
        left to the source, which reads within limits of its own)."""
        del size
        while not self.ready:
            line = self.source.readline()
            if not line:
                self._settle(None)  # the lines held back, if any
                return self.ready.pop(0) if self.ready else ""
            self.number += 1
            self._take(line)
        return self.ready.pop(0)

    def _take(self, line: str) -> None:
        """Passes a line on, or holds it back while its game's numbering is not known."""
        tag = None if self.in_comment else _TAG.match(line)
        if tag is not None:
            if self.in_movetext:
                self._settle(None)
                self._new_game()
            self.tags[tag[1]] = tag[2]
            self.ready.append(line)
            return
        if not self.in_movetext and line.strip():
            self.in_movetext = True
            from_tags = self._numbering_from_tags()
            if from_tags is not None:
                self._settle(from_tags)
        moves, self.in_comment = _scan(line, self.in_comment)
        if self.xboard is None and self.in_movetext:
            self.held.append((line, moves))
            found = _numbering(moves)
            if found is not None or len(self.held) > MAX_HELD_LINES:
                self._settle(found)
        else:
            self.ready.append(_raised(line, moves) if self.xboard else line)

    def _numbering_from_tags(self) -> bool | None:
        """``False`` for a game not on a ten-rank board (or of no variant known), ``True`` for
        one with XBoard's own tag, else ``None``."""
        try:
            ranks = Board(variant=pgn.variant_name(self.tags.get("Variant", "Meiriqi"))).ranks
        except ValueError:
            return False
        if ranks != XBOARD_RANKS:
            return False
        return True if "VariantMen" in self.tags else None

    def _settle(self, xboard: bool | None) -> None:
        """Settles the numbering of the game being read, if not known yet (``None``: it cannot
        be told, so ours), and lets the lines held back go."""
        if self.xboard is None and self.in_movetext:
            self.undecided += xboard is None
            self.xboard = bool(xboard)
            if xboard:
                self.notice(
                    f"the game from line {self.start} numbers the ranks from 0, as XBoard saves "
                    "a board of ten ranks: read with ranks 1 to 10"
                )
        self.ready += [_raised(line, moves) if self.xboard else line for line, moves in self.held]
        self.held.clear()
