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
:meth:`Game.accept` walks a tree in the same order. The reading, the walking and the writing are
the Rust core's (``GameBuilder`` and the exporters have Rust bases, so reading into a tree or
writing a record makes no Python call per move); neither recurses, and reading holds one position
whatever the nesting, so deeply nested variations are no problem.

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
import re
import sys
import unicodedata
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from functools import cache
from typing import Any, Generic, Protocol, TextIO, TypeVar, overload

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
    "LineReader",
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

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")

ResultT = TypeVar("ResultT", covariant=True)


class PgnError(ValueError):
    """A problem in a game record, at a line and column (both counted from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


SkipType = _core.SkipType
"""The type of :data:`SKIP`, the answer of a visitor that does not want what follows."""

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


class GameBuilder(_core.TreeBuilder, BaseVisitor["Game"]):
    """Builds a :class:`Game` tree, keeping every error in ``game.errors``; the default visitor
    of :func:`read_game`, and a copier of games with :meth:`Game.accept`.

    Its move, comment, NAG and variation hooks are the Rust core's (:class:`TreeBuilder`): a
    comment before a line's first move becomes that move's starting comment (in the main line,
    the game's comment), a NAG goes to the last move, a variation is an alternative to the last
    move of the line it opens in. A subclass may override any hook; ``Game`` chooses the class
    of the games built (a subclass of :class:`Game`), as in ``chess.pgn``.
    """

    def __init__(self, *, Game: type[Game] | None = None) -> None:  # noqa: N803 (python-chess's name)
        self.Game = _game_class() if Game is None else Game
        self.begin_game()

    def begin_game(self) -> None:
        """Starts a new :class:`Game`."""
        self.game = self.Game()
        self._begin_tree(self.game, ChildNode)

    def visit_header(self, name: str, value: str) -> None:
        """Sets the tag."""
        self.game.headers[name] = value

    def visit_result(self, result: str) -> None:
        """Sets the ``Result`` tag."""
        self.game.headers["Result"] = result

    def handle_error(self, error: PgnError) -> None:
        """Keeps the error in ``game.errors``."""
        self.game.errors.append(error)

    def result(self) -> Game:
        """The game built."""
        return self.game


def _game_class() -> type[Game]:
    """The :class:`Game` class (defined below the visitors that build games)."""
    return Game


def _tag_line(name: str, value: str) -> str:
    """A tag pair as written, with backslashes and quotes escaped."""
    return f'[{name} "{_escape(value)}"]'


class StringExporter(_core.RecordExporter, BaseVisitor[str]):
    """Writes a game as text: ``game.accept(StringExporter())`` is ``str(game)``.

    ``columns``: the width movetext is wrapped to (``None``: one line); ``headers``: write the
    tag pairs and the empty line after them; ``comments``: write comments and NAGs;
    ``variations``: write side variations. :meth:`result` is the record of the last game
    visited, without a final line break. With :func:`read_game` a record is rewritten without
    building a tree, ``read_game(handle, StringExporter)``: the movetext as ``str(game)`` writes
    it, the tag pairs as the record has them (none added, a known ``Variant`` as its title).

    Annotations are normalised as the reader reads them: a move's NAGs (sorted, each once) and
    its comments (joined) are written right after it, then its side variations, whatever order
    they came in; comments before a line's first move are joined too. So a record read with an
    exporter comes out as the game :class:`GameBuilder` builds from it would be written. The
    hooks are the Rust core's (:class:`RecordExporter`).
    """

    def __init__(
        self,
        *,
        columns: int | None = COLUMNS,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        self._configure(columns, headers, comments, variations)

    def result(self) -> str:
        """The record."""
        return "\n".join(self._text())


class FileExporter(_core.RecordExporter, BaseVisitor[int]):
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
        self._configure(columns, headers, comments, variations, handle)

    def result(self) -> int:
        """The number of characters written for the last game."""
        return self._written()


# -- the game tree ---------------------------------------------------------------------------------


class GameNode:
    """A position in a game tree: the root :class:`Game` or a :class:`ChildNode` after a move.

    ``comment`` and ``starting_comment`` are empty until set (the class holds the empty
    defaults, so that a node read from a record costs only what it holds).
    """

    comment: str = ""
    starting_comment: str = ""

    def __init__(self) -> None:
        self.parent: GameNode | None = None
        self.move: _core.Move | None = None
        self.variations: list[ChildNode] = []
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
        game = cls()
        game.setup(board.root())
        builder = _core.TreeBuilder()
        builder._begin_tree(game, ChildNode)
        builder._add_moves(board.move_stack)
        outcome = board.outcome(claim_draw=claim_draw)
        if outcome is not None:
            game.headers["Result"] = outcome.result()
            game.headers["Termination"] = outcome.termination.value
        return game

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game in record order through ``visitor``'s hooks (the headers, the starting
        position, the game's comment, the moves and variations, the ``Result`` tag) and returns
        ``visitor.result()``. The walk does not recurse. Raises ``ValueError`` if the game has
        moves but its start cannot be set up (bad ``FEN`` or ``Variant``), before any hook."""
        _KIT.walk(self, self._start(), visitor)
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
    """The machine names of ``variants``, keyed by the folded forms of their names, titles and
    aliases (``"Standard"`` for chess): a name wins over a title or alias."""
    names: dict[str, str] = {}
    for name in variants:
        for other in (_titles_of(variants)[name], *_core.Variant(name).aliases):
            names.setdefault(_fold(other), name)
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
        known = ", ".join(_variant_titles())
        raise ValueError(
            f"unsupported variant {quoted(text)}: the known variants are {known} (their titles "
            "are accepted too)"
        )
    return name


def _variant_of(text: str) -> _core.Variant:
    """The variant a ``Variant`` tag names; ``ValueError`` (naming the known ones) if none."""
    return _core.Variant(variant_name(text))


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


class LineReader(Protocol):
    """What :func:`read_game` reads: a text file, or anything with a file's ``readline``."""

    def readline(self, size: int = -1, /) -> str:
        """The next line with its line break, at most ``size`` characters of it when ``size``
        is 0 or more; ``""`` at the end."""
        ...


_SOURCES: weakref.WeakKeyDictionary[LineReader, _core.LineSource] = weakref.WeakKeyDictionary()
"""Where reading each handle stands (its line numbers and a line read past a game's end)."""

_KIT = _core.RecordKit(BaseVisitor, meiriqi.Board, PgnError, lambda text: _variant_of(text))
"""What the core's record reader and walker need from this module."""


@overload
def read_game(handle: LineReader, *, variant: _core.Variant | str | None = None) -> Game | None: ...


@overload
def read_game(
    handle: LineReader,
    Visitor: Callable[[], BaseVisitor[ResultT]],  # noqa: N803 (python-chess's name)
    *,
    variant: _core.Variant | str | None = None,
) -> ResultT | None: ...


def read_game(
    handle: LineReader,
    Visitor: Callable[[], BaseVisitor[Any]] = GameBuilder,  # noqa: N803 (python-chess's name)
    *,
    variant: _core.Variant | str | None = None,
) -> Any:
    """Reads the next game from ``handle`` through a new ``Visitor()`` and returns its
    :meth:`~BaseVisitor.result` (a :class:`Game` by default); ``None`` at the end of the input.

    A record without a ``Variant`` tag is of ``variant`` (a name, title or alias, or a
    :class:`Variant`; Mĕirìqí by default): ``read_game(handle, variant="chess")`` reads the
    untagged records other programs write, and the visitor is given the variant's tag, so the
    game read knows its variant. Problems go to the visitor's
    :meth:`~BaseVisitor.handle_error` (into ``game.errors`` by default); line numbers count the
    lines read from ``handle`` by this function. A visitor that skips a game still consumes it,
    so the next call reads the next game. A line longer than a million characters is an error,
    and the rest of it is left out.
    """
    given = variant is not None
    if not isinstance(variant, _core.Variant):
        variant = _variant_of(VARIANT if variant is None else variant)
    source = _SOURCES.get(handle)
    if source is None:
        source = _SOURCES[handle] = _core.LineSource()
    visitor = Visitor()
    return visitor.result() if _KIT.read(source, handle, visitor, variant, given) else None


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
