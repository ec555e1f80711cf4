"""A match between two search settings (``meiriqi match``): game pairs, score, Elo and SPRT.

Game ``2k - 1`` and game ``2k`` start from the same random opening (drawn from the seed and the
pair's number only) with the colours swapped: engine A is White in the odd rounds. The games are
tasks of a pool; their results are taken in round order, so the score after a given number of
games, and so the SPRT's stop, do not depend on how many workers played them. A game adjudicated
at the ply limit counts as a draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TextIO

from meiriqi import Variant, pgn
from meiriqi.distributed import TaskPool
from meiriqi.selfplay import FinishedGame, Player, game_rng, play_game, record, write_in_order
from meiriqi.sprt import Sprt, elo_estimate, log_likelihood_ratio

__all__ = ["MatchSettings", "Standing", "a_is_white", "play_match_game", "run"]

_SCORE_OF_WHITE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "*": 0.5}


@dataclass(frozen=True)
class MatchSettings:
    """What every game of a match shares."""

    engine_a: Player
    engine_b: Player
    seed: int
    max_plies: int = 500
    opening_plies: int = 2
    variant: Variant | str = "meiriqi"

    def names(self, round_number: int) -> tuple[str, str]:
        """The record's White and Black of game ``round_number``."""
        a, b = f"A {self.engine_a}", f"B {self.engine_b}"
        return (a, b) if a_is_white(round_number) else (b, a)


def a_is_white(round_number: int) -> bool:
    """Whether engine A has White in game ``round_number`` (the first of each pair)."""
    return round_number % 2 == 1


def play_match_game(task: tuple[MatchSettings, int]) -> FinishedGame:
    """Plays game ``round_number`` of a match (one task of a pool)."""
    settings, round_number = task
    pair = (round_number + 1) // 2
    a, b = settings.engine_a, settings.engine_b
    board = play_game(
        rng=game_rng(settings.seed, pair),
        max_plies=settings.max_plies,
        opening_plies=settings.opening_plies,
        variant=settings.variant,
        players=(a, b) if a_is_white(round_number) else (b, a),
    )
    game = record(
        board,
        round_number=round_number,
        max_plies=settings.max_plies,
        names=settings.names(round_number),
        event="meiriqi match",
    )
    return FinishedGame.of(game)


@dataclass
class Standing:
    """Engine A's results so far: wins, draws, losses and the pentanomial of finished pairs."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    _open_pair: float | None = field(default=None, repr=False)
    """A's score in the first game of a pair not yet finished."""

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.draws + self.losses

    def add(self, round_number: int, result: str) -> None:
        """Counts game ``round_number`` (taken in round order) with its record's result."""
        white_score = _SCORE_OF_WHITE[result]
        score = white_score if a_is_white(round_number) else 1 - white_score
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
            self.add(int(game.headers["Round"]), game.headers["Result"])

    def summary(self, sprt: Sprt | None) -> str:
        """The lines printed at the end: score, Elo with its error bar, pairs and the SPRT."""
        points = self.wins + self.draws / 2
        share = points / max(self.games, 1)
        lines = [
            f"Games: {self.games}, A scored {points:g} - {self.games - points:g} ({share:.1%}): "
            f"{self.wins} wins, {self.draws} draws, {self.losses} losses",
        ]
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
        standing.add(game.round_number, game.result)
        if standing.decided(sprt):
            break
    return standing
