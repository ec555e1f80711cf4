//! Charles Gilman's larger Wildeurasian games on 12x12 (docs/rules.md, "The Wildeurasian
//! family"): Wildeurasian Qi's 10x10 army inside an extra rim, with longer leapers (Bestiary) or
//! Shogi-style forward-only pieces that promote and return from the hand (Mitregi, and
//! Dense-Rim Mitregi with forward-only hoppers too); each also with Korean-style hoppers, which
//! need a screen for every move. The start arrays are our reconstruction (the seed's diagrams
//! are lost). Every line below quotes the movement it encodes.

use super::{
    gold_atoms, hopper, king, pawn, promoted, promotes, promotion, region, silver_atoms,
    BISHOP_SLIDE, DIAGONAL_FORWARD, KING_DIAGONAL, KING_STEP, KNIGHT_LEAP, PAWN_CAPTURE, PAWN_PUSH,
    ROOK_SLIDE, STEP_FORWARD,
};
use crate::atom::{Atom, Symmetry};
use crate::variant::{
    CastlingSpec, Compulsory, Facing, PieceSpec, PromotionSpec, VariantSpec, WingSpec,
};

/// Which of the three games.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Game {
    Bestiary,
    Mitregi,
    DenseRim,
}

/// The symmetric pieces of each game: a Wazir on rank 2 or 11 may become one of them that its
/// owner has lost.
const SYMMETRIC: &[&str] = &["R", "B", "Q", "N", "C", "G", "P", "V", "T"];
/// The Bestiary's leapers, symmetric too.
const BESTIARY_SYMMETRIC: &[&str] = &["Z", "E", "U", "F", "Y", "X"];

/// A slide straight forward (the Wing's line).
const FORWARD_SLIDE: Atom = Atom::ride(0, 1).symmetry(Symmetry::None);
/// A slide diagonally forward, either way (the Mitre's lines).
const DIAGONAL_FORWARD_SLIDE: Atom = Atom::ride(1, 1).symmetry(Symmetry::LeftRight);

/// A piece that counts for the crossing limit (condition 5).
fn relevant(piece: PieceSpec) -> PieceSpec {
    PieceSpec {
        relevant: true,
        ..piece
    }
}

/// The Prince that `base` (a symbol) becomes: one step any direction, not royal; relevant, and
/// counted for the Prince limit (condition 4).
fn prince(base: &str) -> PieceSpec {
    PieceSpec {
        prince: true,
        relevant: true,
        ..promoted("prince", base, 450, vec![KING_STEP, KING_DIAGONAL])
    }
}

/// The pieces of `game`, in the order of docs/rules.md's table (FEN lists a hand in this order).
fn pieces(game: Game, korean: bool) -> Vec<PieceSpec> {
    let mut symmetric: Vec<&str> = SYMMETRIC.to_vec();
    if game == Game::Bestiary {
        symmetric.extend(BESTIARY_SYMMETRIC);
    }
    let mut pieces = vec![
        // King: one step any direction; may not cross the River (condition 2).
        PieceSpec {
            confined_to: Some(region("a1-l6")),
            relevant: true,
            ..king(vec![KING_STEP, KING_DIAGONAL])
        },
        // Pawn: one step straight forward without capturing, or diagonally forward to capture;
        // any move ending across the River makes it a Wazir.
        PieceSpec {
            promotion: Some(PromotionSpec {
                zone: Some(region("a7-l12")),
                ..promotion(&["W"], false, Compulsory::Always)
            }),
            ..pawn("I", vec![PAWN_PUSH, PAWN_CAPTURE])
        },
        // Wazir: one step orthogonally. Ending a move on rank 2 or 11 it may become a
        // symmetric piece its owner has fewer of than at the start.
        PieceSpec {
            promotion: Some(PromotionSpec {
                zone: Some(region("a2-l2 a11-l11")),
                ..promotion(&symmetric, true, Compulsory::Never)
            }),
            ..PieceSpec::new("wazir", "W", 150, vec![KING_STEP])
        },
        PieceSpec::new("rook", "R", 600, vec![ROOK_SLIDE]),
        PieceSpec::new("bishop", "B", 400, vec![BISHOP_SLIDE]),
        relevant(PieceSpec::new(
            "queen",
            "Q",
            1000,
            vec![ROOK_SLIDE, BISHOP_SLIDE],
        )),
        // Knight (2,1), Camel (3,1) and their compound the Gnu: leapers.
        PieceSpec::new("knight", "N", 280, vec![KNIGHT_LEAP]),
        PieceSpec::new("camel", "C", 260, vec![Atom::leap(3, 1)]),
        relevant(PieceSpec::new(
            "gnu",
            "G",
            550,
            vec![KNIGHT_LEAP, Atom::leap(3, 1)],
        )),
        // Cannon, Arrow and Tank: hoppers on the Rook's, Bishop's and Queen's lines.
        PieceSpec::new("cannon", "P", 450, hopper(&[ROOK_SLIDE], korean)),
        PieceSpec::new("arrow", "V", 350, hopper(&[BISHOP_SLIDE], korean)),
        relevant(PieceSpec::new(
            "tank",
            "T",
            800,
            hopper(&[ROOK_SLIDE, BISHOP_SLIDE], korean),
        )),
    ];
    match game {
        Game::Bestiary => pieces.extend([
            // Zebra (3,2), Zemel (5,1), Zebu; Giraffe (4,1), Gimel (5,3), Guru: leapers.
            PieceSpec::new("zebra", "Z", 260, vec![Atom::leap(3, 2)]),
            PieceSpec::new("zemel", "E", 240, vec![Atom::leap(5, 1)]),
            relevant(PieceSpec::new(
                "zebu",
                "U",
                500,
                vec![Atom::leap(3, 2), Atom::leap(5, 1)],
            )),
            PieceSpec::new("giraffe", "F", 260, vec![Atom::leap(4, 1)]),
            PieceSpec::new("gimel", "Y", 240, vec![Atom::leap(5, 3)]),
            relevant(PieceSpec::new(
                "guru",
                "X",
                500,
                vec![Atom::leap(4, 1), Atom::leap(5, 3)],
            )),
        ]),
        Game::Mitregi | Game::DenseRim => pieces.extend(forward_only(game, korean)),
    }
    pieces
}

/// The forward-only pieces of Mitregi (and Dense-Rim Mitregi's hoppers), unpromoted, then their
/// Gold, Silver and Prince forms. Each promotes in the enemy camp (compulsory where it could
/// never move again) and returns from the capturer's hand unpromoted.
fn forward_only(game: Game, korean: bool) -> Vec<PieceSpec> {
    let helm = Atom::leap(1, 2).symmetry(Symmetry::LeftRight);
    let hump = Atom::leap(1, 3).symmetry(Symmetry::LeftRight);
    let mut unpromoted = vec![
        // Wing: slides straight forward. Mitre: slides diagonally forward. Princess: both.
        PieceSpec::new("wing", "L", 300, vec![FORWARD_SLIDE]),
        PieceSpec::new("mitre", "M", 300, vec![DIAGONAL_FORWARD_SLIDE]),
        relevant(PieceSpec::new(
            "princess",
            "S",
            500,
            vec![FORWARD_SLIDE, DIAGONAL_FORWARD_SLIDE],
        )),
        // Helm: leaps two ranks ahead on a neighbouring file. Hump: three ranks ahead.
        // Handyman: both.
        PieceSpec::new("helm", "H", 180, vec![helm]),
        PieceSpec::new("hump", "J", 150, vec![hump]),
        relevant(PieceSpec::new("handyman", "D", 280, vec![helm, hump])),
    ];
    let mut promoted_forms = vec![
        promoted("goldgeneral", "L", 400, gold_atoms()),
        promoted("goldgeneral", "H", 400, gold_atoms()),
        promoted("silvergeneral", "M", 380, silver_atoms()),
        promoted("silvergeneral", "J", 380, silver_atoms()),
        prince("S"),
        prince("D"),
    ];
    if game == Game::DenseRim {
        unpromoted.extend([
            // Princeling: one step straight or diagonally forward.
            relevant(PieceSpec::new(
                "princeling",
                "E",
                200,
                vec![STEP_FORWARD, DIAGONAL_FORWARD],
            )),
            // Cannonball, Arrowhead, Tankturret: hoppers on the Wing's, Mitre's and
            // Princess's lines.
            PieceSpec::new("cannonball", "O", 250, hopper(&[FORWARD_SLIDE], korean)),
            PieceSpec::new(
                "arrowhead",
                "A",
                220,
                hopper(&[DIAGONAL_FORWARD_SLIDE], korean),
            ),
            relevant(PieceSpec::new(
                "tankturret",
                "U",
                400,
                hopper(&[FORWARD_SLIDE, DIAGONAL_FORWARD_SLIDE], korean),
            )),
        ]);
        promoted_forms.extend([
            promoted("goldgeneral", "O", 400, gold_atoms()),
            promoted("silvergeneral", "A", 380, silver_atoms()),
            prince("E"),
            prince("U"),
        ]);
    }
    unpromoted
        .into_iter()
        .map(promotes)
        .chain(promoted_forms)
        .collect()
}

/// The rules of `game`, with Korean-style hoppers if `korean`.
fn wildeurasian(game: Game, korean: bool) -> VariantSpec {
    let (name, title, description, start) = match game {
        Game::Bestiary => (
            "wildeurasian-bestiary",
            "Wildeurasian Bestiary",
            "Gilman's Wildeurasian Qi on 12x12 with Zebra, Zemel, Giraffe, Gimel and compounds",
            "fzye1xu1eyzf/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/1RNBCGTCBNR1/FZYE1XU1EYZF w KQkq - 0 1",
        ),
        Game::Mitregi => (
            "wildeurasian-mitregi",
            "Wildeurasian Mitregi",
            "Gilman's Wildeurasian Qi on 12x12 with Shogi-style forward-only pieces and drops",
            "lhmj1sd1jmhl/1rnbcgtcbnr1/2pv1qk1vp2/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/2PV1QK1VP2/1RNBCGTCBNR1/LHMJ1SD1JMHL[] w KQkq - 0 1",
        ),
        Game::DenseRim => (
            "wildeurasian-dense-rim-mitregi",
            "Dense-Rim Wildeurasian Mitregi",
            "Wildeurasian Mitregi with forward-only hoppers filling the rim",
            "lhmjusdejmhl/ornbcgtcbnro/a1pv1qk1vp1a/1i1iiiiii1i1/12/12/12/12/1I1IIIIII1I1/A1PV1QK1VP1A/ORNBCGTCBNRO/LHMJUSDEJMHL[] w KQkq - 0 1",
        ),
    };
    let (name, title, description) = match korean {
        false => (name.to_string(), title.to_string(), description.to_string()),
        true => (
            format!("{name}-korean"),
            format!("{title} (Korean)"),
            format!("{description}; Korean hoppers need a screen for every move"),
        ),
    };
    // Castling: the King on the f or g file of rank 2 or 3, a Rook on the b or c file (to the
    // d and e files) or on the j or k file (to the i and h files), on the King's rank.
    let wing = |letter: char, rook_region: &str, king_to: u8, rook_to: u8| WingSpec {
        letter,
        rook: "R".into(),
        rook_region: region(rook_region),
        king_to,
        rook_to,
    };
    VariantSpec {
        river: true,
        camp_depth: 4,
        facing: Facing::FilesAndDiagonals,
        castling: Some(CastlingSpec {
            king_region: region("f2-g3"),
            wings: vec![wing('K', "j2-k3", 8, 7), wing('Q', "b2-c3", 3, 4)],
        }),
        hands: game != Game::Bestiary,
        prince_limit: match game {
            Game::Bestiary => 0,
            Game::Mitregi => 4,
            Game::DenseRim => 8,
        },
        crossing_limit: true,
        ..VariantSpec::new(
            (&name, &title, &description),
            (12, 12),
            pieces(game, korean),
            start,
        )
    }
}

/// Wildeurasian Bestiary.
pub fn bestiary() -> VariantSpec {
    wildeurasian(Game::Bestiary, false)
}

/// Wildeurasian Mitregi.
pub fn mitregi() -> VariantSpec {
    wildeurasian(Game::Mitregi, false)
}

/// Dense-Rim Wildeurasian Mitregi.
pub fn dense_rim_mitregi() -> VariantSpec {
    wildeurasian(Game::DenseRim, false)
}

/// Wildeurasian Bestiary with Korean-style hoppers.
pub fn bestiary_korean() -> VariantSpec {
    wildeurasian(Game::Bestiary, true)
}

/// Wildeurasian Mitregi with Korean-style hoppers.
pub fn mitregi_korean() -> VariantSpec {
    wildeurasian(Game::Mitregi, true)
}

/// Dense-Rim Wildeurasian Mitregi with Korean-style hoppers.
pub fn dense_rim_mitregi_korean() -> VariantSpec {
    wildeurasian(Game::DenseRim, true)
}

#[cfg(test)]
mod tests {
    use super::super::testing;
    use crate::game::{Game, Termination};
    use crate::{fen, perft, Color, Variant};

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

    /// Perft of every start to depth 3: numbers computed by the pure-Python reference, an
    /// independent reading of the rules (tests/test_crosscheck_wildeurasian.py).
    #[test]
    fn perft_of_the_starts() {
        for (name, counts) in [
            (BESTIARY, [82, 6_615, 548_371]),
            (MITREGI, [97, 8_997, 834_681]),
            (DENSE_RIM, [63, 3_745, 259_366]),
            ("wildeurasian-bestiary-korean", [77, 5_779, 434_133]),
            ("wildeurasian-mitregi-korean", [92, 7_983, 682_065]),
            (DENSE_RIM_KOREAN, [82, 6_304, 501_901]),
        ] {
            let variant = Variant::by_name(name).unwrap();
            testing::perfts(name, &variant.spec().start_fen, &counts);
        }
    }

    /// Depth 4, from the core alone (seconds each): `cargo test --release -- --ignored`.
    #[test]
    #[ignore]
    fn deep_perft() {
        for (name, count) in [
            (BESTIARY, 45_183_941),
            (MITREGI, 75_651_225),
            (DENSE_RIM, 17_771_932),
            ("wildeurasian-bestiary-korean", 32_603_364),
            ("wildeurasian-mitregi-korean", 56_934_207),
            (DENSE_RIM_KOREAN, 39_371_026),
        ] {
            let variant = Variant::by_name(name).unwrap();
            let mut start = fen::parse(variant, &variant.spec().start_fen).unwrap();
            assert_eq!(perft::perft(&mut start, 4), count, "{name}");
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
        let pawn = "6k5/12/12/4I7/12/12/12/12/6I5/12/6K5/12[] w - - 0 1";
        let error = fen::parse(mitregi, pawn).unwrap_err().to_string();
        assert!(error.contains("must have promoted"), "{error}");
        let five = "6k5/12/12/12/+S+S+D+D+S7/12/12/12/6I5/12/6K5/12[] b - - 0 1";
        let error = fen::parse(mitregi, five).unwrap_err().to_string();
        assert!(error.contains("5 Princes"), "{error}");
    }
}
