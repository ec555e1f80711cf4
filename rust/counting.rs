//! The counters a move updates ([`Counters`]), as Fairy-Stockfish updates them: under a check
//! limit, the checks the mover may still give; under a counting rule
//! ([`crate::end_rules::Counting`]), the count of an ending's plies, started or restarted when a
//! side comes to count.

use crate::counters::Counters;
use crate::end_rules::{Counting, CountingStyle};
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

impl Position<'_> {
    /// Updates the counters after `mv`, which captured `captured`: the mover has used up one of
    /// its checks if `mv` gives check, and the count runs on, starts or restarts.
    pub(crate) fn update_counters(&mut self, mv: Move, captured: Option<Piece>) {
        let mut counters = self.counters();
        let mover = self.turn().opponent();
        if self.variant().spec().end_rules.check_limit > 0 && self.king_attacked(self.turn()) {
            let left = &mut counters.checks_left[mover.index()];
            *left = left.saturating_sub(1);
        }
        if let Some(counting) = self.variant().counting() {
            self.update_count(counting, &mut counters, mv, captured);
        }
        self.set_counters(counters);
    }

    /// The count after `mv` (which captured `captured`): one more ply while it runs; started
    /// for the side to move if it comes to count, or restarted when a capture or a promotion
    /// has just left it a bare King; under Makruk's rule, started for the mover at once when it
    /// has taken the last Pawn with a bare King.
    fn update_count(
        &self,
        counting: &Counting,
        counters: &mut Counters,
        mv: Move,
        captured: Option<Piece>,
    ) {
        if counters.counting_limit > 0 {
            counters.counting_ply = counters.counting_ply.saturating_add(1);
        }
        let to_move = self.turn();
        let mover = to_move.opponent();
        let pieces = |color: Color| self.occupied_by(color).len() as u32;
        let all = pieces(Color::White) + pieces(Color::Black);
        let pawns = self.variant().pawns();
        let took_pawn = captured.is_some_and(|piece| pawns & piece.kind.bit() != 0);
        if counting.style == CountingStyle::Makruk && took_pawn && pieces(mover) == 1 {
            let limit = self.counting_limit(counting, mover);
            if limit > 0 {
                counters.counting_limit = 2 * limit;
                counters.counting_ply = (2 * all - 1) as u16;
            }
        }
        let bared = (captured.is_some() || mv.promotion().is_some()) && pieces(to_move) == 1;
        if counters.counting_limit == 0 || bared {
            let limit = self.counting_limit(counting, to_move);
            if limit > 0 {
                counters.counting_limit = 2 * limit;
                let from_pieces = counting.style == CountingStyle::Makruk && pieces(to_move) == 1;
                counters.counting_ply = if from_pieces { (2 * all) as u16 } else { 0 };
            }
        }
    }

    /// The limit, in moves, of a count by `side` now: none while a Pawn is on the board.
    fn counting_limit(&self, counting: &Counting, side: Color) -> u16 {
        let pawns = self.variant().pawns();
        let pawn_left = Color::ALL
            .into_iter()
            .any(|color| self.kinds_present(color) & pawns != 0);
        if pawn_left {
            return 0;
        }
        let other = side.opponent();
        let count = |color: Color| self.occupied_by(color).len() as u32;
        counting.limit(count(side), count(other), |kind| {
            self.count(Piece { kind, color: other })
        })
    }
}
