//! Gating (Seirawan chess, as Fairy-Stockfish plays it): a move from a gate (a square of the
//! mover's first rank whose piece has not moved yet) may bring a piece of the hand onto the
//! square it leaves; castling may bring one onto the King's square or onto the Rook's. A gate
//! closes when its piece moves or is captured, and all of a side's gates close once its hand is
//! empty. Generated, played and taken back out of line: only gating games reach this code.

use crate::gates::Gates;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Kind, KindSet, Piece};
use crate::position::{Position, Undo};

/// The kinds of `set`, lowest number first.
fn kinds_of(mut set: KindSet) -> impl Iterator<Item = Kind> {
    std::iter::from_fn(move || {
        let kind = Kind::new(set.trailing_zeros() as u8).filter(|_| set != 0)?;
        set &= set - 1;
        Some(kind)
    })
}

impl Position<'_> {
    /// The rank `color`'s gates stand on: its first.
    pub(crate) fn gate_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.variant().dimensions().ranks - 1,
        }
    }

    /// The gates of `gates` that stay open in this position: those of a side with pieces in
    /// hand, on its first rank, under one of its pieces (as Fairy-Stockfish reads FEN).
    pub(crate) fn kept_gates(&self, gates: Gates) -> Gates {
        let mut kept = Gates::NONE;
        for color in Color::ALL {
            if self.hand_kinds(color) == 0 {
                continue;
            }
            let rank = self.gate_rank(color);
            for file in 0..self.variant().dimensions().files {
                let own = Square::new(file, rank)
                    .and_then(|square| self.piece_at(square))
                    .is_some_and(|piece| piece.color == color);
                if gates.has(color, file) && own {
                    kept.0[color.index()] |= 1 << file;
                }
            }
        }
        kept
    }

    /// Adds to `out` every pseudo-legal gating move of the side to move: each plain move or
    /// capture from a gate, and each legal castling move whose King's or Rook's square is a
    /// gate that neither the King nor the Rook lands on, once with each kind in hand.
    #[cold]
    #[inline(never)]
    pub(crate) fn add_gating_moves(&mut self, out: &mut Vec<Move>) {
        let us = self.turn();
        let gates = self.gates().of(us);
        let hand = self.hand_kinds(us);
        if gates == 0 || hand == 0 {
            return;
        }
        let rank = self.gate_rank(us);
        for file in 0..self.variant().dimensions().files {
            let Some(gate) = Square::new(file, rank).filter(|_| gates >> file & 1 != 0) else {
                continue;
            };
            self.for_each_move_from(gate, |mv| {
                if mv.kind == MoveKind::Normal {
                    out.extend(kinds_of(hand).map(|kind| Move {
                        kind: MoveKind::Gate(kind),
                        ..mv
                    }));
                }
                false
            });
        }
        if self.castling_rights().is_empty() {
            return;
        }
        let mut castles = Vec::new();
        self.for_each_castle(|mv| {
            castles.push(mv);
            false
        });
        for castle in castles {
            let MoveKind::Castle(rook_from) = castle.kind else {
                continue;
            };
            let rook_to = self.castling_rook_target(castle, rook_from);
            let open = |square: Square| {
                gates >> square.file() & 1 != 0 && square != castle.to && square != rook_to
            };
            if open(castle.from) {
                out.extend(kinds_of(hand).map(|kind| Move {
                    kind: MoveKind::CastleGateKing(kind),
                    ..castle
                }));
            }
            if open(rook_from) {
                out.extend(kinds_of(hand).map(|kind| Move {
                    from: rook_from,
                    to: castle.from,
                    kind: MoveKind::CastleGateRook(kind),
                }));
            }
        }
    }

    /// The pseudo-legal gating moves from `from` to `to` (as coordinate notation writes them).
    pub(crate) fn gating_moves_like(&mut self, from: Square, to: Square) -> Vec<Move> {
        let mut moves = Vec::new();
        self.add_gating_moves(&mut moves);
        moves.retain(|mv| mv.from == from && mv.to == to);
        moves
    }

    /// The move the gating move `mv` makes besides bringing a piece in (a plain move, or
    /// castling), in this position (before `mv`).
    pub(crate) fn without_gating(&self, mv: Move) -> Move {
        let rook = match mv.kind {
            MoveKind::CastleGateKing(_) => self.castling_rook_square(mv),
            _ => mv.from,
        };
        self.ungated(mv, rook)
    }

    /// The legal gating moves from `from` to `to` (as coordinate notation writes them).
    pub(crate) fn legal_gating_moves_like(&mut self, from: Square, to: Square) -> Vec<Move> {
        let mut moves = self.gating_moves_like(from, to);
        self.retain_legal(&mut moves);
        moves
    }

    /// The move `mv` makes besides bringing a piece in (a plain move, or castling), given the
    /// square of the castling Rook when `mv` gates on the King's square.
    fn ungated(&self, mv: Move, king_gate_rook: Square) -> Move {
        match mv.kind {
            MoveKind::CastleGateKing(_) => Move {
                kind: MoveKind::Castle(king_gate_rook),
                ..mv
            },
            MoveKind::CastleGateRook(_) => Move {
                from: mv.to,
                to: self.castling_king_target(mv.to, mv.from),
                kind: MoveKind::Castle(mv.from),
            },
            _ => Move::new(mv.from, mv.to),
        }
    }

    /// Where the King on `king` lands castling with the Rook on `rook_from`.
    fn castling_king_target(&self, king: Square, rook_from: Square) -> Square {
        let castling = self.variant().castling().expect("castling rules");
        let right = rook_from.file() > king.file();
        let wing = castling
            .wings
            .iter()
            .find(|wing| (wing.rook_to > king.file()) == right)
            .expect("a wing on the Rook's side");
        Square::new(wing.king_to, king.rank()).expect("on the board")
    }

    /// The Rook's square for castling move `mv` (King's origin and destination): the first
    /// piece from the King towards its wing.
    fn castling_rook_square(&self, mv: Move) -> Square {
        let castling = self.variant().castling().expect("castling rules");
        let wing = castling
            .wings
            .iter()
            .find(|wing| wing.king_to == mv.to.file())
            .expect("the wing of the King's destination");
        let step: i16 = if wing.rook_to > mv.from.file() { 1 } else { -1 };
        (1..i16::from(self.variant().dimensions().files))
            .filter_map(|n| {
                let file = i16::from(mv.from.file()) + step * n;
                Square::new(u8::try_from(file).ok()?, mv.from.rank())
            })
            .find(|&square| !self.is_empty(square))
            .expect("the castling Rook")
    }

    /// Plays the gating move `mv`: the plain move or castling, then the piece from the hand on
    /// the square `mv` starts from (the gate), closing all the mover's gates if its hand is then
    /// empty.
    #[cold]
    #[inline(never)]
    pub(crate) fn make_gating(&mut self, mv: Move) -> Undo {
        let us = self.turn();
        let kind = mv.gating().expect("a gating move");
        let rook = match mv.kind {
            MoveKind::CastleGateKing(_) => Some(self.castling_rook_square(mv)),
            _ => None,
        };
        let plain = self.ungated(mv, rook.unwrap_or(mv.from));
        let mut undo = self.make(plain);
        undo.set_castle_rook(rook);
        self.place(Piece { kind, color: us }, mv.from);
        self.take_from_hand(us, kind);
        if self.hand_kinds(us) == 0 {
            let mut gates = self.gates();
            gates.0[us.index()] = 0;
            self.set_gates(gates);
        }
        undo
    }

    /// Takes back the gating move `mv`, played by [`Position::make_gating`] returning `undo`.
    #[cold]
    #[inline(never)]
    pub(crate) fn unmake_gating(&mut self, mv: Move, undo: Undo) {
        let us = self.turn().opponent();
        let kind = mv.gating().expect("a gating move");
        self.remove(Piece { kind, color: us }, mv.from);
        self.add_to_hand(us, kind);
        let plain = self.ungated(mv, undo.castle_rook().unwrap_or(mv.from));
        self.unmake(plain, undo);
    }

    /// Closes the gates that `mv` (not gating) closes: the mover's on the squares it leaves
    /// (the King's and the Rook's, castling), the opponent's where it captures.
    #[cold]
    #[inline(never)]
    pub(crate) fn close_gates(&mut self, mv: Move) {
        let us = self.turn();
        let them = us.opponent();
        let mut gates = self.gates();
        let mut close = |color: Color, square: Square, rank: u8| {
            if square.rank() == rank {
                gates.0[color.index()] &= !(1 << square.file());
            }
        };
        let (our_rank, their_rank) = (self.gate_rank(us), self.gate_rank(them));
        close(us, mv.from, our_rank);
        if let MoveKind::Castle(rook) = mv.kind {
            close(us, rook, our_rank);
        }
        close(them, mv.to, their_rank);
        if gates != self.gates() {
            self.set_gates(gates);
        }
    }
}
