"""What the two engine protocols (``meiriqi xboard``, ``meiriqi uci``) share.

An engine reads commands on its main thread and searches in a worker thread
(:class:`Searcher`), so that a command such as XBoard's ``?`` or UCI's ``stop`` can end a search
early. Replies are written whole and flushed line by line (:class:`Output`), from either thread.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TextIO

from meiriqi import Board, SearchResult

__all__ = [
    "ENGINE_NAME",
    "INFINITE_SECONDS",
    "Limits",
    "Output",
    "Searcher",
    "mate_moves",
    "move_time",
    "serve",
    "standard_input",
]

ENGINE_NAME = "meiriqi"
"""The engine's name, as both protocols announce it."""

INFINITE_SECONDS = 10.0**9
"""The time given to a search that only a command may end (analysis, ``go infinite``)."""

_DEFAULT_MOVES_TO_GO = 30
"""How many more moves a clock is assumed to have to last when the time control does not say."""
_CLOCK_RESERVE = 0.05
"""Seconds always kept on the clock, for the replies to travel."""


class Output:
    """Writes protocol lines to ``stream``, each whole and flushed, from any thread."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        """Writes ``line`` and a newline, then flushes."""
        with self._lock:
            self._stream.write(line + "\n")
            self._stream.flush()


@dataclass(frozen=True)
class Limits:
    """How long a search may go: plies, seconds and nodes (``None``: no limit of that kind).

    ``infinite`` searches until stopped (the other limits are ignored).
    """

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None
    infinite: bool = False


def mate_moves(plies: int) -> int:
    """A mate in ``plies`` plies counted in moves, as both protocols show it: positive when the
    side to move mates, negative when it is mated."""
    moves = (abs(plies) + 1) // 2
    return moves if plies > 0 else -moves


def move_time(remaining: float, increment: float = 0.0, moves_to_go: int | None = None) -> float:
    """The seconds to spend on one move with ``remaining`` seconds on the clock, ``increment``
    seconds added after each move and ``moves_to_go`` moves to make before the clock is next
    filled (``None``: a share fit for a sudden-death game).

    Never more than half the clock, never less than 10 ms.
    """
    moves = moves_to_go if moves_to_go and moves_to_go > 0 else _DEFAULT_MOVES_TO_GO
    usable = max(remaining - _CLOCK_RESERVE, 0.0)
    budget = usable / moves + 0.8 * increment
    return max(min(budget, usable / 2), 0.01)


class Searcher:
    """Runs one search at a time in a worker thread; the reading thread may stop it.

    ``start`` copies the board, so that the caller may go on reading (not changing) its own.
    ``on_info`` gets every completed iteration, ``on_done`` the final result, both in the worker
    thread; a search stopped with ``discard`` never reaches ``on_done``.
    """

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._discard = False

    def start(
        self,
        board: Board,
        limits: Limits,
        on_done: Callable[[SearchResult], None],
        on_info: Callable[[SearchResult], None] | None = None,
    ) -> None:
        """Starts searching ``board`` (after stopping any search still running)."""
        self.stop(discard=True)
        self._stop = threading.Event()
        self._discard = False
        position = board.copy()
        stop = self._stop

        def work() -> None:
            result = position.search(
                depth=None if limits.infinite else limits.depth,
                time=INFINITE_SECONDS if limits.infinite else limits.time,
                nodes=None if limits.infinite else limits.nodes,
                stop=stop,
                info=on_info,
            )
            if limits.infinite:
                stop.wait()
            if not self._discard:
                on_done(result)

        self._thread = threading.Thread(target=work, name="meiriqi-search", daemon=True)
        self._thread.start()

    def stop(self, *, discard: bool = False) -> None:
        """Ends the running search and waits for it; with ``discard`` its result is dropped,
        otherwise it is reported (the move is played now)."""
        if self._thread is None:
            return
        self._discard = self._discard or discard
        self._stop.set()
        self._thread.join()
        self._thread = None

    def wait(self) -> None:
        """Waits until the running search has ended by itself and reported."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None


Handler = Callable[[str], None]
"""What runs a command: it gets the words after the command's name."""


def serve(
    lines: Iterable[str],
    handlers: Mapping[str, Handler],
    fallback: Callable[[str, str], None],
    on_error: Callable[[str, Exception], None],
) -> None:
    """Reads commands from ``lines`` until one raises ``SystemExit`` (``quit``) or they end.

    A line is a command word and its arguments: ``handlers[word](arguments)`` runs it;
    ``fallback(word, arguments)`` takes a word that is not a command. A ``ValueError`` from
    either goes to ``on_error(line, error)``, so that bad input never ends the engine.
    """
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        word, _, arguments = line.partition(" ")
        handler = handlers.get(word)
        try:
            if handler is None:
                fallback(word, arguments.strip())
            else:
                handler(arguments.strip())
        except SystemExit:
            return
        except ValueError as error:
            on_error(line, error)


def standard_input() -> Iterable[str]:
    """Standard input, line by line, as text that never fails to decode."""
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    return sys.stdin
