"""The variants this program offers: the built-in ones and those loaded from variant files in
this process (``meiriqi --variant-file my.toml``, :meth:`meiriqi.Variant.load`, or a pickled
board of one arriving in a worker), so that game records, XBoard's ``variants=`` and UCI's
``UCI_Variant`` name them too.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from meiriqi._core import Variant

__all__ = ["NAME_COLUMN", "listing", "variants"]

NAME_COLUMN = 22
"""The column where :func:`listing` starts the descriptions: a longer name stands on a line of
its own, as argparse lays out a long option."""


def variants() -> dict[str, str]:
    """Every variant offered, with its one-line description: the built-in ones (the flagship
    first), then the loaded ones, as the engine's catalog lists them."""
    return {variant.name: variant.description for variant in Variant.offered()}


def listing(descriptions: Mapping[str, str], width: int = 80, indent: str = "") -> str:
    """``descriptions`` (name: description) as two aligned columns within ``width`` characters,
    each line starting with ``indent``: the names, then the descriptions wrapped at
    :data:`NAME_COLUMN`."""
    column = len(indent) + NAME_COLUMN
    lines = []
    for name, description in descriptions.items():
        head = f"{indent}{name}"
        text = textwrap.wrap(description, width - column, break_on_hyphens=False) or [""]
        if len(head) + 2 > column:
            lines.append(head)
        else:
            lines.append(f"{head:<{column}}{text.pop(0)}")
        lines += [" " * column + part for part in text]
    return "\n".join(lines)
