"""``meiriqi serve``: the web app's HTTP server, on Python's standard library alone.

It serves the page's own files (``static/``, read once at the start: any other path is
answered 404, so no file outside them can be reached) and the JSON API of :mod:`.api`. It binds
to 127.0.0.1 unless told otherwise, and then answers only requests addressed to this machine by
name (``127.0.0.1``, ``localhost``, ``[::1]``), so that a web page elsewhere cannot reach it
through a host name of its own. Every refusal, from the API or from HTTP itself (a malformed
request, a method it does not take, a body too large), is a JSON object with its reason and a
4xx status. Each request has a thread of its own, so that a request waiting for news or the
computer's thinking holds nothing else up.
"""

from __future__ import annotations

import argparse
import errno
import http.server
import importlib.resources
import ipaddress
import json
import socket
import sys
import threading
import traceback
import urllib.parse
import webbrowser
from typing import Any, TextIO

from meiriqi import cli_options
from meiriqi.repl import Level
from meiriqi.web.api import Api
from meiriqi.web.games import Games

__all__ = ["DEFAULT_PORT", "MAX_BODY", "WebServer", "add_parser", "assets", "make_server", "serve"]

DEFAULT_PORT = 8000
"""The port tried first when none is given (another free one is taken when it is in use)."""
MAX_BODY = 1 << 20
"""The largest request body taken, in bytes (a game record or a variant file fits)."""

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
_LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}
_POLICY = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
)
"""The page's content security policy: its own files only, pictures as data URLs."""


def assets() -> dict[str, tuple[bytes, str]]:
    """The page's files by their address (``/`` is ``index.html``): content and media type."""
    folder = importlib.resources.files("meiriqi.web").joinpath("static")
    files = {}
    for item in folder.iterdir():
        suffix = "." + item.name.rpartition(".")[2]
        if item.is_file() and suffix in _TYPES:
            files["/" + item.name] = (item.read_bytes(), _TYPES[suffix])
    files["/"] = files["/index.html"]
    return files


class WebServer(http.server.ThreadingHTTPServer):
    """The server: its games, their API and the page's files."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], games: Games) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)
        self.games = games
        self.api = Api(games)
        self.files = assets()
        self.loopback_only = _is_loopback(address[0])

    @property
    def url(self) -> str:
        """The page's address, such as ``http://127.0.0.1:8000/``."""
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        shown = f"[{name}]" if ":" in name else name
        return f"http://{shown}:{port}/"

    def close(self) -> None:
        """Stops the games' searches and closes the socket (after :meth:`shutdown` when
        :meth:`serve_forever` runs in another thread)."""
        self.games.stop()
        self.server_close()


def _is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine's loopback address (or ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Handler(http.server.BaseHTTPRequestHandler):
    """One request: a page file, or the API."""

    server: WebServer
    server_version = "meiriqi"
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        """A page file, or an API read."""
        self._answer()

    def do_POST(self) -> None:
        """An API action."""
        self._answer()

    def _answer(self) -> None:
        """Checks the request's host and body, then answers it."""
        if self.server.loopback_only and not self._to_this_machine():
            self._send_json(403, {"error": "this server answers only requests to 127.0.0.1"})
            return
        address = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(address.path)
        if not path.startswith("/api/"):
            self._send_file(path)
            return
        body = self._body()
        if body is None:
            return
        query = urllib.parse.parse_qs(address.query)
        try:
            status, payload = self.server.api.handle(self.command, path, query, body)
        except Exception as error:  # a bug: say so to the page and the terminal, and go on
            traceback.print_exc()
            status, payload = 500, {"error": f"internal error: {error!r}"}
        self._send_json(status, payload)

    def _to_this_machine(self) -> bool:
        """Whether the request's Host header names this machine."""
        host = self.headers.get("Host", "")
        name = urllib.parse.urlsplit(f"//{host}").hostname or ""
        return name.lower() in _LOOPBACK_NAMES

    def _body(self) -> bytes | None:
        """The request's body; ``None`` after refusing it (too large, or of unknown length)."""
        if "Transfer-Encoding" in self.headers:
            self._send_json(411, {"error": "send the body with a Content-Length"})
            return None
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0:
            self._send_json(400, {"error": "bad Content-Length"})
            return None
        if length > MAX_BODY:
            self._send_json(413, {"error": f"the body is too large: at most {MAX_BODY} bytes"})
            self.close_connection = True
            return None
        return self.rfile.read(length)

    def _send_file(self, path: str) -> None:
        """One of the page's files: by its exact address, nothing else."""
        if self.command != "GET":
            self._send_json(405, {"error": f"{self.command} is not allowed here: use GET"})
            return
        found = self.server.files.get(path)
        if found is None:
            self._send_json(404, {"error": f"no such page: {path[:80]!r}"})
            return
        content, media_type = found
        headers = {"Content-Security-Policy": _POLICY} if media_type.startswith("text/html") else {}
        self._send(200, content, media_type, headers)

    def _send_json(self, status: int, payload: dict[str, Any]) -> None:
        """A JSON answer."""
        content = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self._send(status, content, "application/json; charset=utf-8")

    def _send(
        self, status: int, content: bytes, media_type: str, headers: dict[str, str] | None = None
    ) -> None:
        """An answer with ``content``, never cached, never sniffed."""
        try:
            self.send_response(status)
            self.send_header("Content-Type", media_type)
            self.send_header("Content-Length", str(len(content)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(content)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the page went away: nothing to tell it

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """HTTP's own refusals (a malformed request, a method not taken) as JSON with a status
        line, even to a request line too garbled to tell its version; a method http.server
        does not know is refused as one the server does not allow (405)."""
        if code == 501:
            code, message = 405, f"{self.command} is not allowed: use GET or POST"
        if self.request_version == "HTTP/0.9":  # a request line it could not read
            self.request_version = "HTTP/1.0"  # answer with a status line and headers
        self.close_connection = True
        self._send_json(code, {"error": message or explain or "bad request"})

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows only the address and real problems."""


def make_server(
    host: str = "127.0.0.1", port: int = 0, *, variant: str = "meiriqi", level: Level | None = None
) -> WebServer:
    """A server on ``host``:``port`` (0: any free port) whose page opens on a game of
    ``variant`` at ``level``; call ``serve_forever()`` to run it."""
    return WebServer((host, port), Games(variant, level))


def serve(
    host: str = "127.0.0.1",
    port: int | None = None,
    *,
    variant: str = "meiriqi",
    level: Level | None = None,
    open_browser: bool = True,
    out: TextIO = sys.stdout,
) -> int:
    """Runs the server until Ctrl-C, saying its address on ``out`` and opening it in the
    user's browser; returns 2 (after saying why) when it cannot listen there."""
    try:
        server = _listen(host, port, variant, level)
    except OSError as error:
        why = error.strerror or error
        hint = " (choose another with --port, or --port 0 for any free one)"
        print(f"meiriqi serve: cannot listen on {host}:{port}: {why}{hint}", file=sys.stderr)
        return 2
    print(f"meiriqi serve: playing at {server.url} (Ctrl-C to stop)", file=out, flush=True)
    if not server.loopback_only:
        print(
            "meiriqi serve: anyone who can reach this machine on that port may play",
            file=out,
            flush=True,
        )
    if open_browser:
        threading.Thread(target=_open_browser, args=(server.url, out), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        server.close()
    return 0


def _listen(host: str, port: int | None, variant: str, level: Level | None) -> WebServer:
    """The server on ``port``; with none given, on :data:`DEFAULT_PORT` or else any free one."""
    if port is not None:
        return make_server(host, port, variant=variant, level=level)
    try:
        return make_server(host, DEFAULT_PORT, variant=variant, level=level)
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        return make_server(host, 0, variant=variant, level=level)


def _open_browser(url: str, out: TextIO) -> None:
    """Opens ``url`` in a graphical browser, if there is one (a text browser would take over
    the terminal)."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        browser = None
    if browser is None or type(browser) is webbrowser.GenericBrowser or not browser.open(url):
        print("meiriqi serve: no browser to open: open the address above", file=out, flush=True)


def _run(args: argparse.Namespace) -> int:
    """``meiriqi serve`` from its parsed arguments."""
    level = Level(time=args.time) if args.depth is None else Level(None, args.depth)
    return serve(
        args.host, args.port, variant=args.variant, level=level, open_browser=not args.no_browser
    )


def add_parser(commands: argparse._SubParsersAction[cli_options.ArgumentParser]) -> None:
    """The ``serve`` command."""
    parser = commands.add_parser(
        "serve",
        help="play in your web browser: a local web app for every variant (docs/web.md)",
        description="Starts a local web app to play every variant in the browser, says its "
        "address and opens it. The page opens on a new game of --variant, you as White against "
        "the computer.",
    )
    parser.add_argument(
        "--port",
        type=cli_options.number("port", 0, 65535),
        metavar="N",
        help=f"the port to listen on (default: {DEFAULT_PORT}, or any free one when it is in "
        "use; 0: any free one)",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: %(default)s, this machine only)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the page in a browser"
    )
    cli_options.add_level(parser, 1.0)
    cli_options.add_variant(parser)
    parser.set_defaults(run=_run)
