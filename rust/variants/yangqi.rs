//! Fergus Duniho's Yáng Qí (9x10) and its four options, as RULES.md §2 reads them: chess rules
//! with Chinese Cannons and diagonal Vaos, no castling, a King that may swap places with a
//! neighbour, and pawns that bring back captured pieces.

use super::{piece, BISHOP_SLIDE, KING_DIAGONAL, KING_STEP, KNIGHT_LEAP, ROOK_SLIDE};
use crate::atom::{Atom, Mode, Origin, Symmetry};
use crate::geometry::Dimensions;
use crate::piece::Kind;
use crate::variant::{PieceRule, Promotes, PromotionChoice, Stalemate, VariantSpec};

/// A pawn moving by `atoms` that promotes by choice.
const fn pawn(atoms: &'static [Atom]) -> PieceRule {
    PieceRule {
        promotes: Promotes::Choice,
        ..piece(Kind::Pawn, atoms)
    }
}

/// The pieces every option shares, followed by the option's pawn.
const fn pieces(pawn: PieceRule) -> [PieceRule; 7] {
    [
        // King: one step in any direction (and the swap: `king_swap`).
        piece(Kind::King, &[KING_STEP, KING_DIAGONAL]),
        // Rook (Chariot): slides orthogonally.
        piece(Kind::Rook, &[ROOK_SLIDE]),
        // Knight (Horse): leaps (2,1).
        piece(Kind::Knight, &[KNIGHT_LEAP]),
        // Bishop (Sage): slides diagonally.
        piece(Kind::Bishop, &[BISHOP_SLIDE]),
        piece(Kind::Cannon, CANNON),
        piece(Kind::Vao, VAO),
        pawn,
    ]
}

/// Cannon (Pao): moves like a Rook without capturing; captures by jumping exactly one screen.
const CANNON: &[Atom] = &[ROOK_SLIDE.mode(Mode::MoveOnly), ROOK_SLIDE.mode(Mode::Hop)];
/// Vao (Canon, Arrow): the same along diagonals.
const VAO: &[Atom] = &[
    BISHOP_SLIDE.mode(Mode::MoveOnly),
    BISHOP_SLIDE.mode(Mode::Hop),
];

/// One step straight forward, never a capture.
const STEP_FORWARD: Atom = Atom::leap(0, 1)
    .symmetry(Symmetry::None)
    .mode(Mode::MoveOnly);
/// One step diagonally forward, only to capture.
const CAPTURE_DIAGONALLY: Atom = Atom::leap(1, 1)
    .symmetry(Symmetry::LeftRight)
    .mode(Mode::CaptureOnly);

/// FIDE pawn: one step forward; two from its own third rank through an empty square; captures
/// one step diagonally forward.
const FIDE_PIECES: [PieceRule; 7] = pieces(pawn(&[
    STEP_FORWARD,
    Atom::through((0, 1), 0, 1)
        .symmetry(Symmetry::None)
        .mode(Mode::MoveOnly)
        .origin(Origin::OwnRank(2)),
    CAPTURE_DIAGONALLY,
]));

/// QuickPawn: one or two squares straight forward from any rank (two only through an empty
/// square); captures one step diagonally forward.
const QUICK_PIECES: [PieceRule; 7] = pieces(pawn(&[
    Atom::ride(0, 1)
        .limit(2)
        .symmetry(Symmetry::None)
        .mode(Mode::MoveOnly),
    CAPTURE_DIAGONALLY,
]));

/// Berolina pawn: one step diagonally forward without capturing; captures one step straight
/// forward; no double step.
const BEROLINA_PIECES: [PieceRule; 7] = pieces(pawn(&[
    Atom::leap(1, 1)
        .symmetry(Symmetry::LeftRight)
        .mode(Mode::MoveOnly),
    Atom::leap(0, 1)
        .symmetry(Symmetry::None)
        .mode(Mode::CaptureOnly),
]));

/// Chinese pawn: moves and captures one step straight forward; from its own sixth rank on also
/// one step sideways.
const CHINESE_PAWN_PIECES: [PieceRule; 7] = pieces(pawn(&[
    Atom::leap(0, 1).symmetry(Symmetry::None),
    Atom::leap(1, 0)
        .symmetry(Symmetry::LeftRight)
        .origin(Origin::FromOwnRank(5)),
]));

/// The standard start: Cannons on the second rank, nine pawns on the third and fourth.
const STANDARD_START: &str =
    "rnbvkvbnr/1p5p1/i1i1i1i1i/1i1i1i1i1/9/9/1I1I1I1I1/I1I1I1I1I/1P5P1/RNBVKVBNR w - - 0 1";
/// The Chinese start: Cannons on the third rank, five pawns on the fourth.
const CHINESE_START: &str = "rnbvkvbnr/9/1p5p1/i1i1i1i1i/9/9/I1I1I1I1I/1P5P1/9/RNBVKVBNR w - - 0 1";

/// What every option has in common.
const BASE: VariantSpec = VariantSpec {
    name: "yangqi",
    title: "Yang Qi",
    dimensions: Dimensions {
        files: 9,
        ranks: 10,
    },
    pieces: &FIDE_PIECES,
    start_fen: STANDARD_START,
    fortress: &[],
    palace_points: &[],
    camp_depth: 1,
    facing_kings: false,
    description: "Fergus Duniho's Yang Qi: Xiangqi's Cannons and chess pieces on 9x10",
    promotion_choice: PromotionChoice::CapturedKinds,
    stalemate: Stalemate::Draws,
    en_passant: true,
    king_swap: true,
    chess_draws: true,
};

/// Yáng Qí.
pub const YANGQI: VariantSpec = BASE;

/// The Chinese Chess setup: Cannons on the third rank, five pawns on the fourth.
pub const CHINESE: VariantSpec = VariantSpec {
    name: "yangqi-chinese",
    title: "Yang Qi (Chinese setup)",
    start_fen: CHINESE_START,
    description: "Yang Qi from the Chinese Chess setup: Cannons on the third rank, five pawns",
    ..BASE
};

/// Pawns that may make a two-square move from any rank.
pub const QUICKPAWNS: VariantSpec = VariantSpec {
    name: "yangqi-quickpawns",
    title: "Yang Qi (QuickPawns)",
    pieces: &QUICK_PIECES,
    description: "Yang Qi with pawns that may step two squares from any rank",
    ..BASE
};

/// Berolina pawns from the Chinese setup.
pub const BEROLINA: VariantSpec = VariantSpec {
    name: "yangqi-berolina",
    title: "Yang Qi (Berolina pawns)",
    pieces: &BEROLINA_PIECES,
    start_fen: CHINESE_START,
    description:
        "Yang Qi from the Chinese setup with Berolina pawns (move diagonally, capture straight)",
    en_passant: false,
    ..BASE
};

/// Chinese pawns from the Chinese setup; promotion to any piece, optional.
pub const CHINESEPAWNS: VariantSpec = VariantSpec {
    name: "yangqi-chinesepawns",
    title: "Yang Qi (Chinese pawns)",
    pieces: &CHINESE_PAWN_PIECES,
    start_fen: CHINESE_START,
    description: "Yang Qi from the Chinese setup with Xiangqi pawns (sideways from the sixth rank)",
    promotion_choice: PromotionChoice::AnyKind,
    en_passant: false,
    ..BASE
};

#[cfg(test)]
mod tests {
    use crate::game::{Game, Termination};
    use crate::moves::Move;
    use crate::{fen, perft, Variant};

    fn game(variant: &str, text: &str) -> Game {
        Game::from_fen(Variant::by_name(variant).unwrap(), text).unwrap()
    }

    /// The legal moves of `text`, in coordinate notation, sorted.
    fn legal(variant: &str, text: &str) -> Vec<String> {
        let variant = Variant::by_name(variant).unwrap();
        let mut moves: Vec<String> = Game::from_fen(variant, text)
            .unwrap()
            .legal_moves()
            .into_iter()
            .map(|mv| mv.to_uci(|kind| variant.letter(kind)))
            .collect();
        moves.sort();
        moves
    }

    fn from(moves: &[String], origin: &str) -> Vec<String> {
        moves
            .iter()
            .filter(|uci| uci.starts_with(origin))
            .cloned()
            .collect()
    }

    #[test]
    fn start_positions() {
        // RULES.md §2: 55 ordinary moves plus the King's two swaps with the Vaos.
        let start = legal("yangqi", super::STANDARD_START);
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
        .map(|name| legal(name, Variant::by_name(name).unwrap().spec().start_fen).len())
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
            let start = fen::parse(variant, variant.spec().start_fen).unwrap();
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
        let uci = |text: &str| Move::parse_uci(text, crate::Kind::from_default_letter).unwrap();
        let mut game = game("yangqi", "4k4/9/4i4/9/3I5/9/9/9/9/4K4 b - - 0 1");
        game.push(uci("e8e6")).unwrap();
        assert_eq!(
            fen::write(game.position()),
            "4k4/9/9/9/3Ii4/9/9/9/9/4K4 w - e7 0 2"
        );
        let mut right_away = game.clone();
        right_away.push(uci("d6e7")).unwrap();
        assert_eq!(
            fen::write(right_away.position()),
            "4k4/9/9/4I4/9/9/9/9/9/4K4 b - - 0 2"
        );
        game.push(uci("e1e2")).unwrap();
        game.push(uci("e10e9")).unwrap();
        assert!(!game.is_legal(uci("d6e7")));
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
        let uci = |text: &str| Move::parse_uci(text, crate::Kind::from_default_letter).unwrap();
        // A White pawn on e5 (its fifth rank) may step two; the Black pawn on d7 takes it en passant.
        let mut game = game("yangqi-quickpawns", "4k4/9/9/3i5/9/4I4/9/9/9/4K4 w - - 0 1");
        assert_eq!(
            from(
                &legal("yangqi-quickpawns", &fen::write(game.position())),
                "e5"
            ),
            ["e5e6", "e5e7"]
        );
        game.push(uci("e5e7")).unwrap();
        assert_eq!(
            game.position().en_passant().map(|s| s.to_string()),
            Some("e6".to_string())
        );
        assert!(game.is_legal(uci("d7e6")));
        game.push(uci("d7e6")).unwrap();
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

    #[test]
    fn perft_of_the_start() {
        let variant = Variant::by_name("yangqi").unwrap();
        let mut start = fen::parse(variant, variant.spec().start_fen).unwrap();
        assert_eq!(perft::perft(&mut start, 2), 3243);
    }
}
