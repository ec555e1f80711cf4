//! Helpers of the variants' tests.

use crate::game::Game;
use crate::Variant;

/// The legal moves of `text` in the variant called `variant`, in coordinate notation, sorted.
pub fn legal(variant: &str, text: &str) -> Vec<String> {
    let variant = Variant::by_name(variant).expect("a built-in variant");
    let mut moves: Vec<String> = Game::from_fen(variant, text)
        .expect("a legal position")
        .legal_moves()
        .into_iter()
        .map(|mv| mv.uci().to_text(variant))
        .collect();
    moves.sort();
    moves
}

/// The moves of `moves` that start on `origin`.
pub fn from(moves: &[String], origin: &str) -> Vec<String> {
    moves
        .iter()
        .filter(|uci| uci.starts_with(origin))
        .cloned()
        .collect()
}
