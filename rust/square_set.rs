//! A set of squares stored as bits, one per square number.

use crate::geometry::{Square, SQUARE_SLOTS};
use std::ops::{BitAnd, BitOr};

const WORDS: usize = SQUARE_SLOTS / 64;

/// A set of squares: one bit per square number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// Whether `square` is in the set.
    #[inline]
    pub fn contains(&self, square: Square) -> bool {
        let i = square.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.insert_number(square.index() as u8);
    }

    /// Adds the square numbered `number` (below [`SQUARE_SLOTS`]).
    #[inline]
    pub fn insert_number(&mut self, number: u8) {
        let i = usize::from(number);
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        let i = square.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether the set has no square.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// Number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in squares {
            set.insert(square);
        }
        set
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

/// Every square number not in the set, off-board numbers too: meant to be intersected with a
/// set of squares on the board before it is counted.
impl std::ops::Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(self.0.map(|word| !word))
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest number first.
pub struct SquareSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Square::from_index(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let squares: Vec<Square> = ["a1", "l1", "d4", "l12"]
            .iter()
            .map(|n| Square::parse(n).unwrap())
            .collect();
        let mut set: SquareSet = squares.iter().copied().collect();
        assert_eq!(set.len(), 4);
        let mut sorted = squares.clone();
        sorted.sort();
        assert_eq!(set.iter().collect::<Vec<_>>(), sorted);
        set.remove(squares[2]);
        assert!(!set.contains(squares[2]));
        assert!(set.contains(squares[3]));
        assert_eq!((set & SquareSet::EMPTY), SquareSet::EMPTY);
        assert_eq!((set | SquareSet::EMPTY).len(), 3);
    }
}
