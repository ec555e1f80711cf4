"""What the XBoard engine tells the GUI about a variant it does not know.

XBoard knows chess (its ``normal``), Xiangqi, Shogi, Crazyhouse, Capablanca, Gothic and Grand
Chess, Knightmate, Shatranj, Makruk and Three-check: their variant files name XBoard's game
(``[xboard] variant``, :attr:`Variant.xboard_variant`; :func:`xboard_native`). For every other
variant the engine answers ``variant NAME`` with ``setup (PIECETOCHAR) WxH+S_PARENT FEN`` (which
of XBoard's piece images shows which of our letters, the board size, the number of piece types a
hand holds, the variant of XBoard's whose rules of moving XBoard applies, the start position) and
one ``piece LETTER& BETZA`` per piece whose moves XBoard's Betza notation can express (each
piece's ``xboard`` in its variant file, else derived from its moves: :attr:`Variant.xboard_betza`).
Bent and crooked riders (Mĕirìqí's Gryphon and Rhino), leaps the notation has no letter for,
zone limits, swaps and Wildeurasian castling cannot be expressed: XBoard then runs without its
own legality test and asks the engine, which marks the legal targets (``highlight``) and refuses
illegal moves."""

from __future__ import annotations

from meiriqi import Board, Variant, catalog, piece_name, piece_symbol

__all__ = [
    "XBOARD_CHESS",
    "XBOARD_SLOTS",
    "parent_variant",
    "piece_commands",
    "piece_to_char_table",
    "setup_command",
    "variant_from_xboard",
    "xboard_native",
    "xboard_variant",
]

XBOARD_CHESS = "normal"
"""XBoard's name for chess, the game its ``new`` starts."""

XBOARD_SLOTS = "PNBRQFEACWMOHIJGDVLSUK"
"""XBoard's piece types in the order of its ``pieceToCharTable``, by their usual letters: each
slot has a picture of its own. The last is the King; a ``+`` in slot ``i + 11`` is the promoted
form of the piece in slot ``i``."""
_SLOT_COUNTS = (len(XBOARD_SLOTS), 44)
"""The lengths of XBoard 4.9's tables, a side: the short one above, and the long one (the same
first 21 slots, 22 more without a usual letter, the King last) for a variant with more pieces."""
_PROMOTED_OFFSET = 11

_SLOT_BY_NAME = {
    "pawn": "P",
    "knight": "N",
    "bishop": "B",
    "rook": "R",
    "queen": "Q",
    "king": "K",
    "cannon": "O",
    "wazir": "W",
    "wing": "L",
    "camel": "C",
}
"""Slots whose picture shows what the piece of that name is, whatever its letter: the picture of
a piece whose variant file chooses none (``xboard = { picture = ... }``)."""


def xboard_native(variant: str) -> str | None:
    """The name of XBoard's own game that ``variant`` is (``normal`` for chess), or ``None``
    when XBoard does not know it: its file's ``[xboard] variant``, unless a variant before it
    (a built-in one) is that game already, as a copy of a built-in file would claim."""
    claimed = Variant(variant).xboard_variant
    if claimed is None:
        return None
    first = next(name for name in catalog.variants() if Variant(name).xboard_variant == claimed)
    return claimed if first == variant else None


def xboard_variant(variant: str) -> str:
    """The name XBoard knows ``variant`` by (``normal`` for chess)."""
    return xboard_native(variant) or variant


def variant_from_xboard(name: str) -> str:
    """Our variant named ``name`` in XBoard's words; raises ``ValueError`` for an unknown one."""
    for ours in catalog.variants():
        if name in (ours, xboard_variant(ours)):
            return ours
    raise ValueError(f"unknown variant {name!r}")


def _symbols(board: Board) -> list[tuple[str, str]]:
    """Each piece type's symbol and name, in the variant's order."""
    variant = board.variant_name
    return [
        (piece_symbol(kind, variant=variant), piece_name(kind, variant=variant))
        for kind in board.piece_types
    ]


def _promotable(board: Board) -> list[str]:
    """The symbols of the pieces that have a promoted form (``+L``), in the variant's order."""
    bases = (symbol[1:] for symbol, _ in _symbols(board) if symbol.startswith("+"))
    return list(dict.fromkeys(bases))


def _held(board: Board) -> list[str]:
    """The symbols of the pieces a hand may hold, in the slots XBoard's hands show: those with a
    promoted form, then the others (a Minishogi Gold); none in a variant without hands."""
    variant = board.variant_name
    held = [piece_symbol(kind, variant=variant) for kind in Variant(variant).hand_types]
    promotable = [symbol for symbol in _promotable(board) if symbol in held]
    return promotable + [symbol for symbol in held if symbol not in promotable]


def _pictures(board: Board) -> dict[str, str]:
    """The slot letter of each piece whose picture its variant file chooses, by symbol."""
    variant = board.variant_name
    chosen = Variant(variant).xboard_pictures
    return {piece_symbol(kind, variant=variant): letter for kind, letter in chosen.items()}


def _royal(board: Board) -> str:
    """The symbol of the variant's King, which takes XBoard's King slot: White's, or Black's
    where White plays without one (Horde)."""
    return piece_symbol(Variant(board.variant_name).king_type, variant=board.variant_name)


def _free_slot(letters: list[str | None], slots: list[str | None]) -> int | None:
    """The free slot, among all but the King's, of the first of ``letters`` that has one; else
    the first free one (``None``: there is none)."""
    king = len(slots) - 1
    free = [index for index in range(king) if slots[index] is None]
    wanted = (XBOARD_SLOTS[:-1].find(letter) for letter in letters if letter)
    return next((index for index in wanted if index in free), free[0] if free else None)


def piece_to_char_table(board: Board) -> str | None:
    """XBoard's ``pieceToCharTable`` for ``board``'s variant: our letter in the slot of the
    picture that shows it, a ``+`` in the slot of a promoted piece; the short table when the
    pieces fit in it, else the long one; ``None`` when they fit in neither.

    A piece's picture is the one its variant file chooses (``xboard = { picture = "F" }``) when
    that slot is free; else the picture of what its name says it is (a ``"knight"``), or of its
    letter; else a free one. The King takes XBoard's King. The pieces a hand may hold come
    first, in the slots XBoard's hands show, then the other pieces with a promoted form, all in
    the first 11 slots, as XBoard wants them.
    """
    tables = (_fill_slots(board, count) for count in _SLOT_COUNTS)
    return next((table for table in tables if table is not None), None)


def _fill_slots(board: Board, count: int) -> str | None:
    """The ``pieceToCharTable`` of ``count`` slots a side, or ``None`` when the pieces do not
    fit."""
    slots: list[str | None] = [None] * count
    pictures = _pictures(board)
    promotable = _promotable(board)
    held = _held(board)
    if len(held) > _PROMOTED_OFFSET:
        return None
    # The held pieces in the first slots, which XBoard's hands show; the other promotable ones in
    # the first 11: each with its promoted form 11 slots on.
    placing = [(symbol, len(held)) for symbol in held]
    placing += [(symbol, _PROMOTED_OFFSET) for symbol in promotable if symbol not in held]
    for symbol, within in placing:
        slot = _free_slot([pictures.get(symbol)], slots[: within + 1])
        if slot is None:
            return None
        slots[slot] = symbol
        if symbol in promotable:
            slots[slot + _PROMOTED_OFFSET] = "+"
    slots[-1] = _royal(board)

    # Pieces with a chosen picture choose first, then those whose name has one, so that a
    # letter cannot take their slot.
    def choosing_later(item: tuple[str, str]) -> tuple[bool, bool]:
        symbol, name = item
        return symbol not in pictures, name not in _SLOT_BY_NAME

    for symbol, name in sorted(_symbols(board), key=choosing_later):
        if symbol.startswith("+") or symbol in slots:
            continue
        slot = _free_slot([pictures.get(symbol), _SLOT_BY_NAME.get(name), symbol], slots)
        if slot is None:
            return None
        slots[slot] = symbol
    white = "".join(slot or "." for slot in slots)
    return white + white.lower()


def parent_variant(board: Board) -> str:
    """The variant of XBoard's whose rules of moving XBoard applies to ``board``'s: ``fairy``,
    or for a game without castling ``shatranj``.

    Only in a game without castling rights does XBoard swap a piece moved onto a friendly one
    with it (a Yáng Qí King's swap); in one with them it takes the friend off the board. Of
    XBoard's games without castling, Shatranj is the one whose other rules change least here
    (its Pawns' missing double step and en passant only make XBoard write such moves in
    coordinates, ``a2a4``); its ``nocastle`` shuffles the pieces of every later game of a match.
    """
    return "fairy" if board.has_castling else "shatranj"


def setup_command(board: Board) -> str | None:
    """The ``setup`` command for ``board``'s variant (``None`` for one XBoard knows), with the
    start position of the variant in XBoard's FEN: in a game without castling, without the
    castling and en-passant fields (as XBoard writes a FEN of Shatranj)."""
    variant = board.variant_name
    if xboard_native(variant) is not None:
        return None
    start = Board(variant=variant)
    table = piece_to_char_table(start)
    held = len(_held(start))
    size = f"{start.files}x{start.ranks}+{held}_{parent_variant(start)}"
    pieces = f"({table}) " if table is not None else ""
    fen = start.fen().split()
    if not start.has_castling:
        del fen[2:4]
    return f"setup {pieces}{size} {' '.join(fen)}"


def piece_commands(board: Board) -> list[str]:
    """The ``piece`` commands for ``board``'s variant: one for each piece with XBoard Betza
    (:attr:`Variant.xboard_betza`: its variant file's, else derived from its moves), none for a
    variant XBoard knows. A piece without one is left to the engine's highlights."""
    variant = Variant(board.variant_name)
    if xboard_native(variant.name) is not None:
        return []
    betza = variant.xboard_betza
    return [
        f"piece {piece_symbol(kind, variant=variant)}& {betza[kind]}"
        for kind in board.piece_types
        if kind in betza
    ]
