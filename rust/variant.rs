//! Variants as data: a board size, regions, pieces built from movement atoms, and rule switches.

use crate::atom::Atom;
use crate::geometry::{Dimensions, Square};
use crate::piece::{Color, Kind, KIND_SLOTS};
use crate::square_set::SquareSet;
use crate::tables::Tables;
use crate::variants;
use std::sync::OnceLock;

/// How one kind of piece behaves in a variant.
#[derive(Clone, Copy, Debug)]
pub struct PieceRule {
    /// The kind of piece.
    pub kind: Kind,
    /// Its uppercase letter in FEN and SAN.
    pub letter: char,
    /// Its movement, from White's point of view.
    pub atoms: &'static [Atom],
    /// Squares (White's side; mirrored for Black) the piece may never leave.
    pub confined_to: Option<&'static [&'static str]>,
    /// What it may become when a move ends in its owner's promotion zone.
    pub promotes: Promotes,
}

/// What a piece may become when a move ends in its owner's promotion zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotes {
    /// It never promotes.
    Never,
    /// It may promote to this kind (or stay as it is).
    To(Kind),
    /// It promotes to a kind chosen under the variant's [`PromotionChoice`].
    Choice,
}

/// The kinds a [`Promotes::Choice`] piece may become, and whether it must.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionChoice {
    /// It must promote, to a kind of its owner's that has been captured (fewer on the board than
    /// at the start; never a King or a piece of its own kind); with none, it may not enter the
    /// zone at all.
    CapturedKinds,
    /// It may promote to any kind of the game but the King and its own.
    AnyKind,
}

/// What having no legal move while not in check means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// The side to move loses.
    Loses,
    /// The game is drawn.
    Draws,
}

/// The complete definition of a variant, written as constant data.
#[derive(Debug)]
pub struct VariantSpec {
    /// Short machine name, such as `meiriqi`.
    pub name: &'static str,
    /// The name used in game records, such as `Meiriqi`.
    pub title: &'static str,
    /// Board size.
    pub dimensions: Dimensions,
    /// Every piece kind in play (the first must be the King).
    pub pieces: &'static [PieceRule],
    /// The starting position.
    pub start_fen: &'static str,
    /// White's fortress (mirrored for Black), for display; empty when the game has none.
    pub fortress: &'static [&'static str],
    /// The points of White's fortress joined by its 'X' lines, for display.
    pub palace_points: &'static [&'static str],
    /// Number of ranks, at the far side, of each player's promotion zone.
    pub camp_depth: u8,
    /// Whether the Kings may never stand on one file with nothing between them.
    pub facing_kings: bool,
    /// One line about the variant, for lists.
    pub description: &'static str,
    /// How [`Promotes::Choice`] pieces choose.
    pub promotion_choice: PromotionChoice,
    /// What stalemate means.
    pub stalemate: Stalemate,
    /// Whether a Pawn may capture en passant a Pawn that has just made a two-square move.
    pub en_passant: bool,
    /// Whether a King not in check may swap places with an adjacent friendly piece that is not
    /// a Pawn, as a whole move.
    pub king_swap: bool,
    /// Whether the chess draws apply: the fifty-move rule and threefold repetition may be
    /// claimed, seventy-five moves and fivefold repetition end the game, and two bare Kings are
    /// a dead position.
    pub chess_draws: bool,
}

/// A variant ready for play: its definition plus the tables built from it.
#[derive(Debug)]
pub struct Variant {
    spec: &'static VariantSpec,
    rules: [Option<PieceRule>; KIND_SLOTS],
    camps: [SquareSet; 2],
    start_counts: [[u8; KIND_SLOTS]; 2],
    tables: Tables,
}

impl Variant {
    /// Builds the variant's tables from its definition.
    fn build(spec: &'static VariantSpec) -> Variant {
        let mut rules = [None; KIND_SLOTS];
        for rule in spec.pieces {
            rules[rule.kind.number() as usize] = Some(*rule);
        }
        let dims = spec.dimensions;
        let white_camp: SquareSet = dims
            .squares()
            .filter(|s| s.rank() >= dims.ranks - spec.camp_depth)
            .collect();
        let black_camp: SquareSet = white_camp.iter().map(|s| dims.mirror(s)).collect();
        let mut variant = Variant {
            spec,
            rules,
            camps: [white_camp, black_camp],
            start_counts: [[0; KIND_SLOTS]; 2],
            tables: Tables::default(),
        };
        let placement = spec.start_fen.split_whitespace().next().unwrap_or_default();
        for letter in placement.chars().filter(char::is_ascii_alphabetic) {
            let kind = variant
                .kind_by_letter(letter.to_ascii_uppercase())
                .expect("start positions use the variant's letters");
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            variant.start_counts[color.index()][kind.number() as usize] += 1;
        }
        variant.tables = Tables::build(&variant);
        variant
    }

    /// The variant called `name`, if there is one. Each is built on first use.
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        static BUILT: [OnceLock<Variant>; variants::ALL.len()] =
            [const { OnceLock::new() }; variants::ALL.len()];
        let index = variants::ALL.iter().position(|spec| spec.name == name)?;
        Some(BUILT[index].get_or_init(|| Variant::build(variants::ALL[index])))
    }

    /// Mĕirìqí, the flagship variant.
    pub fn meiriqi() -> &'static Variant {
        Variant::by_name("meiriqi").expect("meiriqi is always defined")
    }

    /// The definitions of every variant, the flagship first.
    pub fn all() -> &'static [&'static VariantSpec] {
        variants::ALL
    }

    /// The kind a lowercase-or-uppercase promotion `letter` names without knowing the variant:
    /// kinds some piece may promote to come first, so `P` is Yáng Qí's Cannon, not Mĕirìqí's
    /// Pegasus; other letters name the kind they name in the first variant that has one.
    pub fn promotion_kind_by_letter(letter: char) -> Option<Kind> {
        let letter = letter.to_ascii_uppercase();
        let is_target = |spec: &VariantSpec, kind: Kind| {
            spec.pieces.iter().any(|rule| match rule.promotes {
                Promotes::Never => false,
                Promotes::To(target) => target == kind,
                Promotes::Choice => kind != Kind::King && kind != rule.kind,
            })
        };
        let named = |target_only: bool| {
            Variant::all().iter().find_map(|spec| {
                spec.pieces
                    .iter()
                    .find(|rule| {
                        rule.letter == letter && (!target_only || is_target(spec, rule.kind))
                    })
                    .map(|rule| rule.kind)
            })
        };
        named(true).or_else(|| named(false))
    }

    /// The variant's definition.
    pub fn spec(&self) -> &'static VariantSpec {
        self.spec
    }

    /// The board size.
    #[inline]
    pub fn dimensions(&self) -> Dimensions {
        self.spec.dimensions
    }

    /// The rule for `kind`, if the variant plays with it.
    #[inline]
    pub fn rule(&self, kind: Kind) -> Option<&PieceRule> {
        self.rules[kind.number() as usize].as_ref()
    }

    /// The piece rules, in the order the definition lists them.
    pub fn rules(&self) -> impl Iterator<Item = &PieceRule> {
        self.spec.pieces.iter()
    }

    /// The kind written with uppercase letter `letter`, if any.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.spec
            .pieces
            .iter()
            .find(|rule| rule.letter == letter)
            .map(|rule| rule.kind)
    }

    /// The letter of `kind` in this variant.
    pub fn letter(&self, kind: Kind) -> char {
        self.rule(kind)
            .map_or(kind.default_letter(), |rule| rule.letter)
    }

    /// What `kind` may become in the promotion zone.
    #[inline]
    pub fn promotes(&self, kind: Kind) -> Promotes {
        self.rule(kind)
            .map_or(Promotes::Never, |rule| rule.promotes)
    }

    /// How many pieces of `kind` `color` has in the starting position.
    #[inline]
    pub fn start_count(&self, color: Color, kind: Kind) -> u8 {
        self.start_counts[color.index()][kind.number() as usize]
    }

    /// The squares where a move of `color` may promote.
    #[inline]
    pub fn camp(&self, color: Color) -> &SquareSet {
        &self.camps[color.index()]
    }

    /// `squares` as named on White's side, turned into `color`'s squares.
    pub fn region(&self, squares: &[&str], color: Color) -> SquareSet {
        squares
            .iter()
            .map(|name| Square::parse(name).expect("variant regions name valid squares"))
            .map(|square| {
                if color == Color::White {
                    square
                } else {
                    self.dimensions().mirror(square)
                }
            })
            .collect()
    }

    /// The squares a `kind` of `color` may stand on.
    pub fn allowed_squares(&self, kind: Kind, color: Color) -> SquareSet {
        match self.rule(kind).and_then(|rule| rule.confined_to) {
            Some(region) => self.region(region, color),
            None => self.dimensions().squares().collect(),
        }
    }

    /// The precomputed movement and attack tables.
    #[inline]
    pub fn tables(&self) -> &Tables {
        &self.tables
    }
}
