"""The variants this program offers: the built-in ones and those a player loaded from a variant
file (``meiriqi --variant-file my.toml``) and added here, so that game records, XBoard's
``variants=`` and UCI's ``UCI_Variant`` name them too.

The core cannot list the variants loaded in a process (a loaded variant's name works everywhere,
but only where it is asked for by name), hence this list.
"""

from __future__ import annotations

import os

from meiriqi._core import Board, Variant

__all__ = ["load", "variants"]

_LOADED: dict[str, str] = {}
"""The loaded variants' names with their descriptions, in the order they were loaded."""


def load(path: str | os.PathLike[str]) -> Variant:
    """Reads the variant file at ``path`` (as :meth:`meiriqi.Variant.load`: ``OSError`` or
    :class:`meiriqi.InvalidVariantError`) and offers its variant from now on."""
    variant = Variant.load(path)
    _LOADED[variant.name] = variant.description
    return variant


def variants() -> dict[str, str]:
    """Every variant offered, with its one-line description: the built-in ones (the flagship
    first), then the loaded ones."""
    return {**Board.variants(), **_LOADED}
