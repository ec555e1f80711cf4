"""The variants this program offers: the built-in ones and those loaded from variant files in
this process (``meiriqi --variant-file my.toml``, :meth:`meiriqi.Variant.load`, or a pickled
board of one arriving in a worker), so that game records, XBoard's ``variants=`` and UCI's
``UCI_Variant`` name them too.
"""

from __future__ import annotations

from functools import cache

from meiriqi._core import Board, Variant

__all__ = ["variants"]


def variants() -> dict[str, str]:
    """Every variant offered, with its one-line description: the built-in ones (the flagship
    first), then the loaded ones."""
    loaded = {variant.name: variant.description for variant in Variant.loaded()}
    return {**_built_in(), **loaded}


@cache
def _built_in() -> dict[str, str]:
    """The built-in variants with their descriptions (they never change)."""
    return Board.variants()
