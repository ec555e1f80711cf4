//! Castling rights: which wings each side may still castle on (the wings are the variant's).

use crate::piece::Color;

/// Castling rights: bit `color * 4 + wing` is set while that side may still castle on that wing
/// (wings in the order the variant lists them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The bit of `color`'s right on wing number `wing`.
    #[inline]
    pub const fn bit(color: Color, wing: usize) -> u8 {
        1 << (color.index() * 4 + wing)
    }

    /// Whether `color` may castle on wing number `wing`.
    #[inline]
    pub const fn has(self, color: Color, wing: usize) -> bool {
        self.0 & CastlingRights::bit(color, wing) != 0
    }

    /// Whether `color` may still castle on some wing.
    #[inline]
    pub const fn any(self, color: Color) -> bool {
        self.0 >> (color.index() * 4) & 0xF != 0
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}
