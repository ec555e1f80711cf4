"""The web app's server and API (``meiriqi serve``), over HTTP without a browser: the page's
files and nothing else, a game against the computer, take-back, hints, analysis, load and save,
and every mistake answered with its reason and a 4xx status."""

from __future__ import annotations

import importlib.resources
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from variant_text import renamed
from web_support import QUICK, address, call, request, running_server, settled

import meiriqi
from meiriqi import pgn
from meiriqi.repl import Level
from meiriqi.web import WebServer, games
from meiriqi.web.api import Api

ROOT = Path(__file__).resolve().parent.parent
MITREGI = "wildeurasian-mitregi"
PROMOTION = "9k/10/10/4I5/10/10/10/10/10/7K2 w - - 0 1"
"""Mĕirìqí: White's Pawn on e7 may step into the camp as a Pawn or a Champion."""


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    """A server for the module's tests; each opens games of its own."""
    with running_server() as running:
        yield running


def open_game(server: WebServer, **settings: object) -> dict[str, Any]:
    """A new game's state."""
    status, state, _ = request(server, "POST", "/api/games", settings)
    assert status == 201 and isinstance(state, dict), state
    return state


# -- the page's files, and nothing else ------------------------------------------------------------


def test_the_page_and_its_files_are_served(server: WebServer) -> None:
    status, page, response = request(server, "GET", "/")
    assert status == 200 and b'id="board"' in page
    assert response.getheader("Content-Type") == "text/html; charset=utf-8"
    assert "default-src 'self'" in response.getheader("Content-Security-Policy", "")
    for name, kind in (("app.js", "text/javascript"), ("app.css", "text/css")):
        status, content, response = request(server, "GET", f"/{name}")
        assert status == 200 and content
        assert response.getheader("Content-Type", "").startswith(kind)
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert f"/{name}".encode() in page


def test_the_installed_package_holds_the_page() -> None:
    folder = importlib.resources.files("meiriqi.web").joinpath("static")
    names = {item.name for item in folder.iterdir()}
    assert {"index.html", "app.js", "app.css", "favicon.svg"} <= names


def test_the_page_asks_for_nothing_from_elsewhere() -> None:
    folder = importlib.resources.files("meiriqi.web").joinpath("static")
    for item in folder.iterdir():
        text = item.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"(https?:)?//", text), item.name
        assert "import " not in text or item.name != "app.js", "no modules to fetch"


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/%2e%2e/pyproject.toml",
        "/..%2f..%2fpyproject.toml",
        "/static/app.js",
        "/app.js/../../__init__.py",
        "/__init__.py",
        "/server.py",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/index.html%00.py",
        "/./app.js/",
        "/api/../server.py",
        "/api",
        "/API/variants",
    ],
)
def test_no_file_outside_the_page_is_served(server: WebServer, path: str) -> None:
    with socket.create_connection(address(server), timeout=10) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        answer = _read_answer(connection)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split()[1] == b"404", answer[:200]
    assert b'"error"' in body
    assert b"[project]" not in body and b"import" not in body and b"root:" not in body


def _read_answer(connection: socket.socket) -> bytes:
    """A whole HTTP answer (the server gives its length)."""
    data = b""
    while True:
        chunk = connection.recv(65536)
        data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = re.search(rb"Content-Length: (\d+)", head)
        if not chunk or (length and len(body) >= int(length[1])):
            return data


def test_requests_must_name_this_machine(server: WebServer) -> None:
    status, answer, _ = request(server, "GET", "/", headers={"Host": "evil.example"})
    assert status == 403 and "127.0.0.1" in answer["error"]
    for host in ("localhost", "127.0.0.1:8000", "[::1]:80"):
        status, _, _ = request(server, "GET", "/", headers={"Host": host})
        assert status == 200, host


def test_the_server_binds_to_this_machine_by_default() -> None:
    with running_server() as running:
        assert running.server_address[0] == "127.0.0.1" and running.loopback_only
        assert running.url.startswith("http://127.0.0.1:")


# -- playing ---------------------------------------------------------------------------------------


def test_a_new_game_is_white_against_the_computer(server: WebServer) -> None:
    state = open_game(server)
    assert state["variant"] == "meiriqi" and state["title"] == "Mĕirìqí"
    assert state["computer"] == ["black"] and state["level"] == "depth 1"
    assert state["fen"] == meiriqi.STARTING_FEN and state["view"]["fen"] == state["fen"]
    assert len(state["view"]["legal"]) == 44
    assert 'data-square="e4"' in state["view"]["svg"]


def test_a_move_gets_the_computers_reply(server: WebServer) -> None:
    game = open_game(server)["id"]
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "c4"})
    assert state["moves"][0] == "c4"
    state = settled(server, game)
    assert len(state["moves"]) == 2 and state["turn"] == "white"
    board = meiriqi.Board()
    for san in state["moves"]:
        board.push_san(san)
    assert state["fen"] == board.fen() == state["view"]["fen"]
    lastmove = board.peek()
    assert f'data-square="{meiriqi.square_name(lastmove.to_square)}"' in state["view"]["svg"]
    assert state["view"]["svg"].count('class="lastmove"') == 2


def test_take_back_removes_the_computers_reply_too(server: WebServer) -> None:
    game = open_game(server)["id"]
    call(server, "POST", f"/api/games/{game}/move", {"move": "c3c4"})
    settled(server, game)
    state = call(server, "POST", f"/api/games/{game}/takeback")
    assert state["moves"] == [] and state["fen"] == meiriqi.STARTING_FEN
    status, answer, _ = request(server, "POST", f"/api/games/{game}/takeback")
    assert status == 400 and "nothing to take back" in answer["error"]


def test_two_players_and_the_positions_of_the_move_list(server: WebServer) -> None:
    game = open_game(server, computer=[])["id"]
    for move in ("c4", "Nb7", "e5"):
        call(server, "POST", f"/api/games/{game}/move", {"move": move})
    board = meiriqi.Board()
    fens = [board.fen()]
    for move in ("c4", "Nb7", "e5"):
        board.push_san(move)
        fens.append(board.fen())
    for ply, fen in enumerate(fens):
        view = call(server, "GET", f"/api/games/{game}?ply={ply}&flipped=1")["view"]
        assert view["fen"] == fen and view["flipped"]
        assert view["legal"] == [] or ply == 3
    state = call(server, "POST", f"/api/games/{game}/takeback")
    assert state["moves"] == ["c4", "Nb7"], "with no computer, one ply at a time"


def test_a_promotion_offers_its_choices(server: WebServer) -> None:
    game = open_game(server, computer=[])["id"]
    view = call(server, "POST", f"/api/games/{game}/load", {"fen": PROMOTION})["view"]
    choices = [move for move in view["legal"] if move["from"] == "e7" and move["to"] == "e8"]
    becomes = sorted((move["becomes"]["name"], move["becomes"]["promotes"]) for move in choices)
    assert becomes == [("champion", True), ("pawn", False)]
    assert all("<svg" in move["becomes"]["picture"] for move in choices)
    sideways = next(move for move in view["legal"] if move["to"] == "d7")
    assert sideways["becomes"] is None and sideways["kind"] == "move"
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "e7e8c"})
    assert state["moves"] == ["e8=C"] and "4C5" in state["fen"]


def test_the_kinds_of_moves_are_marked(server: WebServer) -> None:
    yangqi = open_game(server, variant="yangqi", computer=[])["view"]["legal"]
    swaps = sorted(move["to"] for move in yangqi if move["kind"] == "swap")
    assert swaps == ["d1", "f1"]
    start = meiriqi.Board(variant=MITREGI).fen()
    castling = start.replace("/2PV1QK1VP2/1RNBCGTCBNR1/", "/2PV1QK3R1/1RNBCGTCBN2/")
    game = open_game(server, variant=MITREGI, computer=[])["id"]
    legal = call(server, "POST", f"/api/games/{game}/load", {"fen": castling})["view"]["legal"]
    assert [move["uci"] for move in legal if move["kind"] == "castle"] == ["g3i3"]
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "g3i3"})
    assert state["moves"] == ["O-O"] and "/2PV1Q1RK3/" in state["fen"]
    hand = start.replace("lhmj", "1hmj").replace("[]", "[L]")
    legal = call(server, "POST", f"/api/games/{game}/load", {"fen": hand})["view"]["legal"]
    drops = [move for move in legal if move["kind"] == "drop"]
    assert drops and all(move["drop"] == "L" and move["from"] is None for move in drops)
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "L@e5"})
    assert state["moves"] == ["L@e5"] and "/4L7/" in state["fen"] and "[] b" in state["fen"]


def test_hint_and_analysis(server: WebServer) -> None:
    game = open_game(server)["id"]
    call(server, "POST", f"/api/games/{game}/hint")
    state = settled(server, game)
    hint = state["hint"]
    assert hint["ply"] == 0 and meiriqi.Board().parse_san(hint["san"]).uci() == hint["uci"]
    assert 'class="arrow"' in state["view"]["svg"]
    state = call(server, "POST", f"/api/games/{game}/analysis", {"ply": 0})
    assert state["helper"] == "analysis" and state["analysis"]["running"]
    for _ in range(50):
        if state["analysis"]["depth"] >= 2:
            break
        state = call(server, "GET", f"/api/games/{game}?since={state['version']}")
    analysis = call(server, "POST", f"/api/games/{game}/analysis/stop")["analysis"]
    assert not analysis["running"] and analysis["depth"] >= 2
    assert re.fullmatch(r"[+-][0-9]+\.[0-9]{2}|(White|Black) mates in [0-9]+", analysis["score"])
    board = meiriqi.Board()
    for san in analysis["pv"]:
        board.push_san(san)
    status, answer, _ = request(server, "POST", f"/api/games/{game}/analysis/stop")
    assert status == 400 and "no analysis" in answer["error"]


def test_move_now_and_computer_against_computer(server: WebServer) -> None:
    game = open_game(server)["id"]
    state = call(server, "POST", f"/api/games/{game}/movenow")
    state = settled(server, game)
    assert len(state["moves"]) == 2, "the computer played White's move, then Black's"
    call(server, "POST", f"/api/games/{game}/players", {"computer": ["white", "black"]})
    state = call(server, "GET", f"/api/games/{game}")
    for _ in range(100):
        if len(state["moves"]) >= 6:
            break
        state = call(server, "GET", f"/api/games/{game}?since={state['version']}")
    assert len(state["moves"]) >= 6
    state = call(server, "POST", f"/api/games/{game}/players", {"computer": []})
    assert state["computer"] == []
    state = settled(server, game)
    assert not state["thinking"] and state["view"]["legal"]


def test_a_new_game_stops_the_computers_thinking(server: WebServer) -> None:
    game = open_game(server, level="30s", computer=["white"])
    assert game["thinking"]
    started = time.monotonic()
    state = call(server, "POST", f"/api/games/{game['id']}/new", {"computer": ["black"]})
    assert not state["thinking"] and state["moves"] == [] and state["level"] == "30s"
    for _ in range(100):
        searching = [t for t in threading.enumerate() if t.name == "meiriqi-web-move"]
        if not searching:
            break
        time.sleep(0.05)
    assert not searching and time.monotonic() - started < 10
    assert call(server, "GET", f"/api/games/{game['id']}")["moves"] == []


def test_a_game_no_page_asks_about_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "UNWATCHED_SECONDS", 0.5)
    with running_server() as running:
        # A tenth of a second a move: the game goes on for far longer than the test looks.
        game_id = open_game(running, computer=["white", "black"], level="0.1s")["id"]
        game = running.games.get(game_id)
        time.sleep(1.5)
        paused = len(game.sans)
        assert paused > 0 and "move" not in game.jobs
        time.sleep(0.5)
        assert len(game.sans) == paused, "nobody watches: the computer waits"
        state = call(running, "GET", f"/api/games/{game_id}")
        assert state["thinking"] or len(state["moves"]) > paused
        call(running, "GET", f"/api/games/{game_id}?since={state['version']}")
        assert len(game.sans) > paused, "a page asks again: it plays on"


def test_a_game_ends_with_its_reason(server: WebServer) -> None:
    game = open_game(server, computer=[])["id"]
    mate = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"
    call(server, "POST", f"/api/games/{game}/load", {"fen": mate})
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "Rb10"})
    assert state["result"] == "1-0" and state["ending"].startswith("Checkmate: White wins")
    assert state["check"] and 'class="check"' in state["view"]["svg"]
    assert state["view"]["legal"] == []
    status, answer, _ = request(server, "POST", f"/api/games/{game}/move", {"move": "Kj9"})
    assert status == 400 and answer["error"].startswith("the game is over. Checkmate")
    record = call(server, "GET", f"/api/games/{game}/pgn")["pgn"]
    assert '[Result "1-0"]' in record and "Rb10#" in record


def test_a_draw_is_offered_and_claimed(server: WebServer) -> None:
    game = open_game(server, variant="yangqi", computer=[])["id"]
    for move in ("Nd2", "Nd9", "Nb1", "Nb10", "Nd2", "Nd9"):
        state = call(server, "POST", f"/api/games/{game}/move", {"move": move})
    assert state["claim"] is None
    state = call(server, "POST", f"/api/games/{game}/move", {"move": "Nb1"})
    assert state["claim"] == "threefold repetition", "Black's Nb10 would repeat the start"
    state = call(server, "POST", f"/api/games/{game}/claim")
    assert state["result"] == "1/2-1/2" and "threefold" in state["ending"]


# -- load and save ---------------------------------------------------------------------------------


def test_save_and_load_a_record_and_a_position(server: WebServer) -> None:
    game = open_game(server, computer=[])["id"]
    for move in ("c4", "Nb7", "e5"):
        call(server, "POST", f"/api/games/{game}/move", {"move": move})
    record = call(server, "GET", f"/api/games/{game}/pgn")["pgn"]
    read = pgn.read_game(io.StringIO(record))
    assert read is not None and not read.errors
    assert read.board().variation_san(read.mainline_moves()) == "1. c4 Nb7 2. e5"
    assert read.headers["White"] == read.headers["Black"] == "Human"
    # Nobody's computer: one playing Black could answer before the state is sent.
    other = open_game(server, computer=[])["id"]
    state = call(server, "POST", f"/api/games/{other}/load", {"text": record})
    assert state["moves"] == ["c4", "Nb7", "e5"] and state["turn"] == "black"
    shogi = '[Variant "Shogi"]\n\n1. c4 g6 2. Bxh8=+ Sxh8 *\n'
    state = call(server, "POST", f"/api/games/{other}/load", {"text": shogi})
    assert state["variant"] == "shogi" and state["fen"].endswith("[Bb] w - - 0 3")
    fen = state["fen"]
    state = call(server, "POST", f"/api/games/{other}/load", {"text": fen})
    assert state["fen"] == fen and state["moves"] == [] and state["variant"] == "shogi"
    state = call(server, "POST", f"/api/games/{other}/load", {"pgn": shogi})
    assert state["start"]["fen"] == meiriqi.Board(variant="shogi").fen()


def test_a_variant_file_can_be_loaded_and_played(server: WebServer) -> None:
    text = (ROOT / "python/meiriqi/variants/chess.toml").read_text(encoding="utf-8")
    text = renamed(text, "web-test-chess", "Web Test Chess")
    status, loaded, _ = request(server, "POST", "/api/variants", {"toml": text, "file": "x.toml"})
    assert status == 201 and loaded["name"] == "web-test-chess", loaded
    names = [v["name"] for v in call(server, "GET", "/api/variants")["variants"]]
    assert names[0] == "meiriqi" and "web-test-chess" in names and "shogi" in names
    state = open_game(server, variant="web-test-chess")
    assert state["variant"] == "web-test-chess" and len(state["view"]["legal"]) == 20
    status, answer, _ = request(server, "POST", "/api/variants", {"toml": "name = 3"})
    assert status == 400 and answer["error"]


def test_the_piece_guide(server: WebServer) -> None:
    pieces = call(server, "GET", "/api/guide?variant=meiriqi")["pieces"]
    assert [piece["name"] for piece in pieces][:3] == ["king", "mandarin", "pegasus"]
    entry = call(server, "GET", "/api/guide?variant=meiriqi&piece=h")
    assert entry["name"] == "rhino" and entry["movement"] and entry["letters"] == ["H"]
    assert len(entry["pictures"]) == 1 and 'class="arrow"' in entry["pictures"][0]["svg"]
    assert [mark["mark"] for mark in entry["legend"]] == ["*"], "the Rhino moves or captures"
    cannon = call(server, "GET", "/api/guide?variant=xiangqi&piece=C")
    assert len(cannon["pictures"]) == 2, "a hopper is also shown with screens"
    assert [mark["mark"] for mark in cannon["legend"]] == ["o", "x", "#"]
    status, answer, _ = request(server, "GET", "/api/guide?variant=meiriqi&piece=zz")
    assert status == 400 and "no piece 'zz'" in answer["error"]


# -- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "reason"),
    [
        ("POST", "move", {"move": "Kxz9"}, 400, "Kxz9"),
        ("POST", "move", {"move": "j1j5"}, 400, "illegal"),
        ("POST", "move", {"move": 5}, 400, "must be text"),
        ("POST", "move", {}, 400, "needs the field 'move'"),
        ("POST", "load", {"fen": "not a fen"}, 400, "A FEN of Mĕirìqí looks like"),
        ("POST", "load", {"text": "1. c4 Nb7 2. zz *"}, 400, "invalid san 'zz'"),
        ("POST", "load", {"text": "   "}, 400, "nothing to load"),
        ("POST", "load", {"pgn": '[Variant "Nope"]\n\n1. c4 *'}, 400, "unsupported variant"),
        ("POST", "players", {"computer": "black"}, 400, "a list"),
        ("POST", "players", {"computer": ["red"]}, 400, "bad side 'red'"),
        ("POST", "level", {"level": "fast"}, 400, "bad level 'fast'"),
        ("POST", "level", {"level": "depth 99"}, 400, "the depth must be"),
        ("POST", "new", {"variant": "checkers"}, 400, "checkers"),
        ("POST", "analysis", {"ply": 7}, 400, "no position after 7 plies"),
        ("POST", "analysis", {"ply": "1"}, 400, "whole number"),
        ("POST", "claim", None, 400, "no draw to claim"),
        ("POST", "fly", None, 404, "no game action 'fly'"),
        ("GET", "move", None, 405, "use POST"),
        ("POST", "", None, 405, "use GET"),
        ("GET", "?ply=x", None, 400, "bad ply 'x'"),
        ("GET", "?ply=-1", None, 400, "no position after -1 plies"),
        ("GET", "?flipped=maybe", None, 400, "bad flipped"),
    ],
)
def test_bad_requests_are_answered_with_their_reason(
    server: WebServer, method: str, path: str, body: object, status: int, reason: str
) -> None:
    game = open_game(server)
    separator = "" if path.startswith("?") or not path else "/"
    code, answer, response = request(
        server, method, f"/api/games/{game['id']}{separator}{path}", body
    )
    assert code == status and reason in answer["error"], answer
    assert response.getheader("Content-Type") == "application/json; charset=utf-8"
    after = call(server, "GET", f"/api/games/{game['id']}")
    assert after["fen"] == game["fen"] and after["moves"] == [], "nothing changed"


def test_malformed_requests_are_answered_with_json(server: WebServer) -> None:
    game = open_game(server)["id"]
    cases = [
        ("POST", f"/api/games/{game}/move", b"{not json", 400, "not JSON"),
        ("POST", f"/api/games/{game}/move", b'["c4"]', 400, "JSON object"),
        ("POST", f"/api/games/{game}/move", b"\xff\xfe", 400, "not JSON"),
        ("PUT", f"/api/games/{game}", b"", 405, "use GET"),
        ("DELETE", "/", b"", 405, "use GET"),
        ("BREW", "/api/variants", b"", 405, "not allowed"),
        ("GET", "/api/games/nosuchgame", b"", 404, "no game 'nosuchgame'"),
        ("GET", "/api/nothing", b"", 404, "no such API endpoint"),
        ("POST", "/api/games", b'{"computer": ["green"]}', 400, "bad side"),
        ("POST", "/api/variants", b"{}", 400, "needs the field 'toml'"),
        ("GET", "/api/guide", b"", 400, "?variant=NAME"),
    ]
    for method, path, raw, status, reason in cases:
        code, answer, _ = request(server, method, path, raw=raw)
        assert code == status and reason in answer["error"], (method, path, answer)
    with socket.create_connection(address(server), timeout=10) as connection:
        too_big = (1 << 20) + 1  # announced; the server answers before any of it is sent
        connection.sendall(
            f"POST /api/games/{game}/load HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Length: {too_big}\r\n\r\n".encode()
        )
        answer_bytes = _read_answer(connection)
    assert answer_bytes.split()[1] == b"413" and b"too large" in answer_bytes
    for line in (b"GET / NOTHTTP", b"NONSENSE", b"GET / HTTP/1.1 extra"):
        with socket.create_connection(address(server), timeout=10) as connection:
            connection.sendall(line + b"\r\n\r\n")
            answer_bytes = _read_answer(connection)
        assert answer_bytes.split()[1] == b"400" and b'"error"' in answer_bytes, line
    assert call(server, "GET", f"/api/games/{game}")["id"] == game, "the server goes on"


def test_a_forgotten_game_is_404_and_the_oldest_is_forgotten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(games, "MAX_GAMES", 2)
    with running_server() as running:
        first, second, third = (open_game(running)["id"] for _ in range(3))
        assert request(running, "GET", f"/api/games/{first}")[0] == 404
        assert request(running, "GET", f"/api/games/{second}")[0] == 200
        assert request(running, "GET", f"/api/games/{third}")[0] == 200


def test_a_move_while_the_computer_thinks_is_refused(server: WebServer) -> None:
    game = open_game(server, computer=["white"], level="30s")["id"]
    status, answer, _ = request(server, "POST", f"/api/games/{game}/move", {"move": "c4"})
    assert status == 400 and "it is the computer's move (White)" in answer["error"]
    status, answer, _ = request(server, "POST", f"/api/games/{game}/hint")
    assert status == 400 and "no hint" in answer["error"]
    state = call(server, "POST", f"/api/games/{game}/movenow")
    state = settled(server, game)
    assert len(state["moves"]) == 1, "'move now' ends the thinking with the move found"


# -- the command ---------------------------------------------------------------------------------


def test_the_serve_command_says_its_address_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    variant_file = tmp_path / "mine.toml"
    text = (ROOT / "python/meiriqi/variants/chess.toml").read_text(encoding="utf-8")
    variant_file.write_text(renamed(text, "serve-test-chess", "Serve Test"))
    process = subprocess.Popen(
        [
            *(sys.executable, "-X", "faulthandler", "-m", "meiriqi", "serve"),
            *("--port", "0", "--no-browser", "--variant-file", str(variant_file), "--depth", "1"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # Ctrl-C as at a terminal, even when the tests run as a background job (which ignores
        # SIGINT, and its children with it).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(
            r"meiriqi serve: playing at (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)\n", line
        )
        assert match, line
        with urllib.request.urlopen(match[1], timeout=60) as page:
            assert b'id="board"' in page.read()
        game = urllib.request.Request(match[1] + "api/games", data=b"{}", method="POST")
        with urllib.request.urlopen(game, timeout=60) as answer:
            assert b'"variant": "serve-test-chess"' in answer.read()
        process.send_signal(signal.SIGINT)
        errors = _errors_within(process, 60)
    finally:
        process.kill()
    assert process.returncode == 130 and "Traceback" not in errors


def _errors_within(process: subprocess.Popen[str], seconds: float) -> str:
    """What ``process`` wrote on stderr once it ended; if it does not end within ``seconds``,
    a failure showing where each of its threads stood (its faulthandler dumps them on SIGABRT)."""
    try:
        return process.communicate(timeout=seconds)[1]
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        stacks = process.communicate(timeout=seconds)[1]
        pytest.fail(f"still running {seconds} s after Ctrl-C; its threads:\n{stacks}")


def test_the_serve_command_refuses_a_port_in_use() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "meiriqi", "serve", "--port", str(port), "--no-browser"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr and "--port 0" in result.stderr


def test_the_serve_command_refuses_bad_options() -> None:
    for arguments, reason in (
        (["--port", "70000"], "invalid port 70000"),
        (["--variant", "checkers"], "checkers"),
        (["--variant-file", "/nonexistent/file.toml"], "cannot read"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "meiriqi", "serve", "--no-browser", *arguments],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2 and reason in result.stderr, result.stderr


def test_the_serve_level_and_variant_reach_the_page() -> None:
    with running_server("xiangqi", Level(time=0.25)) as running:
        state = open_game(running)
        assert state["variant"] == "xiangqi" and state["level"] == "0.25s"
        assert call(running, "GET", "/api/variants")["default"] == "xiangqi"


# -- no request makes the API fail -----------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = ["move", "fen", "pgn", "text", "computer", "level", "variant", "ply", "toml", "file"]
_ACTIONS = ["", "new", "move", "takeback", "movenow", "hint", "analysis", "analysis/stop"]
_ACTIONS += ["players", "level", "load", "claim", "pgn", "nothing", "move/extra"]


@given(
    method=st.sampled_from(["GET", "POST", "PUT"]),
    action=st.sampled_from(_ACTIONS) | st.text(max_size=12),
    query=st.dictionaries(st.sampled_from(["ply", "flipped", "since"]), st.text(max_size=6)),
    body=st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=3) | _JSON,
)
def test_no_request_makes_the_api_fail(
    method: str, action: str, query: dict[str, str], body: object
) -> None:
    api = _FUZZ_API
    game = api.games.open(computer=set())
    path = f"/api/games/{game.id}/{action}".rstrip("/")
    arguments = {name: [value] for name, value in query.items() if name != "since"}
    raw = json.dumps(body).encode()
    status, answer = api.handle(method, path, arguments, raw)
    assert isinstance(answer, dict)
    assert 200 <= status < 300 or (400 <= status < 500 and answer["error"]), (status, answer)
    game.stop()


_FUZZ_API = Api(games.Games(level=QUICK))


def test_deeply_nested_json_is_a_bad_request(server: WebServer) -> None:
    game = open_game(server)["id"]
    status, answer, _ = request(server, "POST", f"/api/games/{game}/move", raw=b"[" * 100_000)
    assert status == 400 and "not JSON" in answer["error"]
