//! Tests of Shogi as its variant file defines it (`python/meiriqi/variants/`): hand-built
//! positions for the rules and perft against published or independent counts.

use super::{perft_counts, testing};
use crate::game::Game;
use crate::{fen, Variant};

fn shogi() -> &'static Variant {
    Variant::by_name("shogi").unwrap()
}

fn legal(text: &str) -> Vec<String> {
    testing::legal("shogi", text)
}

/// Fairy-Stockfish's perft from the start (`tests/perft.toml`), computed by others.
#[test]
fn perft_of_the_start() {
    perft_counts::check("shogi start", perft_counts::SHALLOW);
}

#[test]
#[ignore]
fn deep_perft() {
    perft_counts::check("shogi start", u64::MAX);
}

#[test]
fn compulsory_promotion_only_where_a_piece_could_never_move() {
    // A Pawn on rank 8 may step to 9 only promoting; a Knight on rank 7 must promote on 9
    // (and on 8 too, where it could never move again).
    let pawn = legal("4k4/9/P8/9/9/9/9/9/4K4 w - - 0 1");
    assert!(pawn.contains(&"a7a8".to_string()) && pawn.contains(&"a7a8+".to_string()));
    let pawn = legal("4k4/P8/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(pawn.contains(&"a8a9+".to_string()) && !pawn.contains(&"a8a9".to_string()));
    let knight = legal("9/4k4/9/1N7/9/9/9/9/4K4 w - - 0 1");
    let jumps: Vec<&String> = knight.iter().filter(|m| m.starts_with("b6")).collect();
    assert_eq!(jumps, ["b6a8+", "b6c8+"]);
}

#[test]
fn drops_obey_the_pawn_rules() {
    // White has a Pawn in hand and a Pawn on the e file: no drop on the e file, none on the
    // last rank.
    let moves = legal("4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
    let drops: Vec<&String> = moves.iter().filter(|m| m.starts_with("P@")).collect();
    assert!(!drops
        .iter()
        .any(|m| m.starts_with("P@e") || m.ends_with('9')));
    assert_eq!(drops.len(), 8 * 8);
    // A Pawn drop on e8 would mate (Gold e7 guards it; the King has no flight): forbidden.
    let mate = legal("3pkp3/3s1s3/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(!mate.contains(&"P@e8".to_string()), "{mate:?}");
    // With a flight square it is allowed.
    let check = legal("4kp3/3s1s3/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(check.contains(&"P@e8".to_string()));
}

#[test]
fn fairy_stockfish_start_fen_is_read() {
    let short = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    let position = fen::parse(shogi(), short).unwrap();
    assert_eq!(fen::write(&position), shogi().spec().start_fen);
    assert!(fen::parse(shogi(), "4k4/9/9/9/9/9/9/9/4K4[] w 0 x").is_err());
}

#[test]
fn captures_go_to_hand_unpromoted() {
    let mut game = Game::from_fen(shogi(), "4k4/9/9/9/4+r4/4R4/9/9/4K4[] w - - 0 1").unwrap();
    let mv = game
        .position_mut()
        .parse_uci("e4e5")
        .unwrap()
        .expect("legal");
    game.push(mv).unwrap();
    assert_eq!(
        fen::write(game.position()),
        "4k4/9/9/9/4R4/9/9/9/4K4[R] b - - 0 1"
    );
}
