"""Fuzz targets: the FEN, coordinate-move, SAN and PGN parsers and the player's command loop, in
every variant, fed structured mutations of valid input and plain garbage by hypothesis.

The valid input comes from positions reached by random play (with hands, castling rights and
promoted pieces where the variant has them): their FEN, their legal moves in coordinates and SAN,
and game records of the games with comments, NAGs, side variations and deeply nested ones. The
mutations insert, delete and replace characters from the format's own alphabet, swap and replace
FEN fields, and add huge numbers, 100 KB strings, unicode and empty input. The invariants:

- every parser raises nothing but ``ValueError`` subclasses, with a short message (a quote of the
  input is cut to 40 characters; a SAN message may add the FEN and the legal moves it names);
- what is refused leaves the board unchanged: FEN, move stack and Zobrist hash;
- what is accepted round-trips: ``Board(board.fen()).fen() == board.fen()``, a pushed move pops
  back to the same FEN and hash, ``parse_san(san(move)) == move`` and a parsed move is legal;
- ``pgn.read_game`` never raises (problems go to ``game.errors``), ``str(game)`` works, and the
  record it writes reads back with the same main line and is written the same again;
- the player's command loop (:class:`meiriqi.repl.Session`, in-process) survives any line and
  Ctrl-C at the prompt, and prints only its own output.

Each target runs a share of the profile's examples: the default ``ci`` profile keeps the whole
file to about 20 seconds (on 2 cores); ``MEIRIQI_HYPOTHESIS_PROFILE=thorough`` (500 times as many
examples) runs for about three hours. The bugs the targets found are kept at the end as regression
tests, each with its smallest reproducer.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import string
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import meiriqi
from meiriqi import pgn, repl
from meiriqi._core import Move

VARIANTS = list(meiriqi.Board.variants())
"""Every variant, the flagship first."""

SHORT = 300
"""The longest message a refusal of a FEN or a coordinate move may have."""

HUGE = 100_000
"""The length of a long string."""


def fuzz(share: float) -> settings:
    """Settings running ``share`` times the profile's number of examples (at least one)."""
    default = settings.default
    assert default is not None, "conftest.py loads a profile"
    return settings(max_examples=max(1, round(default.max_examples * share)))


# -- positions -------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _random_game(variant: str, seed: int, plies: int) -> tuple[Move, ...]:
    """The moves of a random game of ``variant`` from its start (at most ``plies``)."""
    moves, _ = meiriqi.Board(variant=variant).random_games(1, max_plies=plies, seed=seed)[0]
    return tuple(moves)


def played(variant: str, seed: int, plies: int) -> meiriqi.Board:
    """A new board of ``variant`` with a random game of at most ``plies`` moves on its stack."""
    board = meiriqi.Board(variant=variant)
    for move in _random_game(variant, seed, plies):
        board.push(move)
    return board


@st.composite
def boards(draw: st.DrawFn, max_plies: int = 160, variant: str | None = None) -> meiriqi.Board:
    """A position of ``variant`` (any) reached by random play (captures fill the hands of a
    variant with drops; early positions keep castling rights), with its moves on the stack."""
    if variant is None:
        variant = draw(st.sampled_from(VARIANTS))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return played(variant, seed, draw(st.integers(min_value=0, max_value=max_plies)))


@cache
def _symbols(variant: str) -> str:
    """Every letter of ``variant``'s pieces, both cases."""
    board = meiriqi.Board(variant=variant)
    letters = {meiriqi.piece_symbol(kind, variant=variant)[-1] for kind in board.piece_types}
    return "".join(sorted(letters | {letter.lower() for letter in letters}))


# -- mutations -------------------------------------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=300),
    st.sampled_from([2**31, 2**32, 2**63, 2**64, 10**30, -(2**63)]),
).map(str)
"""Numbers as text: small, negative, and past every integer type."""

ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "\n",
        "\x00",
        "\u00a0",
        "\u200b",
        "\ufeff",
        "é",
        "ĕ",
        "中",
        "\U0001d54f",
        "\uff10",
        "٣",
        "²",
        "½",
        "-",
        "+",
        "=",
        "@",
        "#",
        "/",
        "[",
        "]",
        "9" * 5000,
        "1e5",
        "0x10",
        "inf",
        "nan",
    ]
)
"""Text that parsers tend to trip on: whitespace of every kind, unicode digits, lone symbols."""


def tokens(alphabet: str) -> st.SearchStrategy[str]:
    """Short text to put into valid input: from the format's ``alphabet``, numbers, odd text or
    any unicode."""
    return st.one_of(
        st.text(alphabet=alphabet, min_size=1, max_size=4),
        NUMBERS,
        ODD_TEXT,
        st.text(max_size=3),
    )


Edit = tuple[str, int, int, str]
"""A mutation: its kind, two numbers (a position, a length or a count, a field) and some text."""


def edits(alphabet: str, max_size: int = 5) -> st.SearchStrategy[list[Edit]]:
    """Mutations of text written in ``alphabet`` (see :func:`mutate`)."""
    where = st.integers(min_value=0, max_value=2**16)
    return st.lists(
        st.tuples(
            st.sampled_from(["insert", "delete", "replace", "swap", "field", "repeat", "whole"]),
            where,
            st.one_of(st.integers(min_value=0, max_value=8), st.just(HUGE)),
            tokens(alphabet),
        ),
        max_size=max_size,
    )


def mutate(text: str, changes: list[Edit]) -> str:
    """``text`` with each change made in turn:

    - ``insert``/``replace``: puts the text in at a position (replacing a character);
    - ``delete``: removes up to ``count`` characters;
    - ``swap``: exchanges two space-separated fields; ``field``: replaces one;
    - ``repeat``: repeats a slice, up to a 100 KB string;
    - ``whole``: replaces everything by the text (by a 100 KB string of it for a count of ``HUGE``).
    """
    for kind, first, second, token in changes:
        at = first % (len(text) + 1)
        fields = text.split(" ")
        if kind == "insert":
            text = text[:at] + token + text[at:]
        elif kind == "replace":
            text = text[:at] + token + text[at + 1 :]
        elif kind == "delete":
            text = text[:at] + text[at + max(second, 1) :]
        elif kind == "swap":
            i, j = first % len(fields), second % len(fields)
            fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
        elif kind == "field":
            fields[first % len(fields)] = token
            text = " ".join(fields)
        elif kind == "repeat":
            piece = text[at : at + 1 + second % 20] or token or "9"
            times = HUGE // len(piece) if second == HUGE else second + 2
            text = text[:at] + piece * times + text[at:]
        elif second == HUGE:
            text = (token or "x") * (HUGE // max(len(token), 1))
        else:
            text = token
        text = text[: 2 * HUGE]
    return text


# -- checks ----------------------------------------------------------------------------------------


ESCAPE = re.compile(r"\\(?:u\{[0-9a-f]+\}|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")
"""A character escaped in a quote, by Rust (``\\u{aaf6}``) or Python (``\\x00``, ``\\u200b``)."""


def assert_short(error: ValueError, most: int = SHORT) -> None:
    """The message of a refusal is short: it quotes at most 40 characters of the input (an
    escaped character counts as one)."""
    message = str(error)
    length = len(ESCAPE.sub("?", message))
    assert length < most, f"{type(error).__name__} of {length}: {message[:200]!r}"


def assert_fen_round_trip(board: meiriqi.Board) -> None:
    """The FEN of ``board`` reads back as itself."""
    fen = board.fen()
    assert meiriqi.Board(fen, variant=board.variant_name).fen() == fen


def snapshot(board: meiriqi.Board) -> tuple[str, list[Move], int]:
    """What must not change when the board refuses something."""
    return board.fen(), board.move_stack, board.zobrist_hash()


def check_fen(board: meiriqi.Board, text: str) -> None:
    """``text`` read as a FEN of ``board``'s variant by the constructor and by ``set_fen``: both
    accept it or both refuse it; refused, ``board`` is unchanged; accepted, it round-trips."""
    variant = board.variant_name
    try:
        parsed = meiriqi.Board(text, variant=variant)
    except ValueError as error:
        assert_short(error)
        event(f"FEN refused: {type(error).__name__}")
        parsed = None
    else:
        event("FEN accepted")
        assert parsed is not None
        assert_fen_round_trip(parsed)
    before = snapshot(board)
    try:
        board.set_fen(text)
    except ValueError as error:
        assert_short(error)
        assert parsed is None, "set_fen refuses what the constructor accepts"
        assert snapshot(board) == before
    else:
        assert parsed is not None, "set_fen accepts what the constructor refuses"
        assert board.fen() == parsed.fen() and board.move_stack == []
        assert_fen_round_trip(board)


def check_push_and_pop(board: meiriqi.Board, push: Callable[[], Move]) -> Move:
    """Pushes with ``push()``: refused, the board is unchanged; played, the move goes on the stack
    and pops back to the same FEN and hash. Returns the move played."""
    before = snapshot(board)
    try:
        move = push()
    except ValueError:
        assert snapshot(board) == before
        raise
    assert board.move_stack == [*before[1], move]
    assert board.pop() == move
    assert snapshot(board) == before
    return move


# -- FEN -------------------------------------------------------------------------------------------


def fen_alphabet(variant: str) -> str:
    """The characters of a FEN of ``variant``."""
    return _symbols(variant) + string.digits + "/ []+-wbKQkqABCDEFGHabcdefgh"


@fuzz(4)
@given(boards(), st.data())
def test_mutated_fens(board: meiriqi.Board, data: st.DataObject) -> None:
    fen = board.fen()
    text = mutate(fen, data.draw(edits(fen_alphabet(board.variant_name)), label="edits"))
    check_fen(board, text)


@fuzz(1)
@given(
    st.sampled_from(VARIANTS),
    st.one_of(
        st.text(),
        st.text(alphabet="0123456789/ []+-wbKQkq", max_size=120),
        st.sampled_from(
            ["", " ", "x" * HUGE, "/" * HUGE, "9" * HUGE, "[" * HUGE, "\U0001d54f" * HUGE]
        ),
    ),
)
def test_garbage_fens(variant: str, text: str) -> None:
    check_fen(meiriqi.Board(variant=variant), text)


# -- coordinate moves ------------------------------------------------------------------------------

UCI_ALPHABET = "abcdefghijklmnop0123456789+@=qrbnkpwcsgliu"


def squares(board: meiriqi.Board) -> st.SearchStrategy[str]:
    """Square names: mostly on ``board``, else off it (rank 0, 13, huge, negative; no file)."""
    on_board = st.sampled_from(
        [
            meiriqi.square_name(meiriqi.square(file, rank))
            for rank in range(board.ranks)
            for file in range(board.files)
        ]
    )
    files = st.sampled_from([*"abcdefghijklmnopz", "A", ""])
    return st.one_of(on_board, st.builds(str.__add__, files, NUMBERS))


@st.composite
def uci_texts(draw: st.DrawFn, board: meiriqi.Board) -> str:
    """Coordinate moves for ``board``: legal, mutated, from a legal origin or any square to any
    square, drops, garbage."""
    legal = board.legal_moves_uci() or ["0000"]
    symbols = _symbols(board.variant_name)
    suffixes = st.one_of(st.just(""), st.sampled_from(["+", "=", "++", "+q", *symbols]))
    starts = {meiriqi.square_name(m.from_square) for m in board.legal_moves if m.drop is None}
    origins = st.sampled_from(sorted(starts) or ["a1"])
    text: str = draw(
        st.one_of(
            st.sampled_from(legal),
            st.builds(mutate, st.sampled_from(legal), edits(UCI_ALPHABET, max_size=3)),
            st.builds(lambda a, b, c: a + b + c, squares(board), squares(board), suffixes),
            st.builds(lambda a, b, c: a + b + c, origins, squares(board), suffixes),
            st.builds(lambda p, s: f"{p}@{s}", st.sampled_from(symbols), squares(board)),
            st.text(alphabet=UCI_ALPHABET, min_size=1, max_size=12),
            st.text(min_size=1, max_size=8),
            st.sampled_from(
                ["0000", "00000", "", "x" * HUGE, "a1" * (HUGE // 2), "a" + "1" * HUGE]
            ),
        )
    )
    return text


@fuzz(4)
@given(boards(), st.sampled_from(VARIANTS), st.data())
def test_coordinate_moves(board: meiriqi.Board, other: str, data: st.DataObject) -> None:
    text = data.draw(uci_texts(board), label="text")
    before = snapshot(board)
    for variant in (board.variant_name, other):
        try:
            move = Move.from_uci(text, variant=variant)
        except ValueError as error:
            assert_short(error)
        else:
            assert Move.from_uci(move.uci(), variant=variant) == move
            assert board.is_legal(move) in (True, False)
    try:
        parsed: Move | None = board.parse_uci(text)
    except ValueError as error:
        assert_short(error)
        parsed = None
    else:
        assert parsed is not None and board.is_legal(parsed)
    assert snapshot(board) == before
    try:
        pushed = check_push_and_pop(board, lambda: board.push_uci(text))
    except ValueError as error:
        assert_short(error)
        assert parsed is None, "push_uci refuses what parse_uci accepts"
        event(f"move refused: {type(error).__name__}")
    else:
        assert pushed == parsed
        event("move played")


# -- SAN -------------------------------------------------------------------------------------------


def san_alphabet(variant: str) -> str:
    """The characters of SAN in ``variant``."""
    return _symbols(variant) + "abcdefghijkl0123456789+#=x-@O;!? "


@st.composite
def san_texts(draw: st.DrawFn, board: meiriqi.Board) -> str:
    """SAN for ``board``: legal, mutated, in coordinates, lenient forms, garbage."""
    written = [board.san(move) for move in board.legal_moves] or ["O-O"]
    alphabet = san_alphabet(board.variant_name)
    padded = st.sampled_from(written).map(lambda san: " " * HUGE + san)
    text: str = draw(
        st.one_of(
            st.sampled_from(written),
            st.builds(mutate, st.sampled_from(written), edits(alphabet, max_size=3)),
            st.sampled_from(written).map(str.lower),
            st.sampled_from(board.legal_moves_uci() or ["0000"]),
            st.sampled_from(["O-O", "0-0-0", "o-o", "O-O+", "P@e5", "Kd1;Ve1", "e4;x", "Kd1;"]),
            st.text(alphabet=alphabet, max_size=10),
            st.text(max_size=8),
            padded,
            st.sampled_from(written).map(lambda san: san + "+" * HUGE),
            st.sampled_from(["", "x" * HUGE, "O-O" + "+" * HUGE, "P@a" + "1" * HUGE]),
        )
    )
    return text


def assert_san_refusal(board: meiriqi.Board, error: ValueError) -> None:
    """A SAN refusal is short but for the FEN and the legal moves it may name."""
    listed = sum(len(board.san(move)) + 2 for move in board.legal_moves)
    assert_short(error, SHORT + len(board.fen()) + listed)


@fuzz(4)
@given(boards(), st.data())
def test_san(board: meiriqi.Board, data: st.DataObject) -> None:
    for move in board.legal_moves:
        assert board.parse_san(board.san(move)) == move
    text = data.draw(san_texts(board), label="text")
    before = snapshot(board)
    try:
        parsed: Move | None = board.parse_san(text)
    except ValueError as error:
        assert_san_refusal(board, error)
        parsed = None
    else:
        assert parsed is not None and board.is_legal(parsed)
        assert board.parse_san(board.san(parsed)) == parsed
    assert snapshot(board) == before
    try:
        pushed = check_push_and_pop(board, lambda: board.push_san(text))
    except ValueError as error:
        assert_san_refusal(board, error)
        assert parsed is None, "push_san refuses what parse_san accepts"
        event(f"SAN refused: {type(error).__name__}")
    else:
        assert pushed == parsed
        event("SAN played")


# -- PGN -------------------------------------------------------------------------------------------

COMMENTS = st.one_of(
    st.sampled_from(["", "good", "a } b", "{", "(", ")", "; not a line comment", "$5", "1-0", "*"]),
    st.text(max_size=30).map(lambda text: text.replace("}", "")),
    st.just("long " * 600),
)
"""Comments: plain, with the record's own symbols, unicode, long."""


@st.composite
def annotated_records(draw: st.DrawFn) -> tuple[str, list[Move]]:
    """A record of a random game of any variant (from its start or from a set-up position, a
    ``FEN`` tag) with comments, NAGs and side variations; and its main line."""
    board = draw(boards(max_plies=100))
    moves = board.move_stack
    start = board.copy()
    for _ in range(draw(st.integers(min_value=0, max_value=len(moves)))):
        start.pop()
    setup = len(start.move_stack)
    start = start.copy(stack=False)
    game = pgn.Game.from_board(_replayed(start, moves[setup:]))
    chooser = draw(st.randoms(use_true_random=False))
    game.comment = draw(COMMENTS)
    nodes = list(game.mainline())
    for node in chooser.sample(nodes, min(len(nodes), draw(st.integers(0, 8)))):
        what = chooser.randrange(3)
        if what == 0:
            node.comment = draw(COMMENTS)
        elif what == 1:
            node.nags.add(chooser.randrange(256))
        else:
            _add_side_line(node, chooser, draw(st.integers(min_value=1, max_value=6)))
    return str(game), moves[setup:]


def _replayed(start: meiriqi.Board, moves: list[Move]) -> meiriqi.Board:
    """``start`` with ``moves`` played."""
    board = start.copy()
    for move in moves:
        board.push(move)
    return board


def _add_side_line(node: pgn.ChildNode, chooser: random.Random, length: int) -> None:
    """Adds a side variation of up to ``length`` random moves as an alternative to ``node``."""
    board = node.parent.board()
    others = [move for move in board.legal_moves if move != node.move]
    line: pgn.GameNode = node.parent
    for _ in range(length):
        if not others:
            return
        move = chooser.choice(others)
        line = line.add_variation(move, comment=chooser.choice(["", "side"]))
        board.push(move)
        others = list(board.legal_moves)


@st.composite
def nested_records(draw: st.DrawFn) -> tuple[str, list[Move]]:
    """A record whose variations nest deep (past the recursion limit at times): each replaces
    the last move of the line it opens in; and its main line."""
    variant = draw(st.sampled_from(VARIANTS))
    depth = draw(st.one_of(st.integers(1, 30), st.just(sys.getrecursionlimit() + 100)))
    chooser = draw(st.randoms(use_true_random=False))
    board = meiriqi.Board(variant=variant)

    def numbered(text: str, first: bool) -> str:
        if board.turn:
            return f"{board.fullmove_number}. {text}"
        return f"{board.fullmove_number}... {text}" if first else text

    first = chooser.choice(list(board.legal_moves))
    words, opened = [numbered(board.san(first), True)], 0
    board.push(first)
    mainline = [first]
    for _ in range(depth):
        legal = list(board.legal_moves)
        if len(legal) < 2:
            break
        other, wanted = chooser.sample(legal, 2)
        words += [numbered(board.san(other), False), "(" + numbered(board.san(wanted), True)]
        if opened == 0:
            mainline.append(other)
        board.push(wanted)
        opened += 1
    title = board.variant_title
    return f'[Variant "{title}"]\n\n' + " ".join(words) + ")" * opened + " *\n", mainline


PGN_TOKENS = st.one_of(
    st.sampled_from(
        [
            *'{}()[]"\\$!?;%*.=#+-@ \n\r\t',
            "\n\n",
            "1-0",
            "0-1",
            "1/2-1/2",
            "1.",
            "12...",
            "$0",
            "$255",
            "$256",
            "!!",
            "?!",
            "O-O",
            "0-0-0",
            "P@e5",
            "=+",
            "e4",
            "Nb4",
            '\n[Event "next"]\n',
            '\n\n[FEN "',
            '[Variant "',
            '[Variant "chess"]\n',
            '[Result "1-0"]\n',
            "\ufeff",
            "\x00",
            "é",
            "中",
            "\U0001d54f",
            "\x0b",
            "\x0c",
            "\x1c",
            "\x85",
            "\u2028",
            "$" + "9" * 5000,
            "(" * 2000,
            ")" * 2000,
            "{" + "x" * HUGE + "}",
            "N" * HUGE,
            "&" * HUGE,
            "1." * (HUGE // 2),
        ]
    ),
    st.text(max_size=3),
)
"""What to put into a record: its own symbols, tags, results, odd characters, huge tokens."""


def pgn_edits() -> st.SearchStrategy[list[tuple[int, int, str]]]:
    """Mutations of a record: (position, how many characters to delete, what to insert)."""
    where = st.integers(min_value=0, max_value=2**20)
    return st.lists(
        st.tuples(where, st.sampled_from([0, 0, 1, 3, 40]), PGN_TOKENS),
        max_size=10,
    )


def mutate_record(record: tuple[str, list[Move]], changes: list[tuple[int, int, str]]) -> str:
    """The text of ``record`` with each change made in turn (see :func:`pgn_edits`)."""
    text = record[0]
    for where, cut, insert in changes:
        at = where % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    return text


def read_all(text: str) -> list[pgn.Game]:
    """Every game in ``text`` (``read_game`` must come to the end of it)."""
    handle = io.StringIO(text)
    games: list[pgn.Game] = []
    for _ in range(text.count("\n") + 2):
        game = pgn.read_game(handle)
        if game is None:
            return games
        games.append(game)
    raise AssertionError("read_game returns more games than the text has lines")


def check_record(text: str) -> None:
    """Reads every game of ``text`` and writes it: the errors are where the text is and short;
    the record written reads back with the same main line, and writes the same again."""
    lines = text.split("\n")
    games = read_all(text)
    event(f"games in the record: {min(len(games), 3)}{'+' if len(games) > 3 else ''}")
    event(f"errors: {'some' if any(game.errors for game in games) else 'none'}")
    for game in games:
        for error in game.errors:
            assert isinstance(error, pgn.PgnError)
            assert 1 <= error.line <= len(lines)
            assert_short(error, 2000)
        written = str(game)
        again = pgn.read_game(io.StringIO(written))
        assert again is not None
        assert again.mainline_moves() == game.mainline_moves()
        assert str(again) == written
        if not game.errors:
            assert again.errors == []


@fuzz(2)
@given(st.one_of(annotated_records(), nested_records()), pgn_edits())
def test_game_records(record: tuple[str, list[Move]], changes: list[tuple[int, int, str]]) -> None:
    text, mainline = record
    (game,) = read_all(text)
    assert game.errors == []
    assert game.mainline_moves() == mainline
    check_record(mutate_record(record, changes))


# -- the player ------------------------------------------------------------------------------------

QUICK = repl.Level(time=None, depth=1)
"""The level the computer plays at in the fuzz: any slower and a long game would take long."""


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory for the player's files: a record of Mĕirìqí, a file that is not UTF-8 (and
    ``drawn.pgn``, a damaged record written by each example)."""
    path = tmp_path_factory.mktemp("player")
    (path / "game.pgn").write_text("1. c4 Nb7 2. e4 *\n", encoding="utf-8")
    (path / "binary.pgn").write_bytes(b"\xff\xfe\x00[Event \x80]\n\n1. c4 *\n")
    return path


def _command(word: str) -> str:
    """The command a line starting with ``word`` runs, as the session reads it."""
    return repl._ALIASES.get(word.lower(), word.lower())


def harmless(line: str, workdir: Path) -> str:
    """``line``, unless it would use a file outside ``workdir``, let the computer play
    both sides of a game that may never end (``auto both``) or think longer than :data:`QUICK`
    (a slow level becomes ``level depth 1``; ``parse_level`` must still only raise
    ``ValueError``)."""
    words = line.split()
    command = _command(words[0]) if words else ""
    argument = line.strip()[len(words[0]) :].strip() if words else ""
    if command in ("save", "load") and not argument.startswith(str(workdir)):
        return "show"
    if command == "auto" and "both" in argument.lower():
        return "auto off"
    if command == "level" and argument:
        try:
            level = repl.parse_level(argument)
        except ValueError:
            return line
        if (level.depth or 0) > 2 or (level.time or 0) > 0.05:
            return f"level {QUICK}"
    return line


@st.composite
def player_lines(draw: st.DrawFn, board: meiriqi.Board, workdir: Path) -> str:
    """A line for the player at ``board``: moves, every command with fitting, odd, huge or
    garbage arguments, or garbage."""
    legal = list(board.legal_moves)
    written = [board.san(move) for move in legal] or ["c4"]
    uci = [move.uci() for move in legal] or ["c3c4"]
    number = NUMBERS
    files = [
        "game.pgn",
        "drawn.pgn",
        "saved.pgn",
        "binary.pgn",
        "missing.pgn",
        "no/such/dir/x.pgn",
        ".",
        "x" * 300,
        "a\x00b",
    ]
    path = st.sampled_from(files).map(lambda name: str(workdir / name))
    names = [*VARIANTS, *(meiriqi.Board(variant=v).variant_title for v in VARIANTS)]
    fen = st.one_of(
        st.just(board.fen()),
        st.builds(mutate, st.just(board.fen()), edits(fen_alphabet(board.variant_name))),
        st.sampled_from(VARIANTS).map(lambda v: meiriqi.Board(variant=v).fen()),
        boards(max_plies=120, variant=board.variant_name).map(lambda b: b.fen()),
        st.text(max_size=20),
    )
    garbage = st.one_of(st.text(max_size=20), ODD_TEXT, st.just("x" * HUGE))
    args: dict[str, st.SearchStrategy[str]] = {
        "help": st.sampled_from([*repl.COMMANDS, "exit", "?", "board", "nope"]),
        "moves": st.one_of(squares(board), st.sampled_from(["e5", "E5", "j10", "l12", "a1 b2"])),
        "variant": st.one_of(st.sampled_from([*names, "Mĕirìqí", "Yáng Qí", "nope"]), garbage),
        "fen": fen,
        "load": path,
        "save": path,
        "level": st.one_of(
            st.builds(str.__add__, st.sampled_from(["", "depth ", "time ", "depth  "]), number),
            number.map(lambda n: n + "ms"),
            st.sampled_from(["fast", "depth", ".5", "0.0001", "1.5s", "500MS", "depth 0"]),
        ),
        "auto": st.sampled_from(["white", "black", "off", "WHITE", "Black", "purple", "off x"]),
    }
    command = st.sampled_from([*repl.COMMANDS, "exit", "?", "board", "HELP", "Moves"]).flatmap(
        lambda name: st.one_of(
            st.just(name),
            st.builds(
                lambda a: f"{name} {a}",
                args.get(_command(name), garbage),
            ),
        )
    )
    moves = st.one_of(
        st.sampled_from(written),
        st.sampled_from(uci),
        st.builds(mutate, st.sampled_from(written), edits(san_alphabet(board.variant_name), 2)),
        st.sampled_from(["O-O", "0-0-0", "o-o", "P@e5", "12. c4", "1... Nb7", "1."]),
        st.lists(st.sampled_from(written + uci), min_size=2, max_size=4).map(" ".join),
        st.sampled_from(written).map(lambda san: f"{board.fullmove_number}. {san}"),
    )
    return harmless(draw(st.one_of(moves, command, garbage)), workdir)


@fuzz(1)
@given(
    st.sampled_from(VARIANTS),
    st.integers(min_value=1, max_value=30),
    st.builds(mutate_record, annotated_records(), pgn_edits()),
    st.data(),
)
def test_player_survives_any_line(
    workdir: Path, variant: str, count: int, record: str, data: st.DataObject
) -> None:
    (workdir / "drawn.pgn").write_text(record, encoding="utf-8", errors="surrogatepass")
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(variant=variant), out=out, level=QUICK)
    read: list[str] = []

    def next_line(prompt: str) -> str:
        assert prompt.endswith("> ")
        if len(read) == count:
            raise EOFError
        if data.draw(st.integers(0, 30), label="ctrl-c") == 0:
            read.append("(Ctrl-C)")
            raise KeyboardInterrupt
        line = data.draw(player_lines(session.board, workdir), label=f"line {len(read) + 1}")
        read.append(line)
        return line

    leaked = io.StringIO()
    with contextlib.redirect_stdout(leaked), contextlib.redirect_stderr(leaked):
        session.run(next_line)
    assert leaked.getvalue() == "", "the session printed past its output"
    quit_ = any(line.split() and _command(line.split()[0]) == "quit" for line in read)
    assert len(read) == count or quit_, "the session ended before the end of its input"
    assert "Traceback" not in out.getvalue()
    errors = sum(line.startswith("error: ") for line in out.getvalue().splitlines())
    event(f"lines refused: {'none' if not errors else 'some' if errors < len(read) else 'all'}")
    assert_fen_round_trip(session.board)


# -- bugs these targets found, fixed, kept as regressions ------------------------------------------


def test_player_announces_a_variant_loss() -> None:
    # Black to move holds no Prince within the limit: White wins (tests/test_wildeurasian.py).
    fen = "6k5/12/12/12/1+S1+D8/12/6+S5/1Q1G3T4/5+D6/12/6K5/12[] b - - 0 1"
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(fen, variant="wildeurasian-mitregi"), out=out)
    session.run(lambda prompt: "quit")
    assert "1-0" in out.getvalue()


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("x" * HUGE, id="unknown-command"),
        pytest.param("help " + "x" * HUGE, id="help"),
        pytest.param("moves a" + "1" * HUGE, id="moves"),
        pytest.param("auto " + "x" * HUGE, id="auto"),
        pytest.param("variant " + "x" * HUGE, id="variant"),
        pytest.param("fen " + "x" * HUGE, id="fen"),
    ],
)
def test_player_errors_quote_a_short_excerpt(line: str) -> None:
    out = io.StringIO()
    repl.Session(out=out).execute(line)
    (error,) = [text for text in out.getvalue().splitlines() if text.startswith("error: ")]
    assert len(error) < 1000


@pytest.mark.parametrize("text", ["c3c4" + "q" * HUGE, "P@e5" + "5" * HUGE])
def test_coordinate_move_refusals_quote_a_short_excerpt(text: str) -> None:
    for parse in (meiriqi.Move.from_uci, meiriqi.Board(variant="shogi").parse_uci):
        with pytest.raises(ValueError) as error:
            parse(text)
        assert_short(error.value)


def test_parse_square_quotes_a_short_excerpt() -> None:
    with pytest.raises(ValueError) as error:
        meiriqi.parse_square("a" + "1" * HUGE)
    assert_short(error.value)


@pytest.mark.parametrize(
    "text",
    [
        " " * HUGE + "Nb4",  # refused where the position has no such move; the spaces are kept
        "O-O" + "+" * HUGE,
        "P@e5" + "#" * HUGE,
        "Kd1" + "+" * HUGE + ";x",
    ],
)
def test_san_refusals_quote_a_short_excerpt(text: str) -> None:
    # Used to quote the whole text: a suffix of checks, or spaces around a move, went unquoted.
    board = meiriqi.Board(variant="xiangqi")
    with pytest.raises(ValueError) as error:
        board.parse_san(text)
    assert_short(error.value, 400)


@pytest.mark.parametrize(
    "record",
    [
        "1. Nb4 " + "&" * HUGE + " *",
        "1. Nb4 O-O" + "+" * HUGE + " *",
        "[Event " + "x" * HUGE + "]\n\n1. Nb4 *",
        '[Variant "' + "x" * HUGE + '"]\n\n1. Nb4 *',
        '[Result "' + "x" * HUGE + '"]\n\n1. Nb4 *',
        "$" + "1" * HUGE + " 1. Nb4 *",
    ],
)
def test_record_errors_quote_a_short_excerpt(record: str) -> None:
    # Used to quote whole tokens, tag lines and tag values: a 100 KB token, a 100 KB message.
    (game,) = read_all(record)
    assert game.errors
    for error in game.errors:
        assert_short(error, 1000)
