//! Rule switches for conventions that differ between programs rather than between games: how
//! FEN writes the en-passant square, and which draws a player may claim when a variant has no
//! chess draws. The built-in games named after Fairy-Stockfish's follow its conventions.

/// When FEN writes the square a Pawn has just passed over with a two-square move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnPassantFen {
    /// Only when a Pawn of the side to move can legally capture there (python-chess).
    #[default]
    Legal,
    /// Whenever a Pawn of the side to move attacks the square, legal or not (Fairy-Stockfish):
    /// a pinned Pawn counts, as does one whose capture would leave its King in check.
    Attacked,
}

/// The draws a player may claim in a variant without the chess draws, as Fairy-Stockfish offers
/// them: only in the position where the rule holds, never "after my next move".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawClaims {
    /// A draw may be claimed once this many moves by each side (twice as many plies, counted by
    /// the halfmove clock) have passed without a capture or a move that resets the clock; 0: no
    /// such rule.
    pub move_rule: u16,
    /// A draw may be claimed when the same position occurs for this many times; 0: no such rule.
    pub repetition_rule: u8,
}

impl DrawClaims {
    /// Whether a position whose halfmove clock reads `halfmove_clock`, and which has occurred
    /// `repetitions` times, may be claimed a draw under these rules: by which rule, the move
    /// rule first.
    pub fn claim(&self, halfmove_clock: u32, repetitions: usize) -> Option<DrawClaim> {
        if self.move_rule > 0 && halfmove_clock >= 2 * u32::from(self.move_rule) {
            Some(DrawClaim::MoveRule)
        } else if self.repetition_rule > 0 && repetitions >= usize::from(self.repetition_rule) {
            Some(DrawClaim::Repetition)
        } else {
            None
        }
    }
}

/// Which of [`DrawClaims`]' rules allows a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    /// The move rule: no capture or clock-resetting move for long enough.
    MoveRule,
    /// The same position repeated often enough.
    Repetition,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_hold_from_their_count_on() {
        let claims = DrawClaims {
            move_rule: 70,
            repetition_rule: 3,
        };
        assert_eq!(claims.claim(139, 2), None);
        assert_eq!(claims.claim(140, 1), Some(DrawClaim::MoveRule));
        assert_eq!(claims.claim(0, 3), Some(DrawClaim::Repetition));
        assert_eq!(claims.claim(200, 5), Some(DrawClaim::MoveRule));
        assert_eq!(DrawClaims::default().claim(1_000, 10), None);
    }
}
