//! Tests of the six Wildeurasian games as their variant files define them (`python/meiriqi/variants/`): hand-built
//! positions for the rules and perft against published or independent counts.

use super::{perft_counts, testing};
use crate::game::{Game, Termination};
use crate::{fen, Color, Variant};

const MITREGI: &str = "wildeurasian-mitregi";
const BESTIARY: &str = "wildeurasian-bestiary";
const DENSE_RIM: &str = "wildeurasian-dense-rim-mitregi";
const DENSE_RIM_KOREAN: &str = "wildeurasian-dense-rim-mitregi-korean";

fn legal(variant: &str, text: &str) -> Vec<String> {
    testing::legal(variant, text)
}

fn legal_from(variant: &str, text: &str, origin: &str) -> Vec<String> {
    testing::from(&legal(variant, text), origin)
}

/// The six games, with and without Korean hoppers.
const ALL_SIX: [&str; 6] = [
    BESTIARY,
    MITREGI,
    DENSE_RIM,
    "wildeurasian-bestiary-korean",
    "wildeurasian-mitregi-korean",
    DENSE_RIM_KOREAN,
];

/// Perft of every start to depth 3: numbers computed by the pure-Python reference, an
/// independent reading of the rules (`tests/perft.toml`).
#[test]
fn perft_of_the_starts() {
    for name in ALL_SIX {
        perft_counts::check(&format!("{name} start"), perft_counts::SHALLOW);
    }
}

/// Depth 4, from the core alone (seconds each): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn deep_perft() {
    for name in ALL_SIX {
        perft_counts::check(&format!("{name} start"), u64::MAX);
    }
}

#[test]
fn forward_only_pieces_move_forward_for_both_colours() {
    // A White Helm on e5 leaps to d7 and f7; a Black one on e8 to d6 and f6.
    let board = "k11/12/12/12/4h7/12/12/4H7/12/12/11K/12[] w - - 0 1";
    assert_eq!(legal_from(MITREGI, board, "e5"), ["e5d7", "e5f7"]);
    let black = board.replace(" w ", " b ");
    assert_eq!(legal_from(MITREGI, &black, "e8"), ["e8d6", "e8f6"]);
    // The Hump leaps three ranks ahead on a neighbouring file.
    let hump = "k11/12/12/12/12/12/12/4J7/12/12/11K/12[] w - - 0 1";
    assert_eq!(legal_from(MITREGI, hump, "e5"), ["e5d8", "e5f8"]);
    // The Princeling steps forward straight or diagonally.
    let princeling = "k11/12/12/12/12/12/12/4E7/12/12/11K/12[] w - - 0 1";
    assert_eq!(
        legal_from(DENSE_RIM, princeling, "e5"),
        ["e5d6", "e5e6", "e5f6"]
    );
}

#[test]
fn hoppers_and_their_korean_forms() {
    // A Cannonball on e3 with a screen on e6: it slides to e4 and e5 and captures on e9 by
    // hopping (in the camp: promoting or not); the Korean one moves only beyond the screen
    // (e7, e8) and captures on e9.
    let board = "k11/12/12/4i7/12/12/4I7/12/12/4O7/11K/12[] w - - 0 1";
    assert_eq!(
        legal_from(DENSE_RIM, board, "e3"),
        ["e3e4", "e3e5", "e3e9", "e3e9+"]
    );
    assert_eq!(
        legal_from(DENSE_RIM_KOREAN, board, "e3"),
        ["e3e7", "e3e8", "e3e9", "e3e9+"]
    );
    // Without a screen the Korean Cannonball has no move at all.
    let bare = "k11/12/12/12/12/12/12/12/12/4O7/11K/12[] w - - 0 1";
    assert!(legal_from(DENSE_RIM_KOREAN, bare, "e3").is_empty());
}

#[test]
fn pawns_become_wazirs_across_the_river() {
    let white = legal_from(
        BESTIARY,
        "6k5/12/12/12/12/12/4I7/12/6I5/12/6K5/12 w - - 0 1",
        "e6",
    );
    assert_eq!(white, ["e6e7w"]);
    let black = legal_from(
        BESTIARY,
        "6k5/12/12/6i5/12/4i7/12/12/6I5/12/6K5/12 b - - 0 1",
        "e7",
    );
    assert_eq!(black, ["e7e6w"]);
}

#[test]
fn wazirs_promote_on_ranks_2_and_11_to_lost_symmetric_pieces() {
    // Ranks 7 and 9 are no promotion ranks, although White has lost pieces.
    let far = "6k5/12/12/12/3W8/12/12/12/6I5/12/6K5/12 w - - 0 1";
    let moves = legal_from(BESTIARY, far, "d8");
    assert_eq!(moves, ["d8c8", "d8d7", "d8d9", "d8e8"]);
    let near = "6k5/2b9/3W8/12/12/12/12/12/6I5/12/6K5/12 w - - 0 1";
    // White has lost every symmetric piece: the Wazir may become any of them on d11, but
    // not a relevant one (Queen, Gnu, Tank, Zebu, Guru): beside a lone King, a relevant
    // piece across the River is half of them.
    let moves = legal_from(BESTIARY, near, "d10");
    let promotions: Vec<&str> = moves
        .iter()
        .filter_map(|m| m.strip_prefix("d10d11"))
        .collect();
    assert_eq!(
        promotions,
        ["", "b", "c", "e", "f", "n", "p", "r", "v", "y", "z"]
    );
    // Black promotes on rank 2 (and on 11).
    let black = "6k5/12/12/6i5/12/12/12/12/12/3w8/6K5/12 b - - 0 1";
    let moves = legal_from(BESTIARY, black, "d3");
    assert!(moves.contains(&"d3d2r".to_string()) && moves.contains(&"d3d2".to_string()));
}

#[test]
fn forward_only_promotion_is_compulsory_only_where_stuck() {
    // A Wing on a11 must promote on a12; on a10 it may.
    let wing = "6k5/L11/12/12/12/12/12/12/6I5/12/6K5/12[] w - - 0 1";
    assert_eq!(legal_from(MITREGI, wing, "a11"), ["a11a12+"]);
    // A Hump on e7 must promote landing on rank 10; a Helm on e9 may on rank 11... no: must,
    // being on the last two ranks.
    let hump = "6k5/12/12/12/12/4J7/12/12/6I5/12/6K5/12[] w - - 0 1";
    assert_eq!(legal_from(MITREGI, hump, "e7"), ["e7d10+", "e7f10+"]);
    let helm = "6k5/12/12/4H7/12/12/12/12/6I5/12/6K5/12[] w - - 0 1";
    assert_eq!(legal_from(MITREGI, helm, "e9"), ["e9d11+", "e9f11+"]);
    let helm = "6k5/12/12/12/4H7/12/12/12/6I5/12/6K5/12[] w - - 0 1";
    assert_eq!(
        legal_from(MITREGI, helm, "e8"),
        ["e8d10", "e8d10+", "e8f10", "e8f10+"]
    );
}

#[test]
fn drops_only_where_the_piece_could_move() {
    // A Hump may be dropped on any empty square from which it could still move: White's
    // below rank 10, Black's above rank 3 (9 ranks of 12 squares, less 3 occupied).
    let board = "6k5/12/12/6i5/12/12/12/12/6I5/12/6K5/12[Jj] w - - 0 1";
    for (text, ranks) in [
        (board.to_string(), 1..=9),
        (board.replace(" w ", " b "), 4..=12),
    ] {
        let drops: Vec<u8> = legal(MITREGI, &text)
            .iter()
            .filter_map(|m| m.strip_prefix("J@"))
            .map(|square| square[1..].parse().unwrap())
            .collect();
        assert_eq!(drops.len(), 9 * 12 - 3, "{text}");
        assert!(drops.iter().all(|rank| ranks.contains(rank)), "{text}");
    }
}

#[test]
fn castling_on_both_wings_for_both_colours() {
    let board = "12/12/1r4k3r1/6i5/12/12/12/12/6I5/1R4K3R1/12/12[] w KQkq - 0 1";
    let white = legal_from(MITREGI, board, "g3");
    assert!(white.contains(&"g3i3".to_string()) && white.contains(&"g3d3".to_string()));
    let mut game = Game::from_fen(Variant::by_name(MITREGI).unwrap(), board).unwrap();
    let castle = game.position_mut().parse_uci("g3d3").unwrap().unwrap();
    game.push(castle).unwrap();
    assert_eq!(
        fen::write(game.position()),
        "12/12/1r4k3r1/6i5/12/12/12/12/6I5/3KR5R1/12/12[] b kq - 1 1"
    );
    // Black castles on the l side; not on the a side, through e10, which White's Rook
    // attacks now.
    let black = legal_from(MITREGI, &fen::write(game.position()), "g10");
    assert!(black.contains(&"g10i10".to_string()) && !black.contains(&"g10d10".to_string()));
    // Without the right, or with the Rook outside its region (on a3): no castling.
    let no_right = legal_from(MITREGI, &board.replace("KQkq", "Kkq"), "g3");
    assert!(!no_right.contains(&"g3d3".to_string()));
    let outside = "12/12/1r4k3r1/6i5/12/12/12/12/6I5/R5K3R1/12/12[] w Kkq - 0 1";
    assert!(!legal_from(MITREGI, outside, "g3").contains(&"g3d3".to_string()));
}

#[test]
fn the_king_never_crosses_and_never_faces_on_a_diagonal() {
    // White's King on f6 may not step across the River (e7, f7, g7), nor to g6, on a bare
    // diagonal with Black's King on a12.
    let board = "k11/12/12/12/12/12/5K6/12/12/12/12/12 w - - 0 1";
    assert_eq!(
        legal_from(BESTIARY, board, "f6"),
        ["f6e5", "f6e6", "f6f5", "f6g5"]
    );
    // The same for Black, mirrored: a Black King on f7 against a White King on a1.
    let black = "12/12/12/12/12/5k6/12/12/12/12/12/K11 b - - 0 1";
    assert_eq!(
        legal_from(BESTIARY, black, "f7"),
        ["f7e7", "f7e8", "f7f8", "f7g8"]
    );
}

#[test]
fn the_limits_and_the_end_of_the_game() {
    let mitregi = Variant::by_name(MITREGI).unwrap();
    // Black is over the Prince limit: only capturing a Prince is legal.
    let over = "1r4k5/12/12/12/1+S1+D8/12/6+S5/1Q1G3T4/5+D6/12/6K5/12[] b - - 0 1";
    assert_eq!(legal(MITREGI, over), ["b12b8"]);
    // Without that Rook Black has no legal move while over the limit: it loses.
    let lost = over.replacen("1r4k5", "6k5", 1);
    let mut game = Game::from_fen(mitregi, &lost).unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.termination, Termination::VariantLoss);
    assert_eq!(outcome.winner, Some(Color::White));
    // Black's Queen across the River is half of Black's relevant pieces: it must go home.
    let queen = "6k5/12/12/12/12/12/12/4q7/12/6I5/6K5/12 b - - 0 1";
    let moves = legal(BESTIARY, queen);
    assert!(
        !moves.is_empty() && moves.iter().all(|m| m.starts_with("e5")),
        "{moves:?}"
    );
    // Black's King in the corner has no legal move and is over no limit: a draw. (White's
    // Gnu at home keeps its Queen across the River within White's crossing limit.)
    let bestiary = Variant::by_name(BESTIARY).unwrap();
    let stuck = "k11/12/1Q10/12/12/12/12/12/12/12/11K/G11 b - - 0 1";
    let mut game = Game::from_fen(bestiary, stuck).unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Stalemate, None)
    );
}

#[test]
fn setups_that_break_the_limits_are_refused() {
    let mitregi = Variant::by_name(MITREGI).unwrap();
    let across = "12/12/12/6K5/12/12/12/12/12/12/12/6k5[] w - - 0 1";
    assert!(fen::parse(mitregi, across).is_err());
    let wing = "L5k5/12/12/12/12/12/12/12/6I5/12/6K5/12[] w - - 0 1";
    let error = fen::parse(mitregi, wing).unwrap_err().to_string();
    assert!(
        error.contains("wing on a12 stands where it could never move"),
        "{error}"
    );
    // A Pawn across the River has moves, each of which makes it a Wazir: it may stand there.
    let pawn = "6k5/12/12/4I7/12/12/12/12/6I5/12/6K5/12[] w - - 0 1";
    let moves = testing::from(&legal(MITREGI, pawn), "e9");
    assert_eq!(moves, ["e9e10w"]);
    let five = "6k5/12/12/12/+S+S+D+D+S7/12/12/12/6I5/12/6K5/12[] b - - 0 1";
    let error = fen::parse(mitregi, five).unwrap_err().to_string();
    assert!(error.contains("5 Princes"), "{error}");
}
