//! Tests of the games with hands named after Fairy-Stockfish's (`minishogi`, `crazyhouse`,
//! `kyotoshogi`, `torishogi`): perft from each start against Fairy-Stockfish's counts (pyffish 0.0.90, in
//! `tests/perft.toml` and recounted by `tests/test_perft_reference.py`), and the rules of hands, drops and promotions
//! they bring: promoted pieces that return to hand as Pawns, drop zones, mates by a drop that the
//! dropper loses, pieces that turn over with every move and drops of a promoted form.

use super::testing::{built_in, played, start};
use super::{perft_counts, testing};
use crate::fen;
use crate::game::{Outcome, Termination};
use crate::piece::Color;

/// The games, each of whose starts has its perft in `tests/perft.toml` as pyffish counts it, as
/// has a position of each with full hands and promotions to come (`NAME hands`).
const GAMES: [&str; 4] = ["minishogi", "crazyhouse", "kyotoshogi", "torishogi"];

#[test]
fn perft_of_the_starts_and_with_pieces_in_hand() {
    for name in GAMES {
        perft_counts::check(&format!("{name} start"), perft_counts::SHALLOW);
        perft_counts::check(&format!("{name} hands"), perft_counts::SHALLOW);
    }
}

/// The deeper counts (seconds): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn deep_perft_of_the_starts_and_with_pieces_in_hand() {
    for name in GAMES {
        perft_counts::check(&format!("{name} start"), u64::MAX);
        perft_counts::check(&format!("{name} hands"), u64::MAX);
    }
}

/// The FEN after `moves` from `text` in the variant `name`.
fn fen_after(name: &str, text: &str, moves: &str) -> String {
    fen::write(played(name, text, moves).position())
}

#[test]
fn a_promoted_piece_is_written_with_a_tilde_and_returns_to_hand_as_a_pawn() {
    let promotes = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
    assert_eq!(
        fen_after("crazyhouse", promotes, "b7b8q e8d7 b8b7"),
        "8/1Q~1k4/8/8/8/8/8/4K3[] b - - 2 2"
    );
    let taken = "3k4/1Q~6/8/8/8/8/8/4K3[] w - - 0 1";
    assert_eq!(
        fen_after("crazyhouse", taken, "b7c7 d8c7"),
        "8/2k5/8/8/8/8/8/4K3[p] w - - 0 2"
    );
    // Both sides' promoted Queens, in either case.
    let both = "8/1P5k/8/8/8/8/6p1/K7[] w - - 0 1";
    assert_eq!(
        fen_after("crazyhouse", both, "b7b8q g2g1q"),
        "1Q~6/7k/8/8/8/8/8/K5q~1[] w - - 0 2"
    );
}

#[test]
fn pawns_are_dropped_between_the_first_and_the_last_rank() {
    let moves = testing::legal("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let drops: Vec<&String> = moves.iter().filter(|uci| uci.starts_with("P@")).collect();
    assert_eq!(drops.len(), 48);
    assert!(drops
        .iter()
        .all(|uci| !uci.ends_with('1') && !uci.ends_with('8')));
}

/// The outcome of the game after `moves` from `text` in the variant `name`.
fn outcome(name: &str, text: &str, moves: &str) -> Option<Outcome> {
    played(name, text, moves).outcome()
}

#[test]
fn a_mating_pawn_drop_is_legal_and_lost_by_the_dropper_in_minishogi() {
    let text = "k4/2G2/1K3/5/5[P] w - - 0 1";
    assert!(testing::legal("minishogi", text).contains(&"P@a4".to_string()));
    assert_eq!(
        outcome("minishogi", text, "P@a4"),
        Some(Outcome {
            termination: Termination::DropMate,
            winner: Some(Color::Black),
        })
    );
    // From the position alone, the last move unknown, it is an ordinary mate (as pyffish
    // scores it).
    let mated = fen_after("minishogi", text, "P@a4");
    assert_eq!(
        outcome("minishogi", &mated, ""),
        Some(Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White),
        })
    );
    // A Gold dropped there mates as any piece does.
    let gold = "k4/2G2/1K3/5/5[G] w - - 0 1";
    assert_eq!(
        outcome("minishogi", gold, "G@a4"),
        Some(Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White),
        })
    );
    // Shogi keeps its rule: the same mating drop is illegal there, another one legal.
    let shogi = testing::legal("shogi", "k8/2G6/1K7/9/9/9/9/9/9[P] w - - 0 1");
    assert!(shogi.contains(&"P@a7".to_string()) && !shogi.contains(&"P@a8".to_string()));
}

#[test]
fn tori_swallows_two_to_a_file_and_a_mating_swallow_drop_loses() {
    // Two unpromoted Swallows on the a-file: no third; a Goose does not count.
    let two = "3k3/7/7/S6/S6/7/3K3[S] w - - 0 1";
    let drops_on_a = |text: &str| {
        testing::legal("torishogi", text)
            .iter()
            .filter(|uci| uci.starts_with("S@a"))
            .count()
    };
    assert_eq!(drops_on_a(two), 0);
    assert_eq!(drops_on_a("3k3/7/7/+S6/S6/7/3K3[S] w - - 0 1"), 4);
    // A Swallow drop that mates is legal, and the mated side wins; a Crane's is a mate.
    let mate = "kp5/7/1C5/7/7/7/3K3[S] w - - 0 1";
    assert_eq!(
        outcome("torishogi", mate, "S@a6"),
        Some(Outcome {
            termination: Termination::DropMate,
            winner: Some(Color::Black),
        })
    );
    assert_eq!(
        outcome("torishogi", &mate.replace("[S]", "[C]"), "C@a6"),
        Some(Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White),
        })
    );
}

#[test]
fn tori_promotion_is_compulsory_into_inside_and_out_of_the_camp() {
    let text = "3k3/1S5/1F5/7/7/7/3K3[] w - - 0 1";
    let moves = testing::legal("torishogi", text);
    let falcon = testing::from(&moves, "b5");
    assert_eq!(falcon, ["b5a4", "b5a5", "b5a6+", "b5c4", "b5c5", "b5c6+"]);
    assert_eq!(testing::from(&moves, "b6"), ["b6b7+"]);
    let eagle = fen_after("torishogi", text, "b5c6+");
    assert_eq!(eagle, "3k3/1S+F4/7/7/7/7/3K3[] b - - 0 1");
}

#[test]
fn kyoto_pieces_turn_over_with_every_move() {
    let moves = testing::legal("kyotoshogi", &start("kyotoshogi"));
    assert_eq!(
        moves,
        [
            "a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2", "c1c2", "c1d2", "d1c2-", "d1d2-",
            "d1e2-", "e1e2+"
        ]
    );
    // Turning over resets no clock; a drop does.
    let flipped = fen_after("kyotoshogi", &start("kyotoshogi"), "e1e2+ a5a4+");
    assert_eq!(flipped, "1+nks+l/+p4/5/4+P/+LSK+N1[] w - - 2 2");
    let rook = testing::from(&testing::legal("kyotoshogi", &flipped), "e2");
    assert_eq!(
        rook,
        ["e2a2-", "e2b2-", "e2c2-", "e2d2-", "e2e1-", "e2e3-", "e2e4-", "e2e5-"]
    );
}

#[test]
fn a_kyoto_piece_is_dropped_either_side_up() {
    let hands = "p+nks+l/5/5/5/+LSK+NP[PSNLpsnl] w - - 0 1";
    let moves = testing::legal("kyotoshogi", hands);
    assert!(["+P@c3", "P@c3", "+L@a2", "L@e4"]
        .iter()
        .all(|uci| moves.contains(&uci.to_string())));
    assert_eq!(moves.iter().filter(|uci| uci.contains('@')).count(), 120);
    let dropped = fen_after("kyotoshogi", hands, "+P@c3 +P@c4");
    assert_eq!(dropped, "p+nks+l/2+p2/2+P2/5/+LSK+NP[NLSnls] w - - 0 2");
    let rook = testing::from(&testing::legal("kyotoshogi", &dropped), "c3");
    assert_eq!(rook, ["c3c2-", "c3c4-"]);
    // A Lance may be dropped where it can never move, and stays there.
    let lance = "2k2/5/5/5/2K2[L] w - - 0 1";
    assert!(testing::legal("kyotoshogi", lance).contains(&"L@a5".to_string()));
    let stuck = fen_after("kyotoshogi", lance, "L@a5 c5b4");
    assert_eq!(stuck, "L4/1k3/5/5/2K2[] w - - 1 2");
    assert!(testing::from(&testing::legal("kyotoshogi", &stuck), "a5").is_empty());
}

/// The SAN of `uci` in `text` (variant `name`), and whether SAN and coordinates read it back.
fn san_of(name: &str, text: &str, uci: &str) -> String {
    let mut position = fen::parse(built_in(name), text).unwrap();
    let mv = position.parse_uci(uci).unwrap().expect("a legal move");
    let written = crate::san::write(&mut position, mv);
    assert_eq!(
        crate::san::parse(&mut position, &written),
        Ok(mv),
        "{written}"
    );
    assert_eq!(crate::san::parse(&mut position, uci), Ok(mv), "{uci}");
    assert_eq!(mv.uci().to_text(built_in(name)), uci);
    written
}

#[test]
fn notation_of_promoted_pieces_demotions_and_promoted_drops() {
    // A Queen and a promoted Queen are both Queens to SAN, and tell each other apart so.
    let queens = "3k4/8/8/8/8/8/8/1Q~2K2Q[] w - - 0 1";
    assert_eq!(san_of("crazyhouse", queens, "b1e4"), "Qbe4");
    assert_eq!(san_of("crazyhouse", queens, "h1h4"), "Qh4+");
    let mut position = fen::parse(built_in("crazyhouse"), queens).unwrap();
    assert!(matches!(
        crate::san::parse(&mut position, "Qe4"),
        Err(crate::san::SanError::Ambiguous(_))
    ));
    assert_eq!(
        san_of("crazyhouse", "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", "b7b8q"),
        "b8=Q+"
    );
    // Kyoto shogi: turning up is a promotion to the `+` form, turning down names the kind.
    let kyoto = start("kyotoshogi");
    assert_eq!(san_of("kyotoshogi", &kyoto, "e1e2+"), "e2=+");
    assert_eq!(san_of("kyotoshogi", &kyoto, "a1a2-"), "+La2=L");
    let hands = "p+nks+l/5/5/5/+LSK+NP[PSNLpsnl] w - - 0 1";
    assert_eq!(san_of("kyotoshogi", hands, "+P@c3"), "+P@c3+");
    assert_eq!(san_of("kyotoshogi", hands, "P@c3"), "P@c3");
}

#[test]
fn a_limit_per_file_other_than_one() {
    // Minishogi with two Pawns to a file, as Tori shogi's swallows.
    let text = crate::catalog::built_in_file("minishogi")
        .unwrap()
        .replace("name = \"minishogi\"", "name = \"two-pawns\"")
        .replace("title = \"Minishogi\"", "title = \"Two Pawns\"")
        .replace("one-per-file = true", "per-file = 2");
    let two = Box::leak(Box::new(crate::catalog::read(&text, "two.toml").unwrap()));
    let drops_on_a = |text: &str| {
        let mut position = fen::parse(two, text).unwrap();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .iter()
            .filter(|mv| mv.drop().is_some() && mv.to.file() == 0)
            .count()
    };
    // a4, a3 and a1 beside the Pawn on a2; none beside two.
    assert_eq!(drops_on_a("k4/5/5/P4/4K[P] w - - 0 1"), 3);
    assert_eq!(drops_on_a("k4/5/P4/P4/4K[P] w - - 0 1"), 0);
    // A promoted Pawn does not count.
    assert_eq!(drops_on_a("k4/5/+P4/P4/4K[P] w - - 0 1"), 2);
}

#[test]
fn mistakes_in_the_drop_keys_are_named() {
    let minishogi = crate::catalog::built_in_file("minishogi")
        .unwrap()
        .replace("name = \"minishogi\"", "name = \"mine\"")
        .replace("title = \"Minishogi\"", "title = \"Mine\"");
    let kyoto = crate::catalog::built_in_file("kyotoshogi")
        .unwrap()
        .replace("name = \"kyotoshogi\"", "name = \"mine\"")
        .replace("title = \"Kyoto Shogi\"", "title = \"Mine\"");
    let crazyhouse = crate::catalog::built_in_file("crazyhouse")
        .unwrap()
        .replace("name = \"crazyhouse\"", "name = \"mine\"")
        .replace("title = \"Crazyhouse\"", "title = \"Mine\"");
    let cases = [
        (
            minishogi.replace("one-per-file = true", "one-per-file = true\nper-file = 2"),
            "pieces[1] (pawn): give per-file or one-per-file, not both",
        ),
        (
            minishogi.replace("one-per-file = true", "per-file = 0"),
            "pieces[1] (pawn): per-file: 0 would forbid every drop",
        ),
        (
            minishogi.replace(
                "drop-mate = \"loses\"",
                "drop-mate = \"loses\"\nno-drop-mate = true",
            ),
            "pieces[1] (pawn): give drop-mate or no-drop-mate, not both",
        ),
        (
            minishogi.replace("drop-mate = \"loses\"", "drop-mate = \"lost\""),
            "unknown variant `lost`",
        ),
        (
            minishogi.replace("one-per-file = true", "drop-zone = \"a1-f5\""),
            "pieces[1] (pawn): drop-zone: \"a1-f5\" lies partly off the board",
        ),
        (
            kyoto.replace("to = [\"+L\"]", "to = [\"+L\", \"S\"]"),
            "the promotion of the lance names \"S\", which a promoted form demotes to",
        ),
        (
            crazyhouse.replace("to-hand = \"N\"", "to-hand = \"N~\""),
            "the hand of the knight names \"N~\", a promoted kind",
        ),
        (
            crazyhouse.replace("\"Q~\"", "\"Q~~\""),
            "\"Q~~\" is not a piece symbol",
        ),
        (
            kyoto.replace("stuck-pieces = \"allowed\"", "stuck-pieces = \"sometimes\""),
            "unknown variant `sometimes`",
        ),
    ];
    for (text, expected) in cases {
        let error = crate::catalog::read(&text, "mine.toml").expect_err(expected);
        let message = error.to_string();
        assert!(message.contains(expected), "{message:?} lacks {expected:?}");
    }
}
