//! An editable, unchecked description of a position ([`Setup`]: what a FEN says or a user sets
//! up). The rules a setup must keep to become a playable position are checked in
//! [`crate::validate`].

use crate::castling::CastlingRights;
use crate::counters::Counters;
use crate::gates::Gates;
use crate::geometry::{Square, SQUARE_SLOTS};
use crate::piece::{Color, Piece, KIND_SLOTS};

/// A position as written, not yet checked: pieces, hands, side to move, castling rights, the
/// en-passant square and the counters. Any of these may be edited freely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, by square number.
    pub board: [Option<Piece>; SQUARE_SLOTS],
    /// Pieces in hand, per colour and kind number.
    pub hands: [[u8; KIND_SLOTS]; 2],
    /// The side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// The gates, in a variant with gating.
    pub gates: Gates,
    /// The square a Pawn has just passed over with a two-square move.
    pub en_passant: Option<Square>,
    /// Plies since the last capture, Pawn move or drop.
    pub halfmove_clock: u32,
    /// Starts at 1, grows after each move of Black.
    pub fullmove_number: u32,
    /// The checks left to give and the counting of an ending, in the variants that keep them.
    pub counters: Counters,
}

impl Setup {
    /// An empty board, empty hands, White to move, counters at their start values.
    pub fn empty() -> Setup {
        Setup {
            board: [None; SQUARE_SLOTS],
            hands: [[0; KIND_SLOTS]; 2],
            turn: Color::White,
            castling: CastlingRights::NONE,
            gates: Gates::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            counters: Counters::default(),
        }
    }
}
