"""The Python side of the variants: game records, the text diagram, the SVG picture,
the interactive player and the command line, each with Yáng Qí and its options."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import meiriqi
from meiriqi import display, pgn, repl, selfplay

SPECIAL = "4k3r/I8/4i4/9/3I5/9/9/9/9/3VK4 w - - 0 1"
"""Yáng Qí: White swaps King and Vao (Kd1), Black double-steps e8-e6, White takes en passant
(dxe7) and promotes a9-a10 to a Rook (both Rooks are gone, so a Rook is available)."""

SPECIAL_SANS = ["Kd1", "e6", "dxe7", "Kf9", "a10=R"]

CORNER = "k8/9/K8/9/9/9/9/9/9/2R6 w - - 0 1"
"""Yáng Qí: Rc10 mates; Rb1 stalemates Black, which is a draw in Yáng Qí."""

LONE_KINGS = "4k4/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1"
"""Yáng Qí: Kxe2 leaves only the two Kings, a dead draw."""


def yangqi(fen: str | None = None, sans: list[str] | None = None) -> meiriqi.Board:
    """A Yáng Qí board at ``fen`` (default: the start) after the moves ``sans``."""
    board = meiriqi.Board(fen, variant="yangqi")
    for text in sans or []:
        board.push_san(text)
    return board


def read_all(text: str) -> list[pgn.Game]:
    """Every game in ``text``."""
    handle = io.StringIO(text)
    return list(iter(lambda: pgn.read_game(handle), None))


# -- game records ----------------------------------------------------------------------------------


def test_record_round_trip_with_swap_en_passant_and_promotion() -> None:
    board = yangqi(SPECIAL, SPECIAL_SANS)
    moves = board.move_stack
    before = yangqi(SPECIAL)
    assert before.is_swap(moves[0])
    before.push(moves[0])
    before.push(moves[1])
    assert before.is_en_passant(moves[2])
    promotion = moves[4].promotion
    assert promotion is not None and meiriqi.piece_symbol(promotion, variant="yangqi") == "R"
    game = pgn.Game.from_board(board)
    text = str(game)
    assert '[Variant "Yang Qi"]' in text and f'[FEN "{SPECIAL}"]' in text
    assert text.endswith("1. Kd1 e6 2. dxe7 Kf9 3. a10=R *")
    (again,) = read_all(text)
    assert again.errors == [] and str(again) == text
    assert again.variant() == "yangqi"
    assert again.board().variant_name == "yangqi"
    assert [node.board().variant_name for node in again.mainline()] == ["yangqi"] * 5
    assert again.end().board() == board and again.end().board().fen() == board.fen()


def test_a_new_game_of_a_variant_records_its_title_and_no_fen_at_its_start() -> None:
    for name in meiriqi.Board.variants():
        board = meiriqi.Board(variant=name)
        board.push(board.legal_moves[0])
        game = pgn.Game.from_board(board)
        assert game.headers["Variant"] == board.variant_title
        assert "FEN" not in game.headers and "SetUp" not in game.headers
        (again,) = read_all(str(game))
        assert again.errors == [] and again.end().board() == board
        assert again.board().variant_name == name


@pytest.mark.parametrize("tag", ["Yang Qi", "yang qi", "YANG QI", "yangqi", "Yáng Qí", " Yangqi "])
def test_the_variant_tag_is_read_leniently(tag: str) -> None:
    (game,) = read_all(f'[Variant "{tag}"]\n\n1. e5 e6 *\n')
    assert game.errors == []
    assert game.headers["Variant"] == "Yang Qi"  # written back in its canonical form
    assert game.end().board().variant_name == "yangqi"


def test_every_variant_is_known_by_its_name_and_its_title() -> None:
    for name in meiriqi.Board.variants():
        title = meiriqi.Board(variant=name).variant_title
        assert pgn.variant_name(name) == pgn.variant_name(title.upper()) == name
    assert pgn.variant_name("Mĕirìqí") == "meiriqi"


def test_a_record_without_variant_tag_is_meiriqi() -> None:
    (game,) = read_all("1. c4 Nb7 *\n")
    assert game.errors == [] and game.end().board().variant_name == "meiriqi"


def test_an_unknown_variant_is_an_error_at_its_tag() -> None:
    (game,) = read_all('[Event "X"]\n[Variant "No Such Game"]\n\n1. e5 *\n')
    assert [(e.line, e.column) for e in game.errors] == [(2, 11)]
    message = str(game.errors[0])
    assert "bad Variant header: unsupported variant 'No Such Game'" in message
    assert "the known variants are meiriqi, yangqi, " in message
    with pytest.raises(ValueError, match="unsupported variant"):
        pgn.variant_name("No Such Game")


def test_a_fen_is_read_in_the_variant_of_the_record() -> None:
    text = f'[Variant "Yang Qi"]\n[SetUp "1"]\n[FEN "{CORNER}"]\n\n1. Rc10# 1-0\n'
    (game,) = read_all(text)
    assert game.errors == [] and game.end().board().is_checkmate()
    (wrong,) = read_all(f'[SetUp "1"]\n[FEN "{CORNER}"]\n\n1. Rc10# 1-0\n')
    assert "bad FEN header" in str(wrong.errors[0])  # a 9-file FEN is no Mĕirìqí position


@pytest.mark.parametrize(
    ("fen", "san", "result", "termination"),
    [
        (CORNER, "Rc10", "1-0", "checkmate"),
        (CORNER, "Rb1", "1/2-1/2", "stalemate"),
        (LONE_KINGS, "Kxe2", "1/2-1/2", "insufficient material"),
        (CORNER.replace("0 1", "149 80"), "Rd1", "1/2-1/2", "seventy-five moves"),
    ],
)
def test_yangqi_endings_give_result_and_termination(
    fen: str, san: str, result: str, termination: str
) -> None:
    game = pgn.Game.from_board(yangqi(fen, [san]))
    assert game.headers["Result"] == result
    assert game.headers["Termination"] == termination
    text = str(game)
    assert text.endswith(f" {result}")
    (again,) = read_all(text)
    assert again.errors == []
    wrong = text.replace(f'[Result "{result}"]', '[Result "0-1"]').replace(f" {result}", " 0-1")
    (contradicted,) = read_all(wrong)
    assert f"contradicts the final position ({result})" in str(contradicted.errors[0])


def test_a_claimed_draw_is_recorded_when_asked() -> None:
    board = yangqi(CORNER)
    for _ in range(2):
        board.push_san("Rc2")
        board.push_san("Kb10")
        board.push_san("Rc1")
        board.push_san("Ka10")
    assert board.can_claim_draw() and board.outcome() is None
    assert pgn.Game.from_board(board).headers["Result"] == "*"
    claimed = pgn.Game.from_board(board, claim_draw=True)
    assert claimed.headers["Result"] == "1/2-1/2"
    assert claimed.headers["Termination"] == "threefold repetition"


def test_convert_of_a_yangqi_file(tmp_path: Path) -> None:
    source = tmp_path / "yangqi.pgn"
    records = [
        f'[Event "Special"]\n[Variant "yangqi"]\n[FEN "{SPECIAL}"]\n\n{" ".join(SPECIAL_SANS)}\n',
        f'[Event "Stalemate"]\n[Variant "Yang Qi"]\n[FEN "{CORNER}"]\n\n1. Rb1\n',
        '[Event "Berolina"]\n[Variant "yangqi-berolina"]\n\n1. ed5 *\n',
    ]
    source.write_text("\n".join(records), encoding="utf-8")
    out = tmp_path / "out.pgn"
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "convert", str(source), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    special, stalemate, berolina = read_all(out.read_text(encoding="utf-8"))
    assert special.headers["Variant"] == "Yang Qi" and special.headers["FEN"] == SPECIAL
    assert [node.san() for node in special.mainline()] == SPECIAL_SANS
    assert stalemate.headers["Result"] == "1/2-1/2"
    assert stalemate.headers["Termination"] == "stalemate"
    assert berolina.headers["Variant"] == meiriqi.Board(variant="yangqi-berolina").variant_title
    assert berolina.end().board().variant_name == "yangqi-berolina"
    assert [node.move.uci() for node in berolina.mainline()] == ["e4d5"]
    assert all(game.errors == [] for game in (special, stalemate, berolina))


# -- pictures --------------------------------------------------------------------------------------


def test_svg_of_a_yangqi_board_has_nine_files_and_no_fortress() -> None:
    root = ET.fromstring(meiriqi.svg.board(yangqi()))
    margin, size = meiriqi.svg.MARGIN, meiriqi.svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {2 * margin + 9 * size} {2 * margin + 10 * size}"
    classes = [(element.get("class") or "").split() for element in root.iter()]
    squares = [names[-1] for names in classes if names[:1] == ["square"]]
    assert len(squares) == 90 and "i10" in squares and "j1" not in squares
    assert not any(name.startswith("fortress") for names in classes for name in names)
    texts = {element.text for element in root.iter() if element.text}
    assert {"a", "i", "10"} <= texts and "j" not in texts
    pieces = [names for names in classes if "piece" in names]
    assert len(pieces) == 40
    meiriqi_root = ET.fromstring(meiriqi.svg.board(meiriqi.Board()))
    assert any("fortress" in (e.get("class") or "").split() for e in meiriqi_root.iter())


def test_text_diagram_of_a_yangqi_board() -> None:
    board = yangqi(None, ["e5"])
    lines = display.diagram(board).splitlines()
    assert lines[0].split() == list("abcdefghi")
    assert lines[1].split()[:10] == ["10", *"rnbvkvbnr"] and "Black (lowercase)" in lines[1]
    assert "rank 10: White promotes" in lines[2] and "rank 1: Black promotes" in lines[-3]
    assert len(lines) == 12  # header, ten ranks, footer: no camp lines, no fortress walls
    assert not any("|" in line or "+" in line or " - " in line for line in lines)
    assert "[I]" in lines[6] and "[.]" in lines[8]  # the last move e3-e5
    fancy = display.diagram(board, style=display.FANCY, flipped=True)
    assert "│" not in fancy and "╌" not in fancy and display.FANCY.x_point not in fancy
    assert "+-----------" in display.diagram(meiriqi.Board())  # Mĕirìqí keeps its walls


# -- the command line ------------------------------------------------------------------------------


def meiriqi_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGS`` with ``stdin``; checks that it did not crash."""
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in result.stderr
    return result


def test_a_yangqi_game_at_the_keyboard(tmp_path: Path) -> None:
    record = tmp_path / "draw.pgn"
    script = [
        "d5 a6 d6 e6",  # Black's double step e8-e6 passes e7
        "dxe7",  # en passant
        "fen",
        "a5",
        "Kd1",  # the King swaps with the Vao
        "fen",
        f"fen {CORNER}",
        "Rb1",
        "new",
        "fen",
        f"fen {CORNER}",
        "Rc2 Kb10 Rc1 Ka10 Rc2 Kb10 Rc1 Ka10",
        "claim",
        f"save {record}",
        f"fen {CORNER}",
        "Rc10",
    ]
    result = meiriqi_cli(
        "--variant", "yangqi", "--black", "human", "--no-color", stdin="\n".join(script) + "\n"
    )
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout
    assert out.startswith("Yang Qi: White (you) against Black (you).")
    assert "   a   b   c   d   e   f   g   h   i\n" in out and " j " not in out
    assert "error" not in out
    assert "3. dxe7" in out
    after_ep = yangqi(None, ["d5", "a6", "d6", "e6", "dxe7"])
    assert after_ep.piece_at(meiriqi.parse_square("e6")) is None
    assert after_ep.fen() in out  # 'fen' after the capture: the pawn on e6 is gone
    after_ep.push_san("a5")
    after_ep.push_san("Kd1")
    assert after_ep.fen() in out and after_ep.piece_at(meiriqi.parse_square("e1")) is not None
    assert "4. Kd1" in out
    assert "Stalemate: Black has no legal move. In Yáng Qí stalemate is a draw, 1/2-1/2." in out
    assert "wins" not in out.split("Stalemate")[1].split("\n")[0]
    assert meiriqi.Board(variant="yangqi").fen() in out  # 'new' stayed in Yáng Qí
    assert "White may claim a draw (threefold repetition): type 'claim'" in out
    assert "Draw claimed by White by threefold repetition" in out
    (game,) = read_all(record.read_text(encoding="utf-8"))
    assert game.headers["Variant"] == "Yang Qi" and game.headers["Result"] == "1/2-1/2"
    assert game.headers["Termination"] == "threefold repetition" and game.errors == []
    assert "Checkmate: White wins, 1-0." in out


def test_loading_a_record_takes_its_variant(tmp_path: Path) -> None:
    record = tmp_path / "special.pgn"
    record.write_text(str(pgn.Game.from_board(yangqi(SPECIAL, SPECIAL_SANS))), encoding="utf-8")
    result = meiriqi_cli("--black", "human", "--no-color", stdin=f"load {record}\nfen\n")
    assert result.returncode == 0
    assert "loaded 5 plies" in result.stdout and "the game is Yáng Qí" in result.stdout
    assert yangqi(SPECIAL, SPECIAL_SANS).fen() in result.stdout


@pytest.mark.parametrize("reason", ["insufficient material", "the seventy-five-move rule"])
def test_draws_are_announced_with_their_reason(reason: str) -> None:
    session = repl.Session(yangqi(LONE_KINGS), out=io.StringIO())
    if reason == "insufficient material":
        session.execute("Kxe2")
    else:
        session.execute(f"fen {CORNER.replace('0 1', '149 80')}")
        session.execute("Rd1")
    text = repl.outcome_text(session.board)
    assert text is not None and text.startswith(f"Draw by {reason}") and "1/2-1/2" in text
    assert session.prompt() == "game over> "


def test_fivefold_repetition_is_announced() -> None:
    board = yangqi(CORNER)
    for _ in range(4):
        for san in ("Rc2", "Kb10", "Rc1", "Ka10"):
            board.push_san(san)
    assert repl.outcome_text(board) == (
        "Draw by fivefold repetition: the same position has occurred five times, 1/2-1/2."
    )


def test_perft_of_yangqi() -> None:
    result = meiriqi_cli("perft", "--variant", "yangqi", "2")
    assert result.returncode == 0 and result.stdout == "3243\n"


def test_variant_list_and_unknown_variant() -> None:
    listing = meiriqi_cli("--variant", "list")
    assert listing.returncode == 0
    words = " ".join(listing.stdout.split())  # the descriptions are wrapped
    for name, description in meiriqi.Board.variants().items():
        assert name in words and description in words
    bad = meiriqi_cli("selfplay", "--variant", "nonesuch")
    assert bad.returncode == 2 and "unsupported variant 'nonesuch'" in bad.stderr


def test_selfplay_of_yangqi_berolina(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    # --time, not --depth: a depth-limited search of the core can run away in some Yáng Qí
    # positions; a time limit always ends it.
    args = ["--variant", "yangqi-berolina", "--games", "2", "--time", "0.02", "--max-plies", "10"]
    result = meiriqi_cli("selfplay", *args, "--seed", "3", "--out", str(out))
    assert result.returncode == 0, result.stderr
    games = read_all(out.read_text(encoding="utf-8"))
    assert len(games) == 2
    title = meiriqi.Board(variant="yangqi-berolina").variant_title
    for game in games:
        assert game.errors == [] and game.headers["Variant"] == title
        assert game.end().board().variant_name == "yangqi-berolina"
        assert game.headers["Result"] == "*" and len(game.mainline_moves()) == 10


def test_selfplay_records_draws() -> None:
    board = selfplay.play_game(
        rng=random.Random(1), time=0.01, max_plies=6, opening_plies=2, variant="yangqi-chinese"
    )
    assert board.variant_name == "yangqi-chinese" and board.ply() == 6
    board = yangqi(LONE_KINGS, ["Kxe2"])
    game = selfplay.record(board, round_number=1, max_plies=40)
    assert game.headers["Result"] == "1/2-1/2"
    assert game.headers["Termination"] == "insufficient material"
