//! The ends of a game by a variant's own rule, besides checkmate and stalemate: where one holds,
//! the side to move has no legal move, as in Fairy-Stockfish.

use crate::piece::Color;
use crate::position::Position;

impl Position<'_> {
    /// The side that has lost by the variant's extinction rule (a bare King), if any.
    pub fn extinct_side(&self) -> Option<Color> {
        let extinction = self.variant().spec().extinction?;
        let count = |color: Color| {
            let in_hand: u32 = self
                .variant()
                .rules()
                .map(|rule| u32::from(self.hand_count(color, rule.kind)))
                .sum();
            self.occupied_by(color).len() as u32 + in_hand
        };
        extinction.loser([count(Color::White), count(Color::Black)], self.turn())
    }
}
