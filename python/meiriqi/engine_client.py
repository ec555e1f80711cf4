"""Other engines as opponents: their processes driven over UCI or XBoard, for ``meiriqi match``.

An :class:`ExternalEngine` says how to start an engine (its command and protocol), how long it
may think and which options it gets; :meth:`ExternalEngine.open` starts it for one game of a
variant and returns a session whose :meth:`~EngineSession.move` asks it for its move in a
position. Our rules referee: a move that cannot be read or is illegal, an engine that exits,
answers nothing in time or does not play the variant raises :class:`EngineFaultError`, whose message
is the reason the engine loses the game.

UCI engines get the variant as Fairy-Stockfish's ``UCI_Variant`` option (chess needs none) and
the position as ``position startpos|fen FEN moves ...``, moves in coordinate notation
(``e2e4``, ``a10a9``, drops ``P@e5``, Shogi-style promotions ``a8a9+``), which is Fairy-
Stockfish's for chess, Xiangqi and Shogi too. XBoard engines get ``variant NAME`` (chess is
``normal``), ``setboard FEN`` for a position other than the start, ``st``/``sd`` limits (``st``
in whole seconds; a node limit as ``nps`` with ``st 1``, where the engine offers ``nps``), and
moves with XBoard's ranks (from 0 on a board of ten ranks).
"""

from __future__ import annotations

import contextlib
import queue
import re
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Protocol

from meiriqi import Board, Move
from meiriqi.xboard_setup import xboard_variant

__all__ = [
    "PROTOCOLS",
    "EngineFaultError",
    "EngineSession",
    "ExternalEngine",
    "Limits",
]

PROTOCOLS = ("uci", "xboard")
"""The protocols an external engine may speak."""

_STARTUP_SECONDS = 10.0
"""How long an engine may take to start and to answer a handshake."""
_QUIT_SECONDS = 2.0
"""How long an engine may take to exit after ``quit`` before it is killed."""
_TEN_RANKS = 10
"""XBoard counts ranks from 0 on a board of this many ranks (and from 1 on the others)."""
_SQUARE = re.compile(r"([a-l])(\d+)")


class EngineFaultError(Exception):
    """An external engine lost the game by breaking the match's rules; the message says how
    (``"illegal move e2e5 in <FEN>"``, ``"no move within 31.0 s"``, ...)."""


@dataclass(frozen=True)
class Limits:
    """How long an engine thinks about each move: ``time`` seconds, ``depth`` plies and/or
    ``nodes`` nodes (whichever ends first; a second when none is given)."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def seconds(self) -> float:
        """The time the engine is allowed, before the match's patience is added."""
        return self.time if self.time is not None else 0.0

    def __str__(self) -> str:
        """``"nodes=20000"``: the limits that are set."""
        limits = {"time": self.time, "depth": self.depth, "nodes": self.nodes}
        return ",".join(f"{name}={value}" for name, value in limits.items() if value is not None)


class EngineSession(Protocol):
    """One game's worth of an engine: asked for moves, then closed."""

    def move(self, board: Board, start_fen: str | None) -> Move:
        """The engine's move in ``board``, whose moves were played from ``start_fen`` (``None``:
        the variant's start); raises :class:`EngineFaultError` when it breaks the rules."""

    def close(self) -> None:
        """Ends the engine's process."""


@dataclass(frozen=True)
class ExternalEngine:
    """An engine program: its ``protocol`` (``"uci"`` or ``"xboard"``), the ``command`` that
    starts it, its ``limits`` per move, the ``options`` it is given (UCI ``setoption`` pairs)
    and ``patience``: the seconds it may take beyond its time limit before it loses."""

    protocol: str
    command: tuple[str, ...]
    limits: Limits = field(default_factory=Limits)
    options: tuple[tuple[str, str], ...] = ()
    patience: float = 30.0

    @classmethod
    def parse(cls, text: str) -> ExternalEngine:
        """``"uci:COMMAND"`` or ``"xboard:COMMAND"`` (the command split as a shell would);
        ``ValueError`` otherwise."""
        protocol, colon, command = text.partition(":")
        words = shlex.split(command) if colon else []
        if protocol.lower() not in PROTOCOLS or not words:
            raise ValueError(f"invalid engine {text!r}: expected uci:COMMAND or xboard:COMMAND")
        return cls(protocol.lower(), tuple(words))

    def __str__(self) -> str:
        """``"uci:fairy-stockfish (nodes=20000)"``."""
        limits = str(self.limits)
        return f"{self.protocol}:{shlex.join(self.command)}" + (f" ({limits})" if limits else "")

    def open(self, variant: str) -> EngineSession:
        """Starts the engine for a game of ``variant`` (our name); :class:`EngineFaultError` when it
        cannot be started, does not answer, or does not play the variant."""
        process = _Process(self.command)
        try:
            session_class = _UciSession if self.protocol == "uci" else _XBoardSession
            return session_class(process, self, variant)
        except BaseException:
            process.close("quit")
            raise


class _Process:
    """An engine's process, read line by line by a thread of its own so that waits can end."""

    def __init__(self, command: tuple[str, ...]) -> None:
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineFaultError(f"could not be started: {error}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in self.process.stdout:
                self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line: str) -> None:
        """Writes ``line``; :class:`EngineFaultError` when the engine has gone."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise EngineFaultError(self._exited()) from None

    def read(self, deadline: float, waiting_for: str) -> str:
        """The next line, by ``deadline`` (a ``time.monotonic()``); :class:`EngineFaultError` saying
        the engine sent no ``waiting_for`` when the time is up or it exits."""
        try:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0))
        except queue.Empty:
            raise EngineFaultError(f"no {waiting_for} in time") from None
        if line is None:
            self.lines.put(None)
            raise EngineFaultError(self._exited())
        return line

    def _exited(self) -> str:
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited (exit code {code})"

    def close(self, quit_command: str) -> None:
        """Asks the engine to quit, and kills it if it does not."""
        with contextlib.suppress(EngineFaultError):
            self.send(quit_command)
        try:
            self.process.wait(timeout=_QUIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()


def _read_move(board: Board, text: str) -> Move:
    """The legal move ``text`` names in ``board``; :class:`EngineFaultError` otherwise."""
    try:
        move = board.parse_uci(text)
    except ValueError as error:
        raise EngineFaultError(f"illegal move {text!r} in {board.fen()}: {error}") from None
    return move


class _UciSession:
    """A UCI engine playing one game."""

    def __init__(self, process: _Process, engine: ExternalEngine, variant: str) -> None:
        self.process = process
        self.engine = engine
        deadline = time.monotonic() + _STARTUP_SECONDS
        process.send("uci")
        variants: list[str] | None = None
        while (line := process.read(deadline, "uciok")) != "uciok":
            if line.startswith("option name UCI_Variant "):
                words = line.split()
                variants = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "var"]
        if variant != "chess" or variants is not None:
            if variants is None:
                raise EngineFaultError(f"offers no UCI_Variant option, needed for {variant}")
            if variants and variant not in variants:
                offered = ", ".join(variants)
                raise EngineFaultError(f"does not play {variant} (its UCI_Variant: {offered})")
            process.send(f"setoption name UCI_Variant value {variant}")
        for name, value in engine.options:
            process.send(f"setoption name {name} value {value}")
        process.send("ucinewgame")
        self._sync(deadline)

    def _sync(self, deadline: float) -> None:
        self.process.send("isready")
        while self.process.read(deadline, "readyok") != "readyok":
            pass

    def move(self, board: Board, start_fen: str | None) -> Move:
        moves = " ".join(move.uci() for move in board.move_stack)
        position = "startpos" if start_fen is None else f"fen {start_fen}"
        self.process.send(f"position {position}" + (f" moves {moves}" if moves else ""))
        limits = self.engine.limits
        go = ["go"]
        if limits.time is not None:
            go.append(f"movetime {max(1, round(limits.time * 1000))}")
        if limits.depth is not None:
            go.append(f"depth {limits.depth}")
        if limits.nodes is not None:
            go.append(f"nodes {limits.nodes}")
        if len(go) == 1:
            go.append("movetime 1000")
        self.process.send(" ".join(go))
        allowed = limits.seconds() + self.engine.patience
        deadline = time.monotonic() + allowed
        while True:
            try:
                line = self.process.read(deadline, "bestmove")
            except EngineFaultError as fault:
                if str(fault) == "no bestmove in time":
                    raise EngineFaultError(f"no move within {allowed:g} s") from None
                raise
            words = line.split()
            if words[:1] == ["bestmove"]:
                if len(words) < 2 or words[1] in ("(none)", "0000"):
                    raise EngineFaultError(f"played no move in {board.fen()}")
                return _read_move(board, words[1])

    def close(self) -> None:
        self.process.close("quit")


def _xboard_squares(text: str, ranks: int, step: int) -> str:
    """``text`` with every square's rank moved by ``step`` on a board of ten ranks."""
    if ranks != _TEN_RANKS:
        return text
    return _SQUARE.sub(lambda match: f"{match[1]}{int(match[2]) + step}", text)


def _features(line: str) -> dict[str, str]:
    """The ``name=value`` pairs of an XBoard ``feature`` line (quotes removed)."""
    return {
        match[1]: match[2] if match[3] is None else match[3]
        for match in re.finditer(r'(\w+)=(?:"([^"]*)"|(\S+))', line)
    }


class _XBoardSession:
    """An XBoard engine playing one game, kept in ``force`` mode except while it thinks."""

    def __init__(self, process: _Process, engine: ExternalEngine, variant: str) -> None:
        self.process = process
        self.engine = engine
        self.sent = 0
        self.started = False
        deadline = time.monotonic() + _STARTUP_SECONDS
        process.send("xboard")
        process.send("protover 2")
        features: dict[str, str] = {}
        while features.get("done") != "1":
            line = process.read(deadline, "feature done=1")
            if line.startswith("feature "):
                features.update(_features(line))
        self.usermove = features.get("usermove") == "1"
        self.setboard = features.get("setboard") == "1"
        name = xboard_variant(variant)
        offered = features.get("variants", "normal").split(",")
        if name not in offered:
            raise EngineFaultError(f"does not play {variant} (its variants: {','.join(offered)})")
        limits = engine.limits
        if limits.nodes is not None and features.get("nps") != "1":
            raise EngineFaultError("offers no node limit (feature nps)")
        process.send("new")
        if name != "normal":
            process.send(f"variant {name}")
        process.send("force")
        process.send("easy")
        if limits.nodes is not None:
            process.send(f"nps {limits.nodes}")
            process.send("st 1")
        elif limits.time is not None or limits.depth is None:
            process.send(f"st {round(limits.time) if limits.time is not None else 1}")
        if limits.depth is not None:
            process.send(f"sd {limits.depth}")

    def move(self, board: Board, start_fen: str | None) -> Move:
        ranks = board.ranks
        if not self.started:
            self.started = True
            if start_fen is not None:
                if not self.setboard:
                    raise EngineFaultError("cannot be given a position (feature setboard)")
                self.process.send(f"setboard {start_fen}")
        for move in board.move_stack[self.sent :]:
            text = _xboard_squares(move.uci(), ranks, -1)
            self.process.send(f"usermove {text}" if self.usermove else text)
        self.process.send("go")
        allowed = self.engine.limits.seconds() + self.engine.patience
        deadline = time.monotonic() + allowed
        while True:
            try:
                line = self.process.read(deadline, "move")
            except EngineFaultError as fault:
                if str(fault) == "no move in time":
                    raise EngineFaultError(f"no move within {allowed:g} s") from None
                raise
            words = line.split()
            if line.startswith("Illegal move"):
                raise EngineFaultError(f"refused a legal move: {line!r}")
            if words[:1] == ["resign"]:
                raise EngineFaultError("resigned")
            if words[:1] == ["move"] and len(words) >= 2:
                self.process.send("force")
                move = _read_move(board, _xboard_squares(words[1], ranks, +1))
                self.sent = len(board.move_stack) + 1
                return move

    def close(self) -> None:
        self.process.close("quit")
