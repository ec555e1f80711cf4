//! Tests of Yáng Qí and its options as their variant files define them (`python/meiriqi/variants/`): hand-built
//! positions for the rules and perft against published or independent counts.

use super::testing::{from, legal};
use crate::game::{Game, Termination};
use crate::{fen, Variant};

/// Plays the legal move `text` (coordinate notation).
fn play(game: &mut Game, text: &str) {
    let mv = game.position_mut().parse_uci(text).unwrap().expect("legal");
    game.push(mv).unwrap();
}

/// Whether `text` (coordinate notation) is a legal move now.
fn is_legal(game: &mut Game, text: &str) -> bool {
    game.position_mut().parse_uci(text).unwrap().is_some()
}

fn game(variant: &str, text: &str) -> Game {
    Game::from_fen(Variant::by_name(variant).unwrap(), text).unwrap()
}

#[test]
fn start_positions() {
    // docs/rules.md, Yáng Qí: 55 ordinary moves plus the King's two swaps with the Vaos.
    let start = legal(
        "yangqi",
        &Variant::by_name("yangqi").unwrap().spec().start_fen,
    );
    assert_eq!(start.len(), 57);
    assert_eq!(from(&start, "e1"), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // Counted by hand for the Chinese setup: pawns 5, Knights 6, Rooks 4, Bishops 16, Vaos 6,
    // Cannons 24 (each a capture over the enemy Cannon), King 5 (two swaps).
    let counts: Vec<usize> = [
        "yangqi-chinese",
        "yangqi-quickpawns",
        "yangqi-berolina",
        "yangqi-chinesepawns",
    ]
    .iter()
    .map(|name| {
        legal(
            name,
            Variant::by_name(name).unwrap().spec().start_fen.as_str(),
        )
        .len()
    })
    .collect();
    assert_eq!(counts, [66, 61, 69, 66]);
    for name in [
        "yangqi",
        "yangqi-chinese",
        "yangqi-quickpawns",
        "yangqi-berolina",
        "yangqi-chinesepawns",
    ] {
        let variant = Variant::by_name(name).unwrap();
        let start = fen::parse(variant, variant.spec().start_fen.as_str()).unwrap();
        assert_eq!(fen::write(&start), variant.spec().start_fen, "{name}");
    }
}

#[test]
fn cannons_capture_over_exactly_one_screen() {
    // The Cannon on b2 moves quietly along its lines; the enemy Cannon on c2 right beside it
    // is no capture (no screen) but is the screen for capturing the Bishop on d2.
    let text = "4k4/9/4n4/9/9/4I4/9/9/1Ppb1ir2/K8 w - - 0 1";
    let moves = legal("yangqi", text);
    let quiet = [
        "b2a2", "b2b1", "b2b10", "b2b3", "b2b4", "b2b5", "b2b6", "b2b7", "b2b8", "b2b9",
    ];
    assert_eq!(from(&moves, "b2"), [&quiet[..], &["b2d2"]].concat());
    // The Cannon on e2 captures the Knight on e8 over its own pawn on e5, and the pawn on g2
    // over the Bishop on f2, but nothing beyond g2 and not the pawn on d2 right beside it.
    let text = "4k4/9/4n4/9/9/4I4/9/9/3pPbir1/K8 w - - 0 1";
    let moves = from(&legal("yangqi", text), "e2");
    assert_eq!(moves, ["e2e1", "e2e3", "e2e4", "e2e8", "e2g2"]);
}

#[test]
fn en_passant_only_right_after_a_double_step() {
    let mut game = game("yangqi", "4k4/9/4i4/9/3I5/9/9/9/9/4K4 b - - 0 1");
    play(&mut game, "e8e6");
    assert_eq!(
        fen::write(game.position()),
        "4k4/9/9/9/3Ii4/9/9/9/9/4K4 w - e7 0 2"
    );
    let mut right_away = game.clone();
    play(&mut right_away, "d6e7");
    assert_eq!(
        fen::write(right_away.position()),
        "4k4/9/9/4I4/9/9/9/9/9/4K4 b - - 0 2"
    );
    play(&mut game, "e1e2");
    play(&mut game, "e10e9");
    assert!(!is_legal(&mut game, "d6e7"));
}

#[test]
fn no_swap_in_check_and_no_swap_with_pawns() {
    // The Rook on e10 checks the King on e1; the Vao on d1 may not swap in.
    let moves = legal("yangqi", "k3r4/9/9/9/9/9/9/9/5I3/3VK4 w - - 0 1");
    assert!(!moves.iter().any(|uci| uci == "e1d1"), "{moves:?}");
    let quiet = from(
        &legal("yangqi", "k8/9/9/9/9/9/9/9/5I3/3VK4 w - - 0 1"),
        "e1",
    );
    assert_eq!(quiet, ["e1d1", "e1d2", "e1e2", "e1f1"]);
}

#[test]
fn promotion_only_to_captured_kinds() {
    // Nothing captured: the pawn on a9 may not step to a10.
    let full = "4k4/I8/9/9/9/9/9/9/1P5P1/RNBVKVBNR w - - 0 1";
    assert!(from(&legal("yangqi", full), "a9").is_empty());
    // The start has two Rooks, two Knights, two Bishops, two Vaos and two Cannons; here one
    // Rook and both Cannons are gone: exactly those types.
    let one = "4k4/I8/9/9/9/9/9/9/1P5P1/1NBVKVBNR w - - 0 1";
    assert_eq!(from(&legal("yangqi", one), "a9"), ["a9a10r"]);
    let some = "4k4/I8/9/9/9/9/9/9/9/1NBVKVBNR w - - 0 1";
    assert_eq!(from(&legal("yangqi", some), "a9"), ["a9a10p", "a9a10r"]);
    // Chinese pawns may promote to anything but a King or a pawn, or stay.
    let chinese = "4k4/I8/9/9/9/9/9/9/9/RNBVKVBNR w - - 0 1";
    assert_eq!(
        from(&legal("yangqi-chinesepawns", chinese), "a9"),
        ["a9a10", "a9a10b", "a9a10n", "a9a10p", "a9a10r", "a9a10v", "a9b9"]
    );
}

#[test]
fn quickpawns_step_two_from_any_rank_and_are_taken_en_passant() {
    // A White pawn on e5 (its fifth rank) may step two; the Black pawn on d7 takes it en passant.
    let mut game = game("yangqi-quickpawns", "4k4/9/9/3i5/9/4I4/9/9/9/4K4 w - - 0 1");
    assert_eq!(
        from(
            &legal("yangqi-quickpawns", &fen::write(game.position())),
            "e5"
        ),
        ["e5e6", "e5e7"]
    );
    play(&mut game, "e5e7");
    assert_eq!(
        game.position().legal_en_passant().map(|s| s.to_string()),
        Some("e6".to_string())
    );
    assert!(is_legal(&mut game, "d7e6"));
    play(&mut game, "d7e6");
    assert_eq!(
        fen::write(game.position()),
        "4k4/9/9/9/4i4/9/9/9/9/4K4 w - - 0 2"
    );
    // Two squares only through an empty square.
    let blocked = legal("yangqi-quickpawns", "4k4/9/9/9/4n4/4I4/9/9/9/4K4 w - - 0 1");
    assert!(from(&blocked, "e5").is_empty(), "{blocked:?}");
}

#[test]
fn berolina_pawns_move_diagonally_and_capture_straight() {
    let moves = legal("yangqi-berolina", "4k4/9/9/9/4n4/4I4/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&moves, "e5"), ["e5d6", "e5e6", "e5f6"]);
    let quiet = legal("yangqi-berolina", "4k4/9/9/9/3nnn3/4I4/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&quiet, "e5"), ["e5e6"]);
}

#[test]
fn chinese_pawns_go_sideways_from_the_sixth_rank() {
    let fifth = legal("yangqi-chinesepawns", "4k4/9/9/9/9/4I4/9/9/9/K8 w - - 0 1");
    assert_eq!(from(&fifth, "e5"), ["e5e6"]);
    let sixth = legal("yangqi-chinesepawns", "4k4/9/9/9/4Ir3/9/9/9/9/K8 w - - 0 1");
    assert_eq!(from(&sixth, "e6"), ["e6d6", "e6e7", "e6f6"]);
    let black = legal("yangqi-chinesepawns", "k8/9/9/9/9/4i4/9/9/9/4K4 b - - 0 1");
    assert_eq!(from(&black, "e5"), ["e5d5", "e5e4", "e5f5"]);
}

#[test]
fn draws() {
    // The King on a8 covers a9 and b9, the Rook on b1 the b file: Black cannot move.
    let mut stalemate = game("yangqi", "k8/9/K8/9/9/9/9/9/9/1R7 b - - 0 1");
    let outcome = stalemate.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Stalemate, None)
    );
    let mut bare = game("yangqi", "k8/9/9/9/9/9/9/9/9/8K w - - 0 1");
    assert_eq!(
        bare.outcome().unwrap().termination,
        Termination::InsufficientMaterial
    );
    let mut slow = game("yangqi", "k8/9/9/9/9/9/9/9/9/7RK w - - 150 90");
    assert_eq!(
        slow.outcome().unwrap().termination,
        Termination::SeventyFiveMoves
    );
    let mut claim = game("yangqi", "k8/9/9/9/9/9/9/9/9/7RK w - - 100 90");
    assert_eq!(claim.outcome(), None);
    assert_eq!(
        claim.outcome_with_claims().unwrap().termination,
        Termination::FiftyMoves
    );
}

/// Perft of every Yáng Qí start to depth 3, computed by the pure-Python reference
/// (`tests/perft.toml`).
#[test]
fn perft_of_the_starts() {
    for name in [
        "yangqi",
        "yangqi-chinese",
        "yangqi-quickpawns",
        "yangqi-berolina",
        "yangqi-chinesepawns",
    ] {
        super::perft_counts::check(&format!("{name} start"), super::perft_counts::SHALLOW);
    }
}
