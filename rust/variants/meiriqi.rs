//! Mĕirìqí (Beautiful Sun Chess), Glenn Overby's 10x10 blend of FIDE chess, Shogi and Xiangqi.
//! The rules are in docs/rules.md; every line below quotes the movement it encodes. The kinds
//! keep the numbers the Python API has always given them (King 1 ... Champion 17).

use super::{
    gold_atoms, king, pawn, promoting, region, silver_atoms, BISHOP_SLIDE, KING_DIAGONAL,
    KING_STEP, KNIGHT_LEAP, PAWN_CAPTURE, PAWN_PUSH, ROOK_SLIDE,
};
use crate::atom::{Atom, Mode, Origin, Symmetry};
use crate::variant::{Facing, PieceSpec, Stalemate, VariantSpec};

/// White's fortress; Black's is its mirror image (h8–j10).
const FORTRESS: &str = "h1-j3";
/// The five 'X' points of White's fortress, the only squares a Mandarin may stand on.
const X_POINTS: &str = "h1 j1 i2 h3 j3";

/// A piece that never leaves `confinement`.
fn confined(piece: PieceSpec, confinement: &str) -> PieceSpec {
    PieceSpec {
        confined_to: Some(region(confinement)),
        ..piece
    }
}

/// The rules of Mĕirìqí.
pub fn meiriqi() -> VariantSpec {
    let pieces = vec![
        // King: one step in any of 8 directions; never leaves its own fortress.
        confined(king(vec![KING_STEP, KING_DIAGONAL]), FORTRESS),
        // Mandarin: one step diagonally; never leaves its fortress's five 'X' points.
        confined(
            PieceSpec::new("mandarin", "M", 200, vec![KING_DIAGONAL]),
            X_POINTS,
        ),
        // Pegasus: leaps (3,2) or (4,1) in any orientation.
        PieceSpec::new(
            "pegasus",
            "P",
            450,
            vec![Atom::leap(3, 2), Atom::leap(4, 1)],
        ),
        // Gryphon: one diagonal step; then, through that empty square, a slide orthogonally
        // outward.
        PieceSpec::new(
            "gryphon",
            "Y",
            1000,
            vec![KING_DIAGONAL, Atom::bent((1, 1), (1, 0))],
        ),
        // Eagle: slides diagonally forward; slides straight backward; one step straight forward
        // or sideways; one or two steps diagonally backward.
        PieceSpec::new(
            "eagle",
            "E",
            700,
            vec![
                Atom::ride(1, 1).symmetry(Symmetry::LeftRight),
                Atom::ride(0, -1).symmetry(Symmetry::None),
                Atom::leap(0, 1).symmetry(Symmetry::None),
                Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
                Atom::ride(1, -1).limit(2).symmetry(Symmetry::LeftRight),
            ],
        ),
        // Rhino: one orthogonal step; then, through that empty square, a crooked slide
        // alternating a diagonal step outward and the first orthogonal step.
        PieceSpec::new(
            "rhino",
            "H",
            950,
            vec![KING_STEP, Atom::crooked((0, 1), (1, 1))],
        ),
        // Wildebeest: leaps (2,1) or (3,1).
        PieceSpec::new("wildebeest", "W", 500, vec![KNIGHT_LEAP, Atom::leap(3, 1)]),
        // Knight: leaps (2,1). Promotes to Janus.
        promoting(PieceSpec::new("knight", "N", 300, vec![KNIGHT_LEAP]), "J"),
        // Gold: one step orthogonally, or diagonally forward. Promotes to Rook.
        promoting(PieceSpec::new("gold", "G", 350, gold_atoms()), "R"),
        // Silver: one step diagonally, or straight forward. Promotes to Ogyo.
        promoting(PieceSpec::new("silver", "S", 300, silver_atoms()), "O"),
        // Lion: leaps (2,0) or (2,2) to move or capture; captures (never moves) on adjacent
        // squares. Promotes to Queen.
        promoting(
            PieceSpec::new(
                "lion",
                "L",
                600,
                vec![
                    Atom::leap(2, 0),
                    Atom::leap(2, 2),
                    KING_STEP.mode(Mode::CaptureOnly),
                    KING_DIAGONAL.mode(Mode::CaptureOnly),
                ],
            ),
            "Q",
        ),
        // Pawn: quiet step forward or sideways; captures one step diagonally forward; from its
        // own third rank also two squares straight forward through an empty square (never a
        // capture). Promotes to Champion.
        promoting(
            pawn(
                "I",
                vec![
                    PAWN_PUSH,
                    Atom::leap(1, 0)
                        .symmetry(Symmetry::LeftRight)
                        .mode(Mode::MoveOnly),
                    PAWN_CAPTURE,
                    Atom::through((0, 1), 0, 1)
                        .symmetry(Symmetry::None)
                        .mode(Mode::MoveOnly)
                        .origin(Origin::OwnRank(2)),
                ],
            ),
            "C",
        ),
        // Janus: leaps like a Knight or slides like a Bishop.
        PieceSpec::new("janus", "J", 850, vec![KNIGHT_LEAP, BISHOP_SLIDE]),
        // Rook: slides orthogonally.
        PieceSpec::new("rook", "R", 800, vec![ROOK_SLIDE]),
        // Ogyo: slides along the rank; one step forward or back.
        PieceSpec::new(
            "ogyo",
            "O",
            500,
            vec![
                Atom::ride(1, 0).symmetry(Symmetry::LeftRight),
                Atom::leap(0, 1).symmetry(Symmetry::FrontBack),
            ],
        ),
        // Queen: slides orthogonally or diagonally.
        PieceSpec::new("queen", "Q", 1200, vec![ROOK_SLIDE, BISHOP_SLIDE]),
        // Champion: one step orthogonally; leaps (2,0) or (2,2).
        PieceSpec::new(
            "champion",
            "C",
            550,
            vec![KING_STEP, Atom::leap(2, 0), Atom::leap(2, 2)],
        ),
    ];
    VariantSpec {
        fortress: region(FORTRESS),
        palace_points: region(X_POINTS),
        camp_depth: 3,
        facing: Facing::Files,
        stalemate: Stalemate::Loses,
        ..VariantSpec::new(
            (
                "meiriqi",
                "Meiriqi",
                "Glenn Overby's Beautiful Sun Chess: FIDE chess, Shogi and Xiangqi on 10x10",
            ),
            (10, 10),
            pieces,
            "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1",
        )
    }
}
