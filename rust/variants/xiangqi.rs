//! Xiangqi (Chinese chess) as Fairy-Stockfish plays it, with its FEN letters (docs/rules.md,
//! "Reference games"): a reference game for the palace, the River, blockable leaps (the Horse's
//! leg, the Elephant's eye), the Cannon and the flying general.

use super::{cannon_atoms, king, pawn, region, KING_DIAGONAL, KING_STEP, ROOK_SLIDE, STEP_FORWARD};
use crate::atom::{Atom, Origin, Symmetry};
use crate::variant::{Facing, PieceSpec, Stalemate, VariantSpec};

/// White's (Red's) palace; Black's is its mirror image.
const PALACE: &str = "d1-f3";

/// The rules of Xiangqi.
pub fn xiangqi() -> VariantSpec {
    let in_palace = |piece: PieceSpec| PieceSpec {
        confined_to: Some(region(PALACE)),
        ..piece
    };
    let pieces = vec![
        // General: one step orthogonally, inside the palace.
        in_palace(king(vec![KING_STEP])),
        // Advisor: one step diagonally, inside the palace.
        in_palace(PieceSpec::new("advisor", "A", 200, vec![KING_DIAGONAL])),
        // Elephant: two steps diagonally through an empty first square (the eye), never across
        // the River.
        PieceSpec {
            confined_to: Some(region("a1-i5")),
            ..PieceSpec::new("elephant", "B", 200, vec![Atom::through((1, 1), 1, 1)])
        },
        // Horse: one step orthogonally through an empty square (the leg), then one diagonally
        // outward.
        PieceSpec::new("horse", "N", 400, vec![Atom::through((0, 1), 1, 1)]),
        // Chariot: slides orthogonally.
        PieceSpec::new("chariot", "R", 900, vec![ROOK_SLIDE]),
        // Cannon: moves like a Chariot, captures by jumping exactly one screen.
        PieceSpec::new("cannon", "C", 450, cannon_atoms()),
        // Soldier: one step forward; across the River also one step sideways. Its moves do
        // not reset the halfmove clock (as Fairy-Stockfish counts it).
        PieceSpec {
            resets_clock: false,
            ..pawn(
                "P",
                vec![
                    STEP_FORWARD,
                    Atom::leap(1, 0)
                        .symmetry(Symmetry::LeftRight)
                        .origin(Origin::FromOwnRank(5)),
                ],
            )
        },
    ];
    VariantSpec {
        fortress: region(PALACE),
        palace_points: region("d1 f1 e2 d3 f3"),
        river: true,
        facing: Facing::Files,
        stalemate: Stalemate::Loses,
        ..VariantSpec::new(
            (
                "xiangqi",
                "Xiangqi",
                "Chinese chess (Asian rules as Fairy-Stockfish's), a reference game",
            ),
            (9, 10),
            pieces,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing;
    use crate::game::Game;
    use crate::{fen, perft, Variant};

    fn xiangqi() -> &'static Variant {
        Variant::by_name("xiangqi").unwrap()
    }

    fn legal_from(text: &str, origin: &str) -> Vec<String> {
        testing::from(&testing::legal("xiangqi", text), origin)
    }

    /// Fairy-Stockfish's perft from the start (docs/rules.md), computed by others.
    #[test]
    fn perft_of_the_start() {
        let mut start = fen::parse(xiangqi(), &xiangqi().spec().start_fen).unwrap();
        let counts: Vec<u64> = (1..=4)
            .map(|depth| perft::perft(&mut start, depth))
            .collect();
        assert_eq!(counts, [44, 1_920, 79_666, 3_290_240]);
    }

    #[test]
    #[ignore]
    fn deep_perft() {
        let mut start = fen::parse(xiangqi(), &xiangqi().spec().start_fen).unwrap();
        assert_eq!(perft::perft(&mut start, 5), 133_312_995);
    }

    #[test]
    fn legs_eyes_palace_and_the_flying_general() {
        // The Horse on b1 is hobbled by the piece on b2 (no b1a3, b1c3); its leg to d2 is c1.
        let hobbled = legal_from("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w - - 0 1", "b1");
        assert_eq!(hobbled, ["b1d2"]);
        // The Elephant on c1 is blocked at its eye d2; it never crosses the River.
        assert_eq!(
            legal_from("3k5/9/9/9/9/9/9/9/3P5/2B1K4 w - - 0 1", "c1"),
            ["c1a3"]
        );
        assert_eq!(
            legal_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c5"),
            ["c5a3", "c5e3"]
        );
        // The General stays in its palace and may not face the other General.
        assert_eq!(
            legal_from("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1"),
            ["e1e2", "e1f1"]
        );
    }

    #[test]
    fn stalemate_loses() {
        // Black's General on d10 is boxed in by the Chariots and cannot move: Black loses.
        let mut game = Game::from_fen(xiangqi(), "3k5/R8/9/9/9/9/9/9/9/4RK3 b - - 0 1").unwrap();
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(crate::Color::White));
    }
}
