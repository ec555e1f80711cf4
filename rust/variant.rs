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
    pub promotes_to: Option<Kind>,
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
}

/// A variant ready for play: its definition plus the tables built from it.
#[derive(Debug)]
pub struct Variant {
    spec: &'static VariantSpec,
    rules: [Option<PieceRule>; KIND_SLOTS],
    camps: [SquareSet; 2],
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
            tables: Tables::default(),
        };
        variant.tables = Tables::build(&variant);
        variant
    }

    /// The variant called `name`, if there is one.
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        static MEIRIQI: OnceLock<Variant> = OnceLock::new();
        match name {
            "meiriqi" => Some(MEIRIQI.get_or_init(|| Variant::build(&variants::MEIRIQI))),
            _ => None,
        }
    }

    /// Mĕirìqí, the flagship variant.
    pub fn meiriqi() -> &'static Variant {
        Variant::by_name("meiriqi").expect("meiriqi is always defined")
    }

    /// The names of every variant.
    pub fn names() -> &'static [&'static str] {
        &["meiriqi"]
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

    /// The kind `kind` promotes to, if it promotes.
    #[inline]
    pub fn promotion(&self, kind: Kind) -> Option<Kind> {
        self.rule(kind).and_then(|rule| rule.promotes_to)
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
