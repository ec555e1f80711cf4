//! The text diagram of a board (`str(board)`).

use crate::geometry::Square;
use crate::piece::{Color, Kind, Piece};
use crate::setup::Setup;
use crate::variant::Variant;

/// A text diagram of `setup`: rank numbers down the left, file letters below, `.` for empty
/// squares, and the hands (Black's above, White's below) in a variant with hands.
pub(super) fn diagram(variant: &Variant, setup: &Setup) -> String {
    let dims = variant.dimensions();
    let hand = |color: Color| {
        let pieces: Vec<String> = variant
            .rules()
            .flat_map(|rule| {
                let count = setup.hands[color.index()][rule.kind.index()];
                (0..count).map(move |_| rule.kind)
            })
            .map(|kind: Kind| variant.piece_symbol(kind, color))
            .collect();
        format!("   [{}]\n", pieces.join(""))
    };
    let mut text = String::new();
    if variant.spec().hands {
        text.push_str(&hand(Color::Black));
    }
    for rank in (0..dims.ranks).rev() {
        text.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..dims.files {
            let square = Square::new(file, rank).expect("inside the board");
            let symbol = setup.board[square.index()]
                .filter(|piece: &Piece| variant.has_kind(piece.kind))
                .map_or(".".to_string(), |piece| {
                    variant.piece_symbol(piece.kind, piece.color)
                });
            text.push_str(&format!("{symbol:>2}"));
        }
        text.push('\n');
    }
    text.push_str("   ");
    for file in 0..dims.files {
        text.push(' ');
        text.push((b'a' + file) as char);
    }
    if variant.spec().hands {
        text.push('\n');
        text.push_str(hand(Color::White).trim_end());
    }
    text
}
