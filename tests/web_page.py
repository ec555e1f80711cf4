"""The web app's page in a real browser, for the browser tests and the screenshots: Debian's
Chromium driven by Selenium through Debian's chromedriver (nothing is downloaded)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import meiriqi
from meiriqi.web import WebServer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # the test extra has it; the tests say so when it is missing
    HAVE_SELENIUM = False
else:
    HAVE_SELENIUM = True


def start_chromium(width: int = 1280, height: int = 900, *, downloads: Path | None = None) -> Any:
    """A headless Chromium whose page is ``width`` by ``height`` pixels, downloading into
    ``downloads``."""
    assert CHROMIUM is not None, "the browser tests are skipped without Chromium"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    if downloads is not None:
        options.add_experimental_option(
            "prefs",
            {"download.default_directory": str(downloads), "download.prompt_for_download": False},
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser: Any = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.downloads = downloads
    return browser


def attribute(element: WebElement, name: str) -> str:
    """The attribute ``name`` of ``element``, which it must have."""
    value = element.get_attribute(name)
    assert value is not None, f"no {name} attribute"
    return value


class Page:
    """The web app's page in the browser, with the actions and waits the tests need."""

    def __init__(self, driver: Any, server: WebServer) -> None:
        self.driver = driver
        self.server = server

    def open(self) -> Page:
        """Loads the page and waits for its game."""
        self.driver.get(self.server.url)
        self.wait(lambda: self.fen() != "", "the page shows no position")
        return self

    def wait(self, condition: Callable[[], object], what: str, timeout: float = 20) -> Any:
        """Waits until ``condition()`` is true; fails saying ``what`` otherwise."""
        try:
            waiting = WebDriverWait(
                self.driver, timeout, ignored_exceptions=(StaleElementReferenceException,)
            )
            return waiting.until(lambda _: condition())
        except TimeoutException:
            pytest.fail(f"{what} (after {timeout} s; the page shows {self.fen()!r})")

    def find(self, selector: str) -> WebElement:
        """The element ``selector`` finds."""
        element: WebElement = self.driver.find_element(By.CSS_SELECTOR, selector)
        return element

    def find_all(self, selector: str) -> list[WebElement]:
        """The elements ``selector`` finds."""
        elements: list[WebElement] = self.driver.find_elements(By.CSS_SELECTOR, selector)
        return elements

    def fen(self) -> str:
        """The position the board shows."""
        return self.find("#board").get_attribute("data-fen") or ""

    def square(self, name: str) -> WebElement:
        """The square called ``name``."""
        return self.find(f'#board [data-square="{name}"]')

    def click(self, *squares: str) -> None:
        """Clicks the squares in turn."""
        for name in squares:
            self.square(name).click()

    def moves(self) -> list[str]:
        """The move list's moves in SAN."""
        moves: list[str] = self.driver.execute_script(
            "return [...document.querySelectorAll('#moves button.move')].map(b => b.textContent)"
        )
        return moves

    def wait_for_moves(self, count: int) -> list[str]:
        """Waits until the move list holds ``count`` moves and the board shows the last
        position; returns them."""
        self.wait(
            lambda: (
                len(self.moves()) == count
                and self.find("#board").get_attribute("data-ply") == str(count)
            ),
            f"the move list does not reach {count} moves: {self.moves()}",
        )
        return self.moves()

    def choose_variant(self, name: str) -> None:
        """Starts a new game of ``name`` from the variant menu."""
        Select(self.find("#variant")).select_by_value(name)
        start = meiriqi.Board(variant=name).fen()
        self.wait(lambda: self.fen() == start, f"no new game of {name}")

    def choose_players(self, value: str) -> None:
        """Sets the players: ``black`` (the computer plays Black), ``white``, ``none``,
        ``both``."""
        Select(self.find("#players")).select_by_value(value)

    def load(self, text: str) -> None:
        """Pastes ``text`` in the record box and loads it."""
        records = self.find("#records")
        if records.get_attribute("open") is None:
            self.find("#records summary").click()
        box = self.find("#record-text")
        box.clear()
        self.driver.execute_script("arguments[0].value = arguments[1]", box, text)
        self.find("#load").click()

    def message(self) -> str:
        """The page's message line."""
        return self.find("#message").text

    def targets(self) -> dict[str, str]:
        """The marked targets of the picked piece: square names by kind of move."""
        marks: dict[str, str] = {}
        svg = self.find("#board svg")
        for circle in self.find_all("#board circle.target"):
            kinds = (circle.get_attribute("class") or "").split()
            x, y = float(attribute(circle, "cx")), float(attribute(circle, "cy"))
            name = self.driver.execute_script(
                "for (const r of arguments[0].querySelectorAll('rect[data-square]')) {"
                " const x = +r.getAttribute('x'), y = +r.getAttribute('y'),"
                " w = +r.getAttribute('width');"
                " if (arguments[1] > x && arguments[1] < x + w && arguments[2] > y &&"
                " arguments[2] < y + w) return r.dataset.square; }",
                svg,
                x,
                y,
            )
            marks[name] = kinds[-1]
        return marks

    def script_errors(self) -> list[str]:
        """The page's script errors since last asked."""
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
        ]
