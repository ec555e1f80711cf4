"""``meiriqi xboard`` in a real XBoard (the Debian package ``xboard``), run without a screen
under Xvfb (``xvfb-run``): games in match mode, saved, and checked move by move against the engine.

XBoard keeps its own board and refuses (forfeits) a move it cannot make on it; these tests check
that its board follows ours, a Yáng Qí King's swap included, and that nobody forfeits. Skipped
when ``xboard`` or ``xvfb-run`` is not installed (``apt-get install xboard xvfb``).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import meiriqi
from meiriqi.xboard import from_gui

XBOARD = shutil.which("xboard") or shutil.which("xboard", path="/usr/games")
XVFB_RUN = shutil.which("xvfb-run")
pytestmark = pytest.mark.skipif(
    XBOARD is None or XVFB_RUN is None, reason="needs XBoard and Xvfb: apt-get install xboard xvfb"
)

SCRIPT_ENGINE = Path(__file__).with_name("xboard_script_engine.py")
ENGINE = f"{sys.executable} -m meiriqi xboard"
GAME_SECONDS = 120
"""The longest a game may take (they take seconds)."""


@dataclass(frozen=True)
class PlayedGame:
    """A game XBoard played: its record, its final FEN and the moves it passed on (in XBoard's
    words), as XBoard saved and logged them."""

    record: str
    final_fen: str
    moves: list[str]


def play_match(tmp_path: Path, variant: str, second: str, games: int = 1) -> list[PlayedGame]:
    """``games`` games of ``variant`` in XBoard's match mode, ``meiriqi xboard`` as the first
    engine (White in the first game, and the one that tells XBoard the variant) against the
    command ``second``, each thinking one ply deep."""
    assert XBOARD is not None and XVFB_RUN is not None
    files = {name: tmp_path / name for name in ("game.pgn", "final.fen", "xboard.debug")}
    command = [
        XVFB_RUN, "-a", XBOARD,
        "-fcp", ENGINE, "-scp", second, "-variant", variant, "-testLegality", "false",
        "-matchMode", "true", "-matchGames", str(games), "-searchDepth", "1",
        "-saveGameFile", str(files["game.pgn"]), "-savePositionFile", str(files["final.fen"]),
        "-debugMode", "true", "-nameOfDebugFile", str(files["xboard.debug"]),
        "-popupExitMessage", "false", "-popupMoveErrors", "false",
        "-saveSettingsOnExit", "false", "-matchPause", "100",
    ]  # fmt: skip
    environment = {**os.environ, "HOME": str(tmp_path)}
    # A session of its own, so that a timeout ends XBoard, Xvfb and the engines, not only
    # xvfb-run.
    xboard = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = xboard.communicate(timeout=GAME_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(xboard.pid, signal.SIGKILL)
        xboard.communicate()
        raise AssertionError(f"XBoard's game took over {GAME_SECONDS} s") from None
    assert xboard.returncode == 0, output
    debug = files["xboard.debug"].read_text(errors="replace")
    logs = re.split(r"^New game \(\d+\)", debug, flags=re.MULTILINE)[1:]
    records = re.split(r"^(?=\[Event )", files["game.pgn"].read_text(), flags=re.MULTILINE)[1:]
    fens = files["final.fen"].read_text().splitlines()
    assert len(logs) == len(records) == len(fens) == games, debug
    move = re.compile(r"^\d+ <(?:first |second): move (\S+)$", re.MULTILINE)
    return [
        PlayedGame(record, fen, move.findall(log)) for record, fen, log in zip(records, fens, logs)
    ]


def placement(fen: str) -> tuple[str, str]:
    """The pieces of a FEN: its board, and its hands as sorted letters (XBoard lists a hand in an
    order of its own, and an empty one as ``[-]``)."""
    board, _, hands = fen.split()[0].partition("[")
    return board, "".join(sorted(hands.strip("]-")))


def replay(variant: str, moves: list[str]) -> meiriqi.Board:
    """The game of ``moves`` (in XBoard's words), each checked legal by the engine's rules."""
    board = meiriqi.Board(variant=variant)
    for move in moves:
        board.push(board.parse_uci(from_gui(move, board)))
    return board


def test_xboard_follows_a_king_swap_and_the_game_goes_on(tmp_path: Path) -> None:
    # Black swaps its King with the Vao beside it (e10 <-> d10), then moves the Vao from the
    # King's old square: an XBoard that took the Vao off the board refuses that move.
    # In the second game the script is White: it plays a3-a4 (a2a3 to XBoard) and resigns. That
    # game shows that the first left XBoard ready for the next.
    script = f"{sys.executable} {SCRIPT_ENGINE} yangqi a2a3 e9d9,e9d8"
    first, second = play_match(tmp_path, "yangqi", script, games=2)
    moves = first.moves
    assert moves[1::2] == ["e9d9", "e9d8"]
    before = replay("yangqi", moves[:1])
    assert before.is_swap(before.parse_uci(from_gui(moves[1], before)))
    board = replay("yangqi", moves)
    assert board.piece_at(meiriqi.parse_square("d9")) == meiriqi.Piece.from_symbol(
        "v", variant="yangqi"
    )
    assert first.final_fen.split()[0] == board.fen().split()[0]
    assert re.search(r"\{Black resigns\} 1-0\s*$", first.record), first.record
    assert second.moves[0] == "a2a3" and len(second.moves) == 2
    board = replay("yangqi", second.moves)
    assert second.final_fen.split()[0] == board.fen().split()[0]
    assert re.search(r"\{White resigns\} 0-1\s*$", second.record), second.record


# XBoard 4.9's own count of the hands goes wrong where the game starts with them full and
# empties them by drops (Sittuyin, told with `setup`: after the setup phase its final FEN still
# lists six Kings in White's hand); the board and every move are right.
XBOARD_MISCOUNTS_HANDS = {"sittuyin"}


# Capablanca Chess, Crazyhouse, Three-check and Seirawan chess (gating): games XBoard plays by
# itself, from their own starts (the engine claims a third check); Horde (a side without a King)
# and Sittuyin (a setup phase, promotions in place): games XBoard is told.
@pytest.mark.parametrize(
    "variant",
    [
        "yangqi",
        "meiriqi",
        "capablanca",
        "crazyhouse",
        "minishogi",
        "3check",
        "horde",
        "seirawan",
        "sittuyin",
    ],
)
def test_engine_against_engine_nobody_forfeits(tmp_path: Path, variant: str) -> None:
    (game,) = play_match(tmp_path, variant, ENGINE)
    board = replay(variant, game.moves)
    if variant in XBOARD_MISCOUNTS_HANDS:
        assert placement(game.final_fen)[0] == placement(board.fen())[0]
    else:
        assert placement(game.final_fen) == placement(board.fen())
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None, game.record
    assert re.search(rf"\}} {re.escape(outcome.result())}\s*$", game.record), game.record
    assert "Forfeit" not in game.record and "llegal" not in game.record
