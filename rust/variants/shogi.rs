//! Shogi as Fairy-Stockfish plays it, with its FEN letters (docs/rules.md, "Reference games"): a
//! reference game for hands and drops, `+` promotions (optional, or compulsory where a piece
//! could never move again), the three-rank zone entered or left, and the Pawn's drop rules.

use super::{gold_atoms, king, pawn, silver_atoms, BISHOP_SLIDE, KING_DIAGONAL, KING_STEP, ROOK_SLIDE, STEP_FORWARD};
use crate::atom::{Atom, Symmetry};
use crate::geometry::Dimensions;
use crate::region::Region;
use crate::variant::{
    Compulsory, DeadPositions, Facing, PieceSpec, PromotionSpec, Stalemate, VariantSpec,
};

/// A piece that may promote to its `+` form, and returns to its capturer's hand as itself.
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

/// The rules of Shogi.
pub fn shogi() -> VariantSpec {
    let pieces = vec![
        // Pawn: one step forward; never two unpromoted on a file by a drop, never a drop mate.
        promotes(PieceSpec {
            one_per_file: true,
            no_drop_mate: true,
            ..pawn("P", vec![STEP_FORWARD])
        }),
        // Lance: slides straight forward.
        promotes(PieceSpec::new(
            "lance",
            "L",
            300,
            vec![Atom::ride(0, 1).symmetry(Symmetry::None)],
        )),
        // Knight: leaps two forward and one sideways.
        promotes(PieceSpec::new(
            "knight",
            "N",
            350,
            vec![Atom::leap(1, 2).symmetry(Symmetry::LeftRight)],
        )),
        promotes(PieceSpec::new("silver", "S", 500, silver_atoms())),
        PieceSpec {
            to_hand: Some("G".into()),
            ..PieceSpec::new("gold", "G", 550, gold_atoms())
        },
        promotes(PieceSpec::new("bishop", "B", 800, vec![BISHOP_SLIDE])),
        promotes(PieceSpec::new("rook", "R", 1000, vec![ROOK_SLIDE])),
        king(vec![KING_STEP, KING_DIAGONAL]),
        // The promoted Pawn, Lance, Knight and Silver move as Golds.
        promoted("tokin", "P", 600, gold_atoms()),
        promoted("promoted lance", "L", 600, gold_atoms()),
        promoted("promoted knight", "N", 600, gold_atoms()),
        promoted("promoted silver", "S", 600, gold_atoms()),
        // Horse: Bishop and one orthogonal step; Dragon: Rook and one diagonal step.
        promoted("horse", "B", 1100, vec![BISHOP_SLIDE, KING_STEP]),
        promoted("dragon", "R", 1300, vec![ROOK_SLIDE, KING_DIAGONAL]),
    ];
    VariantSpec {
        name: "shogi".into(),
        title: "Shogi".into(),
        description: "Japanese chess with drops, as Fairy-Stockfish's, a reference game".into(),
        dimensions: Dimensions { files: 9, ranks: 9 },
        pieces,
        start_fen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1".into(),
        fortress: Region::default(),
        palace_points: Region::default(),
        river: false,
        camp_depth: 3,
        promotes_leaving_zone: true,
        facing: Facing::Allowed,
        stalemate: Stalemate::Loses,
        en_passant: false,
        king_swap: false,
        castling: None,
        hands: true,
        chess_draws: false,
        dead_positions: DeadPositions::None,
    }
}
