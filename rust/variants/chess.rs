//! Tests of FIDE chess as its variant file defines it (`python/meiriqi/variants/`): hand-built
//! positions for the rules and perft against published or independent counts.

use super::{perft_counts, testing};
use crate::game::{Game, Termination};
use crate::{fen, Variant};

fn chess() -> &'static Variant {
    Variant::by_name("chess").unwrap()
}

/// The chessprogramming wiki's test positions, whose counts others computed
/// (`tests/perft.toml`).
const PUBLISHED: [&str; 6] = [
    "chess start",
    "Kiwipete",
    "CPW position 3",
    "CPW position 4",
    "CPW position 4 mirrored",
    "CPW position 5",
];

#[test]
fn perft_of_the_published_positions() {
    for name in PUBLISHED {
        perft_counts::check(name, perft_counts::SHALLOW);
    }
}

/// The deeper published counts (seconds each): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn deep_perft() {
    for name in PUBLISHED {
        perft_counts::check(name, u64::MAX);
    }
}

fn legal(text: &str) -> Vec<String> {
    testing::legal("chess", text)
}

#[test]
fn castling_needs_rights_free_squares_and_no_attack() {
    let both = legal("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(both.contains(&"e1g1".to_string()) && both.contains(&"e1c1".to_string()));
    // A Rook on f8 covers f1: no castling through it; b1 attacked does not stop O-O-O.
    let through = legal("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!through.contains(&"e1g1".to_string()));
    let b_file = legal("rr2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(b_file.contains(&"e1c1".to_string()));
    // In check: no castling at all; without the right: none either.
    assert!(!legal("r3k2r/8/8/8/8/8/8/R3K1rR w KQ - 0 1")
        .iter()
        .any(|m| m == "e1g1"));
    assert!(!legal("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").contains(&"e1g1".to_string()));
}

#[test]
fn castling_rights_follow_king_and_rooks() {
    let mut game = Game::from_fen(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut play = |text: &str| {
        let mv = game.position_mut().parse_uci(text).unwrap().expect("legal");
        game.push(mv).unwrap();
        fen::write(game.position())
    };
    // A Rook leaving its corner, a Rook captured in its corner, the King moving.
    assert_eq!(play("a1a3"), "r3k2r/8/8/8/8/R7/8/4K2R b Kkq - 1 1");
    assert_eq!(play("h8h1"), "r3k3/8/8/8/8/R7/8/4K2r w q - 0 2");
    assert_eq!(play("e1e2"), "r3k3/8/8/8/8/R7/4K3/7r b q - 1 2");
    assert_eq!(play("e8c8"), "2kr4/8/8/8/8/R7/4K3/7r w - - 2 3");
}

#[test]
fn en_passant_and_promotion() {
    let moves = legal("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert!(moves.contains(&"e5d6".to_string()));
    let promotions = legal("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let b7: Vec<&String> = promotions.iter().filter(|m| m.starts_with("b7")).collect();
    assert_eq!(b7, ["b7b8b", "b7b8n", "b7b8q", "b7b8r"]);
}

#[test]
fn dead_positions_as_python_chess_reads_them() {
    let outcome = |text: &str| {
        Game::from_fen(chess(), text)
            .unwrap()
            .outcome()
            .map(|o| o.termination)
    };
    assert_eq!(
        outcome("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Some(Termination::InsufficientMaterial)
    );
    assert_eq!(
        outcome("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"),
        Some(Termination::InsufficientMaterial)
    );
    assert_eq!(outcome("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), None);
    assert_eq!(
        outcome("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        Some(Termination::InsufficientMaterial)
    );
    assert_eq!(outcome("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"), None);
    assert_eq!(
        outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Some(Termination::Stalemate)
    );
}
