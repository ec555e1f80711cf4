"""A position and the rules of play (docs/rules.md and docs/notation.md), written to be read.

Moves are generated in two stages, as a player would check them: first every move a piece's
pattern allows (:meth:`Board.pseudo_legal_moves`), then only those that pass the *royal safety*
rule (:attr:`Board.legal_moves`): "A move is illegal if, after it, (a) the mover's King is
attacked ... or (b) the two Kings stand on the same file with no piece between them" (b only in
Mĕirìqí; Yáng Qí has FIDE's check and no facing rule).

Where the sources are silent (positions that cannot arise in a game): a side without a King
is never in check and never faces; a King or Mandarin set up outside its region may only move
into it. :meth:`Board.is_valid` tells such positions apart.

Yáng Qí's special rules live here, read from the :class:`~meiriqi.reference.variant.Variant`:
the King's swap, en passant, promotion to a captured type and the FIDE draws. Decisions:

- The en-passant field of :meth:`Board.fen` follows python-chess: the square a pawn's two-square
  step passed over is written only when an en-passant capture is legal in the position, so that
  a FEN, like the repetition rules, tells positions apart by what can be played. A FEN read with
  another en-passant square is accepted and kept, and matters only if such a capture exists.
- Repetitions are counted over every position since the FEN was set up, with no move taken as
  irreversible: a Chinese pawn's sideways step can be undone.
- "Dead position" means what docs/rules.md says, only the two Kings on the board.

The Wildeurasian family (docs/rules.md, "The Wildeurasian family") adds a hand and drops, castling,
the River's promotions and, instead of royal safety, five conditions: "A player may not end a move
with (1) their King attacked; (2) their King across the River; (3) the two Kings on one file or
one diagonal with nothing between them ("bare facing"); (4) in Mitregi and Dense-Rim only, the
enemy having at least 4 (Mitregi) / 8 (Dense-Rim) Princes on the board ...; (5) half or more of
their *relevant* pieces on the enemy side of the River" (:meth:`Board.situations`). Each rule has
a method of its own in the section "the Wildeurasian family" below. Decisions where the rules
leave room:

- A Pawn is not a Wazir until its move has ended, so the move that makes it one never also
  promotes it on rank 2 or 11 (only a Pawn set up across the River could do both at once).
- Condition 5 with no relevant piece on the board (no King) is not broken: nothing is across.
- A castling right in a FEN that no King and Rook in their regions back is kept out of play and
  out of :meth:`Board.fen` (as python-chess does with castling rights), and makes
  :meth:`Board.is_valid` false.
"""

from __future__ import annotations

import enum
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar

from .fen import Setup, format_fen, parse_fen
from .geometry import BLACK, WHITE, Color, Square, forward, square_name
from .pieces import Mode, Piece
from .variant import MEIRIQI, Promotion, Variant, Wing, get_variant

KING = "K"
PAWN = "I"
WAZIR = "W"
ROOK = "R"
PLUS = "+"
PRINCES = frozenset({"+S", "+D", "+E", "+U"})
"""The Prince's letters: "a promoted Princess, Handyman, Princeling or Tankturret"."""
"""The promotion of a Shogi-style (forward-only) piece to its ``+`` form."""
T = TypeVar("T")
_UCI = re.compile(r"([a-z][1-9][0-9]*)([a-z][1-9][0-9]*)([a-z+]?)")
_DROP = re.compile(r"([A-Za-z])@([a-z][1-9][0-9]*)")


class Move(NamedTuple):
    """A move: origin, destination and the letter (uppercase) of the promoted type, if any:
    ``"+"`` for a forward-only piece's promotion to its ``+`` form. A drop puts the piece
    ``drop`` (uppercase letter) from the hand on ``to_square``; its ``from_square`` is the same
    square."""

    from_square: Square
    to_square: Square
    promotion: str | None = None
    drop: str | None = None

    def uci(self) -> str:
        """Coordinate notation: ``c3c4``; a promotion adds the new type in lowercase: ``c7d8o``,
        a Pawn crossing the River ``e6e7w``, a ``+`` promotion ``a8a10+``; a drop is ``L@e5``
        (uppercase for either colour). The King's swap and castling are written as the King's
        move (``e1d1``, ``g3d3``)."""
        if self.drop is not None:
            return f"{self.drop}@{square_name(self.to_square)}"
        suffix = self.promotion.lower() if self.promotion else ""
        return square_name(self.from_square) + square_name(self.to_square) + suffix

    @classmethod
    def from_uci(cls, text: str, variant: Variant = MEIRIQI) -> Move:
        """Reads coordinate notation; raises ``ValueError`` when it is malformed. A Pawn's
        crossing of the River without its ``w`` is completed by :meth:`Board.parse_uci`."""
        drop = _DROP.fullmatch(text)
        if drop is not None and drop[1].upper() in variant.hand_order:
            square = variant.grid.parse_square(drop[2])
            return cls(square, square, None, drop[1].upper())
        match = _UCI.fullmatch(text)
        if match is None or (match[3] and match[3].upper() not in _suffixes(variant)):
            raise ValueError(f"not a coordinate move: {text[:40]!r}")
        origin, target = variant.grid.parse_square(match[1]), variant.grid.parse_square(match[2])
        return cls(origin, target, match[3].upper() or None)


def _suffixes(variant: Variant) -> set[str]:
    """The promotion suffixes (uppercase) of ``variant``: its piece letters, and ``+`` where a
    piece has a ``+`` form."""
    plus = {PLUS} if any(letter.startswith(PLUS) for letter in variant.piece_types) else set()
    return set(variant.piece_types) | plus


class Termination(enum.Enum):
    """Why a game ended (names as python-chess's). In Mĕirìqí only the first two exist, and both
    lose for the side that cannot move; in Yáng Qí stalemate and the last three are draws. The
    Wildeurasian games end by checkmate, by :attr:`VARIANT_LOSS` or by stalemate, a draw."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    VARIANT_LOSS = "variant_loss"
    """The Wildeurasian family: the side to move has no legal move and is in situation (4) or
    (5) now (:meth:`Board.situations`), but not in check."""


class Outcome(NamedTuple):
    """How a finished game ended and who won (``None``: a draw)."""

    termination: Termination
    winner: Color | None

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        return {WHITE: "1-0", BLACK: "0-1", None: "1/2-1/2"}[self.winner]


class _Undo(NamedTuple):
    move: Move
    before: dict[Square, Piece | None]
    """What stood on every square the move changed (``None``: empty)."""
    halfmove_clock: int
    fullmove_number: int
    en_passant: Square | None
    castling_rights: frozenset[str]
    hand_change: tuple[Piece, int] | None
    """The piece the move put into (+1) or took from (-1) its mover's hand."""


PositionKey = tuple[frozenset[tuple[Square, Piece]], Color, "Square | None"]
"""What makes two positions the same for the repetition rules: "the same pieces, side to move,
and en-passant possibility"."""


@functools.cache
def _start_counts(variant: Variant) -> Counter[Piece]:
    """How many pieces of each type and colour the variant's start position has."""
    return Counter(parse_fen(variant.starting_fen, variant).pieces.values())


class Board:
    """A position (pieces, side to move, counters) and the moves played since it was set up."""

    def __init__(self, fen: str | None = None, variant: Variant | str = "meiriqi") -> None:
        """The position of ``fen``, or the variant's starting position when ``fen`` is ``None``.
        ``variant`` is a :class:`~meiriqi.reference.variant.Variant` or its name (see
        :func:`~meiriqi.reference.variant.variant_descriptions`)."""
        self.variant = get_variant(variant)
        self.set_fen(self.variant.starting_fen if fen is None else fen)

    # -- setting up and writing down -------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Sets up ``fen`` and forgets the moves; raises ``ValueError`` (board unchanged)."""
        setup = parse_fen(fen, self.variant)
        self._pieces = setup.pieces
        self.turn = setup.turn
        self.halfmove_clock = setup.halfmove_clock
        self.fullmove_number = setup.fullmove_number
        self.ep_square = setup.en_passant
        """The square the last move, a pawn's two-square step, passed over (or the FEN's)."""
        self._hand: Counter[Piece] = Counter(setup.hand)
        self._castling_field = setup.castling
        self.castling_rights = self._backed_rights(setup.castling)
        """The castling rights still held, as FEN letters (``K`` White's l-side, ``Q`` White's
        a-side, lowercase for Black)."""
        self._stack: list[_Undo] = []

    def fen(self) -> str:
        """The position in FEN, all six fields; the en-passant square only when an en-passant
        capture is legal (as python-chess writes it)."""
        setup = Setup(
            self._pieces,
            self.turn,
            self.halfmove_clock,
            self.fullmove_number,
            self._legal_en_passant(),
            self.castling_rights,
            tuple(self._hand.elements()),
        )
        return format_fen(setup, self.variant)

    def hand(self, color: Color) -> dict[str, int]:
        """The pieces ``color`` holds in hand: letter (uppercase) -> how many, in the FEN's
        order; empty in a game without drops."""
        held = {letter: self._hand[Piece(letter, color)] for letter in self.variant.hand_order}
        return {letter: count for letter, count in held.items() if count}

    def piece_at(self, square: Square) -> Piece | None:
        """The piece on ``square``, or ``None``."""
        return self._pieces.get(square)

    def piece_map(self) -> dict[Square, Piece]:
        """A new dict of every occupied square and its piece."""
        return dict(self._pieces)

    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the position was set up, oldest first."""
        return [undo.move for undo in self._stack]

    # -- what pieces can reach -------------------------------------------------------------------

    def _walk(self, square: Square, piece: Piece) -> Iterator[tuple[Square, Mode]]:
        """Every square the piece on ``square`` reaches along its paths: each path is followed
        until the first occupied square, which is the last one yielded. A Cannon's path
        (:attr:`Mode.HOP`) yields only the second occupied square, as a capture: the first is
        the screen it jumps. A Korean hopper's path (:attr:`Mode.SCREENED`) is followed from
        the square after the screen, and ends as any other."""
        for path in self.variant.paths(piece.letter, piece.color, square):
            if path.mode == Mode.HOP:
                beyond_screen = [s for s in path.squares if s in self._pieces][1:2]
                yield from ((target, Mode.CAPTURE) for target in beyond_screen)
                continue
            squares = path.squares
            if path.mode == Mode.SCREENED:
                screen = next((i for i, s in enumerate(squares) if s in self._pieces), None)
                squares = () if screen is None else squares[screen + 1 :]
            for target in squares:
                yield target, path.mode
                if target in self._pieces:
                    break

    def attacks(self, square: Square, target: Square) -> bool:
        """Whether the piece on ``square`` could capture an enemy piece standing on ``target``
        (rules: "pinned enemy pieces still attack; the Lion's adjacent capture and the Pawn's
        diagonal capture attack, the Pawn's non-capturing steps do not"; a Cannon attacks over
        exactly one screen)."""
        piece = self._pieces[square]
        if target not in self.variant.attack_reach(piece.letter, piece.color, square):
            return False
        return any(s == target and mode != Mode.MOVE for s, mode in self._walk(square, piece))

    def attackers(self, color: Color, square: Square) -> list[Square]:
        """The squares of the pieces of ``color`` that attack ``square``."""
        return [
            origin
            for origin, piece in self._pieces.items()
            if piece.color == color and self.attacks(origin, square)
        ]

    def is_attacked_by(self, color: Color, square: Square) -> bool:
        """Whether any piece of ``color`` attacks ``square``."""
        return any(
            piece.color == color and self.attacks(origin, square)
            for origin, piece in self._pieces.items()
        )

    # -- the Kings -------------------------------------------------------------------------------

    def king(self, color: Color) -> Square | None:
        """The square of ``color``'s King, or ``None`` if it has none."""
        return next((s for s, p in self._pieces.items() if p == (KING, color)), None)

    def checkers(self) -> list[Square]:
        """The squares of the enemy pieces attacking the King of the side to move."""
        king = self.king(self.turn)
        return [] if king is None else self.attackers(not self.turn, king)

    def is_check(self) -> bool:
        """Whether the King of the side to move is attacked (facing Kings are not a check)."""
        return self._king_attacked(self.turn)

    def _king_attacked(self, color: Color) -> bool:
        king = self.king(color)
        return king is not None and self.is_attacked_by(not color, king)

    def kings_facing(self) -> bool:
        """Whether the two Kings stand on the same file with no piece between them (in the
        Wildeurasian games also "on one ... diagonal": "bare facing")."""
        white, black = self.king(WHITE), self.king(BLACK)
        if white is None or black is None:
            return False
        files, ranks = black[0] - white[0], black[1] - white[1]
        if files != 0 and not (self.variant.facing_diagonals and abs(files) == abs(ranks)):
            return False
        step = ((files > 0) - (files < 0), (ranks > 0) - (ranks < 0))
        between = self.variant.grid.ray(white, step, max(abs(files), abs(ranks)) - 1)
        return all(square not in self._pieces for square in between)

    # -- moves -----------------------------------------------------------------------------------

    def _en_passant_victim(self) -> Square | None:
        """The enemy pawn that may be taken en passant now, if any: the one that has just
        stepped two squares over :attr:`ep_square` (still empty), standing just beyond it."""
        if self.ep_square is None or self.ep_square in self._pieces:
            return None
        file, rank = self.ep_square
        victim = (file, rank + forward(not self.turn))
        return victim if self._pieces.get(victim) == Piece(PAWN, not self.turn) else None

    def _legal_en_passant(self) -> Square | None:
        """:attr:`ep_square` if a legal en-passant capture exists, else ``None``."""
        if self._en_passant_victim() is None:
            return None
        captures = [
            move
            for move in self.pseudo_legal_moves()
            if move.to_square == self.ep_square and self._pieces[move.from_square].letter == PAWN
        ]
        return self.ep_square if any(self._is_safe(move) for move in captures) else None

    def _targets(self, square: Square, piece: Piece) -> dict[Square, None]:
        """The squares the piece can move to by its pattern, as an ordered set: empty squares on
        a path that allows quiet moves, enemy pieces on a path that allows captures, and for a
        pawn the en-passant square on a capturing path ("en passant after an enemy double
        step")."""
        targets: dict[Square, None] = {}
        en_passant = self.ep_square if self._en_passant_victim() is not None else None
        for target, mode in self._walk(square, piece):
            occupant = self._pieces.get(target)
            if occupant is None:
                allowed = mode != Mode.CAPTURE or (piece.letter == PAWN and target == en_passant)
            else:
                allowed = occupant.color != piece.color and mode != Mode.MOVE
            if allowed:
                targets[target] = None
        return targets

    def pseudo_legal_moves(self) -> list[Move]:
        """Every move the pieces' patterns allow, with its promotions
        (:meth:`_promotion_choices`), the King's swaps (:meth:`_swaps`), the drops
        (:meth:`_drops`) and castling (:meth:`_castlings`), before the royal safety rule (or
        the Wildeurasian five conditions)."""
        moves: list[Move] = []
        for square, piece in self._pieces.items():
            if piece.color != self.turn:
                continue
            for target in self._targets(square, piece):
                choices = self._promotion_choices(piece, target)
                moves.extend(Move(square, target, promotion) for promotion in choices)
        return moves + self._swaps() + self._drops() + self._castlings()

    def _promotion_choices(self, piece: Piece, target: Square) -> list[str | None]:
        """The promotions a move of ``piece`` ending on ``target`` may carry (``None``: the
        move without promotion). Mĕirìqí: "Knight, Gold, Silver, Lion and Pawn ... may promote
        when a move (capture or not) *ends* inside the mover's promotion zone ... move
        generation yields both the promoting and the non-promoting move". Yáng Qí: the pawn
        must promote to a captured type (:class:`~meiriqi.reference.variant.Promotion`); with
        none captured the list is empty and the move does not exist. The Wildeurasian games:
        :meth:`_river_promotion_choices`."""
        if self.variant.wildeurasian is not None:
            return self._river_promotion_choices(piece, target)
        types = self.variant.promotions.get(piece.letter)
        if types is None or target[1] not in self.variant.camp_ranks[piece.color]:
            return [None]
        if self.variant.promotion == Promotion.OPTIONAL:
            return [*types, None]
        return [letter for letter in types if self.has_lost(piece.color, letter)]

    def has_lost(self, color: Color, letter: str) -> bool:
        """Whether ``color`` has fewer pieces of type ``letter`` on the board than in the
        variant's start position ("Promoted pieces count as their new type")."""
        on_board = sum(piece == (letter, color) for piece in self._pieces.values())
        return on_board < _start_counts(self.variant)[Piece(letter, color)]

    def _swaps(self) -> list[Move]:
        """The King's swaps: "When not in check, the King may instead swap places with an
        adjacent friendly piece that is not a Pawn". Each is written as the King's move onto
        the friend's square."""
        king = self.king(self.turn)
        if not self.variant.king_swap or king is None or self.is_check():
            return []
        paths = self.variant.paths(KING, self.turn, king)
        neighbours = [square for path in paths for square in path.squares]
        return [Move(king, square) for square in neighbours if self._swappable(square)]

    def _swappable(self, square: Square) -> bool:
        """Whether a friendly piece other than a Pawn stands on ``square``."""
        piece = self._pieces.get(square)
        return piece is not None and piece.color == self.turn and piece.letter != PAWN

    # -- the Wildeurasian family: promotions, drops, castling, the five conditions ---------------

    def _river_promotion_choices(self, piece: Piece, target: Square) -> list[str | None]:
        """The Wildeurasian promotions of a move of ``piece`` ending on ``target``:

        - "A Pawn move ending on the enemy side of the River (ranks 7-12 for White, 1-6 for
          Black) makes it a Wazir; compulsory."
        - "A Wazir ending a move on rank 2 or rank 11 (either army's) may promote to a symmetric
          piece of which its owner has fewer on the board than in the variant's start position
          ...; with none such, no promotion. Optional."
        - "A forward-only piece ending a move in the enemy camp may promote (Gold, Silver or
          Prince as in the table). Compulsory where it would otherwise have no move on an empty
          board". A promoted one "never promotes again".
        """
        rules = self.variant.wildeurasian
        assert rules is not None
        if piece.letter == PAWN:
            return [WAZIR] if rules.across_river(target, piece.color) else [None]
        if piece.letter == WAZIR and target[1] in rules.wazir_ranks:
            lost = [letter for letter in rules.symmetric if self.has_lost(piece.color, letter)]
            return [None, *lost]
        if piece.letter in rules.forward_only and target[1] in self.variant.camp_ranks[piece.color]:
            if rules.must_promote(self.variant.grid, piece.letter, piece.color, target):
                return [PLUS]
            return [None, PLUS]
        return [None]

    def _drops(self) -> list[Move]:
        """The drops of the side to move: "Instead of a move, a player may put a piece from hand
        on any empty cell on a rank where promotion would not be compulsory for it. No other
        drop restriction"; "Drops ... never promote"."""
        rules = self.variant.wildeurasian
        if rules is None or not self.variant.has_hand:
            return []
        held = self.hand(self.turn)
        grid = self.variant.grid
        empty = [
            (file, rank)
            for rank in range(grid.ranks)
            for file in range(grid.files)
            if (file, rank) not in self._pieces
        ]
        return [
            Move(square, square, None, letter)
            for letter in held
            for square in empty
            if not rules.must_promote(grid, letter, self.turn, square)
        ]

    def is_castling(self, move: Move) -> bool:
        """Whether ``move`` is a castling: a King's move of more than one file (castling is
        "the King's move (``g3d3``)"; the King otherwise steps one square)."""
        if self.variant.castling is None or move.drop is not None:
            return False
        piece = self._pieces.get(move.from_square)
        moved_far = abs(move.to_square[0] - move.from_square[0]) > 1
        return piece is not None and piece.letter == KING and moved_far

    def _wing_of(self, move: Move) -> Wing:
        """The wing a castling goes to, told by the King's destination file."""
        assert self.variant.castling is not None
        return next(w for w in self.variant.castling.wings if w.king_file == move.to_square[0])

    def _castling_rook(self, king: Square, wing: Wing) -> Square | None:
        """The Rook that castles: "any Rook of that side on the King's rank in that wing's
        region with nothing between it and the King (a Rook made by promotion included)", if
        there is one. Walking from the King towards the wing, the first piece met must be it."""
        color = self._pieces[king].color
        toward = 1 if wing.king_file > king[0] else -1
        for square in self.variant.grid.ray(king, (toward, 0)):
            piece = self._pieces.get(square)
            if piece is not None:
                rook = piece == (ROOK, color) and square in wing.rook_region[color]
                return square if rook else None
        return None

    def _backed_rights(self, rights: frozenset[str]) -> frozenset[str]:
        """The castling rights of ``rights`` that still count: "both of a side's rights are
        lost for good when its King leaves its region; one wing's right when that wing's Rook
        leaves its region or is captured", and "the rights letters count only while the King
        and such a Rook stand in their regions"."""
        castling = self.variant.castling
        if castling is None or not rights:
            return frozenset()
        kept = set()
        for color in (WHITE, BLACK):
            if self.king(color) not in castling.king_region[color]:
                continue
            for wing in castling.wings:
                region = wing.rook_region[color]
                if any(self._pieces.get(square) == (ROOK, color) for square in region):
                    kept.add(castling.right(wing, color))
        return frozenset(rights & kept)

    def _castlings(self) -> list[Move]:
        """The castlings of the side to move. "King and Rook must be on the same rank (2 or 3)
        with no piece between them ... The King goes to the Bishop file (d, or i), the Rook to
        the Camel file (e, or h). Not out of, through or into check or bare facing: the King's
        square before the move, each square it crosses (tested with the King standing there and
        everything else as before the move) and the position after the move must all be free of
        both." The position after the move is tested with the five conditions, as every move's
        (:meth:`_is_safe`); the squares before it here."""
        castling = self.variant.castling
        if castling is None or not self.castling_rights:
            return []
        king = self.king(self.turn)
        if king is None or king not in castling.king_region[self.turn]:
            return []
        moves = []
        for wing in castling.wings:
            if castling.right(wing, self.turn) not in self.castling_rights:
                continue
            if self._castling_rook(king, wing) is None:
                continue
            target = (wing.king_file, king[1])
            toward = 1 if wing.king_file > king[0] else -1
            crossed = self.variant.grid.ray(king, (toward, 0), abs(wing.king_file - king[0]) - 1)
            if all(self._free_with_king_on(king, square) for square in (king, *crossed)):
                moves.append(Move(king, target))
        return moves

    def _free_with_king_on(self, king: Square, square: Square) -> bool:
        """Whether the King of ``king``, standing on ``square`` instead (everything else as it
        is), would be neither attacked nor barely facing the enemy King."""
        piece = self._pieces.pop(king)
        self._pieces[square] = piece
        try:
            return not self._king_attacked(piece.color) and not self.kings_facing()
        finally:
            del self._pieces[square]
            self._pieces[king] = piece

    def situations(self, color: Color | None = None) -> frozenset[int]:
        """The numbers of the conditions ``color`` (default: the side to move) is in now. "A
        player may not end a move with (1) their King attacked; (2) their King across the
        River; (3) the two Kings on one file or one diagonal with nothing between them ("bare
        facing"); (4) in Mitregi and Dense-Rim only, the enemy having at least 4 (Mitregi) / 8
        (Dense-Rim) Princes on the board ...; (5) half or more of their *relevant* pieces on
        the enemy side of the River ... only pieces on the board count". Conditions 2, 4 and 5
        exist only in the Wildeurasian games."""
        color = self.turn if color is None else color
        return frozenset(number for number, test in self._situation_tests(color) if test())

    def _in_a_situation(self, color: Color) -> bool:
        return any(test() for _, test in self._situation_tests(color))

    def _situation_tests(self, color: Color) -> list[tuple[int, Callable[[], bool]]]:
        """Each condition's number and its test, the cheap ones first."""
        return [
            (2, lambda: self._king_across_river(color)),
            (3, lambda: self.variant.facing_rule and self.kings_facing()),
            (4, lambda: self._enemy_has_every_prince(color)),
            (5, lambda: self._relevant_half_across(color)),
            (1, lambda: self._king_attacked(color)),
        ]

    def _king_across_river(self, color: Color) -> bool:
        rules, king = self.variant.wildeurasian, self.king(color)
        return rules is not None and king is not None and rules.across_river(king, color)

    def _enemy_has_every_prince(self, color: Color) -> bool:
        """Condition 4: "(4) counts the enemy's Princes on the board only (not the mover's, not
        pieces in hand)". A Prince is a promoted Princess, Handyman, Princeling or
        Tankturret."""
        rules = self.variant.wildeurasian
        if rules is None or rules.prince_limit is None:
            return False
        princes = sum(
            piece.color != color and piece.letter in PRINCES for piece in self._pieces.values()
        )
        return princes >= rules.prince_limit

    def _relevant_half_across(self, color: Color) -> bool:
        """Condition 5: half or more of ``color``'s relevant pieces on the board stand across
        the River ("so with just a King and a Queen, the Queen may not cross"). With none
        across it is not broken, even with no relevant piece at all."""
        rules = self.variant.wildeurasian
        if rules is None:
            return False
        relevant = [
            square
            for square, piece in self._pieces.items()
            if piece.color == color and piece.letter in rules.relevant
        ]
        across = sum(rules.across_river(square, color) for square in relevant)
        return across > 0 and 2 * across >= len(relevant)

    def _is_safe(self, move: Move) -> bool:
        """Royal safety: after ``move`` the mover's King is not attacked and, in Mĕirìqí, the
        Kings do not face each other. The Wildeurasian games: the mover is in none of the five
        situations after the move (:meth:`situations`): "A player may not end a move with"
        any of them, and "Drops obey the five conditions like any move"."""
        mover = self.turn
        if self.variant.wildeurasian is not None:
            return self._after(move, lambda: not self._in_a_situation(mover))

        def safe() -> bool:
            facing = self.variant.facing_rule and self.kings_facing()
            return not self._king_attacked(mover) and not facing

        return self._after(move, safe)

    @property
    def legal_moves(self) -> list[Move]:
        """All legal moves: pattern moves that keep the mover's King safe."""
        return [move for move in self.pseudo_legal_moves() if self._is_safe(move)]

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this position."""
        return move in self.pseudo_legal_moves() and self._is_safe(move)

    def _changes(self, move: Move) -> tuple[dict[Square, Piece | None], Piece | None]:
        """What ``move`` puts on each square it changes (``None``: empties it), and the piece it
        captures, if any. A move onto a friendly piece is the King's swap; a pawn's move onto
        the en-passant square removes the pawn that has just stepped over it; a drop puts a
        piece on an empty square; castling moves the King and its Rook."""
        if move.drop is not None:
            return {move.to_square: Piece(move.drop, self.turn)}, None
        moved = self._pieces[move.from_square]
        occupant = self._pieces.get(move.to_square)
        after: dict[Square, Piece | None] = {
            move.from_square: None,
            move.to_square: moved._replace(letter=self._promoted_letter(moved, move.promotion)),
        }
        if self.is_castling(move):
            rook = self._castling_rook(move.from_square, self._wing_of(move))
            assert rook is not None
            after[rook] = None
            after[self._wing_of(move).rook_file, rook[1]] = self._pieces[rook]
            return after, None
        if occupant is not None and occupant.color == moved.color:
            after[move.from_square] = occupant
            return after, None
        victim = self._en_passant_victim() if moved.letter == PAWN else None
        if victim is not None and move.to_square == self.ep_square:
            after[victim] = None
            return after, self._pieces[victim]
        return after, occupant

    @staticmethod
    def _promoted_letter(moved: Piece, promotion: str | None) -> str:
        """The letter of ``moved`` after a move with ``promotion``: ``+`` makes ``+L`` of ``L``."""
        if promotion == PLUS:
            return PLUS + moved.letter
        return promotion or moved.letter

    def _passed_square(self, move: Move, moved: Piece) -> Square | None:
        """The square a pawn's two-square step passed over, in a game with en passant."""
        (file, rank), (to_file, to_rank) = move.from_square, move.to_square
        double_step = moved.letter == PAWN and file == to_file and abs(to_rank - rank) == 2
        return (file, (rank + to_rank) // 2) if double_step and self.variant.en_passant else None

    def _place(self, contents: dict[Square, Piece | None]) -> None:
        for square, piece in contents.items():
            if piece is None:
                del self._pieces[square]
            else:
                self._pieces[square] = piece

    def _make(self, move: Move) -> None:
        """Plays ``move`` without asking whether it is legal. The halfmove clock counts "plies
        since the last capture, Pawn move or drop" (a promotion alone does not reset it)."""
        after, captured = self._changes(move)
        before = {square: self._pieces.get(square) for square in after}
        hand_change = self._hand_change(move, captured)
        self._stack.append(
            _Undo(
                move,
                before,
                self.halfmove_clock,
                self.fullmove_number,
                self.ep_square,
                self.castling_rights,
                hand_change,
            )
        )
        self._place(after)
        if hand_change is not None:
            self._add_to_hand(*hand_change)
        moved = before[move.from_square] or Piece(move.drop or "", self.turn)
        reset = captured is not None or moved.letter == PAWN or move.drop is not None
        self.halfmove_clock = 0 if reset else self.halfmove_clock + 1
        self.fullmove_number += self.turn == BLACK
        self.ep_square = self._passed_square(move, moved)
        if self.castling_rights:
            self.castling_rights = self._backed_rights(self.castling_rights)
        self.turn = not self.turn

    def _hand_change(self, move: Move, captured: Piece | None) -> tuple[Piece, int] | None:
        """What ``move`` does to its mover's hand. A drop takes the piece out. "A captured enemy
        forward-only piece (promoted or not) goes to the capturer's hand as an unpromoted piece
        of the capturer's colour"; other captured pieces "leave the game"."""
        if move.drop is not None:
            return Piece(move.drop, self.turn), -1
        rules = self.variant.wildeurasian
        if captured is None or rules is None or not self.variant.has_hand:
            return None
        unpromoted = captured.letter.removeprefix(PLUS)
        return (Piece(unpromoted, self.turn), 1) if unpromoted in rules.forward_only else None

    def _add_to_hand(self, piece: Piece, count: int) -> None:
        self._hand[piece] += count
        if not self._hand[piece]:
            del self._hand[piece]

    def push(self, move: Move) -> None:
        """Plays a legal move; raises ``ValueError`` (board unchanged) otherwise."""
        if not self.is_legal(move):
            raise ValueError(f"illegal move {move.uci()} in {self.fen()}")
        self._make(move)

    def parse_uci(self, uci: str) -> Move:
        """The legal move written ``uci``; raises ``ValueError`` when it is malformed or illegal.
        "A compulsory change that offers no choice is written too (``e6e7w``: a Pawn crossing
        the River becomes a Wazir); a parser also accepts it without the letter"."""
        move = Move.from_uci(uci, self.variant)
        piece = self._pieces.get(move.from_square)
        if move.promotion is None and piece is not None and piece.letter == PAWN:
            crossing = move._replace(promotion=WAZIR)
            if self.variant.wildeurasian is not None and self.is_legal(crossing):
                return crossing
        if not self.is_legal(move):
            raise ValueError(f"illegal move {move.uci()} in {self.fen()}")
        return move

    def push_uci(self, uci: str) -> Move:
        """Plays the legal move written ``uci`` (:meth:`parse_uci`) and returns it; raises
        ``ValueError``."""
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Takes back the last move; raises ``IndexError`` when there is none."""
        undo = self._stack.pop()
        for square in undo.before:
            self._pieces.pop(square, None)
        self._place({s: p for s, p in reversed(undo.before.items()) if p is not None})
        if undo.hand_change is not None:
            piece, count = undo.hand_change
            self._add_to_hand(piece, -count)
        self.halfmove_clock = undo.halfmove_clock
        self.fullmove_number = undo.fullmove_number
        self.ep_square = undo.en_passant
        self.castling_rights = undo.castling_rights
        self.turn = not self.turn
        return undo.move

    # -- the end of the game ---------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game has ended, or ``None`` while it goes on. Mĕirìqí: "The side to move with
        no legal move loses: checkmate and stalemate both win for the other side". Yáng Qí
        (FIDE, checked in python-chess's order): checkmate wins; a dead position (two bare
        Kings), stalemate, seventy-five moves and fivefold repetition are draws. The
        Wildeurasian games: checkmate, :attr:`Termination.VARIANT_LOSS` or a drawn stalemate
        (:meth:`_river_end`)."""
        has_moves = bool(self.legal_moves)
        if not has_moves and self.is_check():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if self.variant.wildeurasian is not None:
            return None if has_moves else self._river_end()
        if not self.variant.fide_draws:
            return None if has_moves else Outcome(Termination.STALEMATE, not self.turn)
        draws = (
            (Termination.INSUFFICIENT_MATERIAL, self.is_insufficient_material),
            (Termination.STALEMATE, lambda: not has_moves),
            (Termination.SEVENTYFIVE_MOVES, self.is_seventyfive_moves),
            (Termination.FIVEFOLD_REPETITION, self.is_fivefold_repetition),
        )
        return next((Outcome(end, None) for end, happened in draws if happened()), None)

    def _river_end(self) -> Outcome:
        """The Wildeurasian end, for a side to move with no legal move and not in check: "A
        player with no legal move loses if they are in situation (1), (4) or (5) now, and the
        game is drawn otherwise. No other draw rule is in the source"."""
        if self.situations() & {4, 5}:
            return Outcome(Termination.VARIANT_LOSS, not self.turn)
        return Outcome(Termination.STALEMATE, None)

    def is_insufficient_material(self) -> bool:
        """Whether only the two Kings are left: "a position with only the two Kings is dead"."""
        return all(piece.letter == KING for piece in self._pieces.values())

    def _is_halfmoves(self, plies: int) -> bool:
        return self.halfmove_clock >= plies and bool(self.legal_moves)

    def is_fifty_moves(self) -> bool:
        """Whether 100 plies have passed without a capture or pawn move, and the game goes on."""
        return self._is_halfmoves(100)

    def is_seventyfive_moves(self) -> bool:
        """Whether 150 plies have passed without a capture or pawn move, and a move exists (a
        checkmate on that ply still wins)."""
        return self._is_halfmoves(150)

    def _position_key(self) -> PositionKey:
        return frozenset(self._pieces.items()), self.turn, self._legal_en_passant()

    def _history_counts(self) -> Counter[PositionKey]:
        """How often each position since the set-up occurred, this one included."""
        counts = Counter([self._position_key()])
        undone = []
        while self._stack:
            undone.append(self.pop())
            counts[self._position_key()] += 1
        for move in reversed(undone):
            self._make(move)
        return counts

    def is_repetition(self, count: int = 3) -> bool:
        """Whether this position (same pieces, side to move and en-passant possibility) has
        occurred ``count`` times since the set-up, this time included."""
        return self._history_counts()[self._position_key()] >= count

    def is_fivefold_repetition(self) -> bool:
        """Whether this position has occurred five times: the game ends in a draw."""
        return self.is_repetition(5)

    def can_claim_fifty_moves(self) -> bool:
        """Whether the side to move may claim a draw by the fifty-move rule (as python-chess):
        100 plies without capture or pawn move, now or after one of its legal moves."""
        if not self.variant.fide_draws:
            return False
        if self.is_fifty_moves():
            return True
        return self.halfmove_clock >= 99 and any(
            self._after(move, self.is_fifty_moves) for move in self.legal_moves
        )

    def can_claim_threefold_repetition(self) -> bool:
        """Whether the side to move may claim a draw by threefold repetition (as python-chess):
        the position has occurred three times, or one of its legal moves makes a position that
        has occurred twice already."""
        if not self.variant.fide_draws:
            return False
        counts = self._history_counts()
        if counts[self._position_key()] >= 3:
            return True
        return any(counts[self._after(move, self._position_key)] >= 2 for move in self.legal_moves)

    def can_claim_draw(self) -> bool:
        """Whether the side to move may claim a draw by the fifty-move rule or by repetition."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def is_valid(self) -> bool:
        """Whether the position could be reached in a game as far as these checks see: one King
        per side, every confined piece (King, Mandarin) inside its region, the Kings not facing
        (where that is a rule) and the side that has just moved not in check. In the
        Wildeurasian games: one King per side, the side that has just moved in none of the five
        situations, no unpromoted forward-only piece where it would have to promote (it could
        never move), no side with more Princes than the game can have (condition 4's number:
        docs/rules.md, the Wildeurasian decisions), and every castling right of the FEN set up
        backed by a King and a Rook in their regions. A Pawn across the River, which can move
        (each move makes it a Wazir), is valid."""
        kings = [p.color for p in self._pieces.values() if p.letter == KING]
        rules = self.variant.wildeurasian
        if rules is not None:
            grid = self.variant.grid
            stranded = any(
                piece.letter in rules.forward_only
                and rules.must_promote(grid, piece.letter, piece.color, square)
                for square, piece in self._pieces.items()
            )
            princes = [
                sum(p.color == color and p.letter in PRINCES for p in self._pieces.values())
                for color in (WHITE, BLACK)
            ]
            too_many_princes = rules.prince_limit is not None and max(princes) > rules.prince_limit
            return (
                sorted(kings) == [BLACK, WHITE]
                and not self.situations(not self.turn)
                and not stranded
                and not too_many_princes
                and (bool(self._stack) or self._castling_field == self.castling_rights)
            )
        confined = all(
            square in self.variant.confinement[piece.letter][piece.color]
            for square, piece in self._pieces.items()
            if piece.letter in self.variant.confinement
        )
        return (
            sorted(kings) == [BLACK, WHITE]
            and confined
            and not (self.variant.facing_rule and self.kings_facing())
            and not self._king_attacked(not self.turn)
        )

    # -- counting --------------------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """The number of move sequences of length ``depth`` (leaf nodes of the legal move tree)."""
        if depth < 0:
            raise ValueError("perft depth must be >= 0")
        if depth == 0:
            return 1
        moves = self.legal_moves
        if depth == 1:
            return len(moves)
        return sum(self._perft_after(move, depth - 1) for move in moves)

    def perft_divide(self, depth: int) -> dict[str, int]:
        """Perft below each legal move, keyed by its coordinate notation (``depth`` >= 1)."""
        if depth < 1:
            raise ValueError("perft_divide depth must be >= 1")
        return {move.uci(): self._perft_after(move, depth - 1) for move in self.legal_moves}

    def _perft_after(self, move: Move, depth: int) -> int:
        return self._after(move, lambda: self.perft(depth))

    def _after(self, move: Move, look: Callable[[], T]) -> T:
        """What ``look`` sees once ``move`` is played (the move is taken back afterwards)."""
        self._make(move)
        try:
            return look()
        finally:
            self.pop()
