//! A position through a network ([`crate::network`]): its inputs, and the network's output in
//! integers (as the search adds it: from the hidden sums, which a [`SumsLine`] keeps in step
//! with the search's moves) or in floats (as it was trained).

use crate::board_changes::BoardChanges;
use crate::geometry::Square;
use crate::network::{Network, Quantized, HIDDEN, OUTPUT_CENTIPAWNS, QA, QB};
use crate::piece::{Color, Piece};
use crate::position::Position;

/// Calls `f` with each input of `position` from `perspective`'s view.
#[inline]
pub fn inputs_of(
    network: &Network,
    position: &Position,
    perspective: Color,
    mut f: impl FnMut(usize),
) {
    for color in [Color::White, Color::Black] {
        for square in position.occupied_by(color).iter() {
            if let Some(piece) = position.piece_at(square) {
                let own = color == perspective;
                f(network.input(perspective, own, piece.kind.index(), square));
            }
        }
    }
}

/// The output of `quantized` for `position`, in centipawns for the side to move, from its
/// pieces.
pub fn correction(quantized: &Quantized, position: &Position) -> i32 {
    Sums::of(quantized, position).output(quantized, position.turn())
}

/// Both views' hidden sums of a position (before clipping), White's view first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sums([[i16; HIDDEN]; 2]);

impl Sums {
    /// The sums of `position`, from its pieces (both views in one walk of them).
    pub fn of(quantized: &Quantized, position: &Position) -> Sums {
        let mut sums = Sums([quantized.bias; 2]);
        for color in [Color::White, Color::Black] {
            for square in position.occupied_by(color).iter() {
                if let Some(piece) = position.piece_at(square) {
                    sums.change(quantized, piece, square, true);
                }
            }
        }
        sums
    }

    /// Adds (`added`) or takes away the rows of `piece` on `square` in both views.
    #[inline]
    fn change(&mut self, quantized: &Quantized, piece: Piece, square: Square, added: bool) {
        let network = quantized.network();
        for (view, perspective) in [Color::White, Color::Black].into_iter().enumerate() {
            let own = piece.color == perspective;
            let input = network.input(perspective, own, piece.kind.index(), square);
            let row = &quantized.weights[input];
            let sums = self.0[view].iter_mut().zip(row);
            match added {
                true => sums.for_each(|(sum, w)| *sum = sum.wrapping_add(*w)),
                false => sums.for_each(|(sum, w)| *sum = sum.wrapping_sub(*w)),
            }
        }
    }

    /// The network's output from these sums, in centipawns for `turn`.
    pub fn output(&self, quantized: &Quantized, turn: Color) -> i32 {
        let turn = turn.index();
        let mut total = quantized.output_bias;
        for (half, view) in [turn, 1 - turn].into_iter().enumerate() {
            let products = self.0[view].iter().zip(&quantized.output[half]);
            let products =
                products.map(|(sum, w)| i32::from(*sum).clamp(0, QA).wrapping_mul(i32::from(*w)));
            total = total.wrapping_add(products.fold(0, i32::wrapping_add));
        }
        (i64::from(total) * OUTPUT_CENTIPAWNS as i64 / i64::from(QA * QB)) as i32
    }
}

/// The sums of the positions along a search's line, ply by ply from its root: each is made
/// from the one before by the board changes of the move between them, and only when an
/// evaluation asks for it (most positions are answered from the evaluations' memory, or cut
/// off before they are evaluated).
pub struct SumsLine {
    plies: Vec<LinePly>,
}

/// A ply of a [`SumsLine`].
#[derive(Clone, Copy)]
struct LinePly {
    sums: Sums,
    /// Whether `sums` are those of the position now at this ply.
    fresh: bool,
    /// The board changes of the move that led here.
    changes: BoardChanges,
}

impl SumsLine {
    /// A line of up to `plies` plies, all to be computed.
    pub fn new(plies: usize) -> SumsLine {
        let ply = LinePly {
            sums: Sums([[0; HIDDEN]; 2]),
            fresh: false,
            changes: BoardChanges::default(),
        };
        SumsLine {
            plies: vec![ply; plies + 1],
        }
    }

    /// Notes that a move with board changes `changes` reached the position at `ply` (one past
    /// the last ply noted).
    #[inline]
    pub fn moved(&mut self, ply: usize, changes: &BoardChanges) {
        let entry = &mut self.plies[ply];
        entry.fresh = false;
        entry.changes = *changes;
    }

    /// The output of `quantized` for `position`, the position at `ply`, in centipawns for the
    /// side to move: from the sums of the nearest ply before with sums up to date, brought
    /// forward by the moves' changes, or from the pieces where the line has none (at its root,
    /// or past a move of more changes than a log keeps).
    pub fn correction(&mut self, quantized: &Quantized, position: &Position, ply: usize) -> i32 {
        let mut base = ply;
        while !self.plies[base].fresh {
            if base == 0 || self.plies[base].changes.list().is_none() {
                self.plies[ply].sums = Sums::of(quantized, position);
                self.plies[ply].fresh = true;
                return self.plies[ply].sums.output(quantized, position.turn());
            }
            base -= 1;
        }
        for next in base + 1..=ply {
            let mut sums = self.plies[next - 1].sums;
            for change in self.plies[next].changes.list().into_iter().flatten() {
                sums.change(quantized, change.piece, change.square, change.added);
            }
            self.plies[next].sums = sums;
            self.plies[next].fresh = true;
        }
        self.plies[ply].sums.output(quantized, position.turn())
    }
}

/// The output of `network` for `position` in centipawns for the side to move, in floats.
pub fn output(network: &Network, position: &Position) -> f32 {
    let turn = position.turn();
    let mut out = network.output_bias;
    for (half, perspective) in [turn, turn.opponent()].into_iter().enumerate() {
        let mut sums = network.input_bias.clone();
        inputs_of(network, position, perspective, |input| {
            let row = &network.input_weights[input * HIDDEN..(input + 1) * HIDDEN];
            sums.iter_mut().zip(row).for_each(|(sum, w)| *sum += w);
        });
        let weights = &network.output_weights[half * HIDDEN..(half + 1) * HIDDEN];
        let products = sums.iter().zip(weights);
        out += products
            .map(|(sum, w)| sum.clamp(0.0, 1.0) * w)
            .sum::<f32>();
    }
    out * OUTPUT_CENTIPAWNS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::moves::MoveKind;
    use crate::network::built_in;
    use crate::variant::Variant;

    fn chess() -> &'static Variant {
        Variant::by_name("chess").unwrap()
    }

    #[test]
    fn the_integers_give_the_floats_within_two_centipawns() {
        let quantized = built_in("chess").unwrap();
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 9",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 w - - 0 50",
            "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1",
        ] {
            let position = fen::parse(chess(), text).unwrap();
            let floats = output(quantized.network(), &position);
            let integers = correction(quantized, &position);
            assert!(
                (floats - integers as f32).abs() <= 2.0,
                "{text}: {floats} {integers}"
            );
        }
    }

    /// `text` with the board turned over and the colours swapped (no en-passant square).
    fn mirrored(text: &str) -> String {
        let fields: Vec<&str> = text.split(' ').collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| match c.is_ascii_uppercase() {
                    true => c.to_ascii_lowercase(),
                    false => c.to_ascii_uppercase(),
                })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let rest = fields[4..].join(" ");
        format!("{} {turn} {} - {rest}", board.join("/"), swap(fields[2]))
    }

    #[test]
    fn the_view_of_each_side_is_the_other_s_mirrored() {
        let quantized = built_in("chess").unwrap();
        let evaluate = |text: &str| correction(quantized, &fen::parse(chess(), text).unwrap());
        for text in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 9",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
        ] {
            assert_eq!(evaluate(text), evaluate(&mirrored(text)), "{text}");
        }
    }

    #[test]
    fn the_correction_is_added_to_chess_s_evaluation_only() {
        // The evaluation of chess less that of the same file without its network.
        let text = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1";
        let position = fen::parse(chess(), text).unwrap();
        let with = crate::eval::evaluate(&position);
        let file = crate::catalog::built_in_file("chess").unwrap();
        let file = file.replace("network = \"chess\"", "network = \"\"");
        let plain = Box::leak(Box::new(crate::catalog::read(&file, "chess").unwrap()));
        let without = crate::eval::evaluate(&fen::parse(plain, text).unwrap());
        let correction = correction(built_in("chess").unwrap(), &position);
        assert_ne!(correction, 0);
        assert_eq!(with - without, correction);
    }

    /// Walks the tree below `position` `depth` plies deep, some moves a node (and a null move
    /// where no side is in check), checking at every node that `line` gives the sums of the
    /// position's pieces.
    fn walk(
        line: &mut SumsLine,
        position: &mut Position,
        ply: usize,
        depth: usize,
        seed: &mut u64,
    ) {
        let quantized = built_in("chess").unwrap();
        assert_eq!(
            line.correction(quantized, position, ply),
            correction(quantized, position),
            "{} at ply {ply}",
            fen::write(position)
        );
        if depth == 0 {
            return;
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        // The captures, castlings and promotions first, then some of the rest.
        moves.sort_by_key(|mv| !(position.is_capture(*mv) || mv.kind != MoveKind::Normal));
        for (index, mv) in moves.into_iter().enumerate() {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if index > 3 && *seed >> 61 != 0 {
                continue;
            }
            position.clear_changes();
            let undo = position.make(mv);
            line.moved(ply + 1, position.changes());
            walk(line, position, ply + 1, depth - 1, seed);
            position.unmake(mv, undo);
        }
        if !position.is_check() {
            position.clear_changes();
            let undo = position.make_null();
            line.moved(ply + 1, position.changes());
            walk(line, position, ply + 1, depth - 1, seed);
            position.unmake_null(undo);
        }
    }

    #[test]
    fn the_line_s_sums_are_those_of_the_pieces() {
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Castling either way, en passant, promotions with and without a capture.
            "r3k2r/1P2p3/8/3pP3/8/8/4P1p1/R3K2R w KQkq d6 0 1",
            "r3k2r/1P2p3/8/8/3pP3/8/6p1/R3K2R b KQkq e3 0 1",
        ] {
            let mut position = fen::parse(chess(), text).unwrap();
            let mut line = SumsLine::new(8);
            walk(&mut line, &mut position, 0, 4, &mut 7);
        }
    }

    #[test]
    fn a_move_of_more_changes_than_a_log_keeps_is_summed_from_the_pieces() {
        let quantized = built_in("chess").unwrap();
        let mut position = fen::parse(chess(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let mut line = SumsLine::new(4);
        line.correction(quantized, &position, 0);
        let mv = position.parse_uci("e1g1").unwrap().unwrap();
        position.clear_changes();
        let _undo = position.make(mv);
        let mut changes = *position.changes();
        let rook = position.piece_at(Square::parse("f1").unwrap()).unwrap();
        for _ in 0..crate::board_changes::CHANGES_KEPT {
            changes.note(rook, Square::parse("f1").unwrap(), true);
        }
        assert!(changes.list().is_none());
        line.moved(1, &changes);
        assert_eq!(
            line.correction(quantized, &position, 1),
            correction(quantized, &position)
        );
    }
}
