"""The player's guide to the pieces: every piece of every variant has words and a diagram, some
diagrams checked by hand against the rules, the docs section up to date, and ``help`` in the
REPL."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from variant_text import renamed

import meiriqi
from meiriqi import guide, reach, repl
from meiriqi.reach import CAPTURE, MOVE, MOVE_OR_CAPTURE

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

VARIANTS = list(meiriqi.Board.variants())


def marks(variant: str, name: str, *, screens: bool = False) -> dict[str, str]:
    """The marks of a piece's diagram by square name."""
    entry = guide.find(variant, name)
    shown = entry.screened if screens else entry.plain
    assert shown is not None
    return {meiriqi.square_name(sq): mark for sq, mark in shown.marks.items()}


def expect(mark: str, names: str) -> dict[str, str]:
    """``mark`` on each of the space-separated square ``names``."""
    return dict.fromkeys(names.split(), mark)


# -- every piece has a sentence and a diagram ------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_built_in_piece_has_its_about(variant: str) -> None:
    about = meiriqi.Variant(variant).piece_descriptions
    assert set(about) == set(meiriqi.Board.empty(variant=variant).piece_types)
    assert all(text.endswith(".") for text in about.values()), about


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_piece_has_a_sentence_and_a_diagram(variant: str) -> None:
    board = meiriqi.Board.empty(variant=variant)
    names = {meiriqi.piece_name(kind, variant=variant) for kind in board.piece_types}
    entries = guide.guides(variant)
    assert {entry.name for entry in entries} == names
    for entry in entries:
        assert entry.movement.endswith(".") and len(entry.movement) > 20, entry.name
        assert entry.plain.marks or entry.screened is not None, entry.name
        assert entry.letters[0] in entry.diagram()


@pytest.mark.parametrize("variant", VARIANTS)
def test_pieces_of_one_name_move_alike(variant: str) -> None:
    board = meiriqi.Board.empty(variant=variant)
    by_name: dict[str, list[reach.Reach]] = {}
    for kind in board.piece_types:
        by_name.setdefault(meiriqi.piece_name(kind, variant=variant), []).append(
            reach.reach(variant, kind, screens=True)
        )
    for name, reaches in by_name.items():
        assert all(each == reaches[0] for each in reaches), name


def test_a_piece_without_an_about_gets_the_fallback_sentence() -> None:
    text = renamed(meiriqi.Variant("chess").source, "guide-no-about", "Guide without about")
    text = re.sub(r'^about = (""".*?"""|".*?")\n', "", text, flags=re.MULTILINE | re.DOTALL)
    variant = meiriqi.Variant.from_toml(text, file="no-about.toml")
    entries = guide.guides(variant.name)
    assert [entry.movement for entry in entries] == [guide.NO_ABOUT] * len(entries)
    assert guide.NO_ABOUT in " ".join(guide.find(variant.name, "n").text().split())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_entry_fits_in_80_columns(variant: str) -> None:
    for entry in guide.guides(variant):
        assert max(len(line) for line in entry.text().splitlines()) <= 80, entry.name


# -- diagrams checked by hand ----------------------------------------------------------------------


def test_chess_knight() -> None:
    assert guide.find("chess", "knight").plain.origin == meiriqi.parse_square("d4")
    assert marks("chess", "N") == expect(MOVE_OR_CAPTURE, "b3 b5 c2 c6 e2 e6 f3 f5")


def test_meiriqi_gryphon_bends_outward() -> None:
    expected = expect(
        MOVE_OR_CAPTURE,
        "f6 f7 f8 f9 f10 g6 h6 i6 j6 "
        "d6 d7 d8 d9 d10 c6 b6 a6 "
        "f4 f3 f2 f1 g4 h4 i4 j4 "
        "d4 d3 d2 d1 c4 b4 a4",
    )
    assert marks("meiriqi", "gryphon") == expected


def test_meiriqi_rhino_zigzags() -> None:
    expected = expect(
        MOVE_OR_CAPTURE,
        "e6 f7 f8 g9 g10 d7 d8 c9 c10 "  # up, turning right or left
        "e4 f3 f2 g1 d3 d2 c1 "  # down
        "f5 g6 h6 i7 j7 g4 h4 i3 j3 "  # right
        "d5 c6 b6 a7 c4 b4 a3",  # left
    )
    assert marks("meiriqi", "H") == expected


def test_meiriqi_pawn_and_lion_separate_moves_from_captures() -> None:
    assert marks("meiriqi", "pawn") == {**expect(MOVE, "d5 f5 e6"), **expect(CAPTURE, "d6 f6")}
    assert marks("meiriqi", "lion") == {
        **expect(CAPTURE, "d4 d5 d6 e4 e6 f4 f5 f6"),
        **expect(MOVE_OR_CAPTURE, "c3 c5 c7 e3 e7 g3 g5 g7"),
    }


def test_confined_pieces_are_shown_in_their_region() -> None:
    king = guide.find("meiriqi", "K")
    assert meiriqi.square_name(king.plain.origin) == "i2"
    assert "the middle of the squares it may stand on" in king.where
    assert marks("meiriqi", "K") == expect(MOVE_OR_CAPTURE, "h1 i1 j1 h2 j2 h3 i3 j3")
    assert marks("meiriqi", "mandarin") == expect(MOVE_OR_CAPTURE, "h1 j1 h3 j3")
    assert marks("xiangqi", "advisor") == expect(MOVE_OR_CAPTURE, "d1 f1 d3 f3")
    assert marks("xiangqi", "king") == expect(MOVE_OR_CAPTURE, "e1 d2 f2 e3")
    assert marks("wildeurasian-bestiary", "king") == expect(MOVE_OR_CAPTURE, "e5 f5 g5 e6 g6")


def test_xiangqi_cannon_needs_a_screen_to_capture() -> None:
    rank_and_file = "a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e6 e7 e8 e9 e10"
    assert marks("xiangqi", "cannon") == expect(MOVE, rank_and_file)
    entry = guide.find("xiangqi", "C")
    assert entry.screened is not None
    screens = {meiriqi.square_name(sq) for sq in entry.screened.screens}
    assert screens == {"e7", "e3", "c5", "g5"}
    assert marks("xiangqi", "cannon", screens=True) == {
        **expect(MOVE, "e6 e4 d5 f5"),
        **expect(CAPTURE, "e8 e9 e10 e2 e1 a5 b5 h5 i5"),
    }
    assert "without a screen" in entry.diagram() and "with screens (#)" in entry.diagram()


def test_korean_cannon_cannot_move_without_a_screen() -> None:
    assert marks("wildeurasian-bestiary-korean", "cannon") == {}
    assert marks("wildeurasian-bestiary-korean", "cannon", screens=True) == expect(
        MOVE_OR_CAPTURE, "f9 f10 f11 f12 f3 f2 f1 c6 b6 a6 i6 j6 k6 l6"
    )


def test_forward_only_pieces_keep_forward() -> None:
    assert marks("wildeurasian-mitregi", "helm") == expect(MOVE_OR_CAPTURE, "e8 g8")
    assert marks("shogi", "+p") == expect(MOVE_OR_CAPTURE, "d6 e6 f6 d5 f5 e4")


# -- finding a piece -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "text", "name"),
    [
        ("meiriqi", "Rhino", "rhino"),
        ("meiriqi", "h", "rhino"),
        ("meiriqi", "I", "pawn"),
        ("shogi", "+r", "dragon"),
        ("shogi", "Promoted-Lance", "promoted lance"),
        ("wildeurasian-dense-rim-mitregi", "+o", "goldgeneral"),
        ("wildeurasian-dense-rim-mitregi", "E", "princeling"),
        ("wildeurasian-bestiary", "e", "zemel"),
    ],
)
def test_find_takes_a_name_or_a_letter(variant: str, text: str, name: str) -> None:
    assert guide.find(variant, text).name == name


def test_find_says_what_the_pieces_are() -> None:
    with pytest.raises(ValueError, match="no piece 'dragon' in Mĕirìqí; its pieces are king, "):
        guide.find("meiriqi", "dragon")


# -- the docs section ------------------------------------------------------------------------------


def test_the_docs_section_is_what_the_guide_generates() -> None:
    document = RULES.read_text(encoding="utf-8")
    assert document.count(guide.BEGIN) == 1 and document.count(guide.END) == 1
    assert guide.update(document) == document, (
        "docs/rules.md is stale: run python3 -m meiriqi.guide --update docs/rules.md"
    )


def test_update_appends_a_missing_section_and_replaces_an_old_one() -> None:
    appended = guide.update("# Rules\n")
    assert appended.startswith("# Rules\n\n" + guide.BEGIN)
    old = f"# Rules\n\n{guide.BEGIN}\nold\n{guide.END}\n\n## After\n"
    assert guide.update(old) == f"# Rules\n\n{guide.markdown()}\n## After\n"


def test_the_command_line_prints_and_updates(tmp_path: Path) -> None:
    target = tmp_path / "rules.md"
    target.write_text("# Rules\n", encoding="utf-8")
    command = [sys.executable, "-m", "meiriqi.guide"]
    printed = subprocess.run(
        [*command, "--markdown"], capture_output=True, text=True, timeout=120, check=True
    )
    assert printed.stdout == guide.markdown()
    subprocess.run([*command, "--update", str(target)], timeout=120, check=True)
    assert target.read_text(encoding="utf-8") == guide.update("# Rules\n")
    missing = subprocess.run(
        [*command, "--update", str(tmp_path / "none.md")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert missing.returncode == 2
    assert "cannot update" in missing.stderr and "Traceback" not in missing.stderr


def test_a_failed_update_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "rules.md"
    target.write_text("# Rules\n", encoding="utf-8")

    def broken(document: str) -> str:
        raise ValueError("a piece the guide cannot draw")

    monkeypatch.setattr(guide, "update", broken)
    with pytest.raises(ValueError, match="cannot draw"):
        guide.main(["--update", str(target)])
    assert target.read_text(encoding="utf-8") == "# Rules\n"


# -- help in the REPL ------------------------------------------------------------------------------


def session_output(*lines: str, variant: str = "meiriqi") -> str:
    """What a session of ``variant`` prints for the command ``lines``."""
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(variant=variant), out=out)
    for line in lines:
        session.execute(line)
    return out.getvalue()


def test_help_lists_the_pieces_commands() -> None:
    output = session_output("help")
    assert "'help pieces' lists how each piece of Mĕirìqí moves" in output
    assert all(len(line) <= 80 for line in output.splitlines())


def test_help_pieces_lists_every_piece() -> None:
    output = session_output("help pieces", variant="wildeurasian-dense-rim-mitregi")
    for entry in guide.guides("wildeurasian-dense-rim-mitregi"):
        assert f"  {entry.title}: " in output
    assert all(len(line) <= 80 for line in output.splitlines())


@pytest.mark.parametrize("text", ["rhino", "RHINO", "h", "H"])
def test_help_piece_shows_its_diagram(text: str) -> None:
    output = session_output(f"help {text}")
    assert output.startswith("Rhino (H): A crooked rider")
    assert guide.find("meiriqi", "H").diagram() in output


def test_help_follows_the_variant() -> None:
    output = session_output("help tankturret", variant="wildeurasian-dense-rim-mitregi-korean")
    assert "Without a screen it cannot move" in output and "with screens (#)" in output
    assert "Tank (T)" in session_output("help t", variant="wildeurasian-bestiary")


def test_help_for_an_unknown_piece_says_what_is_wrong() -> None:
    output = session_output("help dragon", "help undo")
    assert output.splitlines()[0] == (
        "error: no command or piece 'dragon' (see 'help' and 'help pieces')"
    )
    assert "undo: take back" in output


def test_help_completes_pieces() -> None:
    session = repl.Session(meiriqi.Board(variant="shogi"), out=io.StringIO())
    assert session.complete("pro", "help ") == [
        "promoted-knight",
        "promoted-lance",
        "promoted-silver",
    ]
    assert "pieces" in session.complete("pi", "help ")


def test_a_title_capitalizes_words_not_the_letter_after_an_apostrophe() -> None:
    assert guide.find("kyotoshogi", "+L").title == "Lance's Gold (+L)"
    assert guide.find("meiriqi", "h").title == "Rhino (H)"
