//! Betza notation as Fairy-Stockfish reads it, read into movement
//! [atoms](crate::atom::Atom): a piece of a Fairy-Stockfish `variants.ini`
//! (`customPiece1 = p:fmWfceFifmnD`) can be brought over by copying its Betza string, and what
//! is read moves here as it moves there, for both sides. A string that would move otherwise is
//! refused with the reason.
//!
//! A string is a sequence of groups, each some modifiers, one atom letter and an optional
//! range: `fmW`, `fcF`, `ifmnD`. Directions are from White's point of view (forward is `+y`,
//! right is `+x`), as our atoms are.
//!
//! | letter | movement | atoms |
//! |---|---|---|
//! | `W` `F` | one step orthogonally, diagonally | `Atom::leap(1, 0)`, `Atom::leap(1, 1)` |
//! | `D` `A` `H` `G` | (2,0), (2,2), (3,0), (3,3) leaps | `Atom::leap(2, 0)` ... |
//! | `N` | (2,1) leap | `Atom::leap(2, 1)` |
//! | `C` or `L`, `Z` or `J` | (3,1), (3,2) leaps | `Atom::leap(3, 1)`, `Atom::leap(3, 2)` |
//! | `K` | `W` and `F` | `Atom::leap(1, 0)`, `Atom::leap(1, 1)` |
//! | `R` `B` `Q` | Rook, Bishop, Queen: `W`, `F`, `K` riders | `Atom::ride(1, 0)` ... |
//! | doubled letter (`WW`, `FF`, `NN`) | rider along that leap | `Atom::ride(2, 1)` for `NN` |
//! | digit 1-9 after a letter (`R4`, `W2`) | rider of at most that many steps | `.limit(4)` |
//! | `m` / `c` | only moves / only captures (neither: both) | `Mode::MoveOnly`, `CaptureOnly` |
//! | `f` `b` `l` `r` `v` `s` `h`, pairs (`fl`, `fh`) | directions (below) | `Symmetry::None` |
//! | `n` | lame leap: the squares between must be empty | `Atom::through((0, 1), 1, 1)` |
//! | `nZ` or `nJ` | Janggi's Elephant, through two squares | `Atom::through_two((0, 1), (1, 1), 1, 1)` |
//! | `p` on `R` `B` `Q` (`W` `F` `K`) | hops one screen | `cpR`: `Mode::Hop`, `pR`: `HopAny`, `mpR`: `HopQuiet` |
//! | `g` on the same | lands right behind the screen (Grasshopper) | `gR`: `Mode::Behind`, `mgR`: `BehindQuiet` |
//! | digit after a hop (`pR2`) | range from the piece, the screen included | `Atom::ride(1, 0).limit(2).mode(Mode::HopAny)` |
//! | `i` | only from the initial rank (below), only quiet | `Origin::OwnRank(1)`, `MoveOnly` |
//! | `e` with `c` | en passant: read as plain `c` (below) | nothing |
//!
//! Each chosen direction becomes an atom of one orientation (`Symmetry::None`); atoms whose
//! walks a symmetric atom covers exactly are merged into it (`fsW`: `leap(0, 1)` and `leap(1, 0)` with
//! `Symmetry::LeftRight`).
//!
//! So the chess Pawn is `fmWfcFifmnD` (`fmWfceFifmnD` as Fairy-Stockfish writes it), the Shogi
//! Gold `WfF`, the Xiangqi Horse `nN` and the Cannon `mRcpR`.
//!
//! ## Directions as Fairy-Stockfish reads them
//!
//! A direction letter pairs with the next letter when that is the same letter or one of the
//! other axis (`f` `b` `v` vertical, `l` `r` `s` horizontal, `h` either); a lone letter counts as
//! doubled. Each of the eight orientations of a leap is chosen by the pairs Fairy-Stockfish
//! lists for it: `f` and `ff` both give the two steep forward moves of `N` (so `fN` is the Shogi
//! Knight, unlike Betza's own reading, in which `fN` has four moves), `fs` the two flat forward
//! ones, `fh` all four forward ones. For a single orthogonal atom (`W`, `D`, `H`, `R`) a mixed
//! pair counts as its two letters (`fsW`: forward and sideways). A set of modifiers that
//! chooses no direction at all (`hN`, `vsN`) is an error rather than a piece that cannot move.
//!
//! ## Black's moves: pieces unlike left and right
//!
//! Fairy-Stockfish gives Black the moves of White turned half a turn (forward-right becomes
//! Black's forward-right, seen from Black's side: down and to the left on the board), as a
//! variant with [`BlackMoves::Rotated`] does; by default this engine gives Black White's moves
//! mirrored from rank to rank (down and to the right). The two agree exactly for a piece whose
//! moves are their own left-right mirror image, which every piece of chess, Shogi, Xiangqi and
//! our games is. So a string whose moves differ to the left and to the right (`rW`, `frN`, Tori
//! Shogi's quail `fRrbBlbF`, the chiral `hrN`) is read for a variant whose Black moves are
//! turned, and refused for one whose Black moves are mirrored, where they would differ from
//! Fairy-Stockfish's.
//!
//! ## Hoppers as Fairy-Stockfish reads them
//!
//! `p` and `g` make a hopper; its distance is 1 after `g`, and a digit replaces it. A distance
//! of 1 lands right behind the screen, whatever the distance to it (the Grasshopper: `gQ`, and
//! `pR1` too); a larger one is a range counted from the piece, the screen's square included
//! (`pR2` needs its screen right next to it and lands right behind it; `gR2` is the same); none
//! hops beyond the screen up to the next piece (the Cannon). `m` and `c` make hoppers that only
//! move or only capture. Of lame leaps through two squares, only the Janggi Elephant's `nZ`
//! (`nJ`) moves in Fairy-Stockfish: `nH`, `nC`, `nG` are refused.
//!
//! ## Choices and refusals
//!
//! - `i`: Fairy-Stockfish allows initial moves from its double-step region, by default the own
//!   second rank; [`parse`] maps `i` to `Origin::OwnRank(INITIAL_RANK)` (rank 1 counted from
//!   zero from the owner's side: the second rank), [`parse_with_initial_rank`] to another
//!   rank. Fairy-Stockfish has no initial captures, so `i` without `m` means `im`, and `ic` is
//!   an error.
//! - `e`: Fairy-Stockfish lets that capture take en passant; here en passant is the variant's
//!   `en-passant` switch, for the pieces with the `pawn` role, so `ce` is read as `c` alone.
//! - `p` on a leaper letter hops like its rider, as in Fairy-Stockfish: `pW` is `pR`.
//! - A ride along a step replaces an earlier ride along the same step (for the same modality
//!   and origin), as in Fairy-Stockfish, which keeps one range per direction, the last given:
//!   `RW1` is a Wazir, `W1R` a Rook, `QR2` a Queen whose orthogonal slides stop after two.
//! - A piece must reach every square in one way only (the engine would generate a move twice):
//!   moves that another part of the piece already makes are dropped (`KQ` is `Q`, `mWK` is `K`),
//!   and a string whose parts still reach a square two ways (`QA`: the `A` leap and the
//!   Bishop's slide both reach (2,2) when (1,1) is empty; `ApF`: the `A` leap and the hop when
//!   a screen stands on (1,1)) is an error.
//! - Refused although Fairy-Stockfish reads them, because no atom moves as they do there:
//!   pieces that differ left from right in a variant whose Black moves are mirrored (above); a
//!   piece that goes along only part of a line (one way, or within a range) while its other
//!   moves (of the same modality and origin) reach further along it: Fairy-Stockfish's move
//!   tables serve each kind of line in all its directions at once, as far as any move of the
//!   piece reaches on an empty board (a hop's reach being its whole ray), so `R2pR` would slide
//!   the whole line there, `WWbpW` hop both ways and `pR2mR` hop the whole line; `n` on riders,
//!   which Fairy-Stockfish ignores; `ic`.
//! - Refused although Betza has them: riders other than along `W`, `F` and `N` (`AA`, `DD`),
//!   hoppers other than `R`/`B`/`Q` (`pN`, `gN`), lame leaps with no square to pass (`nW`,
//!   `nF`, `nK`) or through two other than `nZ` (`nH`, `nC`, `nG`), all of which
//!   Fairy-Stockfish gives no move at all, and every letter it does not know (it silently skips
//!   them), ranges of 0 or above 9, a string longer than [`MAX_LENGTH`], and modifiers with no
//!   atom after them.

use crate::atom::{Atom, BlackMoves, HopStyle, Mode, Origin, Symmetry, MAX_LEAD};
use std::collections::HashMap;
use std::fmt;

/// The rank (from zero, from the owner's side) where `i` moves apply: the second rank, where
/// Fairy-Stockfish's default double-step region is.
pub const INITIAL_RANK: u8 = 1;

/// The longest Betza string read, in characters.
pub const MAX_LENGTH: usize = 64;

/// How far a slide is followed when comparing destinations: the longest line on any board.
const REACH: i32 = {
    use crate::geometry::{MAX_FILES, MAX_RANKS};
    (if MAX_FILES > MAX_RANKS {
        MAX_FILES
    } else {
        MAX_RANKS
    }) as i32
};

/// Why a Betza string cannot be read: a message that quotes the offending part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    message: String,
}

impl BetzaError {
    /// The error in `text` at `part`, which `what`.
    fn new(text: &str, part: &str, what: &str) -> BetzaError {
        BetzaError {
            message: format!("in '{}': '{}' {what}", quote(text), quote(part)),
        }
    }

    /// The error in the whole of `text`: `what`.
    fn whole(text: &str, what: &str) -> BetzaError {
        BetzaError {
            message: format!("in '{}': {what}", quote(text)),
        }
    }

    /// The message, as [`Display`](fmt::Display) writes it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BetzaError {}

/// `text`, cut to a readable length.
fn quote(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// An atom letter: the base leaps as Fairy-Stockfish writes them, `(forward, sideways)` in its
/// first orientation, and whether the letter alone rides.
struct Letter {
    letter: char,
    leaps: &'static [(i8, i8)],
    rides: bool,
}

/// Every atom letter Fairy-Stockfish knows.
const LETTERS: &[Letter] = &[
    Letter::leaper('W', &[(1, 0)]),
    Letter::leaper('F', &[(1, 1)]),
    Letter::leaper('D', &[(2, 0)]),
    Letter::leaper('N', &[(2, 1)]),
    Letter::leaper('A', &[(2, 2)]),
    Letter::leaper('H', &[(3, 0)]),
    Letter::leaper('L', &[(3, 1)]),
    Letter::leaper('C', &[(3, 1)]),
    Letter::leaper('J', &[(3, 2)]),
    Letter::leaper('Z', &[(3, 2)]),
    Letter::leaper('G', &[(3, 3)]),
    Letter::leaper('K', &[(1, 0), (1, 1)]),
    Letter::rider('R', &[(1, 0)]),
    Letter::rider('B', &[(1, 1)]),
    Letter::rider('Q', &[(1, 0), (1, 1)]),
];

/// The leaps along which Fairy-Stockfish rides (`W`, `F`, `N`).
const RIDES: &[(i8, i8)] = &[(1, 0), (1, 1), (2, 1)];

/// The leaps along which Fairy-Stockfish hops (`W`, `F`).
const HOPS: &[(i8, i8)] = &[(1, 0), (1, 1)];

impl Letter {
    /// A letter that leaps once.
    const fn leaper(letter: char, leaps: &'static [(i8, i8)]) -> Letter {
        Letter {
            letter,
            leaps,
            rides: false,
        }
    }

    /// A letter that rides.
    const fn rider(letter: char, leaps: &'static [(i8, i8)]) -> Letter {
        Letter {
            letter,
            leaps,
            rides: true,
        }
    }

    /// The letter written `c`, if any.
    fn find(c: char) -> Option<&'static Letter> {
        LETTERS.iter().find(|letter| letter.letter == c)
    }

    /// Whether every base leap is one of `allowed`.
    fn within(&self, allowed: &[(i8, i8)]) -> bool {
        self.leaps.iter().all(|leap| allowed.contains(leap))
    }
}

/// One of the eight orientations of a leap `(a, b)` (forward, sideways): `(dx, dy)` is
/// `(dx[0] * a + dx[1] * b, dy[0] * a + dy[1] * b)`, chosen by any of `pairs`.
struct Orientation {
    dx: [i8; 2],
    dy: [i8; 2],
    pairs: [&'static str; 7],
}

/// The eight orientations in Fairy-Stockfish's order, with the direction pairs that choose each.
const ORIENTATIONS: [Orientation; 8] = [
    Orientation::new([0, 1], [1, 0], ["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
    Orientation::new([0, -1], [-1, 0], ["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
    Orientation::new([1, 0], [0, -1], ["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
    Orientation::new([-1, 0], [0, 1], ["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
    Orientation::new([1, 0], [0, 1], ["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
    Orientation::new([-1, 0], [0, -1], ["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
    Orientation::new([0, 1], [-1, 0], ["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
    Orientation::new([0, -1], [1, 0], ["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
];

impl Orientation {
    /// The orientation with these coefficients and pairs.
    const fn new(dx: [i8; 2], dy: [i8; 2], pairs: [&'static str; 7]) -> Orientation {
        Orientation { dx, dy, pairs }
    }

    /// The leap `(a, b)` turned this way, as `(dx, dy)`.
    fn turn(&self, (a, b): (i8, i8)) -> (i8, i8) {
        (
            self.dx[0] * a + self.dx[1] * b,
            self.dy[0] * a + self.dy[1] * b,
        )
    }

    /// Whether one of `pairs` chooses this orientation.
    fn chosen_by(&self, pairs: &[[char; 2]]) -> bool {
        pairs.iter().any(|pair| {
            self.pairs.iter().any(|known| {
                let mut chars = known.chars();
                chars.next() == Some(pair[0]) && chars.next() == Some(pair[1])
            })
        })
    }
}

/// Direction letters of the vertical axis (`h` is on both).
const VERTICALS: &str = "fbvh";
/// Direction letters of the horizontal axis.
const HORIZONTALS: &str = "rlsh";

/// How far an atom letter goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    /// One leap.
    Leap,
    /// A ride of any length.
    Unlimited,
    /// A ride of at most this many steps.
    Limited(u8),
}

/// The modifiers written before an atom letter.
#[derive(Default)]
struct Modifiers {
    moves: bool,
    captures: bool,
    en_passant: bool,
    hop: bool,
    grasshopper: bool,
    lame: bool,
    initial: bool,
    pairs: Vec<[char; 2]>,
}

/// One atom letter with its modifiers and range, and where it is written.
struct Group<'a> {
    text: &'a str,
    modifiers: Modifiers,
    letter: &'static Letter,
    range: Range,
}

/// Reads a Betza string into atoms for a variant whose Black moves follow from White's as
/// `black` says; `i` moves apply from the own [`INITIAL_RANK`].
pub fn parse(text: &str, black: BlackMoves) -> Result<Vec<Atom>, BetzaError> {
    parse_with_initial_rank(text, INITIAL_RANK, black)
}

/// Reads a Betza string into atoms for a variant whose Black moves follow from White's as
/// `black` says; `i` moves apply from the own rank `initial_rank` (from zero).
pub fn parse_with_initial_rank(
    text: &str,
    initial_rank: u8,
    black: BlackMoves,
) -> Result<Vec<Atom>, BetzaError> {
    let text = text.trim();
    if text.is_empty() {
        let what = "the string is empty, and a piece needs at least one atom";
        return Err(BetzaError::whole(text, what));
    }
    if text.chars().count() > MAX_LENGTH {
        let what = format!("the string is longer than {MAX_LENGTH} characters");
        return Err(BetzaError::whole(text, &what));
    }
    let groups = split(text)?;
    let mut records = Vec::new();
    for (index, group) in groups.iter().enumerate() {
        records.extend(expand(text, group, index, initial_rank)?);
    }
    let records = last_given(records);
    check_line_tables(text, &groups, &records)?;
    let records = prune(text, &groups, records)?;
    if black == BlackMoves::Mirrored {
        check_mirror_image(text, &groups, &records)?;
    }
    let atoms = merge_symmetries(combine(&records));
    match crate::atom::twice_reached(&atoms) {
        None => Ok(atoms),
        Some((x, y)) => Err(BetzaError::whole(
            text,
            &format!(
                "a hop and another of its moves both reach ({x}, {y}) when a screen stands \
                 between, so the engine would generate that move twice"
            ),
        )),
    }
}

/// Splits `text` into groups.
fn split(text: &str) -> Result<Vec<Group<'_>>, BetzaError> {
    let mut groups = Vec::new();
    let mut modifiers = Modifiers::default();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|&(_, next)| next);
        let end = at + c.len_utf8();
        match c {
            'm' => modifiers.moves = true,
            'c' => modifiers.captures = true,
            'e' => modifiers.en_passant = true,
            'p' => modifiers.hop = true,
            'g' => {
                modifiers.hop = true;
                modifiers.grasshopper = true;
            }
            'n' => modifiers.lame = true,
            'i' => modifiers.initial = true,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let paired = next.filter(|&next| pairs_with(c, next));
                if paired.is_some() {
                    chars.next();
                }
                modifiers.pairs.push([c, paired.unwrap_or(c)]);
            }
            _ => {
                let Some(letter) = Letter::find(c) else {
                    return Err(unknown(text, &text[at..end], c));
                };
                let (range, end) = range(text, letter, &mut chars, at)?;
                groups.push(Group {
                    text: &text[start..end],
                    modifiers: std::mem::take(&mut modifiers),
                    letter,
                    range,
                });
                start = end;
            }
        }
    }
    if start < text.len() {
        let what = "modifies no atom: a letter such as W, N or R must follow";
        return Err(BetzaError::new(text, &text[start..], what));
    }
    Ok(groups)
}

/// Whether the direction letter `c` pairs with the letter after it, as Fairy-Stockfish reads.
fn pairs_with(c: char, next: char) -> bool {
    next == c
        || (VERTICALS.contains(c) && HORIZONTALS.contains(next))
        || (HORIZONTALS.contains(c) && VERTICALS.contains(next))
}

/// The error for the character `c` (written `part`), which no group may hold.
fn unknown(text: &str, part: &str, c: char) -> BetzaError {
    let what = if c.is_ascii_digit() {
        "is a range with no atom letter before it"
    } else {
        "is not a Betza letter or modifier Fairy-Stockfish understands"
    };
    BetzaError::new(text, part, what)
}

/// The range written after `letter` (at `at`: a doubled letter or one digit), consumed from
/// `chars`, and where the group ends.
fn range(
    text: &str,
    letter: &Letter,
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    at: usize,
) -> Result<(Range, usize), BetzaError> {
    // Atom letters are ASCII: one byte.
    let end = at + 1;
    let default = if letter.rides {
        Range::Unlimited
    } else {
        Range::Leap
    };
    match chars.peek().copied() {
        Some((_, c)) if c == letter.letter => {
            chars.next();
            Ok((Range::Unlimited, end + 1))
        }
        Some((_, c)) if c.is_ascii_digit() => {
            chars.next();
            let part = &text[at..end + 1];
            if let Some(&(after, _)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                let part = &text[at..after + 1];
                let what = "has a range above 9, which Fairy-Stockfish cannot read";
                return Err(BetzaError::new(text, part, what));
            }
            match c.to_digit(10).and_then(|d| u8::try_from(d).ok()) {
                Some(0) | None => Err(BetzaError::new(text, part, "has a range of 0")),
                Some(steps) => Ok((Range::Limited(steps), end + 1)),
            }
        }
        _ => Ok((default, end)),
    }
}

/// The squares a lame leap passes, `(dx, dy)` from the piece, nearest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lead {
    squares: [(i8, i8); MAX_LEAD],
    len: u8,
}

impl Lead {
    /// The lead passing `squares` (at most [`MAX_LEAD`]).
    fn new(passed: &[(i8, i8)]) -> Lead {
        let mut lead = Lead::default();
        lead.squares[..passed.len()].copy_from_slice(passed);
        lead.len = passed.len() as u8;
        lead
    }

    /// The squares passed.
    fn squares(&self) -> &[(i8, i8)] {
        &self.squares[..usize::from(self.len)]
    }

    /// Whether no square is passed.
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The square the lead ends on, `(0, 0)` for none.
    fn end(&self) -> (i8, i8) {
        self.squares().last().copied().unwrap_or((0, 0))
    }
}

/// The shape of one walk: the squares passed first (a lame leap's), the step (from the last of
/// them), the most destinations (`None`: unlimited) and how it hops over a screen, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    lead: Lead,
    step: (i8, i8),
    limit: Option<u8>,
    hop: Option<HopStyle>,
}

/// One walk in one direction that only moves or only captures, and the group it comes from.
#[derive(Clone, Copy, Debug)]
struct Record {
    shape: Shape,
    captures: bool,
    origin: Origin,
    group: usize,
    /// Which of Fairy-Stockfish's tables of the piece holds it.
    table: Table,
}

/// Fairy-Stockfish's tables of a piece's moves: per table, modality and origin, one entry per
/// direction, the last the Betza string gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    /// Leaps, plain or lame.
    Steps,
    /// Rides (a doubled letter, a range, `R` `B` `Q`).
    Slides,
    /// Hops.
    Hops,
}

impl Record {
    /// Whether `self` and `other` are the same walk, modality and origin.
    fn same(&self, other: &Record) -> bool {
        self.shape == other.shape && self.captures == other.captures && self.origin == other.origin
    }
}

/// The single-direction records of `group` (number `index` in `text`).
fn expand(
    text: &str,
    group: &Group<'_>,
    index: usize,
    initial_rank: u8,
) -> Result<Vec<Record>, BetzaError> {
    let fail = |what: &str| BetzaError::new(text, group.text, what);
    let (moves, captures) = modalities(group).map_err(fail)?;
    check_kind(group).map_err(fail)?;
    let directions = directions(group);
    if directions.is_empty() {
        let what = "chooses no direction of its atom, as Fairy-Stockfish reads the modifiers";
        return Err(fail(what));
    }
    let origin = match group.modifiers.initial {
        true => Origin::OwnRank(initial_rank),
        false => Origin::Anywhere,
    };
    let mut records = Vec::new();
    for direction in directions {
        let shape = shape(group, direction).map_err(|what| fail(&what))?;
        for (wanted, capture) in [(moves, false), (captures, true)] {
            if wanted {
                records.push(Record {
                    shape,
                    captures: capture,
                    origin,
                    group: index,
                    table: match (group.modifiers.hop, group.range) {
                        (true, _) => Table::Hops,
                        (false, Range::Leap) => Table::Steps,
                        (false, _) => Table::Slides,
                    },
                });
            }
        }
    }
    Ok(records)
}

/// Whether `group` moves and whether it captures, or what is wrong.
fn modalities(group: &Group<'_>) -> Result<(bool, bool), &'static str> {
    let m = &group.modifiers;
    if m.en_passant && !m.captures {
        return Err("has 'e' (en passant) without 'c': en passant is a variant switch");
    }
    if m.initial && m.captures {
        return Err("has 'i' with 'c': Fairy-Stockfish has no initial captures");
    }
    let (moves, captures) = match (m.moves, m.captures) {
        (false, false) => (true, !m.initial),
        modalities => modalities,
    };
    Ok((moves, captures))
}

/// Checks that the kind of move `group` writes (hop, ride, lame leap) is one we read.
fn check_kind(group: &Group<'_>) -> Result<(), &'static str> {
    let m = &group.modifiers;
    let rides = group.range != Range::Leap;
    if m.hop {
        if !group.letter.within(HOPS) {
            return Err("hops along a line other than the Rook's and the Bishop's");
        }
        if m.lame {
            return Err("is a lame hopper, which Fairy-Stockfish does not read");
        }
    } else if rides {
        if !group.letter.within(RIDES) {
            return Err("rides along a line other than W, F and N, which Fairy-Stockfish does not");
        }
        if m.lame {
            return Err("is a lame rider, whose 'n' Fairy-Stockfish ignores");
        }
    }
    Ok(())
}

/// The distinct `(dx, dy)` leaps `group`'s modifiers choose, in Fairy-Stockfish's order.
fn directions(group: &Group<'_>) -> Vec<(i8, i8)> {
    let letter = group.letter;
    let mut chosen: Vec<(i8, i8)> = Vec::new();
    for &leap in letter.leaps {
        let pairs = split_pairs(
            &group.modifiers.pairs,
            letter.leaps.len() == 1 && leap.1 == 0,
        );
        for orientation in &ORIENTATIONS {
            let direction = orientation.turn(leap);
            if (pairs.is_empty() || orientation.chosen_by(&pairs)) && !chosen.contains(&direction) {
                chosen.push(direction);
            }
        }
    }
    chosen
}

/// The direction pairs, a mixed pair read as its two letters for a single orthogonal atom.
fn split_pairs(pairs: &[[char; 2]], orthogonal: bool) -> Vec<[char; 2]> {
    pairs
        .iter()
        .flat_map(|&[a, b]| match orthogonal && a != b {
            true => vec![[a, a], [b, b]],
            false => vec![[a, b]],
        })
        .collect()
}

/// The walk of `group` in `direction`, or what is wrong.
fn shape(group: &Group<'_>, direction: (i8, i8)) -> Result<Shape, String> {
    let leap = Shape {
        lead: Lead::default(),
        step: direction,
        limit: Some(1),
        hop: None,
    };
    if group.modifiers.hop {
        // Fairy-Stockfish's hop distance: 1 (given by 'g', or a range of 1) lands right behind
        // the screen; a range above 1 counts from the piece, the screen's square included.
        let distance = match group.range {
            Range::Limited(steps) => steps,
            _ => u8::from(group.modifiers.grasshopper),
        };
        let (style, limit) = match distance {
            0 => (HopStyle::Beyond, None),
            1 => (HopStyle::Behind, None),
            range => (HopStyle::Beyond, Some(range)),
        };
        return Ok(Shape {
            limit,
            hop: Some(style),
            ..leap
        });
    }
    match group.range {
        Range::Unlimited => Ok(Shape {
            limit: None,
            ..leap
        }),
        Range::Limited(steps) => Ok(Shape {
            limit: Some(steps),
            ..leap
        }),
        Range::Leap if !group.modifiers.lame => Ok(leap),
        Range::Leap => {
            let passed = lame_path(direction);
            let moves = matches!(passed.len(), 1) || group.letter.leaps == [(3, 2)];
            if passed.is_empty() {
                return Err(
                    "is a lame leap with no square to pass, which Fairy-Stockfish gives no move"
                        .to_string(),
                );
            }
            if !moves {
                return Err(format!(
                    "is a lame leap through {} squares, which Fairy-Stockfish gives no move \
                     (of the leaps through two squares, only nZ and nJ move)",
                    passed.len()
                ));
            }
            let lead = Lead::new(&passed);
            let (x, y) = lead.end();
            Ok(Shape {
                lead,
                step: (direction.0 - x, direction.1 - y),
                ..leap
            })
        }
    }
}

/// The squares a lame leap by `(dx, dy)` passes, as Fairy-Stockfish walks them: along the
/// longer axis while it is longer, then diagonally.
fn lame_path((dx, dy): (i8, i8)) -> Vec<(i8, i8)> {
    let (mut x, mut y) = (0i8, 0i8);
    let mut passed = Vec::new();
    while (x, y) != (dx, dy) {
        let across = (dx - x).abs() - (dy - y).abs();
        if across >= 0 {
            x += (dx - x).signum();
        }
        if across <= 0 {
            y += (dy - y).signum();
        }
        if (x, y) != (dx, dy) {
            passed.push((x, y));
        }
    }
    passed
}

/// A square a walk may reach, `(dx, dy)` from the piece, and the squares that must be empty.
type Destination = ((i32, i32), Vec<(i32, i32)>);

/// The destinations of a non-hopping `shape`, each with the squares that must be empty.
fn reach(shape: &Shape) -> Vec<Destination> {
    let step = (i32::from(shape.step.0), i32::from(shape.step.1));
    if !shape.lead.is_empty() {
        let wide = |(x, y): (i8, i8)| (i32::from(x), i32::from(y));
        let (x, y) = wide(shape.lead.end());
        let passed = shape.lead.squares().iter().copied().map(wide).collect();
        return vec![((x + step.0, y + step.1), passed)];
    }
    let longest = step.0.abs().max(step.1.abs()).max(1);
    let steps = shape.limit.map_or(REACH, i32::from).min(REACH / longest);
    let at = |k: i32| (k * step.0, k * step.1);
    (1..=steps.max(1))
        .map(|k| (at(k), (1..k).map(at).collect()))
        .collect()
}

/// Whether origin `wide` applies wherever `narrow` does.
fn origin_covers(wide: Origin, narrow: Origin) -> bool {
    wide == Origin::Anywhere || wide == narrow
}

/// Whether the origins `a` and `b` apply on a common rank.
fn origins_meet(a: Origin, b: Origin) -> bool {
    origin_covers(a, b) || origin_covers(b, a)
}

/// Squares each record reaches (hops excepted), keyed by whether it captures: where to look for
/// records that reach a square too.
type BySquare = HashMap<(bool, (i32, i32)), Vec<usize>>;

/// The whole step of `shape`: where a leap lands, the direction of a ride or hop.
fn direction(shape: &Shape) -> (i8, i8) {
    let (dx, dy) = shape.step;
    let (lx, ly) = shape.lead.end();
    (lx + dx, ly + dy)
}

/// Whether `a` and `b` are entries of one table of Fairy-Stockfish: the same table, modality,
/// origin and direction.
fn same_entry(a: &Record, b: &Record) -> bool {
    a.table == b.table
        && a.captures == b.captures
        && a.origin == b.origin
        && direction(&a.shape) == direction(&b.shape)
}

/// `records` (in the string's order) without each that a later one replaces: Fairy-Stockfish
/// keeps one entry per direction of each table, the last given (`RW1` is a Wazir, `QR2` a Queen
/// whose orthogonal slides stop after two, `NnN` a lame Knight).
fn last_given(records: Vec<Record>) -> Vec<Record> {
    let replaced: Vec<bool> = (0..records.len())
        .map(|index| (records[index + 1..].iter()).any(|later| same_entry(later, &records[index])))
        .collect();
    records
        .into_iter()
        .zip(replaced)
        .filter_map(|(record, replaced)| (!replaced).then_some(record))
        .collect()
}

/// A kind of move Fairy-Stockfish computes for all its directions at once (its "rider types"):
/// how it moves, and the directions.
struct LineTable {
    line: Line,
    directions: &'static [(i8, i8)],
}

/// How the moves of a [`LineTable`] go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Slides (rides).
    Slide,
    /// Hops beyond a screen, as a Cannon's.
    Cannon,
    /// Hops right behind a screen, as a Grasshopper's.
    Grasshopper,
    /// Lame leaps.
    Lame,
}

/// The directions of the Rook's, the Bishop's and the Knight's lines.
const ACROSS: &[(i8, i8)] = &[(1, 0), (-1, 0)];
const UP_AND_DOWN: &[(i8, i8)] = &[(0, 1), (0, -1)];
const DIAGONALS: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHTS: &[(i8, i8)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The Janggi Elephant's leaps.
const ZEBRAS: &[(i8, i8)] = &[
    (2, 3),
    (3, 2),
    (3, -2),
    (2, -3),
    (-2, -3),
    (-3, -2),
    (-3, 2),
    (-2, 3),
];

/// Fairy-Stockfish's rider types that the strings read here can use.
const LINE_TABLES: [LineTable; 14] = [
    LineTable::new(Line::Slide, ACROSS),
    LineTable::new(Line::Slide, UP_AND_DOWN),
    LineTable::new(Line::Slide, DIAGONALS),
    LineTable::new(Line::Slide, KNIGHTS),
    LineTable::new(Line::Cannon, ACROSS),
    LineTable::new(Line::Cannon, UP_AND_DOWN),
    LineTable::new(Line::Cannon, DIAGONALS),
    LineTable::new(Line::Grasshopper, ACROSS),
    LineTable::new(Line::Grasshopper, UP_AND_DOWN),
    LineTable::new(Line::Grasshopper, DIAGONALS),
    LineTable::new(Line::Lame, KNIGHTS),
    LineTable::new(Line::Lame, &[(2, 2), (2, -2), (-2, 2), (-2, -2)]),
    LineTable::new(Line::Lame, &[(2, 0), (-2, 0), (0, 2), (0, -2)]),
    LineTable::new(Line::Lame, ZEBRAS),
];

impl LineTable {
    /// The rider type of these moves.
    const fn new(line: Line, directions: &'static [(i8, i8)]) -> LineTable {
        LineTable { line, directions }
    }

    /// Whether `record` is a move of this rider type.
    fn holds(&self, record: &Record) -> bool {
        let shape = &record.shape;
        let line = match (record.table, shape.hop) {
            (Table::Slides, _) => Line::Slide,
            (Table::Hops, Some(HopStyle::Behind)) => Line::Grasshopper,
            (Table::Hops, _) => Line::Cannon,
            (Table::Steps, _) if !shape.lead.is_empty() => Line::Lame,
            (Table::Steps, _) => return false,
        };
        line == self.line && self.directions.contains(&direction(shape))
    }

    /// The squares a move of this type along `direction` may reach on an empty board.
    fn reach(&self, direction: (i8, i8)) -> Vec<(i32, i32)> {
        let (dx, dy) = (i32::from(direction.0), i32::from(direction.1));
        match self.line {
            Line::Lame => vec![(dx, dy)],
            _ => squares(&Shape {
                lead: Lead::default(),
                step: direction,
                limit: None,
                hop: None,
            }),
        }
    }
}

/// The squares `shape` reaches on an empty board (a hop: its whole ray).
fn squares(shape: &Shape) -> Vec<(i32, i32)> {
    let whole = Shape {
        hop: None,
        ..*shape
    };
    reach(&whole)
        .into_iter()
        .map(|(square, _)| square)
        .collect()
}

/// Checks that Fairy-Stockfish's way of computing a piece's moves adds none to `records`.
///
/// Its move tables serve each rider type (the Rook's slides across, the Cannon's hops up and
/// down, the lame Knight's leaps, ...) in all its directions at once, then keep the squares that
/// some move of the piece of the same modality and origin reaches on an empty board (a hop: its
/// whole ray). So a piece that moves along part of such a line (one way, or within a range)
/// while another of its moves reaches further along it would go on there: `WWbpW` would hop
/// both ways, `R2pR` slide the whole line. Such a string is refused, unless the square is one
/// the piece reaches in any position anyway (a plain leap, a slide's first square).
fn check_line_tables(
    text: &str,
    groups: &[Group<'_>],
    records: &[Record],
) -> Result<(), BetzaError> {
    let mut classes: Vec<(bool, Origin)> = Vec::new();
    for record in records {
        if !classes.contains(&(record.captures, record.origin)) {
            classes.push((record.captures, record.origin));
        }
    }
    for (captures, origin) in classes {
        let alike: Vec<&Record> = records
            .iter()
            .filter(|r| r.captures == captures && r.origin == origin)
            .collect();
        let reached: Vec<(i32, i32)> = alike.iter().flat_map(|r| squares(&r.shape)).collect();
        let always: Vec<(i32, i32)> = alike
            .iter()
            .filter(|r| r.table != Table::Hops && r.shape.lead.is_empty())
            .filter_map(|r| squares(&r.shape).first().copied())
            .collect();
        for line in &LINE_TABLES {
            let Some(first) = alike.iter().find(|r| line.holds(r)) else {
                continue;
            };
            for &way in line.directions {
                let own: Vec<(i32, i32)> = alike
                    .iter()
                    .filter(|r| line.holds(r) && direction(&r.shape) == way)
                    .flat_map(|r| squares(&r.shape))
                    .collect();
                let added = line.reach(way).into_iter().find(|square| {
                    reached.contains(square) && !own.contains(square) && !always.contains(square)
                });
                if let Some((x, y)) = added {
                    return Err(BetzaError::new(
                        text,
                        groups[first.group].text,
                        &format!(
                            "goes along only part of its lines while other moves of the piece \
                             reach further, to ({x}, {y}): Fairy-Stockfish's move tables, which \
                             serve whole lines, would let it go on there"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The records without the ones that others already make, or the error naming two that reach
/// a square two ways.
fn prune(
    text: &str,
    groups: &[Group<'_>],
    records: Vec<Record>,
) -> Result<Vec<Record>, BetzaError> {
    let mut unique: Vec<Record> = Vec::new();
    for record in records {
        if !unique.iter().any(|known| known.same(&record)) {
            unique.push(record);
        }
    }
    let reaches: Vec<_> = unique.iter().map(|r| reach(&r.shape)).collect();
    let mut by_square = BySquare::new();
    for (index, record) in unique
        .iter()
        .enumerate()
        .filter(|(_, r)| r.shape.hop.is_none())
    {
        for (square, _) in &reaches[index] {
            let key = (record.captures, *square);
            by_square.entry(key).or_default().push(index);
        }
    }
    let alive = uncovered(&unique, &reaches, &by_square);
    if let Some((a, b)) = first_clash(&unique, &reaches, &by_square, &alive) {
        let (reach_a, reach_b) = (&reaches[a], &reaches[b]);
        return Err(clash(
            text, groups, &unique[a], &unique[b], reach_a, reach_b,
        ));
    }
    Ok(unique
        .into_iter()
        .zip(alive)
        .filter_map(|(record, alive)| alive.then_some(record))
        .collect())
}

/// For each record, whether no other one still kept makes all its moves (in order, so of two
/// records that make each other's moves the later is kept).
fn uncovered(records: &[Record], reaches: &[Vec<Destination>], by_square: &BySquare) -> Vec<bool> {
    let mut alive = vec![true; records.len()];
    for (index, record) in records.iter().enumerate() {
        let Some((first, _)) = reaches[index]
            .first()
            .filter(|_| record.shape.hop.is_none())
        else {
            continue;
        };
        let candidates = by_square.get(&(record.captures, *first));
        let covered = candidates.into_iter().flatten().any(|&other| {
            other != index
                && alive[other]
                && origin_covers(records[other].origin, record.origin)
                && covers(&reaches[other], &reaches[index])
        });
        alive[index] = !covered;
    }
    alive
}

/// The first two kept records (in order) that reach a square for the same modality from a
/// common rank.
fn first_clash(
    records: &[Record],
    reaches: &[Vec<Destination>],
    by_square: &BySquare,
    alive: &[bool],
) -> Option<(usize, usize)> {
    let kept = records.iter().enumerate().filter(|&(a, _)| alive[a]);
    for (a, record) in kept.filter(|(_, r)| r.shape.hop.is_none()) {
        for (square, _) in &reaches[a] {
            let others = by_square.get(&(record.captures, *square));
            let clashing = others
                .into_iter()
                .flatten()
                .find(|&&b| b > a && alive[b] && origins_meet(record.origin, records[b].origin));
            if let Some(&b) = clashing {
                return Some((a, b));
            }
        }
    }
    None
}

/// Whether `wide` reaches every destination of `narrow` with no more squares to be empty.
fn covers(wide: &[Destination], narrow: &[Destination]) -> bool {
    narrow.iter().all(|(square, passed)| {
        wide.iter()
            .any(|(other, needs)| other == square && needs.iter().all(|need| passed.contains(need)))
    })
}

/// The error for records `a` and `b`, which reach a square two ways.
fn clash(
    text: &str,
    groups: &[Group<'_>],
    a: &Record,
    b: &Record,
    reach_a: &[Destination],
    reach_b: &[Destination],
) -> BetzaError {
    let square = reach_a
        .iter()
        .map(|(square, _)| *square)
        .find(|square| reach_b.iter().any(|(other, _)| other == square))
        .unwrap_or_default();
    let (first, second) = (groups[a.group].text, groups[b.group].text);
    let what = format!(
        "and '{second}' can both {} on ({}, {}), so the engine would generate that move twice",
        if a.captures { "capture" } else { "move" },
        square.0,
        square.1,
    );
    BetzaError::new(text, first, &what)
}

/// Checks that `records` (from `groups` of `text`) move as their own left-right mirror image:
/// only then are Black's moves, mirrored here and turned half a turn by Fairy-Stockfish, the
/// same in both.
fn check_mirror_image(
    text: &str,
    groups: &[Group<'_>],
    records: &[Record],
) -> Result<(), BetzaError> {
    let flip = |(x, y): (i8, i8)| (-x, y);
    let lopsided = records.iter().find(|record| {
        let lead = record.shape.lead;
        let flipped: Vec<(i8, i8)> = lead.squares().iter().copied().map(flip).collect();
        let mirror = Record {
            shape: Shape {
                lead: Lead::new(&flipped),
                step: flip(record.shape.step),
                ..record.shape
            },
            ..**record
        };
        !records.iter().any(|other| other.same(&mirror))
    });
    match lopsided {
        None => Ok(()),
        Some(record) => Err(BetzaError::new(
            text,
            groups[record.group].text,
            "moves differently to the left and to the right: Fairy-Stockfish turns such a \
             piece's moves half a turn for Black where this variant mirrors them, so Black's \
             moves would differ (black-moves = \"rotated\" in [rules] turns them too)",
        )),
    }
}

/// The records as atoms of one orientation each, a walk's moves and captures in one atom.
fn combine(records: &[Record]) -> Vec<Atom> {
    let mut done = vec![false; records.len()];
    let mut atoms = Vec::new();
    for (index, record) in records.iter().enumerate() {
        if done[index] {
            continue;
        }
        let (mut moves, mut captures) = (false, false);
        for (other, twin) in records.iter().enumerate().skip(index) {
            if twin.shape == record.shape && twin.origin == record.origin {
                done[other] = true;
                moves |= !twin.captures;
                captures |= twin.captures;
            }
        }
        atoms.push(atom(&record.shape, moves, captures, record.origin));
    }
    atoms
}

/// The atom walking `shape` once, moving and capturing as told, from `origin`.
fn atom(shape: &Shape, moves: bool, captures: bool, origin: Origin) -> Atom {
    let modality = match (moves, captures) {
        (true, true) => Mode::MoveOrCapture,
        (true, false) => Mode::MoveOnly,
        (false, _) => Mode::CaptureOnly,
    };
    let mode = match shape.hop {
        Some(style) => Mode::hopping(style, modality).unwrap_or(modality),
        None => modality,
    };
    let (dx, dy) = shape.step;
    let atom = match (shape.lead.squares(), shape.limit) {
        (&[lead], _) => Atom::through(lead, dx, dy),
        (&[first, (x, y)], _) => Atom::through_two(first, (x - first.0, y - first.1), dx, dy),
        (_, None) => Atom::ride(dx, dy),
        (_, Some(1)) => Atom::leap(dx, dy),
        (_, Some(limit)) => Atom::ride(dx, dy).limit(limit),
    };
    atom.symmetry(Symmetry::None).mode(mode).origin(origin)
}

/// `atoms` (one orientation each) with every set of them that a symmetric atom covers exactly
/// written as that atom.
fn merge_symmetries(atoms: Vec<Atom>) -> Vec<Atom> {
    let walks: Vec<_> = atoms.iter().map(Atom::walks).collect();
    let mut used = vec![false; atoms.len()];
    let mut merged = Vec::new();
    for (index, &base) in atoms.iter().enumerate() {
        if used[index] {
            continue;
        }
        let alike = |other: usize| {
            !used[other]
                && atoms[other].destination_mode() == base.destination_mode()
                && atoms[other].required_origin() == base.required_origin()
        };
        let mut chosen = base;
        let mut members = vec![index];
        for symmetry in [Symmetry::All, Symmetry::LeftRight, Symmetry::FrontBack] {
            let candidate = base.symmetry(symmetry);
            let found: Option<Vec<usize>> = candidate
                .walks()
                .iter()
                .map(|walk| {
                    (index..atoms.len()).find(|&o| alike(o) && walks[o].first() == Some(walk))
                })
                .collect();
            if let Some(found) = found.filter(|found| found.len() > 1) {
                chosen = candidate;
                members = found;
                break;
            }
        }
        for member in members {
            used[member] = true;
        }
        merged.push(chosen);
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::Mode::{CaptureOnly, Hop, HopAny, MoveOnly};

    /// Every walk of `atoms` with its mode and origin, sorted; a walk given twice is a failure.
    fn walks(atoms: &[Atom]) -> Vec<String> {
        let mut keys: Vec<String> = atoms
            .iter()
            .flat_map(|atom| {
                atom.walks().into_iter().map(move |walk| {
                    format!(
                        "{walk:?} {:?} {:?}",
                        atom.destination_mode(),
                        atom.required_origin()
                    )
                })
            })
            .collect();
        keys.sort();
        let count = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), count, "a walk twice in {atoms:?}");
        keys
    }

    /// Checks that on an empty board no square is reached twice for a move or for a capture
    /// (hops, which need a screen, reach nothing there).
    fn single_paths(atoms: &[Atom]) {
        let mut seen = Vec::new();
        for atom in atoms.iter().filter(|a| !a.destination_mode().hops()) {
            let mode = atom.destination_mode();
            for walk in atom.walks() {
                let (mut x, mut y) = (0i32, 0i32);
                for lead in &walk.lead {
                    (x, y) = (x + i32::from(lead.dx), y + i32::from(lead.dy));
                }
                for step in walk
                    .cycle
                    .iter()
                    .cycle()
                    .take(usize::from(walk.limit).min(12))
                {
                    (x, y) = (x + i32::from(step.dx), y + i32::from(step.dy));
                    for (flag, has) in [(false, mode.moves()), (true, mode.captures())] {
                        assert!(
                            !has || !seen.contains(&(x, y, flag)),
                            "({x}, {y}) twice: {atoms:?}"
                        );
                        if has {
                            seen.push((x, y, flag));
                        }
                    }
                }
            }
        }
    }

    /// Checks that `text` reads as exactly the walks of `expected`.
    fn same(text: &str, expected: &[Atom]) {
        let atoms = parse(text, BlackMoves::Mirrored).unwrap_or_else(|e| panic!("{e}"));
        single_paths(&atoms);
        assert_eq!(walks(&atoms), walks(expected), "{text}: {atoms:?}");
    }

    /// A single-orientation atom.
    fn one(atom: Atom) -> Atom {
        atom.symmetry(Symmetry::None)
    }

    #[test]
    fn chess_pieces() {
        same("K", &[Atom::leap(1, 0), Atom::leap(1, 1)]);
        same("Q", &[Atom::ride(1, 0), Atom::ride(1, 1)]);
        same("R", &[Atom::ride(1, 0)]);
        same("WW", &[Atom::ride(1, 0)]);
        same("RR", &[Atom::ride(1, 0)]);
        same("B", &[Atom::ride(1, 1)]);
        same("N", &[Atom::leap(2, 1)]);
        let pawn = [
            one(Atom::leap(0, 1)).mode(MoveOnly),
            Atom::leap(1, 1)
                .symmetry(Symmetry::LeftRight)
                .mode(CaptureOnly),
            one(Atom::through((0, 1), 0, 1))
                .mode(MoveOnly)
                .origin(Origin::OwnRank(1)),
        ];
        same("fmWfcFifmnD", &pawn);
        same("fmWfceFifmnD", &pawn);
        same("mfWcfFimfnD", &pawn);
        same("fmWfcFifnD", &pawn);
    }

    #[test]
    fn initial_rank_is_chosen() {
        let atoms = parse_with_initial_rank("ifmnD", 2, BlackMoves::Mirrored).unwrap();
        assert_eq!(atoms[0].required_origin(), Origin::OwnRank(2));
    }

    #[test]
    fn shogi_pieces() {
        let forward = Atom::leap(1, 1).symmetry(Symmetry::LeftRight);
        same("WfF", &[Atom::leap(1, 0), forward]);
        same("FfW", &[Atom::leap(1, 1), one(Atom::leap(0, 1))]);
        same("fR", &[one(Atom::ride(0, 1))]);
        let knight = Atom::leap(1, 2).symmetry(Symmetry::LeftRight);
        same("ffN", &[knight]);
        same("fN", &[knight]);
        same("fW", &[one(Atom::leap(0, 1))]);
        same("BW", &[Atom::ride(1, 1), Atom::leap(1, 0)]);
        same("RF", &[Atom::ride(1, 0), Atom::leap(1, 1)]);
    }

    #[test]
    fn xiangqi_and_janggi_pieces() {
        same("nN", &[Atom::through((0, 1), 1, 1)]);
        same("nA", &[Atom::through((1, 1), 1, 1)]);
        same("F", &[Atom::leap(1, 1)]);
        same(
            "fsW",
            &[
                one(Atom::leap(0, 1)),
                Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
            ],
        );
        same(
            "mRcpR",
            &[Atom::ride(1, 0).mode(MoveOnly), Atom::ride(1, 0).mode(Hop)],
        );
        same("pR", &[Atom::ride(1, 0).mode(HopAny)]);
        same("pW", &[Atom::ride(1, 0).mode(HopAny)]);
        same(
            "mBcpB",
            &[Atom::ride(1, 1).mode(MoveOnly), Atom::ride(1, 1).mode(Hop)],
        );
        same(
            "RcpRnN",
            &[
                Atom::ride(1, 0),
                Atom::ride(1, 0).mode(Hop),
                Atom::through((0, 1), 1, 1),
            ],
        );
    }

    #[test]
    fn fairy_pieces() {
        same("R4", &[Atom::ride(1, 0).limit(4)]);
        same("W2", &[Atom::ride(1, 0).limit(2)]);
        same("R1", &[Atom::leap(1, 0)]);
        same("NN", &[Atom::ride(2, 1)]);
        same("N3", &[Atom::ride(2, 1).limit(3)]);
        same(
            "mQ2cQ2",
            &[Atom::ride(1, 0).limit(2), Atom::ride(1, 1).limit(2)],
        );
        same(
            "KN",
            &[Atom::leap(1, 0), Atom::leap(1, 1), Atom::leap(2, 1)],
        );
        same(
            "DWF",
            &[Atom::leap(2, 0), Atom::leap(1, 0), Atom::leap(1, 1)],
        );
        same(
            "FvW",
            &[
                Atom::leap(1, 1),
                Atom::leap(0, 1).symmetry(Symmetry::FrontBack),
            ],
        );
        same(
            "mvR",
            &[Atom::ride(0, 1)
                .symmetry(Symmetry::FrontBack)
                .mode(MoveOnly)],
        );
        same(
            "CZG",
            &[Atom::leap(3, 1), Atom::leap(3, 2), Atom::leap(3, 3)],
        );
        same(
            "LJH",
            &[Atom::leap(3, 1), Atom::leap(3, 2), Atom::leap(3, 0)],
        );
        same(
            "mNcR",
            &[
                Atom::leap(2, 1).mode(MoveOnly),
                Atom::ride(1, 0).mode(CaptureOnly),
            ],
        );
        same(
            "fhN",
            &[
                Atom::leap(1, 2).symmetry(Symmetry::LeftRight),
                Atom::leap(2, 1).symmetry(Symmetry::LeftRight),
            ],
        );
        same("fsN", &[Atom::leap(2, 1).symmetry(Symmetry::LeftRight)]);
        same("bN", &[Atom::leap(1, -2).symmetry(Symmetry::LeftRight)]);
        same("vsW", &[Atom::leap(1, 0)]);
        same(
            "frlW",
            &[
                one(Atom::leap(0, 1)),
                Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
            ],
        );
        // K is two atoms, so a mixed pair is not split: fs is sideways W and forward F.
        same(
            "fsK",
            &[
                Atom::leap(1, 0).symmetry(Symmetry::LeftRight),
                Atom::leap(1, 1).symmetry(Symmetry::LeftRight),
            ],
        );
        // The two chiral halves of the Knight make a whole one.
        same("hlNhrN", &[Atom::leap(2, 1)]);
    }

    #[test]
    fn hoppers_as_fairy_stockfish_reads_them() {
        use crate::atom::Mode::{Behind, BehindCapture, BehindQuiet, HopQuiet};
        let both = |mode| [Atom::ride(1, 0).mode(mode), Atom::ride(1, 1).mode(mode)];
        same("gQ", &both(Behind));
        same("gK", &both(Behind));
        same("gBgR", &both(Behind));
        same("mgQ", &both(BehindQuiet));
        same("cgQ", &both(BehindCapture));
        same("gR", &[Atom::ride(1, 0).mode(Behind)]);
        same("gRR", &[Atom::ride(1, 0).mode(Behind)]);
        same("gW", &[Atom::ride(1, 0).mode(Behind)]);
        // A hop distance of 1 is a Grasshopper's, a larger one a range from the piece.
        same("pR1", &[Atom::ride(1, 0).mode(Behind)]);
        same("pR2", &[Atom::ride(1, 0).limit(2).mode(HopAny)]);
        same("gR2", &[Atom::ride(1, 0).limit(2).mode(HopAny)]);
        same("cpB3", &[Atom::ride(1, 1).limit(3).mode(Hop)]);
        same("mpR", &[Atom::ride(1, 0).mode(HopQuiet)]);
        same("cpR", &[Atom::ride(1, 0).mode(Hop)]);
        same("fmpR", &[one(Atom::ride(0, 1)).mode(HopQuiet)]);
        same(
            "ipR",
            &[Atom::ride(1, 0).mode(HopQuiet).origin(Origin::OwnRank(1))],
        );
        // The last hop given along a direction is the one: gR2pR is a Cannon.
        same("gR2pR", &[Atom::ride(1, 0).mode(HopAny)]);
        // Cannon Shogi's promoted pieces.
        same(
            "mRpRmFpB2",
            &[
                Atom::ride(1, 0).mode(MoveOnly),
                Atom::ride(1, 0).mode(HopAny),
                Atom::leap(1, 1).mode(MoveOnly),
                Atom::ride(1, 1).limit(2).mode(HopAny),
            ],
        );
        same(
            "mBpBmWpR2",
            &[
                Atom::ride(1, 1).mode(MoveOnly),
                Atom::ride(1, 1).mode(HopAny),
                Atom::leap(1, 0).mode(MoveOnly),
                Atom::ride(1, 0).limit(2).mode(HopAny),
            ],
        );
        // A Grasshopper needs a screen before it lands: a King's step is no second way there.
        same(
            "mKmgQ",
            &[
                Atom::leap(1, 0).mode(MoveOnly),
                Atom::leap(1, 1).mode(MoveOnly),
                Atom::ride(1, 0).mode(BehindQuiet),
                Atom::ride(1, 1).mode(BehindQuiet),
            ],
        );
    }

    #[test]
    fn janggi_elephant_passes_two_squares() {
        let elephant = [Atom::through_two((0, 1), (1, 1), 1, 1)];
        same("nZ", &elephant);
        same("nJ", &elephant);
        same(
            "fnZ",
            &[Atom::through_two((0, 1), (1, 1), 1, 1).symmetry(Symmetry::LeftRight)],
        );
    }

    #[test]
    fn pieces_that_differ_left_from_right_are_read_for_turned_black_moves() {
        // Tori Shogi's quails and falcon's relatives, read as Fairy-Stockfish turns them.
        let read = |text| parse(text, BlackMoves::Rotated).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            walks(&read("fRrbBlbF")),
            walks(&[
                one(Atom::ride(0, 1)),
                one(Atom::ride(1, -1)),
                one(Atom::leap(-1, -1)),
            ])
        );
        assert_eq!(
            walks(&read("fRlbBrbF")),
            walks(&[
                one(Atom::ride(0, 1)),
                one(Atom::ride(-1, -1)),
                one(Atom::leap(1, -1)),
            ])
        );
        for text in ["rW", "frN", "hrN", "mfrWmrfF", "KrN"] {
            single_paths(&read(text));
        }
        // Symmetric pieces read the same either way.
        assert_eq!(
            walks(&read("fmWfceFifmnD")),
            walks(&parse("fmWfceFifmnD", BlackMoves::Mirrored).unwrap())
        );
    }

    #[test]
    fn pieces_that_differ_left_from_right_are_refused() {
        // Fairy-Stockfish turns Black's moves half a turn; here they are mirrored: the two
        // differ for exactly these pieces. "mfrWmrfF" is a piece of its variants.ini.
        for text in [
            "rW", "lW", "frN", "rfN", "flN", "frW", "frF", "rvF", "hrN", "fRrbBlbF", "mfrWmrfF",
            "KrN",
        ] {
            let message = error(text);
            assert!(
                message.contains("moves differently to the left and to the right"),
                "{text}: {message}"
            );
        }
        // Moves that another part repeats count once: the Rook makes rW's move too.
        same("RrW", &[Atom::ride(1, 0)]);
    }

    #[test]
    fn a_later_ride_replaces_an_earlier_one_along_its_step() {
        same("RW1", &[Atom::leap(1, 0)]);
        same("W1R", &[Atom::ride(1, 0)]);
        same("BF1", &[Atom::leap(1, 1)]);
        same("QR2", &[Atom::ride(1, 0).limit(2), Atom::ride(1, 1)]);
        same(
            "RmW1",
            &[
                Atom::ride(1, 0).mode(CaptureOnly),
                Atom::leap(1, 0).mode(MoveOnly),
            ],
        );
        // A leap is no ride: the Rook makes the Wazir's moves.
        same("RW", &[Atom::ride(1, 0)]);
        // Leaps too: the last is lame.
        same("NnN", &[Atom::through((0, 1), 1, 1)]);
    }

    #[test]
    fn a_line_served_in_part_is_refused() {
        // Fairy-Stockfish's tables serve a whole line as far as the piece's moves reach: R2pR
        // would slide the whole line, fRbpR slide backward, WWbpW hop forward.
        for (text, part, square) in [
            ("R2pR", "R2", "(3, 0)"),
            ("fRbpR", "fR", "(0, -1)"),
            ("cB2cpB", "cB2", "(3, 3)"),
            ("WWbpW", "bpW", "(0, 2)"),
            ("fnNbNN", "bNN", "(1, 2)"),
        ] {
            let message = error(text);
            let expected = format!("'{part}' goes along only part of its lines while other");
            assert!(
                message.contains(&expected) && message.contains(square),
                "{text}: {message}"
            );
        }
        // What the piece reaches in any position anyway adds nothing: a plain leap, a slide's
        // first square.
        same("fRbW", &[one(Atom::ride(0, 1)), one(Atom::leap(0, -1))]);
        let sideways = |atom: Atom| atom.symmetry(Symmetry::LeftRight);
        same(
            "fnNbN",
            &[
                sideways(Atom::through((0, 1), 1, 1)),
                sideways(Atom::leap(1, -2)),
            ],
        );
        same("RpR", &[Atom::ride(1, 0), Atom::ride(1, 0).mode(HopAny)]);
        // Moves and captures have tables of their own.
        same(
            "mR2cpR",
            &[
                Atom::ride(1, 0).limit(2).mode(MoveOnly),
                Atom::ride(1, 0).mode(Hop),
            ],
        );
        error("mR2pR");
    }

    #[test]
    fn moves_made_twice_are_dropped() {
        same("WR", &[Atom::ride(1, 0)]);
        same("KQ", &[Atom::ride(1, 0), Atom::ride(1, 1)]);
        same("mWcW", &[Atom::leap(1, 0)]);
        same("mWK", &[Atom::leap(1, 0), Atom::leap(1, 1)]);
        same("NfN", &[Atom::leap(2, 1)]);
        same("R2R", &[Atom::ride(1, 0)]);
        same("RcW", &[Atom::ride(1, 0)]);
        same(
            "mRW",
            &[
                Atom::ride(1, 0).mode(MoveOnly),
                Atom::leap(1, 0).mode(CaptureOnly),
            ],
        );
        same("fmWifmW", &[one(Atom::leap(0, 1)).mode(MoveOnly)]);
        same("pRpW", &[Atom::ride(1, 0).mode(HopAny)]);
        same("cpRpR", &[Atom::ride(1, 0).mode(HopAny)]);
    }

    /// The Betza strings of Fairy-Stockfish's built-in pieces and of the custom pieces of its
    /// `variants.ini` that we read.
    const FAIRY_STOCKFISH: &[&str] = &[
        "fmWfceF",
        "N",
        "B",
        "R",
        "Q",
        "F",
        "A",
        "FA",
        "FfW",
        "RNF",
        "RF",
        "BN",
        "RN",
        "QN",
        "mNcB",
        "mBcN",
        "mNcR",
        "mRcN",
        "fW",
        "fR",
        "fN",
        "WfF",
        "BW",
        "cW",
        "fmWfF",
        "mRcpR",
        "pR",
        "fsW",
        "nN",
        "nA",
        "RcpRnN",
        "W",
        "K",
        "KN",
        "mWfceFifmnD",
        "fmWfcF",
        "mQcN",
        "mQcB",
        "mQcR",
        "mQcK",
        "C",
        "NC",
        "NA",
        "WF",
        "D",
        "DWF",
        "BNW",
        "FvW",
        "pQ",
        "mQ2cQ2",
        "fsmWfceF",
        "mBcpB",
        "FsfW",
        "cQ",
        "cB",
        "cN",
        "cR",
        "mRcW",
        "mQ2cW",
        "mRcD",
        "WcF",
        "mQ3",
        "mF",
        "mW",
        "mB3",
        "mR3",
        "mN",
        "mNcK",
        "fFfW",
        "ffNfsN",
        "fB",
        "fBfR",
        "NN",
        "mfWcfFfhmnN",
        "mfW",
        "mvR",
        "mKmNmAmD",
        "fmWfceFifmnD",
        "nZ",
        "gQ",
        "mgQ",
        "gBgR",
        "mKmgQ",
        "pR2",
        "pB2",
        "mRpRmFpB2",
        "mBpBmWpR2",
        "mpR",
        "cpR",
    ];

    #[test]
    fn fairy_stockfish_pieces_are_read() {
        for text in FAIRY_STOCKFISH {
            let atoms = parse(text, BlackMoves::Mirrored).unwrap_or_else(|e| panic!("{e}"));
            walks(&atoms);
            single_paths(&atoms);
        }
        // A piece whose A and D leaps the Queen's slides repeat is refused.
        error("QNAD");
    }

    /// The message of the error `text` gives.
    fn error(text: &str) -> String {
        match parse(text, BlackMoves::Mirrored) {
            Ok(atoms) => panic!("{text} read as {atoms:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn errors_quote_the_part() {
        assert_eq!(
            error("fmWxZ"),
            "in 'fmWxZ': 'x' is not a Betza letter or modifier Fairy-Stockfish understands"
        );
        let cases = [
            ("", "is empty"),
            ("   ", "is empty"),
            ("fm", "'fm' modifies no atom"),
            ("Wfm", "'fm' modifies no atom"),
            ("2R", "'2' is a range with no atom"),
            ("R0", "'R0' has a range of 0"),
            ("R12", "'R12' has a range above 9"),
            ("A1", "'A1' rides along a line other than W, F and N"),
            ("pN", "'pN' hops along a line"),
            ("npR", "'npR' is a lame hopper"),
            ("AA", "'AA' rides along a line other than W, F and N"),
            ("D3", "'D3' rides along a line other than W, F and N"),
            ("nR", "'nR' is a lame rider"),
            (
                "nH",
                "'nH' is a lame leap through 2 squares, which Fairy-Stockfish gives no move",
            ),
            ("nC", "'nC' is a lame leap through 2 squares"),
            ("nG", "'nG' is a lame leap through 2 squares"),
            ("gN", "'gN' hops along a line other than"),
            ("ngR", "'ngR' is a lame hopper"),
            ("pR2mR", "'pR2' goes along only part of its lines"),
            ("R2gR", "'R2' goes along only part of its lines"),
            ("nW", "'nW' is a lame leap with no square to pass"),
            ("fnF", "'fnF' is a lame leap with no square to pass"),
            ("nK", "'nK' is a lame leap with no square to pass"),
            ("icW", "'icW' has 'i' with 'c'"),
            ("eF", "'eF' has 'e' (en passant) without 'c'"),
            ("hN", "'hN' chooses no direction"),
            ("vsN", "'vsN' chooses no direction"),
            ("QA", "'Q' and 'A' can both move on (2, 2)"),
            ("ApF", "a hop and another of its moves both reach (2, 2)"),
            ("HcpR", "a hop and another of its moves both reach (0, 3)"),
            ("mDmR", "'mD' and 'mR' can both move on"),
            ("nNN", "'nNN' is a lame rider"),
            ("WÄ", "'Ä' is not a Betza letter"),
            ("W W", "' ' is not a Betza letter"),
            ("x", "'x' is not"),
            ("k", "'k' is not"),
        ];
        for (text, expected) in cases {
            let message = error(text);
            assert!(message.contains(expected), "{text}: {message}");
            assert!(
                message.starts_with(&format!("in '{}'", text.trim())),
                "{message}"
            );
        }
    }

    #[test]
    fn long_strings_are_refused_quickly() {
        let message = error(&"fmW".repeat(10_000));
        assert!(
            message.contains("is longer than 64 characters"),
            "{message}"
        );
        assert!(message.len() < 200, "{message}");
        let longest = "R1".repeat(MAX_LENGTH / 2);
        same(&longest, &[Atom::leap(1, 0)]);
    }

    #[test]
    fn random_strings_never_panic() {
        const ALPHABET: &[u8] = b"WFDNAHLCJZGKRBQmcepnigfblrvsh0123456789 xk";
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        const MODIFIERS: &[u8] = b"mcpnifblrvshe";
        const ATOMS: &[u8] = b"WFDNAHLCJZGKRBQ";
        let all_bytes: Vec<u8> = (0..=255).collect();
        let mut read = 0;
        for round in 0..20_000 {
            let len = (next() % 24) as usize;
            let mut pick = |set: &[u8]| set[(next() % set.len() as u64) as usize];
            let mut bytes = Vec::new();
            match round % 4 {
                // Arbitrary bytes, and arbitrary Betza characters.
                0 => bytes.extend((0..len).map(|_| pick(&all_bytes))),
                1 => bytes.extend((0..len).map(|_| pick(ALPHABET))),
                // Groups of a few modifiers, an atom and sometimes a range.
                _ => {
                    for _ in 0..1 + round % 4 {
                        for _ in 0..round % 3 {
                            bytes.push(pick(MODIFIERS));
                        }
                        let atom = pick(ATOMS);
                        bytes.push(atom);
                        match round % 5 {
                            0 => bytes.push(atom),
                            1 => bytes.push(pick(b"123456789")),
                            _ => {}
                        }
                    }
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(atoms) = parse(&text, BlackMoves::Mirrored) {
                read += 1;
                assert!(!atoms.is_empty(), "{text}");
                walks(&atoms);
                single_paths(&atoms);
            }
        }
        assert!(read > 2_000, "only {read} random strings were read");
    }

    #[test]
    fn chess_by_betza_perft() {
        use crate::Variant;
        let chess = Variant::by_name("chess").expect("chess is built in");
        let mut spec = chess.spec().clone();
        for piece in &mut spec.pieces {
            let betza = match piece.symbol.as_str() {
                "P" => "fmWfcFifmnD",
                "N" => "N",
                "B" => "B",
                "R" => "R",
                "Q" => "Q",
                "K" => "K",
                other => panic!("unexpected chess piece {other}"),
            };
            piece.atoms = parse(betza, BlackMoves::Mirrored).unwrap();
        }
        let variant: &'static Variant = Box::leak(Box::new(Variant::build(spec).unwrap()));
        let mut position = crate::fen::parse(variant, &variant.spec().start_fen).unwrap();
        for (depth, expected) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281)] {
            assert_eq!(
                crate::perft::perft(&mut position, depth),
                expected,
                "depth {depth}"
            );
        }
    }
}
