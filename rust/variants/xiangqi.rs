//! Tests of Xiangqi as its variant file defines it (`python/meiriqi/variants/`): hand-built
//! positions for the rules and perft against published or independent counts.

use super::{perft_counts, testing};
use crate::game::Game;
use crate::Variant;

fn xiangqi() -> &'static Variant {
    Variant::by_name("xiangqi").unwrap()
}

fn legal_from(text: &str, origin: &str) -> Vec<String> {
    testing::from(&testing::legal("xiangqi", text), origin)
}

/// Fairy-Stockfish's perft from the start (`tests/perft.toml`), computed by others.
#[test]
fn perft_of_the_start() {
    perft_counts::check("xiangqi start", perft_counts::SHALLOW);
}

#[test]
#[ignore]
fn deep_perft() {
    perft_counts::check("xiangqi start", u64::MAX);
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
