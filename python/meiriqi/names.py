"""Words as players read them: the names of the games with their tone marks, and counts."""

from __future__ import annotations

from meiriqi._core import Board, Variant

__all__ = ["counted", "game_name", "plural_of"]


def game_name(board: Board) -> str:
    """The name of ``board``'s variant as players read it, with its tone marks (its variant
    file's ``display-title``, else its title): ``"Yáng Qí (Chinese setup)"``."""
    return Variant(board.variant_name).display_title


def plural_of(noun: str) -> str:
    """``noun`` in the plural, by the regular English rule: ``"palaces"``, ``"fortresses"``."""
    return noun + ("es" if noun.endswith(("s", "x", "z", "ch", "sh")) else "s")


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``"1 ply"``, ``"36 plies"``: ``number`` and ``noun``, in the plural (``plural``, by
    default ``noun`` + ``s``) unless ``number`` is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
