//! A piece's moves written in Betza notation for XBoard, derived from its atoms when its file
//! gives none (on demand: deriving tries many strings). Only what the notation expresses exactly, and alike in XBoard's and
//! Fairy-Stockfish's readings, is written: leaps and rides along the standard letters, with
//! the move-only, capture-only and Cannon-hop modes, lame leaps, range limits and the
//! directions both programs read the same way. A piece with any other atom (a bent or crooked
//! ride, a leap the notation has no letter for, a move bound to a rank, a Korean hop) gets
//! none: XBoard then shows the engine's highlights for it.
//!
//! Each atom becomes a fragment (`fmW`), chosen by trying the candidates and reading each back
//! with [`crate::betza::parse`]; fragments that differ only in direction are then joined
//! (`fW` and `sW` into `fsW`), and undirected `W` and `F` (`R` and `B`) into `K` (`Q`), where
//! the join reads back the same. A string is written only when it reads back into exactly the
//! piece's moves.

use crate::atom::{Atom, BlackMoves, Mode, Origin};

/// The directions tried for a letter on a line (`W`, `F`, `D`, `A`, `H`, `G`, riders of
/// them), fewest letters first.
const LINE_DIRECTIONS: &[&str] = &["", "f", "b", "s", "v", "fs", "bs"];

/// The directions tried for an oblique letter (`N`, `C`, `Z`): two letters each, which XBoard
/// and Fairy-Stockfish read alike (a lone `f` on `N` means four moves to one, two to the other).
const OBLIQUE_DIRECTIONS: &[&str] = &["", "ff", "bb", "fs", "bs"];

/// The longest range a digit writes.
const MAX_RANGE: u8 = 9;

/// Letters whose undirected fragments join into one: `W` and `F` are `K`, `R` and `B` are `Q`.
const COMPOUNDS: &[(&str, &str, &str)] = &[("W", "F", "K"), ("R", "B", "Q")];

/// The piece's moves in Betza notation, or `None` when the notation cannot express them
/// exactly.
pub fn derive(atoms: &[Atom]) -> Option<String> {
    let mut fragments = atoms.iter().map(Fragment::of).collect::<Option<Vec<_>>>()?;
    while let Some((keep, joined, drop)) = first_join(&fragments) {
        fragments[keep] = joined;
        fragments.remove(drop);
    }
    let text: String = fragments.iter().map(Fragment::text).collect();
    let read = read_back(&text)?;
    (moves(&read) == moves(atoms)).then_some(text)
}

/// The atoms `text` reads into, Black's moves mirrored (XBoard's and Fairy-Stockfish's readings
/// of a piece alike to its left and right, the only pieces derived); `None` if it does not read.
fn read_back(text: &str) -> Option<Vec<Atom>> {
    crate::betza::parse(text, BlackMoves::Mirrored).ok()
}

/// One group of Betza: directions, mode, lameness and the letter with its range; and the atoms
/// it writes.
#[derive(Clone)]
struct Fragment {
    direction: &'static str,
    mode: &'static str,
    lame: &'static str,
    body: String,
    oblique: bool,
    atoms: Vec<Atom>,
}

impl Fragment {
    /// The fragment of `atom`, or `None` when no candidate reads back into it exactly.
    fn of(atom: &Atom) -> Option<Fragment> {
        if atom.required_origin() != Origin::Anywhere || atom.region().is_some() {
            return None;
        }
        let walk = atom.walks().into_iter().next()?;
        let mode = match atom.destination_mode() {
            Mode::MoveOrCapture => "",
            Mode::MoveOnly => "m",
            Mode::CaptureOnly => "c",
            // XBoard's hoppers of a limited range or of other kinds are not Fairy-Stockfish's.
            Mode::Hop if walk.limit == u8::MAX => "cp",
            _ => return None,
        };
        let [step] = walk.cycle[..] else {
            return None;
        };
        // A lame leap lands its lead and its step away; a bent ride has no letter, nor a leap
        // through two squares.
        let (x, y) = match walk.lead[..] {
            [] => (step.dx, step.dy),
            [lead] if walk.limit == 1 => (lead.dx + step.dx, lead.dy + step.dy),
            _ => return None,
        };
        let (x, y) = (x.unsigned_abs(), y.unsigned_abs());
        let (letter, oblique) = match (x.max(y), x.min(y)) {
            (1, 0) => ('W', false),
            (1, 1) => ('F', false),
            (2, 0) => ('D', false),
            (2, 2) => ('A', false),
            (3, 0) => ('H', false),
            (3, 3) => ('G', false),
            (2, 1) => ('N', true),
            (3, 1) => ('C', true),
            (3, 2) => ('Z', true),
            _ => return None,
        };
        let template = Fragment {
            direction: "",
            mode,
            lame: if walk.lead.is_empty() { "" } else { "n" },
            body: String::new(),
            oblique,
            atoms: vec![*atom],
        };
        let bodies = bodies(letter, walk.limit)?;
        bodies.into_iter().find_map(|body| {
            template.with_direction(&Fragment {
                body,
                ..template.clone()
            })
        })
    }

    /// Betza for the fragment.
    fn text(&self) -> String {
        format!("{}{}{}{}", self.direction, self.mode, self.lame, self.body)
    }

    /// `shape` (this fragment's atoms written with `shape`'s letter) with the first direction
    /// that reads back into exactly these atoms' moves, if one does.
    fn with_direction(&self, shape: &Fragment) -> Option<Fragment> {
        let directions = match shape.oblique {
            true => OBLIQUE_DIRECTIONS,
            false => LINE_DIRECTIONS,
        };
        let wanted = moves(&self.atoms);
        directions.iter().find_map(|&direction| {
            let candidate = Fragment {
                direction,
                atoms: self.atoms.clone(),
                ..shape.clone()
            };
            read_back(&candidate.text())
                .is_some_and(|read| moves(&read) == wanted)
                .then_some(candidate)
        })
    }

    /// This fragment and `other` written as one, if they can be.
    fn join(&self, other: &Fragment) -> Option<Fragment> {
        if (self.mode, self.lame) != (other.mode, other.lame) {
            return None;
        }
        let both = Fragment {
            atoms: [&self.atoms[..], &other.atoms[..]].concat(),
            ..self.clone()
        };
        if self.body == other.body && !self.direction.is_empty() && !other.direction.is_empty() {
            return both.with_direction(self);
        }
        let compound = COMPOUNDS.iter().find(|(a, b, _)| {
            let pair = (self.body.as_str(), other.body.as_str());
            pair == (a, b) || pair == (b, a)
        })?;
        let shape = Fragment {
            body: compound.2.to_string(),
            ..self.clone()
        };
        (self.direction.is_empty() && other.direction.is_empty())
            .then(|| both.with_direction(&shape))
            .flatten()
            .filter(|joined| joined.direction.is_empty())
    }
}

/// The first two of `fragments` that join, as the index to keep, the joined fragment and the
/// index to drop.
fn first_join(fragments: &[Fragment]) -> Option<(usize, Fragment, usize)> {
    (0..fragments.len()).find_map(|keep| {
        (keep + 1..fragments.len()).find_map(|drop| {
            let joined = fragments[keep].join(&fragments[drop])?;
            Some((keep, joined, drop))
        })
    })
}

/// Every move of `atoms`, a walk with its mode and origin written out, in a fixed order.
fn moves(atoms: &[Atom]) -> Vec<String> {
    let mut moves: Vec<String> = atoms
        .iter()
        .flat_map(|atom| {
            let (mode, origin) = (atom.destination_mode(), atom.required_origin());
            atom.walks()
                .into_iter()
                .map(move |walk| format!("{walk:?} {mode:?} {origin:?}"))
        })
        .collect();
    moves.sort();
    moves.dedup();
    moves
}

/// The ways to write `letter` reaching at most `limit` destinations along a walk: the leaper,
/// the rider, or a rider of a range; `None` for a range no digit writes.
fn bodies(letter: char, limit: u8) -> Option<Vec<String>> {
    let rider = match letter {
        'W' => "R".to_string(),
        'F' => "B".to_string(),
        _ => format!("{letter}{letter}"),
    };
    match limit {
        1 => Some(vec![letter.to_string()]),
        u8::MAX => Some(vec![rider]),
        2..=MAX_RANGE => Some(vec![format!("{letter}{limit}"), format!("{rider}{limit}")]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::Symmetry;

    #[test]
    fn plain_pieces_get_their_letters() {
        assert_eq!(derive(&[Atom::leap(2, 1)]).as_deref(), Some("N"));
        assert_eq!(derive(&[Atom::ride(1, 0)]).as_deref(), Some("R"));
        let king = [Atom::leap(1, 0), Atom::leap(1, 1)];
        assert_eq!(derive(&king).as_deref(), Some("K"));
        let queen = [Atom::ride(1, 0), Atom::ride(1, 1)];
        assert_eq!(derive(&queen).as_deref(), Some("Q"));
        let cannon = [
            Atom::ride(1, 0).mode(Mode::MoveOnly),
            Atom::ride(1, 0).mode(Mode::Hop),
        ];
        assert_eq!(derive(&cannon).as_deref(), Some("mRcpR"));
        let horse = [Atom::through((0, 1), 1, 1)];
        assert_eq!(derive(&horse).as_deref(), Some("nN"));
        let lion = [
            Atom::leap(2, 0),
            Atom::leap(2, 2),
            Atom::leap(1, 0).mode(Mode::CaptureOnly),
            Atom::leap(1, 1).mode(Mode::CaptureOnly),
        ];
        assert_eq!(derive(&lion).as_deref(), Some("DAcK"));
    }

    #[test]
    fn directions_and_ranges_are_written() {
        let eagle = [
            Atom::ride(1, 1).symmetry(Symmetry::LeftRight),
            Atom::ride(0, -1).symmetry(Symmetry::None),
            Atom::leap(0, 1).symmetry(Symmetry::None),
            Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
            Atom::ride(1, -1).limit(2).symmetry(Symmetry::LeftRight),
        ];
        assert_eq!(derive(&eagle).as_deref(), Some("fBbRfsWbF2"));
        let shogi_knight = [Atom::leap(1, 2).symmetry(Symmetry::LeftRight)];
        assert_eq!(derive(&shogi_knight).as_deref(), Some("ffN"));
        let pawn = [
            Atom::leap(0, 1)
                .mode(Mode::MoveOnly)
                .symmetry(Symmetry::None),
            Atom::leap(1, 1)
                .mode(Mode::CaptureOnly)
                .symmetry(Symmetry::LeftRight),
        ];
        assert_eq!(derive(&pawn).as_deref(), Some("fmWfcF"));
        // Directed Rook and Bishop moves stay apart: `fQ` reads differently in XBoard.
        let princess = [
            Atom::ride(0, 1).symmetry(Symmetry::None),
            Atom::ride(1, 1).symmetry(Symmetry::LeftRight),
        ];
        assert_eq!(derive(&princess).as_deref(), Some("fRfB"));
    }

    #[test]
    fn what_betza_cannot_say_gets_none() {
        let gryphon = [Atom::leap(1, 1), Atom::bent((1, 1), (1, 0))];
        assert_eq!(derive(&gryphon), None);
        assert_eq!(derive(&[Atom::crooked((0, 1), (1, 1))]), None);
        assert_eq!(derive(&[Atom::leap(4, 1)]), None);
        assert_eq!(derive(&[Atom::ride(1, 0).mode(Mode::HopAny)]), None);
        let double_step = Atom::through((0, 1), 0, 1)
            .mode(Mode::MoveOnly)
            .symmetry(Symmetry::None)
            .origin(Origin::OwnRank(2));
        assert_eq!(derive(&[Atom::leap(2, 1), double_step]), None);
        // A step to the right only: Black's moves would differ from Fairy-Stockfish's.
        assert_eq!(derive(&[Atom::leap(1, 0).symmetry(Symmetry::None)]), None);
    }

    #[test]
    fn what_is_derived_reads_back_into_the_same_moves() {
        for variant in crate::Variant::all() {
            for piece in &variant.spec().pieces {
                if let Some(betza) = derive(&piece.atoms) {
                    let read = read_back(&betza).unwrap();
                    assert_eq!(moves(&read), moves(&piece.atoms), "{betza}");
                }
            }
        }
    }
}
