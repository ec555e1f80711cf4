//! How a variant presents itself to players and to other programs: its name with its tone
//! marks, what players call its fortress, the pieces its guide's diagrams need, the moves the
//! player shows as examples, and what an XBoard GUI is told about it. None of it changes a rule;
//! a variant file gives it (the keys `display-title`, `[display] fortress-name` and
//! `diagram-support`, `[examples]`, `[xboard]` and each piece's `xboard`), with defaults for what
//! it leaves out.

/// A variant's presentation; see the module documentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Presentation {
    /// The name as players read it, in any script and with its tone marks (`Mĕirìqí`); the
    /// title when the file gives none.
    pub display_title: String,
    /// What players call the region pictures wall off (`palace` in Xiangqi); `fortress` by
    /// default.
    pub fortress_name: String,
    /// The White pieces (symbols) set up beside the Kings in the guide's diagrams of where a
    /// piece can go, for rules that need them (a relevant piece, so that the piece shown may
    /// cross the River of the Wildeurasian games).
    pub diagram_support: Vec<String>,
    /// Example moves in SAN for the player's hints (`c4`, `Nb4`); none given: the start's.
    pub example_san: Vec<String>,
    /// Example moves in coordinates for the player's hints (`c3c4`); none given: the start's.
    pub example_coordinates: Vec<String>,
    /// The name XBoard knows the game by, when XBoard plays it by itself (`normal` for chess):
    /// it is then told nothing more.
    pub xboard_variant: Option<String>,
    /// Each piece's, in the order of the piece table.
    pub pieces: Vec<PiecePresentation>,
}

mod xboard_betza;

use crate::atom::Atom;

/// What XBoard is told about one piece.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecePresentation {
    /// Its moves in XBoard's Betza notation as its file gives them (empty: none); `None`: derived
    /// from its moves ([`PiecePresentation::xboard_betza`]).
    pub given_betza: Option<String>,
    /// The letter of XBoard's piece whose picture shows it (`F`: XBoard's Ferz); `None`: the
    /// engine chooses.
    pub xboard_picture: Option<char>,
}

impl PiecePresentation {
    /// The piece's moves in XBoard's Betza notation: its file's, else derived from `atoms` (its
    /// moves) where Betza expresses them exactly; `None`: XBoard shows the engine's highlights
    /// instead.
    pub fn xboard_betza(&self, atoms: &[Atom]) -> Option<String> {
        match &self.given_betza {
            Some(given) => Some(given.clone()).filter(|text| !text.is_empty()),
            None => xboard_betza::derive(atoms),
        }
    }
}

/// The letters of XBoard's pieces that have a picture of their own, in the order of XBoard's
/// `pieceToCharTable`: the King last.
pub const XBOARD_PICTURES: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The fortress's name when a file gives none.
pub const DEFAULT_FORTRESS_NAME: &str = "fortress";
