"""``meiriqi uci``: the engine speaks UCI, with Fairy-Stockfish's ``UCI_Variant`` option.

``setoption name UCI_Variant value NAME`` chooses the game (any of
:func:`meiriqi.catalog.variants`, loaded ones too); ``MultiPV``, ``Threads``, ``Ponder`` and
``PerpetualCheckLoses`` (search as the Asian rules of Xiangqi would have a perpetual check end:
a loss for the side giving it) are the other options. ``position startpos|fen FEN [moves ...]``
sets up a position in it, moves in our coordinate notation (``c3c4``, ``a10a9``, ``c7d8o``,
drops ``P@e5``); ``go`` searches (``depth``, ``movetime``, ``nodes``, ``mate``, the clock
``wtime``/``btime``/``winc``/``binc``/``movestogo``, ``infinite`` until ``stop``, ``ponder``
until ``ponderhit`` or ``stop``, ``searchmoves``) with ``info`` lines per completed iteration
(one per line of MultiPV) and ends with ``bestmove`` (and the move it expects in reply,
``ponder``); ``go perft N`` counts as Fairy-Stockfish prints it. Both run in a worker thread:
``isready`` is answered at once, ``stop`` ends either. Bad input (a number out of its range
included) is answered with an ``info string`` line saying what is wrong; it never ends the
engine.
"""

from __future__ import annotations

import itertools
import sys
import threading
import time
from collections.abc import Callable, Sequence

from meiriqi import (
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    SearchProgress,
    SearchResult,
    catalog,
)
from meiriqi.protocol import (
    ENGINE_NAME,
    INFINITE_SECONDS,
    MOST_NODES,
    MOST_PLIES,
    Limits,
    Output,
    Searcher,
    SearchOptions,
    check_value,
    describe,
    mate_moves,
    move_time,
    serve,
    standard_input,
    whole_number,
)

__all__ = ["UciEngine", "main"]

DEFAULT_VARIANT = "meiriqi"
"""The variant before ``UCI_Variant`` is set."""

_MOST_MILLISECONDS = int(INFINITE_SECONDS * 1000)
_MOST_MOVES_TO_GO = 10_000
"""More moves to go than a game lasts: a larger number is cut to it."""
_GO_NUMBERS: dict[str, tuple[int | None, int]] = {
    "depth": (1, MOST_PLIES),
    "nodes": (1, MOST_NODES),
    "movetime": (0, _MOST_MILLISECONDS),
    "wtime": (None, _MOST_MILLISECONDS),
    "btime": (None, _MOST_MILLISECONDS),
    "winc": (0, _MOST_MILLISECONDS),
    "binc": (0, _MOST_MILLISECONDS),
    "movestogo": (1, _MOST_MOVES_TO_GO),
    "mate": (1, MOST_PLIES // 2),
}
"""The numbers ``go`` takes, with the least each may be (``None``: any; a clock may have run
out, below 0) and the most that counts (a larger one is cut to it)."""
_GO_WORDS = {*_GO_NUMBERS, "infinite", "ponder", "searchmoves"}
"""Every word of ``go``: ``searchmoves`` takes the moves up to the next one."""

MOST_LINES = 500
"""The most best lines (``MultiPV``) a search may be asked for."""
MOST_THREADS = 1024
"""The most threads (``Threads``) a search may be given."""
_SPIN_OPTIONS = {"multipv": ("MultiPV", MOST_LINES), "threads": ("Threads", MOST_THREADS)}
"""The options set by a whole number (from 1): their names as the engine writes them, and the
most each may be."""
CURRMOVE_AFTER = 3.0
"""Seconds after which a search also tells the root move it is on (``currmove``) as it goes."""

_MOST_PERFT_DEPTH = 20
"""The deepest ``go perft``."""


class UciEngine:
    """The engine's side of one UCI session: the variant, the position and the search.

    Every ``go`` is answered by ``bestmove``: a command that ends a search early (``stop``, and
    ``position``, ``go``, ``quit`` ... sent without waiting) lets it report its move first.
    """

    def __init__(self, out: Output) -> None:
        self.out = out
        self.variant = DEFAULT_VARIANT
        self.board = Board(variant=self.variant)
        self.searcher = Searcher(self.report)
        self.search_started = 0.0
        self.spins = {"multipv": 1, "threads": 1}
        self.perpetual_check_loses = False
        self.handlers: dict[str, Callable[[str], None]] = {
            "uci": self.uci,
            "isready": lambda _: self.out("readyok"),
            "setoption": self.setoption,
            "ucinewgame": self.ucinewgame,
            "position": self.position,
            "go": self.go,
            "stop": lambda _: self.searcher.stop(),
            "ponderhit": lambda _: self.searcher.ponderhit(),
            "debug": lambda _: None,
            "quit": self.quit,
        }

    def uci(self, _: str) -> None:
        """Names the engine and lists its options: the variant, the best lines, the threads,
        pondering and the perpetual check rule."""
        self.out(f"id name {ENGINE_NAME}")
        self.out("id author the meiriqi authors")
        choices = " ".join(f"var {name}" for name in catalog.variants())
        self.out(f"option name UCI_Variant type combo default {DEFAULT_VARIANT} {choices}")
        for key, (name, most) in _SPIN_OPTIONS.items():
            self.out(f"option name {name} type spin default {self.spins[key]} min 1 max {most}")
        self.out("option name Ponder type check default false")
        self.out("option name PerpetualCheckLoses type check default false")
        self.out("uciok")

    def setoption(self, text: str) -> None:
        """``setoption name NAME value VALUE``: ``UCI_Variant`` plays the variant VALUE from its
        start from now on; ``MultiPV`` and ``Threads`` take a whole number; ``Ponder`` (whether
        the GUI will send ``go ponder``) changes nothing here; ``PerpetualCheckLoses`` (true or
        false) says whether the searches count a perpetual check as a loss."""
        name, _, value = text.removeprefix("name ").partition(" value ")
        key, value = name.strip().lower(), value.strip()
        if key in _SPIN_OPTIONS:
            shown, most = _SPIN_OPTIONS[key]
            self.spins[key] = whole_number(value, f"option {shown}", 1, most)
        elif key == "ponder":
            check_value(value, "option Ponder")
        elif key == "perpetualcheckloses":
            self.perpetual_check_loses = check_value(value, "option PerpetualCheckLoses")
        elif key == "uci_variant":
            self.searcher.stop()
            if value not in catalog.variants():
                known = ", ".join(catalog.variants())
                raise ValueError(f"unknown variant {value!r}; one of {known}")
            self.variant = value
            self.board = Board(variant=value)
        else:
            raise ValueError(
                f"unknown option {name.strip()!r}: the options are UCI_Variant, MultiPV, "
                "Threads, Ponder and PerpetualCheckLoses"
            )

    def ucinewgame(self, _: str) -> None:
        """A new game: the start position of the variant; what the searches learnt is
        forgotten."""
        self.searcher.stop()
        self.searcher.forget()
        self.board = Board(variant=self.variant)

    def position(self, text: str) -> None:
        """``position startpos|fen FEN [moves M1 M2 ...]``; the position is kept unchanged when
        any part is wrong."""
        self.searcher.stop()
        setup, _, moves = f" {text} ".partition(" moves ")
        kind, _, fen = setup.strip().partition(" ")
        if kind == "startpos":
            board = Board(variant=self.variant)
        elif kind == "fen":
            board = Board(fen.strip(), variant=self.variant)
        else:
            raise ValueError("expected 'position startpos' or 'position fen FEN', then moves")
        for move in moves.split():
            try:
                board.push_uci(move)
            except ValueError as error:
                raise ValueError(f"move {move!r}: {error}") from None
        self.board = board

    def go(self, text: str) -> None:
        """Starts a search (or ``go perft N``)."""
        self.searcher.stop()
        fields = text.split()
        if fields[:1] == ["perft"]:
            self.perft(fields[1:])
            return
        limits, moves = self.limits(fields)
        options = SearchOptions(
            lines=self.spins["multipv"],
            moves=moves,
            threads=self.spins["threads"],
            perpetual_check_loses=self.perpetual_check_loses,
        )
        self.search_started = time.monotonic()
        self.searcher.search(
            self.board,
            limits,
            self.bestmove,
            self.info,
            options=options,
            on_progress=self.progress,
        )

    def limits(self, fields: list[str]) -> tuple[Limits, tuple[Move, ...]]:
        """The limits of ``go`` with ``fields`` (a clock gives a time for this move) and the
        moves of its ``searchmoves`` (none: all); raises ``ValueError`` for an unknown word, a
        number out of its range or a move that is not legal."""
        values: dict[str, int] = {}
        flags: set[str] = set()
        moves: list[Move] = []
        position = 0
        while position < len(fields):
            word = fields[position]
            position += 1
            if word in ("infinite", "ponder"):
                flags.add(word)
            elif word == "searchmoves":
                given = list(itertools.takewhile(lambda w: w not in _GO_WORDS, fields[position:]))
                position += len(given)
                moves.extend(self.search_move(move) for move in given)
                if not given:
                    raise ValueError("'go searchmoves' needs at least one move")
            elif word in _GO_NUMBERS:
                least, most = _GO_NUMBERS[word]
                text = fields[position] if position < len(fields) else ""
                position += 1
                values[word] = whole_number(text, f"'go {word}'", least, most)
            else:
                raise ValueError(f"unknown 'go' argument {word!r}")
        if "mate" in values:
            deep_enough = 2 * values["mate"] - 1
            values["depth"] = min(values.get("depth", deep_enough), deep_enough)
        seconds = values["movetime"] / 1000 if "movetime" in values else None
        own, increment = ("wtime", "winc") if self.board.turn else ("btime", "binc")
        if seconds is None and own in values:
            seconds = move_time(
                max(values[own], 0) / 1000,
                values.get(increment, 0) / 1000,
                values.get("movestogo"),
            )
        infinite = "infinite" in flags
        if seconds is None and "depth" not in values and "nodes" not in values:
            infinite = True
        limits = Limits(
            depth=values.get("depth"),
            time=seconds,
            nodes=values.get("nodes"),
            infinite=infinite,
            ponder="ponder" in flags,
        )
        return limits, tuple(moves)

    def search_move(self, text: str) -> Move:
        """The legal move ``text`` of ``go searchmoves``; ``ValueError`` otherwise."""
        try:
            return self.board.parse_uci(text)
        except (IllegalMoveError, InvalidMoveError) as error:
            raise ValueError(f"'go searchmoves' move {text!r}: {error}") from None

    def perft(self, fields: list[str]) -> None:
        """``go perft N``: each move's count, a blank line and ``Nodes searched: TOTAL``,
        counted in the worker thread (``stop`` ends it without a count)."""
        depth = whole_number(fields[0], "'go perft'") if len(fields) == 1 else 0
        if not 1 <= depth <= _MOST_PERFT_DEPTH:
            raise ValueError(f"'go perft' needs a depth of 1 to {_MOST_PERFT_DEPTH}")
        position = self.board.copy()

        def count(stop: threading.Event) -> None:
            counts = position.perft_divide(depth, stop=stop)
            if self.searcher.discarded:
                return
            if stop.is_set():
                self.out("info string perft stopped before the end: no count")
                return
            for move, leaves in counts.items():
                self.out(f"{move}: {leaves}")
            self.out("")
            self.out(f"Nodes searched: {sum(counts.values())}")
            self.out("")

        self.searcher.run(count)

    def info(self, result: SearchResult) -> None:
        """``info`` lines for a completed iteration, one per best line (``multipv``), best
        first, as UCI GUIs show them."""
        elapsed = max(time.monotonic() - self.search_started, 1e-6)
        for number, line in enumerate(result.lines or [result], 1):
            score = f"cp {line.score}" if line.mate is None else f"mate {mate_moves(line.mate)}"
            pv = " ".join(move.uci() for move in line.pv)
            self.out(
                f"info depth {result.depth} seldepth {result.seldepth} multipv {number} "
                f"score {score} nodes {result.nodes} nps {int(result.nodes / elapsed)} "
                f"hashfull {result.hashfull} time {int(elapsed * 1000)} pv {pv}".rstrip()
            )

    def progress(self, status: SearchProgress) -> None:
        """Once the search has run :data:`CURRMOVE_AFTER` seconds, the root move it is on."""
        if time.monotonic() - self.search_started >= CURRMOVE_AFTER:
            self.out(
                f"info depth {status.depth} seldepth {status.seldepth} "
                f"currmove {status.move.uci()} currmovenumber {status.move_number}"
            )

    def bestmove(self, move: Move | None, line: Sequence[Move]) -> None:
        """The search's move (``(none)`` when there is no legal move), with the reply it
        expects (``ponder``) when its line has one."""
        if move is None:
            self.out("bestmove (none)")
        elif len(line) >= 2 and line[0] == move:
            self.out(f"bestmove {move.uci()} ponder {line[1].uci()}")
        else:
            self.out(f"bestmove {move.uci()}")

    def quit(self, _: str) -> None:
        """Ends the engine."""
        self.searcher.stop()
        raise SystemExit

    def unknown(self, word: str, arguments: str) -> None:
        """A command UCI does not have."""
        raise ValueError(f"unknown command {word!r}")

    def error(self, line: str, error: Exception) -> None:
        """Says why a command was refused."""
        self.out(f"info string error: {describe(error)} (in {line!r})")

    def report(self, message: str) -> None:
        """Tells of a failure in the worker thread."""
        self.out(f"info string error: {message}")


def main() -> int:
    """Runs the engine on standard input and output until ``quit`` or the end of input."""
    engine = UciEngine(Output(sys.stdout))
    serve(standard_input(), engine.handlers, engine.unknown, engine.error)
    engine.searcher.stop(discard=True)
    return 0
