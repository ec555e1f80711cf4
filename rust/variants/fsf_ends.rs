//! Tests of the games named after Fairy-Stockfish's that end by rules of their own: Three-check
//! (`3check`, a check limit), King of the Hill and Racing Kings (a goal; checks forbidden in the
//! race), Horde (a side without a King, which loses with no piece left) and Makruk (the
//! counting of an ending). Perft from each start is pyffish's (0.0.90, through move lists);
//! the positions of the rules were checked with pyffish too.

use super::testing::{built_in, played};
use super::{perft_counts, testing};
use crate::catalog;
use crate::fen;
use crate::game::{Game, Outcome, Termination};
use crate::piece::Color;
use crate::search::{self, Limits, MATE};
use std::sync::atomic::AtomicBool;

/// The five games.
const GAMES: [&str; 5] = ["makruk", "3check", "kingofthehill", "racingkings", "horde"];

/// The positions of `tests/perft.toml` where the games' own ends cut the tree.
const ENDS_IN_THE_TREE: [&str; 5] = [
    "3check, one check each to give",
    "kingofthehill, a King next to the hill",
    "racingkings, both Kings near the last rank",
    "horde, White's last Pawn attacked",
    "makruk, a count running",
];

/// The outcome of `text` in `name` after `moves`, and how many moves are legal there.
fn end(name: &str, text: &str, moves: &str) -> (Option<Outcome>, usize) {
    let mut game = played(name, text, moves);
    (game.outcome(), game.legal_moves().len())
}

fn won(termination: Termination, winner: Color) -> Option<Outcome> {
    Some(Outcome {
        termination,
        winner: Some(winner),
    })
}

#[test]
fn perft_of_the_starts() {
    for name in GAMES {
        perft_counts::check(&format!("{name} start"), perft_counts::SHALLOW);
    }
}

#[test]
fn perft_where_the_ends_cut_the_tree() {
    for name in ENDS_IN_THE_TREE {
        perft_counts::check(name, perft_counts::SHALLOW);
    }
}

#[test]
fn the_third_check_wins() {
    let one_left = "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let game = played("3check", one_left, "d1h5");
    assert_eq!(
        fen::write(game.position()),
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0+3 1 2"
    );
    assert_eq!(
        end("3check", one_left, "d1h5"),
        (won(Termination::CheckLimit, Color::White), 0)
    );
    // A check with checks left is only a check; no check spends none.
    let game = played("3check", &one_left.replace("1+3", "2+3"), "d1h5");
    assert_eq!(game.position().counters().checks_left, [1, 3]);
    let game = played("3check", one_left, "g1f3");
    assert_eq!(game.position().counters().checks_left, [1, 3]);
}

#[test]
fn check_counts_are_read_in_every_form() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let left = |text: &str| {
        fen::parse(built_in("3check"), text)
            .map(|position| position.counters().checks_left)
            .map_err(|error| error.to_string())
    };
    assert_eq!(left(&format!("{board} 3+2 0 1")), Ok([3, 2]));
    // Lichess's form gives the checks given; without any, the next check wins (as
    // Fairy-Stockfish reads it).
    assert_eq!(left(&format!("{board} 0 1 +1+2")), Ok([2, 1]));
    assert_eq!(left(&format!("{board} 3+3 0 1 +2+0")), Ok([1, 3]));
    assert_eq!(left(&format!("{board} 0 1")), Ok([1, 1]));
    assert_eq!(left(board), Ok([1, 1]));
    for bad in ["3+ 0 1", "3+x 0 1", "3+3+3 0 1", "0 1 +1", "0 1 +1+999"] {
        let error = left(&format!("{board} {bad}")).unwrap_err();
        assert!(error.starts_with("invalid check count"), "{bad}: {error}");
    }
    // Chess has no check counts.
    assert!(fen::parse(built_in("chess"), &format!("{board} 3+3 0 1")).is_err());
}

#[test]
fn the_checks_left_are_part_of_the_hash() {
    let text = |counts: &str| format!("4k3/8/8/8/8/8/8/R3K3 w - - {counts} 0 1");
    let hash = |counts: &str| {
        fen::parse(built_in("3check"), &text(counts))
            .unwrap()
            .hash()
    };
    assert_ne!(hash("3+3"), hash("2+3"));
    assert_ne!(hash("2+3"), hash("3+2"));
    // A King's walk back and forth repeats the position only if no check was given on the way.
    let walk = "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1 d8e8";
    assert_eq!(played("3check", &text("3+3"), walk).repetitions(), 3);
    let checking = "a1a8 e8e7 a8a1 e7e8 a1a8 e8e7 a8a1 e7e8";
    assert_eq!(played("3check", &text("3+3"), checking).repetitions(), 1);
}

#[test]
fn a_king_on_the_hill_wins() {
    let near = "4k3/8/8/8/8/4K3/8/8 w - - 0 40";
    assert_eq!(
        end("kingofthehill", near, "e3e4"),
        (won(Termination::Goal, Color::White), 0)
    );
    assert_eq!(end("kingofthehill", near, "e3d3").0, None);
    // Only the side that has just moved is looked at: a King standing there to move plays on.
    assert_eq!(
        end("kingofthehill", "4k3/8/8/8/4K3/8/8/8 w - - 0 40", "").1,
        8
    );
}

#[test]
fn racing_kings_lets_black_equalize_and_forbids_checks() {
    let race = "8/1k4K1/8/8/8/8/8/8 w - - 0 40";
    // White arrives; Black may still arrive: it plays on, and arriving draws.
    assert_eq!(end("racingkings", race, "g7g8"), (None, 8));
    let draw = Some(Outcome {
        termination: Termination::Goal,
        winner: None,
    });
    assert_eq!(end("racingkings", race, "g7g8 b7b8"), (draw, 0));
    assert_eq!(
        end("racingkings", race, "g7g8 b7a7"),
        (won(Termination::Goal, Color::White), 0)
    );
    // Black out of reach: White wins at once. Black arriving first wins at once.
    assert_eq!(
        end("racingkings", "8/6K1/k7/8/8/8/8/8 w - - 0 40", "g7g8").0,
        won(Termination::Goal, Color::White)
    );
    assert_eq!(
        end("racingkings", "8/k7/8/8/8/8/8/6K1 b - - 0 40", "a7a8"),
        (won(Termination::Goal, Color::Black), 0)
    );
    // No move may give check: the Rook may go neither to the a-file nor along the second rank.
    let legal = testing::legal("racingkings", "8/8/8/8/8/8/k7/5RK1 w - - 0 1");
    assert!(
        !legal.iter().any(|mv| mv == "f1a1" || mv == "f1f2"),
        "{legal:?}"
    );
    assert!(legal.contains(&"f1f8".to_string()), "{legal:?}");
}

#[test]
fn horde_plays_without_a_white_king() {
    let horde = built_in("horde");
    assert_eq!(
        end("horde", "4k3/8/8/8/8/8/1q6/P7 b - - 0 40", "b2a1"),
        (won(Termination::NoPiecesLeft, Color::Black), 0)
    );
    // Without a King nothing can be checked; one is allowed, and guarded as any King (as
    // Fairy-Stockfish plays it, though its FEN check expects none).
    let rook = "4k3/8/8/8/8/8/r7/P3K3 w - - 0 1";
    assert_eq!(testing::legal("horde", rook), ["e1d1", "e1f1"]);
    let error = fen::parse(horde, "4k3/8/8/8/8/8/8/P2KK3 w - - 0 1").unwrap_err();
    assert_eq!(error.to_string(), "White has 2 Kings; expected at most one");
    let error = fen::parse(horde, "8/8/8/8/8/8/8/P3K3 w - - 0 1").unwrap_err();
    assert_eq!(error.to_string(), "Black has 0 Kings; expected exactly one");
    // A two-square step from the first rank passes the second: no en passant there.
    let after = |text: &str, moves: &str| fen::write(played("horde", text, moves).position());
    assert_eq!(
        after("4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3"),
        "4k3/8/8/8/8/Pp6/8/8 b - - 0 1"
    );
    assert_eq!(
        after("4k3/8/8/8/1p6/8/P7/8 w - - 0 1", "a2a4"),
        "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1"
    );
    assert!(fen::parse(horde, "4k3/8/8/8/8/Pp6/8/8 b - a2 0 1").is_err());
}

#[test]
fn makruk_counts_its_endings() {
    let counted = |text: &str, moves: &str| {
        let game = played("makruk", text, moves);
        let counters = game.position().counters();
        (
            fen::write(game.position()),
            counters.counting_limit,
            counters.counting_ply,
        )
    };
    // A bare King against a Rook: 16 moves, counted from the six plies of the three pieces.
    let rook = "8/8/4k3/8/8/3K4/3R4/8 w - - 0 1";
    assert_eq!(
        counted(rook, "d2d1 e6e5"),
        ("8/8/8/4k3/8/3K4/8/3R4 w - 32 7 2".to_string(), 32, 7)
    );
    // The board's honour: 64 moves from zero.
    assert_eq!(counted("8/8/4k3/3s4/8/3K4/3R4/8 w - - 0 1", "d2d1").1, 128);
    // A bare King taking the last Pawn starts its count at once.
    assert_eq!(
        counted("8/8/8/8/3k4/3P4/8/R3K3 b - - 0 1", "d4d3").0,
        "8/8/8/8/8/3k4/8/R3K3 w - 32 5 2"
    );
    // Past its limit a count may be claimed as a draw; it ends nothing by itself.
    let mut game = played("makruk", "8/8/4k3/8/8/3K4/8/3R4 w - 32 31 20", "d3c3");
    assert_eq!((game.outcome(), game.claimable_draw()), (None, None));
    game.push(game.position().clone().parse_uci("e6e5").unwrap().unwrap())
        .unwrap();
    assert_eq!(game.claimable_draw(), Some(Termination::Counting));
    assert_eq!(Termination::Counting.words(), "counting");
    // While no count runs, the halfmove field is the clock; bad counts are refused.
    let clock = fen::parse(built_in("makruk"), "8/8/4k3/8/8/3K4/3R4/8 w - - 20 30").unwrap();
    assert_eq!(
        (clock.halfmove_clock(), clock.counters().counting_limit),
        (20, 0)
    );
    let error = fen::parse(built_in("makruk"), "8/8/4k3/8/8/3K4/3R4/8 w - 99999 0 30");
    assert!(error
        .unwrap_err()
        .to_string()
        .starts_with("invalid counting field"));
}

#[test]
fn the_search_plays_for_the_new_ends() {
    let best = |name: &str, text: &str| {
        let game = Game::from_fen(built_in(name), text).unwrap();
        let found = search::search(&game, Limits::depth(3), &AtomicBool::new(false));
        let uci = found.best_move.map(|mv| mv.uci().to_text(built_in(name)));
        (uci, found.score)
    };
    assert_eq!(
        best("kingofthehill", "4k3/8/8/8/8/4K3/8/r7 w - - 0 40"),
        (Some("e3e4".to_string()), MATE - 1)
    );
    assert_eq!(
        best("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1").1,
        MATE - 1
    );
    let (_, score) = best("racingkings", "8/1k4K1/8/8/8/8/8/8 b - - 0 40");
    assert!(score > 0, "Black arrives first: {score}");
}

#[test]
fn end_rules_that_cannot_apply_are_refused() {
    let refused = |name: &str, from: &str, to: &str, expected: &str| {
        let text = catalog::built_in_file(name).unwrap().replace(from, to);
        assert_ne!(text, catalog::built_in_file(name).unwrap(), "{from}");
        let error = catalog::read(&text, "my.toml").unwrap_err().to_string();
        assert!(error.contains(expected), "{error}");
    };
    refused(
        "horde",
        "[rules.extinction]\nat-most = 0\nopponent-at-least = 0",
        "",
        "White plays without a King, so it could never lose: give [rules.extinction]",
    );
    refused(
        "makruk",
        "[rules]\n",
        "[rules]\nen-passant = true\n",
        "a variant that counts may not have en passant",
    );
    refused(
        "makruk",
        "style = \"makruk\"",
        "style = \"asean\"",
        "the ASEAN counting has no board's honour: leave board-honour out",
    );
    refused(
        "kingofthehill",
        "piece = \"K\"",
        "piece = \"X\"",
        "the goal names \"X\", which is no piece of it",
    );
    refused(
        "kingofthehill",
        "region = \"d4 e4 d5 e5\"",
        "region = \"d4 z9\"",
        "rules.goal: region: \"z9\" is not a square",
    );
    refused(
        "racingkings",
        "checks = \"forbidden\"",
        "checks = \"never\"",
        "unknown variant `never`",
    );
}
