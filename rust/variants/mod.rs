//! The built-in variant definitions, each a function that writes its [`VariantSpec`] as data.

mod chess;
mod meiriqi;
mod shogi;
#[cfg(test)]
mod testing;
mod wildeurasian;
mod xiangqi;
mod yangqi;

use crate::atom::{Atom, Mode, Symmetry};
use crate::region::Region;
use crate::variant::{Compulsory, PieceSpec, PromotionSpec, VariantSpec};

/// A function that writes a variant's definition.
pub type Definition = fn() -> VariantSpec;

/// Every built-in variant by name, the flagship first.
pub const ALL: &[(&str, Definition)] = &[
    ("meiriqi", meiriqi::meiriqi),
    ("yangqi", yangqi::yangqi),
    ("yangqi-chinese", yangqi::chinese),
    ("yangqi-quickpawns", yangqi::quickpawns),
    ("yangqi-berolina", yangqi::berolina),
    ("yangqi-chinesepawns", yangqi::chinesepawns),
    ("chess", chess::chess),
    ("xiangqi", xiangqi::xiangqi),
    ("shogi", shogi::shogi),
    ("wildeurasian-bestiary", wildeurasian::bestiary),
    ("wildeurasian-mitregi", wildeurasian::mitregi),
    (
        "wildeurasian-dense-rim-mitregi",
        wildeurasian::dense_rim_mitregi,
    ),
    (
        "wildeurasian-bestiary-korean",
        wildeurasian::bestiary_korean,
    ),
    ("wildeurasian-mitregi-korean", wildeurasian::mitregi_korean),
    (
        "wildeurasian-dense-rim-mitregi-korean",
        wildeurasian::dense_rim_mitregi_korean,
    ),
];

/// A region written as squares and corner-to-corner rectangles (`"h1-j3"`).
fn region(text: &str) -> Region {
    Region::parse(text).expect("built-in regions are well formed")
}

/// A promotion to one of `targets` (symbols).
fn promotion(targets: &[&str], captured_only: bool, compulsory: Compulsory) -> PromotionSpec {
    PromotionSpec {
        targets: targets.iter().map(|symbol| symbol.to_string()).collect(),
        captured_only,
        compulsory,
        zone: None,
    }
}

/// A piece that may promote to `target` (optional) when a move ends in its promotion zone.
fn promoting(piece: PieceSpec, target: &str) -> PieceSpec {
    PieceSpec {
        promotion: Some(promotion(&[target], false, Compulsory::Never)),
        ..piece
    }
}

/// A piece that may promote to its `+` form in the camp (compulsory only where it could never
/// move again), and returns to its capturer's hand as itself.
fn promotes(piece: PieceSpec) -> PieceSpec {
    let symbol = piece.symbol.clone();
    PieceSpec {
        promotion: Some(PromotionSpec {
            targets: vec![format!("+{symbol}")],
            captured_only: false,
            compulsory: Compulsory::WhenStuck,
            zone: None,
        }),
        to_hand: Some(symbol),
        ..piece
    }
}

/// The `+` form of `base` (its symbol), moving by `atoms`; captured, it goes to hand as `base`.
fn promoted(name: &str, base: &str, value: i32, atoms: Vec<Atom>) -> PieceSpec {
    PieceSpec {
        to_hand: Some(base.into()),
        ..PieceSpec::new(name, &format!("+{base}"), value, atoms)
    }
}

/// The King: royal, never swapped with itself.
fn king(atoms: Vec<Atom>) -> PieceSpec {
    PieceSpec {
        royal: true,
        swappable: false,
        ..PieceSpec::new("king", "K", 0, atoms)
    }
}

/// A Pawn written `symbol`: no SAN letter, resets the clock, never swapped with the King.
fn pawn(symbol: &str, atoms: Vec<Atom>) -> PieceSpec {
    PieceSpec {
        pawn: true,
        resets_clock: true,
        swappable: false,
        ..PieceSpec::new("pawn", symbol, 100, atoms)
    }
}

/// One orthogonal step, in all four directions.
const KING_STEP: Atom = Atom::leap(1, 0);
/// One diagonal step, in all four directions.
const KING_DIAGONAL: Atom = Atom::leap(1, 1);
/// A Knight's (2,1) leap.
const KNIGHT_LEAP: Atom = Atom::leap(2, 1);
/// A Bishop's diagonal slide.
const BISHOP_SLIDE: Atom = Atom::ride(1, 1);
/// A Rook's orthogonal slide.
const ROOK_SLIDE: Atom = Atom::ride(1, 0);
/// One step straight forward.
const STEP_FORWARD: Atom = Atom::leap(0, 1).symmetry(Symmetry::None);
/// One step diagonally forward, either way.
const DIAGONAL_FORWARD: Atom = Atom::leap(1, 1).symmetry(Symmetry::LeftRight);
/// A Pawn's quiet step straight forward.
const PAWN_PUSH: Atom = STEP_FORWARD.mode(Mode::MoveOnly);
/// A Pawn's capture diagonally forward.
const PAWN_CAPTURE: Atom = DIAGONAL_FORWARD.mode(Mode::CaptureOnly);

/// Xiangqi's Cannon (Pao): moves like a Rook, captures by jumping one screen.
fn cannon_atoms() -> Vec<Atom> {
    hopper(&[ROOK_SLIDE], false)
}

/// A hopper along the lines of `slides`: it moves like them and captures by jumping one screen,
/// or, `korean`, needs the screen for every move.
fn hopper(slides: &[Atom], korean: bool) -> Vec<Atom> {
    slides
        .iter()
        .flat_map(|&slide| match korean {
            true => vec![slide.mode(Mode::HopAny)],
            false => vec![slide.mode(Mode::MoveOnly), slide.mode(Mode::Hop)],
        })
        .collect()
}

/// Shogi's Gold: one step orthogonally or diagonally forward.
fn gold_atoms() -> Vec<Atom> {
    vec![KING_STEP, DIAGONAL_FORWARD]
}

/// Shogi's Silver: one step diagonally or straight forward.
fn silver_atoms() -> Vec<Atom> {
    vec![KING_DIAGONAL, STEP_FORWARD]
}
