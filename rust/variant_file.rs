//! Variant files: a variant written as TOML, the format `docs/variants.md` describes. Every
//! built-in variant is such a file (`python/meiriqi/variants/`), and users write their own.
//!
//! A file names the board, the regions, the pieces with their movement (the atoms of
//! [`crate::atom`], or Betza notation), the rule switches and the start position. It may
//! `extends` a built-in variant (which may extend another in turn): it then says only what
//! differs, and a piece it gives with the symbol of one of the parent's replaces that piece in
//! place.
//!
//! A file is untrusted input: every mistake is reported as a [`VariantFileError`] naming the
//! file, the line and column, and the field; a mistake in an inherited part is placed at the
//! file's `extends` and names where the part comes from (the `sources` module).

mod document;
mod presentation;
mod sources;

use crate::atom::BlackMoves;
use crate::conventions::DrawClaims;
use crate::end_rules::{EndRules, GoalSpec};
use crate::geometry::Dimensions;
use crate::piece::{Color, MAX_KINDS};
use crate::region::Region;
use crate::text::quote;
use crate::variant::{
    CastlingSpec, DeadPositions, DropMate, Facing, PieceSpec, PromotionSpec, SpecPart,
    SquareValues, Stalemate, Variant, VariantSpec, WingSpec,
};
use document::{CastlingEntry, Document, MobilityTableEntry, PieceEntry, Role};
use sources::Sources;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
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
    /// One line, whatever the file's name and text hold: control characters are escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, message) = (one_line(&self.file), one_line(&self.message));
        match self.position {
            Some((line, column)) => write!(f, "{file}, line {line}, column {column}: {message}"),
            None => write!(f, "{file}: {message}"),
        }
    }
}

impl std::error::Error for VariantFileError {}

/// Whether `c` is a control character or breaks a line (`\n`, `\u{2028}`).
fn breaks_a_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// What keeps `text` from being one line of text, if anything does.
fn not_one_line(text: &str) -> Option<String> {
    let bad = text.chars().find(|&c| breaks_a_line(c))?;
    Some(format!(
        "{bad:?} is a control character or line break: one line of text"
    ))
}

/// `text` with its control characters and line breaks escaped, to print on one line.
fn one_line(text: &str) -> String {
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        match breaks_a_line(c) {
            true => line.extend(c.escape_default()),
            false => line.push(c),
        }
    }
    line
}

/// The largest square value read, either way, in centipawns.
const MAX_SQUARE_VALUE: i16 = 2_000;

/// The largest `mobility` read, in centipawns a square.
const MAX_MOBILITY: i32 = 100;

/// The most entries a `mobility-table` may hold (squares reached from none to one less).
const MAX_MOBILITY_ENTRIES: usize = 64;

/// A piece's `mobility-table` as entries of middlegame and endgame values by the number of
/// squares reached: both phases as many entries, from 1 to [`MAX_MOBILITY_ENTRIES`], each
/// within [`MAX_SQUARE_VALUE`] either way.
fn mobility_table(
    table: &MobilityTableEntry,
    field: &str,
    sources: &Sources<'_>,
) -> Result<Vec<[i32; 2]>, VariantFileError> {
    let limit = i32::from(MAX_SQUARE_VALUE);
    for (phase, values) in [
        ("middlegame", &table.middlegame),
        ("endgame", &table.endgame),
    ] {
        let why = if !(1..=MAX_MOBILITY_ENTRIES).contains(&values.get_ref().len()) {
            format!(
                "{} values, not 1 to {MAX_MOBILITY_ENTRIES}",
                values.get_ref().len()
            )
        } else if let Some(value) = values
            .get_ref()
            .iter()
            .find(|value| !(-limit..=limit).contains(*value))
        {
            format!("{value} is not a whole number from -{limit} to {limit}")
        } else {
            continue;
        };
        return Err(sources.at(
            values.span(),
            format!("{field}: mobility-table.{phase}: {why}"),
        ));
    }
    let (middlegame, endgame) = (table.middlegame.get_ref(), table.endgame.get_ref());
    if middlegame.len() != endgame.len() {
        return Err(sources.at(
            table.endgame.span(),
            format!(
                "{field}: mobility-table: {} middlegame values but {} endgame values",
                middlegame.len(),
                endgame.len()
            ),
        ));
    }
    Ok(middlegame
        .iter()
        .zip(endgame)
        .map(|(&mg, &eg)| [mg, eg])
        .collect())
}

/// The numbers of a board diagram `text` on a board of `dims`: one line a rank (the top rank
/// first; blank lines aside), numbers separated by spaces; indexed by `rank * files + file`.
fn square_diagram(text: &str, dims: Dimensions) -> Result<Vec<i16>, String> {
    let (files, ranks) = (usize::from(dims.files), usize::from(dims.ranks));
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() != ranks {
        return Err(format!(
            "{} lines of numbers, but the board has {ranks} ranks",
            lines.len()
        ));
    }
    let mut values = vec![0; files * ranks];
    for (row, line) in lines.iter().enumerate() {
        let rank = ranks - 1 - row;
        let numbers: Vec<&str> = line.split_whitespace().collect();
        if numbers.len() != files {
            return Err(format!(
                "rank {} has {} numbers, but the board has {files} files",
                rank + 1,
                numbers.len()
            ));
        }
        for (file, number) in numbers.iter().enumerate() {
            let value = number
                .parse::<i16>()
                .ok()
                .filter(|value| (-MAX_SQUARE_VALUE..=MAX_SQUARE_VALUE).contains(value))
                .ok_or_else(|| {
                    format!(
                        "rank {}: {} is not a whole number from -{MAX_SQUARE_VALUE} to \
                         {MAX_SQUARE_VALUE}",
                        rank + 1,
                        quote(number)
                    )
                })?;
            values[rank * files + file] = value;
        }
    }
    Ok(values)
}

/// The most movement atoms a piece may list: far beyond any real piece.
const MAX_ATOMS: usize = 64;

/// The largest variant file read: far beyond any real one, short of wasting memory.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The longest title read, in characters.
const MAX_TITLE: usize = 64;

/// A file read into a variant, with what the catalog needs to place its own checks (the start
/// position, names no other variant has).
pub(crate) struct Read<'a> {
    /// The variant.
    pub(crate) variant: Variant,
    /// Where the file gives the fields checked.
    pub(crate) places: Places<'a>,
}

/// Where a file (with what it extends) gives the variant's `name`, `title` and `start`.
pub(crate) struct Places<'a> {
    sources: Sources<'a>,
    name: Option<Range<usize>>,
    title: Option<Range<usize>>,
    aliases: Option<Range<usize>>,
    start: Option<Range<usize>>,
}

impl Places<'_> {
    /// An error about the start position, placed where the file gives it.
    pub(crate) fn start_error(&self, message: String) -> VariantFileError {
        self.error(&self.start, message)
    }

    /// An error about what lies at `span`, if anywhere.
    fn error(&self, span: &Option<Range<usize>>, message: String) -> VariantFileError {
        match span {
            Some(span) => self.sources.at(span.clone(), message),
            None => self.sources.whole(message),
        }
    }
}

/// Reads the variant file `text`, called `file` in errors, into a variant without its start
/// position, which the catalog reads; `parent` gives the text of the built-in variant a file
/// `extends`.
pub(crate) fn read<'a>(
    text: &'a str,
    file: &str,
    parent: impl Fn(&str) -> Option<&'static str>,
) -> Result<Read<'a>, VariantFileError> {
    let (sources, document) = Sources::read(text, file, parent)?;
    let span = |value: &Option<Spanned<String>>| value.as_ref().map(Spanned::span);
    let (name, title, start) = (
        span(&document.name),
        span(&document.title),
        span(&document.start),
    );
    let aliases = document.aliases.as_ref().map(Spanned::span);
    let variant = Checks { sources: &sources }.variant(document)?;
    Ok(Read {
        variant,
        places: Places {
            sources,
            name,
            title,
            aliases,
            start,
        },
    })
}

/// Checks that neither the name, the title nor an alias of `variant` (given at `places`) is the
/// name, title or alias of one of `others`, compared as game records look a variant up: in any
/// case (titles and aliases are ASCII).
pub(crate) fn check_unique(
    variant: &Variant,
    places: &Places<'_>,
    others: &[&Variant],
) -> Result<(), VariantFileError> {
    let spec = variant.spec();
    // Every name, title and alias taken, with the name of the variant a title or alias is of.
    let taken: Vec<(&str, Option<&str>)> = others
        .iter()
        .map(|other| other.spec())
        .flat_map(|other| {
            let names = [(&*other.name, None), (&*other.title, Some(&*other.name))];
            let aliases = other
                .aliases
                .iter()
                .map(|alias| (&**alias, Some(&*other.name)));
            names.into_iter().chain(aliases)
        })
        .collect();
    // A title not given is the name, and placed there.
    let title = match places.title {
        Some(_) => &places.title,
        None => &places.name,
    };
    let own = [
        ("name", &spec.name, &places.name),
        ("title", &spec.title, title),
    ];
    let aliases = spec
        .aliases
        .iter()
        .map(|alias| ("aliases", alias, &places.aliases));
    for (field, text, span) in own.into_iter().chain(aliases) {
        let clash = (taken.iter().find(|(called, _)| called == text)).or_else(|| {
            taken
                .iter()
                .find(|(called, _)| called.eq_ignore_ascii_case(text))
        });
        if let Some(&(called, title_of)) = clash {
            let mut why = format!("{field}: another variant is called {called:?}");
            if let Some(name) = title_of {
                why += &format!(" (a title or alias of {name:?})");
            }
            if called != text {
                why += "; names and titles are compared in any case";
            }
            return Err(places.error(span, why));
        }
    }
    Ok(())
}

/// The checks of a document read from `sources`, field by field, then as a whole.
struct Checks<'s, 'a> {
    sources: &'s Sources<'a>,
}

impl Checks<'_, '_> {
    /// The variant the document describes.
    fn variant(&self, document: Document) -> Result<Variant, VariantFileError> {
        let sources = self.sources;
        let required = |value: Option<Spanned<String>>, field: &str| {
            value.ok_or_else(|| sources.whole(format!("{field}: missing")))
        };
        let name = required(document.name, "name")?;
        if !valid_name(name.get_ref()) {
            return Err(sources.at(
                name.span(),
                format!(
                    "name: {:?} is not a variant name (lowercase letters, digits and '-')",
                    name.get_ref()
                ),
            ));
        }
        if let Some(title) = &document.title {
            if let Err(why) = check_title(title.get_ref()) {
                return Err(sources.at(title.span(), format!("title: {why}")));
            }
        }
        if let Some(aliases) = &document.aliases {
            for alias in aliases.get_ref() {
                if let Err(why) = check_title(alias) {
                    return Err(sources.at(aliases.span(), format!("aliases: {alias:?}: {why}")));
                }
            }
        }
        if let Some(description) = &document.description {
            if let Some(why) = not_one_line(description.get_ref()) {
                return Err(sources.at(description.span(), format!("description: {why}")));
            }
        }
        if let Some(network) = &document.evaluation.network {
            let name = network.get_ref();
            if !name.is_empty() && crate::network::built_in(name).is_none() {
                let known: Vec<&str> = crate::network::BUILT_IN.iter().map(|(n, _)| *n).collect();
                let why = format!("no built-in network {name:?} (known: {known:?})");
                return Err(sources.at(network.span(), format!("evaluation.network: {why}")));
            }
        }
        let (Some(files), Some(ranks)) = (document.files, document.ranks) else {
            return Err(sources.whole("files, ranks: the board's size is missing".into()));
        };
        for (size, most, field) in [
            (&files, crate::geometry::MAX_FILES, "files"),
            (&ranks, crate::geometry::MAX_RANKS, "ranks"),
        ] {
            if !(1..=most).contains(size.get_ref()) {
                return Err(sources.at(
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
            sources,
            named: &document.regions,
            dimensions,
        };
        for (name, text) in &document.regions {
            regions.get(text, &format!("regions.{name}"))?;
        }
        if document.pieces.len() > MAX_KINDS {
            return Err(sources.whole(format!(
                "pieces: {} kinds; at most {MAX_KINDS} are supported",
                document.pieces.len()
            )));
        }
        let black_moves = document.rules.black_moves.unwrap_or_default();
        let pieces = document
            .pieces
            .iter()
            .enumerate()
            .map(|(index, piece)| self.piece(piece, index, &regions, black_moves))
            .collect::<Result<Vec<_>, _>>()?;
        let rules = document.rules;
        let display = document.display;
        let optional_region = |value: &Option<Spanned<String>>, field: &str| {
            value
                .as_ref()
                .map_or(Ok(Region::default()), |text| regions.get(text, field))
        };
        let castling_span = document.castling.as_ref().map(Spanned::span);
        let hand_order_span = rules.hand_order.as_ref().map(Spanned::span);
        let goal_span = rules.goal.as_ref().map(Spanned::span);
        let counting_span = rules.counting.as_ref().map(Spanned::span);
        let kingless_span = rules.kingless.as_ref().map(Spanned::span);
        let goal = rules
            .goal
            .map(|goal| {
                let goal = goal.into_inner();
                Ok::<_, VariantFileError>(GoalSpec {
                    piece: goal.piece,
                    region: regions.get(&goal.region, "rules.goal: region")?,
                    black_region: goal
                        .black_region
                        .map(|region| regions.get(&region, "rules.goal: black-region"))
                        .transpose()?,
                    black_may_equalize: goal.black_may_equalize,
                })
            })
            .transpose()?;
        let castling = document
            .castling
            .map(|castling| self.castling(castling, &regions))
            .transpose()?;
        let start = required(document.start, "start")?;
        let title = document
            .title
            .map_or_else(|| name.get_ref().clone(), Spanned::into_inner);
        let presentation = presentation::Written {
            display_title: document.display_title,
            fortress_name: display.fortress_name,
            diagram_support: display.diagram_support,
            examples: document.examples,
            xboard: document.xboard,
        }
        .read(sources, &title, &document.pieces, &pieces)?;
        let spec = VariantSpec {
            name: name.get_ref().clone(),
            title,
            aliases: document
                .aliases
                .map(Spanned::into_inner)
                .unwrap_or_default(),
            description: document
                .description
                .map(Spanned::into_inner)
                .unwrap_or_default(),
            dimensions,
            pieces,
            start_fen: start.get_ref().clone(),
            fortress: optional_region(&display.fortress, "display.fortress")?,
            palace_points: optional_region(&display.palace_points, "display.palace-points")?,
            river: display.river.unwrap_or(false),
            camp_depth: rules.camp_depth.unwrap_or(0),
            promotes_leaving_zone: rules.promotes_leaving_zone.unwrap_or(false),
            black_moves,
            facing: rules.facing.unwrap_or(Facing::Allowed),
            stalemate: rules.stalemate.unwrap_or(Stalemate::Draws),
            pass: rules.pass.unwrap_or(false),
            material_count: rules.material_count,
            en_passant: rules.en_passant.unwrap_or(false),
            en_passant_fen: rules.en_passant_fen.unwrap_or_default(),
            en_passant_region: rules
                .en_passant_region
                .map(|region| regions.get(&region, "rules.en-passant-region"))
                .transpose()?,
            king_swap: rules.king_swap.unwrap_or(false),
            castling,
            hands: rules.hands.unwrap_or(false),
            hand_order: rules
                .hand_order
                .map(Spanned::into_inner)
                .unwrap_or_default(),
            drop_promoted: rules.drop_promoted.unwrap_or(false),
            must_drop: rules.must_drop.unwrap_or(false),
            lone_pawn_stalemate: rules.lone_pawn_stalemate.unwrap_or(false),
            drops: rules.drops.unwrap_or(true),
            gating: rules.gating.unwrap_or(false),
            stuck_pieces: rules.stuck_pieces.unwrap_or_default(),
            promotions_reset_clock: rules.promotions_reset_clock.unwrap_or(false),
            chess_draws: rules.chess_draws.unwrap_or(false),
            attack_terms: document.evaluation.attacks.unwrap_or(false),
            network: (document.evaluation.network)
                .map(Spanned::into_inner)
                .filter(|name| !name.is_empty()),
            dead_positions: rules.dead_positions.unwrap_or(DeadPositions::None),
            draw_claims: DrawClaims {
                move_rule: rules.move_rule.unwrap_or(0),
                repetition_rule: rules.repetition_rule.unwrap_or(0),
            },
            extinction: rules.extinction,
            prince_limit: rules.prince_limit.unwrap_or(0),
            crossing_limit: rules.crossing_limit.unwrap_or(false),
            end_rules: EndRules {
                check_limit: rules.check_limit.unwrap_or(0),
                checks: rules.checks.unwrap_or_default(),
                goal,
                kingless: rules.kingless.map(Spanned::into_inner),
                counting: rules.counting.map(Spanned::into_inner),
            },
            presentation,
        };
        // The whole-variant checks: symbols, royalty, promotion targets.
        Variant::build(spec).map_err(|error| {
            let span = match error.part {
                SpecPart::Whole => None,
                SpecPart::Piece(index) => document.pieces.get(index).map(Spanned::span),
                SpecPart::Castling => castling_span,
                SpecPart::HandOrder => hand_order_span,
                SpecPart::Goal => goal_span,
                SpecPart::Counting => counting_span,
                SpecPart::Kingless => kingless_span,
            };
            match span {
                Some(span) => sources.at(span, error.message),
                None => sources.whole(error.message),
            }
        })
    }

    /// The piece `index` (from 0) of the table, in a variant whose Black moves follow from
    /// White's as `black_moves` says.
    fn piece(
        &self,
        piece: &Spanned<PieceEntry>,
        index: usize,
        regions: &Regions<'_, '_>,
        black_moves: BlackMoves,
    ) -> Result<PieceSpec, VariantFileError> {
        let sources = self.sources;
        let field = format!("pieces[{}] ({})", index + 1, piece.get_ref().name);
        let entry = piece.get_ref();
        if let Some(why) = not_one_line(&entry.name) {
            return Err(sources.at(piece.span(), format!("{field}: name: {why}")));
        }
        if entry.moves.len() > MAX_ATOMS {
            return Err(sources.at(
                piece.span(),
                format!("{field}: more than {MAX_ATOMS} moves"),
            ));
        }
        let dims = regions.dimensions;
        let mut atoms = entry
            .moves
            .iter()
            .map(|atom| {
                let entry = atom.get_ref();
                let read = entry
                    .atom(dims.ranks)
                    .map_err(|why| sources.at(atom.span(), format!("{field}: moves: {why}")))?;
                match entry.within() {
                    None => Ok(read),
                    Some(region) => {
                        let region = regions.get(region, &format!("{field}: moves: within"))?;
                        Ok(read.within(region.squares(dims, Color::White)))
                    }
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(betza) = &entry.betza {
            let read = crate::betza::parse(betza.get_ref(), black_moves)
                .map_err(|why| sources.at(betza.span(), format!("{field}: betza: {why}")))?;
            atoms.extend(read);
        }
        if let Some((dx, dy)) = crate::atom::twice_reached(&atoms) {
            return Err(sources.at(
                piece.span(),
                format!(
                    "{field}: two of its moves reach ({dx}, {dy}) from the same square alike, \
                     so that move would be made twice"
                ),
            ));
        }
        if atoms.is_empty() {
            return Err(sources.at(
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
                    style: promotion.style,
                    limit: promotion.limit,
                    last_anywhere: promotion.last_anywhere,
                })
            })
            .transpose()?;
        let drop_zone = entry
            .drop_zone
            .as_ref()
            .map(|text| regions.get(text, &format!("{field}: drop-zone")))
            .transpose()?;
        let per_file = match (&entry.per_file, entry.one_per_file) {
            (None, one) => u8::from(one),
            (Some(count), false) if *count.get_ref() > 0 => *count.get_ref(),
            (Some(count), false) => {
                return Err(sources.at(
                    count.span(),
                    format!(
                        "{field}: per-file: 0 would forbid every drop; leave it out for no limit"
                    ),
                ))
            }
            (Some(count), true) => {
                return Err(sources.at(
                    count.span(),
                    format!("{field}: give per-file or one-per-file, not both"),
                ))
            }
        };
        let drop_mate = match (&entry.drop_mate, entry.no_drop_mate) {
            (None, false) => DropMate::Allowed,
            (None, true) => DropMate::Illegal,
            (Some(mate), false) => *mate.get_ref(),
            (Some(mate), true) => {
                return Err(sources.at(
                    mate.span(),
                    format!("{field}: give drop-mate or no-drop-mate, not both"),
                ))
            }
        };
        let mobility = entry
            .mobility
            .as_ref()
            .map(|weight| match *weight.get_ref() {
                weight @ 0..=MAX_MOBILITY => Ok(weight),
                other => Err(sources.at(
                    weight.span(),
                    format!(
                        "{field}: mobility: {other} is not a whole number from 0 to {MAX_MOBILITY}"
                    ),
                )),
            })
            .transpose()?;
        let square_values = entry
            .square_values
            .as_ref()
            .map(|values| {
                let diagram = |text: &Spanned<String>, phase: &str| {
                    square_diagram(text.get_ref(), dims).map_err(|why| {
                        sources.at(
                            text.span(),
                            format!("{field}: square-values.{phase}: {why}"),
                        )
                    })
                };
                Ok(SquareValues {
                    middlegame: diagram(&values.middlegame, "middlegame")?,
                    endgame: diagram(&values.endgame, "endgame")?,
                })
            })
            .transpose()?;
        let mobility_table = entry
            .mobility_table
            .as_ref()
            .map(|table| mobility_table(table, &field, sources))
            .transpose()?;
        let has = |role: Role| entry.roles.contains(&role);
        let san_synonyms = entry
            .san_synonyms
            .iter()
            .map(|letter| match letter.get_ref().as_bytes() {
                [capital] if capital.is_ascii_uppercase() => Ok(letter.get_ref().clone()),
                _ => Err(sources.at(
                    letter.span(),
                    format!(
                        "{field}: san-synonyms: {} is not one capital letter",
                        quote(letter.get_ref())
                    ),
                )),
            })
            .collect::<Result<_, _>>()?;
        Ok(PieceSpec {
            name: entry.name.clone(),
            symbol: entry.symbol.clone(),
            san_synonyms,
            atoms,
            confined_to,
            promotion,
            royal: has(Role::Royal),
            pawn: has(Role::Pawn),
            resets_clock: entry.resets_clock,
            swappable: entry.swappable,
            value: entry.value,
            mobility,
            square_values,
            mobility_table,
            to_hand: entry.to_hand.clone(),
            drop_zone,
            per_file,
            drop_mate,
            prince: has(Role::Prince),
            relevant: has(Role::Relevant),
            screen_not: entry.screen_not.clone(),
            captures_not: entry.captures_not.clone(),
            about: entry.about.clone().unwrap_or_default(),
        })
    }

    /// The castling rules.
    fn castling(
        &self,
        castling: Spanned<CastlingEntry>,
        regions: &Regions<'_, '_>,
    ) -> Result<CastlingSpec, VariantFileError> {
        let sources = self.sources;
        let span = castling.span();
        let castling = castling.into_inner();
        let file = |letter: &Spanned<char>, field: &str| {
            let number = u32::from(*letter.get_ref()).wrapping_sub(u32::from('a'));
            u8::try_from(number)
                .ok()
                .filter(|&file| file < regions.dimensions.files)
                .ok_or_else(|| {
                    sources.at(
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
            return Err(sources.at(span, "castling: no wings".into()));
        }
        Ok(CastlingSpec {
            king_region: regions.get(&castling.king_region, "castling: king-region")?,
            wings,
        })
    }
}

/// The regions a file names, for reading a region field: a name from `[regions]` or squares.
struct Regions<'a, 'b> {
    sources: &'a Sources<'b>,
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
            self.sources.at(
                span.clone(),
                format!("{field}: {why} (nor a region named in [regions])"),
            )
        })?;
        if !region.fits(self.dimensions) {
            return Err(self.sources.at(
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

/// Checks that `title` may title a variant in game records: printable ASCII (as the tags of
/// records are portable, and compared in any case), on one line, without spaces at its ends.
fn check_title(title: &str) -> Result<(), String> {
    if let Some(bad) = title.chars().find(|c| !(' '..='~').contains(c)) {
        let what = match bad.is_control() {
            true => "a control character",
            false => "not printable ASCII",
        };
        return Err(format!(
            "{bad:?} is {what}: a title is one line of printable ASCII"
        ));
    }
    if title.trim() != title || title.is_empty() {
        return Err(format!("{title:?} is empty or has spaces at its ends"));
    }
    if title.chars().count() > MAX_TITLE {
        return Err(format!("longer than {MAX_TITLE} characters"));
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalog::BUILT_IN;

    /// A small game of a user's: Kings and Rooks on 4x4, plus whatever `extra` adds.
    pub(crate) fn small(extra: &str) -> String {
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
        crate::catalog::read(text, "my.toml")
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

    /// `small`'s file with the Rook's `square-values` tables given as `middlegame` and
    /// `endgame`.
    fn with_square_values(middlegame: &str, endgame: &str) -> String {
        small("")
            + &format!(
                "\n[pieces.square-values]\nmiddlegame = \"\"\"\n{middlegame}\"\"\"\n\
                 endgame = \"\"\"\n{endgame}\"\"\"\n"
            )
    }

    #[test]
    fn square_values_are_read_from_white_s_side_and_turned_for_black() {
        let middlegame = " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 16\n";
        let endgame = "-1 -2 -3 -4\n\n-5 -6 -7 -8\n-9 -10 -11 -12\n-13 -14 -15 -16\n";
        let variant = read(&with_square_values(middlegame, endgame)).unwrap();
        let rook = variant.kind_by_letter('R').unwrap();
        let eval = variant.eval_tables();
        let square = |name| crate::geometry::Square::parse(name).unwrap();
        assert_eq!(
            eval.square_term(Color::White, rook, square("a1")),
            [13, -13]
        );
        assert_eq!(eval.square_term(Color::White, rook, square("d4")), [4, -4]);
        assert_eq!(
            eval.square_term(Color::Black, rook, square("a4")),
            [13, -13]
        );
        assert_eq!(eval.square_term(Color::Black, rook, square("c1")), [3, -3]);
    }

    #[test]
    fn square_values_are_inherited_on_a_board_of_the_same_size_only() {
        let xiangqi = Variant::by_name("xiangqi").unwrap();
        let chariot = xiangqi.kind_by_letter('R').unwrap();
        let square = crate::geometry::Square::parse("d9").unwrap();
        let given = xiangqi
            .eval_tables()
            .square_term(Color::White, chariot, square);
        let same = read("extends = \"xiangqi\"\nname = \"same-board\"\n").unwrap();
        assert_eq!(
            same.eval_tables()
                .square_term(Color::White, chariot, square),
            given
        );
        // Nine files and nine ranks: the parent's ten lines of numbers no longer fit.
        let smaller = read(
            "extends = \"xiangqi\"\nname = \"smaller-board\"\nranks = 9\n\
             start = \"3k5/9/9/9/9/9/9/9/4K4 w - - 0 1\"\n",
        );
        assert!(smaller.is_ok(), "{smaller:?}");
    }

    #[test]
    fn square_values_must_fill_the_board_with_small_whole_numbers() {
        let full = "0 0 0 0\n".repeat(4);
        let cases = [
            (
                with_square_values(&"0 0 0 0\n".repeat(3), &full),
                "square-values.middlegame: 3 lines of numbers, but the board has 4 ranks",
            ),
            (
                with_square_values(&full, "0 0 0 0\n0 0 0\n0 0 0 0\n0 0 0 0\n"),
                "square-values.endgame: rank 3 has 3 numbers, but the board has 4 files",
            ),
            (
                with_square_values(&full.replacen('0', "x", 1), &full),
                "rank 4: \"x\" is not a whole number from -2000 to 2000",
            ),
            (
                with_square_values(&full, &full.replacen('0', "2001", 1)),
                "rank 4: \"2001\" is not a whole number",
            ),
            (
                // The one i16 whose absolute value overflows.
                with_square_values(&full, &full.replacen('0', "-32768", 1)),
                "rank 4: \"-32768\" is not a whole number",
            ),
        ];
        for (text, expected) in cases {
            let message = error(&text);
            assert!(message.contains(expected), "{message}");
            assert!(message.contains("pieces[2] (rook)"), "{message}");
        }
    }

    #[test]
    fn the_evaluation_weighs_attacks_where_the_file_asks() {
        assert!(!read(&small("")).unwrap().eval_tables().attacks());
        let asked = read(&small("[evaluation]\nattacks = true\n")).unwrap();
        assert!(asked.eval_tables().attacks());
        let message = error(&small("[evaluation]\nattacks = 1\n"));
        assert!(message.contains("line 6, column 11"), "{message}");
        assert!(message.contains("expected a boolean"), "{message}");
        // A game made from chess weighs them as chess does, unless it says otherwise.
        let child = "extends = \"chess\"\nname = \"mine\"\n";
        assert!(read(child).unwrap().eval_tables().attacks());
        let plain = format!("{child}[evaluation]\nattacks = false\n");
        assert!(!read(&plain).unwrap().eval_tables().attacks());
    }

    #[test]
    fn the_evaluation_adds_a_network_the_file_names_if_it_fits() {
        assert!(read(&small("")).unwrap().eval_tables().network().is_none());
        let child = "extends = \"chess\"\nname = \"mine\"\n";
        assert!(read(child).unwrap().eval_tables().network().is_some());
        let message = error(&small("[evaluation]\nnetwork = \"go\"\n"));
        assert!(message.contains("line 6, column 11"), "{message}");
        assert!(message.contains("no built-in network \"go\""), "{message}");
        // Chess's network does not fit a smaller board, nor other pieces: none is added.
        let smaller = read(&small("[evaluation]\nnetwork = \"chess\"\n")).unwrap();
        assert!(smaller.eval_tables().network().is_none());
        let more_kinds = format!(
            "{child}[[pieces]]\nname = \"wazir\"\nsymbol = \"W\"\nvalue = 150\n\
             moves = [{{ leap = [1, 0] }}]\n"
        );
        let more_kinds = read(&more_kinds).unwrap();
        assert_eq!(
            more_kinds.rules().count(),
            7,
            "the Wazir is added, not put in place"
        );
        assert!(more_kinds.eval_tables().network().is_none());
        let without = format!("{child}[evaluation]\nnetwork = \"\"\n");
        assert!(read(&without).unwrap().eval_tables().network().is_none());
    }

    #[test]
    fn a_piece_s_mobility_is_read_or_derived_from_its_value() {
        let rook = |variant: &Variant| {
            let rook = variant.kind_by_letter('R').unwrap();
            variant.eval_tables().mobility(rook)
        };
        let derived = read(&small("")).unwrap();
        assert_eq!(rook(&derived), 3, "4 less one per 300 of its 500");
        let given = small("").replace("value = 500", "value = 500\nmobility = 7");
        assert_eq!(rook(&read(&given).unwrap()), 7);
        for wrong in ["-1", "101"] {
            let text =
                small("").replace("value = 500", &format!("value = 500\nmobility = {wrong}"));
            let message = error(&text);
            assert!(
                message.contains(&format!(
                    "pieces[2] (rook): mobility: {wrong} is not a whole number from 0 to 100"
                )),
                "{message}"
            );
        }
    }

    #[test]
    fn a_piece_s_mobility_table_is_read_and_checked() {
        let with_table = |middlegame: &str, endgame: &str| {
            small("").replace(
                "moves = [{ ride = [1, 0] }]",
                &format!(
                    "moves = [{{ ride = [1, 0] }}]\n[pieces.mobility-table]\n\
                     middlegame = {middlegame}\nendgame = {endgame}"
                ),
            )
        };
        let variant = read(&with_table("[-20, 0, 10]", "[-5, 5, 15]")).unwrap();
        let rook = variant.kind_by_letter('R').unwrap();
        let tables = variant.eval_tables();
        assert_eq!(tables.mobility_bonus(rook, 0), [-20, -5]);
        assert_eq!(tables.mobility_bonus(rook, 2), [10, 15]);
        assert_eq!(
            tables.mobility_bonus(rook, 6),
            [10, 15],
            "the last entry for more"
        );
        let plain = read(&small("")).unwrap();
        assert_eq!(
            plain.eval_tables().mobility_bonus(rook, 4),
            [12, 12],
            "3 a square"
        );
        for (middlegame, endgame, why) in [
            (
                "[]",
                "[]",
                "mobility-table.middlegame: 0 values, not 1 to 64",
            ),
            (
                "[1, 2]",
                "[1, 2, 3]",
                "mobility-table: 2 middlegame values but 3 endgame values",
            ),
            (
                "[1]",
                "[2001]",
                "mobility-table.endgame: 2001 is not a whole number from -2000",
            ),
            (
                "[-2147483648]",
                "[0]",
                "mobility-table.middlegame: -2147483648 is not a whole number from -2000",
            ),
        ] {
            let message = error(&with_table(middlegame, endgame));
            assert!(
                message.contains(&format!("pieces[2] (rook): {why}")),
                "{message}"
            );
        }
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
                "my.toml, line 17, column 10: pieces[2] (rook): moves: ride: [0, 0] is not a step",
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
            (
                small("").replace("ride = [1, 0]", "leap = [1, 0, 5, 7, 99999]"),
                "my.toml, line 17, column 10: pieces[2] (rook): moves: leap: [1, 0, 5, 7, 99999] \
                 is not a step",
            ),
            (
                small("").replace("value = 500", "value = 500\npromotion = { to = [\"K\"] }"),
                "my.toml, line 13, column 1: variant \"tiny\": the promotion of the rook names the \
                 royal king",
            ),
            (
                small("[rules]\nhands = true")
                    .replace("value = 500", "value = 500\nto-hand = \"K\"")
                    .replace("K2R w", "K2R[] w"),
                "the hand of the rook names the royal king",
            ),
            (
                small("").replace("name = \"tiny\"", "name = \"tiny\"\ntitle = \"Tiny\\nGame\""),
                "my.toml, line 2, column 9: title: '\\n' is a control character",
            ),
            (
                small("[regions]\n\"ho\\nme\" = \"z9\""),
                "my.toml, line 6, column 12: regions.ho\\nme: \"z9\" is not a square",
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
    fn movement_keys_are_read_and_checked() {
        let rook = "moves = [{ ride = [1, 0] }]";
        let with = |moves: &str| small("").replace(rook, moves);
        // A Grasshopper's hop, a quiet hop and a capturing one; a lame leap through two squares;
        // an atom kept to a region.
        for moves in [
            "moves = [{ ride = [1, 0], hop = \"behind\" }]",
            "moves = [{ ride = [1, 0], hop = \"beyond\", mode = \"move-only\" }]",
            "moves = [{ ride = [1, 1], hop = \"behind\", mode = \"capture-only\", limit = 3 }]",
            "moves = [{ ride = [1, 0] }, { leap = [1, 1], through = [[0, 1], [1, 1]] }]",
            "moves = [{ ride = [1, 0] }, { leap = [1, 1], through = [[0, 1]] }]",
            "moves = [{ ride = [1, 0] }, { ride = [1, 1], within = \"a1 b2 c3\" }]",
        ] {
            read(&with(moves)).unwrap_or_else(|error| panic!("{moves}: {error}"));
        }
        let atoms = |moves: &str| read(&with(moves)).unwrap().spec().pieces[1].atoms.clone();
        let elephant =
            atoms("moves = [{ ride = [1, 0] }, { leap = [1, 1], through = [[0, 1], [1, 1]] }]");
        assert_eq!(
            elephant[1],
            crate::atom::Atom::through_two((0, 1), (1, 1), 1, 1)
        );
        let cases = [
            (
                with("moves = [{ ride = [1, 0], hop = \"behind\", mode = \"hop\" }]"),
                "pieces[2] (rook): moves: hop goes with mode move-or-capture, move-only or \
                 capture-only, not \"hop\"",
            ),
            (
                with("moves = [{ leap = [1, 0], hop = \"beyond\" }]"),
                "moves: hop goes with ride, bent and crooked",
            ),
            (
                with("moves = [{ leap = [1, 0], through = [[0, 1], [0, 1], [0, 1]] }]"),
                "moves: through: [[0, 1], [0, 1], [0, 1]] is not a step [x, y] nor a list of at \
                 most 2 steps",
            ),
            (
                with("moves = [{ leap = [1, 0], through = [[0, 1], \"x\"] }]"),
                "moves: through: [[0, 1], ...] is not a step",
            ),
            (
                with("moves = [{ ride = [1, 0], within = \"lines\" }]"),
                "pieces[2] (rook): moves: within: \"lines\" is not a square",
            ),
            (
                with("moves = [{ ride = [1, 0], hop = \"sideways\" }]"),
                "unknown variant `sideways`, expected `beyond` or `behind`",
            ),
            (
                small("").replace("value = 500", "value = 500\nscreen-not = [\"C\"]"),
                "the screens not jumped of the rook names \"C\", which is no piece of it",
            ),
            (
                small("").replace("value = 500", "value = 500\ncaptures-not = [\"K\"]"),
                "the rook's captures-not names the royal king",
            ),
            (
                with("betza = \"fRrbBlbF\""),
                "moves differently to the left and to the right",
            ),
            (
                small("[rules]\nblack-moves = \"mirror\""),
                "unknown variant `mirror`, expected `mirrored` or `rotated`",
            ),
        ];
        for (text, expected) in cases {
            let message = error(&text);
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        // Turned half a turn for Black, a piece unlike left and right is read.
        let rotated =
            small("[rules]\nblack-moves = \"rotated\"").replace(rook, "betza = \"fRrbBlbF\"");
        assert_eq!(read(&rotated).unwrap().spec().pieces[1].atoms.len(), 3);
    }

    /// A file extending `parent` on a 6x6 board, after a comment of multi-byte characters.
    fn smaller_child(parent: &str) -> String {
        format!(
            "# {}\nextends = \"{parent}\"\nname = \"small\"\nfiles = 6\nranks = 6\n\
             start = \"5k/6/6/6/6/K5 w - - 0 1\"\n",
            "\u{15d}".repeat(500)
        )
    }

    #[test]
    fn an_inherited_mistake_is_placed_at_extends() {
        // Chess's castling Rook on h1 is off a 6x6 board: the parent's byte offset lies inside
        // a multi-byte character of the child, and on another line.
        let chess = include_str!("../python/meiriqi/variants/chess.toml");
        let rook_line = 1 + chess
            .lines()
            .position(|line| line.starts_with("rook-region = \"h1\""))
            .expect("chess castles with the Rook on h1");
        assert_eq!(
            error(&smaller_child("chess")),
            format!(
                "my.toml, line 2, column 11: castling: rook-region: \"h1\" lies partly off the \
                 board (inherited from \"chess\", line {rook_line}, column 15)"
            )
        );
        // From a grandparent: the Korean Mitregi extends Mitregi, whose River half is a1-l6.
        let message = error(&smaller_child("wildeurasian-mitregi-korean"));
        assert!(
            message.starts_with("my.toml, line 2, column 11: regions.own-half: \"a1-l6\"")
                && message
                    .ends_with("(inherited from \"wildeurasian-mitregi\", line 14, column 12)"),
            "{message}"
        );
        // Every built-in parent: no panic, and a place in the child's own text.
        for (name, _) in BUILT_IN {
            let text = smaller_child(name);
            if let Err(error) = read(&text) {
                let (line, column) = error.position.expect("placed");
                let shown = text.lines().nth(line - 1).expect("a line of the file");
                assert!(column <= shown.chars().count() + 1, "{error}");
            }
        }
    }

    #[test]
    fn positions_inside_a_character_or_past_the_end_are_placed() {
        let text = "a\n\u{15d}\u{15d}b";
        assert_eq!(sources::line_and_column(text, 0), (1, 1));
        assert_eq!(sources::line_and_column(text, 2), (2, 1));
        assert_eq!(sources::line_and_column(text, 3), (2, 1));
        assert_eq!(sources::line_and_column(text, 4), (2, 2));
        assert_eq!(sources::line_and_column(text, 99), (2, 4));
    }

    #[test]
    fn a_chain_of_extends_reads_every_variant_of_it() {
        let text = "extends = \"yangqi-berolina\"\nname = \"grandchild\"\n";
        let variant = read(text).unwrap();
        let berolina = Variant::by_name("yangqi-berolina").unwrap().spec();
        assert_eq!(variant.spec().pieces, berolina.pieces);
        assert_eq!(variant.spec().start_fen, berolina.start_fen);
        assert_eq!(variant.spec().title, berolina.title);
    }
}
