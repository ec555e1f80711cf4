//! A position: pieces on squares, the side to move and the counters, with make and unmake.

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Kind, Piece, PIECE_CODES};
use crate::square_set::SquareSet;
use crate::tables::AttackCheck;
use crate::variant::Variant;
use crate::zobrist;

/// What [`Position::make`] needs to remember so that [`Position::unmake`] restores everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    /// Where the captured piece stood: the destination, or beside it for an en-passant capture.
    captured_at: Square,
    /// The friendly piece a King swapped places with.
    swapped: Option<Piece>,
    moved: Piece,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// The Zobrist hash of the position before the move.
    pub fn hash_before(&self) -> u64 {
        self.hash
    }
}

/// A position of some variant. Any arrangement of pieces may be represented (for setting up
/// problems); [`crate::fen`] checks that a position read from text is a legal one.
#[derive(Clone, Debug)]
pub struct Position {
    variant: &'static Variant,
    /// Piece codes by square number (zero: empty). One slot per possible `u8` square number,
    /// so indexing by a square never needs a bounds check.
    board: [u8; 256],
    occupied: [SquareSet; 2],
    kings: [Option<Square>; 2],
    /// How many of each piece code stand on the board.
    counts: [u8; PIECE_CODES],
    /// The kinds each colour has on the board, as sets of [`Kind::bit`]s.
    kinds: [u32; 2],
    turn: Color,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl PartialEq for Position {
    /// Positions are equal when pieces, side to move and counters are equal.
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.board == other.board
            && self.turn == other.turn
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Position {
    /// An empty board of `variant`, White to move, counters at their start values.
    pub fn empty(variant: &'static Variant) -> Position {
        Position {
            variant,
            board: [0; 256],
            occupied: [SquareSet::EMPTY; 2],
            kings: [None; 2],
            counts: [0; PIECE_CODES],
            kinds: [0; 2],
            turn: Color::White,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    /// The variant being played.
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.board[square.index()])
    }

    /// The raw piece code on `square` (zero when empty), for the hot loops.
    #[inline]
    pub(crate) fn code_at(&self, square: Square) -> u8 {
        self.board[square.index()]
    }

    /// Whether `square` is empty.
    #[inline]
    pub fn is_empty(&self, square: Square) -> bool {
        self.board[square.index()] == 0
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> &SquareSet {
        &self.occupied[color.index()]
    }

    /// Where `color`'s King stands (the lowest-numbered one if a set-up has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: starts at 1 and grows after each move of Black.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of the pieces and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, color: Color) {
        self.hash ^= zobrist::turn_key(self.turn) ^ zobrist::turn_key(color);
        self.turn = color;
    }

    /// Sets the counters.
    pub fn set_counters(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// Puts `piece` on `square` (or clears it), replacing what stood there. The square must be
    /// on the board.
    pub fn set_piece_at(&mut self, square: Square, piece: Option<Piece>) {
        if let Some(old) = self.piece_at(square) {
            self.lift(old, square);
        }
        if let Some(new) = piece {
            self.place(new, square);
        }
        self.find_kings();
    }

    /// Re-reads where the Kings stand, after a set-up change.
    fn find_kings(&mut self) {
        for color in Color::ALL {
            let king = Piece {
                kind: Kind::King,
                color,
            };
            self.kings[color.index()] = self.occupied[color.index()]
                .iter()
                .find(|&s| self.piece_at(s) == Some(king));
        }
    }

    /// Puts `piece` on the empty `square`, leaving the hash alone.
    #[inline]
    fn put(&mut self, piece: Piece, square: Square) {
        self.board[square.index()] = piece.code();
        self.occupied[piece.color.index()].insert(square);
        self.counts[piece.code() as usize] += 1;
        self.kinds[piece.color.index()] |= piece.kind.bit();
    }

    /// Takes `piece` off `square`, leaving the hash alone.
    #[inline]
    fn remove(&mut self, piece: Piece, square: Square) {
        self.board[square.index()] = 0;
        self.occupied[piece.color.index()].remove(square);
        self.counts[piece.code() as usize] -= 1;
        if self.counts[piece.code() as usize] == 0 {
            self.kinds[piece.color.index()] &= !piece.kind.bit();
        }
    }

    #[inline]
    fn place(&mut self, piece: Piece, square: Square) {
        self.put(piece, square);
        self.hash ^= zobrist::piece_key(piece, square);
    }

    #[inline]
    fn lift(&mut self, piece: Piece, square: Square) {
        self.remove(piece, square);
        self.hash ^= zobrist::piece_key(piece, square);
    }

    /// The kinds `color` has on the board, as a set of [`Kind::bit`]s.
    #[inline]
    pub fn kinds_present(&self, color: Color) -> u32 {
        self.kinds[color.index()]
    }

    /// Whether `mv` (pseudo-legal) is a King's swap with a friendly piece.
    #[inline]
    pub fn is_swap(&self, mv: Move) -> bool {
        let (moving, target) = (self.code_at(mv.from), self.code_at(mv.to));
        target != 0 && (target ^ moving) >> 5 == 0
    }

    /// Whether `mv` (pseudo-legal) captures en passant.
    #[inline]
    pub fn is_en_passant(&self, mv: Move) -> bool {
        self.en_passant == Some(mv.to)
            && mv.from.file() != mv.to.file()
            && self
                .piece_at(mv.from)
                .is_some_and(|piece| piece.kind == Kind::Pawn)
    }

    /// Plays `mv`, which must be pseudo-legal (a piece of the side to move on `mv.from`), and
    /// returns what [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let moved = self
            .piece_at(mv.from)
            .expect("a move starts on a piece of the side to move");
        let swapped = self
            .piece_at(mv.to)
            .filter(|piece| piece.color == moved.color);
        let captured_at = if self.is_en_passant(mv) {
            Square::new(mv.to.file(), mv.from.rank()).expect("beside the destination")
        } else {
            mv.to
        };
        let captured = self
            .piece_at(captured_at)
            .filter(|piece| piece.color != moved.color);
        let undo = Undo {
            captured,
            captured_at,
            swapped,
            moved,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
        };
        if let Some(captured) = captured {
            self.lift(captured, captured_at);
            if captured.kind == Kind::King {
                self.kings[captured.color.index()] = None;
            }
        }
        self.lift(moved, mv.from);
        if let Some(friend) = swapped {
            self.lift(friend, mv.to);
            self.place(friend, mv.from);
        }
        let arriving = Piece {
            kind: mv.promotion.unwrap_or(moved.kind),
            color: moved.color,
        };
        self.place(arriving, mv.to);
        if moved.kind == Kind::King {
            self.kings[moved.color.index()] = Some(mv.to);
        }
        if captured.is_some() || moved.kind == Kind::Pawn {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.set_turn(self.turn.opponent());
        self.set_en_passant(None);
        if let Some(passed) = self.double_step_target(mv, moved) {
            self.offer_en_passant(passed);
        }
        undo
    }

    /// Takes back `mv`, which was played by [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let arrived = self
            .piece_at(mv.to)
            .expect("the moved piece stands on its destination");
        self.remove(arrived, mv.to);
        if let Some(friend) = undo.swapped {
            self.remove(friend, mv.from);
            self.put(friend, mv.to);
        }
        self.put(undo.moved, mv.from);
        if let Some(captured) = undo.captured {
            self.put(captured, undo.captured_at);
            if captured.kind == Kind::King {
                self.kings[captured.color.index()] = Some(undo.captured_at);
            }
        }
        if undo.moved.kind == Kind::King {
            self.kings[undo.moved.color.index()] = Some(mv.from);
        }
        self.turn = self.turn.opponent();
        self.en_passant = undo.en_passant;
        self.fullmove_number = undo.fullmove_number;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
    }

    /// The square a Pawn's two-square move `mv` passed over, when the variant has en passant.
    fn double_step_target(&self, mv: Move, moved: Piece) -> Option<Square> {
        if !self.variant.spec().en_passant
            || moved.kind != Kind::Pawn
            || mv.from.file() != mv.to.file()
        {
            return None;
        }
        let (low, high) = (
            mv.from.rank().min(mv.to.rank()),
            mv.from.rank().max(mv.to.rank()),
        );
        Square::new(mv.from.file(), low + 1).filter(|_| high == low + 2)
    }

    /// Makes `square` (just passed over by an enemy Pawn) the en-passant square if a Pawn of the
    /// side to move can legally capture there, as python-chess writes it: only then does it
    /// matter, for play and for repetitions alike. The square is left unset otherwise.
    pub(crate) fn offer_en_passant(&mut self, square: Square) {
        let us = self.turn;
        let pawn = Piece {
            kind: Kind::Pawn,
            color: us,
        };
        let capturers: Vec<Square> = self
            .attackers(us, square)
            .iter()
            .filter(|&from| self.piece_at(from) == Some(pawn))
            .collect();
        self.set_en_passant(Some(square));
        let playable = capturers
            .into_iter()
            .any(|from| !self.leaves_king_exposed(Move::new(from, square)));
        if !playable {
            self.set_en_passant(None);
        }
    }

    /// The square a Pawn may capture en passant on, if any.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Sets the en-passant square, keeping the hash in step.
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant_key(old);
        }
        if let Some(new) = square {
            self.hash ^= zobrist::en_passant_key(new);
        }
        self.en_passant = square;
    }

    /// How many `piece`s stand on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> u8 {
        self.counts[piece.code() as usize]
    }

    /// Whether a piece of `attacker` could capture on `square` by its move pattern.
    #[inline]
    pub fn is_attacked_by(&self, attacker: Color, square: Square) -> bool {
        let present = self.kinds_present(attacker);
        let tables = self.variant.tables();
        let hits = |check: &AttackCheck| self.check_hits(attacker, check.square, check.kinds);
        tables.find_attack(attacker, square, present, |s| self.is_empty(s), hits)
            || (present & tables.hopper_kinds() != 0
                && tables.find_hop_attack(attacker, square, present, |s| self.is_empty(s), hits))
    }

    /// The squares of `attacker`'s pieces that could capture on `square`.
    pub fn attackers(&self, attacker: Color, square: Square) -> SquareSet {
        let mut found = SquareSet::EMPTY;
        let present = self.kinds_present(attacker);
        let tables = self.variant.tables();
        let mut collect = |check: &AttackCheck| {
            if self.check_hits(attacker, check.square, check.kinds) {
                found.insert(check.square);
            }
            false
        };
        tables.find_attack(
            attacker,
            square,
            present,
            |s| self.is_empty(s),
            &mut collect,
        );
        tables.find_hop_attack(
            attacker,
            square,
            present,
            |s| self.is_empty(s),
            &mut collect,
        );
        found
    }

    /// Whether a piece of `color` whose kind is in `kinds` stands on `square`.
    #[inline]
    pub(crate) fn check_hits(&self, color: Color, square: Square, kinds: u32) -> bool {
        let code = self.code_at(square);
        code != 0 && (code >> 5) as usize == color.index() && kinds >> (code & 31) & 1 != 0
    }

    /// Whether the side to move's King is attacked.
    pub fn is_check(&self) -> bool {
        self.king(self.turn)
            .is_some_and(|king| self.is_attacked_by(self.turn.opponent(), king))
    }

    /// Whether the two Kings stand on one file with nothing between them, in a variant where
    /// that is forbidden.
    pub fn kings_facing(&self) -> bool {
        if !self.variant.spec().facing_kings {
            return false;
        }
        let (Some(white), Some(black)) = (self.kings[0], self.kings[1]) else {
            return false;
        };
        if white.file() != black.file() {
            return false;
        }
        let (low, high) = if white.rank() < black.rank() {
            (white, black)
        } else {
            (black, white)
        };
        (low.rank() + 1..high.rank())
            .all(|rank| Square::new(low.file(), rank).is_some_and(|s| self.is_empty(s)))
    }

    /// Whether `color`'s King is attacked or the Kings face each other.
    #[inline]
    pub(crate) fn king_exposed(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|king| self.is_attacked_by(color.opponent(), king))
            || self.kings_facing()
    }

    /// Tests whether a pseudo-legal `mv` of the side to move would leave its King attacked or
    /// the Kings facing. Only the board is touched, and it is restored before returning.
    #[inline]
    pub(crate) fn leaves_king_exposed(&mut self, mv: Move) -> bool {
        let us = self.turn;
        if self.is_swap(mv) || self.is_en_passant(mv) {
            let undo = self.make(mv);
            let exposed = self.king_exposed(us);
            self.unmake(mv, undo);
            return exposed;
        }
        let moved = self.board[mv.from.index()];
        let captured = self.board[mv.to.index()];
        self.board[mv.from.index()] = 0;
        self.board[mv.to.index()] = moved;
        let saved_kings = self.kings;
        if saved_kings[us.index()] == Some(mv.from) {
            self.kings[us.index()] = Some(mv.to);
        }
        if saved_kings[us.opponent().index()] == Some(mv.to) {
            self.kings[us.opponent().index()] = None;
        }
        let exposed = self.king_exposed(us);
        self.kings = saved_kings;
        self.board[mv.from.index()] = moved;
        self.board[mv.to.index()] = captured;
        exposed
    }
}
