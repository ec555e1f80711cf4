//! Gates (Seirawan chess): the squares of a side's first rank from which a move may bring a
//! piece of its hand into play, behind the piece that leaves.

use crate::piece::Color;

/// The gates of both sides, as bits of files on each side's first rank (bit `f` of element
/// `color`: the square of file `f` on `color`'s first rank).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gates(pub [u16; 2]);

impl Gates {
    /// No gates.
    pub const NONE: Gates = Gates([0; 2]);

    /// `color`'s gates, as file bits.
    #[inline]
    pub const fn of(self, color: Color) -> u16 {
        self.0[color.index()]
    }

    /// Whether `color` has a gate on file `file`.
    #[inline]
    pub const fn has(self, color: Color, file: u8) -> bool {
        self.0[color.index()] >> file & 1 != 0
    }

    /// Whether neither side has a gate.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }
}
