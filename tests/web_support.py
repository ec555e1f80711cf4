"""What the web app's tests share: a server running in a thread, and requests to it."""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
from collections.abc import Iterator
from typing import Any

from meiriqi.repl import Level
from meiriqi.web import WebServer, make_server

QUICK = Level(time=None, depth=1)
"""The computer's level in the tests: one ply, so that it answers at once."""


@contextlib.contextmanager
def running_server(variant: str = "meiriqi", level: Level = QUICK) -> Iterator[WebServer]:
    """A server on a free port of 127.0.0.1, serving in a thread until the block ends."""
    server = make_server("127.0.0.1", 0, variant=variant, level=level)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.close()
        thread.join(5)


def address(server: WebServer) -> tuple[str, int]:
    """The host and port ``server`` listens on."""
    host, port = server.server_address[:2]
    assert isinstance(host, str), host
    return host, port


def request(
    server: WebServer,
    method: str,
    path: str,
    body: object = None,
    *,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, http.client.HTTPResponse]:
    """Sends one request; returns the status, the JSON answer (or the bytes of another kind)
    and the response."""
    connection = http.client.HTTPConnection(*address(server), timeout=30)
    content = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
    try:
        connection.request(method, path, body=content or None, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    if response.getheader("Content-Type", "").startswith("application/json"):
        return response.status, json.loads(data), response
    return response.status, data, response


def call(server: WebServer, method: str, path: str, body: object = None) -> dict[str, Any]:
    """A request that must succeed: its JSON answer."""
    status, answer, _ = request(server, method, path, body)
    assert status in (200, 201) and isinstance(answer, dict), answer
    return answer


def settled(server: WebServer, game_id: str, **query: object) -> dict[str, Any]:
    """The game's state once the computer has stopped thinking (and any hint or analysis)."""
    text = "&".join(f"{name}={value}" for name, value in query.items())
    state = call(server, "GET", f"/api/games/{game_id}?{text}")
    for _ in range(50):
        if not state["thinking"] and not state["helper"]:
            return state
        state = call(server, "GET", f"/api/games/{game_id}?since={state['version']}&{text}")
    raise AssertionError(f"the computer is still thinking: {state['fen']}")
