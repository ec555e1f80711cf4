//! Mates by a drop that the dropper loses: a kind with `drop-mate = "loses"` may be dropped to
//! give checkmate, as Fairy-Stockfish lists such drops, and the side it mates then wins. Only a
//! game that knows its last move can tell; a position read from FEN scores an ordinary mate.

use crate::moves::Move;
use crate::position::Position;
use crate::variant::DropMate;

impl Position<'_> {
    /// Whether `last`, the move that led here, mated by a drop that the dropper loses: it
    /// dropped a kind whose mate loses, and every piece giving check is of such a kind. Asked of
    /// a position where the side to move is checkmated.
    pub fn mated_by_losing_drop(&self, last: Move) -> bool {
        let variant = self.variant();
        let loses = |kind| variant.rule_of(kind).spec.drop_mate == DropMate::Loses;
        if !last.drop().is_some_and(loses) {
            return false;
        }
        let Some(king) = self.king(self.turn()) else {
            return false;
        };
        let checkers = self.attackers(self.turn().opponent(), king);
        !checkers.is_empty()
            && checkers
                .iter()
                .all(|square| self.piece_at(square).is_some_and(|piece| loses(piece.kind)))
    }
}
