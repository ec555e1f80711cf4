"""Game records in a PGN-like format (docs/notation.md), after ``chess.pgn``, for every variant.

The ``Variant`` tag names the variant: a record writes the board's title (``"Meiriqi"``,
``"Yang Qi"``, ``"Yang Qi (Chinese setup)"``, ...); a reader also accepts the machine name
(``"yangqi"``), in any case and with or without accents, and a record without the tag is Mĕirìqí.
The ``FEN`` tag and the moves are read in that variant. A finished game's ``Result`` and
``Termination`` come from the final position: checkmate and a Mĕirìqí stalemate win, the other
endings (a Yáng Qí stalemate, insufficient material, seventy-five moves, fivefold repetition, and
a claimed fifty-move or threefold-repetition draw) are ``1/2-1/2``; ``Termination`` holds the
words of :attr:`meiriqi.Termination.value`, such as ``"seventy-five moves"``.

A :class:`Game` is the root of a tree of :class:`ChildNode` moves; every node has ``comment``,
``starting_comment`` (before the first move of a variation) and ``nags``. ``str(game)`` writes the
record with movetext wrapped at 80 columns; :func:`read_game` reads one game per call and returns
``None`` at the end of the input, so a file of many games streams.

Reading and writing go through visitors, as in ``chess.pgn``. :func:`read_game` is a tokenizer
that keeps the board, parses the moves and calls a :class:`BaseVisitor`'s hooks in record order;
the visitor decides what to keep: :class:`GameBuilder` (the default) builds a :class:`Game`,
:class:`StringExporter` and :class:`FileExporter` write the record again, and a visitor of one's
own may answer :data:`SKIP` to leave a game's movetext or a variation unparsed.
:meth:`Game.accept` walks a tree in the same order. Neither reading nor writing recurses, so
deeply nested variations are no problem.

The reader never stops at broken input. Each problem (an illegal, ambiguous or malformed move, an
unknown token, a NAG outside 0-255, an unclosed comment or variation, a bad tag, FEN or Variant
header, a result that contradicts the position) becomes a :class:`PgnError` with its line and
column, handed to :meth:`BaseVisitor.handle_error` (``GameBuilder`` keeps them in
``game.errors``). After a bad move the rest of that line of play is skipped (the position is no
longer known); an unknown token is skipped alone. A comment left open ends, with an error, at a
tag line that follows an empty line, so the next game is still read.
"""

from __future__ import annotations

import abc
import enum
import re
import sys
import unicodedata
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TextIO, TypeVar, overload

import meiriqi
from meiriqi import _core, catalog
from meiriqi.quoting import quoted

__all__ = [
    "NAG_BLUNDER",
    "NAG_BRILLIANT_MOVE",
    "NAG_DUBIOUS_MOVE",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_SPECULATIVE_MOVE",
    "SKIP",
    "TAG_ROSTER",
    "BaseVisitor",
    "ChildNode",
    "FileExporter",
    "Game",
    "GameBuilder",
    "GameNode",
    "Headers",
    "PgnError",
    "SkipType",
    "StringExporter",
    "convert",
    "read_game",
    "variant_name",
    "write_game",
]

TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The Seven Tag Roster, written first and in this order."""

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""The results a record may end with."""
VARIANT = "Meiriqi"
"""The ``Variant`` tag of a Mĕirìqí game, the variant of a record without one."""
COLUMNS = 80
"""The width movetext is wrapped to by default."""

NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_MAX = 255
"""The largest NAG (Numeric Annotation Glyph) a record may hold."""
_SUFFIX_NAGS = {
    "!": NAG_GOOD_MOVE,
    "?": NAG_MISTAKE,
    "!!": NAG_BRILLIANT_MOVE,
    "??": NAG_BLUNDER,
    "!?": NAG_SPECULATIVE_MOVE,
    "?!": NAG_DUBIOUS_MOVE,
}

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
_TOKEN = re.compile(
    r"""
      (?P<space>\s+)
    | (?P<brace>\{)
    | (?P<line_comment>;.*)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<nag>\$[0-9]+)
    | (?P<suffix>!!|\?\?|!\?|\?!|!|\?)
    | (?P<result>1-0|0-1|1/2-1/2|\*)
    | (?P<number>[0-9]+\.*)
    | (?P<move>\+?[A-Za-z][A-Za-z0-9=+\#@-]*)
    | (?P<unknown>[^\s{}();$!?]+|.)
    """,
    re.VERBOSE,
)
_COMMENT_START = re.compile(r"[{;]")
"""What a skimmed movetext still has to notice: where comments begin."""

ResultT = TypeVar("ResultT", covariant=True)


class PgnError(ValueError):
    """A problem in a game record, at a line and column (both counted from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


class SkipType(enum.Enum):
    """The type of :data:`SKIP`, the answer of a visitor that does not want what follows."""

    SKIP = "skip"


SKIP = SkipType.SKIP
"""Returned by :meth:`BaseVisitor.begin_game`, :meth:`~BaseVisitor.end_headers` or
:meth:`~BaseVisitor.begin_variation` to leave the game, its movetext or the variation unvisited
(the reader then does not parse those moves, so it finds no errors in them either)."""


def _tag_problem(name: str, value: str) -> str | None:
    """Why ``name`` and ``value`` cannot be a tag pair, or ``None`` if they can."""
    if not _TAG_NAME.fullmatch(name):
        return f"invalid tag name: {quoted(name)}"
    if "\n" in value or "\r" in value:
        return f"tag {name} may not hold a line break"
    return None


class Headers(MutableMapping[str, str]):
    """The tag pairs of a game: the Seven Tag Roster first, in order, then the others as added.

    A new ``Headers()`` holds the roster with unknown values (``"?"``, ``"????.??.??"``, ``"*"``).
    """

    def __init__(self, data: Mapping[str, str] | None = None, **tags: str) -> None:
        self._tags: dict[str, str] = {}
        if data is None:
            data = {name: "?" for name in TAG_ROSTER} | {"Date": "????.??.??", "Result": "*"}
        self.update(data, **tags)

    def __getitem__(self, name: str) -> str:
        return self._tags[name]

    def __setitem__(self, name: str, value: str) -> None:
        problem = _tag_problem(name, value)
        if problem is not None:
            raise ValueError(problem)
        self._tags[name] = value

    def __delitem__(self, name: str) -> None:
        del self._tags[name]

    def __iter__(self) -> Iterator[str]:
        yield from (name for name in TAG_ROSTER if name in self._tags)
        yield from (name for name in self._tags if name not in TAG_ROSTER)

    def __len__(self) -> int:
        return len(self._tags)

    def __repr__(self) -> str:
        return f"Headers({dict(self)!r})"


# -- visitors --------------------------------------------------------------------------------------


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """What :func:`read_game` and :meth:`Game.accept` call, in record order, for one game.

    The order is ``begin_game``, ``begin_headers``, ``visit_header`` for each tag pair,
    ``end_headers``, ``visit_board`` with the starting position (unless it cannot be set up:
    bad ``FEN`` or ``Variant``, reported as an error, and the moves are not read), then the
    movetext:
    ``visit_comment``, ``visit_move`` (followed by ``visit_board`` with the position after it),
    ``visit_nag``, ``begin_variation`` ... ``end_variation`` (an alternative to the last move of
    the line it opens in), and last ``visit_result``; ``end_game`` closes every game, even a
    skipped one, and :meth:`result` is what ``read_game`` and ``accept`` return. Every
    ``begin_variation`` is matched by an ``end_variation``, even when it answered :data:`SKIP`.
    A comment before a line's first move is that move's starting comment (in the main line, the
    game's comment); a comment, a NAG or a closed variation that follows a move belongs to that
    move. Boards handed to a visitor belong to the caller and change as it goes on: read them,
    copy them to keep them, never change them. The reader passes the same board object for the
    whole main line, so a reference taken in ``visit_board`` outside any variation shows the
    final position at ``end_game``.

    Every hook but :meth:`result` does nothing by default.
    """

    def begin_game(self) -> SkipType | None:
        """A game starts; :data:`SKIP` leaves all of it unvisited (only ``end_game`` follows)."""
        return None

    def begin_headers(self) -> None:
        """The tag pairs follow."""

    def visit_header(self, name: str, value: str) -> None:
        """A tag pair, unescaped; the reader gives a known ``Variant`` as the variant's title."""

    def end_headers(self) -> SkipType | None:
        """The tag pairs are over; :data:`SKIP` leaves the movetext unparsed and unvisited."""
        return None

    def visit_board(self, board: meiriqi.Board) -> None:
        """The starting position, and the position after each move."""

    def visit_move(self, board: meiriqi.Board, move: _core.Move) -> None:
        """A legal move, with ``board`` the position before it."""

    def visit_comment(self, comment: str) -> None:
        """A comment, its whitespace folded to single spaces."""

    def visit_nag(self, nag: int) -> None:
        """A NAG (0-255) on the last move; ``!`` and ``?`` suffixes arrive as NAGs 1 to 6."""

    def begin_variation(self) -> SkipType | None:
        """A variation starts; :data:`SKIP` leaves its moves unparsed and unvisited."""
        return None

    def end_variation(self) -> None:
        """The variation last begun ends."""

    def visit_result(self, result: str) -> None:
        """The game's result (one of ``1-0``, ``0-1``, ``1/2-1/2``, ``*``): the ``Result`` tag,
        else the movetext's result, else ``*``."""

    def end_game(self) -> None:
        """The game is over."""

    def handle_error(self, error: PgnError) -> None:
        """A problem met while reading; ignored by default. Raising stops ``read_game``."""

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visit produced: returned by :func:`read_game` and :meth:`Game.accept`."""


@dataclass
class _Building:
    """One line of play being built: the main line or a variation."""

    node: GameNode
    has_move: bool = False
    starting_comment: str = ""


class GameBuilder(BaseVisitor["Game"]):
    """Builds a :class:`Game` tree, keeping every error in ``game.errors``; the default visitor
    of :func:`read_game`, and a copier of games with :meth:`Game.accept`."""

    def __init__(self) -> None:
        self.begin_game()

    def begin_game(self) -> None:
        """Starts a new :class:`Game`."""
        self.game = Game()
        self._lines = [_Building(self.game)]

    def visit_header(self, name: str, value: str) -> None:
        """Sets the tag."""
        self.game.headers[name] = value

    def visit_comment(self, comment: str) -> None:
        """Adds to the last move's comment, or to the starting comment of the next move (in the
        main line, before the first move: to the game's comment)."""
        words = " ".join(comment.split())
        if not words:
            return
        line = self._lines[-1]
        if line.has_move or len(self._lines) == 1:
            line.node.comment = f"{line.node.comment} {words}".strip()
        else:
            line.starting_comment = f"{line.starting_comment} {words}".strip()

    def visit_move(self, board: meiriqi.Board, move: _core.Move) -> None:
        """Adds the move (known to be legal) as the next node of the current line."""
        line = self._lines[-1]
        child = line.node._attach(move)
        if not line.has_move:
            child.starting_comment = line.starting_comment
        line.node = child
        line.has_move = True

    def visit_nag(self, nag: int) -> None:
        """Adds the NAG to the last move."""
        line = self._lines[-1]
        if line.has_move:
            line.node.nags.add(nag)

    def begin_variation(self) -> None:
        """Starts an alternative to the last move of the current line."""
        parent = self._lines[-1].node.parent
        if parent is None:
            raise ValueError("a variation needs a move to be an alternative to")
        self._lines.append(_Building(parent))

    def end_variation(self) -> None:
        """Goes back to the line the variation was opened in."""
        if len(self._lines) > 1:
            self._lines.pop()

    def visit_result(self, result: str) -> None:
        """Sets the ``Result`` tag."""
        self.game.headers["Result"] = result

    def handle_error(self, error: PgnError) -> None:
        """Keeps the error in ``game.errors``."""
        self.game.errors.append(error)

    def result(self) -> Game:
        """The game built."""
        return self.game


class _Variation:
    """The words of a written side variation, kept by reference until the enclosing line is
    written (nested variations are never copied); its parentheses are not words, so a comment
    word that happens to be a parenthesis stays a word of its own."""

    __slots__ = ("words",)

    def __init__(self, words: list[str | _Variation]) -> None:
        self.words = words


class _Pending:
    """A move whose words wait for its NAGs, comment and side variations."""

    __slots__ = ("before", "comment", "nags", "number", "san", "sides", "white")

    def __init__(self, before: list[str], number: int, white: bool, text: str) -> None:
        self.before = before
        self.number = number
        self.white = white
        self.san = text
        self.nags: set[int] = set()
        self.comment: list[str] = []
        self.sides: list[_Variation] = []

    def words(self, numbered: bool) -> list[str | _Variation]:
        """The move's words; ``numbered`` asks for a number even before a move by Black."""
        words: list[str | _Variation] = [*_comment_words(self.before)]
        if self.white:
            prefix = f"{self.number}. "
        elif numbered or self.before:
            prefix = f"{self.number}... "
        else:
            prefix = ""
        words.append(prefix + self.san)
        words.extend(f"${nag}" for nag in sorted(self.nags))
        words.extend(_comment_words(self.comment))
        words.extend(self.sides)
        return words


class _Writing:
    """One line of play being written: the main line or a side variation."""

    __slots__ = ("before", "move", "numbered", "played", "words")

    def __init__(self, words: list[str | _Variation]) -> None:
        self.words = words
        self.move: _Pending | None = None
        self.before: list[str] = []
        self.numbered = True
        self.played = False


def _comment_words(words: list[str]) -> list[str]:
    """A comment's words between braces, to be wrapped like any other words."""
    if not words:
        return []
    braced = list(words)
    braced[0] = "{ " + braced[0]
    braced[-1] += " }"
    return braced


def _wrap(words: list[str | _Variation], wrapper: _Wrapper) -> None:
    """Hands words to ``wrapper``, nested variations between parentheses, without recursion."""
    stack = [iter(words)]
    while stack:
        word = next(stack[-1], None)
        if word is None:
            stack.pop()
            if stack:
                wrapper.close()
        elif isinstance(word, _Variation):
            wrapper.open()
            stack.append(iter(word.words))
        else:
            wrapper.add(word)


class _Wrapper:
    """Fills lines of at most ``columns`` characters with words (a longer word stands alone;
    ``None``: one line); a variation's opening parenthesis sticks to its first word and the
    closing one to its last word. Each full line goes to ``write_line``."""

    def __init__(self, columns: int | None, write_line: Callable[[str], None]) -> None:
        self.columns = columns
        self.write_line = write_line
        self.line: list[str] = []
        self.length = 0
        self.word: str | None = None
        self.opening = ""

    def add(self, word: str) -> None:
        """Adds a word; it is placed once it is known whether a ``)`` sticks to it."""
        self.place()
        self.word, self.opening = self.opening + word, ""

    def open(self) -> None:
        """Opens a variation: ``(`` before the next word."""
        self.opening += "("

    def close(self) -> None:
        """Closes a variation: ``)`` after the last word."""
        if self.word is None:
            self.add(")")
        else:
            self.word += ")"

    def place(self) -> None:
        """Puts the held word on the current line, or starts a new line with it."""
        word, self.word = self.word, None
        if word is None:
            return
        if self.line and (self.columns is None or self.length + 1 + len(word) <= self.columns):
            self.line.append(word)
            self.length += 1 + len(word)
            return
        self.flush()
        self.line, self.length = [word], len(word)

    def flush(self) -> None:
        """Writes the current line, if any."""
        if self.line:
            self.write_line(" ".join(self.line))
        self.line, self.length = [], 0

    def finish(self) -> None:
        """Writes everything held."""
        self.place()
        self.flush()


def _tag_line(name: str, value: str) -> str:
    """A tag pair as written, with backslashes and quotes escaped."""
    return f'[{name} "{_escape(value)}"]'


class _Exporter(BaseVisitor[ResultT]):
    """What :class:`StringExporter` and :class:`FileExporter` share: the record as lines.

    Annotations are normalised as the reader reads them: a move's NAGs (sorted, each once) and
    its comments (joined) are written right after it, then its side variations, whatever order
    they came in; comments before a line's first move are joined too. So a record read with an
    exporter comes out as the game :class:`GameBuilder` builds from it would be written.
    """

    def __init__(
        self,
        *,
        columns: int | None = COLUMNS,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self._start()

    @abc.abstractmethod
    def _write_line(self, line: str) -> None:
        """Writes one line of the record."""

    def _start(self) -> None:
        """Forgets everything of the previous game."""
        self._lines = [_Writing([])]
        self._skipped = 0
        self._wrote_headers = False
        self._wrapper = _Wrapper(self.columns, self._write_line)

    def begin_game(self) -> None:
        """Starts a new record."""
        self._start()

    def visit_header(self, name: str, value: str) -> None:
        """Writes the tag pair (unless ``headers`` is false)."""
        if self.headers:
            self._write_line(_tag_line(name, value))
            self._wrote_headers = True

    def end_headers(self) -> None:
        """Writes the empty line between the tag pairs and the movetext."""
        if self._wrote_headers:
            self._write_line("")

    def visit_comment(self, comment: str) -> None:
        """Keeps the comment for the last move or the next one (unless ``comments`` is false);
        ``}`` cannot be written inside a comment and is dropped."""
        words = comment.replace("}", "").split()
        if not self.comments or self._skipped or not words:
            return
        line = self._lines[-1]
        (line.move.comment if line.move is not None else line.before).extend(words)

    def visit_nag(self, nag: int) -> None:
        """Keeps the NAG for the last move (unless ``comments`` is false)."""
        move = self._lines[-1].move
        if self.comments and not self._skipped and move is not None:
            move.nags.add(nag)

    def visit_move(self, board: meiriqi.Board, move: _core.Move) -> None:
        """Writes the previous move of the line and holds this one."""
        if self._skipped:
            return
        line = self._lines[-1]
        self._write_move(line)
        line.played = True
        number, white = board.fullmove_number, board.turn == _core.WHITE
        line.move = _Pending(line.before, number, white, board.san(move))
        line.before = []

    def begin_variation(self) -> SkipType | None:
        """Opens a side variation, or skips it (``variations`` false)."""
        if self._skipped or not self.variations or self._lines[-1].move is None:
            self._skipped += 1
            return SKIP
        self._lines.append(_Writing([]))
        return None

    def end_variation(self) -> None:
        """Closes the side variation; it is written after the move it is an alternative to,
        unless it holds no move (its first move was bad), like the variation a reader skips."""
        if self._skipped:
            self._skipped -= 1
            return
        if len(self._lines) == 1:
            return
        line = self._lines.pop()
        if not line.played:
            return
        self._close(line)
        parent = self._lines[-1].move
        assert parent is not None, "a variation opens only after a move"
        parent.sides.append(_Variation(line.words))

    def visit_result(self, result: str) -> None:
        """Writes the rest of the movetext and the result."""
        while len(self._lines) > 1 or self._skipped:
            self.end_variation()
        self._close(self._lines[0])
        self._wrapper.add(result)

    def end_game(self) -> None:
        """Writes the last line of the movetext."""
        self._wrapper.finish()

    def _write_move(self, line: _Writing) -> None:
        """Writes the move held in ``line``, if any."""
        move = line.move
        if move is None:
            return
        self._emit(line, move.words(line.numbered))
        line.numbered = bool(move.sides or move.comment)
        line.move = None

    def _close(self, line: _Writing) -> None:
        """Writes what ``line`` still holds: its last move, or a comment without a move."""
        self._write_move(line)
        if line.before:
            self._emit(line, [*_comment_words(line.before)])
            line.before = []

    def _emit(self, line: _Writing, words: list[str | _Variation]) -> None:
        """Adds words to a variation, or to the record for the main line."""
        if line is self._lines[0]:
            _wrap(words, self._wrapper)
        else:
            line.words.extend(words)


class StringExporter(_Exporter[str]):
    """Writes a game as text: ``game.accept(StringExporter())`` is ``str(game)``.

    ``columns``: the width movetext is wrapped to (``None``: one line); ``headers``: write the
    tag pairs and the empty line after them; ``comments``: write comments and NAGs;
    ``variations``: write side variations. :meth:`result` is the record of the last game
    visited, without a final line break. With :func:`read_game` a record is rewritten without
    building a tree, ``read_game(handle, StringExporter)``: the movetext as ``str(game)`` writes
    it, the tag pairs as the record has them (none added, a known ``Variant`` as its title).
    """

    def _start(self) -> None:
        self._text: list[str] = []
        super()._start()

    def _write_line(self, line: str) -> None:
        self._text.append(line)

    def result(self) -> str:
        """The record."""
        return "\n".join(self._text)


class FileExporter(_Exporter[int]):
    """Writes games to ``handle`` as they are visited, each followed by an empty line, as
    :func:`write_game` does; the options are those of :class:`StringExporter`.
    :meth:`result` is the number of characters written for the last game."""

    def __init__(
        self,
        handle: TextIO,
        *,
        columns: int | None = COLUMNS,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        self.handle = handle
        self.written = 0
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)

    def begin_game(self) -> None:
        """Starts a new record."""
        self.written = 0
        super().begin_game()

    def _write_line(self, line: str) -> None:
        self.written += self.handle.write(line + "\n")

    def end_game(self) -> None:
        """Writes the last line of the movetext and the empty line after the game."""
        super().end_game()
        self._write_line("")

    def result(self) -> int:
        """The number of characters written for the last game."""
        return self.written


# -- the game tree ---------------------------------------------------------------------------------


class GameNode:
    """A position in a game tree: the root :class:`Game` or a :class:`ChildNode` after a move."""

    def __init__(self) -> None:
        self.parent: GameNode | None = None
        self.move: _core.Move | None = None
        self.variations: list[ChildNode] = []
        self.comment = ""
        self.starting_comment = ""
        self.nags: set[int] = set()

    def game(self) -> Game:
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def path(self) -> list[_core.Move]:
        """The moves from the start of the game to this node."""
        moves: list[_core.Move] = []
        node: GameNode = self
        while node.parent is not None:
            assert node.move is not None
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    def board(self) -> meiriqi.Board:
        """A new board with the position at this node (the moves leading to it on its stack)."""
        board = self.game().board()
        for move in self.path():
            board.push(move)
        return board

    def ply(self) -> int:
        """The number of moves from the start of the game to this node."""
        return len(self.path())

    def next(self) -> ChildNode | None:
        """The main continuation, if any."""
        return self.variations[0] if self.variations else None

    def end(self) -> GameNode:
        """The last node of the main continuation from here."""
        node: GameNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_mainline(self) -> bool:
        """Whether every move from the start to this node is a main continuation."""
        node: GameNode = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def mainline(self) -> Iterator[ChildNode]:
        """The nodes of the main continuation after this one."""
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def mainline_moves(self) -> list[_core.Move]:
        """The moves of the main continuation after this node."""
        return [node.move for node in self.mainline()]

    def _attach(self, move: _core.Move) -> ChildNode:
        """Appends a continuation already known to be legal."""
        child = ChildNode(self, move)
        self.variations.append(child)
        return child

    def add_variation(
        self,
        move: _core.Move,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> ChildNode:
        """Adds ``move`` as the last continuation; raises ``IllegalMoveError`` if it is illegal."""
        board = self.board()
        if not board.is_legal(move):
            raise _core.IllegalMoveError(f"illegal move {move.uci()} in {board.fen()}")
        child = self._attach(move)
        child.comment = comment
        child.starting_comment = starting_comment
        child.nags.update(nags)
        return child

    def add_main_variation(self, move: _core.Move, *, comment: str = "") -> ChildNode:
        """Adds ``move`` as the main continuation (the others become side variations)."""
        child = self.add_variation(move, comment=comment)
        self.variations.insert(0, self.variations.pop())
        return child

    def add_line(self, moves: Iterable[_core.Move]) -> GameNode:
        """Adds a sequence of moves, each after the previous one; returns the last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move)
        return node


class ChildNode(GameNode):
    """A node reached by a move from its parent."""

    def __init__(self, parent: GameNode, move: _core.Move) -> None:
        super().__init__()
        self.parent: GameNode = parent
        self.move: _core.Move = move

    def san(self) -> str:
        """The move in SAN, in the position before it."""
        return self.parent.board().san(self.move)

    def __repr__(self) -> str:
        return f"<ChildNode {self.move.uci()} at ply {self.ply()}>"


@dataclass
class _Walk:
    """A line of play being walked by :meth:`Game.accept`."""

    node: ChildNode
    sides: Iterator[ChildNode]
    pushed: int = 1
    popped: bool = False


def _visit_comment(comment: str, visitor: BaseVisitor[Any]) -> None:
    """Visits a comment, its whitespace folded as the reader folds it, unless it is blank."""
    words = " ".join(comment.split())
    if words:
        visitor.visit_comment(words)


def _visit_node(node: ChildNode, board: meiriqi.Board, visitor: BaseVisitor[Any]) -> None:
    """Visits a move with its annotations and plays it on ``board``."""
    _visit_comment(node.starting_comment, visitor)
    visitor.visit_move(board, node.move)
    board.push(node.move)
    visitor.visit_board(board)
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    _visit_comment(node.comment, visitor)


def _walk(root: GameNode, board: meiriqi.Board, visitor: BaseVisitor[Any]) -> None:
    """Visits the moves below ``root`` in record order, with an explicit stack of lines: each
    move, then its side variations (from the position before it), then the next move. ``board``
    is left as it was found."""
    first = root.variations[0]
    _visit_node(first, board, visitor)
    stack = [_Walk(first, iter(root.variations[1:]))]
    while stack:
        line = stack[-1]
        side = next(line.sides, None)
        if side is not None:
            if not line.popped:
                board.pop()
                line.popped = True
            if visitor.begin_variation() is SKIP:
                visitor.end_variation()
            else:
                _visit_node(side, board, visitor)
                stack.append(_Walk(side, iter(())))
            continue
        if line.popped:
            board.push(line.node.move)
            line.popped = False
        if line.node.variations:
            line.node = line.node.variations[0]
            _visit_node(line.node, board, visitor)
            line.sides = iter(line.node.parent.variations[1:])
            line.pushed += 1
            continue
        for _ in range(line.pushed):
            board.pop()
        stack.pop()
        if stack:
            visitor.end_variation()


class Game(GameNode):
    """A game record: headers, the tree of moves, and the errors met while reading it."""

    def __init__(self, headers: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.headers = Headers() if headers is None else Headers(headers)
        self.headers.setdefault("Variant", VARIANT)
        self.errors: list[PgnError] = []

    def variant(self) -> str:
        """The machine name of the game's variant (``"meiriqi"``, ``"yangqi"``, ...), read from
        the ``Variant`` header; raises ``ValueError`` for a variant that is not known."""
        return variant_name(self.headers.get("Variant", VARIANT))

    def board(self) -> meiriqi.Board:
        """The starting position: the ``FEN`` header, or the start of the game's variant.

        Raises ``ValueError`` for a bad FEN or an unknown ``Variant``.
        """
        return meiriqi.Board(self.headers.get("FEN"), variant=self.variant())

    def setup(self, board: _core.Board) -> None:
        """Starts the game at the position of ``board``: sets ``Variant`` to its variant's title
        and sets (or, at the variant's own start, clears) ``SetUp`` and ``FEN``."""
        self.headers["Variant"] = board.variant_title
        fen = board.fen()
        if fen == _core.Board(variant=board.variant_name).fen():
            self.headers.pop("SetUp", None)
            self.headers.pop("FEN", None)
        else:
            self.headers["SetUp"] = "1"
            self.headers["FEN"] = fen

    def update_result(self, *, claim_draw: bool = False) -> None:
        """Sets ``Result`` and ``Termination`` when the main line ends in a finished position
        (with ``claim_draw``, also in one where the side to move may claim a draw)."""
        outcome = self.end().board().outcome(claim_draw=claim_draw)
        if outcome is not None:
            self.headers["Result"] = outcome.result()
            self.headers["Termination"] = outcome.termination.value

    @classmethod
    def from_board(cls, board: _core.Board, *, claim_draw: bool = False) -> Game:
        """A game of ``board``'s variant whose main line is its move stack, with the result if
        the game is over (``claim_draw``: or a draw may be claimed, as the player did)."""
        start = board.copy()
        moves = start.move_stack
        for _ in moves:
            start.pop()
        game = cls()
        game.setup(start)
        node: GameNode = game
        for move in moves:
            node = node._attach(move)
        game.update_result(claim_draw=claim_draw)
        return game

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game in record order through ``visitor``'s hooks (the headers, the starting
        position, the game's comment, the moves and variations, the ``Result`` tag) and returns
        ``visitor.result()``. The walk does not recurse. Raises ``ValueError`` if the game has
        moves but its start cannot be set up (bad ``FEN`` or ``Variant``), before any hook."""
        board = self._start()
        if visitor.begin_game() is not SKIP:
            visitor.begin_headers()
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                if board is not None:
                    visitor.visit_board(board)
                _visit_comment(self.comment, visitor)
                if board is not None and self.variations:
                    _walk(self, board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def _start(self) -> meiriqi.Board | None:
        """The starting position, or ``None`` if it cannot be set up and the game has no moves
        (a record without moves needs no board, so it can still be written)."""
        try:
            return self.board()
        except ValueError:
            if self.variations:
                raise
            return None

    def __str__(self) -> str:
        """The record: tag pairs, an empty line, then movetext wrapped at 80 columns."""
        return self.accept(StringExporter())

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('White')!r} vs {self.headers.get('Black')!r}>"


def _variant_names() -> dict[str, str]:
    """Every variant's machine name, keyed by the folded forms of its name and its title."""
    return _names_of(tuple(catalog.variants()))


@cache
def _names_of(variants: tuple[str, ...]) -> dict[str, str]:
    """The machine names of ``variants``, keyed by the folded forms of their names and titles:
    a name wins over a title, and a title two variants share names the first."""
    names: dict[str, str] = {}
    for name in variants:
        names.setdefault(_fold(_titles_of(variants)[name]), name)
    names.update({_fold(name): name for name in variants})
    return names


def _variant_titles() -> dict[str, str]:
    """Every variant's title, keyed by its machine name."""
    return _titles_of(tuple(catalog.variants()))


@cache
def _titles_of(variants: tuple[str, ...]) -> dict[str, str]:
    """The titles of ``variants``, keyed by their machine names."""
    return {name: _core.Board(variant=name).variant_title for name in variants}


def variant_name(text: str) -> str:
    """The machine name of the variant called ``text`` in a ``Variant`` tag or on the command
    line: its title or its name, in any case, with or without accents (``"Yang Qi"``,
    ``"yangqi"``, ``"Mĕirìqí"``). Raises ``ValueError`` naming the known variants otherwise."""
    name = _variant_names().get(_fold(text.strip()))
    if name is None:
        known = ", ".join(f"{title!r} ({name})" for name, title in _variant_titles().items())
        raise ValueError(f"unsupported variant {quoted(text)}: the known variants are {known}")
    return name


def _variant_title(text: str) -> str:
    """The title of the variant ``text`` names, or ``text`` itself if it names none."""
    name = _variant_names().get(_fold(text.strip()))
    return text if name is None else _variant_titles()[name]


def _fold(text: str) -> str:
    """Case- and accent-insensitive form of a name: ``"Mĕirìqí"`` becomes ``"meiriqi"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _escape(value: str) -> str:
    """A tag value with backslashes and quotes escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: Game, handle: TextIO) -> None:
    """Writes ``game`` to ``handle``, followed by the empty line that separates games."""
    game.accept(FileExporter(handle))


# -- reading ---------------------------------------------------------------------------------------


class _Lines:
    """The lines of one handle, numbered, with one line of push-back between games."""

    def __init__(self, handle: TextIO) -> None:
        self.handle = handle
        self.number = 0
        self.held: str | None = None

    def next(self) -> str | None:
        """The next line without its line break, or ``None`` at the end."""
        if self.held is not None:
            line, self.held = self.held, None
        else:
            raw = self.handle.readline()
            if not raw:
                return None
            line = raw.rstrip("\r\n")
            if self.number == 0:
                line = line.removeprefix("\ufeff")
        self.number += 1
        return line

    def push_back(self, line: str) -> None:
        """Gives a line back, to be read again by the next game."""
        self.held = line
        self.number -= 1


_SOURCES: weakref.WeakKeyDictionary[TextIO, _Lines] = weakref.WeakKeyDictionary()


@dataclass
class _Line:
    """One line of play being read: the main line or an open variation (``board`` is ``None``
    where the moves are not parsed)."""

    board: meiriqi.Board | None
    opened_at: tuple[int, int] = (0, 0)
    has_move: bool = False
    skipping: bool = False
    nesting: int = 0
    visited: bool = False
    """Whether the visitor was told of this variation (and so is owed its end)."""


def _shorten(token: str) -> str:
    """A token short enough for a message (a NAG may have thousands of digits)."""
    return token if len(token) <= 12 else f"{token[:10]}... ({len(token)} characters)"


class _Reader:
    """Reads one game from numbered lines and tells a visitor about it, collecting errors
    instead of stopping; an explicit stack of lines of play replaces recursion."""

    def __init__(self, lines: _Lines, visitor: BaseVisitor[Any]) -> None:
        self.lines = lines
        self.visitor = visitor
        self.started = False
        self.skip_game = False
        self.in_movetext = False
        self.skimming = False
        self.board: meiriqi.Board | None = None
        self.stack: list[_Line] = []
        self.tags: dict[str, str] = {}
        self.tag_at: dict[str, tuple[int, int]] = {}
        self.result: str | None = None
        self.result_at = (0, 0)
        self.comment: list[str] | None = None
        self.comment_at = (0, 0)

    def error(self, line: int, column: int, message: str) -> None:
        """Reports a problem of the game being read (not of a game the visitor skips)."""
        if not self.skip_game:
            self.visitor.handle_error(PgnError(line, column, message))

    def read(self) -> bool:
        """Reads the next game; ``False`` when the input holds no more."""
        previous_blank = False
        while (text := self.lines.next()) is not None:
            number = self.lines.number
            blank = not text.strip()
            if self.comment is not None:
                if previous_blank and _TAG_LINE.fullmatch(text):
                    self.lines.push_back(text)
                    break
                self.scan(text, number, self.close_comment(text, 0))
            elif text.startswith("%") or (blank and not self.in_movetext):
                pass
            elif blank:
                break
            elif text.lstrip().startswith("["):
                if self.in_movetext or (previous_blank and self.tag_at):
                    self.lines.push_back(text)
                    break
                self.read_tag(text, number)
            else:
                self.begin()
                self.scan(text, number, 0)
            previous_blank = blank
        if not self.started:
            return False
        self.finish()
        self.visitor.end_game()
        return True

    def start(self) -> None:
        """Tells the visitor a game begins, at its first tag pair or movetext."""
        if self.started:
            return
        self.started = True
        self.skip_game = self.visitor.begin_game() is SKIP
        if not self.skip_game:
            self.visitor.begin_headers()

    def read_tag(self, text: str, number: int) -> None:
        """Reads a tag pair line."""
        self.start()
        match = _TAG_LINE.fullmatch(text)
        if match is None:
            self.error(number, 1, f"malformed tag pair: {quoted(text.strip())}")
            return
        name, value = match[1], re.sub(r"\\(.)", r"\1", match[2])
        problem = _tag_problem(name, value)
        if problem is not None:
            self.error(number, match.start(2) + 1, problem)
            return
        self.tags[name] = value
        self.tag_at[name] = (number, match.start(2) + 1)
        if self.skip_game:
            return
        if name == "Variant":
            value = _variant_title(value)
        self.visitor.visit_header(name, value)

    def begin(self) -> None:
        """Ends the tag pairs and sets up the starting position when the movetext begins."""
        if self.in_movetext:
            return
        self.start()
        self.in_movetext = True
        if self.skip_game or self.visitor.end_headers() is SKIP:
            self.skimming = True
            return
        tag = "Variant"
        try:
            variant = variant_name(self.tags.get("Variant", VARIANT))
            tag = "FEN"
            board = meiriqi.Board(self.tags.get("FEN"), variant=variant)
        except ValueError as problem:
            line, column = self.tag_at.get(tag, (self.lines.number, 1))
            self.error(line, column, f"bad {tag} header: {problem}")
            self.stack.append(_Line(None, skipping=True))
            return
        self.board = board
        self.stack.append(_Line(board))
        self.visitor.visit_board(board)

    def close_comment(self, text: str, start: int) -> int:
        """Adds ``text[start:]`` to the open comment; returns where scanning goes on."""
        assert self.comment is not None
        end = text.find("}", start)
        self.comment.append(text[start:] if end < 0 else text[start:end])
        if end < 0:
            return len(text)
        self.add_comment(" ".join(self.comment))
        self.comment = None
        return end + 1

    def scan(self, text: str, number: int, position: int) -> None:
        """Reads the movetext tokens of a line from ``position``."""
        if self.skimming:
            self.skim(text, number, position)
            return
        while position < len(text) and self.comment is None:
            match = _TOKEN.match(text, position)
            assert match is not None
            kind, token, column = match.lastgroup, match[0], position + 1
            position = match.end()
            if kind == "brace":
                self.comment = []
                self.comment_at = (number, column)
                position = self.close_comment(text, position)
            elif kind == "line_comment":
                self.add_comment(token[1:])
            elif kind == "result":
                self.result, self.result_at = token, (number, column)
            elif kind == "unknown":
                self.error(number, column, f"unknown token {quoted(token)}")
            elif kind not in ("space", "number"):
                self.play(kind, token, number, column)

    def skim(self, text: str, number: int, position: int) -> None:
        """Passes over movetext the visitor skips, noticing only where comments open (a blank
        line or a tag pair inside one does not end the game)."""
        while position < len(text) and self.comment is None:
            match = _COMMENT_START.search(text, position)
            if match is None or match[0] == ";":
                return
            self.comment = []
            self.comment_at = (number, match.start() + 1)
            position = self.close_comment(text, match.end())

    def add_comment(self, text: str) -> None:
        """Hands a comment to the visitor, unless its line of play is being skipped."""
        if self.skimming or self.stack[-1].skipping:
            return
        words = " ".join(text.split())
        if words:
            self.visitor.visit_comment(words)

    def play(self, kind: str | None, token: str, number: int, column: int) -> None:
        """Handles a move, a NAG or a parenthesis."""
        line = self.stack[-1]
        if kind == "open":
            self.open_variation(line, number, column)
        elif kind == "close":
            self.close_variation(line, number, column)
        elif line.skipping:
            return
        elif kind == "move":
            self.play_move(line, token, number, column)
        elif not line.has_move:
            self.error(number, column, f"annotation {quoted(token)} before any move")
        else:
            self.annotate(kind, token, number, column)

    def annotate(self, kind: str | None, token: str, number: int, column: int) -> None:
        """Hands a NAG (``$n`` or a ``!``/``?`` suffix) to the visitor if it is in range."""
        if kind == "suffix":
            nag = _SUFFIX_NAGS[token]
        else:
            digits = token[1:].lstrip("0") or "0"
            nag = int(digits) if len(digits) <= len(str(NAG_MAX)) else NAG_MAX + 1
        if nag > NAG_MAX:
            self.error(number, column, f"NAG {_shorten(token)} is out of range (0-{NAG_MAX})")
        else:
            self.visitor.visit_nag(nag)

    def open_variation(self, line: _Line, number: int, column: int) -> None:
        """Starts a variation: an alternative to the last move of the current line."""
        if line.skipping:
            line.nesting += 1
            return
        if not line.has_move:
            self.error(number, column, "variation before any move")
            self.stack.append(_Line(None, (number, column), skipping=True))
            return
        if self.visitor.begin_variation() is SKIP:
            self.stack.append(_Line(None, (number, column), skipping=True, visited=True))
            return
        assert line.board is not None
        board = line.board.copy()
        board.pop()
        self.stack.append(_Line(board, (number, column), visited=True))

    def close_variation(self, line: _Line, number: int, column: int) -> None:
        """Ends the innermost variation (or a parenthesis nested in a skipped one)."""
        if line.skipping and line.nesting:
            line.nesting -= 1
        elif len(self.stack) == 1:
            self.error(number, column, "')' closes no variation")
        else:
            self.stack.pop()
            if line.visited:
                self.visitor.end_variation()

    def play_move(self, line: _Line, token: str, number: int, column: int) -> None:
        """Plays a move in the current line, or skips the rest of the line if it is bad."""
        assert line.board is not None
        try:
            move = line.board.parse_san(token)
        except ValueError as problem:
            self.error(number, column, str(problem))
            line.skipping = True
            return
        self.visitor.visit_move(line.board, move)
        line.board.push(move)
        line.has_move = True
        self.visitor.visit_board(line.board)

    def finish(self) -> None:
        """Reports what was left open, checks the result and hands it to the visitor."""
        if self.comment is not None and not self.skimming:
            self.error(*self.comment_at, "comment not closed by '}'")
        self.begin()
        if self.skimming:
            return
        for line in self.stack[1:]:
            self.error(*line.opened_at, "variation not closed by ')'")
        for line in reversed(self.stack[1:]):
            if line.visited:
                self.visitor.end_variation()
        result = self.tags.get("Result", "*")
        if result not in RESULTS:
            self.error(*self.tag_at["Result"], f"unknown result {quoted(result)}")
            result = "*"
        if self.result is not None and "Result" not in self.tag_at:
            result = self.result
        elif self.result not in (None, result):
            message = f"result {self.result} contradicts the Result header {result}"
            self.error(*self.result_at, message)
        outcome = None if self.board is None else self.board.outcome()
        if outcome is not None and result not in ("*", outcome.result()):
            where = self.tag_at.get("Result", self.result_at)
            message = f"result {result} contradicts the final position ({outcome.result()})"
            self.error(*where, message)
        self.visitor.visit_result(result)


@overload
def read_game(handle: TextIO) -> Game | None: ...


@overload
def read_game(
    handle: TextIO,
    Visitor: Callable[[], BaseVisitor[ResultT]],  # noqa: N803 (python-chess's name)
) -> ResultT | None: ...


def read_game(
    handle: TextIO,
    Visitor: Callable[[], BaseVisitor[Any]] = GameBuilder,  # noqa: N803 (python-chess's name)
) -> Any:
    """Reads the next game from ``handle`` through a new ``Visitor()`` and returns its
    :meth:`~BaseVisitor.result` (a :class:`Game` by default); ``None`` at the end of the input.

    Problems go to the visitor's :meth:`~BaseVisitor.handle_error` (into ``game.errors`` by
    default); line numbers count the lines read from ``handle`` by this function. A visitor
    that skips a game still consumes it, so the next call reads the next game.
    """
    lines = _SOURCES.get(handle)
    if lines is None:
        lines = _SOURCES[handle] = _Lines(handle)
    visitor = Visitor()
    return visitor.result() if _Reader(lines, visitor).read() else None


class _Converter(BaseVisitor[int]):
    """The visitor of :func:`convert`: writes each game as it is read, without a tree (only the
    movetext of the game being read is held, since ``Result`` and ``Termination`` come first
    but depend on the final position). :meth:`result` is the number of errors so far."""

    def __init__(self, dest: TextIO, *, fen: bool) -> None:
        self.dest = dest
        self.fen = fen
        self.errors = 0
        self.begin_game()

    def begin_game(self) -> None:
        self.headers = Headers()
        self.headers.setdefault("Variant", VARIANT)
        self.board: meiriqi.Board | None = None
        self.depth = 0
        self.movetext = None if self.fen else StringExporter(headers=False)

    def visit_header(self, name: str, value: str) -> None:
        self.headers[name] = value

    def visit_board(self, board: meiriqi.Board) -> None:
        if self.depth == 0:
            self.board = board

    def visit_move(self, board: meiriqi.Board, move: _core.Move) -> None:
        if self.movetext is not None:
            self.movetext.visit_move(board, move)

    def visit_comment(self, comment: str) -> None:
        if self.movetext is not None:
            self.movetext.visit_comment(comment)

    def visit_nag(self, nag: int) -> None:
        if self.movetext is not None:
            self.movetext.visit_nag(nag)

    def begin_variation(self) -> None:
        self.depth += 1
        if self.movetext is not None:
            self.movetext.begin_variation()

    def end_variation(self) -> None:
        self.depth -= 1
        if self.movetext is not None:
            self.movetext.end_variation()

    def visit_result(self, result: str) -> None:
        self.headers["Result"] = result

    def handle_error(self, error: PgnError) -> None:
        print(error, file=sys.stderr)
        self.errors += 1

    def end_game(self) -> None:
        if self.board is None:
            return
        outcome = self.board.outcome()
        if outcome is not None:
            self.headers["Result"] = outcome.result()
            self.headers["Termination"] = outcome.termination.value
        if self.movetext is None:
            self.dest.write(self.board.fen() + "\n")
            return
        self.movetext.visit_result(self.headers["Result"])
        self.movetext.end_game()
        tags = "".join(_tag_line(name, value) + "\n" for name, value in self.headers.items())
        self.dest.write(f"{tags}\n{self.movetext.result()}\n\n")

    def result(self) -> int:
        return self.errors


def convert(source: TextIO, dest: TextIO, *, fen: bool = False) -> int:
    """Reads every game of ``source``, writes it again to ``dest``, returns the number of errors.

    With ``fen`` only the FEN of each game's final position is written, one per line. Each error
    goes to standard error with its line and column. Games whose start cannot be set up (bad
    ``FEN`` or ``Variant``) are left out; finished games get their ``Result`` and ``Termination``.
    Each game is read and written in the variant its ``Variant`` tag names. Games stream: each
    is written as soon as it has been read, and no game tree is built.
    """
    converter = _Converter(dest, fen=fen)
    while read_game(source, lambda: converter) is not None:
        pass
    return converter.errors
