"""A Mĕirìqí position and the rules of play (RULES.md §1 and §4), written to be read.

Moves are generated in two stages, as a player would check them: first every move a piece's
pattern allows (:meth:`Board.pseudo_legal_moves`), then only those that pass the *royal safety*
rule (:attr:`Board.legal_moves`): "A move is illegal if, after it, (a) the mover's King is
attacked ... or (b) the two Kings stand on the same file with no piece between them".

Decisions where RULES.md is silent (positions that cannot arise in a game): a side without a King
is never in check and never faces; a King or Mandarin set up outside its region may only move
into it. :meth:`Board.is_valid` tells such positions apart.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from typing import NamedTuple

from .fen import Setup, format_fen, parse_fen
from .geometry import BLACK, WHITE, Color, Square, square_name
from .pieces import Mode, Piece
from .variant import MEIRIQI, Variant

KING = "K"
PAWN = "I"
_UCI = re.compile(r"([a-z][1-9][0-9]*)([a-z][1-9][0-9]*)([a-z]?)")


class Move(NamedTuple):
    """A move: origin, destination and the letter (uppercase) of the promoted type, if any."""

    from_square: Square
    to_square: Square
    promotion: str | None = None

    def uci(self) -> str:
        """Coordinate notation: ``c3c4``; a promotion adds the new type in lowercase: ``c7d8o``."""
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
    """Why a game ended: in Mĕirìqí both ways lose for the side that cannot move."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"


class Outcome(NamedTuple):
    """How a finished game ended and who won."""

    termination: Termination
    winner: Color

    def result(self) -> str:
        """``"1-0"`` or ``"0-1"`` (the rules of Mĕirìqí have no draw)."""
        return "1-0" if self.winner == WHITE else "0-1"


class _Undo(NamedTuple):
    move: Move
    moved: Piece
    captured: Piece | None
    halfmove_clock: int
    fullmove_number: int


class Board:
    """A position (pieces, side to move, counters) and the moves played since it was set up."""

    def __init__(self, fen: str | None = None, variant: Variant = MEIRIQI) -> None:
        """The position of ``fen``, or the variant's starting position when ``fen`` is ``None``."""
        self.variant = variant
        self.set_fen(variant.starting_fen if fen is None else fen)

    # -- setting up and writing down -------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Sets up ``fen`` and forgets the moves; raises ``ValueError`` (board unchanged)."""
        setup = parse_fen(fen, self.variant)
        self._pieces = setup.pieces
        self.turn = setup.turn
        self.halfmove_clock = setup.halfmove_clock
        self.fullmove_number = setup.fullmove_number
        self._stack: list[_Undo] = []

    def fen(self) -> str:
        """The position in FEN, all six fields."""
        setup = Setup(self._pieces, self.turn, self.halfmove_clock, self.fullmove_number)
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
        until the first occupied square, which is the last one yielded."""
        for path in self.variant.paths(piece.letter, piece.color, square):
            for target in path.squares:
                yield target, path.mode
                if target in self._pieces:
                    break

    def attacks(self, square: Square, target: Square) -> bool:
        """Whether the piece on ``square`` could capture an enemy piece standing on ``target``
        (RULES.md: "pinned enemy pieces still attack; the Lion's adjacent capture and the Pawn's
        diagonal capture attack, the Pawn's non-capturing steps do not")."""
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

    def _targets(self, square: Square, piece: Piece) -> dict[Square, None]:
        """The squares the piece can move to by its pattern, as an ordered set: empty squares on
        a path that allows quiet moves, enemy pieces on a path that allows captures."""
        targets = {}
        for target, mode in self._walk(square, piece):
            occupant = self._pieces.get(target)
            if occupant is None:
                allowed = mode != Mode.CAPTURE
            else:
                allowed = occupant.color != piece.color and mode != Mode.MOVE
            if allowed:
                targets[target] = None
        return targets

    def pseudo_legal_moves(self) -> list[Move]:
        """Every move the pieces' patterns allow, before the royal safety rule. "Knight, Gold,
        Silver, Lion and Pawn ... may promote when a move (capture or not) *ends* inside the
        mover's promotion zone ... move generation yields both the promoting and the
        non-promoting move"."""
        moves = []
        camp = self.variant.camp_ranks[self.turn]
        for square, piece in self._pieces.items():
            if piece.color != self.turn:
                continue
            promotion = self.variant.promotions.get(piece.letter)
            for target in self._targets(square, piece):
                if promotion is not None and target[1] in camp:
                    moves.append(Move(square, target, promotion))
                moves.append(Move(square, target))
        return moves

    def _is_safe(self, move: Move) -> bool:
        """Royal safety: after ``move`` the mover's King is not attacked and the Kings do not
        face each other."""
        mover = self.turn
        self._make(move)
        safe = not self._king_attacked(mover) and not self.kings_facing()
        self.pop()
        return safe

    @property
    def legal_moves(self) -> list[Move]:
        """All legal moves: pattern moves that keep the mover's King safe."""
        return [move for move in self.pseudo_legal_moves() if self._is_safe(move)]

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this position."""
        return move in self.pseudo_legal_moves() and self._is_safe(move)

    def _make(self, move: Move) -> None:
        """Plays ``move`` without asking whether it is legal."""
        moved = self._pieces.pop(move.from_square)
        captured = self._pieces.get(move.to_square)
        self._stack.append(_Undo(move, moved, captured, self.halfmove_clock, self.fullmove_number))
        self._pieces[move.to_square] = moved._replace(letter=move.promotion or moved.letter)
        reset = captured is not None or moved.letter == PAWN
        self.halfmove_clock = 0 if reset else self.halfmove_clock + 1
        self.fullmove_number += self.turn == BLACK
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
        del self._pieces[undo.move.to_square]
        if undo.captured is not None:
            self._pieces[undo.move.to_square] = undo.captured
        self._pieces[undo.move.from_square] = undo.moved
        self.halfmove_clock = undo.halfmove_clock
        self.fullmove_number = undo.fullmove_number
        self.turn = not self.turn
        return undo.move

    # -- the end of the game ---------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """``None`` while the side to move has a legal move. Otherwise "The side to move with no
        legal move loses: checkmate and stalemate both win for the other side"."""
        if self.legal_moves:
            return None
        termination = Termination.CHECKMATE if self.is_check() else Termination.STALEMATE
        return Outcome(termination, not self.turn)

    def is_valid(self) -> bool:
        """Whether the position could be reached in a game as far as these checks see: one King
        per side, every confined piece (King, Mandarin) inside its region, the Kings not facing
        and the side that has just moved not in check."""
        kings = [p.color for p in self._pieces.values() if p.letter == KING]
        confined = all(
            square in self.variant.confinement[piece.letter][piece.color]
            for square, piece in self._pieces.items()
            if piece.letter in self.variant.confinement
        )
        return (
            sorted(kings) == [BLACK, WHITE]
            and confined
            and not self.kings_facing()
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
        self._make(move)
        count = self.perft(depth)
        self.pop()
        return count
