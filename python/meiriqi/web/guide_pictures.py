"""The piece guide as the page shows it: each piece of a variant with its name, letters and
movement (:mod:`meiriqi.guide`), and pictures of where it can go from an empty board
(:mod:`meiriqi.reach`) drawn like the game's board, a ring of one colour per kind of mark."""

from __future__ import annotations

import functools
from typing import Any

from meiriqi import BLACK, WHITE, Board, Piece
from meiriqi import svg as pictures
from meiriqi.guide import LEGEND, PieceGuide, find, guides
from meiriqi.reach import CAPTURE, MOVE, MOVE_OR_CAPTURE, SCREEN, Reach

__all__ = ["MARK_COLORS", "guide_entry", "piece_list"]

MARK_COLORS = {
    MOVE_OR_CAPTURE: "#15781b",
    MOVE: "#1f6fd1",
    CAPTURE: "#c0392b",
    SCREEN: "#555555",
}
"""The colour of each mark's ring in the pictures (a screen is also drawn as a Black piece)."""


def piece_list(variant: str) -> list[dict[str, Any]]:
    """Every piece of ``variant`` (pieces of one name once): name, letters and a picture."""
    return [
        {
            "name": entry.name,
            "title": entry.title,
            "letters": list(entry.letters),
            "picture": str(pictures.piece(Piece(entry.kind, WHITE, variant=variant))),
        }
        for entry in guides(variant)
    ]


@functools.lru_cache(maxsize=256)
def guide_entry(variant: str, letter: str) -> dict[str, Any]:
    """The guide to the piece of ``variant`` written or called ``letter`` (any case), with its
    pictures; ``ValueError`` naming the pieces when there is none."""
    entry = find(variant, letter)
    shown = [("Where it can go", entry.plain)]
    screened = entry.screened
    if screened is not None:
        shown.append(("With screens (grey rings) set up", screened))
    used = {mark for _, reach in shown for mark in reach.marks.values()}
    if screened is not None:
        used.add(SCREEN)
    return {
        "variant": variant,
        "name": entry.name,
        "title": entry.title,
        "letters": list(entry.letters),
        "movement": entry.movement,
        "where": entry.where,
        "legend": [
            {"mark": mark, "color": MARK_COLORS[mark], "meaning": meaning}
            for mark, meaning in LEGEND
            if mark in used
        ],
        "pictures": [
            {"caption": caption, "svg": str(_picture(entry, reach))} for caption, reach in shown
        ],
    }


def _picture(entry: PieceGuide, reach: Reach) -> str:
    """The piece alone on the board (with its screens) and a ring on each square it reaches."""
    board = Board.empty(variant=entry.variant)
    board.set_piece_at(reach.origin, Piece(entry.kind, WHITE, variant=entry.variant))
    screen_kind = (board.pawn_types or board.piece_types[-1:])[0]
    for sq in reach.screens:
        board.set_piece_at(sq, Piece(screen_kind, BLACK, variant=entry.variant))
    rings = [pictures.Arrow(sq, sq, MARK_COLORS[mark]) for sq, mark in sorted(reach.marks.items())]
    rings += [pictures.Arrow(sq, sq, MARK_COLORS[SCREEN]) for sq in sorted(reach.screens)]
    return pictures.board(board, arrows=rings)
