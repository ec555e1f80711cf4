"""The web app's JSON API, apart from HTTP: :meth:`Api.handle` takes a request's method, path,
query and body and answers with a status and a JSON object. Every mistake is answered with its
reason (``{"error": "..."}``) and a 4xx status, never an exception.

``GET /api/variants``
    the variants offered: ``{"variants": [{"name", "title", "description", "builtin"}],
    "default": name}``; ``POST`` with ``{"toml": text, "file": name}`` loads a variant file.
``GET /api/guide?variant=NAME[&piece=LETTER]``
    the variant's pieces (``{"pieces": [...]}``), or the guide to one piece with its pictures.
``POST /api/games``
    opens a game: ``{"variant", "computer": ["black"], "level": "1s"}``, each optional.
``GET /api/games/ID``
    the game's state; ``?ply=N`` shows the position after N plies, ``&flipped=1`` from Black's
    side, and ``&since=V`` waits (up to 20 s) for a version above V.
``POST /api/games/ID/ACTION``
    ``new`` (as opening), ``move`` ``{"move": "c3c4" or "c4"}``, ``takeback``, ``movenow``,
    ``hint``, ``analysis`` ``{"ply": N}``, ``analysis/stop``, ``players`` ``{"computer": [...]}``,
    ``level`` ``{"level": "depth 3"}``, ``load`` ``{"text"}`` or ``{"fen"}`` or ``{"pgn"}``,
    ``claim``; each answers with the state, shown as ``?ply=`` and ``&flipped=`` ask.
``GET /api/games/ID/pgn``
    the game's record: ``{"pgn": text}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from meiriqi import Board, Variant, catalog, pgn
from meiriqi.names import game_name
from meiriqi.repl import Level, parse_level
from meiriqi.web.games import SIDES, Game, GameNotFoundError, Games
from meiriqi.web.guide_pictures import guide_entry, piece_list

__all__ = ["Api", "ApiError"]

Query = Mapping[str, list[str]]
Answer = tuple[int, dict[str, Any]]


class ApiError(Exception):
    """A request the API refuses, with its HTTP status and reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


_GAME_ACTIONS: dict[str, Callable[[Game, dict[str, Any]], None]] = {
    "move": lambda game, body: game.play(_text(body, "move")),
    "takeback": lambda game, body: game.take_back(),
    "movenow": lambda game, body: game.move_now(),
    "hint": lambda game, body: game.ask_hint(),
    "analysis": lambda game, body: game.analyse(_optional_int(body, "ply")),
    "analysis/stop": lambda game, body: game.stop_analysis(),
    "players": lambda game, body: game.set_players(_players(_field(body, "computer"))),
    "level": lambda game, body: game.set_level(_level(_field(body, "level"))),
    "load": lambda game, body: game.load(
        _optional_text(body, "text") or "",
        fen=_optional_text(body, "fen"),
        record=_optional_text(body, "pgn"),
    ),
    "claim": lambda game, body: game.claim(),
}
"""The actions on a game (``POST /api/games/ID/ACTION``) but ``new``."""


class Api:
    """The API of one server, over its :class:`Games`."""

    def __init__(self, games: Games) -> None:
        self.games = games

    def handle(self, method: str, path: str, query: Query, body: bytes = b"") -> Answer:
        """Answers one request: a status and a JSON object (``{"error": reason}`` for a refused
        one)."""
        try:
            return self._route(method, path, query, body)
        except ApiError as error:
            return error.status, {"error": error.reason}
        except GameNotFoundError as error:
            return 404, {"error": str(error)}
        except ValueError as error:
            return 400, {"error": str(error)}

    def _route(self, method: str, path: str, query: Query, body: bytes) -> Answer:
        """Finds the endpoint of ``path`` and runs it."""
        parts = path.strip("/").split("/")
        if parts[:1] != ["api"]:
            raise ApiError(404, f"no such page: {path[:80]!r}")
        rest = parts[1:]
        if rest == ["variants"]:
            _allow(method, "GET", "POST")
            if method == "GET":
                return 200, _variants(self.games.variant)
            return 201, _load_variant(_json(body))
        if rest == ["guide"]:
            _allow(method, "GET")
            return 200, _guide(query)
        if rest == ["games"]:
            _allow(method, "POST")
            game = self._open(_json(body))
            return 201, game.state()
        if len(rest) >= 2 and rest[0] == "games":
            return self._game(method, rest[1], "/".join(rest[2:]), query, body)
        raise ApiError(404, f"no such API endpoint: {path[:80]!r}")

    def _open(self, body: dict[str, Any]) -> Game:
        """A new game as ``body`` asks."""
        variant, computer, level = _new_game(body)
        return self.games.open(variant, computer, level)

    def _game(self, method: str, game_id: str, action: str, query: Query, body: bytes) -> Answer:
        """An endpoint of one game."""
        game = self.games.get(game_id)
        ply = _query_int(query, "ply")
        flipped = _query_flag(query, "flipped")
        if action == "":
            _allow(method, "GET")
            since = _query_int(query, "since")
            if since is not None:
                game.wait(since)
            return 200, game.state(ply, flipped)
        if action == "pgn":
            _allow(method, "GET")
            return 200, {"pgn": game.record()}
        _allow(method, "POST")
        fields = _json(body)
        if action == "new":
            game.new(*_new_game(fields))
        elif action in _GAME_ACTIONS:
            _GAME_ACTIONS[action](game, fields)
        else:
            actions = ", ".join(["new", *_GAME_ACTIONS, "pgn"])
            raise ApiError(404, f"no game action {action[:40]!r}; the actions are {actions}")
        return 200, game.state(ply, flipped)


def _allow(method: str, *allowed: str) -> None:
    """Refuses a method the endpoint does not take (405)."""
    if method not in allowed:
        raise ApiError(405, f"{method} is not allowed here: use {' or '.join(allowed)}")


def _json(body: bytes) -> dict[str, Any]:
    """The request's JSON object (an empty body is an empty object)."""
    if not body.strip():
        return {}
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"the request body is not JSON: {error}") from None
    except RecursionError:
        raise ValueError(
            "the request body is not JSON this server reads: nested too deep"
        ) from None
    if not isinstance(value, dict):
        raise ValueError('the request body must be a JSON object, such as {"move": "c3c4"}')
    return value


def _field(body: dict[str, Any], name: str) -> Any:
    """A field the request must have."""
    if name not in body:
        raise ValueError(f"the request needs the field {name!r}")
    return body[name]


def _text(body: dict[str, Any], name: str) -> str:
    """A text field the request must have."""
    value = _field(body, name)
    if not isinstance(value, str):
        raise ValueError(f"the field {name!r} must be text")
    return value


def _optional_text(body: dict[str, Any], name: str) -> str | None:
    """A text field, or ``None`` when absent."""
    return None if body.get(name) is None else _text(body, name)


def _optional_int(body: dict[str, Any], name: str) -> int | None:
    """A whole-number field, or ``None`` when absent."""
    value = body.get(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"the field {name!r} must be a whole number")
    return value


def _query_int(query: Query, name: str) -> int | None:
    """A whole-number query parameter, or ``None`` when absent."""
    values = query.get(name)
    if not values:
        return None
    try:
        return int(values[-1])
    except ValueError:
        raise ValueError(f"bad {name} {values[-1][:20]!r}: expected a whole number") from None


def _query_flag(query: Query, name: str) -> bool:
    """A yes/no query parameter (``1``/``0``, ``true``/``false``); no by default."""
    values = query.get(name)
    if not values:
        return False
    value = values[-1].lower()
    if value not in ("1", "0", "true", "false"):
        raise ValueError(f"bad {name} {value[:20]!r}: expected 1 or 0")
    return value in ("1", "true")


def _players(names: object) -> set[bool]:
    """The sides the computer plays, from a JSON list of ``"white"`` and ``"black"``;
    ``ValueError`` for anything else."""
    if not isinstance(names, list):
        raise ValueError(
            'the computer\'s sides are a list of "white" and "black", such as ["black"] or []'
        )
    sides = set()
    for name in names:
        if not isinstance(name, str) or name.lower() not in SIDES:
            raise ValueError(f'bad side {name!r}: the computer plays "white" and/or "black"')
        sides.add(SIDES[name.lower()])
    return sides


def _level(text: object) -> Level:
    """A level from a page: text such as ``"1s"`` or ``"depth 3"``; ``ValueError`` otherwise."""
    if not isinstance(text, str):
        raise ValueError('a level is text such as "1s", "500ms" or "depth 3"')
    return parse_level(text)


def _variant(value: object) -> str:
    """A variant's machine name from its name or title."""
    if not isinstance(value, str):
        raise ValueError('the variant is a name such as "meiriqi" (see /api/variants)')
    return pgn.variant_name(value)


def _new_game(body: dict[str, Any]) -> tuple[str | None, set[bool] | None, Level | None]:
    """The variant, the computer's sides and the level a new game asks for (``None``: as
    before)."""
    variant = None if body.get("variant") is None else _variant(body["variant"])
    computer = None if body.get("computer") is None else _players(body["computer"])
    level = None if body.get("level") is None else _level(body["level"])
    return variant, computer, level


def _variants(default: str) -> dict[str, Any]:
    """The variants offered, and the server's ``default``."""
    return {
        "default": default,
        "variants": [
            {
                "name": name,
                "title": game_name(Board.empty(variant=name)),
                "description": description,
                "builtin": Variant(name).is_builtin,
            }
            for name, description in catalog.variants().items()
        ],
    }


def _load_variant(body: dict[str, Any]) -> dict[str, Any]:
    """Loads the variant file sent as text; its name and description."""
    file = _optional_text(body, "file") or "<uploaded>"
    variant = Variant.from_toml(_text(body, "toml"), file=file[:200])
    return {"name": variant.name, "title": variant.title, "description": variant.description}


def _guide(query: Query) -> dict[str, Any]:
    """The pieces of ``?variant=``, or the guide to ``&piece=``."""
    values = query.get("variant")
    if not values:
        raise ValueError("the guide needs ?variant=NAME")
    variant = _variant(values[-1])
    pieces = query.get("piece")
    if not pieces:
        return {"variant": variant, "pieces": piece_list(variant)}
    return guide_entry(variant, pieces[-1])
