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
from .variant import MEIRIQI, Promotion, Variant, get_variant

KING = "K"
PAWN = "I"
T = TypeVar("T")
_UCI = re.compile(r"([a-z][1-9][0-9]*)([a-z][1-9][0-9]*)([a-z]?)")


class Move(NamedTuple):
    """A move: origin, destination and the letter (uppercase) of the promoted type, if any."""

    from_square: Square
    to_square: Square
    promotion: str | None = None

    def uci(self) -> str:
        """Coordinate notation: ``c3c4``; a promotion adds the new type in lowercase: ``c7d8o``.
        The King's swap is written as the King's move onto its friend's square (``e1d1``)."""
        suffix = self.promotion.lower() if self.promotion else ""
        return square_name(self.from_square) + square_name(self.to_square) + suffix

    @classmethod
    def from_uci(cls, text: str, variant: Variant = MEIRIQI) -> Move:
        """Reads coordinate notation; raises ``ValueError`` when it is malformed."""
        match = _UCI.fullmatch(text)
        if match is None or (match[3] and match[3].upper() not in variant.piece_letters):
            raise ValueError(f"not a coordinate move: {text!r}")
        origin, target = variant.grid.parse_square(match[1]), variant.grid.parse_square(match[2])
        return cls(origin, target, match[3].upper() or None)


class Termination(enum.Enum):
    """Why a game ended (names as python-chess's). In Mĕirìqí only the first two exist, and both
    lose for the side that cannot move; in Yáng Qí stalemate and the last three are draws."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    INSUFFICIENT_MATERIAL = "insufficient_material"


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
        )
        return format_fen(setup, self.variant)

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
        the screen it jumps."""
        for path in self.variant.paths(piece.letter, piece.color, square):
            if path.mode == Mode.HOP:
                beyond_screen = [s for s in path.squares if s in self._pieces][1:2]
                yield from ((target, Mode.CAPTURE) for target in beyond_screen)
                continue
            for target in path.squares:
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
        """Whether the two Kings stand on the same file with no piece between them."""
        white, black = self.king(WHITE), self.king(BLACK)
        if white is None or black is None or white[0] != black[0]:
            return False
        low, high = sorted((white[1], black[1]))
        return all((white[0], rank) not in self._pieces for rank in range(low + 1, high))

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
        (:meth:`_promotion_choices`), and the King's swaps (:meth:`_swaps`), before the royal
        safety rule."""
        moves: list[Move] = []
        for square, piece in self._pieces.items():
            if piece.color != self.turn:
                continue
            for target in self._targets(square, piece):
                choices = self._promotion_choices(piece, target)
                moves.extend(Move(square, target, promotion) for promotion in choices)
        return moves + self._swaps()

    def _promotion_choices(self, piece: Piece, target: Square) -> list[str | None]:
        """The promotions a move of ``piece`` ending on ``target`` may carry (``None``: the
        move without promotion). Mĕirìqí: "Knight, Gold, Silver, Lion and Pawn ... may promote
        when a move (capture or not) *ends* inside the mover's promotion zone ... move
        generation yields both the promoting and the non-promoting move". Yáng Qí: the pawn
        must promote to a captured type (:class:`~meiriqi.reference.variant.Promotion`); with
        none captured the list is empty and the move does not exist."""
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

    def _is_safe(self, move: Move) -> bool:
        """Royal safety: after ``move`` the mover's King is not attacked and, in Mĕirìqí, the
        Kings do not face each other."""
        mover = self.turn

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

    def _changes(self, move: Move) -> tuple[dict[Square, Piece | None], bool]:
        """What ``move`` puts on each square it changes (``None``: empties it), and whether it
        captures. A move onto a friendly piece is the King's swap; a pawn's move onto the
        en-passant square removes the pawn that has just stepped over it."""
        moved = self._pieces[move.from_square]
        occupant = self._pieces.get(move.to_square)
        after: dict[Square, Piece | None] = {
            move.from_square: None,
            move.to_square: moved._replace(letter=move.promotion or moved.letter),
        }
        if occupant is not None and occupant.color == moved.color:
            after[move.from_square] = occupant
            return after, False
        victim = self._en_passant_victim() if moved.letter == PAWN else None
        if victim is not None and move.to_square == self.ep_square:
            after[victim] = None
            return after, True
        return after, occupant is not None

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
        """Plays ``move`` without asking whether it is legal."""
        after, captures = self._changes(move)
        before = {square: self._pieces.get(square) for square in after}
        self._stack.append(
            _Undo(move, before, self.halfmove_clock, self.fullmove_number, self.ep_square)
        )
        self._place(after)
        moved = before[move.from_square]
        assert moved is not None
        reset = captures or moved.letter == PAWN
        self.halfmove_clock = 0 if reset else self.halfmove_clock + 1
        self.fullmove_number += self.turn == BLACK
        self.ep_square = self._passed_square(move, moved)
        self.turn = not self.turn

    def push(self, move: Move) -> None:
        """Plays a legal move; raises ``ValueError`` (board unchanged) otherwise."""
        if not self.is_legal(move):
            raise ValueError(f"illegal move {move.uci()} in {self.fen()}")
        self._make(move)

    def push_uci(self, uci: str) -> Move:
        """Plays the legal move written ``uci`` and returns it; raises ``ValueError``."""
        move = Move.from_uci(uci, self.variant)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Takes back the last move; raises ``IndexError`` when there is none."""
        undo = self._stack.pop()
        for square in undo.before:
            self._pieces.pop(square, None)
        self._place({s: p for s, p in reversed(undo.before.items()) if p is not None})
        self.halfmove_clock = undo.halfmove_clock
        self.fullmove_number = undo.fullmove_number
        self.ep_square = undo.en_passant
        self.turn = not self.turn
        return undo.move

    # -- the end of the game ---------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game has ended, or ``None`` while it goes on. Mĕirìqí: "The side to move with
        no legal move loses: checkmate and stalemate both win for the other side". Yáng Qí
        (FIDE, checked in python-chess's order): checkmate wins; a dead position (two bare
        Kings), stalemate, seventy-five moves and fivefold repetition are draws."""
        has_moves = bool(self.legal_moves)
        if not has_moves and self.is_check():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if not self.variant.fide_draws:
            return None if has_moves else Outcome(Termination.STALEMATE, not self.turn)
        draws = (
            (Termination.INSUFFICIENT_MATERIAL, self.is_insufficient_material),
            (Termination.STALEMATE, lambda: not has_moves),
            (Termination.SEVENTYFIVE_MOVES, self.is_seventyfive_moves),
            (Termination.FIVEFOLD_REPETITION, self.is_fivefold_repetition),
        )
        return next((Outcome(end, None) for end, happened in draws if happened()), None)

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
        (where that is a rule) and the side that has just moved not in check."""
        kings = [p.color for p in self._pieces.values() if p.letter == KING]
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
