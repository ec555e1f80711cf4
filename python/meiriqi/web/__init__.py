"""The web app: ``meiriqi serve`` plays every variant in the browser (docs/web.md).

:mod:`.server` is the HTTP server (standard library only) and serves the page in ``static/``
(plain HTML, CSS and JavaScript, no library and no build step); :mod:`.api` is its JSON API;
:mod:`.games` holds the games and runs the computer's searches in threads; :mod:`.notation`
writes positions, moves and searches for the page; :mod:`.guide_pictures` draws the piece guide.
"""

from __future__ import annotations

from meiriqi.web.server import WebServer, make_server, serve

__all__ = ["WebServer", "make_server", "serve"]
