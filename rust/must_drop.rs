//! Forced drops, a setup phase such as Sittuyin's: in a variant with `must-drop`, a side with
//! pieces in hand must drop one while some drop is legal; its other moves wait until then. A side
//! whose King is still in hand has no check rules, but may not drop its King into check. Only
//! such variants call these functions.

use crate::moves::Move;
use crate::position::Position;

impl Position<'_> {
    /// Keeps only the drops of `moves` when the side to move has a legal drop, in a variant where
    /// a side must drop while it can (the caller checks both that and a non-empty hand). Out of
    /// line: only such variants call it.
    #[cold]
    #[inline(never)]
    pub(crate) fn retain_forced_drops(&mut self, moves: &mut Vec<Move>) {
        if moves.iter().all(|mv| mv.drop().is_some()) {
            return;
        }
        if self.has_legal_drop() {
            moves.retain(|mv| mv.drop().is_some());
        }
    }

    /// Keeps the moves of `moves` that are not drops of the King onto an attacked square (for a
    /// side whose King is still in hand).
    #[cold]
    #[inline(never)]
    pub(crate) fn retain_safe_king_drops(&mut self, moves: &mut Vec<Move>) {
        let royal = self.variant().royal();
        moves.retain(|&mv| mv.drop() != Some(royal) || !self.leaves_king_exposed(mv));
    }

    /// Whether the side to move has a legal drop.
    fn has_legal_drop(&mut self) -> bool {
        let mut drops = Vec::new();
        self.for_each_drop(|mv| {
            drops.push(mv);
            false
        });
        self.retain_legal(&mut drops);
        !drops.is_empty()
    }
}
