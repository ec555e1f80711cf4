//! Variant files: a variant written as TOML, the format `docs/variants.md` describes. Every
//! built-in variant is such a file (`python/meiriqi/variants/`), and users write their own.
//!
//! A file names the board, the regions, the pieces with their movement (the atoms of
//! [`crate::atom`], or Betza notation), the rule switches and the start position. It may
//! `extends` a built-in variant: it then says only what differs, and a piece it gives with the
//! symbol of one of the parent's replaces that piece in place.
//!
//! A file is untrusted input: every mistake is reported as a [`VariantFileError`] naming the
//! file, the line and column, and the field.

use crate::atom::{Atom, Mode, Origin, Symmetry};
use crate::geometry::Dimensions;
use crate::piece::MAX_KINDS;
use crate::region::Region;
use crate::variant::{
    CastlingSpec, Compulsory, DeadPositions, Facing, PieceSpec, PromotionSpec, Stalemate, Variant,
    VariantSpec, WingSpec,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::sync::Mutex;
use toml::Spanned;

/// Why a variant file could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFileError {
    /// The file's name as given (or the built-in variant's).
    pub file: String,
    /// The line and column (from 1) of the mistake, when it lies in the file itself.
    pub position: Option<(usize, usize)>,
    /// What is wrong, naming the field.
    pub message: String,
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(
                f,
                "{}, line {line}, column {column}: {}",
                self.file, self.message
            ),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for VariantFileError {}

/// The most movement atoms a piece may list: far beyond any real piece.
const MAX_ATOMS: usize = 64;

/// The largest variant file read: far beyond any real one, short of wasting memory.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Reads the variant file `text`, called `file` in errors; `parent` gives the text of the
/// built-in variant a file `extends`.
pub fn parse(
    text: &str,
    file: &str,
    parent: impl Fn(&str) -> Option<&'static str>,
) -> Result<Variant, VariantFileError> {
    let source = Source { text, file };
    let mut document = source.document()?;
    if let Some(extends) = document.extends.take() {
        let Some(parent_text) = parent(extends.get_ref()) else {
            return Err(source.error(
                extends.span(),
                format!("extends: {:?} is no built-in variant", extends.get_ref()),
            ));
        };
        let parent_source = Source {
            text: parent_text,
            file: extends.get_ref(),
        };
        let inherited = parent_source.document()?;
        if inherited.extends.is_some() {
            return Err(source.error(
                extends.span(),
                format!(
                    "extends: {:?} extends another variant itself",
                    extends.get_ref()
                ),
            ));
        }
        document = inherited.without_positions().overridden_by(document);
    }
    source.spec(document)
}

/// A player's variant file read as it is loaded.
struct Loaded {
    text: String,
    outcome: Result<&'static Variant, VariantFileError>,
}

/// Every variant file loaded so far.
static LOADED: Mutex<Vec<Loaded>> = Mutex::new(Vec::new());

/// Reads a player's variant file `text` (called `file` in errors), which may extend a built-in
/// variant, and checks that its start is a legal position. A loaded variant lives as long as the
/// program, as the built-in ones do: loading the same text again gives the same variant (or the
/// same error), and its name must be no other variant's.
pub fn load(text: &str, file: &str) -> Result<&'static Variant, VariantFileError> {
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(known) = loaded.iter().find(|known| known.text == text) {
        return known.outcome.clone().map_err(|error| VariantFileError {
            file: file.to_string(),
            ..error
        });
    }
    let source = Source { text, file };
    let variant = parse(text, file, crate::variants::file)?;
    let name = variant.spec().name.clone();
    let clash = crate::variants::file(&name).is_some()
        || loaded
            .iter()
            .any(|known| known.outcome.as_ref().is_ok_and(|v| v.spec().name == name));
    if clash {
        return Err(source.error(
            source.name_span(),
            format!("name: another variant is called {name:?}"),
        ));
    }
    // Only a variant of the program's lifetime can hold a position, to check the start with.
    let variant: &'static Variant = Box::leak(Box::new(variant));
    let outcome = match crate::fen::parse(variant, &variant.spec().start_fen) {
        Ok(_) => Ok(variant),
        Err(why) => Err(source.error(source.start_span(), format!("start: {why}"))),
    };
    loaded.push(Loaded {
        text: text.to_string(),
        outcome: outcome.clone(),
    });
    outcome
}

/// Every variant loaded so far, in the order they were loaded.
pub fn all_loaded() -> Vec<&'static Variant> {
    let loaded = LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    loaded
        .iter()
        .filter_map(|known| known.outcome.as_ref().ok())
        .copied()
        .collect()
}

/// The variant loaded with the name `name`, if one was.
pub fn loaded(name: &str) -> Option<&'static Variant> {
    all_loaded()
        .into_iter()
        .find(|variant| variant.spec().name == name)
}

/// The variant file `variant` was read from.
pub fn source(variant: &'static Variant) -> String {
    if let Some(text) = crate::variants::file(&variant.spec().name) {
        if Variant::by_name(&variant.spec().name).is_some_and(|v| std::ptr::eq(v, variant)) {
            return text.to_string();
        }
    }
    let loaded = LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    loaded
        .iter()
        .find(|known| {
            known
                .outcome
                .as_ref()
                .is_ok_and(|v| std::ptr::eq(*v, variant))
        })
        .map_or_else(String::new, |known| known.text.clone())
}

/// A file's text and name, for reading it and placing errors.
#[derive(Clone, Copy)]
struct Source<'a> {
    text: &'a str,
    file: &'a str,
}

impl Source<'_> {
    /// An error about the part of the file at `span` (an empty span at 0: inherited, no place).
    fn error(&self, span: Range<usize>, message: String) -> VariantFileError {
        let position = (span != (0..0)).then(|| {
            let before = &self.text[..span.start.min(self.text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before
                .rsplit('\n')
                .next()
                .map_or(0, |tail| tail.chars().count())
                + 1;
            (line, column)
        });
        VariantFileError {
            file: self.file.to_string(),
            position,
            message,
        }
    }

    /// Where the file gives its `name` (no place when it does not: then it is inherited).
    fn name_span(&self) -> Range<usize> {
        self.document()
            .ok()
            .and_then(|document| document.name)
            .map_or(0..0, |name| name.span())
    }

    /// Where the file gives its `start`.
    fn start_span(&self) -> Range<usize> {
        self.document()
            .ok()
            .and_then(|document| document.start)
            .map_or(0..0, |start| start.span())
    }

    /// The file read as TOML into the document's shape.
    fn document(&self) -> Result<Document, VariantFileError> {
        if self.text.len() > MAX_FILE_BYTES {
            return Err(self.error(
                0..0,
                format!("the file is larger than {MAX_FILE_BYTES} bytes"),
            ));
        }
        toml::from_str(self.text).map_err(|error| {
            let span = error.span().unwrap_or(0..0);
            self.error(span, error.message().trim().replace('\n', "; "))
        })
    }

    /// The variant the document describes, checked field by field, then as a whole.
    fn spec(&self, document: Document) -> Result<Variant, VariantFileError> {
        let required = |value: Option<Spanned<String>>, field: &str| {
            value.ok_or_else(|| self.error(0..0, format!("{field}: missing")))
        };
        let name = required(document.name, "name")?;
        if !valid_name(name.get_ref()) {
            return Err(self.error(
                name.span(),
                format!(
                    "name: {:?} is not a variant name (lowercase letters, digits and '-')",
                    name.get_ref()
                ),
            ));
        }
        let (Some(files), Some(ranks)) = (document.files, document.ranks) else {
            return Err(self.error(0..0, "files, ranks: the board's size is missing".into()));
        };
        for (size, most, field) in [
            (&files, crate::geometry::MAX_FILES, "files"),
            (&ranks, crate::geometry::MAX_RANKS, "ranks"),
        ] {
            if !(1..=most).contains(size.get_ref()) {
                return Err(self.error(
                    size.span(),
                    format!(
                        "{field}: {} is not a board size (1 to {most})",
                        size.get_ref()
                    ),
                ));
            }
        }
        let dimensions = Dimensions {
            files: files.into_inner(),
            ranks: ranks.into_inner(),
        };
        let regions = Regions {
            source: *self,
            named: &document.regions,
            dimensions,
        };
        for (name, text) in &document.regions {
            regions.get(text, &format!("regions.{name}"))?;
        }
        if document.pieces.len() > MAX_KINDS {
            return Err(self.error(
                0..0,
                format!(
                    "pieces: {} kinds; at most {MAX_KINDS} are supported",
                    document.pieces.len()
                ),
            ));
        }
        let pieces = document
            .pieces
            .iter()
            .enumerate()
            .map(|(index, piece)| self.piece(piece, index, &regions))
            .collect::<Result<Vec<_>, _>>()?;
        let rules = document.rules;
        let display = document.display;
        let optional_region = |value: &Option<Spanned<String>>, field: &str| {
            value
                .as_ref()
                .map_or(Ok(Region::default()), |text| regions.get(text, field))
        };
        let castling = document
            .castling
            .map(|castling| self.castling(castling, &regions))
            .transpose()?;
        let start = required(document.start, "start")?;
        let title = document.title.unwrap_or_else(|| name.get_ref().clone());
        let spec = VariantSpec {
            name: name.get_ref().clone(),
            title,
            description: document.description.unwrap_or_default(),
            dimensions,
            pieces,
            start_fen: start.get_ref().clone(),
            fortress: optional_region(&display.fortress, "display.fortress")?,
            palace_points: optional_region(&display.palace_points, "display.palace-points")?,
            river: display.river.unwrap_or(false),
            camp_depth: rules.camp_depth.unwrap_or(0),
            promotes_leaving_zone: rules.promotes_leaving_zone.unwrap_or(false),
            facing: rules.facing.unwrap_or(Facing::Allowed),
            stalemate: rules.stalemate.unwrap_or(Stalemate::Draws),
            en_passant: rules.en_passant.unwrap_or(false),
            king_swap: rules.king_swap.unwrap_or(false),
            castling,
            hands: rules.hands.unwrap_or(false),
            hand_order: rules.hand_order.unwrap_or_default(),
            promotions_reset_clock: rules.promotions_reset_clock.unwrap_or(false),
            chess_draws: rules.chess_draws.unwrap_or(false),
            dead_positions: rules.dead_positions.unwrap_or(DeadPositions::None),
            prince_limit: rules.prince_limit.unwrap_or(0),
            crossing_limit: rules.crossing_limit.unwrap_or(false),
        };
        // The whole-variant checks: symbols, royalty, promotion targets, the start position.
        Variant::build(spec).map_err(|error| {
            let span = if error.0.contains("start position") {
                start.span()
            } else {
                0..0
            };
            self.error(span, error.0)
        })
    }

    /// The piece `index` (from 0) of the table.
    fn piece(
        &self,
        piece: &Spanned<PieceEntry>,
        index: usize,
        regions: &Regions<'_, '_>,
    ) -> Result<PieceSpec, VariantFileError> {
        let field = format!("pieces[{}] ({})", index + 1, piece.get_ref().name);
        let entry = piece.get_ref();
        if entry.moves.len() > MAX_ATOMS {
            return Err(self.error(
                piece.span(),
                format!("{field}: more than {MAX_ATOMS} moves"),
            ));
        }
        let mut atoms = entry
            .moves
            .iter()
            .map(|atom| {
                atom.get_ref()
                    .atom()
                    .map_err(|why| self.error(atom.span(), format!("{field}: moves: {why}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(betza) = &entry.betza {
            let read = crate::betza::parse(betza.get_ref())
                .map_err(|why| self.error(betza.span(), format!("{field}: betza: {why}")))?;
            atoms.extend(read);
        }
        if let Some((dx, dy)) = crate::atom::twice_reached(&atoms) {
            return Err(self.error(
                piece.span(),
                format!(
                    "{field}: two of its moves reach ({dx}, {dy}) from the same square alike, \
                     so that move would be made twice"
                ),
            ));
        }
        if atoms.is_empty() {
            return Err(self.error(
                piece.span(),
                format!("{field}: the piece has no moves (give moves or betza)"),
            ));
        }
        let confined_to = entry
            .confined_to
            .as_ref()
            .map(|text| regions.get(text, &format!("{field}: confined-to")))
            .transpose()?;
        let promotion = entry
            .promotion
            .as_ref()
            .map(|promotion| {
                Ok(PromotionSpec {
                    targets: promotion.to.clone(),
                    captured_only: promotion.captured_only,
                    compulsory: promotion.compulsory,
                    zone: promotion
                        .zone
                        .as_ref()
                        .map(|zone| regions.get(zone, &format!("{field}: promotion.zone")))
                        .transpose()?,
                })
            })
            .transpose()?;
        let has = |role: Role| entry.roles.contains(&role);
        Ok(PieceSpec {
            name: entry.name.clone(),
            symbol: entry.symbol.clone(),
            atoms,
            confined_to,
            promotion,
            royal: has(Role::Royal),
            pawn: has(Role::Pawn),
            resets_clock: entry.resets_clock,
            swappable: entry.swappable,
            value: entry.value,
            to_hand: entry.to_hand.clone(),
            one_per_file: entry.one_per_file,
            no_drop_mate: entry.no_drop_mate,
            prince: has(Role::Prince),
            relevant: has(Role::Relevant),
            about: entry.about.clone().unwrap_or_default(),
        })
    }

    /// The castling rules.
    fn castling(
        &self,
        castling: Spanned<CastlingEntry>,
        regions: &Regions<'_, '_>,
    ) -> Result<CastlingSpec, VariantFileError> {
        let span = castling.span();
        let castling = castling.into_inner();
        let file = |letter: &Spanned<char>, field: &str| {
            let number = u32::from(*letter.get_ref()).wrapping_sub(u32::from('a'));
            u8::try_from(number)
                .ok()
                .filter(|&file| file < regions.dimensions.files)
                .ok_or_else(|| {
                    self.error(
                        letter.span(),
                        format!(
                            "castling: {field}: {:?} is no file of the board",
                            letter.get_ref()
                        ),
                    )
                })
        };
        let wings = castling
            .wings
            .iter()
            .map(|wing| {
                Ok(WingSpec {
                    letter: wing.letter,
                    rook: wing.rook.clone(),
                    rook_region: regions.get(&wing.rook_region, "castling: rook-region")?,
                    king_to: file(&wing.king_to, "king-to")?,
                    rook_to: file(&wing.rook_to, "rook-to")?,
                })
            })
            .collect::<Result<Vec<_>, VariantFileError>>()?;
        if wings.is_empty() {
            return Err(self.error(span, "castling: no wings".into()));
        }
        Ok(CastlingSpec {
            king_region: regions.get(&castling.king_region, "castling: king-region")?,
            wings,
        })
    }
}

/// The regions a file names, for reading a region field: a name from `[regions]` or squares.
struct Regions<'a, 'b> {
    source: Source<'b>,
    named: &'a BTreeMap<String, Spanned<String>>,
    dimensions: Dimensions,
}

impl Regions<'_, '_> {
    /// The region `text` (a name from `[regions]`, or squares and rectangles), on the board.
    fn get(&self, text: &Spanned<String>, field: &str) -> Result<Region, VariantFileError> {
        let (written, span) = match self.named.get(text.get_ref()) {
            Some(named) => (named, named.span()),
            None => (text, text.span()),
        };
        let region = Region::parse(written.get_ref()).map_err(|why| {
            self.source.error(
                span.clone(),
                format!("{field}: {why} (nor a region named in [regions])"),
            )
        })?;
        if !region.fits(self.dimensions) {
            return Err(self.source.error(
                span,
                format!("{field}: {:?} lies partly off the board", written.get_ref()),
            ));
        }
        Ok(region)
    }
}

/// Whether `name` may name a variant.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A variant file as written. Every field may be left out, for a file that `extends` another.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Document {
    extends: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    title: Option<String>,
    description: Option<String>,
    files: Option<Spanned<u8>>,
    ranks: Option<Spanned<u8>>,
    start: Option<Spanned<String>>,
    #[serde(default)]
    regions: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    rules: RuleEntries,
    #[serde(default)]
    display: DisplayEntries,
    castling: Option<Spanned<CastlingEntry>>,
    #[serde(default)]
    pieces: Vec<Spanned<PieceEntry>>,
}

impl Document {
    /// The document with every position forgotten: an inherited part lies in another file.
    fn without_positions(self) -> Document {
        fn forget<T>(value: Spanned<T>) -> Spanned<T> {
            Spanned::new(0..0, value.into_inner())
        }
        Document {
            name: self.name.map(forget),
            files: self.files.map(forget),
            ranks: self.ranks.map(forget),
            start: self.start.map(forget),
            regions: self
                .regions
                .into_iter()
                .map(|(k, v)| (k, forget(v)))
                .collect(),
            castling: self.castling.map(forget),
            pieces: self.pieces.into_iter().map(forget).collect(),
            ..self
        }
    }

    /// This document with what `child` says replacing it: fields and rules one by one, regions
    /// by name, pieces by symbol (in place; new symbols at the end).
    fn overridden_by(self, child: Document) -> Document {
        let mut regions = self.regions;
        regions.extend(child.regions);
        let mut pieces = self.pieces;
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
            extends: None,
            name: child.name.or(self.name),
            title: child.title.or(self.title),
            description: child.description.or(self.description),
            files: child.files.or(self.files),
            ranks: child.ranks.or(self.ranks),
            start: child.start.or(self.start),
            regions,
            rules: self.rules.overridden_by(child.rules),
            display: self.display.overridden_by(child.display),
            castling: child.castling.or(self.castling),
            pieces,
        }
    }
}

/// Declares a table of optional fields and how a child's values replace a parent's.
macro_rules! optional_fields {
    ($(#[$meta:meta])* struct $name:ident { $($(#[$field_meta:meta])* $field:ident: $kind:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        struct $name {
            $($(#[$field_meta])* $field: Option<$kind>,)*
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
        /// Which lines the Kings may not face each other on.
        facing: Facing,
        /// What having no legal move while not in check means.
        stalemate: Stalemate,
        /// Whether Pawns capture en passant.
        en_passant: bool,
        /// Whether the King may swap places with an adjacent friendly piece.
        king_swap: bool,
        /// Whether captured pieces go to hand.
        hands: bool,
        /// The order FEN lists the kinds in hand.
        hand_order: Vec<String>,
        /// Whether a promotion resets the halfmove clock.
        promotions_reset_clock: bool,
        /// Whether the chess draws apply.
        chess_draws: bool,
        /// Which positions are dead for lack of material.
        dead_positions: DeadPositions,
        /// How many enemy Princes on the board a move may not leave.
        prince_limit: u8,
        /// Whether half a player's relevant pieces may not stand across the River.
        crossing_limit: bool,
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
    }
}

/// The `[castling]` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct CastlingEntry {
    king_region: Spanned<String>,
    wings: Vec<WingEntry>,
}

/// One of `[castling]`'s wings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct WingEntry {
    letter: char,
    rook: String,
    rook_region: Spanned<String>,
    king_to: Spanned<char>,
    rook_to: Spanned<char>,
}

/// What a piece is beyond its movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Role {
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
struct PieceEntry {
    name: String,
    symbol: String,
    value: Option<i32>,
    about: Option<String>,
    betza: Option<Spanned<String>>,
    #[serde(default)]
    moves: Vec<Spanned<AtomEntry>>,
    confined_to: Option<Spanned<String>>,
    promotion: Option<PromotionEntry>,
    #[serde(default)]
    roles: Vec<Role>,
    #[serde(default)]
    resets_clock: bool,
    #[serde(default = "yes")]
    swappable: bool,
    to_hand: Option<String>,
    #[serde(default)]
    one_per_file: bool,
    #[serde(default)]
    no_drop_mate: bool,
}

/// The default of a switch that is on unless a file says otherwise.
fn yes() -> bool {
    true
}

/// A piece's `promotion` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct PromotionEntry {
    to: Vec<String>,
    #[serde(default)]
    captured_only: bool,
    #[serde(default = "never")]
    compulsory: Compulsory,
    zone: Option<Spanned<String>>,
}

/// The default of `compulsory`.
fn never() -> Compulsory {
    Compulsory::Never
}

/// One movement atom as written: `{ leap = [2, 1] }`, `{ ride = [1, 0], mode = "hop" }`, ...
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct AtomEntry {
    leap: Option<[i8; 2]>,
    ride: Option<[i8; 2]>,
    bent: Option<[[i8; 2]; 2]>,
    crooked: Option<[[i8; 2]; 2]>,
    through: Option<[i8; 2]>,
    limit: Option<u8>,
    mode: Option<Mode>,
    symmetry: Option<Symmetry>,
    on_rank: Option<u8>,
    from_rank: Option<u8>,
}

/// The longest step an atom may take along either axis: the width of the largest board.
const MAX_STEP: i8 = 11;

impl AtomEntry {
    /// The atom, or what is wrong with it.
    fn atom(&self) -> Result<Atom, String> {
        let step = |(x, y): (i8, i8)| {
            if (x, y) == (0, 0) || x.abs() > MAX_STEP || y.abs() > MAX_STEP {
                Err(format!(
                    "the step [{x}, {y}] is not a step (not both 0, each -{MAX_STEP} to {MAX_STEP})"
                ))
            } else {
                Ok((x, y))
            }
        };
        let pair = |[x, y]: [i8; 2]| step((x, y));
        let atom = match (self.leap, self.ride, self.bent, self.crooked) {
            (Some(leap), None, None, None) => {
                let (x, y) = pair(leap)?;
                match self.through {
                    Some(lead) => Atom::through(pair(lead)?, x, y),
                    None => Atom::leap(x, y),
                }
            }
            (None, Some(ride), None, None) => {
                let (x, y) = pair(ride)?;
                Atom::ride(x, y)
            }
            (None, None, Some([lead, then]), None) => Atom::bent(pair(lead)?, pair(then)?),
            (None, None, None, Some([first, turn])) => Atom::crooked(pair(first)?, pair(turn)?),
            _ => return Err("give exactly one of leap, ride, bent and crooked".to_string()),
        };
        if self.through.is_some() && self.leap.is_none() {
            return Err("through goes with leap only".to_string());
        }
        let mut atom = atom;
        if let Some(limit) = self.limit {
            if limit == 0 {
                return Err("limit 0 allows no move".to_string());
            }
            atom = atom.limit(limit);
        }
        if let Some(mode) = self.mode {
            atom = atom.mode(mode);
        }
        if let Some(symmetry) = self.symmetry {
            atom = atom.symmetry(symmetry);
        }
        let rank = |rank: u8, field: &str| {
            rank.checked_sub(1)
                .ok_or_else(|| format!("{field}: ranks count from 1"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    /// A small game of a user's: Kings and Rooks on 4x4, plus whatever `extra` adds.
    fn small(extra: &str) -> String {
        format!(
            r#"name = "tiny"
files = 4
ranks = 4
start = "2k1/1r2/4/K2R w - - 0 1"
{extra}
[[pieces]]
name = "king"
symbol = "K"
value = 0
roles = ["royal"]
moves = [{{ leap = [1, 0] }}, {{ leap = [1, 1] }}]

[[pieces]]
name = "rook"
symbol = "R"
value = 500
moves = [{{ ride = [1, 0] }}]
"#
        )
    }

    fn read(text: &str) -> Result<Variant, VariantFileError> {
        parse(text, "my.toml", variants::file)
    }

    /// The error `text` gives, as printed.
    fn error(text: &str) -> String {
        read(text).expect_err("a mistake").to_string()
    }

    #[test]
    fn a_small_file_plays() {
        let variant = read(&small("")).unwrap();
        let mut position =
            crate::fen::parse(Box::leak(Box::new(variant)), "2k1/1r2/4/K2R w - - 0 1").unwrap();
        // King: a2 (b1 and b2 are on the b3 Rook's file); Rook: d2 d3 d4 c1 b1.
        assert_eq!(crate::perft::perft(&mut position, 1), 6);
    }

    #[test]
    fn betza_and_atoms_describe_the_same_pieces() {
        let atoms = small("");
        let betza = atoms
            .replace(
                "moves = [{ leap = [1, 0] }, { leap = [1, 1] }]",
                "betza = \"K\"",
            )
            .replace("moves = [{ ride = [1, 0] }]", "betza = \"mRcpR\"");
        let (atoms, betza) = (read(&atoms).unwrap(), read(&betza).unwrap());
        assert_eq!(atoms.spec().pieces[0].atoms.len(), 2);
        let walks = |variant: &Variant, index: usize| -> Vec<_> {
            let mut walks: Vec<_> = variant.spec().pieces[index]
                .atoms
                .iter()
                .flat_map(|atom| {
                    atom.walks()
                        .into_iter()
                        .map(move |walk| (walk, atom.destination_mode()))
                })
                .collect();
            walks.sort_by_key(|walk| format!("{walk:?}"));
            walks
        };
        assert_eq!(walks(&atoms, 0), walks(&betza, 0));
        // The Cannon: a Rook's quiet moves, and captures over a screen; no move made twice.
        assert_eq!(betza.spec().pieces[1].atoms.len(), 2);
    }

    #[test]
    fn every_built_in_file_reads() {
        for (name, text) in variants::ALL {
            let variant = parse(text, name, variants::file).unwrap();
            assert_eq!(variant.spec().name, *name);
        }
    }

    #[test]
    fn an_extension_replaces_pieces_in_place_and_keeps_the_rest() {
        let korean = Variant::by_name("wildeurasian-mitregi-korean")
            .unwrap()
            .spec();
        let plain = Variant::by_name("wildeurasian-mitregi").unwrap().spec();
        assert_eq!(korean.pieces.len(), plain.pieces.len());
        let changed: Vec<&str> = korean
            .pieces
            .iter()
            .zip(&plain.pieces)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a.symbol.as_str())
            .collect();
        assert!(!changed.is_empty() && changed.len() < 10, "{changed:?}");
        assert_eq!(korean.start_fen, plain.start_fen);
        assert_eq!(korean.castling, plain.castling);
    }

    #[test]
    fn mistakes_name_the_file_the_line_and_the_field() {
        let cases = [
            (
                small("colour = 1"),
                "my.toml, line 5, column 1: unknown field `colour`",
            ),
            (
                small("").replace("files = 4", "files = 13"),
                "my.toml, line 2, column 9: files: 13 is not a board size (1 to 12)",
            ),
            (
                small("").replace("files = 4", "files = 400"),
                "my.toml, line 2, column 9:",
            ),
            (
                small("").replace("ride = [1, 0]", "ryde = [1, 0]"),
                "my.toml, line 17, column 12: unknown field `ryde`",
            ),
            (
                small("").replace("ride = [1, 0]", "ride = [0, 0]"),
                "my.toml, line 17, column 10: pieces[2] (rook): moves: the step [0, 0]",
            ),
            (
                small("").replace("ride = [1, 0]", "ride = [1, 0], leap = [1, 1]"),
                "give exactly one of leap, ride, bent and crooked",
            ),
            (
                small("").replace("moves = [{ ride = [1, 0] }]", "moves = []"),
                "pieces[2] (rook): the piece has no moves",
            ),
            (
                small("").replace(r#"symbol = "R""#, r#"symbol = "K""#),
                "two pieces are written \"K\"",
            ),
            (
                small("").replace("2k1/1r2/4/K2R", "2k1/1r2/4/4/K2R"),
                "my.toml, line 4, column 9: variant \"tiny\": start position:",
            ),
            (
                small("").replace("value = 500", "value = 500\nconfined-to = \"camp\""),
                "pieces[2] (rook): confined-to: \"camp\" is not a square",
            ),
            (
                small("").replace("value = 500", "value = 500\nconfined-to = \"a1-e5\""),
                "pieces[2] (rook): confined-to: \"a1-e5\" lies partly off the board",
            ),
            (
                small("[regions]\nhome = \"a1-z9\""),
                "my.toml, line 6, column 8: regions.home: \"z9\" is not a square",
            ),
            (
                small("extends = \"chesss\""),
                "my.toml, line 5, column 11: extends: \"chesss\" is no built-in variant",
            ),
            (
                small("").replace("name = \"tiny\"", ""),
                "my.toml: name: missing",
            ),
            (
                small("").replace("name = \"tiny\"", "name = \"Tiny Game\""),
                "line 1, column 8: name: \"Tiny Game\" is not a variant name",
            ),
            (
                small("").replace(
                    "moves = [{ ride = [1, 0] }]",
                    "moves = [{ ride = [1, 0] }, { leap = [0, 1] }]",
                ),
                "my.toml, line 13, column 1: pieces[2] (rook): two of its moves reach (0, 1)",
            ),
            (
                small("").replace(
                    "moves = [{ ride = [1, 0] }]",
                    "betza = \"R\"\nmoves = [{ leap = [2, 0] }]",
                ),
                "pieces[2] (rook): two of its moves reach (0, 2)",
            ),
            (
                small("").replace("moves = [{ ride = [1, 0] }]", "betza = \"Rx\""),
                "my.toml, line 17, column 9: pieces[2] (rook): betza: in 'Rx': 'x'",
            ),
            (
                small("").replace(
                    "moves = [{ ride = [1, 0] }]",
                    &format!("moves = [{}]", ["{ leap = [1, 0] }"; 65].join(", ")),
                ),
                "my.toml, line 13, column 1: pieces[2] (rook): more than 64 moves",
            ),
            (
                small("") + &"[[pieces]]\nname = \"x\"\nsymbol = \"X\"\nvalue = 1\n".repeat(64),
                "my.toml: pieces: 66 kinds; at most 63 are supported",
            ),
            ("files = [".to_string(), "my.toml, line 1, column"),
            (
                "#".repeat(MAX_FILE_BYTES + 1),
                "my.toml: the file is larger than",
            ),
        ];
        for (text, expected) in cases {
            let message = error(&text);
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
    }

    #[test]
    fn loading_checks_the_start_and_keeps_names_apart() {
        let text = small("[regions]\nhome = \"a1-d2\"")
            .replace("name = \"tiny\"", "name = \"tiny-home\"")
            .replace("value = 0", "value = 0\nconfined-to = \"home\"")
            .replace("2k1/1r2/4/K2R", "1r2/4/2k1/K2R");
        let message = load(&text, "home.toml")
            .expect_err("c2 is outside a3-d4")
            .to_string();
        assert!(
            message.starts_with("home.toml, line 4, column 9: start: "),
            "{message}"
        );
        assert_eq!(load(&text, "home.toml").unwrap_err().to_string(), message);
        let text = text.replace("1r2/4/2k1/K2R", "1r2/2k1/4/K2R");
        let variant = load(&text, "home.toml").unwrap();
        assert_eq!(
            variant.spec().pieces[0].confined_to,
            Region::parse("a1-d2").ok()
        );
        assert!(std::ptr::eq(load(&text, "again.toml").unwrap(), variant));
        assert!(std::ptr::eq(loaded("tiny-home").unwrap(), variant));
        let other = text.replace("value = 500", "value = 501");
        let clash = load(&other, "other.toml").unwrap_err().to_string();
        assert_eq!(
            clash,
            "other.toml, line 1, column 8: name: another variant is called \"tiny-home\""
        );
        let chess = small("").replace("name = \"tiny\"", "name = \"chess\"");
        assert!(load(&chess, "chess.toml").is_err());
    }
}
