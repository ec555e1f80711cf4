//! How winnable a position is, as Stockfish's classical evaluation judges it: the
//! "complexity" that moves the score towards or away from zero (passed Pawns, Pawns, Kings
//! outflanking each other or infiltrating, Pawns on both wings, a Pawn ending), and the scale
//! of the endgame score by the stronger side's means to win (no Pawns and too little material
//! ahead; Bishops on opposite colours; few Pawns). Weights are Stockfish's, scaled by
//! [`STOCKFISH_SCALE`](super::STOCKFISH_SCALE).

use super::{from_stockfish, MINOR_LIMIT};
use crate::piece::Color;
use crate::position::Position;
use crate::square_set::SquareSet;

/// A full scale of the endgame score, in Stockfish's 64ths.
const FULL_SCALE: i32 = 64;

/// What the judgement needs beyond the position, by side (White's first): its Pawns' squares,
/// the square colours its colour-bound pieces stand on ([`super::Attacks::bound_colours`]),
/// its material that counts for the phase (Pawns and Kings aside); and the number of passed
/// Pawns on the board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Means {
    pub pawns: [SquareSet; 2],
    pub bound_colours: [u8; 2],
    pub material: [i32; 2],
    pub passed: i32,
}

/// The middlegame and endgame scores `[mg, eg]` (White's point of view) adjusted by how
/// winnable the position is.
pub(super) fn adjust(position: &Position, means: &Means, [mg, eg]: [i32; 2]) -> [i32; 2] {
    let complexity = from_stockfish(complexity(position, means));
    let mg = mg + mg.signum() * (complexity + from_stockfish(50)).clamp(-mg.abs(), 0);
    let eg = eg + eg.signum() * complexity.max(-eg.abs());
    let strong = if eg > 0 { Color::White } else { Color::Black };
    [mg, eg * scale(position, means, strong) / FULL_SCALE]
}

/// Stockfish's complexity, in its units: positive where the side ahead can still win more,
/// negative (at most the whole advantage) where the game is drawish.
fn complexity(position: &Position, means: &Means) -> i32 {
    let dims = position.variant().dimensions();
    let half_files = dims.files / 2;
    let half_ranks = dims.ranks / 2;
    let pawns = means.pawns[0] | means.pawns[1];
    let queen_side = pawns.iter().any(|pawn| pawn.file() < half_files);
    let king_side = pawns.iter().any(|pawn| pawn.file() >= half_files);
    let both_flanks = queen_side && king_side;
    let (outflanking, infiltration) =
        match (position.king(Color::White), position.king(Color::Black)) {
            (Some(white), Some(black)) => (
                i32::from(white.file().abs_diff(black.file())) + i32::from(white.rank())
                    - i32::from(black.rank()),
                white.rank() >= half_ranks || black.rank() < half_ranks,
            ),
            _ => (0, false),
        };
    let almost_unwinnable = outflanking < 0 && !both_flanks;
    let pawn_ending = means.material == [0, 0];
    9 * means.passed
        + 12 * pawns.len() as i32
        + 9 * outflanking
        + 21 * i32::from(both_flanks)
        + 24 * i32::from(infiltration)
        + 51 * i32::from(pawn_ending)
        - 43 * i32::from(almost_unwinnable)
        - 110
}

/// The scale of the endgame score (of [`FULL_SCALE`]) for the `strong` side: none or little
/// when it has no Pawns and at most a minor piece's material more; less with Bishops on
/// opposite colours; less with fewer than four Pawns.
fn scale(position: &Position, means: &Means, strong: Color) -> i32 {
    let [own, enemy] = [strong, strong.opponent()].map(|color| means.material[color.index()]);
    let own_pawns = means.pawns[strong.index()].len() as i32;
    if own_pawns == 0 && own - enemy < MINOR_LIMIT {
        return if own < MINOR_LIMIT {
            0
        } else if enemy < MINOR_LIMIT {
            4
        } else {
            14
        };
    }
    let single = |colours: u8| colours == 1 || colours == 2;
    let [white, black] = means.bound_colours;
    let opposite_bishops = single(white) && single(black) && white != black;
    if opposite_bishops {
        let only_bishops = own < MINOR_LIMIT && enemy < MINOR_LIMIT;
        if only_bishops {
            return 22;
        }
        let pieces = position.occupied_by(strong).len() as i32;
        return (22 + 3 * pieces).min(FULL_SCALE);
    }
    (36 + 7 * own_pawns).min(FULL_SCALE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::breakdown;
    use crate::{fen, Variant};

    /// The chess position `fen` and its means ([`Means`]).
    fn chess_means(fen: &str) -> (Position<'static>, Means) {
        let position = fen::parse(Variant::by_name("chess").unwrap(), fen).unwrap();
        let breakdown = breakdown::<true>(&position, |pawns| pawns.structure(&position));
        (position, breakdown.means.unwrap())
    }

    /// The endgame scale for White in the chess position `fen`.
    fn white_scale(fen: &str) -> i32 {
        let (position, means) = chess_means(fen);
        scale(&position, &means, Color::White)
    }

    #[test]
    fn the_endgame_scales_by_the_means_to_win() {
        // A Bishop alone cannot win; a Rook against a Knight hardly; a Rook and a Bishop
        // against a Rook seldom.
        assert_eq!(white_scale("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
        assert_eq!(white_scale("4k3/8/3n4/8/8/8/8/R3K3 w - - 0 1"), 4);
        assert_eq!(white_scale("4k3/8/3r4/8/8/8/8/R1B1K3 w - - 0 1"), 14);
        // Bishops on opposite colours, alone and with a Rook each.
        assert_eq!(white_scale("4k3/8/4b3/8/8/8/4P3/2B1K3 w - - 0 1"), 22);
        assert_eq!(
            white_scale("r3k3/8/4b3/8/8/8/4P3/R1B1K3 w - - 0 1"),
            22 + 3 * 4
        );
        // Few Pawns; four or more are a full scale.
        assert_eq!(white_scale("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"), 36 + 7);
        assert_eq!(
            white_scale("4k3/8/8/8/8/8/1PPPP3/R3K3 w - - 0 1"),
            FULL_SCALE
        );
    }

    #[test]
    fn complexity_weighs_pawns_kings_and_flanks() {
        // One passed Pawn on one flank, the Kings facing each other across the board, a Pawn
        // ending: 9 + 12 - 7 * 9 + 51 - 43 - 110.
        let (position, means) = chess_means("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(complexity(&position, &means), 9 + 12 - 63 + 51 - 43 - 110);
        // Pawns on both flanks and a King that has come forward: no longer almost unwinnable.
        let (position, means) = chess_means("8/p4k1p/8/3K4/8/8/P6P/8 w - - 0 1");
        let outflanking = 2 + (4 - 6);
        assert_eq!(
            complexity(&position, &means),
            12 * 4 + 9 * outflanking + 21 + 24 + 51 - 110
        );
    }

    #[test]
    fn a_drawish_position_loses_its_advantage_but_never_changes_sides() {
        // A Pawn ending that is almost unwinnable: the endgame's lead shrinks by the
        // complexity (at most to nothing), then by the scale; the middlegame's likewise, but by
        // 50 less.
        let (position, means) = chess_means("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let complexity = from_stockfish(complexity(&position, &means));
        assert!(complexity < 0);
        let scale = 36 + 7;
        let [mg, eg] = adjust(&position, &means, [200, 200]);
        assert_eq!(eg, (200 + complexity) * scale / FULL_SCALE);
        assert_eq!(mg, 200 + complexity + from_stockfish(50));
        assert_eq!(adjust(&position, &means, [10, 10]), [0, 0]);
        assert_eq!(adjust(&position, &means, [-10, -10]), [0, 0]);
    }
}
