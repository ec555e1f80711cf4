"""What the XBoard engine tells the GUI about a variant it does not know.

XBoard knows chess (its ``normal``), Xiangqi, Shogi and Crazyhouse. For every other variant the
engine answers ``variant NAME`` with ``setup (PIECETOCHAR) WxH+S_PARENT FEN`` (which of XBoard's
piece images shows which of our letters, the board size, the number of piece types a hand holds,
the variant of XBoard's whose rules of moving XBoard applies, the start position) and one
``piece LETTER& BETZA`` per piece whose moves XBoard's Betza notation can express
(:data:`BETZA`). Bent and crooked riders (Mĕirìqí's Gryphon and Rhino), leaps the notation has no
letter for, zone limits, swaps and Wildeurasian castling cannot be expressed: XBoard then runs
without its own legality test and asks the engine, which marks the legal targets (``highlight``)
and refuses illegal moves.
"""

from __future__ import annotations

from meiriqi import Board, Variant, catalog, piece_name, piece_symbol

__all__ = [
    "BETZA",
    "NATIVE_VARIANTS",
    "XBOARD_SLOTS",
    "parent_variant",
    "piece_commands",
    "piece_to_char_table",
    "setup_command",
    "variant_from_xboard",
    "xboard_variant",
]

NATIVE_VARIANTS = {
    "chess": "normal",
    "xiangqi": "xiangqi",
    "shogi": "shogi",
    "crazyhouse": "crazyhouse",
}
"""Our variants XBoard knows by itself, with XBoard's names for them."""

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
"""Slots whose picture shows what the piece of that name is, whatever its letter."""

_FORWARD_ONLY = {
    "wing": "fR",
    "mitre": "fB",
    "princess": "fRfB",
    "helm": "ffN",
    "hump": "ffC",
    "handyman": "ffNffC",
    "princeling": "fWfF",
    "goldgeneral": "WfF",
    "silvergeneral": "FfW",
    "prince": "K",
}
_WILDEURASIAN = {
    "king": "K",
    "pawn": "fmWfcF",
    "wazir": "W",
    "rook": "R",
    "bishop": "B",
    "queen": "Q",
    "knight": "N",
    "camel": "C",
    "gnu": "NC",
    "zebra": "Z",
    **_FORWARD_ONLY,
}
_HOPPERS = {
    "cannon": "mRcpR",
    "arrow": "mBcpB",
    "tank": "mQcpQ",
    "cannonball": "fmRfcpR",
    "arrowhead": "fmBfcpB",
    "tankturret": "fmRfcpRfmBfcpB",
}

BETZA: dict[str, dict[str, str]] = {
    "meiriqi": {
        "king": "K",
        "mandarin": "F",
        "eagle": "fBbRfsWbF2",
        "wildebeest": "NC",
        "knight": "N",
        "gold": "WfF",
        "silver": "FfW",
        "lion": "DAcK",
        "pawn": "fsmWfcF",
        "janus": "NB",
        "rook": "R",
        "ogyo": "sRvW",
        "queen": "Q",
        "champion": "WDA",
    },
    "yangqi": {"rook": "R", "knight": "N", "bishop": "B", "cannon": "mRcpR", "vao": "mBcpB"},
    "wildeurasian": {**_WILDEURASIAN, **_HOPPERS},
    "wildeurasian-korean": _WILDEURASIAN,
}
"""XBoard Betza notation of each piece (by name) per family of variants, for the pieces whose
moves it expresses exactly; a piece missing here is left to the engine's highlights. Korean
hoppers (a screen for every move) are left out, the Mĕirìqí Pawn's double step from its third
rank (not its first move) too."""


def _family(variant: str) -> str:
    """The key of ``variant`` in :data:`BETZA`."""
    if variant.startswith("wildeurasian"):
        return "wildeurasian-korean" if variant.endswith("-korean") else "wildeurasian"
    return variant.split("-")[0]


def xboard_variant(variant: str) -> str:
    """The name XBoard knows ``variant`` by (``normal`` for chess)."""
    return NATIVE_VARIANTS.get(variant, variant)


def variant_from_xboard(name: str) -> str:
    """Our variant named ``name`` in XBoard's words; raises ``ValueError`` for an unknown one."""
    for ours, theirs in NATIVE_VARIANTS.items():
        if name in (ours, theirs):
            return ours
    if name not in catalog.variants():
        raise ValueError(f"unknown variant {name!r}")
    return name


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


def _free_slot(name: str, symbol: str, slots: list[str | None]) -> int | None:
    """The slot for a piece: the King's; else the one whose picture fits its name, or its
    letter, when free; else the first free one (``None``: there is none)."""
    king = len(slots) - 1
    if name == "king":
        return king
    letters = (_SLOT_BY_NAME.get(name), symbol)
    wanted = (XBOARD_SLOTS[:-1].find(letter) for letter in letters if letter)
    free = [index for index, taken in enumerate(slots[:king]) if taken is None]
    return next((index for index in wanted if index in free), free[0] if free else None)


def piece_to_char_table(board: Board) -> str | None:
    """XBoard's ``pieceToCharTable`` for ``board``'s variant: our letter in the slot of the
    picture that shows it, a ``+`` in the slot of a promoted piece; the short table when the
    pieces fit in it, else the long one; ``None`` when they fit in neither.

    Pieces with a promoted form come first, as XBoard wants them (in the first 11 slots), then
    the other pieces that may be dropped, in the slots XBoard's hands hold.
    """
    tables = (_fill_slots(board, count) for count in _SLOT_COUNTS)
    return next((table for table in tables if table is not None), None)


def _fill_slots(board: Board, count: int) -> str | None:
    """The ``pieceToCharTable`` of ``count`` slots a side, or ``None`` when the pieces do not
    fit."""
    slots: list[str | None] = [None] * count
    promotable = _promotable(board)
    first = _held(board)
    first += [symbol for symbol in promotable if symbol not in first]
    if len(first) > _PROMOTED_OFFSET:
        return None
    for index, symbol in enumerate(first):
        slots[index] = symbol
        if symbol in promotable:
            slots[index + _PROMOTED_OFFSET] = "+"
    # Pieces whose name has a picture choose first, so that a letter cannot take their slot.
    for symbol, name in sorted(_symbols(board), key=lambda item: item[1] not in _SLOT_BY_NAME):
        if symbol.startswith("+") or symbol in slots:
            continue
        slot = _free_slot(name, symbol, slots)
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
    if variant in NATIVE_VARIANTS:
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
    """The ``piece`` commands for ``board``'s variant: one for each piece :data:`BETZA`
    describes (none for a variant XBoard knows, nor for one loaded from a file, whatever its
    name: the engine's highlights show its moves)."""
    variant = board.variant_name
    if variant in NATIVE_VARIANTS or not Variant(variant).is_builtin:
        return []
    moves = BETZA.get(_family(variant), {})
    return [f"piece {symbol}& {moves[name]}" for symbol, name in _symbols(board) if name in moves]
