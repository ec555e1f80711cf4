"""The web app in a real browser: Debian's Chromium, driven by Selenium through Debian's
chromedriver (nothing is downloaded). The tests rely on the page's testing contract
(docs/web.md): it opens on a new game of the server's variant with the user as White against
the computer, ``#board`` carries the position shown as ``data-fen``, each square is an element
with ``data-square``, and clicking an own piece then a target square makes the move.

Without Chromium (``apt-get install chromium chromium-driver``) the tests are skipped, saying
so; without Selenium (the ``test`` extra) they fail.
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from variant_text import renamed
from web_page import CHROMEDRIVER, CHROMIUM, HAVE_SELENIUM, Page, attribute, start_chromium
from web_support import running_server

import meiriqi
from meiriqi import pgn
from meiriqi.web import WebServer

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="the browser tests need Chromium and its driver: apt-get install chromium "
    "chromium-driver",
)

MITREGI = "wildeurasian-mitregi"
MITREGI_START = meiriqi.Board(variant=MITREGI).fen()
PROMOTION = "9k/10/10/4I5/10/10/10/10/10/7K2 w - - 0 1"
"""Mĕirìqí: White's Pawn on e7 may step into the camp as a Pawn or a Champion."""


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    """The server the module's pages come from (the computer plays at depth 1)."""
    with running_server() as running:
        yield running


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium, downloading into a folder of its own."""
    if not HAVE_SELENIUM:
        pytest.fail("the browser tests need Selenium: pip install '.[test]'")
    browser = start_chromium(downloads=tmp_path_factory.mktemp("downloads"))
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def page(driver: Any, server: WebServer) -> Iterator[Page]:
    """The page, opened anew; no script error may happen meanwhile."""
    opened = Page(driver, server).open()
    yield opened
    assert opened.script_errors() == []


if HAVE_SELENIUM:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select


def replay(variant: str, sans: list[str], fen: str | None = None) -> meiriqi.Board:
    """The board after ``sans`` from the start (or ``fen``)."""
    board = meiriqi.Board(fen, variant=variant)
    for san in sans:
        board.push_san(san)
    return board


# -- the testing contract --------------------------------------------------------------------------


def test_the_page_opens_on_a_new_game_as_white_against_the_computer(page: Page) -> None:
    assert page.fen() == meiriqi.STARTING_FEN
    assert len(page.find_all("#board [data-square]")) == 100
    assert page.square("e4").tag_name == "rect"
    assert Select(page.find("#players")).first_selected_option.get_attribute("value") == "black"
    assert page.find("#title").text == "Mĕirìqí"
    assert page.moves() == []


def test_the_page_opens_on_the_servers_variant(driver: Any) -> None:
    with running_server("xiangqi") as other:
        page = Page(driver, other).open()
        assert page.fen() == meiriqi.Board(variant="xiangqi").fen()
        assert len(page.find_all("#board [data-square]")) == 90
        assert page.find("#title").text == "Xiangqi"


def test_a_meiriqi_game_against_the_computer_by_clicks(page: Page) -> None:
    chooser = random.Random(26)
    for move_number in range(1, 4):
        board = meiriqi.Board(page.fen())
        moves = [move for move in board.legal_moves if move.promotion is None]
        move = chooser.choice(moves)
        origin, target = (meiriqi.square_name(sq) for sq in (move.from_square, move.to_square))
        page.click(origin)
        targets = page.targets()
        expected = {
            meiriqi.square_name(m.to_square) for m in moves if m.from_square == move.from_square
        }
        assert set(targets) == expected
        page.click(target)
        sans = page.wait_for_moves(2 * move_number)
        assert sans[-2] == board.san(move)
        assert page.fen() == replay("meiriqi", sans).fen()
    assert page.find("#status").text == "White to move."


def test_a_move_by_drag(page: Page) -> None:
    ActionChains(page.driver).click_and_hold(page.square("c3")).move_to_element(
        page.square("c4")
    ).release().perform()
    sans = page.wait_for_moves(2)
    assert sans[0] == "c4"


def test_a_drop_in_mitregi(page: Page) -> None:
    page.choose_variant(MITREGI)
    page.load(MITREGI_START.replace("lhmj", "1hmj").replace("[]", "[L]"))
    page.wait(lambda: "[L]" in page.fen(), "the position with a Lance in hand is not shown")
    held = page.find('#board .hand-piece[data-piece="L"]')
    held.click()
    targets = page.targets()
    assert "e5" in targets and set(targets.values()) == {"drop"}
    page.click("e5")
    sans = page.wait_for_moves(2)
    assert sans[0] == "L@e5"
    board = replay(MITREGI, sans[:1], MITREGI_START.replace("lhmj", "1hmj").replace("[]", "[L]"))
    assert board.hand(meiriqi.WHITE) == {} and board.piece_at(meiriqi.parse_square("e5"))


def test_a_promotion_choice(page: Page) -> None:
    page.choose_players("none")
    page.load(PROMOTION)
    page.wait(lambda: page.fen() == PROMOTION, "the position is not loaded")
    page.click("e7", "e8")
    choices = page.find_all("#promotion button.choice")
    assert sorted(button.text for button in choices) == ["champion", "stay a pawn"]
    page.find("#promotion-cancel").click()
    assert page.fen() == PROMOTION and not page.find("#promotion").is_displayed()
    assert "e8" in page.targets(), "the Pawn stays picked"
    page.click("e8")
    page.find('#promotion button.choice[data-piece="C"]').click()
    assert page.wait_for_moves(1) == ["e8=C"]
    assert page.fen().startswith("9k/10/4C5/")


def test_a_yangqi_swap(page: Page) -> None:
    page.choose_variant("yangqi")
    page.click("e1")
    targets = page.targets()
    assert targets["d1"] == targets["f1"] == "swap"
    page.click("e1")
    assert page.targets() == {}, "a second click puts the King down"
    page.click("d1")
    vao = page.targets()
    assert vao and "f1" not in vao, "the Vao on d1 is picked, not swapped with"
    page.click("d1", "e1")
    assert page.targets()["d1"] == "swap"
    page.click("d1")
    sans = page.wait_for_moves(2)
    assert sans[0] == "Kd1"
    board = replay("yangqi", sans[:1])
    assert page.fen().split()[0] == replay("yangqi", sans).fen().split()[0]
    assert board.fen().split()[0].endswith("/RNBKVVBNR")


def test_wildeurasian_castling_by_clicks(page: Page) -> None:
    page.choose_variant(MITREGI)
    page.choose_players("none")
    castling = MITREGI_START.replace("/2PV1QK1VP2/1RNBCGTCBNR1/", "/2PV1QK3R1/1RNBCGTCBN2/")
    page.load(castling)
    page.wait(lambda: page.fen() == castling, "the position is not loaded")
    page.click("g3")
    assert page.targets()["i3"] == "castle"
    page.click("i3")
    assert page.wait_for_moves(1) == ["O-O"]
    assert "/2PV1Q1RK3/" in page.fen()


def test_navigation_in_the_move_list(page: Page) -> None:
    page.choose_players("none")
    page.load("1. c4 Nb7 2. e5 Nc5 *")
    page.wait(lambda: len(page.moves()) == 4, "the record is not loaded")
    fens = [replay("meiriqi", page.moves()[:ply]).fen() for ply in range(5)]
    assert page.fen() == fens[4]
    page.find("#first").click()
    page.wait(lambda: page.fen() == fens[0], "'first' does not show the start")
    assert not page.find_all("#board .movable"), "an earlier position cannot be played on"
    assert "Showing the position after 0 of 4 plies" in page.find("#status").text
    page.find("#forward").click()
    page.wait(lambda: page.fen() == fens[1], "'forward' does not show the first move")
    page.find('#moves button.move[data-ply="3"]').click()
    page.wait(lambda: page.fen() == fens[3], "a click on the third move does not show it")
    assert page.find("#moves .current").text == "e5"
    page.find("#back").click()
    page.wait(lambda: page.fen() == fens[2], "'back' does not go back")
    page.find("body").send_keys(Keys.END)
    page.wait(lambda: page.fen() == fens[4], "End does not show the last position")
    page.find("body").send_keys(Keys.ARROW_LEFT)
    page.wait(lambda: page.fen() == fens[3], "the left arrow does not go back")
    page.find("#last").click()
    page.wait(lambda: page.fen() == fens[4] and page.find_all("#board .movable"), "'last'")


def test_load_and_save_a_record_and_a_position(page: Page) -> None:
    record = '[Variant "Shogi"]\n\n1. c4 g6 2. Bxh8=+ Sxh8 *\n'
    page.load(record)
    end = replay("shogi", ["c4", "g6", "Bxh8=+", "Sxh8"])
    page.wait(lambda: page.fen() == end.fen(), "the Shogi record is not loaded")
    assert page.find("#title").text == "Shogi" and page.moves() == ["c4", "g6", "Bxh8=+", "Sxh8"]
    assert "Loaded: 4 plies of Shogi" in page.message()
    page.find("#show-pgn").click()
    page.wait(lambda: "[Variant" in attribute(page.find("#record-text"), "value"), "no PGN")
    shown = pgn.read_game(io.StringIO(page.find("#record-text").get_attribute("value")))
    assert shown is not None and not shown.errors and shown.end().board().fen() == end.fen()
    page.find("#save-pgn").click()
    saved = _downloaded(page.driver.downloads, "shogi-")
    assert '[Variant "Shogi"]' in saved and "Bxh8=+" in saved
    page.find("#show-fen").click()
    assert page.find("#record-text").get_attribute("value") == end.fen()
    position = replay("shogi", ["c4", "g6"]).fen()
    page.load(position)
    page.wait(lambda: page.fen() == position, "the FEN is not loaded")
    assert page.moves() == [] and page.find("#title").text == "Shogi"
    page.load("this is no position")
    page.wait(lambda: "A FEN of Shogi looks like" in page.message(), "no reason for a bad FEN")
    assert "error" in (page.find("#message").get_attribute("class") or "")
    assert page.fen() == position
    page.load("1. c4 zz *")
    page.wait(lambda: "invalid san 'zz'" in page.message(), "no reason for a bad record")
    assert page.fen() == position


def _downloaded(folder: Path, prefix: str) -> str:
    """The text of the file downloaded into ``folder`` whose name starts with ``prefix``."""
    for _ in range(100):
        found = [path for path in folder.glob(f"{prefix}*.pgn") if path.stat().st_size]
        if found:
            return found[0].read_text(encoding="utf-8")
        time.sleep(0.1)
    pytest.fail(f"nothing was downloaded into {folder}: {list(folder.iterdir())}")


def test_take_back_hint_analysis_and_flip(page: Page) -> None:
    a1 = float(attribute(page.square("a1"), "y"))
    page.find("#flip").click()
    page.wait(lambda: float(attribute(page.square("a1"), "y")) < a1, "the board is not flipped")
    page.click("c3", "c4")
    page.wait_for_moves(2)
    page.find("#takeback").click()
    page.wait(lambda: page.fen() == meiriqi.STARTING_FEN, "take-back does not take both back")
    page.find("#hint").click()
    page.wait(lambda: page.message().startswith("Hint: "), "no hint")
    meiriqi.Board().parse_san(page.message().removeprefix("Hint: "))
    assert page.find_all("#board .arrow")
    page.find("#analyse").click()
    page.wait(lambda: page.find("#analysis").text.startswith("Depth "), "no analysis shown")
    page.find("#analyse").click()
    page.wait(lambda: page.find("#analyse").text == "Analyse", "the analysis does not stop")
    assert page.find("#analysis-title").text == "Position at the start"


def test_the_piece_guide(page: Page) -> None:
    ActionChains(page.driver).move_to_element(page.square("d1")).perform()
    page.wait(lambda: page.find_all("#guide h3"), "no guide for the piece pointed at")
    assert page.find("#guide h3").text == "Eagle (E)"
    assert attribute(page.find("#guide img"), "src").startswith("data:image/svg+xml")
    page.find('#piece-list button[data-piece="H"]').click()
    page.wait(lambda: page.find("#guide h3").text == "Rhino (H)", "the piece list shows no Rhino")


def test_computer_against_computer(page: Page) -> None:
    page.choose_players("both")
    page.wait(lambda: len(page.moves()) >= 4, "the computer does not play both sides")
    page.choose_players("none")
    page.find("#new-game").click()
    page.wait(lambda: page.fen() == meiriqi.STARTING_FEN and not page.moves(), "no new game")


def test_the_end_of_a_game_is_stated_with_its_reason(page: Page) -> None:
    page.load("9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1")
    page.wait(lambda: page.fen().startswith("9k/R9/"), "the position is not loaded")
    page.click("b1", "b10")
    page.wait(lambda: page.find("#ending").text, "no ending stated")
    assert page.find("#ending").text == "Checkmate: White wins, 1-0."
    assert page.find("#status").text == "Checkmate: White wins, 1-0."
    assert page.moves() == ["Rb10#"] and page.find("#moves .result").text == "1-0"
    assert page.find_all("#board .check"), "the mated King is marked"
    assert not page.find_all("#board .movable") and page.find("#hint").get_attribute("disabled")


def test_a_variant_file_opened_in_the_page(page: Page, tmp_path: Path) -> None:
    source = Path(__file__).resolve().parent.parent / "python/meiriqi/variants/chess.toml"
    text = source.read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(renamed(text, "browser-test-chess", "Browser Test Chess"))
    page.find("#records summary").click()
    page.find("#variant-file").send_keys(str(path))
    page.wait(lambda: page.find("#title").text == "Browser Test Chess", "the variant is not played")
    assert page.fen() == meiriqi.Board(variant="chess").fen()
    assert "Loaded the variant Browser Test Chess." in page.message()
    page.click("e2", "e4")
    assert page.wait_for_moves(2)[0] == "e4"
