//! Standard algebraic notation (SAN) for every variant: writing, and lenient reading that never
//! guesses (docs/notation.md).
//!
//! Writing is `[piece][disambiguation][x]<destination>[=<promoted>][+|#]`: no letter for a Pawn,
//! the Pawn's file before a Pawn capture, and the smallest disambiguation that suffices (origin
//! file, else origin rank, else both). A promoted piece that remembers what it was is written
//! with its `+` symbol (`+Pe5`); a promotion to such a form is `=+` (`Lxa10=+`), so that `+`
//! alone keeps meaning check, and a demotion names its kind (`+La2=L`). A piece whose symbol has
//! a `~` (a promoted Pawn that moves as a Queen, `Q~`) is written with its letter alone, and
//! disambiguated among all the pieces written so. A drop is `N@e5` (`+P@c3` for a `+` form
//! dropped); castling is `O-O` (the King's wing, the first in FEN) and `O-O-O`. `#` marks
//! checkmate only. A promotion in place (Sittuyin's) is written as Fairy-Stockfish writes it:
//! the square and the new kind (`g7=F`), or both squares for one a step away (`g7h8=F`).
//!
//! Reading accepts what a person might type: a missing or extra `x`, `+` or `#`, a `-` between
//! the squares, the promotion letter with or without `=` in either case, `0-0` for `O-O`, a King's
//! swap written in full (`Kd1;Ve1`), coordinate moves (`c3c4`, `c7d8o`, `a7a8+`, `a1a2-`,
//! `N@e5`, `+P@c3`) and, in a game with passing, `pass` or `@@@@` for a pass (written as the
//! King's move to its own square, `Ke2`, as Fairy-Stockfish writes it). A move without a
//! promotion suffix is the non-promoting move, or the piece's only legal move to that square
//! when it must change there; text that fits several legal moves is [`SanError::Ambiguous`],
//! naming them.

use crate::fen;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, UciMove};
use crate::piece::{Kind, KindSet};
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;

/// Why text could not be read as a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN or coordinate notation of this variant.
    Invalid(String),
    /// The text is well formed, but no legal move fits it; the message says why.
    Illegal(String),
    /// Several legal moves fit the text; the message names them.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Invalid(message)
            | SanError::Illegal(message)
            | SanError::Ambiguous(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for SanError {}

impl SanError {
    /// The same error, its message quoting `whole` where it quoted `part` (a gating move's
    /// error found in the move without its gating).
    fn quoting(self, part: &str, whole: &str) -> SanError {
        match self {
            SanError::Invalid(m) => SanError::Invalid(m.replacen(part, whole, 1)),
            SanError::Illegal(m) => SanError::Illegal(m.replacen(part, whole, 1)),
            SanError::Ambiguous(m) => SanError::Ambiguous(m.replacen(part, whole, 1)),
        }
    }
}

/// The SAN of the legal move `mv`, with its check or mate suffix. The position is left as it
/// was found.
pub fn write(position: &mut Position, mv: Move) -> String {
    let mut text = write_without_suffix(position, mv);
    text.push_str(suffix(position, mv));
    text
}

/// `+` if the legal `mv` gives check, `#` if it mates, else nothing.
pub fn suffix(position: &mut Position, mv: Move) -> &'static str {
    let undo = position.make(mv);
    let suffix = if !position.is_check() {
        ""
    } else if position.has_legal_move() {
        "+"
    } else {
        "#"
    };
    position.unmake(mv, undo);
    suffix
}

/// The SAN of the legal move `mv` without the check suffix.
pub fn write_without_suffix(position: &mut Position, mv: Move) -> String {
    let mut same_kind = Vec::new();
    if mv.drop().is_none() {
        let kinds = position.variant().san_kinds(kind_on(position, mv.from));
        position.legal_moves_to(mv.to, kinds, &mut same_kind);
    }
    write_among(position, mv, &same_kind)
}

/// The SAN of the legal gating move `mv` (bringing in a `kind`) without the check suffix, as
/// Fairy-Stockfish writes it: the move without gating, `/` and the letter of the piece brought
/// in, and for castling the square it comes to (`Nc3/H`, `O-O/He1`, `O-O/Hh1`). The rivals it
/// is told apart from are its own to find (`position` is a scratch copy).
fn write_gating(position: &mut Position, mv: Move, kind: Kind) -> String {
    let plain = position.without_gating(mv);
    let mut text = match mv.is_castle() {
        true => write_among(position, plain, &[]),
        false => {
            // Told apart only from the pieces that could bring in the same kind moving to the
            // same square. (Fairy-Stockfish never disambiguates a gating move: where two Rooks
            // on gates could both, it writes `Rf8/E` for either; this writes `Raf8/E`.)
            let mut rivals = Vec::new();
            position.add_gating_moves(&mut rivals);
            rivals.retain(|other| other.to == mv.to && other.gating() == Some(kind));
            position.retain_legal(&mut rivals);
            let rivals: Vec<Move> = rivals
                .into_iter()
                .map(|other| position.without_gating(other))
                .collect();
            write_among(position, plain, &rivals)
        }
    };
    text.push('/');
    text.push_str(position.variant().rule_of(kind).san_symbol());
    if mv.is_castle() {
        text.push_str(&mv.from.to_string());
    }
    text
}

/// The legal move that `uci` names, found among the legal moves to its destination by a piece
/// of the kind on its origin (or the drops there), which are left in `same_kind`: what
/// [`write_among`] needs to write it. `None` if no legal move has that name.
pub fn find_among(
    position: &mut Position,
    uci: UciMove,
    same_kind: &mut Vec<Move>,
) -> Option<Move> {
    let variant = position.variant();
    if uci.drop.is_some() {
        position.legal_drops_to(uci.to, same_kind);
    } else {
        let kinds = variant.san_kinds(position.piece_at(uci.from)?.kind);
        position.legal_moves_to(uci.to, kinds, same_kind);
        if uci.promotion.is_some() && !position.gates().is_empty() {
            same_kind.extend(position.legal_gating_moves_like(uci.from, uci.to));
        }
    }
    same_kind.iter().copied().find(|&mv| uci.names(mv, variant))
}

/// The SAN of the legal move `mv` without the check suffix, given the legal moves to its
/// destination by pieces of its kind (`same_kind`, as [`find_among`] leaves them; unused for a
/// drop or castling).
pub fn write_among(position: &Position, mv: Move, same_kind: &[Move]) -> String {
    if let Some(kind) = mv.gating() {
        return write_gating(&mut position.clone(), mv, kind);
    }
    let variant = position.variant();
    match mv.kind {
        MoveKind::Drop(kind) => return format!("{}@{}", variant.symbol(kind), mv.to),
        MoveKind::Castle(rook) if rook.file() > mv.from.file() => return "O-O".to_string(),
        MoveKind::Castle(_) => return "O-O-O".to_string(),
        _ => {}
    }
    let kind = kind_on(position, mv.from);
    if let Some(promoted) = mv.promotion() {
        if variant.in_place_promoters() & kind.bit() != 0 {
            return write_in_place_promotion(variant, mv, promoted);
        }
    }
    let pawn = variant.pawns() & kind.bit() != 0;
    let capture = position.is_capture(mv);
    let written_alike = variant.san_kinds(kind);
    let rivals = same_kind.iter().filter(|other| {
        other.promotion() == mv.promotion()
            && other.from != mv.from
            && written_alike & kind_on(position, other.from).bit() != 0
    });
    let (mut any_rival, mut same_file, mut same_rank) = (false, false, false);
    for rival in rivals {
        any_rival = true;
        same_file |= rival.from.file() == mv.from.file();
        same_rank |= rival.from.rank() == mv.from.rank();
    }
    let (with_file, with_rank) = if pawn && capture {
        (true, same_file)
    } else if !any_rival {
        (false, false)
    } else {
        (!same_file || same_rank, same_file)
    };
    let mut text = String::with_capacity(8);
    if !pawn {
        text.push_str(variant.rule_of(kind).san_symbol());
    }
    let origin = mv.from.to_string();
    if with_file {
        text.push_str(&origin[..1]);
    }
    if with_rank {
        text.push_str(&origin[1..]);
    }
    if capture {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    if let Some(promoted) = mv.promotion() {
        let symbol = variant.rule_of(promoted).san_symbol();
        text.push('=');
        text.push_str(if symbol.starts_with('+') { "+" } else { symbol });
    }
    text
}

/// A promotion in place to `promoted`: its square (`g7=F`), or both squares for one a step away
/// (`g7h8=F`), as Fairy-Stockfish writes them.
fn write_in_place_promotion(variant: &Variant, mv: Move, promoted: Kind) -> String {
    let squares = match mv.from == mv.to {
        true => mv.to.to_string(),
        false => format!("{}{}", mv.from, mv.to),
    };
    format!("{squares}={}", variant.rule_of(promoted).san_symbol())
}

/// The kind of the piece on the occupied `square`.
fn kind_on(position: &Position, square: Square) -> Kind {
    position
        .piece_at(square)
        .map(|piece| piece.kind)
        .expect("a legal move starts on a piece")
}

/// The legal move `text` names in SAN or coordinate notation. The position is left as it was
/// found.
pub fn parse(position: &mut Position, text: &str) -> Result<Move, SanError> {
    Reader { position, text }.read()
}

/// What a SAN move (not a drop or castling) says, as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Written<'a> {
    /// The piece symbol (`N`, `+P`), if written.
    piece: Option<&'a str>,
    /// The origin file letter, if written.
    file: Option<u8>,
    /// The origin rank digits, if written.
    rank: Option<&'a str>,
    /// The destination square's name.
    to: &'a str,
    /// The promotion letter, if written.
    promotion: Option<char>,
    /// Whether the promotion was written `=+`.
    plus: bool,
}

/// The parts of a SAN move, or what keeps `text` from having its shape:
/// `[+][A-Z]? [a-l]? [1-9][0-9]? [-x]? <[a-l][1-9][0-9]?> (=+ | =?[A-Za-z])? [+#]*`.
fn split(text: &str) -> Result<Written<'_>, &'static str> {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let mut written = Written::default();
    if end > 0 && bytes[end - 1] == b'=' {
        // "=+": a promotion to the `+` form, then any suffix.
        if bytes.get(end) != Some(&b'+') {
            return Err("'=' is followed by neither a piece letter nor '+'");
        }
        written.plus = true;
        end -= 1;
    } else if end > 0 && bytes[end - 1].is_ascii_alphabetic() {
        written.promotion = Some(bytes[end - 1] as char);
        end -= 1;
        if end > 0 && bytes[end - 1] == b'=' {
            end -= 1;
        }
    }
    if end == 0 {
        return Err("no destination square is written");
    }
    let to_start = square_end_start(&bytes[..end]).ok_or(
        "it does not end with a destination square such as e4 (then a promotion, '+' or '#')",
    )?;
    written.to = &text[to_start..end];
    end = to_start;
    if end > 0 && matches!(bytes[end - 1], b'-' | b'x') {
        end -= 1;
    }
    let digits = bytes[..end]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count()
        .min(2);
    let rank_start = (end - digits..end)
        .find(|&start| bytes[start] != b'0')
        .filter(|_| digits > 0);
    if let Some(start) = rank_start {
        written.rank = Some(&text[start..end]);
        end = start;
    }
    if end > 0 && matches!(bytes[end - 1], b'a'..=b'l') {
        written.file = Some(bytes[end - 1] - b'a');
        end -= 1;
    }
    let piece = &text[..end];
    match piece.as_bytes() {
        [] => {}
        [letter] | [b'+', letter] if letter.is_ascii_uppercase() => written.piece = Some(piece),
        _ => return Err(
            "what comes before the squares is not a piece letter (a capital, or '+' and a capital)",
        ),
    }
    Ok(written)
}

/// Where a square name (`[a-l][1-9][0-9]?`) ending `bytes` starts, if it ends with one.
fn square_end_start(bytes: &[u8]) -> Option<usize> {
    let end = bytes.len();
    let is_file = |index: usize| matches!(bytes.get(index), Some(b'a'..=b'l'));
    let two_digits = end >= 3
        && bytes[end - 1].is_ascii_digit()
        && matches!(bytes[end - 2], b'1'..=b'9')
        && is_file(end - 3);
    let one_digit = end >= 2 && matches!(bytes[end - 1], b'1'..=b'9') && is_file(end - 2);
    if two_digits {
        Some(end - 3)
    } else if one_digit {
        Some(end - 2)
    } else {
        None
    }
}

/// A drop as written: `X@square` or `+X@square`, with any suffix: the symbol and the square.
fn split_drop(text: &str) -> Option<(&str, &str)> {
    let (symbol, rest) = text.split_once('@')?;
    let letter = symbol.strip_prefix('+').unwrap_or(symbol);
    if !(letter.len() == 1 && letter.bytes().all(|b| b.is_ascii_alphabetic())) {
        return None;
    }
    let square = rest.trim_end_matches(['+', '#']);
    (square_end_start(square.as_bytes()) == Some(0)).then_some((symbol, square))
}

/// Castling as written (`O-O`, `0-0-0`, with any suffix): whether it is the King's wing.
fn split_castling(text: &str) -> Option<bool> {
    match text.trim_end_matches(['+', '#']).as_bytes() {
        [a, b'-', b] if is_o(*a) && is_o(*b) => Some(true),
        [a, b'-', b, b'-', c] if is_o(*a) && is_o(*b) && is_o(*c) => Some(false),
        _ => None,
    }
}

fn is_o(byte: u8) -> bool {
    matches!(byte, b'O' | b'0')
}

/// Whether `text` is a coordinate move with a `+` suffix (`a7a8+`), which SAN would read as a
/// check, or with a demotion's `-` (`a1a2-`), which SAN has no reading for.
fn is_suffixed_coordinates(text: &str) -> bool {
    let Some(body) = text.strip_suffix(['+', '-']) else {
        return false;
    };
    square_end_start(body.as_bytes()).and_then(|to| square_end_start(&body.as_bytes()[..to]))
        == Some(0)
}

/// `text` quoted for a message as Python's `repr` quotes it (`'Nc3'`), cut after 40 characters.
pub fn quoted(text: &str) -> String {
    const MOST: usize = 40;
    let count = text.chars().count();
    if count <= MOST {
        return python_repr(text);
    }
    let head: String = text.chars().take(MOST).collect();
    format!("{}... ({count} characters)", python_repr(&head))
}

/// `text` as Python's `repr` writes a string.
fn python_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {
                let code = u32::from(c);
                if code < 0x100 {
                    out.push_str(&format!("\\x{code:02x}"));
                } else {
                    out.push_str(&format!("\\u{code:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// One reading of `text` in `position`.
struct Reader<'a, 'v> {
    position: &'a mut Position<'v>,
    text: &'a str,
}

impl<'v> Reader<'_, 'v> {
    fn variant(&self) -> &'v Variant {
        self.position.variant()
    }

    fn invalid(&self, why: &str) -> SanError {
        let text = quoted(self.text);
        if why.is_empty() {
            SanError::Invalid(format!("invalid san {text}"))
        } else {
            SanError::Invalid(format!("invalid san {text}: {why}"))
        }
    }

    fn illegal(&self, why: &str) -> SanError {
        SanError::Illegal(format!(
            "illegal move {} in {}: {why}",
            quoted(self.text),
            fen::write(self.position)
        ))
    }

    fn side(&self) -> &'static str {
        self.position.turn().name()
    }

    fn read(&mut self) -> Result<Move, SanError> {
        // A King's swap may be written in full, "Kd1;Ve1": the King's part decides.
        let (stripped, swapped) = match self.text.trim().split_once(';') {
            Some((king, other)) => (king, !other.is_empty()),
            None => (self.text.trim(), false),
        };
        if is_suffixed_coordinates(stripped) {
            return self.read_coordinates(stripped);
        }
        if let Some((plain, gate)) = stripped.split_once('/') {
            return self.read_gating(plain, gate);
        }
        if stripped.eq_ignore_ascii_case("pass") || stripped == "@@@@" {
            return self.read_pass();
        }
        if let Some((symbol, square)) = split_drop(stripped) {
            return self.read_drop(symbol, square);
        }
        if let Some(kingside) = split_castling(stripped) {
            return self.read_castling(kingside, stripped);
        }
        if let Some((_, square)) = stripped.split_once('@') {
            let square = square.trim_end_matches(['+', '#']);
            return Err(match split_drop(&format!("P@{square}")) {
                // The square reads: what stands before '@' is not a piece.
                Some(_) => self.invalid(
                    "a drop is a piece letter (or '+' and one), '@' and a square, as 'P@e4'",
                ),
                None => self.invalid(&format!(
                    "the drop's square {} is no square",
                    quoted(square)
                )),
            });
        }
        let written = split(stripped).map_err(|why| self.invalid(why))?;
        // The letters as the variant writes them first: a synonym is another reading, tried
        // when that one names no legal move, so that the engine's own SAN always reads back.
        let exact = self.read_move(&written, stripped, swapped, false);
        let unmatched = matches!(exact, Err(SanError::Illegal(_) | SanError::Invalid(_)));
        if !unmatched || !self.has_synonym(&written) {
            return exact;
        }
        match (self.read_move(&written, stripped, swapped, true), exact) {
            (Err(other), Err(SanError::Illegal(first)))
                if !matches!(other, SanError::Ambiguous(_)) =>
            {
                Err(SanError::Illegal(first))
            }
            (reading, _) => reading,
        }
    }

    /// Whether a letter of `written` (its piece or its promotion) is a synonym in the variant.
    fn has_synonym(&self, written: &Written<'_>) -> bool {
        let is_synonym =
            |symbol: &str| self.variant().synonym_kinds(&symbol.to_ascii_uppercase()) != 0;
        written.piece.is_some_and(is_synonym)
            || written
                .promotion
                .is_some_and(|letter| is_synonym(&letter.to_string()))
    }

    fn read_coordinates(&mut self, text: &str) -> Result<Move, SanError> {
        let parsed = UciMove::parse(text, self.variant())
            .map_err(|error| SanError::Invalid(error.to_string()))?;
        self.position.find_move(parsed).ok_or_else(|| {
            SanError::Illegal(format!(
                "illegal move {} in {}",
                crate::text::quote(text),
                fen::write(self.position)
            ))
        })
    }

    /// The square named `name`, checked to lie on the board.
    fn square(&self, name: &str) -> Result<Square, SanError> {
        let square = Square::parse(name)
            .ok_or_else(|| self.invalid(&format!("no square {}", quoted(name))))?;
        let dims = self.variant().dimensions();
        if dims.contains(square) {
            Ok(square)
        } else {
            Err(self.invalid(&format!(
                "{name} is not on the {}x{} board",
                dims.files, dims.ranks
            )))
        }
    }

    /// The kind written `symbol` (any case) in the variant: the kind of that symbol, else one
    /// that SAN writes so (a `Q~` for `Q`).
    fn kind(&self, symbol: &str) -> Result<Kind, SanError> {
        let upper = symbol.to_ascii_uppercase();
        let variant = self.variant();
        variant
            .kind_by_symbol(&upper)
            .or_else(|| {
                variant
                    .rules()
                    .find(|rule| rule.san_symbol() == upper)
                    .map(|rule| rule.kind)
            })
            .ok_or_else(|| self.invalid(&format!("no piece letter {}", quoted(symbol))))
    }

    /// The kinds a move names by `symbol` (any case): those SAN writes so (a `Q` and a `Q~`),
    /// and those that take it as a synonym (Fairy-Stockfish's `D` for Shogi's promoted Rook).
    fn kinds(&self, symbol: &str, synonyms: bool) -> Result<KindSet, SanError> {
        let variant = self.variant();
        let written = self.kind(symbol).map_or(0, |kind| variant.san_kinds(kind));
        let named = match synonyms {
            true => variant.synonym_kinds(&symbol.to_ascii_uppercase()),
            false => 0,
        };
        match written | named {
            0 => Err(self.invalid(&format!("no piece letter {}", quoted(symbol)))),
            kinds => Ok(kinds),
        }
    }

    /// The one move of `candidates`, or why none is legal.
    fn only(&self, candidates: &[Move], what: &str) -> Result<Move, SanError> {
        match candidates {
            [mv] => Ok(*mv),
            _ => Err(self.illegal(&format!("no legal {what}"))),
        }
    }

    fn read_drop(&mut self, symbol: &str, square: &str) -> Result<Move, SanError> {
        let variant = self.variant();
        if !variant.spec().hands {
            return Err(self.invalid(&format!("{} has no drops", variant.spec().name)));
        }
        let to = self.square(square)?;
        let mut moves = Vec::new();
        self.position.legal_drops_to(to, &mut moves);
        // The variant's own letter first, then its synonyms.
        let exact = self.kinds(symbol, false).unwrap_or(0);
        let kinds = match moves
            .iter()
            .any(|mv| mv.drop().is_some_and(|k| exact & k.bit() != 0))
        {
            true => exact,
            false => self.kinds(symbol, true)?,
        };
        moves.retain(|mv| mv.drop().is_some_and(|kind| kinds & kind.bit() != 0));
        if moves.len() > 1 {
            return Err(self.ambiguous(&moves));
        }
        let kind = Kind::new(kinds.trailing_zeros() as u8).expect("a kind's bit");
        self.only(&moves, &self.drop_refusal(kind, to, square))
    }

    /// What is wrong with a drop of `kind` on `to` (named `name`) that is not legal.
    fn drop_refusal(&self, kind: Kind, to: Square, name: &str) -> String {
        let variant = self.variant();
        let piece = &variant.rule_of(kind).spec.name;
        let in_hand = variant.drops().from_hand(kind);
        if self.position.hand_count(self.position.turn(), in_hand) == 0 {
            format!("drop: {} has no {piece} in hand", self.side())
        } else if !self.position.is_empty(to) {
            format!("drop on {name}: the square is taken")
        } else {
            format!(
                "drop of a {piece} on {name}: it could never move from there, or it would leave \
                 the King attacked or break another rule of the game"
            )
        }
    }

    /// A gating move: the move without gating (`plain`, as `Nc3` or `O-O`), then after the `/`
    /// the letter of the piece brought in, for castling with the square it comes to (the
    /// King's when none is written), and any check suffix.
    fn read_gating(&mut self, plain: &str, gate: &str) -> Result<Move, SanError> {
        let gate = gate.trim_end_matches(['+', '#']);
        let split = gate
            .char_indices()
            .find(|(_, c)| c.is_ascii_lowercase())
            .map_or(gate.len(), |(index, _)| index);
        let (symbol, square) = gate.split_at(split);
        if symbol.is_empty() {
            return Err(self.invalid("a piece letter must follow the '/' of a gating move"));
        }
        let kind = self.kind(symbol)?;
        let square = match square {
            "" => None,
            name => Some(self.square(name)?),
        };
        // As written (disambiguated by the pieces that could gate alike), else as the move
        // without gating reads.
        let mut moves = Vec::new();
        self.position.add_gating_moves(&mut moves);
        self.position.retain_legal(&mut moves);
        let written = format!("{plain}/{gate}");
        if let Some(&mv) = moves.iter().find(|&&mv| {
            mv.gating() == Some(kind) && write_without_suffix(self.position, mv) == written
        }) {
            return Ok(mv);
        }
        let whole = quoted(self.text);
        let moved = Reader {
            position: self.position,
            text: plain,
        }
        .read()
        .map_err(|error| error.quoting(&quoted(plain), &whole))?;
        let on_origin = square.map_or(true, |square| square == moved.from);
        let (from, to) = match moved.kind {
            MoveKind::Castle(rook) if square == Some(rook) => (rook, moved.from),
            MoveKind::Castle(_) | MoveKind::Normal if on_origin => (moved.from, moved.to),
            _ => (moved.from, moved.from),
        };
        let mut moves = self.position.legal_gating_moves_like(from, to);
        moves.retain(|mv| mv.gating() == Some(kind));
        self.only(&moves, &format!("gating move {plain}/{gate}"))
    }

    /// The pass of the side to move, written `pass` or `@@@@` (XBoard's word).
    fn read_pass(&mut self) -> Result<Move, SanError> {
        let variant = self.variant();
        if !variant.spec().pass {
            return Err(self.invalid(&format!("{} has no passing", variant.spec().name)));
        }
        let mut moves = Vec::new();
        if let Some(king) = self.position.king(self.position.turn()) {
            self.position
                .legal_moves_to(king, variant.royal().bit(), &mut moves);
        }
        moves.retain(|mv| mv.is_pass());
        self.only(&moves, "pass (a side in check may not pass)")
    }

    fn read_castling(&mut self, kingside: bool, text: &str) -> Result<Move, SanError> {
        let variant = self.variant();
        if variant.castling().is_none() {
            return Err(self.invalid(&format!("{} has no castling", variant.spec().name)));
        }
        let mut moves = Vec::new();
        self.position.legal_castles(&mut moves);
        moves.retain(|mv| match mv.kind {
            MoveKind::Castle(rook) => (rook.file() > mv.from.file()) == kingside,
            _ => false,
        });
        let wing = usize::from(!kingside);
        let turn = self.position.turn();
        let lost = if self.position.castling_rights().has(turn, wing) {
            String::new()
        } else {
            format!(" ({} has lost that right)", self.side())
        };
        let written = text.trim_end_matches(['+', '#']);
        self.only(&moves, &format!("castling {written}{lost}"))
    }

    fn read_move(
        &mut self,
        written: &Written<'_>,
        stripped: &str,
        swapped: bool,
        synonyms: bool,
    ) -> Result<Move, SanError> {
        let variant = self.variant();
        let to = self.square(written.to)?;
        let promotion = written
            .promotion
            .map(|letter| self.kinds(&letter.to_string(), synonyms))
            .transpose()?;
        let piece = written
            .piece
            .map(|symbol| self.kinds(symbol, synonyms))
            .transpose()?;
        let origin_rank = match written.rank {
            Some(digits) => Some(
                digits
                    .parse::<u8>()
                    .ok()
                    .and_then(|rank| rank.checked_sub(1))
                    .ok_or_else(|| self.invalid(&format!("no rank {}", quoted(digits))))?,
            ),
            None => None,
        };
        let anything = written.file.is_some() && origin_rank.is_some() && piece.is_none();
        let kinds = match piece {
            _ if anything => KindSet::MAX,
            Some(kinds) => kinds,
            None => variant.pawns(),
        };
        let mut of_kinds = Vec::new();
        self.position.legal_moves_to(to, kinds, &mut of_kinds);
        let position = &*self.position;
        let in_place = |mv: &Move| {
            mv.promotion().is_some()
                && variant.in_place_promoters() & kind_on(position, mv.from).bit() != 0
        };
        let starts_as_written = |mv: &Move| match (written.file, origin_rank) {
            // A promotion in place written without its origin stays on its square.
            (None, None) if in_place(mv) => mv.from == mv.to,
            (file, rank) => {
                file.map_or(true, |file| file == mv.from.file())
                    && rank.map_or(true, |rank| rank == mv.from.rank())
            }
        };
        let promotes_as_written = |mv: &Move| {
            if written.plus {
                mv.promotion()
                    .is_some_and(|kind| variant.rule_of(kind).is_plus())
            } else {
                match (mv.promotion(), promotion) {
                    (Some(kind), Some(named)) => named & kind.bit() != 0,
                    (promoted, named) => promoted.is_none() && named.is_none(),
                }
            }
        };
        let mut candidates: Vec<Move> = of_kinds
            .iter()
            .copied()
            .filter(|mv| promotes_as_written(mv) && starts_as_written(mv))
            .collect();
        if candidates.is_empty() && promotion.is_none() && !written.plus {
            // A compulsory change that offers no choice (a Pawn crossing the River becomes a
            // Wazir) may go unwritten: a piece with exactly one legal move to the square.
            let changes: Vec<Move> = of_kinds.iter().copied().filter(starts_as_written).collect();
            candidates = changes
                .iter()
                .copied()
                .filter(|mv| changes.iter().filter(|other| other.from == mv.from).count() == 1)
                .collect();
        }
        if swapped && candidates.len() == 1 && candidates[0].kind != MoveKind::Swap {
            return Err(SanError::Illegal(format!(
                "illegal move {}: {} is not a King's swap",
                quoted(self.text),
                quoted(stripped)
            )));
        }
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => {
                let what = if anything {
                    "move".to_string()
                } else {
                    match piece.and_then(|kinds| Kind::new(kinds.trailing_zeros() as u8)) {
                        Some(kind) => format!("{} move", variant.rule_of(kind).spec.name),
                        None => "pawn move".to_string(),
                    }
                };
                let mut reason = format!("no legal {what} matches");
                let mut towards = Vec::new();
                self.position.legal_moves_to(to, KindSet::MAX, &mut towards);
                if towards.is_empty() {
                    reason.push_str(&format!("; no legal move reaches {to}"));
                } else {
                    let listed = self.listed(&towards);
                    reason.push_str(&format!("; the legal moves to {to} are {listed}"));
                }
                Err(self.illegal(&reason))
            }
            _ => Err(self.ambiguous(&candidates)),
        }
    }

    /// The error of text that names every move of `candidates`.
    fn ambiguous(&mut self, candidates: &[Move]) -> SanError {
        SanError::Ambiguous(format!(
            "ambiguous move {} in {}: could be {}",
            quoted(self.text),
            fen::write(self.position),
            self.listed(candidates)
        ))
    }

    /// `moves` in SAN, sorted and joined by commas.
    fn listed(&mut self, moves: &[Move]) -> String {
        let mut texts: Vec<String> = moves.iter().map(|&mv| write(self.position, mv)).collect();
        texts.sort();
        texts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(variant: &str, text: Option<&str>) -> Position<'static> {
        let variant = Variant::by_name(variant).expect("a built-in variant");
        fen::parse(variant, text.unwrap_or(&variant.spec().start_fen)).expect("a legal FEN")
    }

    fn legal(position: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
    }

    #[test]
    fn splits_san_as_the_grammar_says() {
        let parts = |text| {
            split(text)
                .map(|w| (w.piece, w.file, w.rank, w.to, w.promotion, w.plus))
                .ok()
        };
        assert_eq!(parts("e10"), Some((None, None, None, "e10", None, false)));
        assert_eq!(
            parts("Rb1b10"),
            Some((Some("R"), Some(1), Some("1"), "b10", None, false))
        );
        assert_eq!(
            parts("a10a9"),
            Some((None, Some(0), Some("10"), "a9", None, false))
        );
        assert_eq!(
            parts("Bxh8=++"),
            Some((Some("B"), None, None, "h8", None, true))
        );
        assert_eq!(
            parts("exd8=C+"),
            Some((None, Some(4), None, "d8", Some('C'), false))
        );
        assert_eq!(
            parts("+Pe5"),
            Some((Some("+P"), None, None, "e5", None, false))
        );
        for bad in [
            "", "e4=", "Nc3!", "--", "e110", "a01", "RR1b2", "e4=#", "xxe4",
        ] {
            assert!(split(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn says_why_text_is_not_a_move() {
        let mut position = position("chess", None);
        for (text, why) in [
            ("", "no destination square"),
            ("e4=", "'=' is followed by neither"),
            ("Zz4", "does not end with a destination square"),
            ("a1a2-+", "does not end with a destination square"),
            ("RR1b2", "not a piece letter"),
            ("Q~@e4", "a drop is a piece letter"),
            ("Q@z1", "the drop's square 'z1' is no square"),
        ] {
            let error = parse(&mut position, text).unwrap_err();
            assert!(
                matches!(&error, SanError::Invalid(m) if m.contains(why)),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn reads_the_synonyms_of_a_variants_letters() {
        // Xiangqi's Horse and Elephant are also H and E, as Fairy-Stockfish writes them.
        let mut position = position("xiangqi", None);
        assert_eq!(parse(&mut position, "Hc3"), parse(&mut position, "Nc3"));
        assert_eq!(parse(&mut position, "Ece3"), parse(&mut position, "Bce3"));
        assert!(matches!(
            parse(&mut position, "Ee3"),
            Err(SanError::Ambiguous(m)) if m.ends_with("could be Bce3, Bge3")
        ));
        let horse = parse(&mut position, "Hc3").unwrap();
        assert_eq!(
            write(&mut position, horse),
            "Nc3",
            "written with the FEN's letter"
        );
    }

    #[test]
    fn a_variants_own_letter_reads_before_a_synonym() {
        // Gxc7 is the Gold's, though the Tokin (Fairy-Stockfish's G too) could also take on c7.
        let fen = "1n2k1snb/2s2gg2/l+PppgPpp1/rp1G4l/1P3nP1p/p2P1S3/N1P2R1PP/3SP3L/P1B2K1+p1[l] \
                   w - - 1 42";
        let mut shogi = position("shogi", Some(fen));
        let gold = parse(&mut shogi, "Gxc7").unwrap();
        assert_eq!(
            (gold.from.to_string(), gold.to.to_string()),
            ("d6".into(), "c7".into())
        );
        assert_eq!(write(&mut shogi, gold), "Gxc7");
    }

    #[test]
    fn every_legal_move_round_trips() {
        for name in Variant::names() {
            let mut position = position(name, None);
            for mv in legal(&mut position) {
                let text = write(&mut position, mv);
                assert_eq!(parse(&mut position, &text), Ok(mv), "{name} {text}");
            }
        }
    }

    #[test]
    fn ambiguity_names_the_candidates() {
        let mut position = position("meiriqi", None);
        let error = parse(&mut position, "Sd3").unwrap_err();
        assert!(matches!(&error, SanError::Ambiguous(m) if m.ends_with("could be Scd3, Sed3")));
    }

    #[test]
    fn quotes_like_python() {
        assert_eq!(quoted("Nc3"), "'Nc3'");
        assert_eq!(quoted("it's"), "\"it's\"");
        assert_eq!(quoted("a\nb"), "'a\\nb'");
        assert!(quoted(&"x".repeat(100)).ends_with("... (100 characters)"));
    }
}
