//! Move generation: walking the precomputed paths, then keeping the moves that leave the King
//! safe (not attacked, not facing the other King).

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::square_set::SquareSet;
use crate::tables::AttackScan;
use crate::variant::{Promotes, PromotionChoice};

/// The kinds a piece may become when a move ends in its promotion zone, and whether it may also
/// stay as it is.
#[derive(Clone, Copy, Debug)]
struct PromotionKinds {
    kinds: u32,
    optional: bool,
}

impl PromotionKinds {
    /// The kinds, in numbering order.
    fn kinds_iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .iter()
            .copied()
            .filter(move |kind| self.kinds & kind.bit() != 0)
    }
}

impl Position {
    /// Replaces the contents of `out` with every pseudo-legal move of the side to move: moves
    /// that follow the pieces' patterns, whether or not they expose the King.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        for from in self.occupied_by(self.turn()).iter() {
            self.for_each_move_from(from, |mv| {
                out.push(mv);
                false
            });
        }
    }

    /// Offers `visit` each pseudo-legal move of the side to move's piece on `from`, stopping
    /// early when `visit` returns `true`; returns whether it did.
    #[inline]
    fn for_each_move_from(&self, from: Square, mut visit: impl FnMut(Move) -> bool) -> bool {
        let us = self.turn();
        let Some(piece) = Piece::from_code(self.code_at(from)).filter(|piece| piece.color == us)
        else {
            return false;
        };
        let variant = self.variant();
        let tables = variant.tables();
        let promotions = self.promotion_kinds(piece);
        let may_swap = piece.kind == Kind::King && variant.spec().king_swap;
        let en_passant = self.en_passant().filter(|_| piece.kind == Kind::Pawn);
        let mut emit = |to: Square, in_zone: bool| {
            if (!in_zone || promotions.optional) && visit(Move::new(from, to)) {
                return true;
            }
            in_zone
                && promotions.kinds_iter().any(|kind| {
                    visit(Move {
                        from,
                        to,
                        promotion: Some(kind),
                    })
                })
        };
        for path in tables.paths(us, piece.kind.number(), from) {
            let mode = path.mode();
            let squares = tables.squares(path);
            if mode.hops() {
                if let Some((index, to)) = self.hop_destination(squares) {
                    if emit(to, path.promotes_at(index)) {
                        return true;
                    }
                }
                continue;
            }
            for (index, &to) in squares.iter().enumerate() {
                let target = self.code_at(to);
                let reachable = if target == 0 {
                    mode.moves() || (mode.captures() && en_passant == Some(to))
                } else if (target >> 5) as usize != us.index() {
                    mode.captures()
                } else {
                    may_swap && mode.moves() && target & 31 != Kind::Pawn.number()
                };
                if index >= path.pass() && reachable && emit(to, path.promotes_at(index)) {
                    return true;
                }
                if target != 0 {
                    break;
                }
            }
        }
        false
    }

    /// Where a hopper walking `squares` captures: the first piece beyond the first piece (the
    /// screen), when it is an enemy; with its index in the path.
    fn hop_destination(&self, squares: &[Square]) -> Option<(usize, Square)> {
        let mut occupied = squares
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, s)| !self.is_empty(s));
        let (index, to) = occupied.nth(1)?;
        let enemy = self.piece_at(to)?.color != self.turn();
        enemy.then_some((index, to))
    }

    /// What `piece` may become when a move ends in its promotion zone.
    fn promotion_kinds(&self, piece: Piece) -> PromotionKinds {
        let variant = self.variant();
        match variant.promotes(piece.kind) {
            Promotes::Never => PromotionKinds {
                kinds: 0,
                optional: true,
            },
            Promotes::To(kind) => PromotionKinds {
                kinds: kind.bit(),
                optional: true,
            },
            Promotes::Choice => {
                let choice = variant.spec().promotion_choice;
                let kinds = variant
                    .rules()
                    .map(|rule| rule.kind)
                    .filter(|&kind| kind != Kind::King && kind != piece.kind)
                    .filter(|&kind| {
                        choice == PromotionChoice::AnyKind
                            || self.count(Piece {
                                kind,
                                color: piece.color,
                            }) < variant.start_count(piece.color, kind)
                    })
                    .fold(0, |kinds, kind| kinds | kind.bit());
                PromotionKinds {
                    kinds,
                    optional: choice == PromotionChoice::AnyKind,
                }
            }
        }
    }

    /// Replaces the contents of `out` with every legal move of the side to move. The position
    /// is borrowed mutably to try moves, and is left exactly as it was.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.pseudo_legal_moves(out);
        self.retain_legal(out);
    }

    /// Replaces the contents of `out` with every legal capture of the side to move.
    pub fn legal_captures(&mut self, out: &mut Vec<Move>) {
        self.pseudo_legal_moves(out);
        out.retain(|mv| !self.is_empty(mv.to));
        self.retain_legal(out);
    }

    /// Keeps the pseudo-legal `moves` that leave the King safe. Only moves that could expose
    /// the King are tried: all of them when it is attacked or facing already, else King moves,
    /// moves of pinned pieces and moves off the King's file (which could open a facing).
    fn retain_legal(&mut self, moves: &mut Vec<Move>) {
        let us = self.turn();
        let Some(king) = self.king(us) else { return };
        let enemy = us.opponent();
        let tables = self.variant().tables();
        let scan = self.scan_king(us, king);
        let hoppers = self.kinds_present(enemy) & tables.hopper_kinds();
        let hop_check = hoppers != 0 && self.is_attacked_by(enemy, king);
        if scan.attacked || hop_check || self.kings_facing() {
            // Swapping is no way out of check.
            moves.retain(|&mv| !self.is_swap(mv) && !self.leaves_king_exposed(mv));
            return;
        }
        let hop_lines = if hoppers != 0 {
            *tables.hop_lines(enemy, king)
        } else {
            SquareSet::EMPTY
        };
        let facing_rule = self.variant().spec().facing_kings;
        let en_passant = self.en_passant();
        moves.retain(|&mv| {
            let may_expose = mv.from == king
                || scan.sole_blockers.contains(mv.from)
                || (facing_rule && mv.from.file() == king.file())
                || hop_lines.contains(mv.from)
                || hop_lines.contains(mv.to)
                || en_passant == Some(mv.to);
            !(may_expose && self.leaves_king_exposed(mv))
        });
    }

    /// Whether `color`'s King on `king` is attacked, and else which of its pieces are pinned.
    fn scan_king(&self, color: Color, king: Square) -> AttackScan {
        let enemy = color.opponent();
        let own = self.occupied_by(color);
        self.variant().tables().scan(
            enemy,
            king,
            self.kinds_present(enemy),
            |square| self.is_empty(square),
            |square| own.contains(square),
            |check| self.check_hits(enemy, check.square, check.kinds),
        )
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&mut self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// Whether `mv` is legal: one of the moves [`Position::legal_moves`] generates. Only the
    /// moving piece's moves are generated, so this is cheap enough to check every move pushed.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        let dims = self.variant().dimensions();
        dims.contains(mv.from)
            && dims.contains(mv.to)
            && self.for_each_move_from(mv.from, |candidate| candidate == mv)
            && !(self.is_swap(mv) && self.is_check())
            && !self.leaves_king_exposed(mv)
    }
}

#[cfg(test)]
mod tests {
    use crate::fen;
    use crate::moves::Move;
    use crate::position::Position;
    use crate::variant::Variant;

    /// Legal moves by trying every pseudo-legal move: the slow, obvious way.
    fn legal_by_trying(position: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        position.pseudo_legal_moves(&mut moves);
        let in_check = position.is_check();
        moves.retain(|&mv| {
            if in_check && position.is_swap(mv) {
                return false;
            }
            let undo = position.make(mv);
            let mover = position.turn().opponent();
            let exposed = position.king_exposed(mover);
            position.unmake(mv, undo);
            !exposed
        });
        moves
    }

    #[test]
    fn shortcut_legality_agrees_with_trying_every_move() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for spec in Variant::all() {
            let variant = Variant::by_name(spec.name).unwrap();
            legality_agrees_in(variant, &mut state);
        }
    }

    fn legality_agrees_in(variant: &'static Variant, state: &mut u64) {
        for _ in 0..60 {
            let mut position = fen::parse(variant, variant.spec().start_fen).unwrap();
            for _ in 0..120 {
                let mut fast = Vec::new();
                position.legal_moves(&mut fast);
                let text = fen::write(&position);
                assert_eq!(fast, legal_by_trying(&mut position), "{text}");
                let reread =
                    fen::parse(variant, &text).expect("positions reached in play are valid");
                assert_eq!(reread.hash(), position.hash(), "incremental hash of {text}");
                if fast.is_empty() {
                    break;
                }
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                // Prefer captures and promotions so that the board opens up and promoted pieces appear.
                let lively: Vec<Move> = fast
                    .iter()
                    .copied()
                    .filter(|mv| mv.promotion.is_some() || !position.is_empty(mv.to))
                    .collect();
                let pool = if !lively.is_empty() && *state % 3 != 0 {
                    &lively
                } else {
                    &fast
                };
                let mv = pool[(*state % pool.len() as u64) as usize];
                let before = fen::write(&position);
                let hash = position.hash();
                let undo = position.make(mv);
                position.unmake(mv, undo);
                assert_eq!((fen::write(&position), position.hash()), (before, hash));
                position.make(mv);
            }
        }
    }
}
