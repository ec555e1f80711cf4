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
