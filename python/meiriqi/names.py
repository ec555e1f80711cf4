"""Words as players read them: the names of the games with their tone marks, and counts."""

from __future__ import annotations

from meiriqi._core import Board

__all__ = ["counted", "game_name"]

_ACCENTS = {"Meiriqi": "Mĕirìqí", "Yang Qi": "Yáng Qí"}
"""The names of the games with their tone marks, for text that may hold them."""


def game_name(board: Board) -> str:
    """The name of ``board``'s variant with its tone marks: ``"Yáng Qí (Chinese setup)"``."""
    title = board.variant_title
    for plain, accented in _ACCENTS.items():
        title = title.replace(plain, accented)
    return title


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``"1 ply"``, ``"36 plies"``: ``number`` and ``noun``, in the plural (``plural``, by
    default ``noun`` + ``s``) unless ``number`` is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
