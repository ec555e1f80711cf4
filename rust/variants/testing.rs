//! Helpers of the variants' tests.

use crate::game::Game;
use crate::Variant;

/// The test games of `tests/variants/`, each exercising movement mechanisms that no built-in
/// variant uses (Janggi's palace lines and Cannon, Tori Shogi's turned quails, hoppers of
/// every kind), by name and file.
const MOVEMENT_FILES: &[(&str, &str)] = &[
    (
        "janggi-moves",
        include_str!("../../tests/variants/janggi-moves.toml"),
    ),
    (
        "tori-moves",
        include_str!("../../tests/variants/tori-moves.toml"),
    ),
    ("hoppers", include_str!("../../tests/variants/hoppers.toml")),
];

/// The test game of `tests/variants/` called `name`.
pub fn movement_variant(name: &str) -> &'static Variant {
    let (_, text) = MOVEMENT_FILES
        .iter()
        .find(|(known, _)| *known == name)
        .expect("a test game of tests/variants");
    crate::catalog::load(text, name).unwrap_or_else(|error| panic!("{error}"))
}

/// Every test game of `tests/variants/`.
pub fn movement_variants() -> impl Iterator<Item = &'static Variant> {
    MOVEMENT_FILES
        .iter()
        .map(|(name, _)| movement_variant(name))
}

/// Every variant the whole-engine tests go through: the built-in ones and the test games.
pub fn every_variant() -> impl Iterator<Item = &'static Variant> {
    Variant::all().chain(movement_variants())
}

/// The built-in variant called `name`.
pub fn built_in(name: &str) -> &'static Variant {
    Variant::by_name(name).expect("a built-in variant")
}

/// The start FEN of the built-in variant called `name`.
pub fn start(name: &str) -> String {
    built_in(name).spec().start_fen.clone()
}

/// The game after `moves` (coordinates) from `text` in the built-in variant called `name`.
pub fn played(name: &str, text: &str, moves: &str) -> Game {
    let mut game = Game::from_fen(built_in(name), text).unwrap();
    for text in moves.split_whitespace() {
        let mv = game
            .position_mut()
            .parse_uci(text)
            .unwrap()
            .unwrap_or_else(|| panic!("{text} is legal in {}", crate::fen::write(game.position())));
        game.push(mv).unwrap();
    }
    game
}

/// The legal moves of `text` in the variant called `variant`, in coordinate notation, sorted.
pub fn legal(variant: &str, text: &str) -> Vec<String> {
    let variant = built_in(variant);
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
