"""Match statistics as fishtest computes them: game pairs, an Elo estimate and the SPRT.

The games of a match come in pairs from the same opening with the colours swapped; a pair scores
0, 1/2, 1, 3/2 or 2 points for the first engine, and the counts of the five outcomes (the
pentanomial) are what the statistics see, as in fishtest. An outcome never seen counts 0.001
times, so that no probability is zero.

- :func:`elo_estimate`: the logistic Elo of the mean score with its 95% error bar.
- :func:`log_likelihood_ratio`: the generalized log-likelihood ratio of fishtest's SPRT in
  normalized Elo: the likelihood of the pairs under the distribution nearest to them whose
  normalized Elo is ``elo1``, against the one whose normalized Elo is ``elo0``.
- :class:`Sprt`: the test's bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``,
  and its verdict.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = ["Sprt", "elo_estimate", "log_likelihood_ratio", "logistic_elo"]

_UNSEEN = 1e-3
"""The count given to an outcome never seen."""
_NELO_PER_T = 800 / math.log(10)
"""Normalized Elo per unit of t-value of one game."""


def _distribution(pentanomial: Sequence[int]) -> tuple[float, list[float], list[float]]:
    """The number of pairs, the pair scores as fractions (0, 1/4, ..., 1) and their frequencies."""
    counts = [count or _UNSEEN for count in pentanomial]
    total = sum(counts)
    return total, [i / 4 for i in range(5)], [count / total for count in counts]


def _mean_variance(values: Sequence[float], probabilities: Sequence[float]) -> tuple[float, float]:
    """The mean and the variance of a discrete distribution."""
    mean = sum(p * v for v, p in zip(values, probabilities))
    return mean, sum(p * (v - mean) ** 2 for v, p in zip(values, probabilities))


MAX_NORMALIZED_ELO = 200.0
"""The largest normalized Elo (either way) an SPRT may test: the likelihood's fixed point
starts from the uniform distribution, from which a t-value above about 0.94 a pair (231
normalized Elo) cannot be reached."""


def logistic_elo(score: float) -> float:
    """The Elo difference that gives the expected score ``score`` (clamped to 0.001-0.999)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def elo_estimate(pentanomial: Sequence[int]) -> tuple[float, float]:
    """The first engine's Elo advantage and half the width of its 95% confidence interval."""
    pairs, values, probabilities = _distribution(pentanomial)
    mean, variance = _mean_variance(values, probabilities)
    margin = NormalDist().inv_cdf(0.975) * math.sqrt(variance / pairs)
    return logistic_elo(mean), (logistic_elo(mean + margin) - logistic_elo(mean - margin)) / 2


def _root(function: Callable[[float], float], low: float, high: float) -> float:
    """The zero of a decreasing function between ``low`` and ``high``, by bisection."""
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if function(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _nearest_with_t_value(
    values: Sequence[float], observed: Sequence[float], t_value: float
) -> list[float]:
    """The distribution on ``values`` nearest to ``observed`` (maximum likelihood) among those
    whose t-value ``(mean - 1/2) / deviation`` is ``t_value``: a fixed point, each step a
    Lagrange multiplier found by bisection."""
    probabilities = [1 / len(values)] * len(values)
    for _ in range(100):
        mean, variance = _mean_variance(values, probabilities)
        deviation = math.sqrt(variance)
        shifted = [
            v - 0.5 - t_value * deviation * (1 + ((mean - v) / deviation) ** 2) / 2 for v in values
        ]
        if min(shifted) >= 0 or max(shifted) <= 0:
            raise ValueError(
                f"a t-value of {t_value:.3g} is out of this test's reach: normalized Elo "
                f"from -{MAX_NORMALIZED_ELO:g} to {MAX_NORMALIZED_ELO:g} can be tested"
            )
        # Inside the bounds every 1 + x * a stays positive; shrunk relatively, so that
        # rounding never reaches a bound.
        shrink = 1 - 1e-9

        def slope(x: float, shifted: list[float] = shifted) -> float:
            return sum(p * a / (1 + x * a) for a, p in zip(shifted, observed))

        multiplier = _root(slope, -shrink / max(shifted), -shrink / min(shifted))
        updated = [p / (1 + multiplier * a) for a, p in zip(shifted, observed)]
        change = max(abs(new - old) for new, old in zip(updated, probabilities))
        probabilities = updated
        if change < 1e-12:
            break
    return probabilities


def log_likelihood_ratio(pentanomial: Sequence[int], elo0: float, elo1: float) -> float:
    """Fishtest's generalized log-likelihood ratio of normalized Elo ``elo1`` against ``elo0``
    for these pair counts (0 before any pair)."""
    if not any(pentanomial):
        return 0.0
    pairs, values, observed = _distribution(pentanomial)
    # A pair is two games: its t-value is sqrt(2) times a game's.
    t0, t1 = (elo * math.sqrt(2) / _NELO_PER_T for elo in (elo0, elo1))
    null = _nearest_with_t_value(values, observed, t0)
    alternative = _nearest_with_t_value(values, observed, t1)
    return pairs * sum(
        p * (math.log(a) - math.log(n)) for p, a, n in zip(observed, alternative, null)
    )


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of normalized Elo ``elo1`` (H1) against ``elo0``
    (H0), with false-positive rate ``alpha`` and false-negative rate ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        """The LLR below which H0 is accepted and above which H1 is."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def verdict(self, llr: float) -> str | None:
        """``"H1"`` (the first engine is ``elo1`` better), ``"H0"``, or ``None``: play on."""
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None
