//! One row of a variant's piece table: how a kind of piece looks, moves, promotes and counts
//! ([`PieceSpec`], plain data), and the same resolved for play ([`PieceRule`]).

use crate::atom::Atom;
use crate::piece::{Kind, KindSet};
use crate::region::Region;
use crate::square_set::SquareSet;

/// When a piece that may promote must do so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Compulsory {
    /// Promotion is always optional.
    Never,
    /// Only where the piece would otherwise have no move at all (Shogi's Pawn, Lance, Knight).
    WhenStuck,
    /// Always, when the move ends in the zone; with no kind to promote to, the move is illegal.
    Always,
}

/// What dropping a piece of a kind that gives checkmate means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DropMate {
    /// The drop is an ordinary move, and an ordinary mate.
    #[default]
    Allowed,
    /// The drop is illegal (Shogi's rule for the Pawn).
    Illegal,
    /// The drop is legal, and the side it mates wins (Fairy-Stockfish's reading of the rule):
    /// a game that knows its last move ends so.
    Loses,
}

/// How a piece promotes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionStyle {
    /// By a move of its own that ends in the zone (chess, Shogi).
    #[default]
    OnArrival,
    /// As a move of its own (Sittuyin's): a piece standing in the zone becomes the new kind on
    /// its square or one quiet move of the new kind away, where the new piece attacks no enemy
    /// piece and the promotion gives no check; its ordinary moves never promote.
    InPlace,
}

/// What a piece may become when a move ends in its promotion zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionSpec {
    /// The symbols of the kinds it may become (a `+` symbol: the Shogi-style promoted form).
    pub targets: Vec<String>,
    /// Only to kinds its owner has fewer of on the board than in the start position.
    pub captured_only: bool,
    /// When it must promote.
    pub compulsory: Compulsory,
    /// Where a move must end (White's view) to promote; `None`: the variant's camp.
    pub zone: Option<Region>,
    /// How it promotes.
    pub style: PromotionStyle,
    /// Only to a kind its owner has fewer than this many of on the board; 0: no such limit.
    pub limit: u8,
    /// Whether its owner's last piece of its kind may promote outside the zone too.
    pub last_anywhere: bool,
}

/// How one kind of piece looks, moves and counts in a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// Its English name, in lowercase (`"knight"`).
    pub name: String,
    /// How FEN writes it for White: one uppercase letter; `+` and a letter for a promoted
    /// form that remembers what it was (`"+P"`); a letter and `~` for a piece that moves as the
    /// kind of that letter but is another kind, such as a promoted Pawn that returns to hand as
    /// a Pawn (`"Q~"`).
    pub symbol: String,
    /// Other capital letters a SAN move may name it by when it is read (never written), as
    /// Fairy-Stockfish writes Shogi's promoted Rook `D` and Janggi's Elephant `E`. Several
    /// kinds may share one; a move of any of them matches it.
    pub san_synonyms: Vec<String>,
    /// Its movement, from White's point of view.
    pub atoms: Vec<Atom>,
    /// Squares (White's side; mirrored for Black) the piece may never leave.
    pub confined_to: Option<Region>,
    /// What it may become in its promotion zone.
    pub promotion: Option<PromotionSpec>,
    /// Whether it is the King: it must not be attacked, and it castles and swaps.
    pub royal: bool,
    /// Whether it is a Pawn: SAN writes no letter for it, and in a variant with en passant its
    /// two-square moves may be captured so.
    pub pawn: bool,
    /// Whether its moves reset the halfmove clock (as captures and drops do).
    pub resets_clock: bool,
    /// Whether a King may swap places with it, in a variant with the King's swap.
    pub swappable: bool,
    /// Its worth to the search, in hundredths of a Pawn; `None`: derived from its mobility
    /// (see [`crate::eval_tables`]).
    pub value: Option<i32>,
    /// Its worth to the search for each square its lines reach, in hundredths of a Pawn;
    /// `None`: derived from its value (see [`crate::eval_tables`]).
    pub mobility: Option<i32>,
    /// What it is worth on each square over its value, from White's side (mirrored for Black);
    /// `None`: derived from its mobility (see [`crate::eval_tables`]).
    pub square_values: Option<SquareValues>,
    /// Its worth by the number of squares it reaches (from none on; the last entry for more),
    /// middlegame and endgame, in place of `mobility` a square; `None`: `mobility` a square.
    pub mobility_table: Option<Vec<[i32; 2]>>,
    /// The symbol of the kind a captured piece of this kind becomes in the capturer's hand, in a
    /// variant with hands; `None`: it leaves the game.
    pub to_hand: Option<String>,
    /// Where it may be dropped (White's side; mirrored for Black); `None`: wherever it may stand.
    pub drop_zone: Option<Region>,
    /// It may not be dropped on a file where its owner has this many of it (unpromoted) already;
    /// 0: no such limit.
    pub per_file: u8,
    /// What dropping it to give checkmate means.
    pub drop_mate: DropMate,
    /// Whether it is one of the Princes a variant with a Prince limit counts.
    pub prince: bool,
    /// Whether it is one of the *relevant* pieces a variant with a crossing limit counts.
    pub relevant: bool,
    /// The symbols of the kinds (of either colour) its hops may not use as their screen, as
    /// Janggi's Cannon may not jump a Cannon.
    pub screen_not: Vec<String>,
    /// The symbols of the kinds its hops may not capture, as Janggi's Cannon may not capture a
    /// Cannon; never the royal kind.
    pub captures_not: Vec<String>,
    /// How it moves, in a sentence or two for players (empty when the file gives none).
    pub about: String,
}

/// A piece's worth on each square over its value, in centipawns, in the middlegame and the
/// endgame (the evaluation blends them by the material left), from White's side: indexed by
/// `rank * files + file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareValues {
    /// With all the start's pieces on the board.
    pub middlegame: Vec<i16>,
    /// With only Pawns and Kings left.
    pub endgame: Vec<i16>,
}

/// A promotion as the engine uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The kinds the piece may become.
    pub targets: KindSet,
    /// Only to kinds with fewer on the board than at the start.
    pub captured_only: bool,
    /// When it must promote.
    pub compulsory: Compulsory,
    /// Per colour, where a move must end to promote (where the piece stands, in place).
    pub zone: [SquareSet; 2],
    /// How it promotes.
    pub style: PromotionStyle,
    /// Only to a kind its owner has fewer than this many of on the board; 0: no such limit.
    pub limit: u8,
    /// Whether its owner's last piece of its kind may promote outside the zone too.
    pub last_anywhere: bool,
}

/// One row of the piece table, resolved for play.
#[derive(Clone, Debug)]
pub struct PieceRule {
    /// The kind.
    pub kind: Kind,
    /// The definition it was built from.
    pub spec: PieceSpec,
    /// Per colour, the squares it may stand on.
    pub allowed: [SquareSet; 2],
    /// Per colour, the squares of its drop zone (every square, when it names none).
    pub drop_zone: [SquareSet; 2],
    /// What it may become, if it promotes.
    pub promotion: Option<Promotion>,
    /// The kind a captured piece of this kind becomes in the capturer's hand.
    pub to_hand: Option<Kind>,
    /// The kind it was before promotion, for a `+` form.
    pub unpromoted: Option<Kind>,
    /// The kinds its hops may not use as their screen.
    pub screen_not: KindSet,
    /// The kinds its hops may not capture.
    pub captures_not: KindSet,
}

impl PieceRule {
    /// The letter of its symbol: `P` for `P`, `+P` and `P~` alike.
    pub fn letter(&self) -> char {
        letter_of(&self.spec.symbol)
    }

    /// Whether its symbol has the `+` of a promoted form.
    pub fn is_plus(&self) -> bool {
        self.spec.symbol.starts_with('+')
    }

    /// Whether its symbol has the `~` of a piece that moves as its letter's kind but is another
    /// (`Q~`).
    pub fn is_tilde(&self) -> bool {
        self.spec.symbol.ends_with('~')
    }

    /// Its symbol as SAN writes it: without a `~` (a `Q~` moves and is written as a `Q`).
    pub fn san_symbol(&self) -> &str {
        self.spec.symbol.trim_end_matches('~')
    }
}

/// The letter of the piece symbol `symbol` (`P` for `P`, `+P` and `P~`).
pub fn letter_of(symbol: &str) -> char {
    symbol
        .chars()
        .find(char::is_ascii_alphabetic)
        .unwrap_or('?')
}
