//! Room for the pieces, as Stockfish's classical evaluation weighs it (scaled by
//! [`STOCKFISH_SCALE`](super::STOCKFISH_SCALE)): space in the centre behind the Pawns, Rooks
//! shut in beside their King, Bishops hemmed in by their own Pawns, Bishops on a long diagonal.
//! Pawns are taken to move straight forward, as in chess; "Bishops" are colour-bound pieces
//! and "Rooks" pieces of the Rook's class ([`super::value_class`]) riding along their file.
//! The regions they look at are the variant's ([`Regions`]).

use super::{Attacks, PawnFiles, Terms};
use crate::eval_tables::Regions;
use crate::geometry::Offset;
use crate::piece::Color;
use crate::position::Position;

/// A Rook with at most this many squares to go to ([`super::side_terms`]'s safe mobility)
/// may be trapped.
pub(super) const CRAMPED_MOBILITY: i32 = 3;

/// Stockfish's weights, middlegame and endgame, for a Rook trapped beside its King (twice
/// when the side may no longer castle).
const TRAPPED_ROOK: [i32; 2] = [55, 13];
/// The same, for a Bishop on a diagonal that attacks two centre squares.
const LONG_DIAGONAL_BISHOP: [i32; 2] = [45, 0];
/// The same, lost per own Pawn on the Bishop's colour (times the factor of
/// [`bishop_pawns`]), by the Bishop's file's distance from the edge (the last for further).
const BISHOP_PAWNS: [[i32; 2]; 4] = [[3, 8], [3, 9], [2, 8], [3, 8]];
/// Space counts while the pieces' material (Pawns and Kings aside) is at least this share of
/// the start's, in thousandths: Stockfish's 11,551 of 16,604.
const SPACE_MATERIAL_SHARE: i32 = 696;
/// Pawns blocked by enemy Pawns beyond this many do not add to the space's weight.
const SPACE_BLOCKED_LIMIT: i32 = 9;

/// The room terms of both sides, White's less Black's, with their `pawns`; `material` is both
/// sides' material that counts for the phase.
pub(super) fn room(
    position: &Position,
    pawns: &PawnFiles,
    attacks: &[Attacks; 2],
    material: i32,
) -> Terms {
    let eval = position.variant().eval_tables();
    let regions = eval.regions();
    let with_space = material * 1000 >= eval.start_material() * SPACE_MATERIAL_SHARE;
    let blocked = match with_space {
        true => blocked_by_pawns(pawns),
        false => 0,
    };
    let mut terms = Terms::default();
    for (color, sign, ours, theirs) in super::sides(attacks) {
        let mut add = |weights: [i32; 2]| terms.add_stockfish(sign, weights);
        if with_space {
            let space = space(position, regions, pawns, blocked, color, ours, theirs);
            add([space, 0]);
        }
        add(LONG_DIAGONAL_BISHOP.map(|weight| weight * ours.long_diagonals));
        let [mg, eg] = bishop_pawns(position, regions, color, ours);
        add([-mg, -eg]);
        let trapped = trapped_rooks(position, pawns, color, ours);
        add(TRAPPED_ROOK.map(|weight| -weight * trapped));
    }
    terms
}

/// `color`'s space, middlegame, in Stockfish's units: the squares of its space region
/// ([`Regions::space`]) that no own Pawn holds and no enemy Pawn attacks, those up to three
/// behind an own Pawn and not attacked at all counted twice, weighed by the square of its
/// pieces' number (less three, plus the `blocked` Pawns: [`blocked_by_pawns`]).
fn space(
    position: &Position,
    regions: &Regions,
    pawns: &PawnFiles,
    blocked: i32,
    color: Color,
    ours: &Attacks,
    theirs: &Attacks,
) -> i32 {
    let safe = regions.space[color.index()] & !(ours.pawn_squares | theirs.pawns);
    let unattacked = safe & !theirs.any();
    let own = &pawns.ranks[color.index()];
    let behind = unattacked
        .iter()
        .filter(|square| {
            let (file, rank) = (usize::from(square.file()), square.rank());
            let ahead = match color {
                Color::White => 0b1110 << rank,
                Color::Black => 0b0111 << rank >> 3,
            };
            own[file] & ahead != 0
        })
        .count();
    let bonus = (safe.len() + behind) as i32;
    let pieces = position.occupied_by(color).len() as i32;
    let weight = pieces - 3 + blocked.min(SPACE_BLOCKED_LIMIT);
    bonus * weight * weight / 16
}

/// How many Pawns, of both sides, have an enemy Pawn just ahead.
fn blocked_by_pawns(pawns: &PawnFiles) -> i32 {
    let [white, black] = &pawns.ranks;
    let pairs: u32 = white
        .iter()
        .zip(black)
        .map(|(white, black)| (white & black >> 1).count_ones())
        .sum();
    2 * pairs as i32
}

/// `color`'s Bishops hemmed in by its own Pawns, in Stockfish's units: for each, the Pawns
/// on its colour times one (when no own Pawn defends it) plus the own Pawns blocked on the
/// centre files, by [`BISHOP_PAWNS`].
fn bishop_pawns(position: &Position, regions: &Regions, color: Color, ours: &Attacks) -> [i32; 2] {
    let bound = position.variant().eval_tables().colour_bound();
    let mut bishops = ours.minors_at.iter().filter(|&square| {
        position
            .piece_at(square)
            .is_some_and(|piece| bound & piece.kind.bit() != 0)
    });
    let Some(first) = bishops.next() else {
        return [0, 0];
    };
    let dims = position.variant().dimensions();
    let forward = Offset::new(0, if color == Color::White { 1 } else { -1 });
    let blocked = (ours.pawn_squares & regions.centre_files)
        .iter()
        .filter_map(|pawn| dims.step(pawn, forward))
        .filter(|&ahead| !position.is_empty(ahead))
        .count() as i32;
    let light = (ours.pawn_squares & regions.light).len() as i32;
    let dark = ours.pawn_squares.len() as i32 - light;
    let mut penalty = [0, 0];
    for square in std::iter::once(first).chain(bishops) {
        let same_shade = if regions.light.contains(square) {
            light
        } else {
            dark
        };
        let factor = i32::from(!ours.pawns.contains(square)) + blocked;
        let edge = square.file().min(dims.files - 1 - square.file());
        let [mg, eg] = BISHOP_PAWNS[usize::from(edge).min(BISHOP_PAWNS.len() - 1)];
        penalty[0] += mg * same_shade * factor;
        penalty[1] += eg * same_shade * factor;
    }
    penalty
}

/// How many of `color`'s cramped Rooks stand on a file with an own Pawn, between their King
/// and the nearer edge, counted twice when the side may no longer castle.
fn trapped_rooks(position: &Position, pawns: &PawnFiles, color: Color, ours: &Attacks) -> i32 {
    if ours.cramped_rooks.is_empty() {
        return 0;
    }
    let Some(king) = position.king(color) else {
        return 0;
    };
    let king_file = king.file();
    let queen_side = king_file < position.variant().dimensions().files / 2;
    let castles = position.castling_rights().any(color);
    let own = &pawns.ranks[color.index()];
    let trapped = ours
        .cramped_rooks
        .iter()
        .filter(|rook| own[usize::from(rook.file())] != 0)
        .filter(|rook| queen_side == (rook.file() < king_file))
        .count() as i32;
    trapped * (1 + i32::from(!castles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::from_stockfish;
    use crate::eval::tests::chess_attacks;
    use crate::Variant;

    /// The room terms of the chess position `fen`, White's less Black's.
    fn chess_room(fen: &str) -> [i32; 2] {
        let (position, pawns, attacks) = chess_attacks(fen);
        let material = position.variant().eval_tables().start_material() / 2;
        let terms = room(&position, &pawns, &attacks, material);
        [terms.mg, terms.eg]
    }

    /// Stockfish's `weights` times `times`, in our centipawns.
    fn scaled(weights: [i32; 2], times: i32) -> [i32; 2] {
        weights.map(|weight| from_stockfish(weight * times))
    }

    #[test]
    fn the_centre_is_the_middle_four_squares() {
        let regions = Variant::by_name("chess").unwrap().eval_tables().regions();
        let names: Vec<String> = regions
            .centre
            .iter()
            .map(|square| square.to_string())
            .collect();
        assert_eq!(names, ["d4", "e4", "d5", "e5"]);
    }

    #[test]
    fn a_rook_shut_in_beside_its_king_is_trapped() {
        // The Rook on h1 has no square to go to; the King may still castle, then not.
        assert_eq!(
            chess_room("4k3/8/8/8/8/8/5PPP/4K1NR w K - 0 1"),
            scaled(TRAPPED_ROOK, -1)
        );
        assert_eq!(
            chess_room("4k3/8/8/8/8/8/5PPP/4K1NR w - - 0 1"),
            scaled(TRAPPED_ROOK, -2)
        );
        // Black's right to castle is not White's.
        assert_eq!(
            chess_room("4k2r/8/8/8/8/8/5PPP/4K1NR w k - 0 1"),
            scaled(TRAPPED_ROOK, -2)
        );
        // Without its Pawn the file is open; beyond the King's other side it is not trapped.
        assert_eq!(chess_room("4k3/8/8/8/8/8/5PP1/4K1NR w - - 0 1"), [0, 0]);
        assert_eq!(
            chess_room("4k3/8/8/8/8/8/PP6/RN1K4 w - - 0 1"),
            scaled(TRAPPED_ROOK, -2)
        );
        assert_eq!(chess_room("4k3/8/8/8/8/8/PPP5/1KRN4 w - - 0 1"), [0, 0]);
    }

    #[test]
    fn a_bishop_is_hemmed_in_by_its_pawns_on_its_colour() {
        // Three Pawns on the dark squares of the c1 Bishop, which no Pawn defends: three times
        // the weight of the c file; with d2 blocked on a centre file, twice that.
        let weight = BISHOP_PAWNS[2];
        assert_eq!(
            chess_room("4k3/8/8/8/8/2P1P3/3P4/2B1K3 w - - 0 1"),
            scaled(weight, -3)
        );
        assert_eq!(
            chess_room("4k3/8/8/8/8/2PpP3/3P4/2B1K3 w - - 0 1"),
            scaled(weight, -6)
        );
        // Pawns on the other colour do not count.
        assert_eq!(chess_room("4k3/8/8/8/8/1P1P4/2P5/2B1K3 w - - 0 1"), [0, 0]);
    }

    #[test]
    fn a_bishop_on_a_long_diagonal_sees_the_centre() {
        assert_eq!(
            chess_room("4k3/8/8/8/8/8/6B1/4K3 w - - 0 1"),
            scaled(LONG_DIAGONAL_BISHOP, 1)
        );
        // Behind its Knight on f3 it sees no centre square.
        assert_eq!(chess_room("4k3/8/8/8/8/5N2/6B1/4K3 w - - 0 1"), [0, 0]);
    }

    /// White's space in the chess position `fen`, in Stockfish's units.
    fn white_space(fen: &str) -> i32 {
        let (position, pawns, attacks) = chess_attacks(fen);
        let regions = position.variant().eval_tables().regions();
        let blocked = blocked_by_pawns(&pawns);
        let [white, black] = &attacks;
        space(
            &position,
            regions,
            &pawns,
            blocked,
            Color::White,
            white,
            black,
        )
    }

    #[test]
    fn space_counts_safe_centre_squares_behind_the_pawns() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // c3-f4: eight safe squares, sixteen pieces: 8 * 13 * 13 / 16.
        assert_eq!(white_space(start), 8 * 13 * 13 / 16);
        // After e4, e2 is free too, and e2 and e3 lie safely behind the Pawn.
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(white_space(e4), 10 * 13 * 13 / 16);
        // A Pawn on d5 attacks c4 and e4 (six safe squares, d2 and d3 behind d4); the two
        // Pawns blocked by Pawns add to the weight.
        let d5 = "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(white_space(d5), 8 * 15 * 15 / 16);
        // With the start's material halved, space does not count.
        let (position, pawns, attacks) = chess_attacks(start);
        let half = position.variant().eval_tables().start_material() / 2;
        assert_eq!(room(&position, &pawns, &attacks, half).mg, 0);
    }
}
