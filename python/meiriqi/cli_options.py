"""The command line's options and argument types, shared by its commands: numbers and times with
their ranges, the variant, the computer's level, the worker pool, resuming, search settings and
the SPRT's numbers. Each refuses a bad value with argparse's own error, saying what it expected.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from typing import Any

from meiriqi import Board
from meiriqi.engine_client import ExternalEngine, Limits
from meiriqi.selfplay import Player

__all__ = [
    "ArgumentParser",
    "HelpFormatter",
    "add_level",
    "add_pool",
    "add_resume",
    "add_variant",
    "add_variant_file",
    "elo",
    "engine_option",
    "error_rate",
    "limits",
    "match_engine",
    "number",
    "player",
    "seconds",
]


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help with the descriptions kept as written (the variants, one per line), and
    the help of the options wrapped at spaces only: never inside a variant's name
    (``yangqi-quickpawns``) or a quoted command (``'--variant list'``)."""

    _WORDS = re.compile(r"(?<!\S)'[^']*'\S*|\S+")
    """A quoted phrase (its quote opening a word) with what sticks to its end, or a word."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for word in self._WORDS.findall(text):
            if lines and len(lines[-1]) + 1 + len(word) <= width:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines


class ArgumentParser(argparse.ArgumentParser):
    """An argument parser whose help is laid out by :class:`HelpFormatter`, as is that of its
    subcommands."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def number(kind: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` (to ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"invalid {kind} {text!r}: expected a whole number"
            ) from None
        if value < low or (high is not None and value > high):
            expected = f"{low} or more" if high is None else f"{low} to {high}"
            raise argparse.ArgumentTypeError(f"invalid {kind} {value}: expected {expected}")
        return value

    return parse


def seconds(text: str) -> float:
    """A time per move: a number of seconds above 0."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid time {text!r}: expected a number of seconds"
        ) from None
    if not 0 < seconds < math.inf:
        raise argparse.ArgumentTypeError(f"invalid time {text}: expected more than 0 seconds")
    return seconds


def add_variant(parser: argparse.ArgumentParser) -> None:
    """The ``--variant`` and ``--variant-file`` options."""
    parser.add_argument(
        "--variant",
        metavar="NAME",
        help=f"the game: {', '.join(Board.variants())} (default: meiriqi, or the "
        "--variant-file's); '--variant list' describes them",
    )
    add_variant_file(parser)


def add_variant_file(parser: argparse.ArgumentParser) -> None:
    """The ``--variant-file`` option."""
    parser.add_argument(
        "--variant-file",
        metavar="FILE",
        help="load the variant of this variant file (docs/variants.md) and offer it too",
    )


def add_level(parser: argparse.ArgumentParser, default_time: float) -> None:
    """The computer's ``--time`` / ``--depth`` options."""
    level = parser.add_mutually_exclusive_group()
    level.add_argument(
        "--time",
        type=seconds,
        default=default_time,
        metavar="SECONDS",
        help=f"the computer's time per move (default: {default_time:g})",
    )
    level.add_argument(
        "--depth", type=number("depth", 1, 99), metavar="N", help="search N plies instead"
    )


def add_pool(parser: argparse.ArgumentParser) -> None:
    """The ``--workers`` and ``--cluster`` options (see docs/cluster.md)."""
    parser.add_argument(
        "--workers",
        type=number("worker count", 1),
        metavar="N",
        help="run on N processes of this machine; with --cluster, N tasks at a time "
        "(default: one process, or one task per CPU of the cluster)",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run on the Ray cluster at ADDRESS (host:port, or 'auto'); "
        "needs pip install 'meiriqi[cluster]'",
    )


def add_resume(parser: argparse.ArgumentParser) -> None:
    """The ``--resume`` option."""
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the finished games of --out FILE and play only the rest",
    )


def player(text: str) -> Player:
    """A search setting: ``depth=N``, ``time=SECONDS``, ``nodes=N``, comma-separated."""
    return Player(**_limit_fields(text))  # type: ignore[arg-type]


def limits(text: str) -> Limits:
    """An external engine's limits per move, in :func:`player`'s words."""
    return Limits(**_limit_fields(text))  # type: ignore[arg-type]


def engine_option(text: str) -> tuple[str, str]:
    """A UCI option: ``NAME=VALUE``."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"invalid option {text!r}: expected NAME=VALUE")
    return name.strip(), value.strip()


def match_engine(
    text: str, engine_limits: Limits | None, engine_options: list[tuple[str, str]], patience: float
) -> Player | ExternalEngine | str:
    """A match's engine: ``uci:COMMAND`` or ``xboard:COMMAND`` with its limits, options and
    patience, or one of our search settings (:func:`player`), which takes neither; a message
    saying what is wrong otherwise."""
    if text.partition(":")[0].lower() in ("uci", "xboard"):
        try:
            engine = ExternalEngine.parse(text)
        except ValueError as error:
            return str(error)
        engine_limits = engine_limits or Limits(time=1.0)
        time = engine_limits.time
        if engine.protocol == "xboard" and time is not None and time != int(time):
            return f"XBoard's st takes whole seconds: time={time:g} cannot be given"
        return ExternalEngine(
            engine.protocol, engine.command, engine_limits, tuple(engine_options), patience
        )
    if engine_limits is not None or engine_options:
        return "--limits and --option are for UCI and XBoard engines: give our limits as ENGINE"
    try:
        return player(text)
    except argparse.ArgumentTypeError as error:
        return str(error)


def _limit_fields(text: str) -> dict[str, float]:
    """The limits ``depth=N``, ``time=SECONDS``, ``nodes=N`` of ``text``, comma-separated."""
    limits: dict[str, float] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip().lower()
        if name not in ("depth", "time", "nodes") or name in limits:
            raise argparse.ArgumentTypeError(
                f"invalid search setting {text!r}: expected depth=N, time=SECONDS and/or "
                "nodes=N, comma-separated"
            )
        limits[name] = (
            seconds(value)
            if name == "time"
            else number(name, 1, 99 if name == "depth" else None)(value)
        )
    return limits


def elo(text: str) -> float:
    """An Elo difference: a finite number."""
    try:
        elo = float(text)
    except ValueError:
        elo = math.nan
    if not math.isfinite(elo):
        raise argparse.ArgumentTypeError(f"invalid Elo {text!r}: expected a number")
    return elo


def error_rate(text: str) -> float:
    """An SPRT error rate: above 0 and below 0.5."""
    try:
        rate = float(text)
    except ValueError:
        rate = math.nan
    if not 0 < rate < 0.5:
        raise argparse.ArgumentTypeError(
            f"invalid error rate {text!r}: expected above 0, below 0.5"
        )
    return rate
