//! Rule switches for the ends of a game besides checkmate, stalemate and too few pieces
//! ([`crate::extinction`]), as Fairy-Stockfish rules them: a goal to reach (King of the Hill,
//! Racing Kings), a limit of checks (Three-check), checks forbidden, a side without a King
//! (Horde), and the counting of an ending's moves (Makruk). They are data of the variant, as a
//! file writes them ([`EndRules`]) and as play uses them ([`Goal`], [`Counting`]); the
//! position's side of them is [`crate::ends`] and [`crate::counting`].

use crate::piece::{Color, Kind};
use crate::region::Region;
use crate::square_set::SquareSet;

/// The end rules of a variant as its file writes them; the default has none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// A side that has given this many checks wins; 0: no such rule.
    pub check_limit: u8,
    /// Whether a move may give check.
    pub checks: Checks,
    /// A piece reaching a region wins, if the variant says so.
    pub goal: Option<GoalSpec>,
    /// The side that plays without a King, if one does.
    pub kingless: Option<Kingless>,
    /// The counting of an ending's moves, if the variant counts them.
    pub counting: Option<CountingSpec>,
}

impl EndRules {
    /// Whether any rule may end the game or forbid a move (what [`crate::ends`] looks at
    /// before the moves are kept).
    pub fn any(&self) -> bool {
        self.check_limit > 0 || self.checks == Checks::Forbidden || self.goal.is_some()
    }
}

/// Whether a move may give check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Checks {
    /// As in chess.
    #[default]
    Allowed,
    /// No move may attack the enemy King (Racing Kings).
    Forbidden,
}

/// The side that plays without a King (Horde's White): its setups need none (one is allowed,
/// and is then protected from check as any King); without one it is never in check, and loses
/// only by the variant's extinction rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kingless {
    /// White has no King.
    White,
    /// Black has no King.
    Black,
}

impl Kingless {
    /// The side without a King.
    pub fn color(self) -> Color {
        match self {
            Kingless::White => Color::White,
            Kingless::Black => Color::Black,
        }
    }
}

/// A goal as a file writes it: a side that brings a piece of kind `piece` into its goal region
/// wins, once it has moved there (the other side has lost). With `black_may_equalize`, as in
/// Racing Kings: when White reaches its goal first, Black gets one more move if a piece of the
/// kind can reach Black's goal with it, and reaching it then draws; Black reaching first wins at
/// once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSpec {
    /// The symbol of the kind that must reach the goal.
    pub piece: String,
    /// White's goal, mirrored for Black unless `black_region` is given.
    pub region: Region,
    /// Black's goal as written (not mirrored), if it is not White's mirrored.
    pub black_region: Option<Region>,
    /// Whether Black may answer White's reaching the goal by reaching its own, for a draw.
    pub black_may_equalize: bool,
}

/// A goal as play uses it (see [`GoalSpec`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The kind that must reach the goal.
    pub kind: Kind,
    /// Each side's goal, by colour.
    pub squares: [SquareSet; 2],
    /// Whether Black may answer White's reaching the goal by reaching its own, for a draw.
    pub black_may_equalize: bool,
}

/// How a counting rule starts its count (Fairy-Stockfish's two rules of South-East Asia).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountingStyle {
    /// Makruk's: the board's honour for a side with more than its King, the pieces' honour
    /// counted from twice the number of pieces on the board; a bare King taking the last Pawn
    /// starts it at once.
    Makruk,
    /// The ASEAN rules' (Sittuyin): only the pieces' honour, counted from zero.
    Asean,
}

/// One row of the pieces' honour as a file writes it: `[symbol, at least, moves]`, the limit
/// against an opponent with at least that many pieces of the kind.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct HonourSpec(pub String, pub u8, pub u16);

/// The counting of an ending's moves as a file writes it (`[rules.counting]`). Once no Pawn is
/// left and a side has to count, a limit of moves starts; when more plies have been played than
/// twice the limit, either side may claim a draw. The counting side is the one to move whose
/// opponent has more than a bare King: with more than its own King, the board's honour
/// (`board_honour` moves, [`CountingStyle::Makruk`] only); with its King alone, the pieces'
/// honour, the first row of `pieces_honour` the opponent has enough pieces for, else
/// `otherwise` (0: no counting).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CountingSpec {
    /// How the count starts.
    pub style: CountingStyle,
    /// The limit, in moves, for a side with more than its King (0: none).
    #[serde(default)]
    pub board_honour: u16,
    /// The limits, in moves, for a bare King, by the opponent's pieces, first match first.
    #[serde(default)]
    pub pieces_honour: Vec<HonourSpec>,
    /// The limit for a bare King that no row matches (0: no counting).
    #[serde(default)]
    pub otherwise: u16,
}

/// The counting of an ending's moves as play uses it (see [`CountingSpec`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// How the count starts.
    pub style: CountingStyle,
    /// The limit, in moves, for a side with more than its King (0: none).
    pub board_honour: u16,
    /// The limits, in moves, for a bare King: (kind, at least, moves), first match first.
    pub pieces_honour: Vec<(Kind, u8, u16)>,
    /// The limit for a bare King that no row matches (0: no counting).
    pub otherwise: u16,
}

impl Counting {
    /// The limit in moves for a side to count with `own` pieces on the board (its King
    /// included) against an opponent with `opponent` pieces, `opponent_count` giving how many
    /// of a kind the opponent has, while no Pawn is on the board; 0: that side does not count.
    pub fn limit(&self, own: u32, opponent: u32, opponent_count: impl Fn(Kind) -> u8) -> u16 {
        if opponent <= 1 {
            return 0;
        }
        if own > 1 {
            return match self.style {
                CountingStyle::Makruk => self.board_honour,
                CountingStyle::Asean => 0,
            };
        }
        self.pieces_honour
            .iter()
            .find(|&&(kind, at_least, _)| opponent_count(kind) >= at_least)
            .map_or(self.otherwise, |&(_, _, moves)| moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_follows_the_honours() {
        let (rook, khon) = (Kind::new(1).unwrap(), Kind::new(2).unwrap());
        let makruk = Counting {
            style: CountingStyle::Makruk,
            board_honour: 64,
            pieces_honour: vec![(rook, 2, 8), (rook, 1, 16), (khon, 1, 44)],
            otherwise: 64,
        };
        let rooks = |n: u8| move |kind: Kind| if kind == rook { n } else { 0 };
        assert_eq!(makruk.limit(1, 3, rooks(2)), 8);
        assert_eq!(makruk.limit(1, 2, rooks(1)), 16);
        assert_eq!(makruk.limit(1, 2, |kind| u8::from(kind == khon)), 44);
        assert_eq!(makruk.limit(1, 2, rooks(0)), 64);
        assert_eq!(makruk.limit(2, 2, rooks(1)), 64, "the board's honour");
        assert_eq!(
            makruk.limit(2, 1, rooks(0)),
            0,
            "no count against a bare King"
        );
        let asean = Counting {
            style: CountingStyle::Asean,
            otherwise: 0,
            ..makruk
        };
        assert_eq!(asean.limit(2, 2, rooks(1)), 0);
        assert_eq!(asean.limit(1, 2, rooks(0)), 0);
        assert_eq!(asean.limit(1, 2, rooks(1)), 16);
    }
}
