"""Screenshots of the web app for the docs, taken in headless Chromium as the browser tests run
it: ``python3 tests/web_screenshots.py docs/images`` writes ``web-meiriqi.png`` (the README's)
and ``web-mitregi.png`` (docs/web.md's); ``--all`` adds Yáng Qí, Xiangqi and Shogi, to look
at. Each shows a game some moves in (White to move), played by the computer at depth 2, with a
piece picked, as the player sees it against the computer."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from web_page import Page, attribute, start_chromium
from web_support import running_server

import meiriqi
from meiriqi import pgn
from meiriqi.repl import Level


def record(variant: str, plies: int) -> str:
    """A game of ``variant`` played by the computer at depth 2 for ``plies`` plies."""
    board = meiriqi.Board(variant=variant)
    for _ in range(plies):
        move = board.search(depth=2).move
        if move is None:
            break
        board.push(move)
    return str(pgn.Game.from_board(board))


def pick_piece(page: Page, letter: str) -> None:
    """Picks White's piece written ``letter`` (its first on the board)."""
    square = attribute(page.find(f'#board .piece[data-piece="{letter}"]'), "data-on")
    page.click(square)


def pick_from_hand(page: Page, letter: str) -> None:
    """Picks White's piece in hand written ``letter``."""
    page.find(f'#board .hand-piece.movable[data-piece="{letter}"]').click()


SHOTS: dict[str, tuple[str, int, Callable[[Page], None]]] = {
    "web-meiriqi.png": ("meiriqi", 12, lambda page: pick_piece(page, "Y")),
    "web-mitregi.png": ("wildeurasian-mitregi", 40, lambda page: pick_from_hand(page, "L")),
    "web-yangqi.png": ("yangqi", 8, lambda page: pick_piece(page, "K")),
    "web-xiangqi.png": ("xiangqi", 10, lambda page: pick_piece(page, "C")),
    "web-shogi.png": ("shogi", 20, lambda page: pick_piece(page, "B")),
}
"""Each picture: the variant, the plies played and what is picked."""


def take(page: Page, variant: str, plies: int, pick: Callable[[Page], None], path: Path) -> None:
    """One screenshot: a new game of ``variant``, ``plies`` in, with a piece picked."""
    page.open()
    if variant != "meiriqi":
        page.choose_variant(variant)
    page.load(record(variant, plies))
    page.wait(lambda: len(page.moves()) > 0, f"the {variant} game is not loaded")
    page.find("#records summary").click()
    page.driver.execute_script("document.activeElement.blur()")
    page.driver.execute_script("document.getElementById('message').textContent = ''")
    pick(page)
    page.wait(lambda: page.find_all("#guide h3"), "no piece guide")
    time.sleep(0.5)  # the picked piece's guide comes after any other pointed at
    page.driver.execute_script(
        "window.scrollTo(0, 0); document.getElementById('panel').scrollTop = 0"
    )
    time.sleep(0.2)
    page.driver.save_screenshot(str(path))


def main(argv: list[str] | None = None) -> int:
    """Writes the screenshots into the folder given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the pictures")
    parser.add_argument("--all", action="store_true", help="every variant's picture")
    args = parser.parse_args(argv)
    chosen = list(SHOTS) if args.all else ["web-meiriqi.png", "web-mitregi.png"]
    driver = start_chromium(1280, 800)
    try:
        with running_server(level=Level(time=None, depth=2)) as server:
            page = Page(driver, server)
            for name in chosen:
                take(page, *SHOTS[name], args.folder / name)
                print(args.folder / name)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
