"""Self-play: the computer against itself, written as game records (``meiriqi selfplay``).

Games are of one ``variant`` (Mĕirìqí unless told); the records carry its ``Variant`` tag. Each
game starts with a few random plies (``opening_plies``) so that a deterministic search does not
play the same game every time; they are drawn from a generator seeded with the run's seed and the
game's round number only (:func:`game_rng`), so a game is the same whichever worker plays it and
however many there are. A game ends by checkmate, stalemate (a win in Mĕirìqí, Xiangqi and Shogi,
which have no draws; a draw in Yáng Qí and chess), the other draws of Yáng Qí and chess
(insufficient material, seventy-five moves, fivefold repetition, and the fifty-move and
threefold-repetition draws, which the players always claim), or, at ``max_plies``, by
adjudication: the record then has ``[Result "*"]`` (the game was not decided) and
``[Termination "adjudication"]``, and a comment after the last move says why it stopped.

Games are tasks of a :class:`~meiriqi.distributed.TaskPool`; :func:`write_in_order` writes the
records in round order as they finish, with a progress bar and the time left.
"""

from __future__ import annotations

import datetime
import io
import random
import time as clock
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO, TypeVar

from meiriqi import Board, Move, SearchMemory, Variant, pgn
from meiriqi.distributed import SerialPool, TaskPool, in_order

__all__ = [
    "ADJUDICATION",
    "FinishedGame",
    "GameSettings",
    "Player",
    "game_rng",
    "play_game",
    "play_round",
    "progress_bar",
    "record",
    "run",
    "write_in_order",
]

TaskT = TypeVar("TaskT")

ADJUDICATION = "adjudication"
"""The ``Termination`` of a game the tools ended, not the rules (PGN's standard word)."""


@dataclass(frozen=True)
class Player:
    """A search setting: ``time`` seconds, ``depth`` plies and ``nodes`` nodes per move,
    whichever ends first (a second when none is given)."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def move(
        self,
        board: Board,
        memory: SearchMemory | None = None,
        *,
        perpetual_check_loses: bool = False,
    ) -> Move:
        """The move this setting plays in ``board`` (``ValueError`` when the game is over),
        searching with the ``memory`` of the game's earlier searches when given, and counting
        a perpetual check as a loss with ``perpetual_check_loses``."""
        move = board.search(
            depth=self.depth,
            time=self.time,
            nodes=self.nodes,
            memory=memory,
            perpetual_check_loses=perpetual_check_loses,
        ).move
        if move is None:
            raise ValueError("the game is over: there is no legal move")
        return move

    def __str__(self) -> str:
        """``"depth=3,nodes=5000"``: the limits that are set."""
        limits = {"time": self.time, "depth": self.depth, "nodes": self.nodes}
        return ",".join(f"{name}={value}" for name, value in limits.items() if value is not None)


def game_rng(seed: int, round_number: int) -> random.Random:
    """The generator of game ``round_number``'s random moves in a run seeded with ``seed``."""
    return random.Random(f"meiriqi/{seed}/{round_number}")


def play_game(
    *,
    rng: random.Random,
    time: float | None = None,
    depth: int | None = None,
    max_plies: int = 500,
    opening_plies: int = 2,
    variant: Variant | str = "meiriqi",
    players: tuple[Player, Player] | None = None,
) -> Board:
    """One game of ``variant`` from its starting position; returns the final board with the
    moves played. ``players`` are White's and Black's settings (default: both search ``time``
    seconds or ``depth`` plies). A draw that may be claimed is claimed."""
    white, black = players or (Player(time=time, depth=depth),) * 2
    memories = (SearchMemory(), SearchMemory())  # each side's, kept from move to move
    board = Board(variant=variant)
    while board.ply() < max_plies and not board.is_game_over(claim_draw=True):
        if board.ply() < opening_plies:
            board.push(rng.choice(board.legal_moves))
        else:
            side = 0 if board.turn else 1
            board.push((white, black)[side].move(board, memories[side]))
    return board


def record(
    board: Board,
    *,
    round_number: int,
    max_plies: int,
    names: tuple[str, str] = ("meiriqi", "meiriqi"),
    event: str = "meiriqi self-play",
) -> pgn.Game:
    """The game record of a self-play game between ``names`` (White's, Black's), with its
    result and how it ended (a draw that may be claimed counts as claimed)."""
    game = pgn.Game.from_board(board, claim_draw=True)
    game.headers.update(
        Event=event,
        Site="meiriqi",
        Date=datetime.date.today().strftime("%Y.%m.%d"),
        Round=str(round_number),
        White=names[0],
        Black=names[1],
        PlyCount=str(board.ply()),
    )
    if board.outcome(claim_draw=True) is None:
        game.headers["Result"] = "*"
        game.headers["Termination"] = ADJUDICATION
        game.end().comment = f"stopped at the limit of {max_plies} plies; no result"
    return game


@dataclass(frozen=True)
class FinishedGame:
    """A game played by a worker: its round number, its record as text, its result, and a note
    for the progress output (why an engine forfeited it)."""

    round_number: int
    text: str
    result: str
    note: str | None = None

    @classmethod
    def of(cls, game: pgn.Game, *, note: str | None = None) -> FinishedGame:
        """The record ``game`` as written to a file."""
        text = io.StringIO()
        pgn.write_game(game, text)
        return cls(int(game.headers["Round"]), text.getvalue(), game.headers["Result"], note)


@dataclass(frozen=True)
class GameSettings:
    """What every game of a self-play run shares."""

    seed: int
    time: float | None = None
    depth: int | None = None
    max_plies: int = 500
    opening_plies: int = 2
    variant: Variant | str = "meiriqi"


def play_round(task: tuple[GameSettings, int]) -> FinishedGame:
    """Plays game ``round_number`` of a run with ``settings`` (one task of a pool)."""
    settings, round_number = task
    board = play_game(
        rng=game_rng(settings.seed, round_number),
        time=settings.time,
        depth=settings.depth,
        max_plies=settings.max_plies,
        opening_plies=settings.opening_plies,
        variant=settings.variant,
    )
    return FinishedGame.of(record(board, round_number=round_number, max_plies=settings.max_plies))


def progress_bar(
    done: int,
    total: int,
    width: int = 20,
    seconds_left: float | None = None,
    unit: str = "games",
) -> str:
    """``"[#####...............] 5/20 games"`` (of ``unit``), and ``", about 0:01:23 left"``
    when known."""
    filled = width * done // max(total, 1)
    bar = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}"
    if seconds_left is None:
        return bar
    return f"{bar}, about {datetime.timedelta(seconds=round(seconds_left))} left"


def write_in_order(
    pool: TaskPool,
    play: Callable[[TaskT], FinishedGame],
    tasks: Sequence[TaskT],
    out: TextIO,
    *,
    progress: TextIO,
    total: int,
    done: int = 0,
) -> Iterator[FinishedGame]:
    """Plays ``tasks`` on ``pool`` and writes each record to ``out`` in task order as soon as the
    earlier ones are written; yields each game once written. ``done`` of the ``total`` games
    were written before (a resumed run); the progress bar on ``progress`` counts them and
    estimates the time left from the games of this run."""
    start = clock.monotonic()
    end = "\r" if progress.isatty() else "\n"
    progress.write(progress_bar(done, total) + end)
    progress.flush()
    try:
        for played, game in enumerate(in_order(pool.run(play, tasks)), 1):
            out.write(game.text)
            out.flush()
            left = total - done - played
            seconds_left = (clock.monotonic() - start) / played * left if left else None
            progress.write(progress_bar(done + played, total, seconds_left=seconds_left) + end)
            progress.flush()
            yield game
    finally:  # also when the caller stops early (an SPRT verdict, Ctrl-C)
        if end == "\r":
            progress.write("\n")


def run(
    games: int,
    out: TextIO,
    *,
    progress: TextIO,
    seed: int | None = None,
    time: float | None = None,
    depth: int | None = None,
    max_plies: int = 500,
    opening_plies: int = 2,
    variant: Variant | str = "meiriqi",
    pool: TaskPool | None = None,
    done: int = 0,
) -> Counter[str]:
    """Plays rounds ``done + 1`` to ``games`` of ``variant`` on ``pool`` (default: this process),
    writing the records to ``out`` in round order and a progress bar to ``progress``; returns how
    many of these games ended each way (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"*"``). Without a
    ``seed`` one is drawn at random."""
    settings = GameSettings(
        seed=random.randrange(2**63) if seed is None else seed,
        time=time,
        depth=depth,
        max_plies=max_plies,
        opening_plies=opening_plies,
        variant=variant,
    )
    tasks = [(settings, number) for number in range(done + 1, games + 1)]
    finished = write_in_order(
        pool or SerialPool(), play_round, tasks, out, progress=progress, total=games, done=done
    )
    return Counter(game.result for game in finished)
