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
}

/// How one kind of piece looks, moves and counts in a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// Its English name, in lowercase (`"knight"`).
    pub name: String,
    /// How FEN writes it for White: one uppercase letter, or `+` and a letter for a promoted
    /// form that remembers what it was (`"+P"`).
    pub symbol: String,
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
    /// The symbol of the kind a captured piece of this kind becomes in the capturer's hand, in a
    /// variant with hands; `None`: it leaves the game.
    pub to_hand: Option<String>,
    /// Whether it may not be dropped on a file where its owner has an unpromoted one already.
    pub one_per_file: bool,
    /// Whether it may not be dropped to give checkmate.
    pub no_drop_mate: bool,
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

/// A promotion as the engine uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The kinds the piece may become.
    pub targets: KindSet,
    /// Only to kinds with fewer on the board than at the start.
    pub captured_only: bool,
    /// When it must promote.
    pub compulsory: Compulsory,
    /// Per colour, where a move must end to promote.
    pub zone: [SquareSet; 2],
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
    /// The letter of its symbol (the last character: `P` for both `P` and `+P`).
    pub fn letter(&self) -> char {
        self.spec.symbol.chars().last().unwrap_or('?')
    }

    /// Whether its symbol has the `+` of a promoted form.
    pub fn is_plus(&self) -> bool {
        self.spec.symbol.starts_with('+')
    }
}
