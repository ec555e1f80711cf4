//! Tests of `sittuyin` (Fairy-Stockfish's game of that name): perft as pyffish counts it through
//! move lists, the setup phase (forced drops, the King in hand, where each piece may be dropped)
//! and the promotion in place. `tests/test_fsf_sittuyin.py` plays random games against pyffish.

use super::perft_counts;
use super::testing::{built_in, legal, played};
use crate::fen;
use crate::geometry::Square;
use crate::moves::UciMove;
use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::san;
use crate::uci::MoveSyntaxError;

const START: &str = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";

/// The promotions (coordinates ending in a letter) among the legal moves of `text`.
fn promotions(text: &str) -> Vec<String> {
    legal("sittuyin", text)
        .into_iter()
        .filter(|mv| mv.len() == 5)
        .collect()
}

#[test]
fn perft_of_the_start_and_of_a_position_with_promotions() {
    perft_counts::check("sittuyin start", perft_counts::SHALLOW);
    perft_counts::check("sittuyin promotions", perft_counts::SHALLOW);
}

#[test]
fn the_hand_is_written_in_fairy_stockfish_order() {
    let game = played("sittuyin", START, "");
    assert_eq!(
        fen::write(game.position()),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
    );
}

#[test]
fn the_setup_phase_forces_drops_on_the_first_three_ranks_and_rooks_on_the_first() {
    let moves = legal("sittuyin", START);
    assert_eq!(moves.len(), 88);
    assert!(moves.iter().all(|mv| mv.contains('@')));
    let rooks: Vec<&String> = moves.iter().filter(|mv| mv.starts_with("R@")).collect();
    assert_eq!(rooks.len(), 8);
    assert!(rooks.iter().all(|mv| mv.ends_with('1')));
    // Once a side's hand is empty, its pieces move; the other side still has to drop.
    let game = played(
        "sittuyin",
        START,
        "K@e2 K@d7 F@d2 F@e7 S@c2 S@c7 S@f2 S@f7 R@a1 R@a8 R@h1 R@h8 N@b1 N@b8 N@g1",
    );
    let text = fen::write(game.position());
    assert!(legal("sittuyin", &text)
        .iter()
        .all(|mv| mv.starts_with("N@")));
    let game = played("sittuyin", &text, "N@g8");
    let text = fen::write(game.position());
    assert!(text.ends_with("[] w - - 0 9"), "{text}");
    assert!(!legal("sittuyin", &text).iter().any(|mv| mv.contains('@')));
}

#[test]
fn a_king_in_hand_counts_and_a_side_without_one_on_the_board_has_no_checks() {
    let variant = built_in("sittuyin");
    // A King on the board and another in hand: two Kings.
    assert!(fen::parse(variant, "8/8/8/8/8/8/8/4K3[Kk] w - - 0 1").is_err());
    // Black's King is still in hand: White's Rook "attacks" nothing, and White may move freely.
    let mut position = fen::parse(variant, "8/8/8/8/8/8/8/R3K3[k] b - - 0 1").unwrap();
    assert_eq!(position.king(Color::Black), None);
    let drop = Move {
        from: Square::parse("a8").unwrap(),
        to: Square::parse("a8").unwrap(),
        kind: MoveKind::Drop(variant.royal()),
    };
    // Dropping the King on the Rook's file is illegal: it would stand in check.
    assert!(!position.is_legal(drop));
    let e8 = Square::parse("e8").unwrap();
    let drop = Move {
        from: e8,
        to: e8,
        kind: MoveKind::Drop(variant.royal()),
    };
    assert!(position.is_legal(drop));
    let before = position.clone();
    let undo = position.make(drop);
    assert_eq!(position.king(Color::Black), Some(e8));
    position.unmake(drop, undo);
    assert_eq!(position.king(Color::Black), None);
    assert_eq!(position, before);
    assert_eq!(position.hash(), before.hash());
}

#[test]
fn a_pawn_promotes_in_place_or_a_quiet_step_away_as_pyffish_lists() {
    // Each list as pyffish 0.0.90 gives it. The last Pawn promotes anywhere; with two, only
    // one on the diagonal squares does, and never while its side has a Fers.
    let cases = [
        (
            "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1",
            "d5c4f d5c6f d5d5f d5e4f d5e6f",
        ),
        (
            "4k3/8/8/8/2P5/8/8/4K3[] w - - 0 1",
            "c4b3f c4b5f c4c4f c4d3f c4d5f",
        ),
        ("4k3/8/8/2P5/1P6/8/8/4K3[] w - - 0 1", ""),
        ("4k3/8/2P5/1P6/8/8/8/F3K3[] w - - 0 1", ""),
        // Not giving check (d7 would attack e8), not attacking an enemy piece (c6 attacks b7).
        ("4k3/8/2P5/1P6/8/8/8/4K3[] w - - 0 1", "c6b7f c6c6f c6d5f"),
        ("8/1r2k3/2P5/1P6/8/8/8/4K3[] w - - 0 1", "c6d5f c6d7f"),
        (
            "4k3/8/8/8/8/8/6p1/3K4[] b - - 0 1",
            "g2f1f g2f3f g2g2f g2h1f g2h3f",
        ),
    ];
    for (text, expected) in cases {
        let expected: Vec<String> = expected.split_whitespace().map(String::from).collect();
        assert_eq!(promotions(text), expected, "{text}");
    }
    // An ordinary Pawn move onto the diagonal does not promote.
    assert!(legal("sittuyin", "4k3/8/8/8/3P4/8/8/4K3[] w - - 0 1").contains(&"d4d5".to_string()));
}

#[test]
fn a_promotion_in_place_captures_nothing_and_reads_and_writes_as_pyffish() {
    let text = "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1";
    let mut game = played("sittuyin", text, "");
    let position = game.position_mut();
    let in_place = position.parse_uci("d5d5f").unwrap().unwrap();
    let step = position.parse_uci("d5c4f").unwrap().unwrap();
    assert!(!position.is_capture(in_place));
    assert_eq!(san::write(position, in_place), "d5=F");
    assert_eq!(san::write(position, step), "d5c4=F");
    assert_eq!(san::parse(position, "d5=F"), Ok(in_place));
    assert_eq!(san::parse(position, "d5c4=F"), Ok(step));
    assert_eq!(san::parse(position, "d5c4f"), Ok(step));
    let game = played("sittuyin", text, "d5d5f");
    assert_eq!(
        fen::write(game.position()),
        "4k3/8/8/3F4/8/8/8/4K3[] b - - 0 1"
    );
    // The same square twice names a promotion in place only with the new kind.
    let variant = built_in("sittuyin");
    assert!(matches!(
        UciMove::parse("d5d5", variant),
        Err(MoveSyntaxError(message)) if message.contains("g7g7f")
    ));
}
