//! Extinction: a side reduced to too few pieces loses, as Fairy-Stockfish rules it (Shatranj's
//! and Courier's bare King). The rule is data of the variant ([`Extinction`]); the position's
//! side of it is [`crate::ends`].

use crate::piece::Color;

/// A side left with at most `at_most` pieces (its King included, and pieces in hand) loses
/// while the other has at least `opponent_at_least`. With `reply`, a side the other has just
/// reduced so gets one more move (to reduce the other in turn): against it, the other needs one
/// piece more to win at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Extinction {
    /// The most pieces a side may be left with and lose.
    pub at_most: u8,
    /// The fewest pieces the other side needs to win so.
    pub opponent_at_least: u8,
    /// Whether the side to move, just reduced, gets one more move.
    #[serde(default)]
    pub reply: bool,
}

impl Extinction {
    /// The side that has lost by this rule, given how many pieces each side has (indexed by
    /// colour) and whose turn it is: the side that has just moved first, as Fairy-Stockfish
    /// looks.
    pub fn loser(&self, counts: [u32; 2], turn: Color) -> Option<Color> {
        [turn.opponent(), turn].into_iter().find(|&side| {
            let needed = u32::from(self.opponent_at_least) + u32::from(self.reply && side == turn);
            counts[side.index()] <= u32::from(self.at_most)
                && counts[side.opponent().index()] >= needed
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_king_loses_after_its_reply() {
        let bare_king = Extinction {
            at_most: 1,
            opponent_at_least: 2,
            reply: true,
        };
        let (white, black) = (Color::White, Color::Black);
        // White has just bared Black's King and kept a piece: Black may still reply.
        assert_eq!(bare_king.loser([2, 1], black), None);
        // Against two pieces, it may not.
        assert_eq!(bare_king.loser([3, 1], black), Some(black));
        // Black has moved and is still bare: it has lost.
        assert_eq!(bare_king.loser([2, 1], white), Some(black));
        // Bare Kings: nobody has lost.
        assert_eq!(bare_king.loser([1, 1], white), None);
        let without_reply = Extinction {
            reply: false,
            ..bare_king
        };
        assert_eq!(without_reply.loser([2, 1], black), Some(black));
    }
}
