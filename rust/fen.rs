//! Reading and writing positions in FEN (docs/notation.md):
//! `<board>[<hand>] <side> <castling> <en-passant> <halfmove> <fullmove>`, the last four optional.
//! Under a check limit the checks each side may still give follow the en-passant field
//! (`3+3`, Fairy-Stockfish's form; lichess's trailing `+0+1`, the checks given, is read too);
//! while a count runs, the en-passant field holds its limit and the halfmove field its plies.
//!
//! Reading is in two steps, as python-chess and shakmaty do: the text becomes a [`Setup`] (only
//! syntax errors, [`FenError`]), then the setup becomes a [`Position`] if it is legal
//! ([`crate::validate::InvalidPosition`]). [`parse`] does both.

use crate::castling::CastlingRights;
use crate::conventions::EnPassantFen;
use crate::gates::Gates;
use crate::geometry::Square;
use crate::piece::{Color, Piece};
use crate::piece_rule::letter_of;
use crate::position::Position;
use crate::setup::Setup;
use crate::text::{counted, quote};
use crate::validate::InvalidPosition;
use crate::variant::{Castling, Variant};
use std::fmt;

/// Why a FEN string cannot be read.
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
    UnknownPiece { rank: u8, symbol: String },
    /// A run of empty squares written as zero, or with more than two digits.
    BadEmptyRun { rank: u8, run: String },
    /// The hand (`[...]`) is malformed or names pieces the variant does not have.
    BadHand(String),
    /// A hand in a variant without hands.
    NoHands(String),
    /// The side field is not `w` or `b`.
    BadSide(String),
    /// The castling field is neither `-` nor the variant's castling letters.
    BadCastling(String),
    /// The en-passant field is neither `-` nor a square of the board.
    BadEnPassant(String),
    /// The variant has no en passant, but the field names a square.
    NoEnPassant(String),
    /// The halfmove clock is not a number.
    BadHalfmove(String),
    /// The move number is not a positive number.
    BadFullmove(String),
    /// The checks left (`3+3`) or given (`+0+1`) are not two small numbers.
    BadCheckCount(String),
    /// The counting limit or its plies are not numbers below 65536.
    BadCounting(String),
    /// A FEN that cannot be read (`error`) but reads in the other built-in variants `fits`:
    /// most likely a FEN of one of them ([`crate::catalog::with_variant_hint`]).
    OtherVariant {
        error: Box<FenError>,
        fits: Vec<&'static str>,
    },
}

/// Why a FEN string does not describe a legal position: bad text, or a setup that breaks a rule.
#[derive(Clone, Debug)]
pub enum ParseError {
    /// The text could not be read.
    Syntax(FenError),
    /// The text describes a position that breaks a rule of the variant.
    Invalid(InvalidPosition),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax(error) => error.fmt(f),
            ParseError::Invalid(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN: expected a board field"),
            FenError::TooManyFields(n) => write!(f, "FEN has {n} fields; expected at most 6"),
            FenError::RankCount { found, expected } => write!(
                f,
                "board field has {} separated by '/'; expected {expected}",
                counted(*found, "rank", "ranks")
            ),
            FenError::RankLength {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} describes {}; expected {expected}",
                counted(*found, "square", "squares")
            ),
            FenError::UnknownPiece { rank, symbol } => {
                write!(f, "unknown piece letter {} in rank {rank}", quote(symbol))
            }
            FenError::BadEmptyRun { rank, run } => {
                write!(
                    f,
                    "invalid empty-square count {} in rank {rank}",
                    quote(run)
                )
            }
            FenError::BadHand(why) => write!(f, "invalid hand: {why}"),
            FenError::NoHands(field) => write!(
                f,
                "invalid hand {}: this variant has no hands",
                quote(field)
            ),
            FenError::BadSide(side) => {
                write!(
                    f,
                    "invalid side to move {}: expected 'w' or 'b'",
                    quote(side)
                )
            }
            FenError::BadCastling(field) => write!(
                f,
                "invalid castling field {}: expected '-' or the variant's castling letters",
                quote(field)
            ),
            FenError::BadEnPassant(field) => write!(
                f,
                "invalid en-passant field {}: expected '-' or a square of the board",
                quote(field)
            ),
            FenError::NoEnPassant(field) => write!(
                f,
                "invalid en-passant field {}: this variant has no en passant, expected '-'",
                quote(field)
            ),
            FenError::BadHalfmove(field) => write!(
                f,
                "invalid halfmove clock {}: expected a number of plies (0 or more)",
                quote(field)
            ),
            FenError::BadFullmove(field) => write!(
                f,
                "invalid fullmove number {}: expected a number from 1",
                quote(field)
            ),
            FenError::BadCheckCount(field) => write!(
                f,
                "invalid check count {}: expected the checks left to give, White's and Black's, \
                 as '3+3' (or lichess's checks given, as '+0+1')",
                quote(field)
            ),
            FenError::BadCounting(field) => write!(
                f,
                "invalid counting field {}: expected a number of plies below 65536",
                quote(field)
            ),
            FenError::OtherVariant { error, fits } => {
                let (last, others) = fits.split_last().expect("at least one variant fits");
                let names = match others {
                    [] => last.to_string(),
                    _ => format!("{} or {last}", others.join(", ")),
                };
                let first = fits[0];
                write!(
                    f,
                    "{error}. It reads as a FEN of {names}: give the variant \
                     (variant='{first}' in Python, --variant {first} on the command line)"
                )
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Reads `fen` as a legal position of `variant`.
pub fn parse(variant: &'static Variant, fen: &str) -> Result<Position<'static>, ParseError> {
    let setup = parse_setup(variant, fen).map_err(ParseError::Syntax)?;
    Position::from_setup(variant, &setup).map_err(ParseError::Invalid)
}

/// Reads `fen` as a setup of `variant`, checking only the text.
pub fn parse_setup(variant: &Variant, fen: &str) -> Result<Setup, FenError> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    let checks_left = take_check_counts(variant, &mut fields)?;
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    // Fairy-Stockfish writes its drop games' start without castling and en-passant fields
    // (`...[-] w 0 1`): two counters right after the side can only mean that.
    let is_counter = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if fields.len() == 4 && is_counter(fields[2]) && is_counter(fields[3]) {
        fields.splice(2..2, ["-", "-"]);
    }
    let field = |index: usize, default: &'static str| fields.get(index).copied().unwrap_or(default);
    let (board, hand) = match fields[0].split_once('[') {
        Some((board, hand)) => (board, Some(hand)),
        None => (fields[0], None),
    };
    let mut setup = Setup::empty();
    parse_board(variant, board, &mut setup)?;
    if let Some(hand) = hand {
        parse_hand(variant, hand, &mut setup)?;
    }
    setup.turn = match field(1, "w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadSide(other.to_string())),
    };
    (setup.castling, setup.gates) = parse_castling(variant, field(2, "-"))?;
    setup.counters.checks_left = checks_left;
    let counting = variant.counting().is_some() && is_counter(field(3, "-"));
    setup.en_passant = match field(3, "-") {
        "-" => None,
        text if counting => {
            setup.counters.counting_limit = parse_count(text)?;
            None
        }
        text if !variant.spec().en_passant => return Err(FenError::NoEnPassant(text.to_string())),
        text => Some(
            Square::parse(text)
                .filter(|&s| variant.dimensions().contains(s))
                .ok_or_else(|| FenError::BadEnPassant(text.to_string()))?,
        ),
    };
    setup.halfmove_clock = parse_counter(field(4, "0"))
        .ok_or_else(|| FenError::BadHalfmove(field(4, "0").to_string()))?;
    if setup.counters.counting_limit > 0 {
        // While a count runs, the halfmove field holds its plies (Fairy-Stockfish's FEN).
        setup.counters.counting_ply = parse_count(field(4, "0"))?;
        setup.halfmove_clock = 0;
    }
    setup.fullmove_number = parse_counter(field(5, "1"))
        .filter(|&n| n >= 1)
        .ok_or_else(|| FenError::BadFullmove(field(5, "1").to_string()))?;
    Ok(setup)
}

/// The checks each side may still give, under `variant`'s check limit, taken out of `fields`:
/// Fairy-Stockfish's `3+3` after the en-passant field, lichess's `+0+1` (the checks given) at
/// the end, which wins if both are given; neither means one each, as Fairy-Stockfish reads it.
/// Without a check limit, nothing is taken.
fn take_check_counts(variant: &Variant, fields: &mut Vec<&str>) -> Result<[u8; 2], FenError> {
    let limit = variant.spec().end_rules.check_limit;
    if limit == 0 {
        return Ok([0; 2]);
    }
    let pair = |text: &str| {
        let (white, black) = text.split_once('+')?;
        let count = |part: &str| parse_counter(part).and_then(|n| u8::try_from(n).ok());
        Some([count(white)?, count(black)?])
    };
    let mut left = [1; 2];
    if let Some(&text) = fields
        .get(4)
        .filter(|text| text.contains('+') && !text.starts_with('+'))
    {
        left = pair(text).ok_or_else(|| FenError::BadCheckCount(text.to_string()))?;
        fields.remove(4);
    }
    if let Some(&text) = fields.last().filter(|text| text.starts_with('+')) {
        let given = pair(&text[1..]).ok_or_else(|| FenError::BadCheckCount(text.to_string()))?;
        left = given.map(|given| limit.saturating_sub(given));
        fields.pop();
    }
    Ok(left)
}

/// A counting limit or ply count, which must fit the counters.
fn parse_count(text: &str) -> Result<u16, FenError> {
    parse_counter(text)
        .and_then(|n| u16::try_from(n).ok())
        .ok_or_else(|| FenError::BadCounting(text.to_string()))
}

/// The castling rights and gates of `field`: `-`, or letters of the variant's wings (uppercase
/// White), and in a variant with gating, as Fairy-Stockfish writes them, file letters for gates
/// (`KQBCDFGkqbcdfg`: a wing's letter also makes gates of its King's and Rook's squares).
fn parse_castling(variant: &Variant, field: &str) -> Result<(CastlingRights, Gates), FenError> {
    let mut rights = CastlingRights::NONE;
    let mut gates = Gates::NONE;
    if field == "-" {
        return Ok((rights, gates));
    }
    let error = || FenError::BadCastling(field.to_string());
    let castling = variant.castling();
    let gating = variant.spec().gating;
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let wing = castling.and_then(|castling| {
            castling
                .wings
                .iter()
                .position(|wing| wing.letter == letter.to_ascii_uppercase())
        });
        if let (Some(castling), Some(wing)) = (castling, wing) {
            let bit = CastlingRights::bit(color, wing);
            if rights.0 & bit != 0 {
                return Err(error());
            }
            rights.0 |= bit;
            if gating {
                gates.0[color.index()] |= implied_gates(castling, color, wing);
            }
            continue;
        }
        let file = (letter.to_ascii_lowercase() as u32).wrapping_sub('a' as u32);
        if !gating || file >= u32::from(variant.dimensions().files) {
            return Err(error());
        }
        gates.0[color.index()] |= 1 << file;
    }
    Ok((rights, gates))
}

/// The files of the gates castling on `color`'s wing number `wing` implies: its King's and its
/// Rook's squares.
fn implied_gates(castling: &Castling, color: Color, wing: usize) -> u16 {
    castling.king_region[color.index()]
        .iter()
        .chain(castling.wings[wing].rook_region[color.index()].iter())
        .fold(0, |files, square| files | 1 << square.file())
}

/// The castling field of `setup`: per side, its wings' letters, then the files of its gates
/// that no castling right implies (Fairy-Stockfish's order); `-` when empty.
fn castling_field(variant: &Variant, setup: &Setup) -> String {
    let mut field = String::new();
    for color in Color::ALL {
        let mut implied = 0;
        if let Some(rules) = variant.castling() {
            for (index, wing) in rules.wings.iter().enumerate() {
                if setup.castling.has(color, index) {
                    implied |= implied_gates(rules, color, index);
                    field.push(match color {
                        Color::White => wing.letter,
                        Color::Black => wing.letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        let gates = setup.gates.of(color) & !implied;
        for file in (0..variant.dimensions().files).filter(|file| gates >> file & 1 != 0) {
            let letter = char::from(b'a' + file);
            field.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// Reads the hand `text` (what follows `[`, up to and with `]`) into `setup`.
fn parse_hand(variant: &Variant, text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let Some(inside) = text.strip_suffix(']') else {
        return Err(FenError::BadHand(format!(
            "{} does not end with ']'",
            quote(text)
        )));
    };
    if !variant.spec().hands {
        return Err(FenError::NoHands(format!("[{text}")));
    }
    if inside == "-" {
        return Ok(());
    }
    for letter in inside.chars() {
        let kind = variant
            .kind_by_letter(letter.to_ascii_uppercase())
            .filter(|_| letter.is_ascii_alphabetic())
            .filter(|&kind| variant.drops().holds(kind))
            .ok_or_else(|| {
                FenError::BadHand(format!(
                    "{} names no piece that can be in hand",
                    quote(&letter.to_string())
                ))
            })?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let count = &mut setup.hands[color.index()][kind.index()];
        *count = count
            .checked_add(1)
            .filter(|&n| usize::from(n) <= crate::geometry::SQUARE_SLOTS)
            .ok_or_else(|| FenError::BadHand("too many pieces in hand".to_string()))?;
    }
    Ok(())
}

/// A counter written in plain decimal digits.
fn parse_counter(text: &str) -> Option<u32> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

fn parse_board(variant: &Variant, board: &str, setup: &mut Setup) -> Result<(), FenError> {
    let dims = variant.dimensions();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != dims.ranks as usize {
        return Err(FenError::RankCount {
            found: ranks.len(),
            expected: dims.ranks,
        });
    }
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
            let mut written = symbol.to_string();
            if symbol == '+' {
                written.extend(chars.next());
            }
            // A promoted piece that moves as its letter's kind: `Q~`.
            written.extend(chars.next_if_eq(&'~'));
            let letter = letter_of(&written);
            let unknown = || FenError::UnknownPiece {
                rank: rank_name,
                symbol: written.clone(),
            };
            if !letter.is_ascii_alphabetic() {
                return Err(unknown());
            }
            let kind = variant
                .kind_by_symbol(&written.to_ascii_uppercase())
                .ok_or_else(unknown)?;
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if file < dims.files as usize {
                let square = Square::new(file as u8, rank).expect("inside the board");
                setup.board[square.index()] = Some(Piece { kind, color });
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
    Ok(())
}

/// Writes `position` as FEN, with the en-passant square as the variant's `en-passant-fen` says:
/// only when a capture there is legal, or whenever a Pawn of the side to move attacks it.
pub fn write(position: &Position) -> String {
    let mut setup = position.to_setup();
    setup.en_passant = match position.variant().spec().en_passant_fen {
        EnPassantFen::Legal => position.legal_en_passant(),
        EnPassantFen::Attacked => attacked_en_passant(position),
    };
    write_setup(position.variant(), &setup)
}

/// The en-passant square if a Pawn of the side to move attacks it, whether or not the capture is
/// legal (Fairy-Stockfish's FEN).
fn attacked_en_passant(position: &Position) -> Option<Square> {
    let square = position.en_passant_candidate()?;
    let pawns = position.variant().pawns();
    position
        .attackers(position.turn(), square)
        .iter()
        .any(|from| {
            position
                .piece_at(from)
                .is_some_and(|piece| pawns & piece.kind.bit() != 0)
        })
        .then_some(square)
}

/// Writes `setup` as FEN in `variant`'s letters.
pub fn write_setup(variant: &Variant, setup: &Setup) -> String {
    let dims = variant.dimensions();
    let mut text = String::new();
    for rank in (0..dims.ranks).rev() {
        let mut empty = 0;
        for file in 0..dims.files {
            let square = Square::new(file, rank).expect("inside the board");
            match setup.board[square.index()].filter(|p| variant.has_kind(p.kind)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&variant.piece_symbol(piece.kind, piece.color));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    if variant.spec().hands {
        text.push('[');
        for color in Color::ALL {
            for &kind in variant.hand_order() {
                for _ in 0..setup.hands[color.index()][kind.index()] {
                    text.push_str(&variant.piece_symbol(kind, color));
                }
            }
        }
        text.push(']');
    }
    let side = match setup.turn {
        Color::White => 'w',
        Color::Black => 'b',
    };
    let castling = castling_field(variant, setup);
    let counters = &setup.counters;
    let counting = counters.counting_limit > 0;
    let en_passant = match setup.en_passant {
        _ if counting => counters.counting_limit.to_string(),
        Some(square) => square.to_string(),
        None => "-".to_string(),
    };
    let checks = match variant.spec().end_rules.check_limit {
        0 => String::new(),
        _ => format!(" {}+{}", counters.checks_left[0], counters.checks_left[1]),
    };
    let halfmove = match counting {
        true => u32::from(counters.counting_ply),
        false => setup.halfmove_clock,
    };
    format!(
        "{text} {side} {castling} {en_passant}{checks} {halfmove} {}",
        setup.fullmove_number
    )
}
