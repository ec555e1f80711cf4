"""The games the web app plays: a :class:`Game` is one game with its players, its level and the
computer's work on it; :class:`Games` holds the games of one server.

Every change to a game happens under its lock and raises its ``version``, so that a page waiting
for news (:meth:`Game.wait`) wakes up. The computer thinks in a thread of its own, on a copy of
the board and without the interpreter lock: the server goes on answering meanwhile. Any change to
the game (a move, a take-back, a new game, a loaded one) stops the searches under way, and their
results are dropped; "move now" stops the computer's search early and plays what it found. A
game no page has asked about for a minute (a tab closed during a game of computer against
computer) stops there until a page asks again.

The rules of play are the terminal player's (:mod:`meiriqi.repl`): take-back removes the last
move and, when that leaves the computer to move, the one before; the game's end is announced with
its reason; a draw that the side to move may claim is offered, and claimed on request.
"""

from __future__ import annotations

import itertools
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from meiriqi import BLACK, WHITE, Board, Move, SearchResult
from meiriqi import svg as pictures
from meiriqi.names import game_name
from meiriqi.repl import Level, game_record, outcome_text, side_name
from meiriqi.web.notation import legal_moves, read_record, san_line, sans, score_text

__all__ = [
    "ANALYSIS_SECONDS",
    "MAX_GAMES",
    "SIDES",
    "UNWATCHED_SECONDS",
    "WAIT_SECONDS",
    "Game",
    "GameNotFoundError",
    "Games",
    "level_text",
]

ANALYSIS_SECONDS = 30.0
"""How long an analysis runs unless it is stopped first."""
MAX_GAMES = 32
"""How many games a server keeps: opening another forgets the one left alone longest."""
WAIT_SECONDS = 20.0
"""The longest a request for news waits before it answers with the state as it is."""
UNWATCHED_SECONDS = 60.0
"""How long the computer goes on playing a game no page has asked about (a page waiting for
news asks again every :data:`WAIT_SECONDS`); it resumes when one asks."""

SIDES = {"white": WHITE, "black": BLACK}
"""The sides by their names in the API."""
_HINT_COLOR = "#1f6fd1"
_PGN_LOOK = re.compile(r"^\s*(\[\s*[A-Za-z]|[0-9]+\s*\.)", re.M)
"""What tells a game record from a FEN: a tag pair or a numbered move at the start of a line."""


class GameNotFoundError(LookupError):
    """No game of that id: it was never opened, or the server has forgotten it."""


def level_text(level: Level) -> str:
    """The level as :func:`meiriqi.repl.parse_level` reads it: ``"depth 3"`` or ``"1s"``."""
    return f"depth {level.depth}" if level.depth is not None else f"{level.time:g}s"


@dataclass
class _Job:
    """A search under way: what it is for, the position's ply and the event that stops it."""

    kind: str
    ply: int
    stop: threading.Event = field(default_factory=threading.Event)


class Game:
    """One game: the board with its moves, the sides the computer plays, its level, and the
    searches under way (at most one for the computer's move and one for a hint or an
    analysis)."""

    def __init__(self, game_id: str, board: Board, computer: set[bool], level: Level) -> None:
        self.id = game_id
        self.watched = time.monotonic()
        self.changed = threading.Condition()
        self.version = 0
        self.last_used = 0
        self.board = board
        self.sans: list[str] = sans(board)
        self.claimed = False
        self.computer = set(computer)
        self.level = level
        self.jobs: dict[str, _Job] = {}
        self.hint: dict[str, Any] | None = None
        self.analysis: dict[str, Any] | None = None
        self.problem: str | None = None
        with self.changed:
            self._schedule()

    # -- changes -----------------------------------------------------------------------------------

    def new(self, variant: str | None, computer: set[bool] | None, level: Level | None) -> None:
        """A new game of ``variant`` (this game's by default); the players and the level stay
        unless given."""
        board = Board(variant=self.board.variant_name if variant is None else variant)
        with self.changed:
            if computer is not None:
                self.computer = set(computer)
            if level is not None:
                self.level = level
            self._set_board(board)

    def play(self, text: str) -> None:
        """Plays the move written ``text`` (SAN or coordinates) for the human side to move."""
        with self.changed:
            self._require_game_on()
            if self.board.turn in self.computer:
                raise ValueError(
                    f"it is the computer's move ({side_name(self.board.turn)}): wait for it, "
                    "press 'Move now', or change the players"
                )
            move = self.board.parse_san(text)
            self._cancel()
            self._push(move)
            self._schedule()

    def take_back(self) -> None:
        """Takes back the last move, and the one before when that leaves the computer to move."""
        with self.changed:
            if not self.board.move_stack:
                raise ValueError("nothing to take back: no move has been played since the start")
            self._cancel()
            plies = 0
            while plies < 2 and self.board.move_stack:
                if plies and self.board.turn not in self.computer:
                    break
                self.board.pop()
                self.sans.pop()
                plies += 1
            self.claimed = False
            self.hint = None
            self._touch()
            self._schedule()

    def move_now(self) -> None:
        """Ends the computer's thinking with the best move found so far; when it is not thinking,
        lets it play one move for the side to move."""
        with self.changed:
            job = self.jobs.get("move")
            if job is not None:
                job.stop.set()
                return
            self._require_game_on()
            self._cancel()
            self._think()

    def set_players(self, computer: set[bool]) -> None:
        """Lets the computer play the sides in ``computer`` from now on."""
        with self.changed:
            self.computer = set(computer)
            if self.board.turn not in self.computer:
                self._cancel("move")
            self._touch()
            self._schedule()

    def set_level(self, level: Level) -> None:
        """The computer's level for its next searches."""
        with self.changed:
            self.level = level
            self._touch()

    def load(self, text: str = "", *, fen: str | None = None, record: str | None = None) -> None:
        """Sets up a position (``fen``, read as this game's variant) or a game record
        (``record``, PGN, whose Variant tag names its game); ``text`` is either, told apart by
        the look of a record (a tag pair or a numbered move at the start of a line)."""
        if fen is None and record is None:
            if not text.strip():
                raise ValueError("nothing to load: paste a FEN or a game record (PGN)")
            if _PGN_LOOK.search(text):
                record = text
            else:
                fen = text
        board = self._read_fen(fen) if fen is not None else read_record(record or "")
        with self.changed:
            self._set_board(board)

    def claim(self) -> None:
        """Ends the game as a draw, when the side to move may claim one."""
        with self.changed:
            self._require_game_on()
            if not self.board.can_claim_draw():
                raise ValueError(
                    "no draw to claim: the side to move may claim one after 50 moves by each "
                    "side without a capture or pawn move, or when a position occurs for the "
                    "third time, in the games that have those draws (Yáng Qí, chess, the games "
                    "named after Fairy-Stockfish's)"
                )
            self._cancel()
            self.claimed = True
            self._touch()

    def ask_hint(self) -> None:
        """Starts a search for a move to suggest to the human side to move."""
        with self.changed:
            self._require_game_on()
            if self.board.turn in self.computer:
                raise ValueError("no hint while the computer is to move: it is thinking")
            self._cancel("helper")
            self.hint = None
            self._start("helper", _Job("hint", len(self.sans)), self.board.copy())

    def analyse(self, ply: int | None) -> None:
        """Starts an analysis of the position after ``ply`` plies (the last by default): the
        score and the expected line, shown as the search deepens, for
        :data:`ANALYSIS_SECONDS` or until stopped."""
        with self.changed:
            ply = self._ply(ply)
            board = self._position(ply)
            if board.outcome(claim_draw=self.claimed and ply == len(self.sans)) is not None:
                raise ValueError("no analysis of a position where the game is over")
            self._cancel("helper")
            self.analysis = {"ply": ply, "running": True, "depth": 0, "score": "", "pv": []}
            self._start("helper", _Job("analysis", ply), board)

    def stop_analysis(self) -> None:
        """Stops the analysis under way, keeping what it found."""
        with self.changed:
            job = self.jobs.get("helper")
            if job is None or job.kind != "analysis":
                raise ValueError("no analysis is running")
            self._cancel("helper")

    def stop(self) -> None:
        """Stops every search of this game (the server is closing, or forgets the game)."""
        with self.changed:
            self._cancel()

    # -- what a page is shown ----------------------------------------------------------------------

    def wait(self, since: int, timeout: float = WAIT_SECONDS) -> None:
        """Returns once the version is above ``since``, or after ``timeout`` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > since, timeout)

    def record(self) -> str:
        """The game as a PGN-like record, as the terminal player saves it."""
        with self.changed:
            return str(game_record(self.board, self.computer, claimed=self.claimed))

    def state(self, ply: int | None = None, flipped: bool = False) -> dict[str, Any]:
        """Everything a page shows: the game, and the position after ``ply`` plies (the last by
        default) drawn as SVG, with its legal moves when a human is to move there."""
        with self.changed:
            self.watched = time.monotonic()
            self._schedule()
            end = len(self.sans)
            ply = self._ply(ply)
            board = self.board
            outcome = board.outcome(claim_draw=self.claimed)
            claimable = None if outcome else board.outcome(claim_draw=True)
            root = self._position(0)
            return {
                "id": self.id,
                "version": self.version,
                "variant": board.variant_name,
                "title": game_name(board),
                "computer": [name for name, side in SIDES.items() if side in self.computer],
                "level": level_text(self.level),
                "start": {"fen": root.fen(), "white": root.turn, "number": root.fullmove_number},
                "moves": self.sans.copy(),
                "fen": board.fen(),
                "turn": side_name(board.turn).lower(),
                "check": board.is_valid() and board.is_check(),
                "ending": outcome_text(board, outcome),
                "result": outcome.result() if outcome else None,
                "claim": claimable.termination.value if claimable else None,
                "thinking": "move" in self.jobs,
                "helper": self.jobs["helper"].kind if "helper" in self.jobs else None,
                "hint": self.hint,
                "analysis": self.analysis,
                "problem": self.problem,
                "view": self._view(ply, flipped, outcome is None and ply == end),
            }

    # -- the work behind them ----------------------------------------------------------------------

    def _view(self, ply: int, flipped: bool, live: bool) -> dict[str, Any]:
        """The position after ``ply`` plies: its FEN, its picture and, when ``live`` (the game
        goes on there) and a human is to move, its legal moves."""
        board = self._position(ply)
        lastmove = board.peek() if ply else None
        arrows = []
        if live and self.hint is not None and self.hint["ply"] == ply:
            move = board.parse_uci(self.hint["uci"])
            arrows.append(pictures.Arrow(move.from_square, move.to_square, _HINT_COLOR))
        picture = pictures.board(board, lastmove=lastmove, arrows=arrows, flipped=flipped)
        playable = live and board.turn not in self.computer and "move" not in self.jobs
        return {
            "ply": ply,
            "fen": board.fen(),
            "svg": str(picture),
            "flipped": flipped,
            "legal": legal_moves(board) if playable else [],
        }

    def _ply(self, ply: int | None) -> int:
        """``ply`` checked against the game's length (the last ply for ``None``)."""
        end = len(self.sans)
        if ply is None:
            return end
        if not 0 <= ply <= end:
            raise ValueError(f"no position after {ply} plies: the game has {end}")
        return ply

    def _position(self, ply: int) -> Board:
        """A copy of the board after the first ``ply`` plies of the game."""
        board = self.board.copy()
        for _ in range(len(self.sans) - ply):
            board.pop()
        return board

    def _read_fen(self, fen: str) -> Board:
        """The position ``fen`` of this game's variant; ``ValueError`` saying what is wrong."""
        variant = self.board.variant_name
        try:
            return Board(fen.strip(), variant=variant)
        except ValueError as error:
            raise ValueError(
                f"{error}. A FEN of {game_name(self.board)} looks like "
                f"{Board(variant=variant).fen()} (the last four fields may be left out; "
                "start a new game of another variant to set up one of its positions)"
            ) from None

    def _require_game_on(self) -> None:
        """Raises ``ValueError`` when the game is over."""
        ending = outcome_text(self.board, self.board.outcome(claim_draw=self.claimed))
        if ending is not None:
            raise ValueError(f"the game is over. {ending}")

    def _touch(self) -> None:
        """Announces a change: a new version, and every waiting request wakes up."""
        self.version += 1
        self.changed.notify_all()

    def _set_board(self, board: Board) -> None:
        """Starts over from ``board`` (with the moves that led to it)."""
        self._cancel()
        self.board = board
        self.sans = sans(board)
        self.claimed = False
        self.hint = None
        self.analysis = None
        self.problem = None
        self._touch()
        self._schedule()

    def _push(self, move: Move) -> None:
        """Plays a legal move."""
        self.sans.append(self.board.san(move))
        self.board.push(move)
        self.claimed = False
        self.hint = None
        self._touch()

    def _cancel(self, *kinds: str) -> None:
        """Stops the searches for ``kinds`` (``"move"``, ``"helper"``; all by default) and drops
        their results."""
        for kind in kinds or tuple(self.jobs):
            job = self.jobs.pop(kind, None)
            if job is not None:
                job.stop.set()
                if job.kind == "analysis" and self.analysis is not None:
                    self.analysis["running"] = False
                self._touch()

    def _schedule(self) -> None:
        """Lets the computer think when it is to move, the game goes on and a page has asked
        about the game lately (a game left computer against computer pauses)."""
        on = self.board.outcome(claim_draw=self.claimed) is None
        watched = time.monotonic() - self.watched < UNWATCHED_SECONDS
        if on and watched and self.board.turn in self.computer and "move" not in self.jobs:
            self._think()

    def _think(self) -> None:
        """Starts the computer's search for its move."""
        self._start("move", _Job("move", len(self.sans)), self.board.copy())

    def _start(self, slot: str, job: _Job, board: Board) -> None:
        """Runs ``job``'s search on a copy of ``board`` in a thread of its own, in ``slot``
        (``board`` itself is kept for writing the results in SAN: the board being searched is
        busy until the search ends)."""
        self.jobs[slot] = job
        self.problem = None
        self._touch()
        searched = board.copy()
        if job.kind == "analysis":
            limits: dict[str, Any] = {"time": ANALYSIS_SECONDS}
        else:
            limits = {"time": self.level.time, "depth": self.level.depth}

        def report(result: SearchResult) -> None:
            with self.changed:
                if self.jobs.get(slot) is job:
                    self._show_analysis(board, result)

        def search() -> None:
            result: SearchResult | None = None
            problem = None
            try:
                info = report if job.kind == "analysis" else None
                result = searched.search(stop=job.stop, info=info, **limits)
            except Exception as error:  # whatever went wrong, the game must not stay stuck
                problem = f"the computer's search failed: {error}"
            with self.changed:
                if self.jobs.get(slot) is not job:
                    return
                del self.jobs[slot]
                self.problem = problem
                if result is not None:
                    self._finish(job, board, result)
                self._touch()
                self._schedule()

        threading.Thread(target=search, name=f"meiriqi-web-{job.kind}", daemon=True).start()

    def _finish(self, job: _Job, board: Board, result: SearchResult) -> None:
        """Uses a finished search: plays the computer's move, keeps the hint or the analysis."""
        if job.kind == "analysis":
            self._show_analysis(board, result)
            assert self.analysis is not None
            self.analysis["running"] = False
        elif result.move is None:
            return
        elif job.kind == "hint":
            self.hint = {"ply": job.ply, "san": board.san(result.move), "uci": result.move.uci()}
        else:
            self._push(result.move)

    def _show_analysis(self, board: Board, result: SearchResult) -> None:
        """Keeps an analysis's latest result: depth, score and expected line in SAN."""
        if result.move is None or self.analysis is None:
            return
        self.analysis.update(
            depth=result.depth,
            score=score_text(result, board.turn),
            pv=san_line(board, result.pv),
        )
        self._touch()


class Games:
    """The games of one server, by id; opening more than :data:`MAX_GAMES` forgets the one left
    alone longest (its searches are stopped)."""

    def __init__(self, variant: str = "meiriqi", level: Level | None = None) -> None:
        self.variant = variant
        self.level = Level() if level is None else level
        self.lock = threading.Lock()
        self.games: dict[str, Game] = {}
        self.clock = itertools.count()

    def open(
        self,
        variant: str | None = None,
        computer: set[bool] | None = None,
        level: Level | None = None,
    ) -> Game:
        """A new game: of ``variant`` (the server's by default), with the computer playing
        ``computer`` (Black by default) at ``level`` (the server's by default)."""
        board = Board(variant=self.variant if variant is None else variant)
        game = Game(
            secrets.token_hex(8),
            board,
            {BLACK} if computer is None else computer,
            self.level if level is None else level,
        )
        with self.lock:
            game.last_used = next(self.clock)
            self.games[game.id] = game
            while len(self.games) > MAX_GAMES:
                oldest = min(self.games.values(), key=lambda each: each.last_used)
                del self.games[oldest.id]
                oldest.stop()
        return game

    def get(self, game_id: str) -> Game:
        """The game ``game_id``; :class:`GameNotFoundError` when there is none."""
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                raise GameNotFoundError(
                    f"no game {game_id[:40]!r}: it was never opened or has been forgotten "
                    f"(a server keeps its last {MAX_GAMES}); reload the page for a new one"
                )
            game.last_used = next(self.clock)
            return game

    def stop(self) -> None:
        """Stops every game's searches."""
        with self.lock:
            games = list(self.games.values())
        for game in games:
            game.stop()
