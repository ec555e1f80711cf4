//! The ends of a game by a variant's own rule, besides checkmate and stalemate: where one holds,
//! the side to move has no legal move, as in Fairy-Stockfish.

use crate::piece::{Color, Piece};
use crate::position::Position;

/// How a game ended by passing: two passes in a row, or a pass while the Kings face each other
/// (bikjang).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassingEnd {
    /// Both sides have just passed.
    DoublePass,
    /// The side to move passed with the Kings facing each other.
    Bikjang,
}

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

    /// The end by passing, if the last move was a pass that ended the game (two passes in a row,
    /// or a pass while the Kings face each other), as Fairy-Stockfish rules it.
    pub fn passing_end(&self) -> Option<PassingEnd> {
        match self.passes() {
            0 => None,
            1 if self.in_bikjang() => Some(PassingEnd::Bikjang),
            1 => None,
            _ => Some(PassingEnd::DoublePass),
        }
    }

    /// The winner by the variant's material count (`None`: a draw, or no count): the points of
    /// White's pieces on the board less Black's, against Black's komi.
    pub fn material_count_winner(&self) -> Option<Color> {
        let variant = self.variant();
        let count = variant.spec().material_count.as_ref()?;
        let lead: i32 = count
            .values
            .iter()
            .filter_map(|(symbol, &points)| Some((variant.kind_by_symbol(symbol)?, points)))
            .map(|(kind, points)| {
                let of = |color| i32::from(self.count(Piece { kind, color }));
                points * (of(Color::White) - of(Color::Black))
            })
            .sum();
        count.winner(lead)
    }
}
