//! The example moves a player is shown for a variant: those its file gives
//! ([`crate::presentation::Presentation`]), else the first legal moves of its start.

use crate::game::Game;
use crate::san;
use crate::variant::Variant;

/// How many of the start's moves are shown in SAN, and how many in coordinates, when the file
/// gives none.
const FROM_THE_START: (usize, usize) = (3, 2);

/// Example moves of `variant`: in SAN, then in coordinates.
pub fn examples(variant: &'static Variant) -> (Vec<String>, Vec<String>) {
    let presentation = &variant.spec().presentation;
    let (mut in_san, mut in_coordinates) = (
        presentation.example_san.clone(),
        presentation.example_coordinates.clone(),
    );
    if in_san.is_empty() || in_coordinates.is_empty() {
        let mut game = Game::start(variant);
        let moves = game.legal_moves();
        if in_san.is_empty() {
            let position = game.position_mut();
            in_san = (moves.iter().take(FROM_THE_START.0))
                .map(|&mv| san::write(position, mv))
                .collect();
        }
        if in_coordinates.is_empty() {
            in_coordinates = (moves.iter().take(FROM_THE_START.1))
                .map(|mv| mv.uci().to_text(variant))
                .collect();
        }
    }
    (in_san, in_coordinates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_examples_are_shown_and_the_start_s_moves_otherwise() {
        let (in_san, in_coordinates) = examples(Variant::meiriqi());
        assert_eq!(in_san, ["c4", "Nb4", "Lxe5", "Sd8=O"]);
        assert_eq!(in_coordinates, ["c3c4", "c7d8o"]);
        let text = crate::catalog::built_in_file("meiriqi")
            .unwrap()
            .replace("name = \"meiriqi\"", "name = \"meiriqi-examples\"")
            .replace("title = \"Meiriqi\"", "title = \"Meiriqi examples\"");
        let start = text.find("\n[examples]").unwrap();
        let end = start + text[start + 1..].find("\n[").unwrap() + 1;
        let text = format!("{}{}", &text[..start], &text[end..]);
        let variant = crate::catalog::load(&text, "examples.toml").unwrap();
        let mut game = Game::start(variant);
        let first = game.legal_moves()[0];
        let (in_san, in_coordinates) = examples(variant);
        assert_eq!((in_san.len(), in_coordinates.len()), (3, 2));
        assert_eq!(in_san[0], san::write(game.position_mut(), first));
        assert_eq!(in_coordinates[0], first.uci().to_text(variant));
    }
}
