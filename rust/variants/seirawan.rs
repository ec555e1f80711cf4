//! Tests of `seirawan` (Fairy-Stockfish's game of that name): perft as pyffish counts it through
//! move lists, gating (plain moves and castling, on the King's square or the Rook's), the gates
//! in FEN and in the hash. `tests/test_fsf_gating.py` plays random games against pyffish.

use super::perft_counts;
use super::testing::{built_in, legal, played, start};
use crate::fen;

/// The FEN after `moves` (coordinates) from `text`.
fn after(text: &str, moves: &str) -> String {
    fen::write(played("seirawan", text, moves).position())
}

const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1";

#[test]
fn perft_of_the_start_and_of_a_castling_position() {
    // Every count of both (782,599 at depth 4 from the start) is within the shallow limit.
    perft_counts::check("seirawan start", perft_counts::SHALLOW);
    perft_counts::check("seirawan castling and gating", perft_counts::SHALLOW);
}

#[test]
fn the_start_reads_and_writes_as_fairy_stockfish_writes_it() {
    // Fairy-Stockfish's start_fen lists the hand as [HEhe]; its FEN after a move, as [EHeh].
    assert_eq!(
        after(&start("seirawan"), ""),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    );
    assert_eq!(
        after(&start("seirawan"), "b1c3h"),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
    );
}

#[test]
fn castling_gates_on_the_kings_or_the_rooks_square() {
    // Pyffish's FENs after each: the gates a castling right no longer implies are written as
    // file letters (`A`), those of a side with an empty hand not at all.
    for (mv, expected) in [
        (
            "e1g1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1",
        ),
        (
            "h1e1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1",
        ),
        (
            "a1e1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b Hkq - 1 1",
        ),
        (
            "e1c1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRE2R[Heh] b Hkq - 1 1",
        ),
        (
            "e1g1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1[EHeh] b Akq - 1 1",
        ),
    ] {
        assert_eq!(after(CASTLING, mv), expected, "{mv}");
    }
    let moves = legal("seirawan", CASTLING);
    for mv in [
        "e1g1h", "e1g1e", "h1e1h", "a1e1e", "e1c1h", "a1b1e", "h1f1h",
    ] {
        assert!(moves.contains(&mv.to_string()), "{mv}");
    }
    // Only the King's and the Rooks' squares are gates: no b1 gate without the letter.
    assert_eq!(moves.len(), 47);
}

#[test]
fn an_empty_hand_closes_every_gate() {
    assert_eq!(
        after(&start("seirawan"), "b1c3h e7e6 g1f3e"),
        "rnbqkbnr/pppp1ppp/4p3/8/8/2N2N2/PPPPPPPP/RHBQKBER[eh] b KQkqbcdfg - 1 2"
    );
    let moves = legal(
        "seirawan",
        "rnbqkbnr/pppp1ppp/4p3/8/8/2N2N2/PPPPPPPP/RHBQKBER[eh] w KQkqbcdfg - 1 3",
    );
    assert!(moves.iter().all(|mv| mv.len() == 4), "{moves:?}");
}

#[test]
fn a_captured_pieces_gate_closes() {
    // The Knight on b8 taken: Black's b gate goes with it.
    let text = "rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/R1BQKBNR[HEhe] w KQACDFGkqbcdfg - 0 1";
    assert!(after(text, "a6b8").contains("[EHeh] b KQCDFGkqcdfg"));
}

#[test]
fn gating_moves_undo_and_hash_as_read() {
    for (text, moves) in [
        (start("seirawan"), "b1c3h g8f6e g1f3 b8c6"),
        (CASTLING.to_string(), "e1g1h e8c8e a1b1e"),
        (CASTLING.to_string(), "a1e1e h8e8h"),
    ] {
        let game = played("seirawan", &text, moves);
        let position = game.position();
        let reread = fen::parse(built_in("seirawan"), &fen::write(position)).unwrap();
        assert_eq!(reread.hash(), position.hash(), "{moves}");
        assert_eq!(&reread, position);
        let first = fen::parse(built_in("seirawan"), &text).unwrap();
        let mut back = game.clone();
        while back.pop().is_some() {}
        assert_eq!(back.position(), &first, "{moves}");
        assert_eq!(back.position().hash(), first.hash(), "{moves}");
    }
}

#[test]
fn a_hand_is_never_dropped_from() {
    let moves = legal("seirawan", &start("seirawan"));
    assert!(moves.iter().all(|mv| !mv.contains('@')));
}

#[test]
fn san_writes_and_reads_gating_as_fairy_stockfish_writes_it() {
    for (text, uci, san) in [
        (start("seirawan"), "b1c3h", "Nc3/H"),
        (CASTLING.to_string(), "e1g1h", "O-O/He1"),
        (CASTLING.to_string(), "h1e1h", "O-O/Hh1"),
        (CASTLING.to_string(), "a1e1e", "O-O-O/Ea1"),
        (CASTLING.to_string(), "e1c1e", "O-O-O/Ee1"),
        (CASTLING.to_string(), "a1b1e", "Rb1/E"),
        (
            "8/8/8/7k/8/8/8/3NK3[H] w D - 0 1".to_string(),
            "d1c3h",
            "Nc3/H+",
        ),
    ] {
        let mut game = played("seirawan", &text, "");
        let position = game.position_mut();
        let mv = position.parse_uci(uci).unwrap().expect("legal");
        assert_eq!(crate::san::write(position, mv), san, "{uci}");
        assert_eq!(crate::san::parse(position, san).unwrap(), mv, "{san}");
    }
    let mut game = played("seirawan", CASTLING, "");
    for refused in ["Rb1/Q", "O-O/Hf1", "Rb1/"] {
        assert!(
            crate::san::parse(game.position_mut(), refused).is_err(),
            "{refused}"
        );
    }
    // An error found in the move without its gating quotes the whole text.
    let mut game = played("seirawan", &start("seirawan"), "");
    let error = crate::san::parse(game.position_mut(), "O-O/H").unwrap_err();
    assert!(
        error.to_string().starts_with("illegal move 'O-O/H' in "),
        "{error}"
    );
}

#[test]
fn gating_san_is_disambiguated_only_by_pieces_that_could_gate_alike() {
    // The Rook on f8 reaches e8 too, but from no gate: Fairy-Stockfish writes Re8/H.
    let mut game = played("seirawan", CASTLING, "e1f1e h8e8e h2h4");
    let position = game.position_mut();
    let mv = position.parse_uci("a8e8h").unwrap().expect("legal");
    assert_eq!(crate::san::write(position, mv), "Re8/H");
    assert_eq!(crate::san::parse(position, "Re8/H").unwrap(), mv);
    assert_eq!(crate::san::parse(position, "Rae8/H").unwrap(), mv);
}

#[test]
fn a_gating_move_is_still_four_bytes() {
    assert_eq!(std::mem::size_of::<crate::moves::Move>(), 4);
}

#[test]
fn gating_san_is_disambiguated_where_fairy_stockfish_writes_it_ambiguously() {
    // Both Rooks are on gates and reach f8 bringing in the Elephant: pyffish writes Rf8/E for
    // either; the engine tells them apart and refuses the ambiguous form.
    let mut game = played("seirawan", CASTLING, "a2a3 f7f6 h2h4 e8f7 e1d1h");
    let position = game.position_mut();
    let mv = position.parse_uci("a8f8e").unwrap().expect("legal");
    assert_eq!(crate::san::write(position, mv), "Raf8/E");
    assert_eq!(crate::san::parse(position, "Raf8/E").unwrap(), mv);
    assert!(crate::san::parse(position, "Rf8/E").is_err());
}
