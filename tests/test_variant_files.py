"""Variant files: loading from a path and from text, every kind of mistake named by
file, line and field, every built-in variant's file read back as the same game, a loaded
variant's boards in a process pool, the worked example of docs/variants.md, the command line
(``--variant-file``, ``meiriqi variant``) and a fuzz test of the loader.

A variant loaded in a process stays loaded, and its name and title are then taken: loading
another text under the same name or title is refused. So each distinct text below gets a name
and title of its own (:func:`renamed`), and the fuzz test names every mutant after its hash.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import io
import multiprocessing
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from protocol_driver import EngineProcess
from variant_text import renamed

import meiriqi
from meiriqi import (
    InvalidVariantError,
    Variant,
    display,
    guide,
    pgn,
    reach,
    repl,
    selfplay,
    xboard_setup,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "gryphon-cannon.toml"
"""The worked example of docs/variants.md."""

BUILT_IN = list(meiriqi.Board.variants())


def retitled(text: str, title: str) -> str:
    """``text`` (a variant file) with its title set to ``title`` (as written in TOML's quotes),
    and, unless it was renamed before, a name of its own after the title."""
    if 'name = "gryphon-cannon"' in text:
        text = renamed(text, "titled-" + hashlib.sha256(title.encode()).hexdigest()[:12])
    line = f'title = "{title}"'
    return re.sub(r'^title = ".*"$', lambda _: line, text, count=1, flags=re.MULTILINE)


def example_text() -> str:
    """The worked example's file."""
    return EXAMPLE.read_text(encoding="utf-8")


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGV`` as a subprocess; checks that it did not crash."""
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


# -- loading ---------------------------------------------------------------------------------------


def test_load_reads_a_file_and_from_toml_the_same_text() -> None:
    loaded = Variant.load(EXAMPLE)
    assert (loaded.name, loaded.title) == ("gryphon-cannon", "Gryphon and Cannon")
    assert (loaded.files, loaded.ranks, loaded.is_builtin) == (6, 6, False)
    assert loaded.starting_fen == "cnyknc/pppppp/6/6/PPPPPP/CNYKNC w - - 0 1"
    assert loaded.source == example_text()
    assert Variant.from_toml(example_text(), file="again.toml") == loaded
    assert Variant("gryphon-cannon") == loaded
    board = meiriqi.Board(variant="gryphon-cannon")
    assert board.variant_name == "gryphon-cannon" and board.variant_title == "Gryphon and Cannon"
    names = [meiriqi.piece_name(kind, variant=loaded) for kind in loaded.piece_types]
    assert names == ["king", "gryphon", "cannon", "knight", "pawn"]
    assert all(text.endswith(".") for text in loaded.piece_descriptions.values())


def test_unreadable_files_raise_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Variant.load(tmp_path / "missing.toml")
    with pytest.raises(OSError):
        Variant.load(tmp_path)


def test_a_file_that_is_not_text_is_a_mistake(tmp_path: Path) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(InvalidVariantError, match=r"binary\.toml: the file is not UTF-8 text"):
        Variant.load(path)


def test_text_that_is_not_unicode_is_a_mistake() -> None:
    with pytest.raises(InvalidVariantError, match=r"mine\.toml: the text is not valid Unicode"):
        Variant.from_toml('name = "\ud800"', file="mine.toml")


MISTAKES = [
    # (what the example's text becomes, where and what the error says)
    (("\nfiles = 6", "\ncolour = 1\nfiles = 6"), "line 11, column 1: unknown field `colour`"),
    (("files = 6", "files = 13"), "line 11, column 9: files: 13 is not a board size (1 to 12)"),
    (("ranks = 6", "ranks = 1000"), "line 12, column 9: invalid value: integer `1000`"),
    (("ranks = 6", 'ranks = "six"'), "line 12, column 9: invalid type: string"),
    (("{ leap = [2, 1] }", "{ jump = [2, 1] }"), "column 12: unknown field `jump`"),
    (("{ leap = [2, 1] }", "{ leap = [0, 0] }"), "pieces[4] (knight): moves: leap: [0, 0] is not"),
    (("{ leap = [2, 1] }", "{ leap = [2, 1], ride = [1, 0] }"), "give exactly one of leap"),
    (("moves = [{ leap = [2, 1] }]", "moves = []"), "pieces[4] (knight): the piece has no moves"),
    (('symbol = "N"', 'symbol = "Y"'), 'two pieces are written "Y"'),
    (('symbol = "N"', 'symbol = "n"'), '"n" is not a piece symbol'),
    (("cnyknc/pppppp/6/6", "cnyknc/pppppp/6/6/6"), "line 14, column 9: "),
    (('home = "b1-e2"', 'home = "b1-g2"'), 'line 18, column 8: regions.home: "b1-g2" lies partly'),
    (('home = "b1-e2"', 'home = "b1-e2 z0"'), 'regions.home: "z0" is not a square'),
    (('confined-to = "home"', 'confined-to = "house"'), 'confined-to: "house" is not a square'),
    (('to = ["Y", "C", "N"]', 'to = ["Y", "Q"]'), 'names "Q", which is no piece of it'),
    (('roles = ["royal"]', "roles = []"), "it has 0 royal kinds; exactly one is needed"),
    (('roles = ["royal"]', 'roles = ["emperor"]'), "unknown variant `emperor`"),
    (('stalemate = "loses"', 'stalemate = "wins"'), "unknown variant `wins`"),
    (('name = "gryphon-cannon"', 'name = "Gryphon Cannon"'), 'line 8, column 8: name: "Gryphon'),
    (('name = "gryphon-cannon"', 'extends = "chesss"'), 'extends: "chesss" is no built-in'),
    (('name = "gryphon-cannon"', 'name = "chess"'), 'name: another variant is called "chess"'),
    (('name = "gryphon-cannon"', ""), "my.toml: name: missing"),
    (("[rules]", "[rules"), "line 20, column"),
    # A step of the wrong length is an error naming its key, never cut to size.
    (("{ leap = [2, 1] }", "{ leap = [1, 0, 5, 7, 99999] }"), "leap: [1, 0, 5, 7, 99999] is not"),
    (("{ leap = [2, 1] }", "{ leap = [2] }"), "pieces[4] (knight): moves: leap: [2] is not a step"),
    (("{ leap = [2, 1] }", "{ ride = [1, 0, 0] }"), "moves: ride: [1, 0, 0] is not a step"),
    (("{ leap = [2, 1] }", "{ leap = [2, 1], through = [1] }"), "through: [1] is not a step"),
    (("{ bent = [[1, 1], [1, 0]] }", "{ bent = [[1, 1]] }"), "bent: [[1, 1]] is not two steps"),
    (("{ bent = [[1, 1], [1, 0]] }", "{ bent = [[1, 1], [1, 0, 1]] }"), "bent: [1, 0, 1] is not"),
    (("{ leap = [2, 1] }", "{ crooked = [[0, 1], [1, 1], [2, 2]] }"), "crooked: [[0, 1], [1, 1], "),
    # What a key would change silently is refused.
    (("{ leap = [2, 1] }", "{ leap = [2, 1], limit = 3 }"), "limit goes with ride, bent and"),
    (("{ leap = [2, 1] }", '{ leap = [2, 1], mode = "hop" }'), 'mode "hop" goes with ride'),
    (("{ leap = [2, 1] }", "{ leap = [2, 1], on-rank = 7 }"), "on-rank: 7 is beyond the board's 6"),
    (("{ leap = [2, 1] }", "{ leap = [2, 1], from-rank = 9 }"), "from-rank: 9 is beyond"),
    # A promotion or a hand that would make a second King, or a hand FEN cannot write.
    (('to = ["Y", "C", "N"]', 'to = ["Y", "K"]'), "the promotion of the pawn names the royal king"),
    (('roles = ["royal"]', 'roles = ["royal"]\npromotion = { to = ["Y"] }'), "king is royal and"),
    # A leap to where a hop lands: the same move twice when a screen stands between.
    (
        (
            "moves = [{ leap = [2, 1] }]",
            'moves = [{ leap = [2, 2] }, { ride = [1, 1], mode = "hop" }]',
        ),
        "pieces[4] (knight): two of its moves reach (",
    ),
    # Betza that Fairy-Stockfish reads otherwise (Black's moves turned, not mirrored).
    (("moves = [{ leap = [2, 1] }]", 'betza = "frN"'), "'frN' moves differently to the left"),
    (("moves = [{ leap = [2, 1] }]", 'betza = "frN"'), 'black-moves = "rotated"'),
    (("moves = [{ leap = [2, 1] }]", 'betza = "fRrbBlbF"'), "'rbB' moves differently to the"),
    (("moves = [{ leap = [2, 1] }]", 'betza = "nH"'), "'nH' is a lame leap through 2 squares"),
    # The movement keys of hoppers, lame leaps and regions.
    (
        ("{ leap = [2, 1] }", '{ ride = [1, 0], hop = "behind", mode = "hop" }'),
        "hop goes with mode move-or-capture, move-only or capture-only",
    ),
    (("{ leap = [2, 1] }", '{ leap = [2, 1], hop = "behind" }'), "hop goes with ride, bent"),
    (
        ("{ leap = [2, 1] }", "{ leap = [1, 1], through = [[0, 1], [0, 1], [0, 1]] }"),
        "through: [[0, 1], [0, 1], [0, 1]] is not a step [x, y] nor a list of at most 2 steps",
    ),
    (("{ leap = [2, 1] }", '{ leap = [2, 1], within = "x" }'), 'within: "x" is not a square'),
    (('confined-to = "home"', 'screen-not = ["Q"]'), 'not jumped of the king names "Q"'),
    (('confined-to = "home"', 'captures-not = ["K"]'), "captures-not names the royal king"),
    (('confined-to = "home"', 'san-synonyms = ["Ki"]'), 'san-synonyms: "Ki" is not one capital'),
    (('stalemate = "loses"', 'black-moves = "turned"'), "unknown variant `turned`"),
]


@pytest.mark.parametrize(("change", "expected"), MISTAKES)
def test_each_mistake_names_the_file_the_line_and_the_field(
    change: tuple[str, str], expected: str
) -> None:
    old, new = change
    text = example_text()
    assert old in text
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(text.replace(old, new, 1), file="my.toml")
    message = str(error.value)
    assert message.startswith("my.toml") and expected in message, message
    assert isinstance(error.value, ValueError)


def test_the_catalog_offers_the_built_in_variants_then_the_loaded_ones() -> None:
    loaded = Variant.from_toml(renamed(example_text(), "offered-last"))
    offered = Variant.offered()
    assert [variant.name for variant in offered[: len(BUILT_IN)]] == BUILT_IN
    assert offered[len(BUILT_IN) :] == Variant.loaded()
    assert offered[-1] == loaded
    assert all(variant.is_builtin for variant in offered[: len(BUILT_IN)])


def test_a_name_is_taken_once_loaded() -> None:
    text = renamed(example_text(), "taken-name")
    first = Variant.from_toml(text)
    assert Variant.from_toml(text) == first
    other = text.replace("value = 300", "value = 301")
    with pytest.raises(InvalidVariantError, match='another variant is called "taken-name"'):
        Variant.from_toml(other, file="other.toml")


@pytest.mark.parametrize(
    "title",
    ["yangqi", "Yangqi", "Chess", "CHESS", "chess", "Yang Qi", "yang qi (chinese setup)", "Shogi"],
)
def test_a_title_may_not_be_another_variants_name_or_title(title: str) -> None:
    # Game records look a variant up by name or title in any case: "Chess" would read back as
    # chess, "yangqi" as Yang Qi.
    text = retitled(example_text(), title)
    with pytest.raises(InvalidVariantError, match="line 9, column 9: title: another variant is"):
        Variant.from_toml(text, file="my.toml")


def test_a_title_or_name_may_not_be_a_loaded_variants() -> None:
    def titled(name: str, title: str) -> str:
        return retitled(renamed(example_text(), name), title)

    first = Variant.from_toml(titled("first-of-two", "First of Two"))
    with pytest.raises(
        InvalidVariantError, match='title: another variant is called "First of Two"'
    ):
        Variant.from_toml(titled("second-of-two", "First of Two"))
    with pytest.raises(InvalidVariantError, match='called "first-of-two"; names and titles are'):
        Variant.from_toml(titled("second-of-two", "FIRST-OF-TWO"))
    with pytest.raises(InvalidVariantError, match='name: another variant is called "first-of-two"'):
        Variant.from_toml(titled("first-of-two", "Second of Two"))
    Variant.from_toml(titled("name-three", "Third"))
    clash = 'name: another variant is called "Third" \\(a title or alias of'
    with pytest.raises(InvalidVariantError, match=clash):
        Variant.from_toml(titled("third", "Fourth"))
    assert Variant.from_toml(titled("second-of-two", "Second of Two")).title == "Second of Two"
    assert first.title == "First of Two"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (r"Two\nlines", r"title: '\n' is a control character"),
        (r"Tab\there", r"title: '\t' is a control character"),
        (r"Null\u0000", r"title: '\0' is a control character"),
        ("Mĕirìqí-like", "title: 'ĕ' is not printable ASCII"),
        (" Padded", 'title: " Padded" is empty or has spaces at its ends'),
        ("", 'title: "" is empty'),
        ("x" * 65, "title: longer than 64 characters"),
    ],
)
def test_a_title_is_one_line_of_printable_ascii(value: str, expected: str) -> None:
    text = retitled(example_text(), value)
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(text, file="my.toml")
    assert str(error.value).startswith("my.toml, line 9, column 9: " + expected), error.value


def test_a_description_and_a_piece_name_are_one_line() -> None:
    text = renamed(example_text(), "one-line-description")
    described = text.replace('description = "Meiriqi', 'description = "Two\\nlines: Meiriqi')
    with pytest.raises(InvalidVariantError, match=r"line 10, column 15: description: '\\n' is a"):
        Variant.from_toml(described, file="my.toml")
    piece = text.replace('name = "knight"', 'name = "knight\\r"')
    with pytest.raises(InvalidVariantError, match=r"pieces\[4\] \(knight\\r\): name: '\\r' is a"):
        Variant.from_toml(piece, file="my.toml")


def test_a_titled_variant_saves_and_reads_back_its_games() -> None:
    variant = Variant.from_toml(retitled(example_text(), "Record Keeper"))
    board = meiriqi.Board(variant=variant)
    board.push_uci("a2a3")
    game = pgn.Game.from_board(board)
    text = str(game)
    assert '[Variant "Record Keeper"]' in text
    read = pgn.read_game(io.StringIO(text))
    assert read is not None and read.board().variant_name == variant.name


SHOGI_SILVER_ALWAYS = """\
extends = "shogi"
name = "shogi-silver-always"
title = "Shogi, Silvers promote at once"

[[pieces]]
name = "silver"
symbol = "S"
value = 450
to-hand = "S"
promotion = { to = ["+S"], compulsory = "always" }
betza = "FfW"
"""
"""A Shogi whose Silver must promote on any move that starts or ends in the far three ranks."""


def test_a_piece_dropped_where_it_must_promote_stands_legally() -> None:
    variant = Variant.from_toml(SHOGI_SILVER_ALWAYS)
    board = meiriqi.Board("4k4/9/9/9/9/9/9/9/4K4[S] w - - 0 1", variant=variant)
    drop = board.parse_uci("S@e7")
    assert drop in board.legal_moves  # as Fairy-Stockfish allows it
    board.push(drop)
    # Read back: the Silver can still move (each of its moves promotes), so it stands legally.
    again = meiriqi.Board(board.fen(), variant=variant)
    assert again.fen() == board.fen() == "4k4/9/4S4/9/9/9/9/9/4K4[] b - - 0 1"
    again.push_uci("e9d9")
    silver = [move.uci() for move in again.legal_moves if move.uci().startswith("e7")]
    assert silver and all(uci.endswith("+") for uci in silver), silver
    for move in list(again.legal_moves):
        again.push(move)
        assert meiriqi.Board(again.fen(), variant=variant).fen() == again.fen()
        again.pop()


def test_a_shogi_child_may_not_put_a_king_or_a_promoted_piece_in_hand() -> None:
    for symbol, expected in [
        ("K", "the hand of the silver names the royal king: a side may have only one"),
        ("+S", 'the hand of the silver names "+S", a promoted kind: a hand holds unpromoted'),
    ]:
        text = SHOGI_SILVER_ALWAYS.replace('to-hand = "S"', f'to-hand = "{symbol}"')
        text = text.replace("shogi-silver-always", f"shogi-silver-{len(symbol)}")
        with pytest.raises(InvalidVariantError) as error:
            Variant.from_toml(text, file="my.toml")
        assert str(error.value).startswith("my.toml, line 5, column 1: "), error.value
        assert expected in str(error.value)


@pytest.mark.parametrize(
    ("letter", "expected"),
    [
        ("K", "two wings have the castling letter 'K'"),
        ("k", "the castling letter 'k' is not an uppercase letter"),
        ("1", "the castling letter '1' is not an uppercase letter"),
    ],
)
def test_castling_letters_are_distinct_uppercase_letters(letter: str, expected: str) -> None:
    # "k" and "1" could not be told from Black's rights: Kk1 read back otherwise.
    text = renamed(Variant("chess").source, f"castling-{ord(letter)}")
    text = text.replace('letter = "Q"', f'letter = "{letter}"').replace("KQkq", "-")
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(text, file="my.toml")
    castling = text.splitlines().index("[castling]") + 1
    assert str(error.value).startswith(f"my.toml, line {castling}, column 1: "), error.value
    assert expected in str(error.value)


def test_a_hand_order_names_each_kind_once() -> None:
    # Named twice, a kind was written twice in FEN: [PP] read back as four Pawns.
    text = 'extends = "shogi"\nname = "twice"\ntitle = "Twice"\n[rules]\nhand-order = ["P", "P"]\n'
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(text, file="my.toml")
    assert str(error.value) == (
        'my.toml, line 5, column 14: variant "twice": the hand order names "P" twice'
    )


# -- extends ---------------------------------------------------------------------------------------

MULTI_BYTE_COMMENT = "# " + "ŝ" * 300 + "\n"
"""A line of multi-byte characters: after it, positions in bytes and in characters differ."""

SMALL_START = "4k/5/5/5/K4 w - - 0 1"
"""A start for a 5x5 board."""


def small_child(parent: str) -> str:
    """A file extending ``parent`` on a 5x5 board, after a line of multi-byte characters."""
    return (
        MULTI_BYTE_COMMENT
        + f'extends = "{parent}"\nname = "small-{parent}"\ntitle = "Small {parent}"\n'
        + f'files = 5\nranks = 5\nstart = "{SMALL_START}"\n'
    )


def assert_placed(message: str, file: str, text: str) -> str | None:
    """Checks that ``message``, an error about ``text`` (called ``file``), is placed in it, at a
    line and column that exist; an inherited mistake at the ``extends`` line, naming the variant,
    line and column it comes from, where a value starts. Returns that variant's text from there
    on (``None`` for a mistake in ``text`` itself)."""
    place = re.match(rf"{re.escape(file)}, line (\d+), column (\d+): ", message)
    assert place, message
    line, column = int(place[1]), int(place[2])
    lines = text.split("\n")
    assert line <= len(lines) and column <= len(lines[line - 1]) + 1, message
    inherited = re.search(r' \(inherited from "([a-z-]+)", line (\d+), column (\d+)\)$', message)
    if inherited is None:
        return None
    assert re.match(r'\s*extends\s*=\s*"$', lines[line - 1][:column]), message
    parent_line = Variant(inherited[1]).source.split("\n")[int(inherited[2]) - 1]
    written = parent_line[int(inherited[3]) - 1 :]
    assert written[:1] in ('"', "{", "["), (message, parent_line)  # where a value starts
    return written


@pytest.mark.parametrize("parent", BUILT_IN)
def test_a_child_on_a_smaller_board_is_placed_in_its_own_text(parent: str) -> None:
    text = small_child(parent)
    try:
        Variant.from_toml(text, file="small.toml")
    except InvalidVariantError as error:
        assert_placed(str(error), "small.toml", text)


@pytest.mark.parametrize(
    ("parent", "origin", "what", "written"),
    [
        ("chess", "chess", 'castling: rook-region: "h1" lies partly off the board', '"h1"'),
        ("xiangqi", "xiangqi", 'regions.own-half: "a1-i5" lies partly off the', '"a1-i5"'),
        ("meiriqi", "meiriqi", 'regions.fortress: "h1-j3" lies partly off the', '"h1-j3"'),
        ("wildeurasian-bestiary", "wildeurasian-bestiary", "regions.own-half: ", '"a1-l6"'),
        ("yangqi-chinesepawns", "yangqi-chinesepawns", "from-rank: 6 is beyond", "{ leap"),
        ("wildeurasian-mitregi-korean", "wildeurasian-mitregi", "regions.own-half", '"a1-l6"'),
    ],
)
def test_an_inherited_mistake_is_placed_at_extends(
    parent: str, origin: str, what: str, written: str
) -> None:
    text = small_child(parent)
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(text, file="small.toml")
    message = str(error.value)
    assert message.startswith("small.toml, line 2, column 11: "), message
    assert what in message and f'(inherited from "{origin}", line ' in message, message
    there = assert_placed(message, "small.toml", text)
    assert there is not None and there.startswith(written), (message, there)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (small_child("chess"), "line 2, column 11: castling: rook-region: "),
        ('extends = "xiangqi"\nname = "untitled"\n', "line 1, column 11: title: another"),
        (retitled(example_text(), r"Two\nlines"), r"line 9, column 9: title: '\n' is a control"),
        (example_text().replace('home = "b1-e2"', '"ho\\nme" = "b1-z2"'), r"regions.ho\nme: "),
        (
            example_text().replace('name = "knight"', 'name = "kni\\u2028ght"'),
            r"(kni\u{2028}ght): name: '\u{2028}' is a",
        ),
        (example_text().replace("{ leap = [2, 1] }", "{ leap = [2, 1, 3] }"), "leap: [2, 1, 3] is"),
    ],
)
def test_variant_check_prints_a_mistake_on_one_line(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "mistake.toml"
    path.write_text(text, encoding="utf-8")
    result = run("variant", "check", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"meiriqi variant: {path}, line ") and expected in result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr


def test_a_file_may_extend_a_variant_that_extends_another() -> None:
    text = (
        'extends = "yangqi-berolina"\nname = "berolina-grandchild"\n'
        'title = "Yang Qi (Berolina grandchild)"\ndescription = "Yang Qi, Berolina pawns"\n'
    )
    variant = Variant.from_toml(text)
    berolina = Variant("yangqi-berolina")
    assert variant.starting_fen == berolina.starting_fen
    assert variant.piece_descriptions == berolina.piece_descriptions
    board, parent = meiriqi.Board(variant=variant), meiriqi.Board(variant="yangqi-berolina")
    assert [board.perft(depth) for depth in (1, 2)] == [parent.perft(depth) for depth in (1, 2)]
    titled = text.replace("berolina-grandchild", "berolina-untitled").replace("title = ", "#")
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml(titled, file="my.toml")
    assert str(error.value) == (
        'my.toml, line 1, column 11: title: another variant is called "Yang Qi (Berolina pawns)" '
        '(a title or alias of "yangqi-berolina") '
        '(inherited from "yangqi-berolina", line 8, column 9)'
    )


def test_from_toml_given_a_path_points_to_load() -> None:
    with pytest.raises(InvalidVariantError, match=r"looks like a file's path: Variant\.load"):
        Variant.from_toml(str(EXAMPLE))
    with pytest.raises(InvalidVariantError, match=r"looks like a file's path: Variant\.load"):
        Variant.from_toml("my-variant.toml")
    with pytest.raises(TypeError, match=r"Variant\.load\(path\) reads a file"):
        Variant.from_toml(EXAMPLE)  # type: ignore[arg-type]
    with pytest.raises(InvalidVariantError) as error:
        Variant.from_toml('name = "x"\nfiles = [')
    assert "Variant.load" not in str(error.value)


# -- every built-in variant's file -----------------------------------------------------------------


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_built_in_file_reads_back_as_the_same_game(name: str) -> None:
    built_in = Variant(name)
    assert built_in.is_builtin and f'name = "{name}"' in built_in.source
    copy = Variant.from_toml(renamed(built_in.source, f"copy-of-{name}"), file=f"{name}.toml")
    assert not copy.is_builtin and copy.title == f"copy-of-{name}"
    for attribute in ("description", "files", "ranks", "starting_fen", "piece_types"):
        assert getattr(copy, attribute) == getattr(built_in, attribute), attribute
    assert copy.piece_descriptions == built_in.piece_descriptions
    symbols = [meiriqi.piece_symbol(kind, variant=name) for kind in built_in.piece_types]
    assert [meiriqi.piece_symbol(kind, variant=copy) for kind in copy.piece_types] == symbols
    original, copied = meiriqi.Board(variant=name), meiriqi.Board(variant=copy)
    for depth in (1, 2, 3):
        assert copied.perft(depth) == original.perft(depth), depth


# -- a process pool --------------------------------------------------------------------------------


def _count(board: meiriqi.Board, depth: int) -> tuple[str, int]:
    """The variant and perft of ``board``, in a worker process."""
    return board.variant_name, board.perft(depth)


def test_a_loaded_variants_board_goes_through_a_process_pool() -> None:
    variant = Variant.load(EXAMPLE)
    board = meiriqi.Board(variant=variant)
    board.push_uci("a1a5")
    # A spawned worker starts afresh: it learns the variant from the pickled board alone.
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        name, count = pool.submit(_count, board, 2).result(timeout=120)
    assert (name, count) == ("gryphon-cannon", board.perft(2))


def test_self_play_of_a_loaded_variant_in_a_fresh_worker() -> None:
    # What selfplay and match hand their workers (a Ray worker, too, starts afresh).
    settings = selfplay.GameSettings(seed=7, depth=1, max_plies=6, variant=Variant.load(EXAMPLE))
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        there = pool.submit(selfplay.play_round, (settings, 1)).result(timeout=120)
    assert there == selfplay.play_round((settings, 1))
    assert '[Variant "' in str(there)


# -- the worked example ----------------------------------------------------------------------------


def test_the_worked_example_counts_as_worked_out_by_hand() -> None:
    board = meiriqi.Board(variant=Variant.load(EXAMPLE))
    # White's first moves, by hand: each of the six Pawns steps forward (a3-f3); the Knights
    # leap b1-a3, b1-c3, e1-d3, e1-f3 (their other leaps land on their own Pawns); each Cannon
    # jumps its Pawn and captures the first piece beyond, Black's a5/f5 Pawn (it cannot move
    # quietly: its Pawn and its Knight block it); the Gryphon's diagonal steps and the King's
    # steps all land on White's own pieces. 6 + 4 + 2 = 12.
    pawns = ["a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3"]
    knights = ["b1a3", "b1c3", "e1d3", "e1f3"]
    cannons = ["a1a5", "f1f5"]
    assert sorted(board.perft_divide(1)) == sorted(pawns + knights + cannons)
    assert board.perft(1) == 12
    # Deeper, the engine's counts, pinned (Black's replies are the mirror image of these 12,
    # less those the first move takes away or adds).
    assert [board.perft(depth) for depth in (2, 3)] == [142, 1887]


def test_a_piece_may_be_given_in_betza_notation() -> None:
    text = example_text().replace("moves = [{ leap = [2, 1] }]", 'betza = "N"')
    variant = Variant.from_toml(renamed(text, "gryphon-cannon-betza"))
    board = meiriqi.Board(variant=variant)
    assert [board.perft(depth) for depth in (1, 2, 3)] == [12, 142, 1887]


def test_docs_show_the_worked_example_as_it_is() -> None:
    document = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```toml\n(.*?)^```", document, flags=re.MULTILINE | re.DOTALL)
    text = example_text()
    assert text[text.index('name = "gryphon-cannon"') :] in blocks


def test_a_piece_without_about_gets_the_guides_fallback() -> None:
    text = re.sub(r'^about = "Leaps.*\n', "", example_text(), flags=re.MULTILINE)
    variant = Variant.from_toml(renamed(text, "gryphon-cannon-quiet"))
    knight = guide.find(variant.name, "N")
    assert variant.piece_descriptions[knight.kind] == ""
    assert knight.movement == guide.NO_ABOUT


# -- the command line ------------------------------------------------------------------------------


def test_variant_check_prints_what_it_understood() -> None:
    result = run("variant", "check", str(EXAMPLE))
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith(f"{EXAMPLE}: a valid variant file\n")
    assert "gryphon-cannon: Gryphon and Cannon, 6x6" in out
    for title in ("King (K) [royal]", "Gryphon (Y)", "Cannon (C)", "Knight (N)", "Pawn (P) [pawn]"):
        assert title in out
    assert "with screens (#)" in out  # the Cannon's second diagram
    assert "Start: cnyknc/pppppp/6/6/PPPPPP/CNYKNC w - - 0 1" in out
    assert re.search(r"perft 1: 12 \(\d+\.\d{3} s\)\nperft 2: 142 .*\nperft 3: 1887 ", out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["variant", "check", "missing.toml"], "meiriqi variant: cannot read 'missing.toml': "),
        (["perft", "1", "--variant-file", "missing.toml"], "meiriqi perft: cannot read"),
        (["variant", "check", "BAD"], "meiriqi variant: BAD, line 1, column 6: "),
        (["variant", "check", "docs"], "meiriqi variant: cannot read 'docs': "),
        (["convert", "-", "--variant-file", "BAD"], "meiriqi convert: BAD, line 1"),
        (["uci", "--variant-file", "BAD"], "meiriqi uci: BAD, line 1"),
        (["xboard", "--variant-file", "BAD"], "meiriqi xboard: BAD, line 1"),
        (["--variant-file", "BAD"], "meiriqi play: BAD, line 1"),
        (["variant", "show", "nonesuch"], "meiriqi variant: unsupported variant 'nonesuch'"),
    ],
)
def test_a_bad_variant_file_is_a_clear_error(tmp_path: Path, argv: list[str], message: str) -> None:
    bad = tmp_path / "notes.toml"
    bad.write_text("Some notes, not a variant file.\n", encoding="utf-8")
    result = run(*(str(bad) if arg == "BAD" else arg for arg in argv))
    expected = message.replace("BAD", str(bad))
    assert result.returncode == 2 and result.stderr.startswith(expected), result.stderr


def test_a_file_with_a_mistake_is_reported_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "wide.toml"
    path.write_text(example_text().replace("files = 6", "files = 13"), encoding="utf-8")
    result = run("selfplay", "--variant-file", str(path))
    assert result.returncode == 2
    assert result.stderr == (
        f"meiriqi selfplay: {path}, line 11, column 9: files: 13 is not a board size (1 to 12)\n"
    )


def test_variant_list_and_show() -> None:
    listing = run("variant", "list")
    assert listing.returncode == 0
    assert listing.stdout == run("--variant", "list").stdout
    assert all(name in listing.stdout for name in BUILT_IN)
    loaded = run("--variant", "list", "--variant-file", str(EXAMPLE))
    assert loaded.stdout.startswith(listing.stdout) and "gryphon-cannon" in loaded.stdout
    shown = run("variant", "show", "Yang Qi (Berolina pawns)")
    assert shown.returncode == 0 and shown.stdout == Variant("yangqi-berolina").source


def test_perft_and_play_take_a_variant_file() -> None:
    assert run("perft", "2", "--variant-file", str(EXAMPLE)).stdout == "142\n"
    # --variant still chooses, the file's variant being offered besides.
    assert run("perft", "1", "--variant-file", str(EXAMPLE), "--variant", "chess").stdout == "20\n"
    played = run("--variant-file", str(EXAMPLE), "--no-color", stdin="fen\n")
    assert played.returncode == 0, played.stderr
    assert "cnyknc/pppppp/6/6/PPPPPP/CNYKNC w - - 0 1" in played.stdout


def test_selfplay_records_convert_with_the_variant_file(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    args = ["--games", "2", "--time", "0.02", "--max-plies", "8", "--seed", "1"]
    result = run("selfplay", "--variant-file", str(EXAMPLE), *args, "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").count('[Variant "Gryphon and Cannon"]') == 2
    converted = run("convert", str(out), "--fen", "--variant-file", str(EXAMPLE))
    assert converted.returncode == 0 and len(converted.stdout.splitlines()) == 2
    unknown = run("convert", str(out), "--fen")
    assert unknown.returncode == 1 and "unsupported variant 'Gryphon and Cannon'" in unknown.stderr


def test_the_protocols_offer_the_loaded_variant() -> None:
    xboard = run(
        "xboard",
        "--variant-file",
        str(EXAMPLE),
        stdin="xboard\nprotover 2\nvariant gryphon-cannon\nquit\n",
    )
    assert re.search(r'variants="[^"]*,gryphon-cannon"', xboard.stdout), xboard.stdout
    assert "6x6+0_shatranj cnyknc/pppppp/6/6/PPPPPP/CNYKNC w 0 1" in xboard.stdout
    # The count is read before 'quit', which would end it unfinished.
    uci = EngineProcess("uci", "--variant-file", str(EXAMPLE))
    uci.send("uci")
    (variants,) = [line for line in uci.until("uciok") if "name UCI_Variant " in line]
    assert "var gryphon-cannon" in variants
    uci.send("setoption name UCI_Variant value gryphon-cannon", "position startpos", "go perft 1")
    assert uci.until("Nodes searched: .*")[-1] == "Nodes searched: 12"
    assert uci.close() == ""


def test_records_name_a_loaded_variant_by_its_name_or_title() -> None:
    Variant.load(EXAMPLE)
    assert pgn.variant_name("Gryphon and Cannon") == "gryphon-cannon"
    assert pgn.variant_name("GRYPHON-CANNON") == "gryphon-cannon"
    assert pgn.variant_name("chess") == "chess"


# -- fuzz ------------------------------------------------------------------------------------------

SOURCES = [Variant(name).source for name in BUILT_IN] + [example_text()]
"""Real variant files to mutate."""

KEYS = sorted({"betza", *re.findall(r"^([a-z-]+) = ", "\n".join(SOURCES), flags=re.MULTILINE)})
"""Every key the files give on a line of its own, and ``betza``, which none of them uses."""

VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["0", "1", "12", "13", "255", "256", "-1", "1.5", "inf", "nan"]),
    st.sampled_from(["true", "false", "[]", "{}", "[[1, 1], [1, 0]]", "[0, 1]", '["K"]']),
    st.sampled_from(['"a1-l12"', '"z9"', '"+K"', '"hop"', '"none"', '"always"', '"files"']),
    st.sampled_from(['"fmWfcF"', '"mRcpR"', '"QA"', '"pN"', '"NN"', '"ifmnD"', '"R0"', '"gQ"']),
    st.text(max_size=12).map(lambda text: '"' + text.replace("\\", "").replace('"', "") + '"'),
    st.text(max_size=12),
)
"""Values for a key: numbers past every range, booleans, arrays, tables, strings, plain text."""

LINE_EDITS = st.lists(
    st.tuples(
        # Mostly new values: a file that stays TOML reaches the checks of every field.
        st.sampled_from(["delete", "duplicate", "value", "value", "value", "line", "swap"]),
        st.integers(min_value=0, max_value=2**16),
        st.integers(min_value=0, max_value=2**16),
        st.one_of(VALUES, st.text(max_size=20)),
    ),
    min_size=1,
    max_size=6,
)
"""Changes to a file's lines (see :func:`mutate`)."""


def mutate(text: str, changes: list[tuple[str, int, int, str]]) -> str:
    """``text`` with each change made in turn to its lines: ``delete`` one, ``duplicate`` one,
    give a ``value`` to one's key (or to a key of another line), replace a ``line`` by other
    text, ``swap`` two."""
    lines = text.split("\n")
    for kind, first, second, token in changes:
        at, other = first % len(lines), second % len(lines)
        if kind == "delete" and len(lines) > 1:
            del lines[at]
        elif kind == "duplicate":
            lines.insert(other, lines[at])
        elif kind == "value":
            key = lines[at].partition(" = ")[0] if " = " in lines[at] else KEYS[other % len(KEYS)]
            lines[at] = f"{key} = {token}"
        elif kind == "line":
            lines[at] = token
        elif kind == "swap":
            lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


def load_or_refuse(text: str) -> None:
    """Loads ``text`` under a name and title of its own: it loads and plays, or is refused with a
    message naming the file, placed in its text (:func:`assert_placed`)."""
    name = "fuzz-" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:16]
    text = renamed(text, name)
    try:
        variant = Variant.from_toml(text, file="fuzz.toml")
    except InvalidVariantError as error:
        message = str(error)
        assert message.startswith("fuzz.toml") and len(message.splitlines()) == 1, error
        if message.startswith("fuzz.toml, line "):
            assert_placed(message, "fuzz.toml", text)
        why = re.sub(r"^fuzz.toml(, line \d+, column \d+)?: ", "", message)
        inherited = " (inherited)" if "(inherited from " in why else ""
        event("refused: " + why.split(":")[0][:40] + inherited)
        return
    event("loaded")
    board = meiriqi.Board(variant=variant)
    assert board.perft(2) >= 0
    assert meiriqi.Board(board.fen(), variant=variant).fen() == board.fen()
    assert len(guide.guides(variant.name)) >= 1
    assert display.diagram(board)


def examples(count: int) -> settings:
    """``count`` times the profile's examples, at most 4000: each variant that loads stays
    loaded (up to 1.5 MB for a 12x12 one), so a long run must not load too many."""
    default = settings.default
    assert default is not None, "conftest.py loads a profile"
    return settings(max_examples=min(4000, max(1, count * default.max_examples)))


@examples(30)
@given(source=st.sampled_from(SOURCES), changes=LINE_EDITS)
def test_fuzz_mutated_variant_files_load_or_are_refused(
    source: str, changes: list[tuple[str, int, int, str]]
) -> None:
    load_or_refuse(mutate(source, changes))


@examples(10)
@given(
    source=st.sampled_from(SOURCES),
    at=st.integers(min_value=0, max_value=2**16),
    noise=st.binary(min_size=1, max_size=64),
)
def test_fuzz_random_bytes_in_a_file_are_refused_or_harmless(
    tmp_path_factory: pytest.TempPathFactory, source: str, at: int, noise: bytes
) -> None:
    data = source.encode("utf-8")
    cut = at % (len(data) + 1)
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.toml"
    path.write_bytes(data[:cut] + noise + data[cut:])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        with pytest.raises(InvalidVariantError, match=r"fuzz\.toml: the file is not UTF-8 text"):
            Variant.load(path)
        return
    load_or_refuse(text)


PIECE_TABLES = [
    "[[pieces]]\n" + table.strip()
    for source in SOURCES
    for table in source.split("[[pieces]]\n")[1:]
]
"""Every piece table of the real files, to give a child: one replaces its parent's piece of the
same symbol, or adds a kind."""

NOTES = st.text(st.characters(exclude_categories=("Cc", "Cs")), max_size=30)
"""Text for comments and descriptions, of every width in UTF-8 (control characters aside, which a
comment may not hold): multi-byte characters move every later byte offset."""


def start_for(files: int, ranks: int, hands: bool) -> str:
    """A start on a board of ``files`` x ``ranks``: the Kings in opposite corners."""
    edge = "" if files == 1 else str(files - 1)
    rows = ["k" + edge, *[str(files)] * (ranks - 2), edge + "K"] if ranks > 1 else ["kK"]
    return "/".join(rows) + ("[]" if hands else "") + " w - - 0 1"


@st.composite
def children(draw: st.DrawFn) -> str:
    """A file that extends a built-in variant (one that extends another too: a grandchild), on
    its board or another, with multi-byte text throughout and some of the real files' pieces,
    regions and rules."""
    parent = draw(st.sampled_from(BUILT_IN))
    lines = [f"# {draw(NOTES)}", f'extends = "{parent}"', 'name = "child"', 'title = "child"']
    lines.append(f'description = "{draw(NOTES).replace(chr(92), "").replace(chr(34), "")}"')
    if draw(st.booleans()):
        files, ranks = draw(st.integers(1, 12)), draw(st.integers(1, 12))
        hands = "[" in meiriqi.Board(variant=parent).fen()
        lines += [
            f"files = {files}",
            f"ranks = {ranks}",
            f'start = "{start_for(files, ranks, hands)}"',
        ]
    for table in draw(st.lists(st.sampled_from(PIECE_TABLES), max_size=3)):
        lines += [f"# {draw(NOTES)}", table]
    text = "\n".join(lines) + "\n"
    if draw(st.booleans()):
        text = mutate(text, draw(LINE_EDITS))
    return text


@examples(30)
@given(text=children())
def test_fuzz_children_of_every_built_in_load_or_are_refused(text: str) -> None:
    load_or_refuse(text)


def test_the_players_move_examples_for_a_loaded_variant_are_its_own_moves() -> None:
    board = meiriqi.Board(variant=Variant.load(EXAMPLE))
    san, coordinates = repl.move_examples(board)
    for text in san.split(", "):
        assert board.parse_san(text) in board.legal_moves
    for text in coordinates.split(", "):
        assert board.parse_uci(text) in board.legal_moves


def test_a_fortress_without_palace_points_is_walled_but_not_crossed() -> None:
    king = 'name = "king"\nsymbol = "K"\nvalue = 0\nroles = ["royal"]\n'
    text = (
        'name = "walled-corner"\nfiles = 6\nranks = 6\nstart = "k5/6/6/6/6/5K w - - 0 1"\n'
        '[display]\nfortress = "e1-f2"\n[[pieces]]\n'
        + king
        + "moves = [{ leap = [1, 0] }, { leap = [1, 1] }]\n"
    )
    board = meiriqi.Board(variant=Variant.from_toml(text))
    picture = meiriqi.svg.board(board)
    assert 'class="fortress"' in picture and "fortress-x" not in picture
    assert "fortress-x" in meiriqi.svg.board(meiriqi.Board())


def test_a_wide_board_without_a_camp_draws_its_diagram() -> None:
    # The diagram's one-line legend looked up the first rank of an empty camp (found by the
    # mutation fuzz: a Mitregi file without camp-depth).
    source = renamed(Variant("wildeurasian-mitregi").source, "mitregi-without-camps")
    variant = Variant.from_toml(source.replace("camp-depth = 4\n", ""))
    assert "promotes nowhere" in display.diagram(meiriqi.Board(variant=variant))


# -- presentation: names, examples, XBoard -----------------------------------------------------


def test_every_built_in_presents_itself_from_its_file() -> None:
    assert Variant("meiriqi").display_title == "Mĕirìqí"
    assert Variant("yangqi-chinese").display_title == "Yáng Qí (Chinese setup)"
    assert Variant("chess").display_title == "Chess"  # none given: the title
    assert Variant("xiangqi").fortress_name == "palace"
    assert Variant("meiriqi").fortress_name == "fortress"
    assert [Variant(name).xboard_variant for name in ("chess", "xiangqi", "shogi", "meiriqi")] == [
        "normal",
        "xiangqi",
        "shogi",
        None,
    ]
    assert Variant("yangqi-berolina").example_san == Variant("yangqi").example_san
    assert [name for name in BUILT_IN if Variant(name).has_king_swap] == [
        name for name in BUILT_IN if name.startswith("yangqi")
    ]
    # Betza from the file (the Mĕirìqí Pawn's), derived (the Eagle's) or none (the Gryphon's).
    betza = Variant("meiriqi").xboard_betza
    symbols = {meiriqi.piece_symbol(kind): kind for kind in meiriqi.PIECE_TYPES}
    assert (betza[symbols["I"]], betza[symbols["E"]]) == ("fsmWfcF", "fBbRfsWbF2")
    assert symbols["Y"] not in betza
    assert Variant("meiriqi").xboard_pictures == {symbols["P"]: "B", symbols["Y"]: "F"}
    assert [name for name in BUILT_IN if Variant(name).diagram_support] == [
        name for name in BUILT_IN if name.startswith("wildeurasian")
    ]


def test_a_loaded_variant_is_presented_by_its_rules_never_its_name() -> None:
    # Chess with the King's swap, called nothing like Yang Qi: the player explains the swap.
    chess = renamed(Variant("chess").source, "chess-with-swaps").replace(
        "[rules]\n", "[rules]\nking-swap = true\n"
    )
    board = meiriqi.Board(variant=Variant.from_toml(chess))
    notes = " ".join(repl._notes(board))
    assert "A King's swap with a neighbour" in notes
    assert repl.move_examples(board) == repl.move_examples(meiriqi.Board(variant="chess"))
    # A copy of Xiangqi keeps its palaces, but is no game of XBoard's own.
    xiangqi = renamed(Variant("xiangqi").source, "xiangqi-copy")
    copy = meiriqi.Board(variant=Variant.from_toml(xiangqi))
    assert "the palaces are walled off" in " ".join(repl._notes(copy))
    assert Variant("xiangqi-copy").xboard_variant == "xiangqi"  # its file says so
    assert xboard_setup.xboard_variant("xiangqi-copy") == "xiangqi-copy"  # XBoard's is taken
    assert xboard_setup.setup_command(copy) is not None
    # A game of one's own gets its title for players, and examples from its start.
    own = renamed(example_text(), "presented").replace(
        'title = "presented"', 'title = "Presented"\ndisplay-title = "Présented"'
    )
    board = meiriqi.Board(variant=Variant.from_toml(own))
    assert repl.game_name(board) == "Présented"
    san, coordinates = repl.move_examples(board)
    first = list(board.legal_moves)
    assert san.split(", ") == [board.san(move) for move in first[:3]]
    assert coordinates.split(", ") == [move.uci() for move in first[:2]]
    assert "A King's swap" not in " ".join(repl._notes(board))


def test_presentation_mistakes_are_placed() -> None:
    text = renamed(example_text(), "badly-presented").replace(
        "[rules]\n", '[examples]\nsan = ["e4 e5"]\n\n[rules]\n'
    )
    with pytest.raises(InvalidVariantError, match=r"line \d+, column 7: examples\.san: "):
        Variant.from_toml(text, file="bad.toml")


def test_an_invalid_variant_error_carries_its_place(tmp_path: Path) -> None:
    text = renamed(example_text(), "placed").replace("files = 6", "files = 13")
    with pytest.raises(InvalidVariantError) as raised:
        Variant.from_toml(text, file="placed.toml")
    line = 1 + text.splitlines().index("files = 13")
    assert (raised.value.path, raised.value.line, raised.value.column) == ("placed.toml", line, 9)
    assert str(raised.value).startswith(f"placed.toml, line {line}, column 9: files: ")
    # A mistake in no place of the file has no line; a file that is no text, neither.
    with pytest.raises(InvalidVariantError) as raised:
        Variant.from_toml('name = "no-pieces"\nfiles = 4\nranks = 4\nstart = "4/4/4/4 w"\n')
    assert (raised.value.path, raised.value.line, raised.value.column) == ("<string>", None, None)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(InvalidVariantError) as raised:
        Variant.load(binary)
    assert (raised.value.path, raised.value.line) == (str(binary), None)
    assert InvalidVariantError("elsewhere").path is None
    copied = pickle.loads(pickle.dumps(raised.value))
    assert (type(copied), copied.path, str(copied)) == (
        InvalidVariantError,
        str(binary),
        str(raised.value),
    )


def test_the_guide_sets_up_what_the_file_asks_for_whatever_the_name() -> None:
    # A copy of Bestiary under another name still gets its Gnu beside the Kings, so that its
    # Queen may cross the River in the diagram; without it, it may not.
    source = Variant("wildeurasian-bestiary").source
    copy = Variant.from_toml(renamed(source, "guide-copy"))
    queen = next(t for t in copy.piece_types if meiriqi.piece_name(t, variant=copy) == "queen")
    built_in = reach.reach("wildeurasian-bestiary", queen)
    assert reach.reach(copy.name, queen) == built_in
    bare = Variant.from_toml(renamed(source.replace('diagram-support = ["G"]\n', ""), "guide-bare"))
    assert len(reach.reach(bare.name, queen).marks) < len(built_in.marks)
