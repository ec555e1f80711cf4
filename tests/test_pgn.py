"""Game records: the game tree, headers, writing, reading with error recovery, convert."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meiriqi
from meiriqi import pgn
from meiriqi._core import STARTING_FEN, IllegalMoveError, Move

# White to move; Rb1-i1 leaves Black (King j10) without a move and not in check.
STALEMATE = "9k/R9/10/10/10/10/10/10/7K2/1R8 w - - 0 1"
# White to move; Rb1-b10 mates the Black King on j10.
ROOKS = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"

SAMPLE = r"""[Event "Sample"]
[Site "Here"]
[Date "2024.01.02"]
[Round "1"]
[White "Ann"]
[Black "Bob"]
[Result "*"]
[Annotator "Eve \"the\" critic \\ 2"]

{ A test
game. } 1. Nb4 $1 j6 (1... a7?! { forward } 2. Nc6) 2.Nc6 Nb7!
3. Nxe7 ( { instead } 3. Na7 ; a line comment
) 3... Wxe7 *
"""


def read_all(text: str) -> list[pgn.Game]:
    """Every game in ``text``."""
    handle = io.StringIO(text)
    games = []
    while (game := pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def sans(node: pgn.GameNode) -> list[str]:
    """The main continuation from ``node`` in SAN."""
    return [child.san() for child in node.mainline()]


def errors(game: pgn.Game) -> list[tuple[int, int]]:
    """Where the errors of a game are."""
    return [(e.line, e.column) for e in game.errors]


def test_headers() -> None:
    headers = pgn.Headers()
    assert list(headers) == list(pgn.TAG_ROSTER)
    assert headers["Date"] == "????.??.??" and headers["Result"] == "*"
    headers["Annotator"] = "x"
    headers["Event"] = "E"
    del headers["Site"]
    assert list(headers) == ["Event", "Date", "Round", "White", "Black", "Result", "Annotator"]
    assert dict(pgn.Headers({"ECO": "A00"}, White="W")) == {"ECO": "A00", "White": "W"}
    with pytest.raises(ValueError):
        headers["Bad Name"] = "x"
    with pytest.raises(ValueError):
        headers["Event"] = "two\nlines"


def test_written_game() -> None:
    game = pgn.Game()
    node = game.add_variation(Move.from_uci("a2b4"), comment="knight out")
    node = node.add_variation(Move.from_uci("j7j6"), nags=[pgn.NAG_DUBIOUS_MOVE])
    assert node.parent is not None
    node.parent.add_variation(Move.from_uci("a8a7"), starting_comment="or")
    node.add_variation(Move.from_uci("b4c6"))
    game.headers["White"] = 'A "quoted" \\ name'
    assert str(game) == (
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
        '[White "A \\"quoted\\" \\\\ name"]\n[Black "?"]\n[Result "*"]\n[Variant "Meiriqi"]\n\n'
        "1. Nb4 { knight out } 1... j6 $6 ({ or } 1... a7) 2. Nc6 *"
    )


def test_game_tree_navigation() -> None:
    game = pgn.Game()
    end = game.add_line(Move.from_uci(u) for u in ("a2b4", "j7j6", "b4c6"))
    side = game.next().add_main_variation(Move.from_uci("a8a7"))  # type: ignore[union-attr]
    assert game.end().move == Move.from_uci("a8a7") and side.is_mainline()
    assert not end.is_mainline() and end.ply() == 3 and end.game() is game
    assert game.mainline_moves() == [Move.from_uci("a2b4"), Move.from_uci("a8a7")]
    assert end.board().fen() == (
        "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7ii1/2N6i/10/7III/I1I1I1I1S1/1GSLSGN3/1PYEHW1MKM b - - 1 2"
    )
    with pytest.raises(IllegalMoveError):
        game.add_variation(Move.from_uci("a2a4"))


def test_read_sample() -> None:
    (game,) = read_all(SAMPLE)
    assert game.errors == []
    assert game.headers["Annotator"] == 'Eve "the" critic \\ 2'
    assert game.headers["Event"] == "Sample" and game.headers["Variant"] == "Meiriqi"
    assert game.comment == "A test game."
    assert sans(game) == ["Nb4", "j6", "Nc6", "Nb7", "Ne7", "Wxe7"]
    first = game.next()
    assert first is not None and first.nags == {1}
    _, a7 = first.variations
    assert a7.san() == "a7" and a7.nags == {6} and a7.comment == "forward"
    assert sans(a7) == ["Nc6"]
    nb7 = game.mainline_moves()[3]
    node = list(game.mainline())[3]
    assert node.move == nb7 and node.nags == {1}
    _, na7 = node.variations
    assert na7.starting_comment == "instead" and na7.comment == "a line comment"
    assert na7.san() == "Na7" and not na7.variations


def test_suffix_annotations_become_nags() -> None:
    text = "1. Nb4! j6? 2. Nc6!! Nb7?? 3. Na7!? Nd6?! *"
    (game,) = read_all(text)
    assert [node.nags for node in game.mainline()] == [{1}, {2}, {3}, {4}, {5}, {6}]
    assert "1. Nb4 $1 j6 $2 2. Nc6 $3 Nb7 $4 3. Na7 $5 Nd6 $6 *" in str(game)


def test_streams_games_and_skips_escapes() -> None:
    text = (
        '\ufeff% an escape line\r\n[Event "A"]\r\n\r\n1. Nb4 *\r\n\r\n\r\n'
        '[Event "B"]\n1. Nb4 j6 0-1\n'
    )
    handle = io.StringIO(text)
    first = pgn.read_game(handle)
    second = pgn.read_game(handle)
    assert pgn.read_game(handle) is None and pgn.read_game(handle) is None
    assert first is not None and second is not None
    assert (first.headers["Event"], sans(first), first.errors) == ("A", ["Nb4"], [])
    assert (second.headers["Event"], sans(second), second.errors) == ("B", ["Nb4", "j6"], [])
    assert second.headers["Result"] == "0-1"


def test_game_ends_at_next_tag_without_empty_line() -> None:
    games = read_all('[Event "A"]\n1. Nb4 *\n[Event "B"]\n1. Nb4 j6 *\n')
    assert [g.headers["Event"] for g in games] == ["A", "B"]
    assert [len(sans(g)) for g in games] == [1, 2]


BROKEN = """[Event "One"]

1. Nb4 j6 2. Zz9 Nc6 *

[Event "Two"]
[FEN "not a fen"]

1. Nb4 *

[Event "Three"]

1. Nb4 { never closed j6

[Event "Four"]

1. Nb4 (1. a4 j6 2. a5 *

[Event "Five"]

1. Nb4 ) @@ j6 2. Nc6 Nb7 3. Nf4 1-0

[Event "Six"]
[Variant "Nonesuch"]

1. e4 *

[Event "Seven"]
[Result "0-1"]

1. Nb4 j6 2. Nc6 Nc6 3. Nb4 1-0
"""


def test_broken_input_is_reported_and_recovered() -> None:
    games = read_all(BROKEN)
    assert [g.headers["Event"] for g in games] == [
        "One",
        "Two",
        "Three",
        "Four",
        "Five",
        "Six",
        "Seven",
    ]
    one, two, three, four, five, six, seven = games
    assert errors(one) == [(3, 14)] and "Zz9" in str(one.errors[0])
    assert sans(one) == ["Nb4", "j6"]
    assert errors(two) == [(6, 7)] and "bad FEN header" in str(two.errors[0])
    assert sans(two) == []
    assert errors(three) == [(12, 8)] and "comment not closed" in str(three.errors[0])
    assert sans(three) == ["Nb4"]
    assert errors(four) == [(16, 8)] and "variation not closed" in str(four.errors[0])
    assert [c.san() for c in four.variations] == ["Nb4", "a4"]
    assert sans(four.variations[1]) == ["j6", "a5"]
    assert errors(five) == [(20, 8), (20, 10)]
    assert "')' closes no variation" in str(five.errors[0]) and "'@@'" in str(five.errors[1])
    assert sans(five) == ["Nb4", "j6", "Nc6", "Nb7", "Nf4"] and five.headers["Result"] == "1-0"
    assert errors(six) == [(23, 11)] and "unsupported variant 'Nonesuch'" in str(six.errors[0])
    assert errors(seven) == [(30, 18), (30, 29)]
    assert "line 30, column 18: illegal move 'Nc6'" in str(seven.errors[0])
    assert "result 1-0 contradicts the Result header 0-1" in str(seven.errors[1])


def test_result_must_fit_the_final_position() -> None:
    text = f'[Result "0-1"]\n[FEN "{STALEMATE}"]\n\n1. Ri1 0-1\n'
    (game,) = read_all(text)
    assert errors(game) == [(1, 10)]
    assert "contradicts the final position (1-0)" in str(game.errors[0])


@pytest.mark.parametrize(
    ("fen", "uci", "movetext", "termination"),
    [(STALEMATE, "b1i1", "1. Ri1 1-0", "stalemate"), (ROOKS, "b1b10", "1. Rb10# 1-0", "checkmate")],
)
def test_finished_game_records_how_it_ended(
    fen: str, uci: str, movetext: str, termination: str
) -> None:
    board = meiriqi.Board(fen)
    board.push_uci(uci)
    game = pgn.Game.from_board(board)
    assert game.headers["Result"] == "1-0"
    assert game.headers["Termination"] == termination
    assert game.headers["SetUp"] == "1" and game.headers["FEN"] == fen
    text = str(game)
    assert f'[Termination "{termination}"]' in text and text.endswith(movetext)
    (again,) = read_all(text)
    assert again.errors == [] and str(again) == text
    assert game.board().fen() == fen and game.end().board().outcome() is not None


def test_from_board_at_the_start_has_no_setup() -> None:
    board = meiriqi.Board()
    board.push_san("Nb4")
    game = pgn.Game.from_board(board)
    assert "FEN" not in game.headers and "SetUp" not in game.headers
    assert game.board().fen() == STARTING_FEN
    assert game.headers["Result"] == "*" and "Termination" not in game.headers


def test_long_movetext_is_wrapped() -> None:
    chooser = random.Random(7)
    board = meiriqi.Board()
    for _ in range(120):
        board.push(chooser.choice(board.legal_moves))
    game = pgn.Game.from_board(board)
    lines = str(game).split("\n\n", 1)[1].splitlines()
    assert len(lines) > 5
    assert all(len(line) <= 80 for line in lines)
    assert all(len(line) > 70 for line in lines[:-1])
    (again,) = read_all(str(game))
    assert again.mainline_moves() == board.move_stack


def test_write_game_and_convert(capsys: pytest.CaptureFixture[str]) -> None:
    handle = io.StringIO()
    game = pgn.Game()
    game.add_variation(Move.from_uci("a2b4"))
    pgn.write_game(game, handle)
    handle.write(f'[Event "Ends"]\n[FEN "{STALEMATE}"]\n\n1. Ri1 *\n\n')
    handle.write('[Event "Bad"]\n\n1. Nb4 Qd4 *\n')
    source = handle.getvalue()

    out = io.StringIO()
    assert pgn.convert(io.StringIO(source), out) == 1
    assert "line 19, column 8: illegal move 'Qd4'" in capsys.readouterr().err
    written = read_all(out.getvalue())
    assert [sans(g) for g in written] == [["Nb4"], ["Ri1"], ["Nb4"]]
    assert (
        written[1].headers["Termination"] == "stalemate" and written[1].headers["Result"] == "1-0"
    )
    assert all(g.errors == [] for g in written)

    fens = io.StringIO()
    assert pgn.convert(io.StringIO(source), fens, fen=True) == 1
    board = meiriqi.Board()
    board.push_san("Nb4")
    assert fens.getvalue().splitlines() == [
        board.fen(),
        "9k/R9/10/10/10/10/10/10/7K2/8R1 b - - 1 1",
        board.fen(),
    ]


def test_convert_leaves_out_games_it_cannot_set_up(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert pgn.convert(io.StringIO('[FEN "x"]\n\n1. Nb4 *\n\n[Event "ok"]\n\n*\n'), out) == 1
    assert "line 1, column 7: bad FEN header" in capsys.readouterr().err
    assert [g.headers["Event"] for g in read_all(out.getvalue())] == ["ok"]


# -- round trip over generated games -----------------------------------------------------------

COMMENTS = st.text(max_size=30) | st.sampled_from(["}", "{ nested", "a } b", "50% ; x", "(1. e4)"])


def grow(node: pgn.GameNode, chooser: random.Random, data: st.DataObject, depth: int) -> None:
    """Adds a random line below ``node``, with side variations, comments and NAGs."""
    board = node.board()
    for _ in range(depth):
        moves = board.legal_moves
        if not moves:
            return
        child = node.add_variation(chooser.choice(moves))
        if chooser.random() < 0.2:
            child.comment = data.draw(COMMENTS)
        if chooser.random() < 0.1:
            child.nags.add(chooser.randrange(256))
        if node.parent is not None and chooser.random() < 0.15:
            side = node.add_variation(chooser.choice(moves))
            if chooser.random() < 0.5:
                side.starting_comment = data.draw(COMMENTS)
            grow(side, chooser, data, chooser.randrange(4))
        board.push(child.move)
        node = child


def shape(node: pgn.GameNode) -> tuple[object, ...]:
    """What a record keeps of a node and everything below it."""
    words = " ".join(node.comment.replace("}", "").split())
    start = " ".join(node.starting_comment.replace("}", "").split())
    return (node.move, words, start, sorted(node.nags), [shape(v) for v in node.variations])


@given(st.integers(min_value=0, max_value=2**32), st.data())
def test_write_read_write_is_stable(seed: int, data: st.DataObject) -> None:
    chooser = random.Random(seed)
    game = pgn.Game()
    game.headers["Event"] = data.draw(
        st.text(max_size=20).filter(lambda t: "\n" not in t and "\r" not in t)
    )
    game.headers["Result"] = chooser.choice(pgn.RESULTS)
    game.comment = data.draw(COMMENTS)
    grow(game, chooser, data, chooser.randrange(60))
    game.update_result()
    text = str(game)
    (again,) = read_all(text + "\n\n")
    assert again.errors == []
    assert dict(again.headers) == dict(game.headers)
    assert shape(again) == shape(game)
    assert str(again) == text
    movetext = text.split("\n\n", 1)[1]
    assert all(len(line) <= 80 for line in movetext.splitlines())


MUTATIONS = st.lists(
    st.tuples(st.integers(min_value=0), st.sampled_from(["", *'{}()[]"\\$!?;%*.\n\r x=#+-10'])),
    max_size=12,
)


@given(MUTATIONS)
def test_damaged_records_never_crash(mutations: list[tuple[int, str]]) -> None:
    text = SAMPLE + "\n" + BROKEN
    for where, insert in mutations:
        cut = where % (len(text) + 1)
        text = text[:cut] + insert + text[cut + (insert == "") :]
    lines = text.split("\n")
    for game in read_all(text):
        for error in game.errors:
            assert 1 <= error.line <= len(lines)
            assert 1 <= error.column <= len(lines[error.line - 1]) + 1
        str(game)


# -- visitors --------------------------------------------------------------------------------------


class Census(pgn.BaseVisitor[dict[str, int]]):
    """Counts what a game holds, by kind, without keeping any of it."""

    def begin_game(self) -> None:
        self.counts = dict.fromkeys(
            ("main moves", "side moves", "variations", "nags", "comments", "errors"), 0
        )
        self.depth = 0

    def visit_move(self, board: meiriqi.Board, move: Move) -> None:
        assert board.is_legal(move)
        self.counts["side moves" if self.depth else "main moves"] += 1

    def begin_variation(self) -> pgn.SkipType | None:
        self.depth += 1
        self.counts["variations"] += 1
        return None

    def end_variation(self) -> None:
        self.depth -= 1

    def visit_nag(self, nag: int) -> None:
        self.counts["nags"] += 1

    def visit_comment(self, comment: str) -> None:
        self.counts["comments"] += 1

    def handle_error(self, error: pgn.PgnError) -> None:
        self.counts["errors"] += 1

    def end_game(self) -> None:
        assert self.depth == 0, "every variation begun was ended"

    def result(self) -> dict[str, int]:
        return self.counts


def test_custom_visitor_counts_moves() -> None:
    counts = pgn.read_game(io.StringIO(SAMPLE), Census)
    assert counts == {
        "main moves": 6,
        "side moves": 3,
        "variations": 2,
        "nags": 3,
        "comments": 4,
        "errors": 0,
    }
    (game,) = read_all(SAMPLE)
    assert game.accept(Census()) == counts
    handle = io.StringIO(BROKEN)
    seen = list(iter(lambda: pgn.read_game(handle, Census), None))
    assert [c["errors"] for c in seen] == [len(g.errors) for g in read_all(BROKEN)]
    assert seen[3]["variations"] == 1, "an unclosed variation is still ended"


class Events(pgn.BaseVisitor[list[str]]):
    """Records every call."""

    def begin_game(self) -> None:
        self.events = ["begin_game"]

    def begin_headers(self) -> None:
        self.events.append("begin_headers")

    def visit_header(self, name: str, value: str) -> None:
        self.events.append(f"header {name}={value}")

    def end_headers(self) -> None:
        self.events.append("end_headers")

    def visit_board(self, board: meiriqi.Board) -> None:
        self.events.append(f"board {board.ply()}")

    def visit_move(self, board: meiriqi.Board, move: Move) -> None:
        self.events.append(f"move {board.san(move)}")

    def visit_comment(self, comment: str) -> None:
        self.events.append(f"comment {comment}")

    def visit_nag(self, nag: int) -> None:
        self.events.append(f"nag {nag}")

    def begin_variation(self) -> None:
        self.events.append("(")

    def end_variation(self) -> None:
        self.events.append(")")

    def visit_result(self, result: str) -> None:
        self.events.append(f"result {result}")

    def end_game(self) -> None:
        self.events.append("end_game")

    def result(self) -> list[str]:
        return self.events


def test_visitors_are_called_in_record_order() -> None:
    text = '[Variant "meiriqi"]\n\n{ c } 1. Nb4 ! j6 (1... a7 { f } 2. Nc6) 2. Nc6 *'
    events = pgn.read_game(io.StringIO(text), Events)
    movetext = [
        "board 0",
        "comment c",
        "move Nb4",
        "board 1",
        "nag 1",
        "move j6",
        "board 2",
        "(",
        "move a7",
        "board 2",
        "comment f",
        "move Nc6",
        "board 3",
        ")",
        "move Nc6",
        "board 3",
        "result *",
        "end_game",
    ]
    head = ["begin_game", "begin_headers", "header Variant=Meiriqi", "end_headers"]
    assert events == head + movetext
    (game,) = read_all(text)
    accepted = game.accept(Events())
    assert accepted[accepted.index("end_headers") + 1 :] == movetext


class Headlines(pgn.BaseVisitor[dict[str, str]]):
    """Keeps the tag pairs and leaves the movetext unparsed."""

    def __init__(self) -> None:
        self.begin_game()

    def begin_game(self) -> None:
        self.tags: dict[str, str] = {}
        self.errors: list[pgn.PgnError] = []

    def visit_header(self, name: str, value: str) -> None:
        self.tags[name] = value

    def end_headers(self) -> pgn.SkipType:
        return pgn.SKIP

    def visit_board(self, board: meiriqi.Board) -> None:
        raise AssertionError("no position is set up for a skipped movetext")

    def visit_move(self, board: meiriqi.Board, move: Move) -> None:
        raise AssertionError("no move is parsed in a skipped movetext")

    def visit_result(self, result: str) -> None:
        raise AssertionError("the movetext is skipped")

    def handle_error(self, error: pgn.PgnError) -> None:
        self.errors.append(error)

    def result(self) -> dict[str, str]:
        return self.tags


class SkipAll(pgn.BaseVisitor[bool]):
    """Skips whole games."""

    def begin_game(self) -> pgn.SkipType:
        return pgn.SKIP

    def visit_header(self, name: str, value: str) -> None:
        raise AssertionError("a skipped game is not visited")

    def handle_error(self, error: pgn.PgnError) -> None:
        raise AssertionError("a skipped game has no errors")

    def result(self) -> bool:
        return True


def test_visitor_skips_games() -> None:
    built = read_all(BROKEN + "\n" + SAMPLE)
    handle = io.StringIO(BROKEN + "\n" + SAMPLE)
    visitors: list[Headlines] = []

    def headlines() -> Headlines:
        visitors.append(Headlines())
        return visitors[-1]

    tags = list(iter(lambda: pgn.read_game(handle, headlines), None))
    assert all(v.errors == [] for v in visitors), "a skipped movetext's errors are not looked for"
    assert len(visitors) == len(built) + 1
    assert [t["Event"] for t in tags] == [g.headers["Event"] for g in built]
    assert tags[5]["Variant"] == "Nonesuch" and tags[-1]["Annotator"] == 'Eve "the" critic \\ 2'

    handle = io.StringIO(BROKEN + "\n" + SAMPLE)
    assert list(iter(lambda: pgn.read_game(handle, SkipAll), None)) == [True] * len(built)

    # Skipping a game consumes it exactly: the next game and its line numbers are as before.
    handle = io.StringIO(BROKEN + "\n" + SAMPLE)
    for index, game in enumerate(built):
        if index % 2:
            assert pgn.read_game(handle, SkipAll if index % 4 == 1 else Headlines) is not None
        else:
            again = pgn.read_game(handle)
            assert again is not None
            assert str(again) == str(game)
            assert [str(e) for e in again.errors] == [str(e) for e in game.errors]
    assert pgn.read_game(handle, SkipAll) is None


def test_visitor_skips_variations() -> None:
    class MainLine(Census):
        def begin_variation(self) -> pgn.SkipType:
            super().begin_variation()
            return pgn.SKIP

    text = "1. Nb4 (1. Zz9 (1. c4)) j6 (1... a7 2. Nc6) 2. Nc6 $1 (2. Na2 $999) *"
    counts = pgn.read_game(io.StringIO(text), MainLine)
    assert counts is not None
    assert (counts["main moves"], counts["side moves"], counts["variations"]) == (3, 0, 3)
    assert (counts["nags"], counts["errors"]) == (1, 0), "skipped moves are not parsed"
    (game,) = read_all(text)
    assert [e.message for e in game.errors] == [
        "invalid san 'Zz9': it does not end with a destination square such as e4 (then a "
        "promotion, '+' or '#')",
        "NAG $999 is out of range (0-255)",
    ]
    # The tree holds no variation for (1. Zz9 ...): its only move was bad.
    assert game.accept(MainLine()) == counts | {"variations": 2}


def test_string_exporter_options() -> None:
    (game,) = read_all(SAMPLE)
    assert game.accept(pgn.StringExporter()) == str(game)
    movetext = str(game).split("\n\n", 1)[1]
    assert game.accept(pgn.StringExporter(headers=False)) == movetext
    assert game.accept(pgn.StringExporter(columns=None, headers=False)) == movetext.replace(
        "\n", " "
    )
    narrow = game.accept(pgn.StringExporter(columns=20, headers=False))
    assert narrow.replace("\n", " ") == movetext.replace("\n", " ")
    assert max(len(line) for line in narrow.splitlines()) <= 20
    assert game.accept(pgn.StringExporter(comments=False, headers=False)) == (
        "1. Nb4 j6 (1... a7 2. Nc6) 2. Nc6 Nb7 3. Ne7 (3. Na7) 3... Wxe7 *"
    )
    assert game.accept(pgn.StringExporter(variations=False, headers=False)) == (
        "{ A test game. } 1. Nb4 $1 j6 2. Nc6 Nb7 $1 3. Ne7 Wxe7 *"
    )
    plain = pgn.StringExporter(headers=False, comments=False, variations=False)
    assert game.accept(plain) == "1. Nb4 j6 2. Nc6 Nb7 3. Ne7 Wxe7 *"
    # Read straight into an exporter, the movetext comes out as the game tree writes it.
    assert pgn.read_game(io.StringIO(SAMPLE), pgn.StringExporter) == str(game).replace(
        '[Variant "Meiriqi"]\n', ""
    )


def test_exporter_numbers_a_move_after_any_comment() -> None:
    game = pgn.Game()
    node = game.add_variation(Move.from_uci("a2b4"))
    node.add_variation(Move.from_uci("j7j6"))
    side = game.add_variation(Move.from_uci("c3c4"), comment="side")
    side.add_variation(Move.from_uci("j7j6"))
    assert str(game).endswith("1. Nb4 (1. c4 { side } 1... j6) 1... j6 *")


def test_file_exporter_writes_as_write_game() -> None:
    games = read_all(SAMPLE + "\n" + BROKEN)
    expected = io.StringIO()
    for game in games:
        pgn.write_game(game, expected)
    handle = io.StringIO()
    exporter = pgn.FileExporter(handle)
    written = [game.accept(exporter) for game in games]
    assert handle.getvalue() == expected.getvalue()
    assert sum(written) == len(handle.getvalue())
    assert written[0] == len(str(games[0])) + 2


def count_games(text: str, visitor: Callable[[], pgn.BaseVisitor[object]]) -> int:
    """How many games ``visitor`` finds in ``text``."""
    handle = io.StringIO(text)
    count = 0
    while pgn.read_game(handle, visitor) is not None:
        count += 1
    return count


def test_write_game_writes_nothing_of_a_game_it_cannot_set_up() -> None:
    game = pgn.Game()
    game.add_variation(Move.from_uci("a2b4"))
    game.headers["FEN"] = "not a fen"
    handle = io.StringIO()
    with pytest.raises(ValueError):
        pgn.write_game(game, handle)
    assert handle.getvalue() == ""
    game.variations.clear()
    pgn.write_game(game, handle)
    assert handle.getvalue().endswith('[FEN "not a fen"]\n\n*\n\n')


def tree_convert(text: str, *, fen: bool = False) -> tuple[str, list[str]]:
    """What ``convert`` writes and reports, done the slow way: through game trees."""
    out, problems = [], []
    for game in read_all(text):
        problems += [str(e) for e in game.errors]
        try:
            final = game.end().board()
        except ValueError:
            continue
        game.update_result()
        out.append(final.fen() + "\n" if fen else f"{game}\n\n")
    return "".join(out), problems


class CountingSource(io.StringIO):
    """A source that counts the lines read from it."""

    lines_read = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.lines_read += 1
        return super().readline(-1 if size is None else size)


class WatchingDest(io.StringIO):
    """A destination that notes how far the source had been read at each write."""

    def __init__(self, source: CountingSource) -> None:
        super().__init__()
        self.source = source
        self.read_at: list[int] = []

    def write(self, text: str) -> int:
        self.read_at.append(self.source.lines_read)
        return super().write(text)


def test_convert_streams_many_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    chooser = random.Random(3)
    records = []
    for number in range(300):
        board = meiriqi.Board()
        for _ in range(chooser.randrange(30)):
            board.push(chooser.choice(board.legal_moves))
        game = pgn.Game.from_board(board)
        game.headers["Round"] = str(number)
        if number % 50 == 7:
            records.append(f'[Round "{number}"]\n\n1. Nb4 Zz9 *\n\n')
        else:
            records.append(f"{game}\n\n")
    text = "".join(records)
    expected, problems = tree_convert(text)
    expected_fens, _ = tree_convert(text, fen=True)

    def no_tree(self: pgn.GameNode) -> None:
        raise AssertionError("convert builds no game tree")

    monkeypatch.setattr(pgn.GameNode, "__init__", no_tree)
    source = CountingSource(text)
    dest = WatchingDest(source)
    assert pgn.convert(source, dest) == len(problems) == 6
    assert dest.getvalue() == expected
    assert capsys.readouterr().err.splitlines() == problems
    # One write per game, each as soon as the game has been read: never more than the game's
    # lines and the empty line after it ahead.
    assert len(dest.read_at) == 300
    ends = [record.count("\n") for record in records]
    for index, read_at in enumerate(dest.read_at):
        assert read_at <= sum(ends[: index + 1]) + 1

    fens = io.StringIO()
    assert pgn.convert(io.StringIO(text), fens, fen=True) == 6
    assert fens.getvalue() == expected_fens


def test_convert_matches_the_game_tree_on_damaged_records(
    capsys: pytest.CaptureFixture[str],
) -> None:
    chooser = random.Random(11)
    base = SAMPLE + "\n" + BROKEN
    for _ in range(60):
        text = base
        for _ in range(chooser.randrange(12)):
            cut = chooser.randrange(len(text) + 1)
            insert = chooser.choice(["", *'{}()[]"\\$!?;%*.\n\r x=#+-10'])
            text = text[:cut] + insert + text[cut + (insert == "") :]
        for fen in (False, True):
            expected, problems = tree_convert(text, fen=fen)
            out = io.StringIO()
            assert pgn.convert(io.StringIO(text), out, fen=fen) == len(problems)
            assert out.getvalue() == expected
            assert capsys.readouterr().err.splitlines() == problems
        # An exporter fed by the reader writes the movetext as the game tree would.
        handle = io.StringIO(text)
        games = read_all(text)
        for game in games:
            movetext = pgn.read_game(handle, lambda: pgn.StringExporter(headers=False))
            assert movetext == str(game).split("\n\n", 1)[1]
        # Visitors that skip find the same games.
        assert count_games(text, SkipAll) == count_games(text, Headlines) == len(games)


# -- regressions -----------------------------------------------------------------------------------


def nested_record(depth: int) -> str:
    """A game whose variations nest ``depth`` deep: each replaces the last move of the line it
    opens in, which is a move inside the variation before (the deepest line shuffles knights)."""
    shuffle = ["Nb4", "Nb7", "Na2", "Na9"]
    board = meiriqi.Board()

    def numbered(text: str, first: bool) -> str:
        if board.turn:
            return f"{board.fullmove_number}. {text}"
        return f"{board.fullmove_number}... {text}" if first else text

    words = [numbered(shuffle[0], True)]
    board.push_san(shuffle[0])
    for level in range(1, depth + 1):
        wanted = shuffle[level % 4]
        other = next(board.san(m) for m in board.legal_moves if board.san(m) != wanted)
        words += [numbered(other, False), "(" + numbered(wanted, True)]
        board.push_san(wanted)
    return " ".join(words) + ")" * depth + " *\n"


def test_deeply_nested_variations_are_read_and_written_without_recursion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Used to raise RecursionError in str(game) and in convert (about 1,000 levels were enough).
    depth = sys.getrecursionlimit() + 200
    text = nested_record(depth)
    (game,) = read_all(text)
    assert game.errors == []
    node: pgn.GameNode = game.variations[0]
    levels = 0
    while node.variations:
        if len(node.variations) > 1:
            levels += 1
            node = node.variations[1]
        else:
            node = node.variations[0]
    assert levels == depth
    written = str(game)
    assert " ".join(written.split()).endswith(")" * depth + " *")
    (again,) = read_all(written)
    assert again.errors == [] and str(again) == written
    assert str(game.accept(pgn.GameBuilder())) == written
    assert pgn.read_game(io.StringIO(text), Census) == {
        "main moves": 2,
        "side moves": 2 * depth - 1,
        "variations": depth,
        "nags": 0,
        "comments": 0,
        "errors": 0,
    }
    out = io.StringIO()
    assert pgn.convert(io.StringIO(text), out) == 0
    assert out.getvalue() == written + "\n\n"
    assert capsys.readouterr().err == ""


def test_parentheses_alone_in_a_comment_stay_apart() -> None:
    # Used to be glued to the next or previous word as a variation's parentheses are: the
    # comment "a ) b ( c" came back as "a) b (c" (found by the thorough round-trip profile).
    text = "1. Nb4 { a ) b ( c } (1. c4 { ( } 1... j6 { ) }) *"
    (game,) = read_all(text)
    assert str(game).endswith(f"\n\n{text}")
    nb4, c4 = game.variations
    assert (nb4.comment, c4.comment, c4.variations[0].comment) == ("a ) b ( c", "(", ")")
    (again,) = read_all(str(game))
    assert again.errors == [] and str(again) == str(game)


def test_huge_nag_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    # "$" and 5,000 digits used to raise ValueError (Python's limit on digits in int()).
    text = f'1. Nb4 ${"9" * 5000} j6 $256 $0003 $255 2. Nc6 *\n\n[Event "next"]\n\n1. Nb4 *\n'
    first, second = read_all(text)
    assert errors(first) == [(1, 8), (1, 5013)]
    assert "NAG $999999999... (5001 characters) is out of range (0-255)" in str(first.errors[0])
    assert "NAG $256 is out of range (0-255)" in str(first.errors[1])
    assert sans(first) == ["Nb4", "j6", "Nc6"]
    assert [node.nags for node in first.mainline()] == [set(), {3, 255}, set()]
    assert second.headers["Event"] == "next" and second.errors == []
    out = io.StringIO()
    assert pgn.convert(io.StringIO(text), out) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "line 1, column 8: NAG $999999999..." in err
    assert "1. Nb4 j6 $3 $255 2. Nc6 *" in out.getvalue()


MEMORY_PROBE = """
import io, resource, sys
import meiriqi.pgn as pgn
text = sys.stdin.read()
game = pgn.read_game(io.StringIO(text))
assert not game.errors, game.errors[:2]
assert pgn.read_game(io.StringIO(str(game))).errors == []
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_deep_nesting_is_read_and_written_in_memory_that_grows_linearly() -> None:
    # A 60 KB record nested 6,600 deep used to take 874 MB: each open variation held a board
    # with the whole move stack. Now reading holds one board whatever the nesting.
    def peak_megabytes(depth: int) -> int:
        text = "1. Nb4 " + "(1. Nb4 " * depth + ")" * depth + " *\n"
        done = subprocess.run(
            [sys.executable, "-c", MEMORY_PROBE],
            input=text,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return int(done.stdout)

    small, large = peak_megabytes(10), peak_megabytes(6_600)
    assert large - small < 60, (small, large)


def test_untagged_records_are_read_as_the_variant_asked_for() -> None:
    board = meiriqi.Board(variant="chess")
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        board.push_san(san)
    text = '[Event "from elsewhere"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n'
    for variant in ("chess", "Chess", meiriqi.Variant("chess")):
        game = pgn.read_game(io.StringIO(text), variant=variant)
        assert game is not None and game.errors == []
        assert game.headers["Variant"] == "Chess" and game.variant() == "chess"
        assert game.end().board().fen() == board.fen()
    rewritten = pgn.read_game(io.StringIO(text), pgn.StringExporter, variant="chess")
    assert rewritten is not None
    assert '[Variant "Chess"]' in rewritten and rewritten.endswith("3. Bb5 *")
    # A tag in the record wins over the variant asked for, and by default untagged is Mĕirìqí.
    tagged = '[Variant "Meiriqi"]\n\n1. Nb4 *\n'
    read = [pgn.read_game(io.StringIO(tagged), variant="chess"), pgn.read_game(io.StringIO(text))]
    assert [None if game is None else game.errors == [] for game in read] == [True, False]
    with pytest.raises(ValueError, match="unsupported variant"):
        pgn.read_game(io.StringIO(text), variant="no such game")


def test_a_line_too_long_is_an_error_and_the_rest_is_left_out() -> None:
    long_comment = "{" + "x" * 1_200_000 + "}"
    text = f'[Event "long"]\n\n1. Nb4 {long_comment} j6 *\n\n[Event "next"]\n\n1. Nb4 *\n'
    first, second = read_all(text)
    assert [(e.line, e.column) for e in first.errors][:1] == [(3, 1_000_001)]
    assert "longer than 1000000 characters" in str(first.errors[0])
    assert second.headers["Event"] == "next" and second.errors == []


@pytest.mark.parametrize(
    ("tag", "variant", "moves"),
    [
        ("Standard", "chess", "1. e4 e5 2. Nf3"),
        ("Chess", "chess", "1. e4 e5 2. Nf3"),
        ("From Position", "chess", "1. e4 e5 2. Nf3"),
        ("Xiangqi", "xiangqi", "1. Che3 Cbe8"),
        ("chinese chess", "xiangqi", "1. Che3 Cbe8"),
        ("Shogi", "shogi", "1. Ke2 Kd8"),
    ],
)
def test_the_variant_tags_other_programs_write_are_understood(
    tag: str, variant: str, moves: str
) -> None:
    text = f'[Event "elsewhere"]\n[Variant "{tag}"]\n\n{moves} *\n'
    game = pgn.read_game(io.StringIO(text))
    assert game is not None and game.errors == [], game.errors if game else None
    assert game.variant() == variant and pgn.variant_name(tag) == variant
    assert len(game.mainline_moves()) == len([m for m in moves.split() if "." not in m])
    assert game.end().board().variant_name == variant
