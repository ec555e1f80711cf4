//! Mĕirìqí (Beautiful Sun Chess), Glenn Overby's 10x10 blend of FIDE chess, Shogi and Xiangqi.
//! The rules are in RULES.md §1; every line below quotes the movement it encodes.

use super::{
    confined, piece, promoting, BISHOP_SLIDE, KING_DIAGONAL, KING_STEP, KNIGHT_LEAP, ROOK_SLIDE,
};
use crate::atom::{Atom, Mode, Origin, Symmetry};
use crate::geometry::Dimensions;
use crate::piece::Kind;
use crate::variant::{PieceRule, PromotionChoice, Stalemate, VariantSpec};

/// White's fortress; Black's is its mirror image (h8–j10).
const FORTRESS: &[&str] = &["h1", "i1", "j1", "h2", "i2", "j2", "h3", "i3", "j3"];
/// The five 'X' points of White's fortress, the only squares a Mandarin may stand on.
const X_POINTS: &[&str] = &["h1", "j1", "i2", "h3", "j3"];

/// Every piece of the game with its movement, from White's point of view.
const PIECES: &[PieceRule] = &[
    // King: one step in any of 8 directions; never leaves its own fortress.
    confined(Kind::King, &[KING_STEP, KING_DIAGONAL], FORTRESS),
    // Mandarin: one step diagonally; never leaves its fortress's five 'X' points.
    confined(Kind::Mandarin, &[KING_DIAGONAL], X_POINTS),
    // Pegasus: leaps (3,2) or (4,1) in any orientation.
    piece(Kind::Pegasus, &[Atom::leap(3, 2), Atom::leap(4, 1)]),
    // Gryphon: one diagonal step; then, through that empty square, a slide orthogonally outward.
    piece(Kind::Gryphon, &[KING_DIAGONAL, Atom::bent((1, 1), (1, 0))]),
    // Eagle: slides diagonally forward; slides straight backward; one step straight forward or
    // sideways; one or two steps diagonally backward.
    piece(
        Kind::Eagle,
        &[
            Atom::ride(1, 1).symmetry(Symmetry::LeftRight),
            Atom::ride(0, -1).symmetry(Symmetry::None),
            Atom::leap(0, 1).symmetry(Symmetry::None),
            Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
            Atom::ride(1, -1).limit(2).symmetry(Symmetry::LeftRight),
        ],
    ),
    // Rhino: one orthogonal step; then, through that empty square, a crooked slide alternating
    // a diagonal step outward and the first orthogonal step.
    piece(Kind::Rhino, &[KING_STEP, Atom::crooked((0, 1), (1, 1))]),
    // Wildebeest: leaps (2,1) or (3,1).
    piece(Kind::Wildebeest, &[KNIGHT_LEAP, Atom::leap(3, 1)]),
    // Knight: leaps (2,1). Promotes to Janus.
    promoting(Kind::Knight, &[KNIGHT_LEAP], Kind::Janus),
    // Gold: one step orthogonally, or diagonally forward. Promotes to Rook.
    promoting(
        Kind::Gold,
        &[KING_STEP, Atom::leap(1, 1).symmetry(Symmetry::LeftRight)],
        Kind::Rook,
    ),
    // Silver: one step diagonally, or straight forward. Promotes to Ogyo.
    promoting(
        Kind::Silver,
        &[KING_DIAGONAL, Atom::leap(0, 1).symmetry(Symmetry::None)],
        Kind::Ogyo,
    ),
    // Lion: leaps (2,0) or (2,2) to move or capture; captures (never moves) on adjacent squares.
    // Promotes to Queen.
    promoting(
        Kind::Lion,
        &[
            Atom::leap(2, 0),
            Atom::leap(2, 2),
            KING_STEP.mode(Mode::CaptureOnly),
            KING_DIAGONAL.mode(Mode::CaptureOnly),
        ],
        Kind::Queen,
    ),
    // Pawn: quiet step forward or sideways; captures one step diagonally forward; from its own
    // third rank also two squares straight forward through an empty square (never a capture).
    // Promotes to Champion.
    promoting(
        Kind::Pawn,
        &[
            Atom::leap(0, 1)
                .symmetry(Symmetry::None)
                .mode(Mode::MoveOnly),
            Atom::leap(1, 0)
                .symmetry(Symmetry::LeftRight)
                .mode(Mode::MoveOnly),
            Atom::leap(1, 1)
                .symmetry(Symmetry::LeftRight)
                .mode(Mode::CaptureOnly),
            Atom::through((0, 1), 0, 1)
                .symmetry(Symmetry::None)
                .mode(Mode::MoveOnly)
                .origin(Origin::OwnRank(2)),
        ],
        Kind::Champion,
    ),
    // Janus: leaps like a Knight or slides like a Bishop.
    piece(Kind::Janus, &[KNIGHT_LEAP, BISHOP_SLIDE]),
    // Rook: slides orthogonally.
    piece(Kind::Rook, &[ROOK_SLIDE]),
    // Ogyo: slides along the rank; one step forward or back.
    piece(
        Kind::Ogyo,
        &[
            Atom::ride(1, 0).symmetry(Symmetry::LeftRight),
            Atom::leap(0, 1).symmetry(Symmetry::FrontBack),
        ],
    ),
    // Queen: slides orthogonally or diagonally.
    piece(Kind::Queen, &[ROOK_SLIDE, BISHOP_SLIDE]),
    // Champion: one step orthogonally; leaps (2,0) or (2,2).
    piece(
        Kind::Champion,
        &[KING_STEP, Atom::leap(2, 0), Atom::leap(2, 2)],
    ),
];

/// The rules of Mĕirìqí.
pub const MEIRIQI: VariantSpec = VariantSpec {
    name: "meiriqi",
    title: "Meiriqi",
    dimensions: Dimensions {
        files: 10,
        ranks: 10,
    },
    pieces: PIECES,
    start_fen:
        "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1",
    fortress: FORTRESS,
    palace_points: X_POINTS,
    camp_depth: 3,
    facing_kings: true,
    description: "Glenn Overby's Beautiful Sun Chess: FIDE chess, Shogi and Xiangqi on 10x10",
    promotion_choice: PromotionChoice::AnyKind,
    stalemate: Stalemate::Loses,
    en_passant: false,
    king_swap: false,
    chess_draws: false,
};
