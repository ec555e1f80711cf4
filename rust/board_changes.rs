//! The pieces put on and taken off the board since a point a caller marks: what an evaluation
//! kept in step with the moves (a network's hidden sums) needs to know of a move, whatever
//! the variant's rules made it do (captures, castling, promotions, drops, gating).

use crate::geometry::Square;
use crate::piece::Piece;

/// The most changes a log keeps; one more marks it as overflowed.
pub const CHANGES_KEPT: usize = 8;

/// A piece put on or taken off a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardChange {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
    /// Put on (`true`) or taken off (`false`).
    pub added: bool,
}

/// The changes since the last [`BoardChanges::clear`], in order, or the fact that there were
/// more than [`CHANGES_KEPT`] of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardChanges {
    /// Per change: the piece's code, the square's number times 256 and whether the piece was
    /// added times 65,536 (noted in one store, without a branch: every move noting its
    /// changes, the search's and perft's alike).
    entries: [u32; CHANGES_KEPT],
    /// How many changes were noted (up to 255): beyond [`CHANGES_KEPT`] the last entry was
    /// written over.
    len: u8,
}

impl BoardChanges {
    /// Forgets the changes so far.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Notes that `piece` was put on (`added`) or taken off `square`.
    #[inline]
    pub fn note(&mut self, piece: Piece, square: Square, added: bool) {
        let slot = usize::from(self.len).min(CHANGES_KEPT - 1);
        self.entries[slot] =
            u32::from(piece.code()) | (square.index() as u32) << 8 | u32::from(added) << 16;
        self.len = self.len.saturating_add(1);
    }

    /// The changes since the last clear, or `None` if there were too many to keep.
    pub fn list(&self) -> Option<impl Iterator<Item = BoardChange> + '_> {
        let kept = self.entries.get(..usize::from(self.len))?;
        Some(kept.iter().map(|&entry| BoardChange {
            piece: Piece::from_code(entry as u8).expect("a noted piece's code"),
            square: Square::from_index((entry >> 8) as u8 as usize).expect("a noted square"),
            added: entry >> 16 != 0,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{Color, Kind};

    fn piece(kind: u8) -> Piece {
        Piece {
            kind: Kind::new(kind).unwrap(),
            color: Color::Black,
        }
    }

    #[test]
    fn changes_are_listed_in_order_until_there_are_too_many() {
        let mut changes = BoardChanges::default();
        let square = |n| Square::new(n, 2).unwrap();
        changes.note(piece(1), square(0), false);
        changes.note(piece(2), square(1), true);
        let listed: Vec<BoardChange> = changes.list().unwrap().collect();
        assert_eq!(
            listed,
            [
                BoardChange {
                    piece: piece(1),
                    square: square(0),
                    added: false
                },
                BoardChange {
                    piece: piece(2),
                    square: square(1),
                    added: true
                }
            ]
        );
        for n in 0..CHANGES_KEPT as u8 {
            changes.note(piece(1), square(n), true);
        }
        assert!(changes.list().is_none());
        changes.clear();
        assert_eq!(changes.list().unwrap().count(), 0);
    }
}
