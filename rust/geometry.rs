//! Squares, offsets and board dimensions.
//!
//! A square is numbered `rank * 16 + file` whatever the board size, so that the same number means
//! the same square in every variant and a board of up to 12x12 fits in 192 slots. Files are
//! letters from `a` (White's left); ranks are numbers from `1` (White's side).

use std::fmt;

/// The most files and ranks a board may have.
pub const MAX_FILES: u8 = 12;
/// The most ranks a board may have.
pub const MAX_RANKS: u8 = 12;
/// Distance between the numbers of two vertically adjacent squares.
const STRIDE: u8 = 16;
/// Number of square numbers (valid or not) a board array must hold.
pub const SQUARE_SLOTS: usize = STRIDE as usize * MAX_RANKS as usize;

/// A square of the board, numbered `rank * 16 + file` (both from zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (both from zero), if within the largest board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * STRIDE + file))
        } else {
            None
        }
    }

    /// The square with number `index`, if it names a square of the largest board.
    pub fn from_index(index: usize) -> Option<Square> {
        let index = u8::try_from(index).ok()?;
        Square::new(index % STRIDE, index / STRIDE)
    }

    /// The file, from zero (`a` = 0).
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// The rank, from zero (rank `1` = 0).
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// The square's number, usable as an array index below [`SQUARE_SLOTS`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Parses a square name such as `c3` or `j10`.
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file_char = chars.next()?;
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        let valid_digits = !digits.is_empty()
            && digits.len() <= 2
            && !digits.starts_with('0')
            && digits.bytes().all(|b| b.is_ascii_digit());
        if !valid_digits {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(file_char as u8 - b'a', rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A displacement on the board, from White's point of view (`dy > 0` is forward for White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Offset {
    /// Files to the right.
    pub dx: i8,
    /// Ranks up.
    pub dy: i8,
}

impl Offset {
    /// The offset `(dx, dy)`.
    pub const fn new(dx: i8, dy: i8) -> Offset {
        Offset { dx, dy }
    }
}

/// The size of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dimensions {
    /// Number of files (columns).
    pub files: u8,
    /// Number of ranks (rows).
    pub ranks: u8,
}

impl Dimensions {
    /// Whether `square` lies on this board.
    pub const fn contains(self, square: Square) -> bool {
        square.file() < self.files && square.rank() < self.ranks
    }

    /// The square reached from `square` by `offset`, if it is on this board.
    pub fn step(self, square: Square, offset: Offset) -> Option<Square> {
        let file = square.file() as i16 + offset.dx as i16;
        let rank = square.rank() as i16 + offset.dy as i16;
        if (0..self.files as i16).contains(&file) && (0..self.ranks as i16).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// The square seen from the other side: same file, rank counted from the far edge.
    pub fn mirror(self, square: Square) -> Square {
        Square(((self.ranks - 1 - square.rank()) * STRIDE) + square.file())
    }

    /// Every square of the board, rank by rank from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks)
            .flat_map(move |rank| (0..self.files).map(move |file| Square(rank * STRIDE + file)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rank in 0..MAX_RANKS {
            for file in 0..MAX_FILES {
                let square = Square::new(file, rank).unwrap();
                assert_eq!(Square::parse(&square.to_string()), Some(square));
            }
        }
        assert_eq!(Square::parse("j10").unwrap().index(), 9 * 16 + 9);
    }

    #[test]
    fn malformed_names_are_rejected() {
        for name in [
            "", "a", "a0", "a01", "m1", "a13", "A1", "1a", "a1x", "a-1", "é1",
        ] {
            assert_eq!(Square::parse(name), None, "{name}");
        }
    }

    #[test]
    fn steps_stay_on_the_board() {
        let board = Dimensions {
            files: 10,
            ranks: 10,
        };
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(board.step(a1, Offset::new(-1, 0)), None);
        assert_eq!(board.step(a1, Offset::new(9, 9)), Square::parse("j10"));
        assert_eq!(board.step(a1, Offset::new(10, 0)), None);
        assert_eq!(board.mirror(a1), Square::parse("a10").unwrap());
        assert_eq!(board.squares().count(), 100);
    }
}
