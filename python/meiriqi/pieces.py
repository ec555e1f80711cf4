"""How each piece of every variant moves, in words: the sentences of the player's guide.

The sentences are written by hand from the rules (docs/rules.md), one per piece, on *sheets*:
a sheet maps piece names (as :func:`meiriqi.piece_name` gives them) to sentences, and
:data:`SHEETS` says which sheets a variant reads, the first that names a piece winning. So the
Yáng Qí options share Yáng Qí's sheet and override only the Pawn, and the Korean Wildeurasian
games override only the hoppers. Every direction is White's: "forward" is up for White and down
for Black. The pictures beside the sentences are computed by :mod:`meiriqi.reach`.
"""

from __future__ import annotations

__all__ = ["SHEETS", "movement"]

_CANNON = (
    "Moves like a Rook without capturing; captures by jumping exactly one piece of either "
    "colour (the screen) along its rank or file and landing on the first piece beyond it, "
    "which must be an enemy."
)
_ARROW = (
    "Moves like a Bishop without capturing; captures by jumping exactly one piece of either "
    "colour (the screen) along a diagonal and landing on the first piece beyond it, which must "
    "be an enemy."
)
_SHOGI_ZONE = "on a move that starts or ends in the far three ranks"
_GOLD = "One step orthogonally or diagonally forward (six squares)"
_SILVER = "One step diagonally or straight forward (five squares)"
_MITREGI_PROMOTED = (
    "; a promoted piece, written + and the letter of the piece it was promoted from, which it "
    "becomes again when captured (going to the captor's hand)."
)
_FORWARD_ONLY = (
    " It may promote to {to} when a move ends in the enemy camp (ranks 9-12 for White){must}; "
    "captured, it goes to the captor's hand, to be dropped."
)
_KOREAN = (
    "Every move, capturing or not, jumps exactly one screen (a piece of either colour) {lines}: "
    "it lands on any empty square beyond the screen up to the next piece, or on that piece if "
    "it is an enemy. Without a screen it cannot move."
)

_MEIRIQI = {
    "king": "One step in any direction. It never leaves its fortress (h1-j3 for White, h8-j10 "
    "for Black), and may not end a move on the other King's file with nothing between them.",
    "mandarin": "One step diagonally. It stands only on its fortress's five 'X' points (the "
    "corners and the centre), so it moves along the fortress's diagonals only.",
    "pegasus": "Leaps (3,2) or (4,1) in any direction, over anything in between: 16 squares.",
    "gryphon": "One step diagonally, a move by itself; if that square is empty it may go on "
    "sliding straight outward, in either of the two directions away from where it started "
    "(after a step up and right: up or right). It never jumps.",
    "eagle": "Slides any distance diagonally forward or straight backward; steps one square "
    "straight forward or sideways; steps one or two squares diagonally backward (the second "
    "only over an empty first). It never jumps.",
    "rhino": "A crooked rider: one step orthogonally, a move by itself; if that square is empty "
    "it may go on with a diagonal step turned 45 degrees outward (to either side), then "
    "alternate the same orthogonal and diagonal steps in a zigzag while the squares are empty: "
    "from a1 going up and turning right, a2 b3 b4 c5 c6 and so on.",
    "wildebeest": "Leaps (2,1) like a Knight or (3,1) like a Camel, over anything in between: "
    "16 squares.",
    "knight": "Leaps (2,1), as in chess. It may promote to a Janus when a move ends in its camp "
    "(ranks 8-10 for White).",
    "gold": f"{_GOLD}, as in Shogi. It may promote to a Rook when a move ends in its camp.",
    "silver": f"{_SILVER}, as in Shogi. It may promote to an Ogyo when a move ends in its camp.",
    "lion": "Leaps two squares orthogonally or diagonally, (2,0) or (2,2), to move or capture; "
    "it also captures on an adjacent square, but may not step there without capturing. It may "
    "promote to a Queen when a move ends in its camp.",
    "pawn": "Steps one square forward or sideways without capturing; captures one step "
    "diagonally forward. From its own third rank it may instead move two squares straight "
    "forward through an empty square, never capturing. It may promote to a Champion when a "
    "move ends in its camp.",
    "janus": "Leaps like a Knight, (2,1), or slides any distance diagonally like a Bishop; a "
    "promoted Knight.",
    "rook": "Slides any distance orthogonally; a promoted Gold.",
    "ogyo": "Slides any distance along the rank, or steps one square straight forward or "
    "backward; a promoted Silver.",
    "queen": "Slides any distance orthogonally or diagonally; a promoted Lion.",
    "champion": "Steps one square orthogonally, or leaps two squares orthogonally or "
    "diagonally, (2,0) or (2,2); a promoted Pawn.",
}

_CHESS_PIECES = {
    "rook": "Slides any distance orthogonally, as in chess.",
    "knight": "Leaps (2,1), as in chess: two squares one way and one the other, over anything in "
    "between.",
    "bishop": "Slides any distance diagonally, as in chess.",
    "queen": "Slides any distance orthogonally or diagonally, as in chess.",
}

_YANGQI = {
    "king": "One step in any direction. When not in check it may instead swap places with an "
    "adjacent friendly piece that is not a Pawn, if it is then safe.",
    **_CHESS_PIECES,
    "cannon": f"{_CANNON} Xiangqi's Cannon.",
    "vao": f"{_ARROW} The Cannon's diagonal twin.",
    "pawn": "One step straight forward without capturing, or two from its own third rank "
    "through an empty square; captures one step diagonally forward, also en passant. On the "
    "last rank it must promote to a piece its side has lost, and may not go there while there "
    "is none.",
}

_YANGQI_QUICKPAWNS = {
    "pawn": "One or two steps straight forward from any rank without capturing (two only "
    "through an empty square); captures one step diagonally forward, and any two-step move "
    "may be taken en passant. On the last rank it must promote to a piece its side has lost, "
    "and may not go there while there is none.",
}

_YANGQI_BEROLINA = {
    "pawn": "One step diagonally forward without capturing; captures one step straight "
    "forward; no two-step move. On the last rank it must promote to a piece its side has lost, "
    "and may not go there while there is none.",
}

_YANGQI_CHINESEPAWNS = {
    "pawn": "One step straight forward, moving or capturing; from its own sixth rank on it "
    "also moves and captures one step sideways. On the last rank it may promote to any piece "
    "but the King, lost or not.",
}

_CHESS = {
    **_CHESS_PIECES,
    "king": "One step in any direction; castles with a Rook (O-O, O-O-O) as in chess.",
    "pawn": "One step straight forward without capturing, or two from its starting rank "
    "through an empty square; captures one step diagonally forward, also en passant. On the "
    "last rank it promotes to a Knight, Bishop, Rook or Queen.",
}

_XIANGQI = {
    "king": "One step orthogonally, never leaving the palace (d1-f3 for White, d8-f10 for "
    "Black); the two Kings may not stand on one file with nothing between them.",
    "advisor": "One step diagonally, never leaving the palace: it stands only on the palace's "
    "corners and centre.",
    "elephant": "Exactly two steps diagonally, not over an occupied first square (its eye), "
    "and never across the River.",
    "horse": "One step orthogonally, then one diagonally outward: a Knight's (2,1) leap that "
    "is blocked when the orthogonally adjacent square (its leg) is occupied.",
    "chariot": "Slides any distance orthogonally, like a Rook.",
    "cannon": _CANNON,
    "pawn": "One step straight forward, moving or capturing; once across the River, also one "
    "step sideways. It never moves backward and never promotes.",
}

_SHOGI = {
    "pawn": "One step straight forward, moving or capturing. It may promote to a Tokin "
    f"{_SHOGI_ZONE}, and must on the last rank.",
    "lance": f"Slides any distance straight forward. It may promote (+L) {_SHOGI_ZONE}, and "
    "must on the last rank.",
    "knight": "Leaps to one of the two squares two ranks ahead on a neighbouring file, over "
    f"anything in between. It may promote (+N) {_SHOGI_ZONE}, and must on the last two ranks.",
    "silver": f"{_SILVER}. It may promote (+S) {_SHOGI_ZONE}.",
    "gold": f"{_GOLD}. It never promotes.",
    "bishop": f"Slides any distance diagonally. It may promote to a Horse {_SHOGI_ZONE}.",
    "rook": f"Slides any distance orthogonally. It may promote to a Dragon {_SHOGI_ZONE}.",
    "king": "One step in any direction.",
    "tokin": f"{_GOLD}, like a Gold; a promoted Pawn.",
    "promoted lance": f"{_GOLD}, like a Gold.",
    "promoted knight": f"{_GOLD}, like a Gold.",
    "promoted silver": f"{_GOLD}, like a Gold.",
    "horse": "Slides any distance diagonally, or steps one square orthogonally; a promoted Bishop.",
    "dragon": "Slides any distance orthogonally, or steps one square diagonally; a promoted Rook.",
}

_WILDEURASIAN = {
    "king": "One step in any direction. It never crosses the River, and may not end a move on "
    "one file or diagonal with the other King with nothing between them.",
    "pawn": "One step straight forward without capturing, or one step diagonally forward to "
    "capture; no two-step move. A move that ends across the River makes it a Wazir.",
    "wazir": "One step orthogonally. Each is a Pawn that crossed the River. Ending a move on "
    "rank 2 or 11 it may promote to a Rook, Bishop, Queen, Knight, Camel, Gnu, Cannon, Arrow, "
    "Tank or Bestiary leaper of which its side has fewer on the board than at the start.",
    **_CHESS_PIECES,
    "camel": "Leaps (3,1): three squares one way and one the other, over anything in between. "
    "It stays on squares of one colour.",
    "gnu": "Leaps like a Knight, (2,1), or like a Camel, (3,1): 16 squares.",
    "cannon": f"{_CANNON} Xiangqi's Cannon.",
    "arrow": f"{_ARROW} The Vao.",
    "tank": "Moves like a Queen without capturing; captures by jumping exactly one piece of "
    "either colour (the screen) along any of its eight lines and landing on the first piece "
    "beyond it, which must be an enemy: Cannon and Arrow in one.",
    "zebra": "Leaps (3,2), over anything in between.",
    "zemel": "Leaps (5,1), over anything in between. It stays on squares of one colour.",
    "zebu": "Leaps like a Zebra, (3,2), or like a Zemel, (5,1): 16 squares.",
    "giraffe": "Leaps (4,1), over anything in between.",
    "gimel": "Leaps (5,3), over anything in between. It stays on squares of one colour.",
    "guru": "Leaps like a Giraffe, (4,1), or like a Gimel, (5,3): 16 squares.",
    "wing": "Slides any distance straight forward, like Shogi's Lance."
    + _FORWARD_ONLY.format(to="a Goldgeneral", must=" and must on the last rank"),
    "mitre": "Slides any distance diagonally forward, either way."
    + _FORWARD_ONLY.format(to="a Silvergeneral", must=" and must on the last rank"),
    "princess": "Slides any distance straight or diagonally forward: Wing and Mitre in one."
    + _FORWARD_ONLY.format(to="a Prince", must=" and must on the last rank"),
    "helm": "Leaps to one of the two squares two ranks ahead on a neighbouring file, (1,2) "
    "forward, like Shogi's Knight."
    + _FORWARD_ONLY.format(to="a Goldgeneral", must=" and must on the last two ranks"),
    "hump": "Leaps to one of the two squares three ranks ahead on a neighbouring file, (1,3) "
    "forward." + _FORWARD_ONLY.format(to="a Silvergeneral", must=" and must on the last three"),
    "handyman": "Leaps like a Helm or a Hump: four squares ahead."
    + _FORWARD_ONLY.format(to="a Prince", must=" and must on the last two ranks"),
    "princeling": "One step straight or diagonally forward."
    + _FORWARD_ONLY.format(to="a Prince", must=" and must on the last rank"),
    "cannonball": "A hopper on the Wing's line: moves any distance straight forward without "
    "capturing, and captures straight forward by jumping exactly one piece of either colour "
    "(the screen) and landing on the first piece beyond it, an enemy."
    + _FORWARD_ONLY.format(to="a Goldgeneral", must=" and must on the last rank"),
    "arrowhead": "A hopper on the Mitre's lines: moves any distance diagonally forward without "
    "capturing, and captures there by jumping exactly one piece of either colour (the screen) "
    "and landing on the first piece beyond it, an enemy."
    + _FORWARD_ONLY.format(to="a Silvergeneral", must=" and must on the last rank"),
    "tankturret": "A hopper on the three forward lines, Cannonball and Arrowhead in one: moves "
    "any distance straight or diagonally forward without capturing, and captures there by "
    "jumping exactly one piece of either colour (the screen) and landing on the first piece "
    "beyond it, an enemy." + _FORWARD_ONLY.format(to="a Prince", must=" and must on the last rank"),
    "goldgeneral": f"{_GOLD}, like Shogi's Gold" + _MITREGI_PROMOTED,
    "silvergeneral": f"{_SILVER}, like Shogi's Silver" + _MITREGI_PROMOTED,
    "prince": "One step in any direction, like the King, but not royal: it may be captured "
    "like any piece" + _MITREGI_PROMOTED,
}

_WILDEURASIAN_KOREAN = {
    "cannon": _KOREAN.format(lines="along its rank or file"),
    "arrow": _KOREAN.format(lines="along a diagonal"),
    "tank": _KOREAN.format(lines="along any of its eight lines"),
    "cannonball": _KOREAN.format(lines="straight forward")
    + _FORWARD_ONLY.format(to="a Goldgeneral", must=" and must on the last rank"),
    "arrowhead": _KOREAN.format(lines="diagonally forward")
    + _FORWARD_ONLY.format(to="a Silvergeneral", must=" and must on the last rank"),
    "tankturret": _KOREAN.format(lines="straight or diagonally forward")
    + _FORWARD_ONLY.format(to="a Prince", must=" and must on the last rank"),
}

_WILDEURASIAN_SHEETS = {
    f"wildeurasian-{game}{option}": sheets
    for game in ("bestiary", "mitregi", "dense-rim-mitregi")
    for option, sheets in (
        ("", (_WILDEURASIAN,)),
        ("-korean", (_WILDEURASIAN_KOREAN, _WILDEURASIAN)),
    )
}

SHEETS: dict[str, tuple[dict[str, str], ...]] = {
    "meiriqi": (_MEIRIQI,),
    "yangqi": (_YANGQI,),
    "yangqi-chinese": (_YANGQI,),
    "yangqi-quickpawns": (_YANGQI_QUICKPAWNS, _YANGQI),
    "yangqi-berolina": (_YANGQI_BEROLINA, _YANGQI),
    "yangqi-chinesepawns": (_YANGQI_CHINESEPAWNS, _YANGQI),
    "chess": (_CHESS,),
    "xiangqi": (_XIANGQI,),
    "shogi": (_SHOGI,),
    **_WILDEURASIAN_SHEETS,
}
"""The sheets each variant reads, in order: the first that names a piece gives its sentence."""


def movement(variant: str, name: str) -> str:
    """How the piece called ``name`` moves in ``variant``, in a sentence or three.

    Raises ``KeyError`` for a variant or piece no sheet covers (the tests make sure none is).
    """
    for sheet in SHEETS[variant]:
        if name in sheet:
            return sheet[name]
    raise KeyError(f"no sentence for the {name} of {variant}")
