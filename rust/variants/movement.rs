//! Tests of the movement mechanisms no built-in variant uses, on the test games of
//! `tests/variants/`: perft from their starts against Fairy-Stockfish's counts for the same
//! games (pyffish, move by move), and hand-built positions.

use super::testing::movement_variant;
use crate::game::Game;
use crate::{fen, perft};

/// perft of the test game `name` from its start, depth 1 up.
fn start_perfts(name: &str) -> Vec<u64> {
    let variant = movement_variant(name);
    let mut start = fen::parse(variant, &variant.spec().start_fen).unwrap();
    (1..=3)
        .map(|depth| perft::perft(&mut start, depth))
        .collect()
}

/// The legal moves of the piece on `origin` in `text` of the test game `name`, sorted.
fn moves_from(name: &str, text: &str, origin: &str) -> Vec<String> {
    let variant = movement_variant(name);
    let mut moves: Vec<String> = Game::from_fen(variant, text)
        .unwrap()
        .legal_moves()
        .into_iter()
        .map(|mv| mv.uci().to_text(variant))
        .filter(|uci| uci.starts_with(origin))
        .collect();
    moves.sort();
    moves
}

#[test]
fn perft_of_the_starts() {
    assert_eq!(start_perfts("janggi-moves"), [31, 961, 30_353]);
    assert_eq!(start_perfts("tori-moves"), [17, 288, 4_919]);
    assert_eq!(start_perfts("hoppers"), [34, 1_062, 35_265]);
}

/// The legal moves of `text` in the test game `name`, sorted.
fn legal(name: &str, text: &str) -> Vec<String> {
    moves_from(name, text, "")
}

#[test]
fn janggi_cannons_neither_jump_nor_take_cannons() {
    // Up the b-file the first piece is a Cannon: no hop; along the rank it jumps the Soldier.
    let moves = moves_from(
        "janggi-moves",
        "3k5/9/1p7/9/1c7/9/1C1P5/9/4K4/1c7 w - - 0 1",
        "b4",
    );
    assert_eq!(moves, ["b4e4", "b4f4", "b4g4", "b4h4", "b4i4"]);
    // Taking the Cannon on e5 would make the Chariot a screen for the Cannon on e8.
    let moves = moves_from(
        "janggi-moves",
        "3k5/9/4c4/9/9/R3c4/9/9/4K4/9 w - - 0 1",
        "a5",
    );
    assert!(moves.contains(&"a5d5".to_string()) && !moves.contains(&"a5e5".to_string()));
}

#[test]
fn janggi_pieces_on_the_palace_points_move_along_its_lines() {
    // The Chariot on d3 would go on to e2 and f1, the Cannon on f3 hop e2 to d1: both are
    // blocked by their own pieces; the King on d1 has no diagonal but e2's.
    let moves = legal("janggi-moves", "4k4/9/9/9/9/9/9/3R1C3/4P4/3K5 w - - 0 1");
    let expected = [
        "d1d2", "d1e1", "d3a3", "d3b3", "d3c3", "d3d10", "d3d2", "d3d4", "d3d5", "d3d6", "d3d7",
        "d3d8", "d3d9", "d3e3", "e2d2", "e2e3", "e2f2", "f3a3", "f3b3", "f3c3",
    ];
    assert_eq!(moves, expected);
    // A Black Soldier in White's palace steps forward along its lines too, to d1 and f1.
    let moves = moves_from("janggi-moves", "3k5/9/9/9/9/9/9/3K5/4p4/9 b - - 0 1", "e2");
    assert_eq!(moves, ["e2d1", "e2d2", "e2e1", "e2f1", "e2f2"]);
}

#[test]
fn the_janggi_elephant_is_blocked_on_either_square_it_passes() {
    // From d3: to g5 and g1 over e3 (blocked), to b6 over d4 and c5 (blocked on c5).
    let moves = moves_from(
        "janggi-moves",
        "3k5/9/9/9/9/2p6/9/3BP4/9/4K4 w - - 0 1",
        "d3",
    );
    assert_eq!(moves, ["d3a1", "d3a5", "d3f6"]);
}

#[test]
fn tori_quails_move_for_black_as_white_turned_half_a_turn() {
    let white = moves_from("tori-moves", "7/7/7/K2L2k/7/7/7 w - - 0 1", "d4");
    assert_eq!(
        white,
        ["d4c3", "d4d5", "d4d6", "d4d7", "d4e3", "d4f2", "d4g1"]
    );
    let black = moves_from("tori-moves", "7/7/7/K2l2k/7/7/7 b - - 0 1", "d4");
    assert_eq!(
        black,
        ["d4a7", "d4b6", "d4c5", "d4d1", "d4d2", "d4d3", "d4e5"]
    );
    let white = moves_from("tori-moves", "7/7/7/K2R2k/7/7/7 w - - 0 1", "d4");
    assert_eq!(
        white,
        ["d4a1", "d4b2", "d4c3", "d4d5", "d4d6", "d4d7", "d4e3"]
    );
    let black = moves_from("tori-moves", "7/7/7/K2r2k/7/7/7 b - - 0 1", "d4");
    assert_eq!(
        black,
        ["d4c5", "d4d1", "d4d2", "d4d3", "d4e5", "d4f6", "d4g7"]
    );
}

#[test]
fn hoppers_of_limited_range_and_modality() {
    // pR2: only over a screen next to it, to the square right behind.
    let moves = moves_from("hoppers", "4k3/8/8/8/1P1APp2/8/8/4K3 w - - 0 1", "d4");
    assert_eq!(moves, ["d4f4"]);
    // mpRcgB: moves beyond a screen orthogonally (never capturing: not f4 nor d6), captures
    // right behind a screen diagonally.
    let moves = moves_from("hoppers", "4k3/8/3p4/8/1P1C1p2/8/8/4K3 w - - 0 1", "d4");
    assert_eq!(moves, ["d4a4", "d4d7", "d4d8", "d4g4", "d4h4"]);
    // mgQcpR3: moves right behind a screen, captures over one within three squares.
    let moves = moves_from("hoppers", "4k3/8/3p4/8/1P1H1p1p/8/8/4K3 w - - 0 1", "d4");
    assert_eq!(moves, ["d4a4", "d4d7", "d4g4"]);
}

#[test]
fn pawn_steps_of_fairy_stockfishs_games_are_atoms() {
    // Horde's White Pawns step two squares from their first rank as from their second, as
    // Fairy-Stockfish's "horde" lets them (a1a3, b2b4 in this position, as pyffish lists).
    let horde = r#"extends = "chess"
name = "horde-pawn-steps"
title = "Horde pawn steps"

[[pieces]]
name = "pawn"
symbol = "P"
value = 100
roles = ["pawn"]
resets-clock = true
swappable = false
promotion = { to = ["N", "B", "R", "Q"], compulsory = "always" }
moves = [
    { leap = [0, 1], mode = "move-only", symmetry = "none" },
    { leap = [0, 1], through = [0, 1], mode = "move-only", symmetry = "none", on-rank = 1 },
    { leap = [0, 1], through = [0, 1], mode = "move-only", symmetry = "none", on-rank = 2 },
    { leap = [1, 1], mode = "capture-only", symmetry = "left-right" },
]
"#;
    let variant = crate::catalog::load(horde, "horde-pawn-steps").unwrap();
    let mut moves: Vec<String> = Game::from_fen(variant, "4k3/8/8/8/8/8/1P6/P3K3 w - - 0 1")
        .unwrap()
        .legal_moves()
        .into_iter()
        .map(|mv| mv.uci().to_text(variant))
        .filter(|uci| !uci.starts_with("e1"))
        .collect();
    moves.sort();
    assert_eq!(moves, ["a1a2", "a1a3", "b2b3", "b2b4"]);
}
