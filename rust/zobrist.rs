//! Zobrist hashing: a random key per piece per square, per piece in hand, per castling right and
//! one for the side to move, generated at compile time (or mixed from a fixed seed) so that
//! hashes are the same in every run and on every machine.

use crate::castling::CastlingRights;
use crate::gates::Gates;
use crate::geometry::{Square, SQUARE_SLOTS};
use crate::piece::{Color, Kind, Piece, PIECE_CODES};

/// One step of the SplitMix64 generator: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const SEED: u64 = 0x6D65_6972_6971_6921; // "meiriqi!"
const KEY_COUNT: usize = PIECE_CODES * SQUARE_SLOTS + 1 + 8;

const fn generate() -> [u64; KEY_COUNT] {
    let mut keys = [0; KEY_COUNT];
    let mut state = SEED;
    let mut index = 0;
    while index < KEY_COUNT {
        let (next, key) = splitmix64(state);
        state = next;
        keys[index] = key;
        index += 1;
    }
    keys
}

/// Keys per piece code and square, then the side-to-move key, then one per castling-right bit.
static KEYS: [u64; KEY_COUNT] = generate();

/// The key of `piece` standing on `square`.
#[inline]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS[piece.code() as usize * SQUARE_SLOTS + square.index()]
}

/// The key mixed in when `color` is to move.
#[inline]
pub fn turn_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS[PIECE_CODES * SQUARE_SLOTS],
    }
}

/// The key mixed in while a Pawn may capture en passant on `square`. (Piece code zero marks an
/// empty square and has no piece keys, so its slots serve here.)
#[inline]
pub fn en_passant_key(square: Square) -> u64 {
    KEYS[square.index()]
}

/// The key mixed in for the castling rights `rights`.
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    (0..8)
        .filter(|bit| rights.0 >> bit & 1 != 0)
        .fold(0, |key, bit| {
            key ^ KEYS[PIECE_CODES * SQUARE_SLOTS + 1 + bit]
        })
}

/// The key mixed in while `color` holds at least `count` pieces of `kind` in hand (so the
/// hand's key is the xor over counts 1 to the number held).
#[inline]
pub fn hand_key(color: Color, kind: Kind, count: u8) -> u64 {
    let index = ((color.index() as u64) << 16) | (u64::from(kind.number()) << 8) | u64::from(count);
    splitmix64(SEED ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93)).1
}

/// The key mixed in while `color` may still give `left` checks under a check limit. (Kind
/// number zero has no hand keys, so its slots serve here.)
#[inline]
pub fn checks_key(color: Color, left: u8) -> u64 {
    let index = ((color.index() as u64) << 16) | u64::from(left);
    splitmix64(SEED ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93)).1
}

/// The key mixed in for the gates `gates`.
#[inline]
pub fn gates_key(gates: Gates) -> u64 {
    let mut key = 0;
    for color in [Color::White, Color::Black] {
        let mut files = gates.of(color);
        while files != 0 {
            let file = u64::from(files.trailing_zeros());
            files &= files - 1;
            let index = 1 << 24 | (color.index() as u64) << 8 | file;
            key ^= splitmix64(SEED ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93)).1;
        }
    }
    key
}
