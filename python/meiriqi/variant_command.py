"""``meiriqi variant``: ``check FILE`` reads a variant file (docs/variants.md) and prints what
it understood, ``list`` names the variants, ``show NAME`` prints a built-in variant's file, to
copy as a start for one's own.

``check`` prints the board, how the game presents itself (its name for players, its example
moves, what XBoard is told), every piece with its letters, roles, movement in words (the file's
``about``), its Betza for XBoard and a diagram computed by the engine (:mod:`meiriqi.guide`), the
start position
(:func:`meiriqi.display.diagram`) and perft 1-3 from it with their times. The command line loads
the file (``--variant-file``'s way: one place, one error message) before :func:`check` runs.
"""

from __future__ import annotations

import argparse
import textwrap
import time

from meiriqi import catalog, cli_options, display, guide
from meiriqi._core import WHITE, Board, Variant

__all__ = ["PERFT_DEPTHS", "add_parser", "check", "list_variants", "show"]

PERFT_DEPTHS = (1, 2, 3)
"""The depths ``check`` counts the start position to."""

_WIDTH = 80
"""The width ``check`` wraps its text to."""


def add_parser(commands: argparse._SubParsersAction[cli_options.ArgumentParser]) -> None:
    """Adds ``variant`` and its three commands to the command line's ``commands``.

    ``check``'s file is ``args.variant_file`` and ``show``'s name ``args.variant``, which the
    command line reads as it reads ``--variant-file`` and ``--variant``; ``list`` is
    ``--variant list``."""
    variant = commands.add_parser(
        "variant", help="check a variant file, list the variants, show a built-in one's file"
    )
    actions = variant.add_subparsers(dest="action", metavar="ACTION", required=True)
    checking = actions.add_parser(
        "check", help="read a variant file and print what it says: pieces, start, perft 1-3"
    )
    checking.add_argument("variant_file", metavar="FILE", help="the variant file (TOML)")
    checking.set_defaults(variant=None, run=lambda args: check(args.variant_file, args.variant))
    actions.add_parser("list", help="the variants with their descriptions").set_defaults(
        variant="list"
    )
    showing = actions.add_parser("show", help="print a built-in variant's file")
    showing.add_argument("variant", metavar="NAME", help="a variant's name or title")
    showing.set_defaults(run=lambda args: show(args.variant))


def list_variants() -> int:
    """Prints every variant's name and description."""
    print(catalog.listing(catalog.variants()))
    return 0


def show(name: str) -> int:
    """Prints the variant file of the variant called ``name``."""
    print(Variant(name).source, end="")
    return 0


def check(path: str, name: str) -> int:
    """Prints what the variant ``name``, loaded from the file at ``path``, says."""
    variant = Variant(name)
    print(f"{path}: a valid variant file")
    print(f"{variant.name}: {variant.title}, {variant.files}x{variant.ranks}")
    if variant.description:
        print(textwrap.fill(variant.description, _WIDTH))
    print(_presentation(variant))
    start = Board(variant=name)
    roles = _roles(start)
    entries = guide.guides(name)
    print()
    print(textwrap.fill(f"{len(entries)} pieces. {guide.legend()}", _WIDTH), end="\n\n")
    for entry in entries:
        print(_piece(entry, roles, variant.xboard_betza.get(entry.kind)), end="\n\n")
    print(f"Start: {start.fen()}")
    print(display.diagram(start))
    print()
    for depth in PERFT_DEPTHS:
        began = time.perf_counter()
        count = start.perft(depth, threads=1)
        print(f"perft {depth}: {count} ({time.perf_counter() - began:.3f} s)")
    return 0


def _presentation(variant: Variant) -> str:
    """How the variant presents itself: its name for players, its example moves, its name in
    XBoard."""
    xboard = variant.xboard_variant
    lines = [
        f"For players: {variant.display_title}; example moves "
        f"{', '.join(variant.example_san)} ({', '.join(variant.example_coordinates)})",
        f"XBoard: {f'its own {xboard!r}' if xboard else 'told the board and the pieces'}",
    ]
    return "\n".join(textwrap.fill(line, _WIDTH) for line in lines)


def _piece(entry: guide.PieceGuide, roles: dict[int, str], betza: str | None) -> str:
    """A piece's paragraph: title, role, movement, what XBoard is told of it (``betza``), then
    its diagram."""
    role = f" [{roles[entry.kind]}]" if entry.kind in roles else ""
    words = textwrap.fill(f"{entry.title}{role}: {entry.movement}", _WIDTH)
    xboard = betza or "none (XBoard shows the engine's marks)"
    return (
        f"{words}\nIn XBoard's Betza: {xboard}\nWhere it can go {entry.where}:\n{entry.diagram()}"
    )


def _roles(board: Board) -> dict[int, str]:
    """The roles the engine gives the piece types of ``board``'s variant: the King's, the
    Pawns'."""
    roles = dict.fromkeys(board.pawn_types, "pawn")
    king = board.king(WHITE)
    piece = None if king is None else board.piece_at(king)
    if piece is not None:
        roles[piece.piece_type] = "royal"
    return roles
