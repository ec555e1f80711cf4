"""Variant files made from the built-in ones, for tests that load a copy as a new variant."""

from __future__ import annotations

import re


def renamed(text: str, name: str, title: str | None = None) -> str:
    """``text`` (a variant file) with its variant's name, the first ``name =``, set to ``name``,
    its title, the first ``title =``, set to ``title`` (``name`` by default), and its
    ``aliases`` left out: names, titles and aliases must be no other variant's."""
    text = re.sub(r'^name = ".*"$', f'name = "{name}"', text, count=1, flags=re.MULTILINE)
    text = re.sub(r"^aliases = \[.*\]\n", "", text, count=1, flags=re.MULTILINE)
    title = name if title is None else title
    return re.sub(r'^title = ".*"$', f'title = "{title}"', text, count=1, flags=re.MULTILINE)
