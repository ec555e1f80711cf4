//! Move generation: walking the precomputed paths, then keeping the moves that leave the King
//! safe (not attacked, not facing the other King).

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::tables::AttackScan;

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
        let promotion = variant.promotion(piece.kind);
        for path in tables.paths(us, piece.kind.number(), from) {
            let mode = path.mode();
            for (index, &to) in tables.squares(path).iter().enumerate() {
                let target = self.code_at(to);
                let reachable = if target == 0 {
                    mode.moves()
                } else {
                    mode.captures() && (target >> 5) as usize != us.index()
                };
                if index >= path.pass() && reachable {
                    if visit(Move::new(from, to)) {
                        return true;
                    }
                    if path.promotes_at(index)
                        && visit(Move {
                            from,
                            to,
                            promotion,
                        })
                    {
                        return true;
                    }
                }
                if target != 0 {
                    break;
                }
            }
        }
        false
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
        let scan = self.scan_king(us, king);
        if scan.attacked || self.kings_facing() {
            moves.retain(|&mv| !self.leaves_king_exposed(mv));
            return;
        }
        let facing_rule = self.variant().spec().facing_kings;
        moves.retain(|&mv| {
            let may_expose = mv.from == king
                || scan.sole_blockers.contains(mv.from)
                || (facing_rule && mv.from.file() == king.file());
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
        moves.retain(|&mv| {
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
        let variant = Variant::meiriqi();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200 {
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
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Prefer captures and promotions so that the board opens up and promoted pieces appear.
                let lively: Vec<Move> = fast
                    .iter()
                    .copied()
                    .filter(|mv| mv.promotion.is_some() || !position.is_empty(mv.to))
                    .collect();
                let pool = if !lively.is_empty() && state % 3 != 0 {
                    &lively
                } else {
                    &fast
                };
                let mv = pool[(state % pool.len() as u64) as usize];
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
