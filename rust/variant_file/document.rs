//! The shape of a variant file, as serde reads the TOML, and how a file that `extends` another
//! replaces what that one says. Every key is optional here: a file that extends another gives
//! only what differs, and the checks of [`super`] say what is missing.

use crate::atom::{Atom, BlackMoves, HopStyle, Mode, Origin, Symmetry, MAX_LEAD};
use crate::conventions::EnPassantFen;
use crate::end_rules::{Checks, CountingSpec, Kingless};
use crate::extinction::Extinction;
use crate::material_count::MaterialCount;
use crate::variant::{
    Compulsory, DeadPositions, DropMate, Facing, PromotionStyle, Stalemate, StuckPieces,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A variant file as written.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct Document {
    pub extends: Option<Spanned<String>>,
    pub name: Option<Spanned<String>>,
    pub title: Option<Spanned<String>>,
    pub display_title: Option<Spanned<String>>,
    pub aliases: Option<Spanned<Vec<String>>>,
    pub description: Option<Spanned<String>>,
    pub files: Option<Spanned<u8>>,
    pub ranks: Option<Spanned<u8>>,
    pub start: Option<Spanned<String>>,
    #[serde(default)]
    pub regions: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    pub rules: RuleEntries,
    #[serde(default)]
    pub display: DisplayEntries,
    pub castling: Option<Spanned<CastlingEntry>>,
    #[serde(default)]
    pub examples: ExampleEntries,
    #[serde(default)]
    pub evaluation: EvaluationEntries,
    #[serde(default)]
    pub xboard: XBoardEntries,
    #[serde(default)]
    pub pieces: Vec<Spanned<PieceEntry>>,
}

impl Document {
    /// This document with what `child` says replacing it: fields and rules one by one, regions
    /// by name, pieces by symbol (in place; new symbols at the end). The result extends what
    /// this document extends.
    pub fn overridden_by(self, child: Document) -> Document {
        let mut regions = self.regions;
        regions.extend(child.regions);
        let mut pieces = self.pieces;
        // Square values describe a board of the parent's size; on another they fall back to
        // those derived from mobility.
        let resized = |own: &Option<Spanned<u8>>, given: &Option<Spanned<u8>>| {
            let size = |field: &Option<Spanned<u8>>| field.as_ref().map(|size| *size.get_ref());
            size(given).is_some_and(|given| size(own) != Some(given))
        };
        if resized(&self.files, &child.files) || resized(&self.ranks, &child.ranks) {
            for piece in &mut pieces {
                piece.get_mut().square_values = None;
            }
        }
        for piece in child.pieces {
            match pieces
                .iter_mut()
                .find(|known| known.get_ref().symbol == piece.get_ref().symbol)
            {
                Some(known) => *known = piece,
                None => pieces.push(piece),
            }
        }
        Document {
            extends: self.extends,
            name: child.name.or(self.name),
            title: child.title.or(self.title),
            // A game's title with its tone marks is not the title of a game made from it.
            display_title: child.display_title,
            // Other programs' names for a game are not the names of a game made from it.
            aliases: child.aliases,
            description: child.description.or(self.description),
            files: child.files.or(self.files),
            ranks: child.ranks.or(self.ranks),
            start: child.start.or(self.start),
            regions,
            rules: self.rules.overridden_by(child.rules),
            display: self.display.overridden_by(child.display),
            castling: child.castling.or(self.castling),
            examples: self.examples.overridden_by(child.examples),
            evaluation: self.evaluation.overridden_by(child.evaluation),
            // XBoard's own game is not a game made from it.
            xboard: child.xboard,
            pieces,
        }
    }
}

/// The `[examples]` table: moves the player shows as examples.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct ExampleEntries {
    /// In SAN.
    pub san: Option<Spanned<Vec<String>>>,
    /// In coordinates.
    pub coordinates: Option<Spanned<Vec<String>>>,
}

impl ExampleEntries {
    /// These examples, each list replaced by `child`'s where it gives one.
    pub fn overridden_by(self, child: ExampleEntries) -> ExampleEntries {
        ExampleEntries {
            san: child.san.or(self.san),
            coordinates: child.coordinates.or(self.coordinates),
        }
    }
}

/// The `[xboard]` table: what XBoard is told about the game.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct XBoardEntries {
    /// The name XBoard knows the game by, when it plays it by itself.
    pub variant: Option<Spanned<String>>,
}

/// A piece's `xboard` table: what XBoard is told about the piece.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct XBoardPieceEntry {
    /// Its moves in XBoard's Betza notation; empty: none.
    pub betza: Option<Spanned<String>>,
    /// The letter of XBoard's piece whose picture shows it.
    pub picture: Option<Spanned<String>>,
}

/// Declares a table of optional fields and how a child's values replace a parent's.
macro_rules! optional_fields {
    ($(#[$meta:meta])* struct $name:ident { $($(#[$field_meta:meta])* $field:ident: $kind:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub(super) struct $name {
            $($(#[$field_meta])* pub $field: Option<$kind>,)*
        }

        impl $name {
            /// These values, each replaced by `child`'s where it gives one.
            fn overridden_by(self, child: $name) -> $name {
                $name { $($field: child.$field.or(self.$field),)* }
            }
        }
    };
}

optional_fields! {
    /// The `[rules]` table: the rule switches.
    struct RuleEntries {
        /// Ranks of each player's promotion zone, at the far side.
        camp_depth: u8,
        /// Whether a move that starts in the zone may promote too.
        promotes_leaving_zone: bool,
        /// How Black's moves follow from White's.
        black_moves: BlackMoves,
        /// Which lines the Kings may not face each other on.
        facing: Facing,
        /// What having no legal move while not in check means.
        stalemate: Stalemate,
        /// Whether a side not in check may pass.
        pass: bool,
        /// The `[rules.material-count]` table: how games ended by passing are scored.
        material_count: MaterialCount,
        /// Whether Pawns capture en passant.
        en_passant: bool,
        /// When FEN writes the en-passant square.
        en_passant_fen: EnPassantFen,
        /// Whether the King may swap places with an adjacent friendly piece.
        king_swap: bool,
        /// Whether captured pieces go to hand.
        hands: bool,
        /// The order FEN lists the kinds in hand.
        hand_order: Spanned<Vec<String>>,
        /// Whether a kind in hand may be dropped as its `+` form too.
        drop_promoted: bool,
        /// Whether a side with pieces in hand must drop one while it can.
        must_drop: bool,
        /// Whether a lone King and Pawn that may only promote may claim a stalemate.
        lone_pawn_stalemate: bool,
        /// Whether pieces in hand may be dropped.
        drops: bool,
        /// Whether a move from a gate may bring a piece of the hand in.
        gating: bool,
        /// Whether a piece may stand where it could never move again.
        stuck_pieces: StuckPieces,
        /// Whether a promotion resets the halfmove clock.
        promotions_reset_clock: bool,
        /// Whether the chess draws apply.
        chess_draws: bool,
        /// Which positions are dead for lack of material.
        dead_positions: DeadPositions,
        /// Moves by each side without a capture or clock-resetting move after which a draw may
        /// be claimed.
        move_rule: u16,
        /// Occurrences of one position after which a draw may be claimed.
        repetition_rule: u8,
        /// The `[rules.extinction]` table: a side with too few pieces loses.
        extinction: Extinction,
        /// How many enemy Princes on the board a move may not leave.
        prince_limit: u8,
        /// Whether half a player's relevant pieces may not stand across the River.
        crossing_limit: bool,
        /// The squares White's Pawns may capture en passant onto, mirrored for Black's.
        en_passant_region: Spanned<String>,
        /// How many checks win.
        check_limit: u8,
        /// Whether a move may give check.
        checks: Checks,
        /// The side that plays without a King.
        kingless: Spanned<Kingless>,
        /// The `[rules.goal]` table: a piece reaching a region wins.
        goal: Spanned<GoalEntry>,
        /// The `[rules.counting]` table: the counting of an ending's moves.
        counting: Spanned<CountingSpec>,
    }
}

/// The `[rules.goal]` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct GoalEntry {
    pub piece: String,
    pub region: Spanned<String>,
    pub black_region: Option<Spanned<String>>,
    #[serde(default)]
    pub black_may_equalize: bool,
}

optional_fields! {
    /// The `[evaluation]` table: what the search's evaluation weighs beyond its usual terms.
    struct EvaluationEntries {
        /// Whether threats and King danger, from each side's attacks, are weighed.
        attacks: bool,
        /// The built-in network whose output the evaluation adds.
        network: Spanned<String>,
    }
}

optional_fields! {
    /// The `[display]` table: what pictures mark.
    struct DisplayEntries {
        /// The fortress or palace.
        fortress: Spanned<String>,
        /// The points joined by the palace's 'X' lines.
        palace_points: Spanned<String>,
        /// Whether a River divides the board.
        river: bool,
        /// What players call the fortress.
        fortress_name: Spanned<String>,
        /// The pieces the guide's diagrams set up beside the Kings.
        diagram_support: Spanned<Vec<String>>,
    }
}

/// The `[castling]` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct CastlingEntry {
    pub king_region: Spanned<String>,
    pub wings: Vec<WingEntry>,
}

/// One of `[castling]`'s wings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct WingEntry {
    pub letter: char,
    pub rook: String,
    pub rook_region: Spanned<String>,
    pub king_to: Spanned<char>,
    pub rook_to: Spanned<char>,
}

/// What a piece is beyond its movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Role {
    /// The King.
    Royal,
    /// A Pawn: no SAN letter, en passant where the variant has it.
    Pawn,
    /// A Prince, counted by the Prince limit.
    Prince,
    /// Counted by the crossing limit.
    Relevant,
}

/// One `[[pieces]]` entry.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct PieceEntry {
    pub name: String,
    pub symbol: String,
    pub value: Option<i32>,
    pub mobility: Option<Spanned<i32>>,
    pub square_values: Option<SquareValuesEntry>,
    pub mobility_table: Option<MobilityTableEntry>,
    pub about: Option<String>,
    pub betza: Option<Spanned<String>>,
    #[serde(default)]
    pub moves: Vec<Spanned<AtomEntry>>,
    pub confined_to: Option<Spanned<String>>,
    pub promotion: Option<PromotionEntry>,
    #[serde(default)]
    pub roles: Vec<Role>,
    #[serde(default)]
    pub resets_clock: bool,
    #[serde(default = "yes")]
    pub swappable: bool,
    pub to_hand: Option<String>,
    pub drop_zone: Option<Spanned<String>>,
    #[serde(default)]
    pub one_per_file: bool,
    pub per_file: Option<Spanned<u8>>,
    #[serde(default)]
    pub no_drop_mate: bool,
    #[serde(default)]
    pub screen_not: Vec<String>,
    #[serde(default)]
    pub captures_not: Vec<String>,
    pub drop_mate: Option<Spanned<DropMate>>,
    #[serde(default)]
    pub san_synonyms: Vec<Spanned<String>>,
    pub xboard: Option<XBoardPieceEntry>,
}

/// A piece's `square-values` table: its worth on each square, as a board diagram of numbers
/// (one line a rank, the top rank first) for each phase of the game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct SquareValuesEntry {
    pub middlegame: Spanned<String>,
    pub endgame: Spanned<String>,
}

/// A piece's `mobility-table`: its worth by the number of squares it reaches (from none on),
/// for each phase of the game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct MobilityTableEntry {
    pub middlegame: Spanned<Vec<i32>>,
    pub endgame: Spanned<Vec<i32>>,
}

/// The default of a switch that is on unless a file says otherwise.
fn yes() -> bool {
    true
}

/// A piece's `promotion` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct PromotionEntry {
    pub to: Vec<String>,
    #[serde(default)]
    pub captured_only: bool,
    #[serde(default = "never")]
    pub compulsory: Compulsory,
    pub zone: Option<Spanned<String>>,
    #[serde(default)]
    pub style: PromotionStyle,
    #[serde(default)]
    pub limit: u8,
    #[serde(default)]
    pub last_anywhere: bool,
}

/// The default of `compulsory`.
fn never() -> Compulsory {
    Compulsory::Never
}

/// One movement atom as written: `{ leap = [2, 1] }`, `{ ride = [1, 0], mode = "hop" }`, ...
/// Steps are read as lists of any length, so that a step of the wrong length is an error naming
/// its key rather than cut to size.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct AtomEntry {
    leap: Option<Vec<i64>>,
    ride: Option<Vec<i64>>,
    bent: Option<Vec<Vec<i64>>>,
    crooked: Option<Vec<Vec<i64>>>,
    through: Option<toml::Value>,
    limit: Option<u8>,
    mode: Option<Mode>,
    hop: Option<HopStyle>,
    within: Option<Spanned<String>>,
    symmetry: Option<Symmetry>,
    on_rank: Option<u8>,
    from_rank: Option<u8>,
}

/// The longest step an atom may take along either axis: the width of the largest board.
const MAX_STEP: i64 = 11;

/// A step `(x, y)`: `x` squares to the right, `y` forward.
type Step = (i8, i8);

/// The step `[x, y]` written under `key`, or what is wrong with it.
fn step(key: &str, written: &[i64]) -> Result<Step, String> {
    let fits = |n: i64| (-MAX_STEP..=MAX_STEP).contains(&n);
    match *written {
        [x, y] if (x, y) != (0, 0) && fits(x) && fits(y) => Ok((x as i8, y as i8)),
        _ => Err(format!(
            "{key}: {written:?} is not a step [x, y] (two numbers, each -{MAX_STEP} to \
             {MAX_STEP}, not both 0)"
        )),
    }
}

/// The two steps `[[a, b], [x, y]]` written under `key`, or what is wrong with them.
fn two_steps(key: &str, written: &[Vec<i64>]) -> Result<(Step, Step), String> {
    match written {
        [first, second] => Ok((step(key, first)?, step(key, second)?)),
        _ => Err(format!(
            "{key}: {written:?} is not two steps [[a, b], [x, y]]"
        )),
    }
}

/// The squares a leap passes, written under `through`: one step `[x, y]` or a list of at most
/// [`MAX_LEAD`] steps `[[a, b], [c, d]]`, each from the square before; or what is wrong.
fn lead_steps(written: &toml::Value) -> Result<Vec<Step>, String> {
    let numbers = |value: &toml::Value| -> Option<Vec<i64>> {
        value
            .as_array()?
            .iter()
            .map(toml::Value::as_integer)
            .collect()
    };
    let wrong = || {
        format!(
            "through: {} is not a step [x, y] nor a list of at most {MAX_LEAD} steps \
             [[a, b], [c, d]]",
            shown(written)
        )
    };
    if let Some(single) = numbers(written) {
        return Ok(vec![step("through", &single)?]);
    }
    let list = written.as_array().ok_or_else(wrong)?;
    if list.is_empty() || list.len() > MAX_LEAD {
        return Err(wrong());
    }
    list.iter()
        .map(|value| step("through", &numbers(value).ok_or_else(wrong)?))
        .collect()
}

/// `value` as TOML writes it, for a message: numbers and lists of them, other values as `...`.
fn shown(value: &toml::Value) -> String {
    match value {
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(shown).collect();
            format!("[{}]", items.join(", "))
        }
        _ => "...".to_string(),
    }
}

impl AtomEntry {
    /// The region the atom is kept to, as written, if any.
    pub fn within(&self) -> Option<&Spanned<String>> {
        self.within.as_ref()
    }

    /// The atom, for a board of `ranks` ranks, or what is wrong with it (its region, which
    /// [`AtomEntry::within`] gives, is not read here).
    pub fn atom(&self, ranks: u8) -> Result<Atom, String> {
        let walk = match (&self.leap, &self.ride, &self.bent, &self.crooked) {
            (Some(leap), None, None, None) => {
                let (x, y) = step("leap", leap)?;
                match self
                    .through
                    .as_ref()
                    .map(lead_steps)
                    .transpose()?
                    .as_deref()
                {
                    Some(&[lead]) => Atom::through(lead, x, y),
                    Some(&[first, second]) => Atom::through_two(first, second, x, y),
                    _ => Atom::leap(x, y),
                }
            }
            (None, Some(ride), None, None) => {
                let (x, y) = step("ride", ride)?;
                Atom::ride(x, y)
            }
            (None, None, Some(bent), None) => {
                let (lead, then) = two_steps("bent", bent)?;
                Atom::bent(lead, then)
            }
            (None, None, None, Some(crooked)) => {
                let (first, turn) = two_steps("crooked", crooked)?;
                Atom::crooked(first, turn)
            }
            _ => return Err("give exactly one of leap, ride, bent and crooked".to_string()),
        };
        let leaps = self.leap.is_some();
        if self.through.is_some() && !leaps {
            return Err("through goes with leap only".to_string());
        }
        let mut atom = walk;
        if let Some(limit) = self.limit {
            if leaps {
                return Err("limit goes with ride, bent and crooked: a leap lands once".to_string());
            }
            if limit == 0 {
                return Err("limit 0 allows no move".to_string());
            }
            atom = atom.limit(limit);
        }
        let mode = match (self.mode, self.hop) {
            (mode, None) => mode,
            (mode, Some(style)) => {
                let modality = mode.unwrap_or(Mode::MoveOrCapture);
                let hop = Mode::hopping(style, modality).ok_or_else(|| {
                    format!(
                        "hop goes with mode move-or-capture, move-only or capture-only, not {:?}",
                        kebab(modality)
                    )
                })?;
                Some(hop)
            }
        };
        if let Some(mode) = mode {
            if leaps && mode.hops() {
                return Err(format!(
                    "{} goes with ride, bent and crooked: a leap has no line to hop along",
                    match self.hop {
                        Some(_) => "hop".to_string(),
                        None => format!("mode {:?}", kebab(mode)),
                    }
                ));
            }
            atom = atom.mode(mode);
        }
        if let Some(symmetry) = self.symmetry {
            atom = atom.symmetry(symmetry);
        }
        let rank = |rank: u8, key: &str| match rank {
            0 => Err(format!("{key}: ranks count from 1")),
            _ if rank > ranks => Err(format!("{key}: {rank} is beyond the board's {ranks} ranks")),
            _ => Ok(rank - 1),
        };
        match (self.on_rank, self.from_rank) {
            (Some(_), Some(_)) => return Err("give on-rank or from-rank, not both".to_string()),
            (Some(on), None) => atom = atom.origin(Origin::OwnRank(rank(on, "on-rank")?)),
            (None, Some(from)) => {
                atom = atom.origin(Origin::FromOwnRank(rank(from, "from-rank")?));
            }
            (None, None) => {}
        }
        Ok(atom)
    }
}

/// `mode` as a file writes it.
fn kebab(mode: Mode) -> &'static str {
    match mode {
        Mode::MoveOrCapture => "move-or-capture",
        Mode::MoveOnly => "move-only",
        Mode::CaptureOnly => "capture-only",
        Mode::Hop => "hop",
        Mode::HopAny => "hop-any",
        // Not written as a mode: `hop` and a modality.
        Mode::HopQuiet | Mode::Behind | Mode::BehindQuiet | Mode::BehindCapture => "hop",
    }
}
