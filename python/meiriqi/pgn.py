"""Game records in a PGN-like format (RULES.md §4), modelled on ``chess.pgn``, for every variant.

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

The reader never stops at broken input. Each problem (an illegal, ambiguous or malformed move, an
unknown token, an unclosed comment or variation, a bad tag, FEN or Variant header, a result that
contradicts the position) becomes a :class:`PgnError` with its line and column in ``game.errors``.
After a bad move the rest of that line of play is skipped (the position is no longer known); an
unknown token is skipped alone. A comment left open ends, with an error, at a tag line that follows
an empty line, so the next game is still read.
"""

from __future__ import annotations

import re
import sys
import unicodedata
import weakref
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from functools import cache
from typing import TextIO

import meiriqi
from meiriqi import _core
from meiriqi.san import parse_san, san

__all__ = [
    "NAG_BLUNDER",
    "NAG_BRILLIANT_MOVE",
    "NAG_DUBIOUS_MOVE",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_SPECULATIVE_MOVE",
    "TAG_ROSTER",
    "ChildNode",
    "Game",
    "GameNode",
    "Headers",
    "PgnError",
    "convert",
    "read_game",
    "variant_name",
    "write_game",
]

TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The Seven Tag Roster, written first and in this order."""

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
VARIANT = "Meiriqi"
"""The ``Variant`` tag of a Mĕirìqí game, the variant of a record without one."""
COLUMNS = 80

NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
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
    | (?P<move>[A-Za-z][A-Za-z0-9=+\#-]*)
    | (?P<unknown>[^\s{}();$!?]+|.)
    """,
    re.VERBOSE,
)


class PgnError(ValueError):
    """A problem in a game record, at a line and column (both counted from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


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
        if not _TAG_NAME.fullmatch(name):
            raise ValueError(f"invalid tag name: {name!r}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"tag {name} may not hold a line break")
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
        return san(self.parent.board(), self.move)

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

    def __str__(self) -> str:
        """The record: tag pairs, an empty line, then movetext wrapped at 80 columns."""
        tags = "".join(f'[{name} "{_escape(value)}"]\n' for name, value in self.headers.items())
        return f"{tags}\n{_wrap(_movetext(self), COLUMNS)}"

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('White')!r} vs {self.headers.get('Black')!r}>"


@cache
def _variant_names() -> dict[str, str]:
    """Every variant's machine name, keyed by the folded forms of its name and its title."""
    names: dict[str, str] = {}
    for name in _core.Board.variants():
        names[_fold(name)] = name
        names[_fold(_core.Board(variant=name).variant_title)] = name
    return names


def variant_name(text: str) -> str:
    """The machine name of the variant called ``text`` in a ``Variant`` tag or on the command
    line: its title or its name, in any case, with or without accents (``"Yang Qi"``,
    ``"yangqi"``, ``"Mĕirìqí"``). Raises ``ValueError`` naming the known variants otherwise."""
    name = _variant_names().get(_fold(text.strip()))
    if name is None:
        known = ", ".join(
            f"{_core.Board(variant=name).variant_title!r} ({name})"
            for name in _core.Board.variants()
        )
        raise ValueError(f"unsupported variant {text!r}: the known variants are {known}")
    return name


def _fold(text: str) -> str:
    """Case- and accent-insensitive form of a name: ``"Mĕirìqí"`` becomes ``"meiriqi"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _escape(value: str) -> str:
    """A tag value with backslashes and quotes escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


# -- writing ---------------------------------------------------------------------------------------


def _comment_tokens(text: str) -> list[str]:
    """A comment as words to wrap; ``}`` cannot be written inside a comment and is dropped."""
    words = text.replace("}", "").split()
    if not words:
        return []
    words[0] = "{ " + words[0]
    words[-1] += " }"
    return words


def _move_tokens(node: ChildNode, board: _core.Board, numbered: bool) -> list[str]:
    """A move with its starting comment, number, NAGs and comment."""
    tokens = _comment_tokens(node.starting_comment)
    number = board.fullmove_number
    if board.turn:
        prefix = f"{number}. "
    elif numbered or tokens:
        prefix = f"{number}... "
    else:
        prefix = ""
    tokens.append(prefix + san(board, node.move))
    tokens.extend(f"${nag}" for nag in sorted(node.nags))
    tokens.extend(_comment_tokens(node.comment))
    return tokens


def _line_tokens(node: GameNode, board: _core.Board, numbered: bool) -> list[str]:
    """The movetext after ``node`` in the position ``board`` (left as it was found); ``numbered``
    asks for a move number even before a move by Black."""
    tokens: list[str] = []
    played = 0
    while node.variations:
        main, *sides = node.variations
        tokens += _move_tokens(main, board, numbered)
        for side in sides:
            tokens += ["(", *_move_tokens(side, board, True)]
            board.push(side.move)
            tokens += [*_line_tokens(side, board, False), ")"]
            board.pop()
        numbered = bool(sides or _comment_tokens(main.comment))
        board.push(main.move)
        played += 1
        node = main
    for _ in range(played):
        board.pop()
    return tokens


def _movetext(game: Game) -> list[str]:
    """The words of a game's movetext, ending with its result (a game without moves needs no
    board, so a record whose start cannot be set up can still be written)."""
    moves = _line_tokens(game, game.board(), True) if game.variations else []
    return [*_comment_tokens(game.comment), *moves, game.headers.get("Result", "*")]


def _wrap(tokens: list[str], columns: int) -> str:
    """Joins words into lines of at most ``columns`` characters (a longer word stands alone);
    an opening parenthesis sticks to the next word and a closing one to the previous word."""
    words: list[str] = []
    glue = False
    for token in tokens:
        if token == ")" and words:
            words[-1] += ")"
        elif glue:
            words[-1] += token
        else:
            words.append(token)
        glue = token == "("
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= columns:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def write_game(game: Game, handle: TextIO) -> None:
    """Writes ``game`` to ``handle``, followed by the empty line that separates games."""
    handle.write(f"{game}\n\n")


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
    """One line of play being read: the main line or an open variation."""

    node: GameNode
    board: _core.Board
    opened_at: tuple[int, int] = (0, 0)
    has_move: bool = False
    skipping: bool = False
    nesting: int = 0
    starting_comment: str = ""


class _Reader:
    """Builds one game from numbered lines, collecting errors instead of stopping."""

    def __init__(self, lines: _Lines) -> None:
        self.lines = lines
        self.game = Game()
        self.stack: list[_Line] = []
        self.tag_at: dict[str, tuple[int, int]] = {}
        self.result: str | None = None
        self.result_at = (0, 0)
        self.comment: list[str] | None = None
        self.comment_at = (0, 0)

    def error(self, line: int, column: int, message: str) -> None:
        """Records a problem of the game being read."""
        self.game.errors.append(PgnError(line, column, message))

    def read(self) -> Game | None:
        """The next game, or ``None`` when the input holds no more."""
        seen = False
        previous_blank = False
        while (text := self.lines.next()) is not None:
            number = self.lines.number
            blank = not text.strip()
            if self.comment is not None:
                if previous_blank and _TAG_LINE.fullmatch(text):
                    self.lines.push_back(text)
                    break
                self.scan(text, number, self.close_comment(text, 0))
            elif text.startswith("%") or (blank and not self.stack):
                pass
            elif blank:
                break
            elif text.lstrip().startswith("["):
                if self.stack or (previous_blank and self.tag_at):
                    self.lines.push_back(text)
                    break
                self.read_tag(text, number)
            else:
                self.begin()
                self.scan(text, number, 0)
            seen = seen or bool(self.stack or self.tag_at or self.game.errors)
            previous_blank = blank
        if not seen:
            return None
        self.finish()
        return self.game

    def read_tag(self, text: str, number: int) -> None:
        """Reads a tag pair line."""
        match = _TAG_LINE.fullmatch(text)
        if match is None:
            self.error(number, 1, f"malformed tag pair: {text.strip()!r}")
            return
        name, value = match[1], re.sub(r"\\(.)", r"\1", match[2])
        try:
            self.game.headers[name] = value
        except ValueError as problem:
            self.error(number, match.start(2) + 1, str(problem))
            return
        self.tag_at[name] = (number, match.start(2) + 1)

    def begin(self) -> None:
        """Sets up the starting position when the movetext begins."""
        if self.stack:
            return
        tag = "Variant"
        try:
            variant = self.game.variant()
            self.game.headers["Variant"] = _core.Board(variant=variant).variant_title
            tag = "FEN"
            board = self.game.board()
        except ValueError as problem:
            line, column = self.tag_at.get(tag, (self.lines.number, 1))
            self.error(line, column, f"bad {tag} header: {problem}")
            board = meiriqi.Board()
            self.stack.append(_Line(self.game, board, skipping=True))
            return
        self.stack.append(_Line(self.game, board))

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
                self.error(number, column, f"unknown token {token!r}")
            elif kind not in ("space", "number"):
                self.play(kind, token, number, column)

    def add_comment(self, text: str) -> None:
        """Adds a comment to the last move, or before the first move of its line."""
        line = self.stack[-1]
        words = " ".join(text.split())
        if line.skipping or not words:
            return
        if line.has_move or len(self.stack) == 1:
            line.node.comment = f"{line.node.comment} {words}".strip()
        else:
            line.starting_comment = f"{line.starting_comment} {words}".strip()

    def play(self, kind: str | None, token: str, number: int, column: int) -> None:
        """Handles a move, a NAG or a parenthesis."""
        line = self.stack[-1]
        if kind == "open":
            self.open_variation(line, number, column)
        elif kind == "close":
            if line.skipping and line.nesting:
                line.nesting -= 1
            elif len(self.stack) == 1:
                self.error(number, column, "')' closes no variation")
            else:
                self.stack.pop()
        elif line.skipping:
            return
        elif kind == "move":
            self.play_move(line, token, number, column)
        elif not line.has_move:
            self.error(number, column, f"annotation {token!r} before any move")
        else:
            nag = _SUFFIX_NAGS[token] if kind == "suffix" else int(token[1:])
            if nag > 255:
                self.error(number, column, f"NAG {token} is out of range (0-255)")
            else:
                line.node.nags.add(nag)

    def open_variation(self, line: _Line, number: int, column: int) -> None:
        """Starts a variation: an alternative to the last move of the current line."""
        if line.skipping:
            line.nesting += 1
            return
        if not line.has_move:
            self.error(number, column, "variation before any move")
            self.stack.append(_Line(line.node, line.board, (number, column), skipping=True))
            return
        board = line.board.copy()
        board.pop()
        assert line.node.parent is not None
        self.stack.append(_Line(line.node.parent, board, (number, column)))

    def play_move(self, line: _Line, token: str, number: int, column: int) -> None:
        """Plays a move in the current line, or skips the rest of the line if it is bad."""
        try:
            move = parse_san(line.board, token)
        except ValueError as problem:
            self.error(number, column, str(problem))
            line.skipping = True
            return
        child = line.node._attach(move)
        if not line.has_move:
            child.starting_comment = line.starting_comment
        line.board.push(move)
        line.node = child
        line.has_move = True

    def finish(self) -> None:
        """Reports what was left open and checks the result."""
        if self.comment is not None:
            self.error(*self.comment_at, "comment not closed by '}'")
        self.begin()
        for line in self.stack[1:]:
            self.error(*line.opened_at, "variation not closed by ')'")
        headers = self.game.headers
        if headers["Result"] not in RESULTS:
            self.error(*self.tag_at["Result"], f"unknown result {headers['Result']!r}")
            headers["Result"] = "*"
        if self.result is not None and "Result" not in self.tag_at:
            headers["Result"] = self.result
        elif self.result not in (None, headers["Result"]):
            message = f"result {self.result} contradicts the Result header {headers['Result']}"
            self.error(*self.result_at, message)
        outcome = self.stack[0].board.outcome()
        if outcome is not None and headers["Result"] not in ("*", outcome.result()):
            where = self.tag_at.get("Result", self.result_at)
            message = (
                f"result {headers['Result']} contradicts the final position ({outcome.result()})"
            )
            self.error(*where, message)


def read_game(handle: TextIO) -> Game | None:
    """Reads the next game from ``handle``; ``None`` at the end of the input.

    Problems are collected in ``game.errors``; line numbers count the lines read from ``handle``
    by this function.
    """
    lines = _SOURCES.get(handle)
    if lines is None:
        lines = _SOURCES[handle] = _Lines(handle)
    return _Reader(lines).read()


def convert(source: TextIO, dest: TextIO, *, fen: bool = False) -> int:
    """Reads every game of ``source``, writes it again to ``dest``, returns the number of errors.

    With ``fen`` only the FEN of each game's final position is written, one per line. Each error
    goes to standard error with its line and column. Games whose start cannot be set up (bad
    ``FEN`` or ``Variant``) are left out; finished games get their ``Result`` and ``Termination``.
    Each game is read and written in the variant its ``Variant`` tag names.
    """
    errors = 0
    while (game := read_game(source)) is not None:
        for problem in game.errors:
            print(problem, file=sys.stderr)
        errors += len(game.errors)
        try:
            final = game.end().board()
        except ValueError:
            continue
        game.update_result()
        dest.write(final.fen() + "\n" if fen else f"{game}\n\n")
    return errors
