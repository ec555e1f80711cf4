"""The names of the games as players write them, with their tone marks."""

from __future__ import annotations

from meiriqi._core import Board

__all__ = ["game_name"]

_ACCENTS = {"Meiriqi": "Mĕirìqí", "Yang Qi": "Yáng Qí"}
"""The names of the games with their tone marks, for text that may hold them."""


def game_name(board: Board) -> str:
    """The name of ``board``'s variant with its tone marks: ``"Yáng Qí (Chinese setup)"``."""
    title = board.variant_title
    for plain, accented in _ACCENTS.items():
        title = title.replace(plain, accented)
    return title
