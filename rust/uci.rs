//! Coordinate ("UCI-style") notation: `c3c4`, `a10a9`, `c7d8o`, `a8a9+`, `a1a2-`, `N@e5`,
//! `+P@c3`, a pass `e2e2` (the King's square twice, as Fairy-Stockfish writes it), a promotion
//! in place `g7g7f`. Text becomes a
//! [`UciMove`], which the position turns into the legal [`Move`] it names
//! ([`Position::find_move`]).

use crate::geometry::Square;
use crate::moves::{Move, UciMove, UciPromotion};
use crate::position::Position;
use crate::text::quote;
use crate::variant::Variant;
use std::fmt;

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
    /// Writes the move in `variant`'s coordinate notation: a promotion to a `+` form is `+`, a
    /// demotion (to a kind a `+` form demotes to) `-`, another the promoted kind's lowercase
    /// letter; a drop is `L@e5`, or `+L@e5` for a `+` form dropped.
    pub fn to_text(&self, variant: &Variant) -> String {
        if let Some(kind) = self.drop {
            let symbol = variant.rule(kind).map_or("?", |rule| rule.san_symbol());
            return format!("{symbol}@{}", self.to);
        }
        match self.promotion {
            Some(UciPromotion::Plus) => format!("{}{}+", self.from, self.to),
            Some(UciPromotion::Minus) => format!("{}{}-", self.from, self.to),
            Some(UciPromotion::To(kind)) => match variant.rule(kind) {
                Some(rule) if rule.is_plus() => format!("{}{}+", self.from, self.to),
                Some(_) if variant.demotion_targets() & kind.bit() != 0 => {
                    format!("{}{}-", self.from, self.to)
                }
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
    /// promotion, where a `+` names any promotion to a `+` form of `variant`, a `-` any
    /// demotion, and a letter the kinds it writes (a `Q` and a `Q~` alike).
    pub fn names(&self, mv: Move, variant: &Variant) -> bool {
        let written = mv.promotion().or(mv.gating());
        let promotes_as_named = match (self.promotion, written) {
            (Some(UciPromotion::Plus), Some(kind)) => variant.rule_of(kind).is_plus(),
            (Some(UciPromotion::Minus), Some(kind)) => variant.demotion_targets() & kind.bit() != 0,
            (Some(UciPromotion::To(named)), Some(kind)) => {
                variant.san_kinds(named) & kind.bit() != 0
            }
            (None, None) => true,
            _ => false,
        };
        mv.from == self.from && mv.to == self.to && mv.drop() == self.drop && promotes_as_named
    }

    /// Reads `variant`'s coordinate notation. A `+` suffix names the `+` form of the piece on
    /// the origin, which only a position knows: it is read as [`UciPromotion::Plus`]; a `-`
    /// suffix its demotion ([`UciPromotion::Minus`]).
    pub fn parse(text: &str, variant: &Variant) -> Result<UciMove, MoveSyntaxError> {
        let fail = |why: &str| {
            Err(MoveSyntaxError(format!(
                "invalid coordinate move {}: {why}",
                quote(text)
            )))
        };
        if !text.is_ascii() {
            return fail("only letters, digits, '+', '-' and '@' are allowed");
        }
        let dims = variant.dimensions();
        let on_board = |square: Square| dims.contains(square);
        if let Some((letter, square)) = text.split_once('@') {
            let kind =
                match letter.as_bytes() {
                    [l] if l.is_ascii_uppercase() => variant.kind_by_letter(*l as char),
                    [b'+', l] if l.is_ascii_uppercase() => variant.kind_by_symbol(letter),
                    _ => return fail(
                        "a drop is an uppercase piece letter ('+' and one for a promoted form), \
                         '@' and a square, such as N@e5",
                    ),
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
        let pass = variant.spec().pass && rest.is_empty();
        let in_place = variant.in_place_promoters() != 0 && !rest.is_empty();
        if from == to && !pass && !in_place {
            return fail(if variant.spec().pass {
                "a pass is the King's own square twice, with nothing after it"
            } else if variant.in_place_promoters() != 0 {
                "a promotion in place names the new kind after its square twice (g7g7f)"
            } else {
                "origin and destination are the same square"
            });
        }
        let mut parsed = UciMove::new(from, to);
        match rest.as_bytes() {
            [] => {}
            [b'+'] => parsed.promotion = Some(UciPromotion::Plus),
            [b'-'] => parsed.promotion = Some(UciPromotion::Minus),
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

impl Position<'_> {
    /// Reads coordinate notation: the legal move it names, `Ok(None)` for a well-formed move
    /// that is not legal here, or the syntax error.
    pub fn parse_uci(&mut self, text: &str) -> Result<Option<Move>, MoveSyntaxError> {
        let parsed = UciMove::parse(text, self.variant())?;
        Ok(self.find_move(parsed))
    }

    /// The legal move that coordinate notation `uci` names, if there is one.
    pub fn find_move(&mut self, uci: UciMove) -> Option<Move> {
        let mut candidates = self.candidates_like(uci);
        self.retain_legal(&mut candidates);
        let variant = self.variant();
        candidates.into_iter().find(|&mv| uci.names(mv, variant))
    }
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
