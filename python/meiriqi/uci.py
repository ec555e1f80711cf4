"""``meiriqi uci``: the engine speaks UCI, with Fairy-Stockfish's ``UCI_Variant`` option.

``setoption name UCI_Variant value NAME`` chooses the game (any of
:func:`meiriqi.catalog.variants`, loaded ones too); ``position startpos|fen FEN [moves ...]``
sets up a position in it, moves in our coordinate notation (``c3c4``, ``a10a9``, ``c7d8o``, drops
``P@e5``); ``go`` searches (``depth``, ``movetime``, ``nodes``, the clock
``wtime``/``btime``/``winc``/``binc``/``movestogo``, ``infinite`` until ``stop``) with an
``info`` line per completed iteration and ends with ``bestmove``; ``go perft N`` counts as
Fairy-Stockfish prints it. Both run in a worker thread: ``isready`` is answered at once, ``stop``
ends either. Bad input (a number out of its range included) is answered with an ``info string``
line saying what is wrong; it never ends the engine.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence

from meiriqi import Board, Move, SearchResult, catalog
from meiriqi.protocol import (
    ENGINE_NAME,
    INFINITE_SECONDS,
    MOST_NODES,
    MOST_PLIES,
    Limits,
    Output,
    Searcher,
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
}
"""The numbers ``go`` takes, with the least each may be (``None``: any; a clock may have run
out, below 0) and the most that counts (a larger one is cut to it)."""

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
        self.handlers: dict[str, Callable[[str], None]] = {
            "uci": self.uci,
            "isready": lambda _: self.out("readyok"),
            "setoption": self.setoption,
            "ucinewgame": self.ucinewgame,
            "position": self.position,
            "go": self.go,
            "stop": lambda _: self.searcher.stop(),
            "debug": lambda _: None,
            "quit": self.quit,
        }

    def uci(self, _: str) -> None:
        """Names the engine and lists its one option, the variant."""
        self.out(f"id name {ENGINE_NAME}")
        self.out("id author the meiriqi authors")
        choices = " ".join(f"var {name}" for name in catalog.variants())
        self.out(f"option name UCI_Variant type combo default {DEFAULT_VARIANT} {choices}")
        self.out("uciok")

    def setoption(self, text: str) -> None:
        """``setoption name UCI_Variant value NAME``: plays NAME from its start from now on."""
        name, _, value = text.removeprefix("name ").partition(" value ")
        if name.strip().lower() != "uci_variant":
            raise ValueError(f"unknown option {name.strip()!r}: the only option is UCI_Variant")
        self.searcher.stop()
        variant = value.strip()
        if variant not in catalog.variants():
            known = ", ".join(catalog.variants())
            raise ValueError(f"unknown variant {variant!r}; one of {known}")
        self.variant = variant
        self.board = Board(variant=variant)

    def ucinewgame(self, _: str) -> None:
        """A new game: the start position of the variant."""
        self.searcher.stop()
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
        limits = self.limits(fields)
        self.search_started = time.monotonic()
        self.searcher.search(self.board, limits, self.bestmove, self.info)

    def limits(self, fields: list[str]) -> Limits:
        """The limits of ``go`` with ``fields`` (a clock gives a time for this move); raises
        ``ValueError`` for an unknown word or a number out of its range."""
        values: dict[str, int] = {}
        infinite = False
        words = iter(fields)
        for word in words:
            if word == "infinite":
                infinite = True
            elif word in _GO_NUMBERS:
                least, most = _GO_NUMBERS[word]
                values[word] = whole_number(next(words, ""), f"'go {word}'", least, most)
            else:
                raise ValueError(f"unknown 'go' argument {word!r}")
        seconds = values["movetime"] / 1000 if "movetime" in values else None
        own, increment = ("wtime", "winc") if self.board.turn else ("btime", "binc")
        if seconds is None and own in values:
            seconds = move_time(
                max(values[own], 0) / 1000,
                values.get(increment, 0) / 1000,
                values.get("movestogo"),
            )
        if seconds is None and "depth" not in values and "nodes" not in values:
            infinite = True
        return Limits(
            depth=values.get("depth"), time=seconds, nodes=values.get("nodes"), infinite=infinite
        )

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
        """One ``info`` line per completed iteration."""
        elapsed = max(time.monotonic() - self.search_started, 1e-6)
        score = f"cp {result.score}" if result.mate is None else f"mate {mate_moves(result.mate)}"
        pv = " ".join(move.uci() for move in result.pv)
        self.out(
            f"info depth {result.depth} score {score} nodes {result.nodes} "
            f"time {int(elapsed * 1000)} nps {int(result.nodes / elapsed)} pv {pv}".rstrip()
        )

    def bestmove(self, move: Move | None, line: Sequence[Move]) -> None:
        """The search's move (``(none)`` when there is no legal move)."""
        self.out(f"bestmove {move.uci() if move is not None else '(none)'}")

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
