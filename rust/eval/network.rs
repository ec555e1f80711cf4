//! A position through a network ([`crate::network`]): its inputs, and the network's output in
//! integers (as the search adds it) or in floats (as it was trained).

use crate::network::{Network, Quantized, HIDDEN, OUTPUT_CENTIPAWNS, QA, QB};
use crate::piece::Color;
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

/// The output of `quantized` for `position`, in centipawns for the side to move.
pub fn correction(quantized: &Quantized, position: &Position) -> i32 {
    let network = quantized.network();
    // Both views' sums in one walk of the pieces, White's view first.
    let mut sums = [quantized.bias; 2];
    for color in [Color::White, Color::Black] {
        for square in position.occupied_by(color).iter() {
            let Some(piece) = position.piece_at(square) else {
                continue;
            };
            for (view, perspective) in [Color::White, Color::Black].into_iter().enumerate() {
                let own = color == perspective;
                let input = network.input(perspective, own, piece.kind.index(), square);
                let row = &quantized.weights[input];
                sums[view]
                    .iter_mut()
                    .zip(row)
                    .for_each(|(sum, w)| *sum = sum.wrapping_add(*w));
            }
        }
    }
    let turn = position.turn().index();
    let mut total = quantized.output_bias;
    for (half, view) in [turn, 1 - turn].into_iter().enumerate() {
        let products = sums[view].iter().zip(&quantized.output[half]);
        let products =
            products.map(|(sum, w)| i32::from(*sum).clamp(0, QA).wrapping_mul(i32::from(*w)));
        total = total.wrapping_add(products.fold(0, i32::wrapping_add));
    }
    (i64::from(total) * OUTPUT_CENTIPAWNS as i64 / i64::from(QA * QB)) as i32
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
}
