//! Moves, and their coordinate ("UCI-style") notation: `c3c4`, `a10a9`, `c7d8o`, `a8a9+`, `N@e5`.
//!
//! A [`Move`] says what it is ([`MoveKind`]), so that make/unmake and notation never guess. A
//! [`UciMove`] is only what coordinate notation says (squares, promotion, drop); the position
//! turns it into the [`Move`] it names ([`crate::Position::find_move`]).

use crate::geometry::Square;
use crate::piece::Kind;
use crate::text::quote;
use crate::variant::Variant;
use std::fmt;

/// What a move does besides carrying a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// The piece becomes the given kind on arriving.
    Promotion(Kind),
    /// A piece of the given kind comes from the hand to the (empty) destination.
    Drop(Kind),
    /// The King castles with the piece on the given square (its Rook).
    Castle(Square),
    /// A Pawn captures en passant: the captured Pawn stands beside the destination.
    EnPassant,
    /// The King swaps places with the friendly piece on the destination (Yáng Qí).
    Swap,
}

/// A move of some position. For a drop, `from` is the destination too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands (the destination, for a drop).
    pub from: Square,
    /// Where it goes (capturing whatever enemy stands there). For castling: where the King goes.
    pub to: Square,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move or capture.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// The kind the piece becomes, if the move promotes.
    #[inline]
    pub const fn promotion(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Promotion(kind) => Some(kind),
            _ => None,
        }
    }

    /// The kind dropped, if the move is a drop.
    #[inline]
    pub const fn drop(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Drop(kind) => Some(kind),
            _ => None,
        }
    }

    /// What coordinate notation says of the move.
    pub const fn uci(self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: match self.kind {
                MoveKind::Promotion(kind) => Some(UciPromotion::To(kind)),
                _ => None,
            },
            drop: self.drop(),
        }
    }
}

/// What a coordinate move says the piece becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciPromotion {
    /// The kind written by its letter (`c7d8o`).
    To(Kind),
    /// The `+` form of whatever piece moves (`a7a8+`): only a position knows which kind that is.
    Plus,
}

/// A move as coordinate notation writes it: origin and destination (the same square for a drop),
/// the promotion and the kind dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The origin (the destination, for a drop).
    pub from: Square,
    /// The destination.
    pub to: Square,
    /// What the piece becomes, if the move promotes.
    pub promotion: Option<UciPromotion>,
    /// The kind dropped.
    pub drop: Option<Kind>,
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

impl UciMove {
    /// A move from `from` to `to` without promotion.
    pub const fn new(from: Square, to: Square) -> UciMove {
        UciMove {
            from,
            to,
            promotion: None,
            drop: None,
        }
    }

    /// Writes the move in `variant`'s coordinate notation: a promotion to a `+` form is `+`,
    /// another the promoted kind's lowercase letter; a drop is `L@e5`.
    pub fn to_text(&self, variant: &Variant) -> String {
        if let Some(kind) = self.drop {
            let letter = variant.rule(kind).map_or('?', |rule| rule.letter());
            return format!("{letter}@{}", self.to);
        }
        match self.promotion {
            Some(UciPromotion::Plus) => format!("{}{}+", self.from, self.to),
            Some(UciPromotion::To(kind)) => match variant.rule(kind) {
                Some(rule) if rule.is_plus() => format!("{}{}+", self.from, self.to),
                rule => format!(
                    "{}{}{}",
                    self.from,
                    self.to,
                    rule.map_or('?', |rule| rule.letter().to_ascii_lowercase())
                ),
            },
            None => format!("{}{}", self.from, self.to),
        }
    }

    /// Whether the legal move `mv` is the one this names: the same squares, drop and
    /// promotion, where a `+` names any promotion to a `+` form of `variant`.
    pub fn names(&self, mv: Move, variant: &Variant) -> bool {
        let promotes_as_named = match (self.promotion, mv.promotion()) {
            (Some(UciPromotion::Plus), Some(kind)) => variant.rule_of(kind).is_plus(),
            (Some(UciPromotion::To(named)), Some(kind)) => named == kind,
            (None, None) => true,
            _ => false,
        };
        mv.from == self.from && mv.to == self.to && mv.drop() == self.drop && promotes_as_named
    }

    /// Reads `variant`'s coordinate notation. A `+` suffix names the `+` form of the piece on
    /// the origin, which only a position knows: it is read as [`UciPromotion::Plus`].
    pub fn parse(text: &str, variant: &Variant) -> Result<UciMove, MoveSyntaxError> {
        let fail = |why: &str| {
            Err(MoveSyntaxError(format!(
                "invalid coordinate move {}: {why}",
                quote(text)
            )))
        };
        if !text.is_ascii() {
            return fail("only letters, digits, '+' and '@' are allowed");
        }
        let dims = variant.dimensions();
        let on_board = |square: Square| dims.contains(square);
        if let Some((letter, square)) = text.split_once('@') {
            let kind = match letter.as_bytes() {
                [l] if l.is_ascii_uppercase() => variant.kind_by_letter(*l as char),
                _ => {
                    return fail(
                        "a drop is an uppercase piece letter, '@' and a square, such as N@e5",
                    )
                }
            };
            let Some(kind) = kind else {
                return fail(&format!(
                    "{letter:?} is not a piece letter of {}",
                    variant.spec().name
                ));
            };
            let Some(to) = Square::parse(square).filter(|&s| on_board(s)) else {
                return fail(&format!("{} is not a square of the board", quote(square)));
            };
            return Ok(UciMove {
                from: to,
                to,
                promotion: None,
                drop: Some(kind),
            });
        }
        let Some((from, rest)) = split_square(text) else {
            return fail("it must start with a square such as c3");
        };
        let Some((to, rest)) = split_square(rest) else {
            return fail("the origin must be followed by a destination square such as c4");
        };
        if !on_board(from) || !on_board(to) {
            return fail(&format!(
                "a square is off the {}x{} board",
                dims.files, dims.ranks
            ));
        }
        if from == to {
            return fail("origin and destination are the same square");
        }
        let mut parsed = UciMove::new(from, to);
        match rest.as_bytes() {
            [] => {}
            [b'+'] => parsed.promotion = Some(UciPromotion::Plus),
            [letter] if letter.is_ascii_lowercase() => {
                match variant.kind_by_letter(letter.to_ascii_uppercase() as char) {
                    Some(kind) => parsed.promotion = Some(UciPromotion::To(kind)),
                    None => {
                        return fail(&format!(
                            "{:?} is not a piece letter of {}",
                            *letter as char,
                            variant.spec().name
                        ))
                    }
                }
            }
            _ => return fail(&format!("unexpected {} after the destination", quote(rest))),
        }
        Ok(parsed)
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
        let variant = Variant::meiriqi();
        for text in ["c3c4", "a10a9", "e9e10r", "j1i2", "c7d8o"] {
            let parsed = UciMove::parse(text, variant).unwrap();
            assert_ne!(parsed.promotion, Some(UciPromotion::Plus));
            assert_eq!(parsed.to_text(variant), text);
        }
        let shogi = Variant::by_name("shogi").unwrap();
        for text in ["P@e5", "a7a8+", "b2h8"] {
            let parsed = UciMove::parse(text, shogi).unwrap();
            assert_eq!(
                parsed.promotion == Some(UciPromotion::Plus),
                text.ends_with('+')
            );
        }
        assert_eq!(
            UciMove::parse("P@e5", shogi).unwrap().to_text(shogi),
            "P@e5"
        );
    }

    #[test]
    fn rejects_malformed() {
        let variant = Variant::meiriqi();
        for text in [
            "", "c3", "c3c", "c3c4x", "c3c4qq", "C3C4", "c0c1", "m1a1", "c3c3", "c3c4Q", "é3c4",
            "c3-c4", "a100a1", "k1k2", "Z@e5", "N@z9", "n@e5", "NN@e5",
        ] {
            assert!(UciMove::parse(text, variant).is_err(), "{text}");
        }
        let long = "a".repeat(10_000);
        let error = UciMove::parse(&long, variant).unwrap_err();
        assert!(error.0.len() < 200, "{}", error.0);
    }
}
