"""What the two engine protocols (``meiriqi xboard``, ``meiriqi uci``) share.

An engine reads commands on its main thread and does its long work (a search, a perft count) in a
worker thread (:class:`Searcher`), so that the reading thread stays free to answer (``isready``,
``ping``) and may end the work early (XBoard's ``?``, UCI's ``stop``) or turn a search on the
opponent's time into an ordinary one (UCI's ``ponderhit``). Whatever the worker raises is reported
on the protocol's channel, and a search that fails still ends with a move, so that a GUI never
waits for ever. Replies are written whole and flushed line by line (:class:`Output`), from either
thread.

Every number of a command is read here (:func:`whole_number`, :func:`decimal`): nonsense (not a
number, NaN, infinity, below the least the command allows) is refused with a ``ValueError``, a
number too large to matter is cut to the largest one the core takes.
"""

from __future__ import annotations

import math
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

from meiriqi import Board, Move, SearchMemory, SearchProgress, SearchResult

__all__ = [
    "ENGINE_NAME",
    "INFINITE_SECONDS",
    "MOST_NODES",
    "MOST_PLIES",
    "Limits",
    "Output",
    "SearchOptions",
    "Searcher",
    "check_value",
    "decimal",
    "describe",
    "mate_moves",
    "move_time",
    "serve",
    "standard_input",
    "whole_number",
]

ENGINE_NAME = "meiriqi"
"""The engine's name, as both protocols announce it."""

INFINITE_SECONDS = 10.0**9
"""The time given to a search that only a command may end (analysis, ``go infinite``); also the
longest time any command may set."""

MOST_PLIES = 2**32 - 1
"""The deepest search a command may ask for: a deeper one is cut to this (the core's own limit is
far below it, so both search as deep as the core goes)."""

MOST_NODES = 2**64 - 1
"""The most nodes a command may ask for: more are cut to this, the largest count the core takes."""

_DEFAULT_MOVES_TO_GO = 30
"""How many more moves a clock is assumed to have to last when the time control does not say."""
_CLOCK_RESERVE = 0.05
"""Seconds always kept on the clock, for the replies to travel."""

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_MOST_DIGITS = 30
"""Digits beyond which a whole number is only known to be huge (Python refuses to read one of
thousands of digits)."""


def whole_number(text: str, what: str, least: int | None = None, most: int | None = None) -> int:
    """``text`` read as a whole number (ASCII digits, a sign allowed), one above ``most`` cut to
    ``most``; raises ``ValueError`` (saying ``what`` needs what) for anything else or for a number
    below ``least``."""
    needed = f"{what} needs a whole number" + ("" if least is None else f" of {least} or more")
    if not _WHOLE_NUMBER.fullmatch(text):
        raise ValueError(needed)
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    value = sign * (int(digits) if len(digits) <= _MOST_DIGITS else 10**_MOST_DIGITS)
    if least is not None and value < least:
        raise ValueError(needed)
    return value if most is None else min(value, most)


def decimal(text: str, what: str, least: float = 0.0, most: float = INFINITE_SECONDS) -> float:
    """``text`` read as a decimal number (``5``, ``0.5``, ``1e3``; ASCII) of at least ``least``,
    one above ``most`` cut to ``most`` (one too large for a float too); raises ``ValueError``
    (saying ``what`` needs what) for anything else: a word, ``nan``, ``inf``, a number below
    ``least``."""
    # The pattern lets through no word (nan, inf): only digits too many for a float read as
    # infinity, and they are cut to ``most``.
    value = float(text) if _DECIMAL.fullmatch(text) else math.nan
    if not value >= least:
        raise ValueError(f"{what} needs a number of {least:g} or more")
    return min(value, most)


def describe(error: BaseException) -> str:
    """``error`` in words for a reply: the message of a ``ValueError`` (input refused), the type
    and message of anything else (a fault of the engine)."""
    if isinstance(error, ValueError):
        return str(error)
    return f"{type(error).__name__}: {error}"


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

    ``infinite`` searches until stopped (the other limits are ignored). ``ponder`` thinks on
    the opponent's time: with no time limit and no answer until :meth:`Searcher.ponderhit`
    (the opponent played the move pondered on: from then on ``time`` counts) or a stop.
    """

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None
    infinite: bool = False
    ponder: bool = False


@dataclass(frozen=True)
class SearchOptions:
    """What a search looks for besides the best move: ``lines`` best moves with their lines
    (MultiPV), only among ``moves`` (all legal moves when empty), on ``threads`` threads; with
    ``perpetual_check_loses`` a perpetual check counts as the checking side's loss (see
    :meth:`meiriqi.Board.search`)."""

    lines: int = 1
    moves: tuple[Move, ...] = ()
    threads: int = 1
    perpetual_check_loses: bool = False


_CHECK_VALUES = {"true": True, "false": False, "1": True, "0": False}
"""A check option's values: UCI's words and XBoard's numbers."""


def check_value(text: str, what: str) -> bool:
    """A check option's value ``text``: ``true`` or ``false`` (UCI's words, any case) or ``1``
    or ``0`` (XBoard's); raises ``ValueError`` saying ``what`` needs one of them otherwise."""
    value = _CHECK_VALUES.get(text.strip().lower())
    if value is None:
        raise ValueError(f"{what} needs the value true or false")
    return value


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


Job = Callable[[threading.Event], None]
"""Work for the worker thread: it gets the event set when it is to end early."""

MoveHandler = Callable[[Move | None, Sequence[Move]], None]
"""What gets a search's decision: the move to play (``None``: there is none) and the line the
search expects to follow it (empty when the search failed)."""


class Searcher:
    """Runs one job at a time (a search, a count) in a worker thread; the reading thread may
    stop it, wait for it, or leave something to be done once it has ended.

    Whatever a job raises goes to ``report`` (a line of the protocol's own), never to stderr.
    """

    def __init__(self, report: Callable[[str], None]) -> None:
        self._report = report
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._released = threading.Event()
        self._pondering: Limits | None = None
        self._timer: threading.Timer | None = None
        self._discarded = False
        self._lock = threading.Lock()
        self._busy = False
        self._afterwards: list[Callable[[], None]] = []
        self._memory = SearchMemory()  # kept from search to search until a new game

    @property
    def busy(self) -> bool:
        """Whether a job runs (it is busy until it has answered)."""
        with self._lock:
            return self._busy

    @property
    def discarded(self) -> bool:
        """Whether the running job was stopped with ``discard``: nobody waits for its answer."""
        return self._discarded

    def run(
        self, job: Job, *, released: threading.Event | None = None, ponder: Limits | None = None
    ) -> None:
        """Starts ``job`` in a new worker thread, after stopping the running one (discarded).
        ``released`` is set when the job is stopped, and, when it ponders (``ponder``: its
        limits), by :meth:`ponderhit`."""
        self.stop(discard=True)
        stop = threading.Event()
        self._stop, self._discarded = stop, False
        self._released = threading.Event() if released is None else released
        self._pondering = ponder
        with self._lock:
            self._busy = True

        def work() -> None:
            try:
                job(stop)
            except BaseException as error:  # whatever it is, it is reported
                self._report(f"the engine failed ({describe(error)})")
            finally:
                with self._lock:
                    self._busy = False
                    afterwards, self._afterwards = self._afterwards, []
                for action in afterwards:
                    action()

        self._thread = threading.Thread(target=work, name="meiriqi-worker", daemon=True)
        self._thread.start()

    def search(
        self,
        board: Board,
        limits: Limits,
        on_move: MoveHandler,
        on_info: Callable[[SearchResult], None] | None = None,
        *,
        options: SearchOptions = SearchOptions(),
        on_progress: Callable[[SearchProgress], None] | None = None,
    ) -> None:
        """Starts searching ``board`` (copied, so that the caller may go on reading its own) as
        ``options`` say: ``on_info`` gets every completed iteration (and, when the search
        stopped within an iteration, the last one again with every node searched, as GUIs
        read the nodes and speed from the last line), ``on_progress`` where the search is
        now and then, ``on_move`` the decision, all in the worker thread. A search that
        fails is reported and decides on the first legal move; a search stopped with
        ``discard`` decides nothing. An infinite search decides once stopped, a pondering
        one once stopped or hit (:meth:`ponderhit`), even when it has ended by itself
        before."""
        position = board.copy()
        released = threading.Event()
        seconds = INFINITE_SECONDS if limits.ponder else limits.time
        told_nodes = 0  # those of the last iteration told

        def tell(result: SearchResult) -> None:
            nonlocal told_nodes
            told_nodes = result.nodes
            if on_info is not None:
                on_info(result)

        def job(stop: threading.Event) -> None:
            try:
                result = position.search(
                    depth=None if limits.infinite else limits.depth,
                    time=None if limits.infinite else seconds,
                    nodes=None if limits.infinite else limits.nodes,
                    infinite=limits.infinite,
                    stop=stop,
                    info=tell,
                    progress=on_progress,
                    multipv=options.lines,
                    searchmoves=list(options.moves) or None,
                    threads=options.threads,
                    memory=self._memory,
                    perpetual_check_loses=options.perpetual_check_loses,
                )
                move, line = result.move, result.pv
                if result.depth and result.nodes > told_nodes:
                    # Stopped within an iteration: its line again, with every node searched.
                    tell(result)
            except BaseException as error:  # a GUI must still get a move
                move, line = _first_legal_move(position), []
                instead = "no move is" if move is None else "the first legal move is"
                self._report(f"the search failed ({describe(error)}); {instead} played")
            if limits.infinite:
                stop.wait()
            elif limits.ponder:
                released.wait()
            if not self._discarded:
                on_move(move, line)

        self.run(job, released=released, ponder=limits if limits.ponder else None)

    def forget(self) -> None:
        """Forgets what the searches learnt, for a new game (once the running job is
        stopped)."""
        self._memory.clear()

    def ponderhit(self) -> None:
        """The opponent played the move the running search ponders on: it goes on as an
        ordinary search, its time counted from now, and decides when done (at once when it
        has already ended). Nothing happens when no search ponders."""
        limits, self._pondering = self._pondering, None
        if limits is None or self._thread is None:
            return
        if limits.time is not None and not limits.infinite:
            self._timer = threading.Timer(limits.time, self._stop.set)
            self._timer.daemon = True
            self._timer.start()
        self._released.set()

    def stop(self, *, discard: bool = False) -> None:
        """Ends the running job and waits for it; with ``discard`` its answer is dropped,
        otherwise it is given (a search's move is played now)."""
        if self._thread is None:
            return
        self._discarded = self._discarded or discard
        self._stop.set()
        self._released.set()
        self._thread.join()
        self._thread = None
        self._pondering = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def wait(self) -> None:
        """Waits until the running job has ended by itself and answered."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def after(self, action: Callable[[], None]) -> None:
        """Does ``action`` once the running job has ended and answered (in the worker thread),
        at once when none runs."""
        with self._lock:
            if self._busy:
                self._afterwards.append(action)
                return
        action()


def _first_legal_move(board: Board) -> Move | None:
    """The first of ``board``'s legal moves: ``None`` when there is none, or when even listing
    them fails (after a failed search, the caller has reported that already)."""
    try:
        return next(iter(board.legal_moves), None)
    except Exception:  # the failure of the search is the one reported
        return None


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
    ``fallback(word, arguments)`` takes a word that is not a command. An exception from either
    goes to ``on_error(line, error)`` (a ``ValueError`` is bad input, anything else a fault of
    the engine's), so that no input ends the engine.
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
        except Exception as error:  # reported; the engine goes on
            on_error(line, error)


def standard_input() -> Iterable[str]:
    """Standard input, line by line, as text that never fails to decode."""
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    return sys.stdin
