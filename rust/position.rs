//! A legal position: pieces on squares, pieces in hand, the side to move, castling rights, the
//! en-passant square and the counters, with make and unmake. Positions come from a checked
//! [`Setup`] ([`Position::from_setup`]) and from playing moves.

use crate::board_changes::BoardChanges;
use crate::castling::CastlingRights;
use crate::counters::Counters;
use crate::gates::Gates;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{code_color, code_kind, Color, Kind, KindSet, Piece, KIND_SLOTS, PIECE_CODES};
use crate::setup::Setup;
use crate::square_set::SquareSet;
use crate::tables::AttackCheck;
use crate::variant::{Facing, Variant};
use crate::zobrist;

/// What [`Position::make`] needs to remember so that [`Position::unmake`] restores everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    /// The piece that moved, as it was before a promotion.
    moved: Piece,
    castling: CastlingRights,
    gates: Gates,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    passes: u8,
    counters: Counters,
    hash: u64,
    /// The Rook's square of castling that gates on the King's square.
    castle_rook: Option<Square>,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// The Rook's square of castling that gated on the King's square.
    pub(crate) fn castle_rook(&self) -> Option<Square> {
        self.castle_rook
    }

    /// Remembers the Rook's square of castling that gates on the King's square.
    pub(crate) fn set_castle_rook(&mut self, rook: Option<Square>) {
        self.castle_rook = rook;
    }
}

/// What [`Position::unmake_null`] needs to take back a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullUndo {
    en_passant: Option<Square>,
    halfmove_clock: u32,
    passes: u8,
}

/// A legal position of some variant, which it borrows: the catalog's variants live as long as the
/// program (`Position<'static>`), a variant being checked only while it is checked.
#[derive(Clone, Debug)]
pub struct Position<'v> {
    variant: &'v Variant,
    /// Piece codes by square number (zero: empty). One slot per possible `u8` square number,
    /// so indexing by a square never needs a bounds check.
    board: [u8; 256],
    occupied: [SquareSet; 2],
    kings: [Option<Square>; 2],
    /// How many of each piece code stand on the board.
    counts: [u8; PIECE_CODES],
    /// The kinds each colour has on the board, as sets of [`Kind::bit`]s.
    kinds: [KindSet; 2],
    /// Pieces in hand, per colour and kind number.
    hands: [[u8; KIND_SLOTS]; 2],
    /// The kinds each colour has in hand.
    hand_kinds: [KindSet; 2],
    castling: CastlingRights,
    /// The gates a move may bring a piece of the hand in through (none while a side's hand is
    /// empty).
    gates: Gates,
    turn: Color,
    /// The square a Pawn has just passed over with a two-square move, whether or not an enemy
    /// Pawn could capture there (see [`Position::legal_en_passant`]).
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    /// How many passes in a row have just been played (history that FEN does not write, as in
    /// Fairy-Stockfish: a position set up from FEN has none).
    passes: u8,
    /// The checks left to give and the counting of an ending, in the variants that keep them.
    counters: Counters,
    hash: u64,
    /// The pieces moves have put on and taken off since [`Position::clear_changes`].
    changes: BoardChanges,
}

impl PartialEq for Position<'_> {
    /// Positions are equal when pieces, hands, side to move, rights and counters are equal
    /// (the passes just played, which FEN does not write, and the board changes noted are not
    /// compared).
    fn eq(&self, other: &Position<'_>) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.board == other.board
            && self.hands == other.hands
            && self.turn == other.turn
            && self.castling == other.castling
            && self.gates == other.gates
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.counters == other.counters
    }
}

impl<'v> Position<'v> {
    /// The position `setup` describes, which the caller has checked.
    pub(crate) fn from_setup_unchecked(variant: &'v Variant, setup: &Setup) -> Position<'v> {
        let mut position = Position {
            variant,
            board: [0; 256],
            occupied: [SquareSet::EMPTY; 2],
            kings: [None; 2],
            counts: [0; PIECE_CODES],
            kinds: [0; 2],
            hands: [[0; KIND_SLOTS]; 2],
            hand_kinds: [0; 2],
            castling: setup.castling,
            gates: Gates::NONE,
            turn: Color::White,
            en_passant: setup.en_passant,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            passes: 0,
            counters: Counters::default(),
            hash: zobrist::castling_key(setup.castling),
            changes: BoardChanges::default(),
        };
        for square in variant.dimensions().squares() {
            if let Some(piece) = setup.board[square.index()].filter(|p| variant.has_kind(p.kind)) {
                position.place(piece, square);
                if piece.kind == variant.royal() && position.kings[piece.color.index()].is_none() {
                    position.kings[piece.color.index()] = Some(square);
                }
            }
        }
        for color in Color::ALL {
            for rule in variant.rules() {
                for _ in 0..setup.hands[color.index()][rule.kind.index()] {
                    position.add_to_hand(color, rule.kind);
                }
            }
        }
        position.set_turn(setup.turn);
        position.set_counters(setup.counters);
        if variant.spec().gating {
            position.set_gates(position.kept_gates(setup.gates));
        }
        position
    }

    /// The position as an editable setup.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for square in self.variant.dimensions().squares() {
            setup.board[square.index()] = self.piece_at(square);
        }
        setup.hands = self.hands;
        setup.turn = self.turn;
        setup.castling = self.castling;
        setup.gates = self.gates;
        setup.en_passant = self.en_passant;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup.counters = self.counters;
        setup
    }

    /// The variant being played.
    #[inline]
    pub fn variant(&self) -> &'v Variant {
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

    /// The raw piece code on the square numbered `number` ([`Square::index`]), for the hot
    /// loops that keep squares as bytes.
    #[inline]
    pub(crate) fn code_at_number(&self, number: u8) -> u8 {
        self.board[usize::from(number)]
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

    /// Where `color`'s King stands.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture, Pawn move or drop.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: starts at 1 and grows after each move of Black.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The checks left to give and the counting of an ending (all zero in a variant without
    /// them).
    #[inline]
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Replaces the counters, keeping the hash in step with the checks left.
    pub(crate) fn set_counters(&mut self, counters: Counters) {
        if self.variant.spec().end_rules.check_limit > 0 {
            for color in Color::ALL {
                let index = color.index();
                self.hash ^= zobrist::checks_key(color, self.counters.checks_left[index])
                    ^ zobrist::checks_key(color, counters.checks_left[index]);
            }
        }
        self.counters = counters;
    }

    /// The castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The gates a move may bring a piece of the hand in through.
    #[inline]
    pub fn gates(&self) -> Gates {
        self.gates
    }

    /// Replaces the gates, keeping the hash in step.
    #[inline]
    pub(crate) fn set_gates(&mut self, gates: Gates) {
        self.hash ^= zobrist::gates_key(self.gates) ^ zobrist::gates_key(gates);
        self.gates = gates;
    }

    /// How many pieces of `kind` `color` has in hand.
    #[inline]
    pub fn hand_count(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind.index()]
    }

    /// The kinds `color` has in hand.
    #[inline]
    pub fn hand_kinds(&self, color: Color) -> KindSet {
        self.hand_kinds[color.index()]
    }

    /// The Zobrist hash of the pieces, hands, castling rights and the side to move (not of the
    /// en-passant square: see [`Position::transposition_key`]).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key that identifies the position for repetitions: [`Position::hash`] and the
    /// en-passant square when a capture there is legal (as python-chess counts repetitions).
    pub fn transposition_key(&self) -> u64 {
        self.legal_en_passant().map_or(self.hash, |square| {
            self.hash ^ zobrist::en_passant_key(square)
        })
    }

    /// Sets the side to move.
    fn set_turn(&mut self, color: Color) {
        self.hash ^= zobrist::turn_key(self.turn) ^ zobrist::turn_key(color);
        self.turn = color;
    }

    /// Puts `piece` on the empty `square`, leaving the hash and the changes noted alone.
    #[inline]
    fn put(&mut self, piece: Piece, square: Square) {
        self.board[square.index()] = piece.code();
        self.occupied[piece.color.index()].insert(square);
        self.counts[piece.code() as usize] += 1;
        self.kinds[piece.color.index()] |= piece.kind.bit();
    }

    /// Takes `piece` off `square`, leaving the hash and the changes noted alone.
    #[inline]
    pub(crate) fn remove(&mut self, piece: Piece, square: Square) {
        self.board[square.index()] = 0;
        self.occupied[piece.color.index()].remove(square);
        self.counts[piece.code() as usize] -= 1;
        if self.counts[piece.code() as usize] == 0 {
            self.kinds[piece.color.index()] &= !piece.kind.bit();
        }
    }

    /// Puts `piece` on the empty `square`, keeping the hash in step and noting the change.
    #[inline]
    pub(crate) fn place(&mut self, piece: Piece, square: Square) {
        self.changes.note(piece, square, true);
        self.put(piece, square);
        self.hash ^= zobrist::piece_key(piece, square);
    }

    /// Takes `piece` off `square`, keeping the hash in step and noting the change.
    #[inline]
    fn lift(&mut self, piece: Piece, square: Square) {
        self.changes.note(piece, square, false);
        self.remove(piece, square);
        self.hash ^= zobrist::piece_key(piece, square);
    }

    /// Adds a `kind` to `color`'s hand, keeping the hash in step.
    #[inline]
    pub(crate) fn add_to_hand(&mut self, color: Color, kind: Kind) {
        let count = &mut self.hands[color.index()][kind.index()];
        *count += 1;
        self.hash ^= zobrist::hand_key(color, kind, *count);
        self.hand_kinds[color.index()] |= kind.bit();
    }

    /// Takes a `kind` from `color`'s hand, keeping the hash in step.
    #[inline]
    pub(crate) fn take_from_hand(&mut self, color: Color, kind: Kind) {
        let count = &mut self.hands[color.index()][kind.index()];
        self.hash ^= zobrist::hand_key(color, kind, *count);
        *count -= 1;
        if *count == 0 {
            self.hand_kinds[color.index()] &= !kind.bit();
        }
    }

    /// The kinds `color` has on the board, as a set of [`Kind::bit`]s.
    #[inline]
    pub fn kinds_present(&self, color: Color) -> KindSet {
        self.kinds[color.index()]
    }

    /// How many `piece`s stand on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> u8 {
        self.counts[piece.code() as usize]
    }

    /// Where the piece captured by `mv` stands (beside the destination, en passant).
    #[inline]
    fn capture_square(mv: Move) -> Square {
        match mv.kind {
            MoveKind::EnPassant => {
                Square::new(mv.to.file(), mv.from.rank()).expect("beside the destination")
            }
            _ => mv.to,
        }
    }

    /// Plays `mv`, which must be pseudo-legal (generated for this position), and returns what
    /// [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let us = self.turn;
        let variant = self.variant;
        let moved = match mv.kind {
            MoveKind::Drop(kind) => Piece { kind, color: us },
            MoveKind::Gate(_) | MoveKind::CastleGateKing(_) | MoveKind::CastleGateRook(_) => {
                return self.make_gating(mv);
            }
            _ => self
                .piece_at(mv.from)
                .expect("a move starts on a piece of the side to move"),
        };
        let captured_at = Position::capture_square(mv);
        let captured = match mv.kind {
            MoveKind::Drop(_) | MoveKind::Swap | MoveKind::Castle(_) | MoveKind::Pass => None,
            // A promotion in place: the piece stays on its square, and captures nothing.
            MoveKind::Promotion(_) if mv.from == mv.to => None,
            _ => self.piece_at(captured_at),
        };
        let undo = Undo {
            captured,
            moved,
            castling: self.castling,
            gates: self.gates,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            passes: self.passes,
            counters: self.counters,
            hash: self.hash,
            castle_rook: None,
        };
        if let Some(captured) = captured {
            self.lift(captured, captured_at);
            if captured.kind == variant.royal() {
                self.kings[captured.color.index()] = None;
            }
            if variant.spec().hands {
                if let Some(kind) = variant.rule_of(captured.kind).to_hand {
                    self.add_to_hand(us, kind);
                }
            }
        }
        match mv.kind {
            MoveKind::Drop(kind) => {
                self.take_from_hand(us, variant.drops().from_hand(kind));
                self.place(moved, mv.to);
            }
            MoveKind::Swap => {
                let friend = self.piece_at(mv.to).expect("a swap's friend");
                self.lift(moved, mv.from);
                self.lift(friend, mv.to);
                self.place(friend, mv.from);
                self.place(moved, mv.to);
            }
            MoveKind::Castle(rook_from) => {
                let rook = self.piece_at(rook_from).expect("the castling Rook");
                let rook_to = self.castling_rook_target(mv, rook_from);
                self.lift(moved, mv.from);
                self.lift(rook, rook_from);
                self.place(rook, rook_to);
                self.place(moved, mv.to);
            }
            MoveKind::Pass => {}
            _ => {
                self.lift(moved, mv.from);
                let kind = mv.promotion().unwrap_or(moved.kind);
                self.place(Piece { kind, color: us }, mv.to);
            }
        }
        if moved.kind == variant.royal() {
            self.kings[us.index()] = Some(mv.to);
        }
        let pawn = variant.pawns() & moved.kind.bit() != 0;
        let zeroing = variant.clock_resetters() & moved.kind.bit() != 0
            || (variant.spec().promotions_reset_clock && mv.promotion().is_some());
        if captured.is_some() || zeroing || mv.drop().is_some() {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if !self.castling.is_empty() && mv.kind != MoveKind::Pass {
            self.update_castling_rights(mv, captured_at);
        }
        if !self.gates.is_empty() {
            self.close_gates(mv);
        }
        self.passes = match mv.kind {
            MoveKind::Pass => self.passes.saturating_add(1),
            _ => 0,
        };
        self.en_passant = None;
        if pawn && variant.spec().en_passant {
            self.en_passant = double_step_passed(mv)
                .filter(|&square| variant.en_passant_squares(us.opponent()).contains(square));
        }
        self.set_turn(us.opponent());
        if variant.keeps_counters() {
            self.update_counters(mv, captured);
        }
        undo
    }

    /// Takes back `mv`, which was played by [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        if mv.gating().is_some() {
            return self.unmake_gating(mv, undo);
        }
        let us = undo.moved.color;
        let arrived = self
            .piece_at(mv.to)
            .expect("the moved piece stands on its destination");
        match mv.kind {
            MoveKind::Drop(kind) => {
                self.remove(arrived, mv.to);
                let kind = self.variant.drops().from_hand(kind);
                let count = &mut self.hands[us.index()][kind.index()];
                *count += 1;
                self.hand_kinds[us.index()] |= kind.bit();
            }
            MoveKind::Swap => {
                let friend = self.piece_at(mv.from).expect("the swapped friend");
                self.remove(friend, mv.from);
                self.remove(arrived, mv.to);
                self.put(friend, mv.to);
                self.put(undo.moved, mv.from);
            }
            MoveKind::Castle(rook_from) => {
                let rook_to = self.castling_rook_target(mv, rook_from);
                let rook = self.piece_at(rook_to).expect("the castled Rook");
                self.remove(arrived, mv.to);
                self.remove(rook, rook_to);
                self.put(rook, rook_from);
                self.put(undo.moved, mv.from);
            }
            MoveKind::Pass => {}
            _ => {
                self.remove(arrived, mv.to);
                self.put(undo.moved, mv.from);
            }
        }
        if let Some(captured) = undo.captured {
            let at = Position::capture_square(mv);
            self.put(captured, at);
            if captured.kind == self.variant.royal() {
                self.kings[captured.color.index()] = Some(at);
            }
            if self.variant.spec().hands {
                if let Some(kind) = self.variant.rule_of(captured.kind).to_hand {
                    let count = &mut self.hands[us.index()][kind.index()];
                    *count -= 1;
                    if *count == 0 {
                        self.hand_kinds[us.index()] &= !kind.bit();
                    }
                }
            }
        }
        if undo.moved.kind == self.variant.royal() {
            // A King dropped goes back to the hand: its side has none on the board again.
            self.kings[us.index()] = match mv.kind {
                MoveKind::Drop(_) => None,
                _ => Some(mv.from),
            };
        }
        self.turn = us;
        self.castling = undo.castling;
        self.gates = undo.gates;
        self.en_passant = undo.en_passant;
        self.fullmove_number = undo.fullmove_number;
        self.halfmove_clock = undo.halfmove_clock;
        self.passes = undo.passes;
        self.counters = undo.counters;
        self.hash = undo.hash;
    }

    /// Passes the turn without moving (the search's null move) and returns what
    /// [`Position::unmake_null`] needs. The halfmove clock restarts, so that no repetition is
    /// seen across the pass.
    pub fn make_null(&mut self) -> NullUndo {
        let undo = NullUndo {
            en_passant: self.en_passant.take(),
            halfmove_clock: std::mem::take(&mut self.halfmove_clock),
            passes: std::mem::take(&mut self.passes),
        };
        self.set_turn(self.turn.opponent());
        undo
    }

    /// Takes back the pass that [`Position::make_null`] made.
    pub fn unmake_null(&mut self, undo: NullUndo) {
        self.set_turn(self.turn.opponent());
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.passes = undo.passes;
    }

    /// Forgets the board changes noted so far: [`Position::changes`] lists those after this.
    #[inline]
    pub fn clear_changes(&mut self) {
        self.changes.clear();
    }

    /// The pieces moves have put on and taken off the board since [`Position::clear_changes`]
    /// (takebacks and scratch changes, which keep the hash as it was, are not noted).
    #[inline]
    pub fn changes(&self) -> &BoardChanges {
        &self.changes
    }

    /// Takes whatever stands on `square` off the board, leaving the hash, hands and Kings alone:
    /// a scratch change for exchange evaluation, undone by [`Position::restore_scratch`].
    pub(crate) fn lift_scratch(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.remove(piece, square);
        Some(piece)
    }

    /// Puts back a piece that [`Position::lift_scratch`] took off the (still empty) `square`.
    pub(crate) fn restore_scratch(&mut self, piece: Piece, square: Square) {
        self.put(piece, square);
    }

    /// Where the Rook of castling move `mv` with the Rook on `rook_from` lands.
    pub(crate) fn castling_rook_target(&self, mv: Move, rook_from: Square) -> Square {
        let castling = self
            .variant
            .castling()
            .expect("castling moves need castling rules");
        let right = rook_from.file() > mv.from.file();
        let wing = castling
            .wings
            .iter()
            .find(|wing| (wing.rook_to > mv.from.file()) == right)
            .expect("a wing on the Rook's side");
        Square::new(wing.rook_to, mv.from.rank()).expect("on the board")
    }

    /// Drops the castling rights that `mv` (captured piece on `captured_at`) ended: a side's
    /// both when its King is out of its region, a wing's when no Rook of it is in its region.
    fn update_castling_rights(&mut self, mv: Move, captured_at: Square) {
        let castling = self.variant.castling().expect("rights need castling rules");
        let touched = |color: Color| {
            let watched = &castling.watched[color.index()];
            watched.contains(mv.from) || watched.contains(mv.to) || watched.contains(captured_at)
        };
        let mut rights = self.castling;
        for color in Color::ALL {
            if !touched(color) && !matches!(mv.kind, MoveKind::Castle(_)) {
                continue;
            }
            let king_home = self
                .king(color)
                .is_some_and(|king| castling.king_region[color.index()].contains(king));
            for (index, wing) in castling.wings.iter().enumerate() {
                let rook = Piece {
                    kind: wing.rook,
                    color,
                }
                .code();
                let rook_home = wing.rook_region[color.index()]
                    .iter()
                    .any(|square| self.board[square.index()] == rook);
                if !(king_home && rook_home) {
                    rights.0 &= !CastlingRights::bit(color, index);
                }
            }
        }
        if rights != self.castling {
            self.hash ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(rights);
            self.castling = rights;
        }
    }

    /// The en-passant square if a Pawn of the side to move can legally capture there, as
    /// python-chess writes FEN: only then does it matter, for play and for repetitions alike.
    pub fn legal_en_passant(&self) -> Option<Square> {
        let square = self.en_passant?;
        let us = self.turn;
        let pawns = self.variant.pawns();
        let capturers = self.attackers(us, square);
        let mut trial = None;
        capturers
            .iter()
            .filter(|&from| {
                self.piece_at(from)
                    .is_some_and(|p| pawns & p.kind.bit() != 0)
            })
            .any(|from| {
                let trial = trial.get_or_insert_with(|| self.clone());
                let capture = Move {
                    from,
                    to: square,
                    kind: MoveKind::EnPassant,
                };
                !trial.leaves_king_exposed(capture)
            })
            .then_some(square)
    }

    /// The square a Pawn has just passed over with a two-square move, capturable or not.
    #[inline]
    pub fn en_passant_candidate(&self) -> Option<Square> {
        self.en_passant
    }

    /// Whether a piece of `attacker` could capture on `square` by its move pattern.
    #[inline]
    pub fn is_attacked_by(&self, attacker: Color, square: Square) -> bool {
        let present = self.kinds_present(attacker);
        let tables = self.variant.tables();
        let hits = |check: &AttackCheck| self.check_hits(attacker, check.square, check.kinds);
        tables.find_attack(attacker, square, present, |s| self.is_empty(s), hits)
            || (present & tables.hopper_kinds() != 0
                && tables.find_hop_attack(
                    attacker,
                    square,
                    present,
                    |s| self.is_empty(s),
                    |s, kinds| self.holds_kind(s, kinds),
                    hits,
                ))
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
            |s, kinds| self.holds_kind(s, kinds),
            &mut collect,
        );
        found
    }

    /// Whether a piece of either colour whose kind is in `kinds` stands on `square`.
    #[inline]
    pub(crate) fn holds_kind(&self, square: Square, kinds: KindSet) -> bool {
        let code = self.code_at(square);
        code != 0 && kinds >> code_kind(code) & 1 != 0
    }

    /// Whether a piece of `color` whose kind is in `kinds` stands on `square`.
    #[inline]
    pub(crate) fn check_hits(&self, color: Color, square: Square, kinds: KindSet) -> bool {
        let code = self.code_at(square);
        code != 0 && code_color(code) == color && kinds >> code_kind(code) & 1 != 0
    }

    /// Whether `color`'s King is attacked.
    #[inline]
    pub fn king_attacked(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|king| self.is_attacked_by(color.opponent(), king))
    }

    /// Whether the side to move's King is attacked.
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// The squares strictly between the two Kings when they stand on a line the variant
    /// forbids them to share (a file, or a file or diagonal), nearest White's King first.
    fn between_facing_kings(&self) -> Option<impl Iterator<Item = Square>> {
        let facing = self.variant.spec().facing;
        if matches!(facing, Facing::Allowed | Facing::Bikjang) {
            return None;
        }
        let (white, black) = (self.kings[0]?, self.kings[1]?);
        let dx = i16::from(black.file()) - i16::from(white.file());
        let dy = i16::from(black.rank()) - i16::from(white.rank());
        let on_line = dx == 0 || (facing == Facing::FilesAndDiagonals && dx.abs() == dy.abs());
        if !on_line || dy == 0 {
            return None;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        Some((1..dy.abs()).filter_map(move |step| {
            let file = i16::from(white.file()) + sx * step;
            let rank = i16::from(white.rank()) + sy * step;
            Square::new(file as u8, rank as u8)
        }))
    }

    /// Whether the two Kings stand on a line the variant forbids them to share (a file, or a
    /// file or diagonal) with nothing between them.
    pub fn kings_facing(&self) -> bool {
        self.between_facing_kings()
            .is_some_and(|mut between| between.all(|s| self.is_empty(s)))
    }

    /// The one piece between the Kings on a line they may not share, if exactly one stands
    /// there: moving it away would make them face.
    pub(crate) fn facing_blocker(&self) -> Option<Square> {
        let mut occupied = self.between_facing_kings()?.filter(|&s| !self.is_empty(s));
        let blocker = occupied.next()?;
        occupied.next().is_none().then_some(blocker)
    }

    /// How many passes in a row have just been played.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether the two Kings stand on one file or rank with nothing between them, where the
    /// variant lets them come to face each other (bikjang): the side to move must then break
    /// the line or pass.
    pub fn in_bikjang(&self) -> bool {
        if self.variant.spec().facing != Facing::Bikjang {
            return false;
        }
        let (Some(white), Some(black)) = (self.kings[0], self.kings[1]) else {
            return false;
        };
        let (dx, dy) = (
            i16::from(black.file()) - i16::from(white.file()),
            i16::from(black.rank()) - i16::from(white.rank()),
        );
        if dx != 0 && dy != 0 {
            return false;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        (1..dx.abs().max(dy.abs())).all(|step| {
            let file = i16::from(white.file()) + sx * step;
            let rank = i16::from(white.rank()) + sy * step;
            Square::new(file as u8, rank as u8).is_some_and(|s| self.is_empty(s))
        })
    }

    /// Whether `color`'s King is attacked or the Kings face each other.
    #[inline]
    pub(crate) fn king_exposed(&self, color: Color) -> bool {
        self.king_attacked(color) || self.kings_facing()
    }

    /// Tests whether a pseudo-legal `mv` of the side to move would leave its King attacked or
    /// the Kings facing. The position is restored before returning.
    #[inline]
    pub(crate) fn leaves_king_exposed(&mut self, mv: Move) -> bool {
        let us = self.turn;
        if !matches!(mv.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
            return self.exposed_after(mv);
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

    /// Whether the pseudo-legal `mv` (not a plain move or promotion) of the side to move would
    /// leave its King attacked or the Kings facing, found by playing it. Out of line, so that
    /// the plain moves' test stays small.
    #[inline(never)]
    fn exposed_after(&mut self, mv: Move) -> bool {
        let us = self.turn;
        let mv = match mv.kind {
            // As Fairy-Stockfish judges it, the piece brought in shields nothing.
            MoveKind::Gate(_) => Move::new(mv.from, mv.to),
            _ => mv,
        };
        let undo = self.make(mv);
        let exposed = self.king_exposed(us);
        self.unmake(mv, undo);
        exposed
    }

    /// Whether `color`'s King, moved to `square` (everything else as it is), would be attacked
    /// or facing the other King: the test of each square a castling King crosses.
    pub(crate) fn king_exposed_on(&mut self, color: Color, from: Square, square: Square) -> bool {
        let king = self.board[from.index()];
        let there = self.board[square.index()];
        self.board[from.index()] = 0;
        self.board[square.index()] = king;
        let saved = self.kings;
        self.kings[color.index()] = Some(square);
        let exposed = self.king_exposed(color);
        self.kings = saved;
        self.board[square.index()] = there;
        self.board[from.index()] = king;
        exposed
    }
}

/// The square a straight two-square move `mv` passed over, if it is one.
fn double_step_passed(mv: Move) -> Option<Square> {
    if mv.from.file() != mv.to.file() || mv.from.rank().abs_diff(mv.to.rank()) != 2 {
        return None;
    }
    Square::new(mv.from.file(), mv.from.rank().min(mv.to.rank()) + 1)
}
