"""Game records: the game tree, headers, writing, reading with error recovery, convert."""

from __future__ import annotations

import io
import random

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
    node.parent.add_variation(Move.from_uci("a8a7"), starting_comment="or")  # type: ignore[union-attr]
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
[Variant "Chess"]

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
    assert errors(six) == [(23, 11)] and "unsupported variant 'Chess'" in str(six.errors[0])
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
