//! Tests of the games named after Fairy-Stockfish's (`python/meiriqi/variants/`): perft from
//! each start against Fairy-Stockfish's counts (pyffish 0.0.90, counted through move lists, in
//! `tests/perft.toml` and recounted by `tests/test_perft_reference.py`), and the conventions
//! these files share: the en-passant square in FEN, the claimable draws, no automatic draw.

use super::perft_counts;
use super::testing::{built_in, played, start};
use crate::game::{Game, Outcome, Termination};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::setup::Setup;
use crate::{catalog, fen};

/// The games, each of whose starts has its perft in `tests/perft.toml` as pyffish counts it.
const GAMES: [&str; 11] = [
    "capablanca",
    "gothic",
    "embassy",
    "grand",
    "amazon",
    "nightrider",
    "knightmate",
    "hoppelpoppel",
    "manchu",
    "shatranj",
    "courier",
];

#[test]
fn perft_of_the_starts() {
    for name in GAMES {
        perft_counts::check(&format!("{name} start"), perft_counts::SHALLOW);
    }
}

#[test]
fn the_en_passant_square_is_written_when_a_pawn_attacks_it() {
    // The b5 Pawn attacks c6 but is pinned to its King: python-chess's FEN (chess) leaves the
    // square out, Fairy-Stockfish's (amazon, capablanca) writes it.
    let pinned = |name: &str, text: &str| fen::write(played(name, text, "c7c5").position());
    let chess_like = "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1";
    assert_eq!(
        pinned("chess", chess_like),
        "4k3/8/8/KPp4r/8/8/8/8 w - - 0 2"
    );
    assert_eq!(
        pinned("amazon", chess_like),
        "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2"
    );
    assert_eq!(
        pinned("capablanca", "5k4/2p7/10/KP7r/10/10/10/10 b - - 0 1"),
        "5k4/10/10/KPp6r/10/10/10/10 w - c6 0 2"
    );
    // No Pawn attacks the square: no square, in either convention.
    assert_eq!(
        fen::write(played("amazon", &start("amazon"), "e2e4").position()),
        "rnbakbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBAKBNR b KQkq - 0 1"
    );
    // The FEN reads back to the same position, which compares as the legal square says.
    let text = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2";
    let position = fen::parse(built_in("amazon"), text).unwrap();
    assert_eq!(fen::write(&position), text);
    assert_eq!(position.legal_en_passant(), None);
}

#[test]
fn fifty_moves_and_threefold_repetition_are_claims_only() {
    let claim = |game: &mut Game| game.claimable_draw();
    let rook_ending = |clock: u32| format!("5k4/10/10/10/10/10/10/R4K4 w - - {clock} 80");
    let mut game = Game::from_fen(built_in("capablanca"), &rook_ending(99)).unwrap();
    assert_eq!(claim(&mut game), None, "no claim before the hundredth ply");
    let mut game = Game::from_fen(built_in("capablanca"), &rook_ending(100)).unwrap();
    assert_eq!(claim(&mut game), Some(Termination::FiftyMoves));
    assert_eq!(game.outcome(), None, "no seventy-five-move rule");
    let mut game = Game::from_fen(built_in("capablanca"), &rook_ending(300)).unwrap();
    assert_eq!(game.outcome(), None);
    // Two bare Kings are no dead position either.
    let mut game = Game::from_fen(
        built_in("capablanca"),
        "5k4/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    assert_eq!(game.as_mut().unwrap().outcome(), None);
    let shuffle = "i1j3 i8j6 j3i1 j6i8";
    let mut game = played("capablanca", &start("capablanca"), shuffle);
    assert_eq!(claim(&mut game), None, "twice is not enough");
    let mut game = played("capablanca", &start("capablanca"), &[shuffle; 2].join(" "));
    assert_eq!(claim(&mut game), Some(Termination::ThreefoldRepetition));
    let mut game = played("capablanca", &start("capablanca"), &[shuffle; 4].join(" "));
    assert_eq!(game.outcome(), None, "no fivefold repetition rule");
    // Manchu claims fifty moves, and leaves repetitions alone, as xiangqi does.
    let mut game = played("manchu", &start("manchu"), &[shuffle_manchu(); 2].join(" "));
    assert_eq!(claim(&mut game), None);
    let mut game = Game::from_fen(built_in("manchu"), "3k5/9/9/9/9/9/9/9/9/M3K4 w - - 100 80");
    assert_eq!(claim(game.as_mut().unwrap()), Some(Termination::FiftyMoves));
}

/// White's Banner and Black's Horse out and back.
fn shuffle_manchu() -> &'static str {
    "a1a2 b10c8 a2a1 c8b10"
}

#[test]
fn a_claim_needs_a_legal_move() {
    // Checkmated with the clock past a hundred plies: the game is over, nothing to claim.
    let mated = "R4k4/10/5K4/10/10/10/10/10 b - - 120 90";
    let mut game = Game::from_fen(built_in("capablanca"), mated).unwrap();
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(
        game.outcome().map(|outcome| outcome.termination),
        Some(Termination::Checkmate)
    );
}

#[test]
fn a_dropped_king_taken_back_leaves_its_side_without_one_on_the_board() {
    // A King dropped (as in Sittuyin's setup phase) and taken back leaves no King on the board.
    let shogi = built_in("shogi");
    let king = Piece {
        kind: shogi.royal(),
        color: Color::White,
    };
    let mut setup = Setup::empty();
    setup.board[Square::parse("e9").unwrap().index()] = Some(Piece {
        color: Color::Black,
        ..king
    });
    setup.hands[Color::White.index()][king.kind.index()] = 1;
    let mut position = Position::from_setup_unchecked(shogi, &setup);
    let before = position.clone();
    let e5 = Square::parse("e5").unwrap();
    let drop = Move {
        from: e5,
        to: e5,
        kind: MoveKind::Drop(king.kind),
    };
    let undo = position.make(drop);
    assert_eq!(position.king(Color::White), Some(e5));
    position.unmake(drop, undo);
    assert_eq!(position.king(Color::White), None);
    assert_eq!(position, before);
}

#[test]
fn draw_rules_that_cannot_apply_are_refused() {
    let knightmate = catalog::built_in_file("knightmate").unwrap();
    let chess_dead = knightmate.replace("dead-positions = \"none\"", "dead-positions = \"chess\"");
    let error = catalog::read(&chess_dead, "km.toml").unwrap_err();
    let expected = "dead-positions = \"chess\" reads chess's material (P N B R Q), but no piece \
                    is written N";
    assert!(error.message.contains(expected), "{error}");
    let both = knightmate.replace("chess-draws = false", "chess-draws = true");
    let error = catalog::read(&both, "km.toml").unwrap_err();
    assert!(
        error
            .message
            .contains("move-rule and repetition-rule are for variants without chess-draws"),
        "{error}"
    );
}

/// The outcome of `text` in shatranj after `moves`, and how many moves are legal there.
fn shatranj_end(text: &str, moves: &str) -> (Option<Outcome>, usize) {
    let mut game = played("shatranj", text, moves);
    (game.outcome(), game.legal_moves().len())
}

#[test]
fn a_bare_king_loses_unless_it_bares_the_other_at_once() {
    let bare = |winner: Color| {
        Some(Outcome {
            termination: Termination::Extinction,
            winner: Some(winner),
        })
    };
    // Black to move, bare against a King and two Rooks: lost at once, no move is legal.
    assert_eq!(
        shatranj_end("4k3/8/8/8/8/8/8/RR2K3 b - - 0 1", ""),
        (bare(Color::White), 0)
    );
    // Against a King and one Rook, Black plays on.
    assert_eq!(
        shatranj_end("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", ""),
        (None, 5)
    );
    // Black has moved and is bare: White has won (with a Pawn left, a piece like any other).
    assert_eq!(
        shatranj_end("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", ""),
        (bare(Color::White), 0)
    );
    // White bares Black's King; Black's reply takes the last Rook (bare Kings play on) or
    // does not (Black has lost).
    let rooks = "8/8/8/8/8/2k5/3r4/3R3K w - - 0 1";
    assert_eq!(shatranj_end(rooks, "d1d2"), (None, 4));
    assert_eq!(shatranj_end(rooks, "d1d2 c3d2"), (None, 3));
    assert_eq!(shatranj_end(rooks, "d1d2 c3b3"), (bare(Color::White), 0));
    // The search sees the win: with Black's King out of reach, taking the Rook wins (Black's
    // reply cannot help: the game is over when White is to move again).
    let far = "8/8/8/8/8/1k6/3r4/3R3K w - - 0 1";
    let game = Game::from_fen(built_in("shatranj"), far).unwrap();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let found = crate::search::search(&game, crate::search::Limits::depth(3), &stop);
    let best = found
        .best_move
        .map(|mv| mv.uci().to_text(built_in("shatranj")));
    assert_eq!(best.as_deref(), Some("d1d2"));
    assert_eq!(crate::search::mate_in_moves(found.score), Some(1));
}

#[test]
fn seventy_moves_may_be_claimed_in_shatranj() {
    let position = |clock: u32| format!("8/8/8/8/8/2k5/3r4/R6K w - - {clock} 80");
    let mut game = Game::from_fen(built_in("shatranj"), &position(139)).unwrap();
    assert_eq!(game.claimable_draw(), None);
    let mut game = Game::from_fen(built_in("shatranj"), &position(140)).unwrap();
    assert_eq!(game.claimable_draw(), Some(Termination::MoveRule));
    assert_eq!(Termination::MoveRule.words(), "move rule");
}
