//! Moves and their coordinate ("UCI-style") notation: `c3c4`, `a10a9`, `c7d8o`.

use crate::geometry::Square;
use crate::piece::Kind;
use std::fmt;

/// A move from one square to another, with the kind promoted to if it promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes (capturing whatever stands there).
    pub to: Square,
    /// The kind it becomes, when the move promotes.
    pub promotion: Option<Kind>,
}

/// Why a coordinate move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError(pub String);

impl fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MoveSyntaxError {}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// Writes the move in coordinate notation, naming a promotion with `letter` (lowercased).
    pub fn to_uci(&self, letter: impl Fn(Kind) -> char) -> String {
        match self.promotion {
            Some(kind) => format!(
                "{}{}{}",
                self.from,
                self.to,
                letter(kind).to_ascii_lowercase()
            ),
            None => format!("{}{}", self.from, self.to),
        }
    }

    /// Reads coordinate notation; `kind_of` turns a promotion letter (uppercase) into a kind.
    pub fn parse_uci(
        text: &str,
        kind_of: impl Fn(char) -> Option<Kind>,
    ) -> Result<Move, MoveSyntaxError> {
        let fail = |why: &str| {
            Err(MoveSyntaxError(format!(
                "invalid coordinate move {text:?}: {why}"
            )))
        };
        if !text.is_ascii() {
            return fail("only letters a-l and digits are allowed");
        }
        let (from, rest) = match split_square(text) {
            Some(split) => split,
            None => return fail("it must start with a square such as c3"),
        };
        let (to, rest) = match split_square(rest) {
            Some(split) => split,
            None => return fail("the origin must be followed by a destination square such as c4"),
        };
        let promotion = match rest.chars().collect::<Vec<_>>()[..] {
            [] => None,
            [letter] if letter.is_ascii_lowercase() => match kind_of(letter.to_ascii_uppercase()) {
                Some(kind) => Some(kind),
                None => return fail(&format!("{letter:?} is not a piece letter")),
            },
            _ => return fail(&format!("unexpected {rest:?} after the destination")),
        };
        if from == to {
            return fail("origin and destination are the same square");
        }
        Ok(Move {
            from,
            to,
            promotion,
        })
    }
}

/// Splits a leading square name (a letter and one or two digits) off `text`.
fn split_square(text: &str) -> Option<(Square, &str)> {
    let digits = text
        .get(1..)?
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count()
        .min(2);
    let (name, rest) = text.split_at(1 + digits);
    Some((Square::parse(name)?, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for text in ["c3c4", "a10a9", "e9e10r", "j1i2", "c7d8o", "l12a1"] {
            let parsed = Move::parse_uci(text, Kind::from_default_letter).unwrap();
            assert_eq!(parsed.to_uci(Kind::default_letter), text);
        }
    }

    #[test]
    fn rejects_malformed() {
        for text in [
            "", "c3", "c3c", "c3c4x", "c3c4qq", "C3C4", "c0c1", "m1a1", "c3c3", "c3c4Q", "é3c4",
            "c3-c4", "a100a1",
        ] {
            assert!(
                Move::parse_uci(text, Kind::from_default_letter).is_err(),
                "{text}"
            );
        }
    }
}
