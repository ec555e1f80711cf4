"""A match between two engines (``meiriqi match``): game pairs, score, Elo and SPRT.

An engine is one of our search settings (:class:`~meiriqi.selfplay.Player`) or another program
driven over UCI or XBoard (:class:`~meiriqi.engine_client.ExternalEngine`). Our rules referee
every game: each move is checked, and an engine that plays an illegal or unreadable move, exits,
or stays silent past its time loses the game; the record's ``Termination`` is then ``"rules
infraction"`` with the reason in a comment, and the match reports it.

Game ``2k - 1`` and game ``2k`` start from the same opening with the colours swapped: engine A is
White in the odd rounds. The opening is a few random moves drawn from the seed and the pair's
number only, or line ``k`` of a book (a FEN or a list of moves in coordinate notation; the book
starts over when it runs out). The games are tasks of a pool; their results are taken in round
order, so the score after a given number of games, and so the SPRT's stop, do not depend on how
many workers played them. A game adjudicated at the ply limit counts as a draw. With
``perpetual_check_loses`` a position repeated three times, in which one side gave check with
every move since its last occurrence and the other did not, is adjudicated a loss for the side
giving check: the Asian rules of Xiangqi, which Fairy-Stockfish plays (our rules have no
repetition rule there: docs/rules.md leaves perpetual check to the tools).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TextIO, Union

from meiriqi import Board, Move, SearchMemory, Variant, pgn
from meiriqi.distributed import TaskPool
from meiriqi.engine_client import EngineFaultError, EngineSession, ExternalEngine
from meiriqi.selfplay import (
    ADJUDICATION,
    FinishedGame,
    Player,
    game_rng,
    record,
    write_in_order,
)
from meiriqi.sprt import Sprt, elo_estimate, log_likelihood_ratio

__all__ = [
    "FORFEIT",
    "Engine",
    "MatchSettings",
    "Opening",
    "Standing",
    "a_is_white",
    "perpetual_checker",
    "play_match_game",
    "read_openings",
    "run",
]

_SCORE_OF_WHITE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "*": 0.5}

FORFEIT = "rules infraction"
"""The ``Termination`` of a game lost by an engine's fault (PGN's standard words)."""

Engine = Union[Player, ExternalEngine]
"""A match's engine: one of our search settings, or another program."""


@dataclass(frozen=True)
class Opening:
    """Where a pair's games start: a FEN (``None``: the variant's start) and moves from it."""

    fen: str | None = None
    moves: tuple[str, ...] = ()

    def board(self, variant: Variant | str) -> Board:
        """The position after the opening's moves, with the moves on its stack."""
        board = Board(self.fen, variant=variant)
        for move in self.moves:
            board.push_uci(move)
        return board


def read_openings(lines: Iterable[str], variant: Variant | str) -> list[Opening]:
    """A book's openings: one a line, a FEN or moves in coordinate notation from the start
    (blank lines and lines starting with ``#`` skipped). ``ValueError`` naming the line when one
    is neither, or holds an illegal move."""
    openings = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            opening = Opening(fen=Board(text, variant=variant).fen())
        except ValueError:
            opening = Opening(moves=tuple(text.split()))
            try:
                opening.board(variant)
            except ValueError as error:
                raise ValueError(
                    f"line {number}: neither a FEN nor legal moves from the start: {error}"
                ) from None
        openings.append(opening)
    if not openings:
        raise ValueError("no openings: every line is blank or a comment")
    return openings


@dataclass(frozen=True)
class MatchSettings:
    """What every game of a match shares."""

    engine_a: Engine
    engine_b: Engine
    seed: int
    max_plies: int = 500
    opening_plies: int = 2
    variant: Variant | str = "meiriqi"
    openings: tuple[Opening, ...] = ()
    """A book: pair ``k`` starts from opening ``k`` (round robin); empty: random moves."""
    perpetual_check_loses: bool = False
    """Adjudicate a threefold repetition with one side checking throughout as its loss."""

    def names(self, round_number: int) -> tuple[str, str]:
        """The record's White and Black of game ``round_number``."""
        a, b = f"A {self.engine_a}", f"B {self.engine_b}"
        return (a, b) if a_is_white(round_number) else (b, a)

    def opening(self, pair: int) -> Opening:
        """Where pair ``pair`` (from 1) starts."""
        if self.openings:
            return self.openings[(pair - 1) % len(self.openings)]
        rng = game_rng(self.seed, pair)
        board = Board(variant=self.variant)
        moves = []
        for _ in range(self.opening_plies):
            if board.is_game_over(claim_draw=True):
                break
            move = rng.choice(board.legal_moves)
            board.push(move)
            moves.append(move.uci())
        return Opening(moves=tuple(moves))


def a_is_white(round_number: int) -> bool:
    """Whether engine A has White in game ``round_number`` (the first of each pair)."""
    return round_number % 2 == 1


class _OwnSession:
    """One of our search settings as an engine session, searching by the match's rule on
    perpetual check."""

    def __init__(self, player: Player, perpetual_check_loses: bool) -> None:
        self.player = player
        self.memory = SearchMemory()  # kept from move to move of the game
        self.perpetual_check_loses = perpetual_check_loses

    def move(self, board: Board, start_fen: str | None) -> Move:
        return self.player.move(
            board, self.memory, perpetual_check_loses=self.perpetual_check_loses
        )

    def close(self) -> None:
        pass


def _open(engine: Engine, settings: MatchSettings) -> EngineSession:
    if isinstance(engine, ExternalEngine):
        return engine.open(Variant(settings.variant).name)
    return _OwnSession(engine, settings.perpetual_check_loses)


def perpetual_checker(keys: Sequence[int], checks: Sequence[bool]) -> int | None:
    """The side that gave perpetual check, if any: ``keys[i]`` identifies the position after
    ply ``i`` and ``checks[i]`` says whether that ply gave check. When the last position
    occurred before, the side that checked with each of its moves since then while the other
    did not is returned as 0 (the side that made the last move) or 1 (the other side)."""
    last = len(keys) - 1
    earlier = (i for i in range(last - 2, -1, -2) if keys[i] == keys[last])
    start = next(earlier, None)
    if start is None:
        return None
    cycle = checks[start + 1 :]
    # The last move's side made the cycle's last move and every second one before it.
    last_side = all(cycle[len(cycle) - 1 :: -2])
    other_side = all(cycle[len(cycle) - 2 :: -2])
    if last_side != other_side:
        return 0 if last_side else 1
    return None


def play_match_game(task: tuple[MatchSettings, int]) -> FinishedGame:
    """Plays game ``round_number`` of a match (one task of a pool), refereed by our rules."""
    settings, round_number = task
    opening = settings.opening((round_number + 1) // 2)
    board = opening.board(settings.variant)
    start_fen = opening.fen
    engines = (settings.engine_a, settings.engine_b)
    if not a_is_white(round_number):
        engines = engines[::-1]
    sessions: list[EngineSession] = []
    fault: tuple[bool, str] | None = None
    perpetual: bool | None = None  # the colour that lost by perpetual check
    keys: list[int] = []
    checks: list[bool] = []
    try:
        for color, engine in zip((True, False), engines):
            try:
                sessions.append(_open(engine, settings))
            except EngineFaultError as error:
                fault = (color, str(error))
                break
        while (
            fault is None
            and perpetual is None
            and board.ply() < settings.max_plies
            and not board.is_game_over(claim_draw=True)
        ):
            session = sessions[0 if board.turn else 1]
            try:
                board.push(session.move(board, start_fen))
            except EngineFaultError as error:
                fault = (board.turn, str(error))
                break
            if settings.perpetual_check_loses:
                keys.append(board.zobrist_hash())
                checks.append(board.is_check())
                if board.is_repetition(3):
                    checker = perpetual_checker(keys, checks)
                    if checker is not None:
                        perpetual = board.turn if checker else not board.turn
    finally:
        for session in sessions:
            session.close()
    game = record(
        board,
        round_number=round_number,
        max_plies=settings.max_plies,
        names=settings.names(round_number),
        event="meiriqi match",
    )
    note = None
    if fault is not None:
        loser_is_white, reason = fault
        loser = game.headers["White" if loser_is_white else "Black"]
        note = f"game {round_number}: {loser} forfeits: {reason}"
        game.headers["Result"] = "0-1" if loser_is_white else "1-0"
        game.headers["Termination"] = FORFEIT
        game.end().comment = f"{loser} forfeits: {reason}"
    if perpetual is not None:
        game.headers["Result"] = "0-1" if perpetual else "1-0"
        game.headers["Termination"] = ADJUDICATION
        side = "White" if perpetual else "Black"
        game.end().comment = (
            f"{side} gave check with every move of a threefold repetition: perpetual check loses"
        )
    return FinishedGame.of(game, note=note)


@dataclass
class Standing:
    """Engine A's results so far: wins, draws, losses and the pentanomial of finished pairs."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    forfeits: list[int] = field(default_factory=lambda: [0, 0])
    """Games A and B lost by their fault (an illegal move, a crash, silence)."""
    _open_pair: float | None = field(default=None, repr=False)
    """A's score in the first game of a pair not yet finished."""

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.draws + self.losses

    def add(self, round_number: int, result: str, *, forfeit: bool = False) -> None:
        """Counts game ``round_number`` (taken in round order) with its record's result;
        ``forfeit``: the loser lost it by a fault."""
        white_score = _SCORE_OF_WHITE[result]
        score = white_score if a_is_white(round_number) else 1 - white_score
        if forfeit:
            self.forfeits[int(score == 1)] += 1
        self.wins += score == 1
        self.draws += score == 0.5
        self.losses += score == 0
        if self._open_pair is None:
            self._open_pair = score
        else:
            self.pentanomial[round(2 * (self._open_pair + score))] += 1
            self._open_pair = None

    def add_records(self, games: Iterable[pgn.Game]) -> None:
        """Counts the games of a resumed match's records."""
        for game in games:
            forfeit = game.headers.get("Termination") == FORFEIT
            self.add(int(game.headers["Round"]), game.headers["Result"], forfeit=forfeit)

    def summary(self, sprt: Sprt | None) -> str:
        """The lines printed at the end: score, Elo with its error bar, pairs and the SPRT."""
        points = self.wins + self.draws / 2
        share = points / max(self.games, 1)
        lines = [
            f"Games: {self.games}, A scored {points:g} - {self.games - points:g} ({share:.1%}): "
            f"{self.wins} wins, {self.draws} draws, {self.losses} losses",
        ]
        if any(self.forfeits):
            lines.append(f"Forfeits: A {self.forfeits[0]}, B {self.forfeits[1]}")
        if any(self.pentanomial):
            elo, margin = elo_estimate(self.pentanomial)
            lines.append(f"Elo of A over B: {elo:+.1f} +/- {margin:.1f} (95%)")
            lines.append(f"Pairs scoring 0, 1/2, 1, 3/2, 2: {self.pentanomial}")
        if sprt is not None:
            llr = self.llr(sprt)
            lower, upper = sprt.bounds
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision"}[
                sprt.verdict(llr)
            ]
            lines.append(
                f"SPRT [{sprt.elo0:g}, {sprt.elo1:g}] normalized Elo: "
                f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f}): {verdict}"
            )
        return "\n".join(lines)

    def llr(self, sprt: Sprt) -> float:
        """The log-likelihood ratio of ``sprt`` over the finished pairs."""
        return log_likelihood_ratio(self.pentanomial, sprt.elo0, sprt.elo1)

    def decided(self, sprt: Sprt | None) -> bool:
        """Whether ``sprt`` has reached a verdict (checked at the end of each pair)."""
        if sprt is None or self._open_pair is not None:
            return False
        return sprt.verdict(self.llr(sprt)) is not None


def run(
    settings: MatchSettings,
    games: int,
    out: TextIO,
    *,
    progress: TextIO,
    pool: TaskPool,
    sprt: Sprt | None = None,
    standing: Standing | None = None,
) -> Standing:
    """Plays the match's rounds after those of ``standing`` (a resumed match) up to ``games`` on
    ``pool``, writing the records to ``out`` in round order with a progress bar on ``progress``,
    until ``sprt`` decides; returns the final standing."""
    standing = standing or Standing()
    done = standing.games
    tasks = [(settings, number) for number in range(done + 1, games + 1)]
    for game in write_in_order(
        pool, play_match_game, tasks, out, progress=progress, total=games, done=done
    ):
        if game.note is not None:
            progress.write(game.note + "\n")
        standing.add(game.round_number, game.result, forfeit=game.note is not None)
        if standing.decided(sprt):
            break
    return standing
