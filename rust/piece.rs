//! Colours, piece kinds and coloured pieces.

use std::fmt;

/// The side a piece belongs to. White moves first and "up" the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black, for indexing per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

macro_rules! kinds {
    ($($kind:ident = $value:literal, $letter:literal, $name:literal;)*) => {
        /// Every kind of piece any supported variant uses. A variant picks the ones it plays with
        /// and gives each its movement; the kind itself is only a name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Kind {
            $(#[doc = $name] $kind = $value,)*
        }

        impl Kind {
            /// Every kind, in numbering order.
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            /// The kind numbered `number` (see [`Kind::number`]).
            pub fn from_number(number: u8) -> Option<Kind> {
                match number {
                    $($value => Some(Kind::$kind),)*
                    _ => None,
                }
            }

            /// The usual uppercase letter of the kind (a variant may give it another).
            pub const fn default_letter(self) -> char {
                match self {
                    $(Kind::$kind => $letter,)*
                }
            }

            /// The English name, in lowercase.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$kind => $name,)*
                }
            }
        }
    };
}

kinds! {
    King = 1, 'K', "king";
    Mandarin = 2, 'M', "mandarin";
    Pegasus = 3, 'P', "pegasus";
    Gryphon = 4, 'Y', "gryphon";
    Eagle = 5, 'E', "eagle";
    Rhino = 6, 'H', "rhino";
    Wildebeest = 7, 'W', "wildebeest";
    Knight = 8, 'N', "knight";
    Gold = 9, 'G', "gold";
    Silver = 10, 'S', "silver";
    Lion = 11, 'L', "lion";
    Pawn = 12, 'I', "pawn";
    Janus = 13, 'J', "janus";
    Rook = 14, 'R', "rook";
    Ogyo = 15, 'O', "ogyo";
    Queen = 16, 'Q', "queen";
    Champion = 17, 'C', "champion";
    Bishop = 18, 'B', "bishop";
    Cannon = 19, 'P', "cannon";
    Vao = 20, 'V', "vao";
}

impl Kind {
    /// The first kind (in numbering order) whose usual uppercase letter is `letter`: Mĕirìqí's
    /// kinds come first, so `P` is the Pegasus; a variant's own letters are in its rules.
    pub fn from_default_letter(letter: char) -> Option<Kind> {
        Kind::ALL
            .iter()
            .copied()
            .find(|kind| kind.default_letter() == letter)
    }
}

/// Number of distinct kind numbers, for per-kind arrays (index by [`Kind::number`]).
pub const KIND_SLOTS: usize = 32;

impl Kind {
    /// The kind's number, from 1; stable across versions and shared with the Python API.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// A bit unique to this kind, for sets of kinds.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self as u8
    }
}

/// A piece of a given kind and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece it is.
    pub kind: Kind,
    /// Whose piece it is.
    pub color: Color,
}

impl Piece {
    /// A compact code, unique per piece and never zero (zero marks an empty square).
    #[inline]
    pub const fn code(self) -> u8 {
        self.kind.number() | (self.color as u8) << 5
    }

    /// The piece with code `code`, or `None` for an empty square's zero.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        let kind = Kind::from_number(code & 31)?;
        let color = if code & 32 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { kind, color })
    }
}

/// Number of distinct piece codes, for per-piece arrays (index by [`Piece::code`]).
pub const PIECE_CODES: usize = 64;

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = self.kind.default_letter();
        let letter = if self.color == Color::White {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        write!(f, "{letter}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for &kind in Kind::ALL {
            assert_eq!(Kind::from_number(kind.number()), Some(kind));
            for color in Color::ALL {
                let piece = Piece { kind, color };
                assert_ne!(piece.code(), 0);
                assert!((piece.code() as usize) < PIECE_CODES);
                assert!(seen.insert(piece.code()));
                assert_eq!(Piece::from_code(piece.code()), Some(piece));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert!(Kind::ALL.len() < KIND_SLOTS);
    }
}
