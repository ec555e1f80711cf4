"""The perft counts of ``tests/perft.toml``, which the Rust tests read too: one place for every
published count and every count of a start position this project computed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # the test extra installs the backport
    import tomli as tomllib

import meiriqi

DATA = Path(__file__).resolve().parent / "perft.toml"


class PerftCase(NamedTuple):
    """A position (``fen`` of ``variant``) with its counts from depth 1 on, and who counted them."""

    name: str
    variant: str
    fen: str
    counts: tuple[int, ...]
    source: str


def _read() -> list[PerftCase]:
    """Every case of the data file, in its order; a position without a FEN is the variant's
    start."""
    with DATA.open("rb") as handle:
        positions = tomllib.load(handle)["positions"]
    return [
        PerftCase(
            name=entry["name"],
            variant=entry["variant"],
            fen=entry.get("fen") or meiriqi.Variant(entry["variant"]).starting_fen,
            counts=tuple(entry["counts"]),
            source=entry["source"],
        )
        for entry in positions
    ]


CASES = _read()
"""Every case, in the file's order."""


def case(name: str) -> PerftCase:
    """The case called ``name``."""
    return next(found for found in CASES if found.name == name)


def start(variant: str) -> tuple[int, ...]:
    """The counts from the start of ``variant``."""
    return case(f"{variant} start").counts
