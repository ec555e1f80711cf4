//! Colours, piece kinds and coloured pieces.
//!
//! A kind is only a number: the variant's piece table (see [`crate::variant`]) says what it is
//! called, how it is written and how it moves. Kinds are numbered from 1 in the order the
//! variant lists its pieces, so each variant has kinds of its own (up to [`MAX_KINDS`]).

/// The side a piece belongs to. White moves first and "up" the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// The most kinds a variant may have.
pub const MAX_KINDS: usize = 63;

/// Number of slots a per-kind array needs (index by [`Kind::index`]; slot 0 is unused).
pub const KIND_SLOTS: usize = MAX_KINDS + 1;

/// A kind of piece of some variant: its number in the variant's piece table, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(u8);

impl Kind {
    /// The kind numbered `number`, if it is a possible kind number (1 to [`MAX_KINDS`]).
    #[inline]
    pub const fn new(number: u8) -> Option<Kind> {
        if number >= 1 && number as usize <= MAX_KINDS {
            Some(Kind(number))
        } else {
            None
        }
    }

    /// The kind's number, from 1, as the Python API shows it.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The kind's number as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A bit unique to this kind, for sets of kinds ([`KindSet`]).
    #[inline]
    pub const fn bit(self) -> KindSet {
        1 << self.0
    }
}

/// A set of kinds, one bit per kind number ([`Kind::bit`]).
pub type KindSet = u64;

/// A piece of a given kind and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece it is.
    pub kind: Kind,
    /// Whose piece it is.
    pub color: Color,
}

/// The bit of a piece code that marks a Black piece; the bits below it are the kind number.
const BLACK_BIT: u8 = 64;

impl Piece {
    /// A compact code, unique per piece and never zero (zero marks an empty square).
    #[inline]
    pub const fn code(self) -> u8 {
        self.kind.0
            | if matches!(self.color, Color::Black) {
                BLACK_BIT
            } else {
                0
            }
    }

    /// The piece with code `code`, or `None` for an empty square's zero.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        let kind = Kind::new(code & (BLACK_BIT - 1))?;
        Some(Piece {
            kind,
            color: code_color(code),
        })
    }
}

/// The colour of the (non-zero) piece code `code`.
#[inline]
pub const fn code_color(code: u8) -> Color {
    if code & BLACK_BIT == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The kind number of the (non-zero) piece code `code`.
#[inline]
pub const fn code_kind(code: u8) -> u8 {
    code & (BLACK_BIT - 1)
}

/// Number of distinct piece codes, for per-piece arrays (index by [`Piece::code`]).
pub const PIECE_CODES: usize = 2 * BLACK_BIT as usize;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for number in 1..=MAX_KINDS as u8 {
            let kind = Kind::new(number).unwrap();
            for color in Color::ALL {
                let piece = Piece { kind, color };
                assert_ne!(piece.code(), 0);
                assert!((piece.code() as usize) < PIECE_CODES);
                assert!(seen.insert(piece.code()));
                assert_eq!(Piece::from_code(piece.code()), Some(piece));
                assert_eq!(code_color(piece.code()), color);
                assert_eq!(code_kind(piece.code()), number);
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Kind::new(0), None);
        assert_eq!(Kind::new(MAX_KINDS as u8 + 1), None);
    }
}
