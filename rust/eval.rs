//! Static evaluation: material, mobility and King safety, in centipawns from the side to move's
//! point of view.
//!
//! ## How the material values were chosen
//! `cargo run --release --example mobility` prints each piece's average number of destinations
//! on an empty board (Queen 29.4, Gryphon 29.2, Rhino 26.8, Rook 18.0, Janus 17.2, Eagle 15.8,
//! Lion 12.6, Wildebeest and Ogyo 10.8, Champion 9.4, Pegasus 8.8, Knight 5.8, Gold 5.2, Pawn
//! 4.4, Silver 4.1, Mandarin 1.6). The values follow that order, adjusted by what the count
//! misses: leapers cannot be blocked (Lion, Wildebeest, Pegasus, Champion up), the Gryphon and
//! Rhino are stopped by any piece on their first square (below the Queen), the Ogyo's and Eagle's
//! moves point mostly sideways or forward only, and the Shogi generals keep their Shogi ratios to
//! the Pawn. The King is beyond price and not counted. For Yáng Qí's 9x10 board the Bishop sits
//! between the Knight and the Rook as in chess, and the hoppers below it: the Cannon (a Rook's
//! quiet moves, captures that need a screen) is worth about a Knight and a half, the Vao, which
//! stays on one colour, less.

use crate::geometry::Square;
use crate::piece::{Color, Kind};
use crate::position::Position;

/// The material value of a piece of `kind` in `position`'s variant, in centipawns (the piece
/// table's `value`).
#[inline]
pub fn piece_value(position: &Position, kind: Kind) -> i32 {
    position.variant().rule_of(kind).spec.value
}

/// Centipawns per piece in hand over its value on the board: a piece in hand may go anywhere.
const IN_HAND_BONUS: i32 = 10;

/// Centipawns per destination a side's pieces can reach.
const MOBILITY_WEIGHT: i32 = 3;
/// Centipawns lost per square next to the King that the enemy attacks.
const KING_ZONE_PENALTY: i32 = 12;
/// Centipawns per rank a Pawn has advanced beyond its start.
const PAWN_ADVANCE: i32 = 6;

/// The evaluation of `position` for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let us = position.turn();
    side_score(position, us) - side_score(position, us.opponent())
}

/// Material, mobility, Pawn advance and King safety of `color`.
fn side_score(position: &Position, color: Color) -> i32 {
    let variant = position.variant();
    let dims = variant.dimensions();
    let tables = variant.tables();
    let mut score = 0;
    for from in position.occupied_by(color).iter() {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        score += piece_value(position, piece.kind);
        if variant.pawns() & piece.kind.bit() != 0 {
            let own_rank = if color == Color::White {
                from.rank()
            } else {
                dims.ranks - 1 - from.rank()
            };
            score += PAWN_ADVANCE * i32::from(own_rank.saturating_sub(2));
        }
        for path in tables.paths(color, piece.kind.number(), from) {
            score += MOBILITY_WEIGHT
                * reachable(position, color, tables.squares(path), path.pass()) as i32;
        }
    }
    for rule in variant.rules() {
        let held = i32::from(position.hand_count(color, rule.kind));
        score += held * (rule.spec.value + IN_HAND_BONUS);
    }
    if let Some(king) = position.king(color) {
        score -= KING_ZONE_PENALTY * attacked_neighbours(position, color, king);
    }
    score
}

/// Number of destinations along one path: empty squares, and the enemy piece that stops it.
fn reachable(position: &Position, color: Color, squares: &[Square], pass: usize) -> usize {
    let mut count = 0;
    for (index, &square) in squares.iter().enumerate() {
        match position.piece_at(square) {
            None => count += usize::from(index >= pass),
            Some(piece) => {
                count += usize::from(index >= pass && piece.color != color);
                break;
            }
        }
    }
    count
}

/// Number of squares next to `king` that the enemy attacks.
fn attacked_neighbours(position: &Position, color: Color, king: Square) -> i32 {
    let dims = position.variant().dimensions();
    let enemy = color.opponent();
    let mut count = 0;
    for dx in -1..=1 {
        for dy in -1..=1 {
            let Some(square) = dims.step(king, crate::geometry::Offset::new(dx, dy)) else {
                continue;
            };
            if (dx, dy) != (0, 0) && position.is_attacked_by(enemy, square) {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Variant};

    #[test]
    fn start_position_is_balanced() {
        let variant = Variant::meiriqi();
        let position = fen::parse(variant, &variant.spec().start_fen).unwrap();
        assert_eq!(evaluate(&position), 0);
    }

    #[test]
    fn extra_material_counts() {
        let variant = Variant::meiriqi();
        let position = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 w").unwrap();
        assert!(evaluate(&position) > 1000);
        let black = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 b").unwrap();
        assert!(evaluate(&black) < -1000);
    }
}
