//! FIDE chess as python-chess plays it (docs/rules.md, "Reference games"): a reference game that
//! proves castling, en passant and promotion against counts others computed. Kinds are numbered
//! as python-chess numbers them (Pawn 1 ... King 6).

use super::{king, pawn, promotion, region, BISHOP_SLIDE, KING_DIAGONAL, KING_STEP, KNIGHT_LEAP, PAWN_CAPTURE, PAWN_PUSH, ROOK_SLIDE};
use crate::atom::{Atom, Mode, Origin, Symmetry};
use crate::geometry::Dimensions;
use crate::region::Region;
use crate::variant::{
    CastlingSpec, Compulsory, DeadPositions, Facing, PieceSpec, Stalemate, VariantSpec, WingSpec,
};

/// The rules of FIDE chess.
pub fn chess() -> VariantSpec {
    let pieces = vec![
        // Pawn: one step forward, two from its second rank through an empty square; captures
        // one step diagonally forward; on the last rank it must become a Knight, Bishop, Rook
        // or Queen.
        PieceSpec {
            promotion: Some(promotion(&["N", "B", "R", "Q"], false, Compulsory::Always)),
            ..pawn(
                "P",
                vec![
                    PAWN_PUSH,
                    Atom::through((0, 1), 0, 1)
                        .symmetry(Symmetry::None)
                        .mode(Mode::MoveOnly)
                        .origin(Origin::OwnRank(1)),
                    PAWN_CAPTURE,
                ],
            )
        },
        PieceSpec::new("knight", "N", 300, vec![KNIGHT_LEAP]),
        PieceSpec::new("bishop", "B", 320, vec![BISHOP_SLIDE]),
        PieceSpec::new("rook", "R", 500, vec![ROOK_SLIDE]),
        PieceSpec::new("queen", "Q", 900, vec![ROOK_SLIDE, BISHOP_SLIDE]),
        king(vec![KING_STEP, KING_DIAGONAL]),
    ];
    // Castling: the King on e1 with the Rook on h1 (to g1 and f1) or on a1 (to c1 and d1).
    let wing = |letter: char, rook: &str, king_to: u8, rook_to: u8| WingSpec {
        letter,
        rook: "R".into(),
        rook_region: region(rook),
        king_to,
        rook_to,
    };
    VariantSpec {
        name: "chess".into(),
        title: "Chess".into(),
        description: "FIDE chess, a reference game for the engine's castling and en passant".into(),
        dimensions: Dimensions { files: 8, ranks: 8 },
        pieces,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        fortress: Region::default(),
        palace_points: Region::default(),
        river: false,
        camp_depth: 1,
        promotes_leaving_zone: false,
        facing: Facing::Allowed,
        stalemate: Stalemate::Draws,
        en_passant: true,
        king_swap: false,
        castling: Some(CastlingSpec {
            king_region: region("e1"),
            wings: vec![wing('K', "h1", 6, 5), wing('Q', "a1", 2, 3)],
        }),
        hands: false,
        chess_draws: true,
        dead_positions: DeadPositions::Chess,
    }
}
