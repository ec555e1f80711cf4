//! Regions of the board (fortress, camp, castling areas, ...) as unions of rank and file ranges,
//! written from White's point of view and mirrored for Black.

use crate::geometry::{Dimensions, Square};
use crate::piece::Color;
use crate::square_set::SquareSet;
use std::fmt;

/// A rectangle of squares: files `files.0..=files.1` and ranks `ranks.0..=ranks.1`, from zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// First and last file, from zero.
    pub files: (u8, u8),
    /// First and last rank, from zero.
    pub ranks: (u8, u8),
}

/// A set of squares given as rectangles, from White's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region(pub Vec<Rect>);

/// Why a region could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionError(pub String);

impl fmt::Display for RegionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RegionError {}

impl Region {
    /// Reads a region written as space-separated squares (`h1`) and rectangles given by two
    /// corners (`h1-j3`).
    pub fn parse(text: &str) -> Result<Region, RegionError> {
        let square = |name: &str| {
            Square::parse(name).ok_or_else(|| RegionError(format!("{name:?} is not a square")))
        };
        text.split_whitespace()
            .map(|part| {
                let (a, b) = match part.split_once('-') {
                    Some((a, b)) => (square(a)?, square(b)?),
                    None => (square(part)?, square(part)?),
                };
                Ok(Rect {
                    files: (a.file().min(b.file()), a.file().max(b.file())),
                    ranks: (a.rank().min(b.rank()), a.rank().max(b.rank())),
                })
            })
            .collect::<Result<Vec<Rect>, RegionError>>()
            .map(Region)
    }

    /// The region's squares for `color` on a board of `dims`: as written for White, mirrored
    /// (rank counted from the far edge) for Black. Parts off the board are left out.
    pub fn squares(&self, dims: Dimensions, color: Color) -> SquareSet {
        let white: SquareSet = self
            .0
            .iter()
            .flat_map(|rect| {
                (rect.ranks.0..=rect.ranks.1).flat_map(move |rank| {
                    (rect.files.0..=rect.files.1).filter_map(move |file| Square::new(file, rank))
                })
            })
            .filter(|&square| dims.contains(square))
            .collect();
        match color {
            Color::White => white,
            Color::Black => white.iter().map(|square| dims.mirror(square)).collect(),
        }
    }

    /// Whether the region names no square.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether every part of the region lies on a board of `dims`.
    pub fn fits(&self, dims: Dimensions) -> bool {
        self.0
            .iter()
            .all(|rect| rect.files.1 < dims.files && rect.ranks.1 < dims.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_and_squares() {
        let dims = Dimensions {
            files: 10,
            ranks: 10,
        };
        let fortress = Region::parse("h1-j3").unwrap();
        assert_eq!(fortress.squares(dims, Color::White).len(), 9);
        let black = fortress.squares(dims, Color::Black);
        assert!(black.contains(Square::parse("h10").unwrap()));
        assert!(black.contains(Square::parse("j8").unwrap()));
        let points = Region::parse("h1 j1 i2 h3 j3").unwrap();
        assert_eq!(points.squares(dims, Color::White).len(), 5);
        assert!(Region::parse("h1-x3").is_err());
        assert!(!Region::parse("a1-l12").unwrap().fits(dims));
    }
}
