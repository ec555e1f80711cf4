//! The built-in variant definitions.

mod meiriqi;
mod yangqi;

use crate::atom::Atom;
use crate::piece::Kind;
use crate::variant::{PieceRule, Promotes, VariantSpec};

/// Every variant, the flagship first.
pub const ALL: &[&VariantSpec] = &[
    &meiriqi::MEIRIQI,
    &yangqi::YANGQI,
    &yangqi::CHINESE,
    &yangqi::QUICKPAWNS,
    &yangqi::BEROLINA,
    &yangqi::CHINESEPAWNS,
];

/// A piece that never promotes and may go anywhere, with its usual letter.
const fn piece(kind: Kind, atoms: &'static [Atom]) -> PieceRule {
    PieceRule {
        kind,
        letter: kind.default_letter(),
        atoms,
        confined_to: None,
        promotes: Promotes::Never,
    }
}

/// A piece that may promote to `promotes_to` when a move ends in its promotion zone.
const fn promoting(kind: Kind, atoms: &'static [Atom], promotes_to: Kind) -> PieceRule {
    PieceRule {
        promotes: Promotes::To(promotes_to),
        ..piece(kind, atoms)
    }
}

/// A piece that may never leave `region` (given on White's side, mirrored for Black).
const fn confined(
    kind: Kind,
    atoms: &'static [Atom],
    region: &'static [&'static str],
) -> PieceRule {
    PieceRule {
        confined_to: Some(region),
        ..piece(kind, atoms)
    }
}

/// One orthogonal step (with the default symmetry: in all four directions).
const KING_STEP: Atom = Atom::leap(1, 0);
/// One diagonal step, in all four directions.
const KING_DIAGONAL: Atom = Atom::leap(1, 1);
/// A Knight's (2,1) leap.
const KNIGHT_LEAP: Atom = Atom::leap(2, 1);
/// A Bishop's diagonal slide.
const BISHOP_SLIDE: Atom = Atom::ride(1, 1);
/// A Rook's orthogonal slide.
const ROOK_SLIDE: Atom = Atom::ride(1, 0);
