//! Tests of `janggi` (Fairy-Stockfish's game of that name): perft from the start as pyffish
//! counts it through move lists, passing, bikjang and the material count that scores the games
//! they end. `tests/test_fsf_janggi.py` plays random games against pyffish.

use super::perft_counts;
use crate::fen;
use crate::game::{Game, Outcome, Termination};
use crate::moves::Move;
use crate::piece::Color;
use crate::Variant;

fn janggi() -> &'static Variant {
    Variant::by_name("janggi").expect("a built-in variant")
}

/// Plays `moves` (coordinates) from `text`.
fn played(text: &str, moves: &str) -> Game {
    super::testing::played("janggi", text, moves)
}

fn from_start(moves: &str) -> Game {
    played(&janggi().spec().start_fen, moves)
}

fn legal(game: &mut Game) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|mv| mv.uci().to_text(janggi()))
        .collect();
    moves.sort();
    moves
}

#[test]
fn perft_of_the_start() {
    // 33,000 at depth 3: two passes in a row end the game, so nothing follows e2e2 e9e9.
    perft_counts::check("janggi start", perft_counts::SHALLOW);
}

#[test]
fn a_pass_counts_for_the_clock_and_changes_nothing_else() {
    let mut game = from_start("e2e2");
    assert_eq!(
        fen::write(game.position()),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
    assert_eq!(
        game.moves(),
        [Move::pass(game.position().king(Color::White).unwrap())]
    );
    assert_eq!(game.position().passes(), 1);
    assert_eq!(game.outcome(), None);
    game.pop();
    assert_eq!(game.position().passes(), 0);
    // A move between two passes: the game goes on.
    let mut game = from_start("e2e2 b10c8 e2e2");
    assert_eq!(game.outcome(), None);
    assert!(legal(&mut game).contains(&"e9e9".to_string()));
}

#[test]
fn two_passes_end_the_game_scored_by_material() {
    // Level material: Black's komi wins.
    let mut game = from_start("e2e2 e9e9");
    assert!(legal(&mut game).is_empty());
    let double_pass = |winner| Outcome {
        termination: Termination::DoublePass,
        winner: Some(winner),
    };
    assert_eq!(game.outcome(), Some(double_pass(Color::Black)));
    // White a Chariot up.
    let mut game = from_start("a4b4 a7b7 a1a10 e9e9 e2e2");
    assert_eq!(game.outcome(), Some(double_pass(Color::White)));
    // The position set up from FEN has no history: the game goes on.
    let text = fen::write(game.position());
    let mut game = Game::from_fen(janggi(), &text).unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_pass_is_illegal_in_check() {
    let mut game = Game::from_fen(janggi(), "4r4/9/3k5/9/9/9/9/9/4K4/9 w - - 0 1").unwrap();
    assert!(game.position().is_check());
    assert!(!legal(&mut game).contains(&"e2e2".to_string()));
}

#[test]
fn in_bikjang_the_side_to_move_breaks_the_line_or_passes() {
    // The Soldiers leave the e-file: the Kings face each other.
    let mut game = from_start("e4d4 e7f7");
    assert!(game.position().in_bikjang());
    assert_eq!(
        legal(&mut game),
        ["c1e4", "d4e4", "e2d2", "e2d3", "e2e2", "e2f2", "e2f3", "g1e4"]
    );
    // A pass there ends the game, scored by material: level, so Black wins.
    let mut passed = from_start("e4d4 e7f7 e2e2");
    assert!(legal(&mut passed).is_empty());
    assert_eq!(
        passed.outcome(),
        Some(Outcome {
            termination: Termination::Bikjang,
            winner: Some(Color::Black),
        })
    );
    // In check and in bikjang, the pass is still legal.
    let mut game = Game::from_fen(janggi(), "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1").unwrap();
    assert!(game.position().is_check());
    assert!(legal(&mut game).contains(&"e2e2".to_string()));
}

#[test]
fn passes_read_and_write_in_every_notation() {
    let mut game = from_start("");
    let position = game.position_mut();
    let pass = crate::san::parse(position, "Ke2").unwrap();
    assert!(pass.is_pass());
    assert_eq!(crate::san::write(position, pass), "Ke2");
    assert_eq!(position.parse_uci("e2e2").unwrap(), Some(pass));
    for word in ["pass", "Pass", "@@@@"] {
        assert_eq!(crate::san::parse(position, word), Ok(pass));
    }
    let mut checked = Game::from_fen(janggi(), "4r4/9/3k5/9/9/9/9/9/4K4/9 w - - 0 1").unwrap();
    let refused = crate::san::parse(checked.position_mut(), "pass").unwrap_err();
    assert!(refused.to_string().contains("in check"), "{refused}");
    let error =
        crate::moves::UciMove::parse("e2e2", Variant::by_name("xiangqi").unwrap()).unwrap_err();
    assert!(error.0.contains("same square"), "{error}");
    assert!(crate::moves::UciMove::parse("e2e2q", janggi()).is_err());
}
