//! Reading and writing positions in FEN (RULES.md §4):
//! `<board> <side> <castling> <en-passant> <halfmove> <fullmove>`, the last four optional.

use crate::geometry::Square;
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;

/// Why a FEN string does not describe a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The string has no board field.
    Empty,
    /// More than six space-separated fields.
    TooManyFields(usize),
    /// The board field has the wrong number of ranks.
    RankCount { found: usize, expected: u8 },
    /// One rank describes too many or too few squares.
    RankLength {
        rank: u8,
        found: usize,
        expected: u8,
    },
    /// A letter that names no piece of the variant.
    UnknownPiece { rank: u8, symbol: char },
    /// A run of empty squares written as zero, or with more than two digits.
    BadEmptyRun { rank: u8, run: String },
    /// A side has no King, or more than one.
    KingCount { color: Color, count: usize },
    /// A piece stands where its confinement never lets it go.
    Confined {
        piece: Piece,
        square: Square,
        allowed: String,
    },
    /// The side field is not `w` or `b`.
    BadSide(String),
    /// The castling field is not `-`.
    BadCastling(String),
    /// The en-passant field is neither `-` nor a square a Pawn has just passed over.
    BadEnPassant(String),
    /// The variant has no en passant, but the field names a square.
    NoEnPassant(String),
    /// The halfmove clock is not a number.
    BadHalfmove(String),
    /// The move number is not a positive number.
    BadFullmove(String),
    /// The side not to move is in check, so its King could be captured.
    OpponentInCheck,
    /// The two Kings face each other on an open file.
    KingsFacing,
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN: expected a board field"),
            FenError::TooManyFields(n) => write!(f, "FEN has {n} fields; expected at most 6"),
            FenError::RankCount { found, expected } => {
                write!(
                    f,
                    "board field has {found} ranks separated by '/'; expected {expected}"
                )
            }
            FenError::RankLength {
                rank,
                found,
                expected,
            } => {
                write!(
                    f,
                    "rank {rank} describes {found} squares; expected {expected}"
                )
            }
            FenError::UnknownPiece { rank, symbol } => {
                write!(f, "unknown piece letter {symbol:?} in rank {rank}")
            }
            FenError::BadEmptyRun { rank, run } => {
                write!(f, "invalid empty-square count {run:?} in rank {rank}")
            }
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "{} has {count} Kings; expected exactly one",
                    color_name(*color)
                )
            }
            FenError::Confined {
                piece,
                square,
                allowed,
            } => write!(
                f,
                "{} {} on {square} is outside the squares it may occupy ({allowed})",
                color_name(piece.color),
                piece.kind.name()
            ),
            FenError::BadSide(side) => {
                write!(f, "invalid side to move {side:?}: expected 'w' or 'b'")
            }
            FenError::BadCastling(field) => write!(
                f,
                "invalid castling field {field:?}: this variant has no castling, expected '-'"
            ),
            FenError::BadEnPassant(field) => write!(
                f,
                "invalid en-passant field {field:?}: expected '-' or the empty square a Pawn of the side not to move has just passed over"
            ),
            FenError::NoEnPassant(field) => {
                write!(f, "invalid en-passant field {field:?}: this variant has no en passant, expected '-'")
            }
            FenError::BadHalfmove(field) => {
                write!(
                    f,
                    "invalid halfmove clock {field:?}: expected a number of plies (0 or more)"
                )
            }
            FenError::BadFullmove(field) => write!(
                f,
                "invalid fullmove number {field:?}: expected a number from 1"
            ),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::KingsFacing => write!(f, "the Kings face each other on an open file"),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads `fen` as a position of `variant`, checking that it is a legal position.
pub fn parse(variant: &'static Variant, fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    let field = |index: usize, default: &'static str| fields.get(index).copied().unwrap_or(default);
    let mut position = parse_board(variant, fields[0])?;
    match field(1, "w") {
        "w" => {}
        "b" => position.set_turn(Color::Black),
        other => return Err(FenError::BadSide(other.to_string())),
    }
    if field(2, "-") != "-" {
        return Err(FenError::BadCastling(field(2, "-").to_string()));
    }
    if let Some(passed) = parse_en_passant(&position, field(3, "-"))? {
        position.offer_en_passant(passed);
    }
    let halfmove = parse_counter(field(4, "0"))
        .ok_or_else(|| FenError::BadHalfmove(field(4, "0").to_string()))?;
    let fullmove = parse_counter(field(5, "1"))
        .filter(|&n| n >= 1)
        .ok_or_else(|| FenError::BadFullmove(field(5, "1").to_string()))?;
    position.set_counters(halfmove, fullmove);
    validate(&position)?;
    Ok(position)
}

/// The en-passant square of `field` (`-` or a square name), checked against `position`: the
/// square and the one behind it must be empty, with a Pawn of the side not to move beyond it.
/// A square no Pawn of the side to move could legally capture on is dropped, as play drops it.
fn parse_en_passant(position: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let error = || FenError::BadEnPassant(field.to_string());
    if !position.variant().spec().en_passant {
        return Err(FenError::NoEnPassant(field.to_string()));
    }
    let passed = Square::parse(field)
        .filter(|&s| position.variant().dimensions().contains(s))
        .ok_or_else(error)?;
    let mover = position.turn().opponent();
    let forward: i8 = if mover == Color::White { 1 } else { -1 };
    let dims = position.variant().dimensions();
    let square_at = |dy: i8| dims.step(passed, crate::geometry::Offset::new(0, dy));
    let pawn = Piece {
        kind: Kind::Pawn,
        color: mover,
    };
    let (Some(landed), Some(origin)) = (square_at(forward), square_at(-forward)) else {
        return Err(error());
    };
    if position.piece_at(landed) != Some(pawn)
        || !position.is_empty(passed)
        || !position.is_empty(origin)
    {
        return Err(error());
    }
    Ok(Some(passed))
}

/// A counter written in plain decimal digits.
fn parse_counter(text: &str) -> Option<u32> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

fn parse_board(variant: &'static Variant, board: &str) -> Result<Position, FenError> {
    let dims = variant.dimensions();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != dims.ranks as usize {
        return Err(FenError::RankCount {
            found: ranks.len(),
            expected: dims.ranks,
        });
    }
    let mut position = Position::empty(variant);
    for (row, text) in ranks.iter().enumerate() {
        let rank = dims.ranks - 1 - row as u8;
        let rank_name = rank + 1;
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(symbol) = chars.next() {
            if symbol.is_ascii_digit() {
                let mut run = symbol.to_string();
                while let Some(digit) = chars.next_if(char::is_ascii_digit) {
                    run.push(digit);
                }
                match run.parse::<usize>() {
                    Ok(count) if count >= 1 && run.len() <= 2 && !run.starts_with('0') => {
                        file += count
                    }
                    _ => {
                        return Err(FenError::BadEmptyRun {
                            rank: rank_name,
                            run,
                        })
                    }
                }
                continue;
            }
            let kind = variant
                .kind_by_letter(symbol.to_ascii_uppercase())
                .filter(|_| symbol.is_ascii_alphabetic())
                .ok_or(FenError::UnknownPiece {
                    rank: rank_name,
                    symbol,
                })?;
            let color = if symbol.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if file < dims.files as usize {
                let square = Square::new(file as u8, rank).expect("inside the board");
                position.set_piece_at(square, Some(Piece { kind, color }));
            }
            file += 1;
        }
        if file != dims.files as usize {
            return Err(FenError::RankLength {
                rank: rank_name,
                found: file,
                expected: dims.files,
            });
        }
    }
    Ok(position)
}

/// Checks that `position` could arise in play: one King each, every piece on squares it may
/// occupy, the side not to move not in check, the Kings not facing.
pub fn validate(position: &Position) -> Result<(), FenError> {
    let variant = position.variant();
    for color in Color::ALL {
        let kings = position
            .occupied_by(color)
            .iter()
            .filter(|&s| position.piece_at(s).is_some_and(|p| p.kind == Kind::King))
            .count();
        if kings != 1 {
            return Err(FenError::KingCount {
                color,
                count: kings,
            });
        }
    }
    for square in variant.dimensions().squares() {
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        if let Some(region) = variant.rule(piece.kind).and_then(|rule| rule.confined_to) {
            if !variant.region(region, piece.color).contains(square) {
                let allowed = variant
                    .region(region, piece.color)
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                return Err(FenError::Confined {
                    piece,
                    square,
                    allowed,
                });
            }
        }
    }
    let waiting = position.turn().opponent();
    if position
        .king(waiting)
        .is_some_and(|king| position.is_attacked_by(position.turn(), king))
    {
        return Err(FenError::OpponentInCheck);
    }
    if position.kings_facing() {
        return Err(FenError::KingsFacing);
    }
    Ok(())
}

/// Writes `position` as FEN.
pub fn write(position: &Position) -> String {
    let variant = position.variant();
    let dims = variant.dimensions();
    let mut board = String::new();
    for rank in (0..dims.ranks).rev() {
        let mut empty = 0;
        for file in 0..dims.files {
            let square = Square::new(file, rank).expect("inside the board");
            match position.piece_at(square) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = variant.letter(piece.kind);
                    board.push(if piece.color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = if position.turn() == Color::White {
        'w'
    } else {
        'b'
    };
    let en_passant = position
        .en_passant()
        .map_or("-".to_string(), |square| square.to_string());
    format!(
        "{board} {side} - {en_passant} {} {}",
        position.halfmove_clock(),
        position.fullmove_number()
    )
}
