//! Variants as data: a board size, regions, a piece table (its rows are in
//! [`crate::piece_rule`]) and rule switches. A [`VariantSpec`] is plain owned data (read from a
//! variant file, [`crate::variant_file`], for the built-in ones as for a player's);
//! [`Variant::build`] checks it and precomputes its tables; the catalog ([`crate::catalog`]) then
//! reads its start position and gives it to the variant ([`Variant::with_start`]).

pub use crate::atom::BlackMoves;
use crate::conventions::{DrawClaims, EnPassantFen};
use crate::drop_table::{DropRules, DropTable};
use crate::end_rules::{Counting, CountingStyle, EndRules, Goal};
use crate::eval_tables::EvalTables;
use crate::extinction::Extinction;
use crate::geometry::{Dimensions, Square};
use crate::material_count::MaterialCount;
use crate::network::Quantized;
use crate::piece::{Color, Kind, KindSet, KIND_SLOTS, MAX_KINDS};
pub use crate::piece_rule::{
    Compulsory, DropMate, PieceRule, PieceSpec, Promotion, PromotionSpec, PromotionStyle,
    SquareValues,
};
use crate::region::Region;
use crate::setup::Setup;
use crate::square_set::SquareSet;
use crate::tables::Tables;
use std::fmt;

/// What having no legal move while not in check means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stalemate {
    /// The side to move loses.
    Loses,
    /// The game is drawn.
    Draws,
}

/// Whether a piece may stand where it could never move again (a Lance on the last rank).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StuckPieces {
    /// No: such a piece may not be dropped or set up there (Shogi).
    #[default]
    Forbidden,
    /// Yes: it may be dropped, moved or set up there, and stays (Kyoto shogi).
    Allowed,
}

/// Which lines the two Kings may not share with nothing between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    /// The Kings may face each other.
    Allowed,
    /// Not on a file (Xiangqi's flying general, Mĕirìqí).
    Files,
    /// Not on a file or a diagonal.
    FilesAndDiagonals,
    /// The Kings may come to face each other on a file or rank with nothing between them
    /// (Janggi's bikjang); the side to move then must break the line or pass, and a pass ends
    /// the game, scored by material counting.
    Bikjang,
}

/// Which positions are dead for lack of material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadPositions {
    /// None: the rules of the game decide.
    None,
    /// Only the two bare Kings.
    BareKings,
    /// FIDE chess as python-chess reads it (bare Kings, a lone minor piece, Bishops on one
    /// colour).
    Chess,
}

/// One wing's castling: the Rook that castles and where King and Rook land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WingSpec {
    /// The FEN letter of the right, for White (`K` or `Q`).
    pub letter: char,
    /// The symbol of the kind that castles with the King.
    pub rook: String,
    /// Where that piece must stand (White's side) to keep the right.
    pub rook_region: Region,
    /// The file (from zero) the King lands on.
    pub king_to: u8,
    /// The file the Rook lands on.
    pub rook_to: u8,
}

/// Castling: where the King must stay to keep its rights, and the wings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingSpec {
    /// Where the King must stand (White's side) to keep both rights.
    pub king_region: Region,
    /// The wings, in the order FEN writes their letters (the King's wing first).
    pub wings: Vec<WingSpec>,
}

/// The complete definition of a variant, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSpec {
    /// Short machine name, such as `meiriqi`.
    pub name: String,
    /// The name used in game records, such as `Meiriqi`.
    pub title: String,
    /// Other names game records may give the variant (`"Standard"` for chess, as other
    /// programs write it); each names no other variant.
    pub aliases: Vec<String>,
    /// One line about the variant, for lists.
    pub description: String,
    /// Board size.
    pub dimensions: Dimensions,
    /// Every kind in play, in numbering order.
    pub pieces: Vec<PieceSpec>,
    /// The starting position.
    pub start_fen: String,
    /// White's fortress or palace (mirrored for Black), for display; may be empty.
    pub fortress: Region,
    /// The points of White's fortress joined by its 'X' lines, for display.
    pub palace_points: Region,
    /// Whether a River divides the board between its two halves (for display).
    pub river: bool,
    /// Number of ranks, at the far side, of each player's promotion zone (the camp).
    pub camp_depth: u8,
    /// Whether a move that starts in the zone may promote too, wherever it ends (Shogi).
    pub promotes_leaving_zone: bool,
    /// How Black's moves follow from the moves written for White: mirrored, or turned half a
    /// turn as Fairy-Stockfish does (the two differ for pieces unlike left and right).
    pub black_moves: BlackMoves,
    /// Which lines the Kings may not face each other on.
    pub facing: Facing,
    /// What stalemate means.
    pub stalemate: Stalemate,
    /// Whether a side not in check may pass (its King "moves" to its own square); two passes in
    /// a row end the game, scored by material counting.
    pub pass: bool,
    /// How the games ended by passing are scored (a draw without it).
    pub material_count: Option<MaterialCount>,
    /// Whether a Pawn may capture en passant a Pawn that has just moved two squares.
    pub en_passant: bool,
    /// When FEN writes the en-passant square.
    pub en_passant_fen: EnPassantFen,
    /// The squares White's Pawns may capture en passant onto (mirrored for Black's), when not
    /// the whole board: a two-square move passing a square outside the capturer's region gives
    /// no en-passant square.
    pub en_passant_region: Option<Region>,
    /// Whether a King not in check may swap places with an adjacent friendly swappable piece.
    pub king_swap: bool,
    /// Castling, if the variant has it.
    pub castling: Option<CastlingSpec>,
    /// Whether captured pieces go to the capturer's hand, to be dropped later.
    pub hands: bool,
    /// The order FEN lists the kinds in hand (symbols); the piece table's order when empty, and
    /// for kinds it leaves out.
    pub hand_order: Vec<String>,
    /// Whether a kind in hand that has a `+` form may be dropped as that form too.
    pub drop_promoted: bool,
    /// Whether a side with pieces in hand must drop one while some drop is legal (a setup
    /// phase, as in Sittuyin).
    pub must_drop: bool,
    /// Whether a side with only its King and one piece that promotes in place, not in check,
    /// whose every legal move is a promotion, may claim a draw as a stalemate (Sittuyin's rule:
    /// it need not promote).
    pub lone_pawn_stalemate: bool,
    /// Whether pieces in hand may be dropped (false: a hand only gating brings into play).
    pub drops: bool,
    /// Whether a move from a gate (a first-rank square whose piece has not moved) may bring a
    /// piece of the hand onto the square it leaves (Seirawan chess); the kinds in `hand-order`
    /// may then be held.
    pub gating: bool,
    /// Whether a piece may stand where it could never move again.
    pub stuck_pieces: StuckPieces,
    /// Whether a promotion resets the halfmove clock, as a capture does.
    pub promotions_reset_clock: bool,
    /// Whether the chess draws apply.
    pub chess_draws: bool,
    /// Whether the evaluation weighs threats and King danger from each side's attacks
    /// ([`crate::eval`]): worth its cost in chess, not yet measured elsewhere.
    pub attack_terms: bool,
    /// The built-in network ([`crate::network::BUILT_IN`]) whose output the evaluation adds,
    /// where it fits the board and the number of kinds.
    pub network: Option<String>,
    /// Which positions are dead for lack of material.
    pub dead_positions: DeadPositions,
    /// The draws a player may claim when the chess draws do not apply.
    pub draw_claims: DrawClaims,
    /// A side reduced to too few pieces loses (a bare King), if the variant says so.
    pub extinction: Option<Extinction>,
    /// A player may not end a move with the enemy holding this many Princes (pieces with the
    /// `prince` role) on the board, and loses when unable to; 0: no such rule.
    pub prince_limit: u8,
    /// Whether a player may not end a move with half or more of their relevant pieces (the
    /// `relevant` role) across the middle of the board (the River), and loses when unable to.
    pub crossing_limit: bool,
    /// The ends of the game by the variant's own rules, and the counters they keep.
    pub end_rules: EndRules,
    /// How the variant presents itself to players and to other programs (no rule).
    pub presentation: crate::presentation::Presentation,
}

/// Why a variant definition cannot be played, and which part of it is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// What is wrong, starting with the variant's name.
    pub message: String,
    /// The part of the definition at fault.
    pub part: SpecPart,
}

/// A part of a [`VariantSpec`] that an error is about, so that a variant file can place it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecPart {
    /// The variant as a whole (its board, its set of pieces, its hand order).
    Whole,
    /// The piece at this index of `pieces`.
    Piece(usize),
    /// The castling rules.
    Castling,
    /// The order of the kinds in hand.
    HandOrder,
    /// The goal to reach.
    Goal,
    /// The counting of an ending's moves.
    Counting,
    /// The side without a King.
    Kingless,
}

impl VariantError {
    /// The error `why` about `part` of the variant called `name`.
    fn new(name: &str, part: SpecPart, why: &str) -> VariantError {
        VariantError {
            message: format!("variant {name:?}: {why}"),
            part,
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VariantError {}

/// Castling as the engine uses it.
#[derive(Clone, Debug)]
pub struct Castling {
    /// Per colour, where the King must stand.
    pub king_region: [SquareSet; 2],
    /// The wings, in FEN order.
    pub wings: Vec<Wing>,
    /// Per colour, every square of the regions: a move from or to one may change the rights.
    pub watched: [SquareSet; 2],
}

/// One wing's castling, as the engine uses it.
#[derive(Clone, Debug)]
pub struct Wing {
    /// The FEN letter for White.
    pub letter: char,
    /// The kind that castles.
    pub rook: Kind,
    /// Per colour, where it must stand.
    pub rook_region: [SquareSet; 2],
    /// The King's landing file.
    pub king_to: u8,
    /// The Rook's landing file.
    pub rook_to: u8,
}

/// A variant ready for play: its definition, the resolved piece table, the tables built from
/// them and its start position.
pub struct Variant {
    spec: VariantSpec,
    /// Indexed by kind number; slot 0 is a placeholder never used.
    rules: Vec<PieceRule>,
    royal: Kind,
    camps: [SquareSet; 2],
    /// The start position.
    start: Setup,
    /// How many pieces of each kind each colour has in the start position.
    start_counts: [[u8; KIND_SLOTS]; 2],
    castling: Option<Castling>,
    kinds: KindSet,
    pawns: KindSet,
    clock_resetters: KindSet,
    princes: KindSet,
    relevant: KindSet,
    /// Per colour, the enemy's half of the board (across the River).
    across: [SquareSet; 2],
    /// Every kind, in the order FEN lists a hand.
    hand_order: Vec<Kind>,
    /// Per colour, the squares its Pawns may capture en passant onto.
    en_passant_squares: [SquareSet; 2],
    /// The goal to reach, if the variant has one.
    goal: Option<Goal>,
    /// The counting of an ending's moves, if the variant counts them.
    counting: Option<Counting>,
    /// Whether a rule besides the King's safety may end the game or forbid a move, so that
    /// [`crate::ends`] is asked before the moves are kept.
    has_end_rules: bool,
    /// Whether a move updates [`crate::counters::Counters`].
    keeps_counters: bool,
    /// The kinds some `+` form demotes to (coordinates write a promotion to one as `-`).
    demotion_targets: KindSet,
    /// The kinds that promote in place ([`PromotionStyle::InPlace`]).
    in_place_promoters: KindSet,
    tables: Tables,
    drops: DropTable,
    eval_tables: EvalTables,
}

impl fmt::Debug for Variant {
    /// Only the name: the tables are large.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({:?})", self.spec.name)
    }
}

impl Variant {
    /// Checks `spec` and builds the variant, step by step: the board, the piece table, the royal
    /// kind, castling and the hand order, then the move and evaluation tables. The start
    /// position is not read here, as reading it needs the variant: the catalog reads and checks
    /// it once the variant is built, and gives it to [`Variant::with_start`]; until then the
    /// variant has an empty start.
    pub fn build(spec: VariantSpec) -> Result<Variant, VariantError> {
        let checks = Checks { spec: &spec };
        checks.board()?;
        let dims = spec.dimensions;
        let camps = both_sides(dims, |square| square.rank() + spec.camp_depth >= dims.ranks);
        let mut rules = checks.piece_rules(camps)?;
        let royal = checks.royal(&rules)?;
        check_royal_links(&spec, &rules, royal)?;
        check_draw_rules(&spec)?;
        let castling = match &spec.castling {
            Some(castling) => Some(checks.castling(castling)?),
            None => None,
        };
        let hand_order = checks.hand_order(&rules)?;
        let goal = checks.goal()?;
        let counting = checks.counting()?;
        checks.kingless()?;
        let everywhere: SquareSet = dims.squares().collect();
        let en_passant_squares = match &spec.en_passant_region {
            Some(region) => checks.region(region, SpecPart::Whole, "the en-passant region")?,
            None => [everywhere; 2],
        };
        let ends = &spec.end_rules;
        let has_end_rules =
            ends.any() || spec.extinction.is_some() || spec.pass || spec.facing == Facing::Bikjang;
        let keeps_counters = ends.check_limit > 0 || counting.is_some();
        let pawns = kind_set(&rules, |spec| spec.pawn);
        // Slot 0 repeats the first rule so that every kind number indexes `rules` directly.
        rules.insert(0, rules[0].clone());
        let tables = Tables::build(
            dims,
            &rules[1..],
            spec.black_moves,
            spec.promotes_leaving_zone,
        );
        let network = match &spec.network {
            Some(name) => network_for(&spec.name, name, dims, rules.len() - 1)?,
            None => None,
        };
        let eval_tables = EvalTables::build(
            dims,
            &rules[1..],
            &tables,
            pawns,
            spec.attack_terms,
            network,
        );
        let drop_rules = DropRules {
            stuck_allowed: spec.stuck_pieces == StuckPieces::Allowed,
            promoted: spec.drop_promoted,
            enabled: spec.drops,
        };
        let promoted_form = |kind: Kind| {
            let symbol = format!("+{}", rules[kind.index()].spec.symbol);
            checks.kind_of(&symbol)
        };
        // The kinds the hand order names may be held even if no capture puts them in hand.
        let named_in_hand = hand_order[..spec.hand_order.len()]
            .iter()
            .fold(0, |set, kind| set | kind.bit());
        let drops = DropTable::build(
            &rules[1..],
            &tables,
            drop_rules,
            named_in_hand,
            promoted_form,
        );
        let in_place_promoters = kind_set(&rules[1..], |spec| {
            spec.promotion
                .as_ref()
                .is_some_and(|promotion| promotion.style == PromotionStyle::InPlace)
        });
        let demotion_targets = checks.demotion_targets(&rules[1..])?;
        Ok(Variant {
            kinds: kind_set(&rules[1..], |_| true),
            pawns,
            clock_resetters: kind_set(&rules[1..], |spec| spec.resets_clock),
            princes: kind_set(&rules[1..], |spec| spec.prince),
            relevant: kind_set(&rules[1..], |spec| spec.relevant),
            across: both_sides(dims, |square| 2 * square.rank() >= dims.ranks),
            spec,
            rules,
            royal,
            camps,
            start: Setup::empty(),
            start_counts: [[0; KIND_SLOTS]; 2],
            castling,
            hand_order,
            en_passant_squares,
            goal,
            counting,
            has_end_rules,
            keeps_counters,
            demotion_targets,
            in_place_promoters,
            tables,
            eval_tables,
            drops,
        })
    }

    /// The variant with its start position `start`, read from [`VariantSpec::start_fen`] and
    /// checked: what a game starts from, and what promotions to captured kinds and the
    /// evaluation's game phase measure against.
    pub fn with_start(mut self, start: Setup) -> Variant {
        let mut counts = [[0; KIND_SLOTS]; 2];
        for square in self.dimensions().squares() {
            if let Some(piece) = start.board[square.index()] {
                counts[piece.color.index()][piece.kind.index()] += 1;
            }
        }
        self.eval_tables
            .count_start(&counts, self.pawns | self.royal.bit());
        self.start_counts = counts;
        self.start = start;
        self
    }

    /// The start position (empty until [`Variant::with_start`] gave it).
    pub fn start(&self) -> &Setup {
        &self.start
    }

    /// An empty board of this variant: no pieces, White to move, and under a check limit every
    /// check still to give.
    pub fn empty_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.counters.checks_left = [self.spec.end_rules.check_limit; 2];
        setup
    }

    /// The variant's definition.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// The board size.
    #[inline]
    pub fn dimensions(&self) -> Dimensions {
        self.spec.dimensions
    }

    /// The rule for `kind`, if the variant has that kind.
    #[inline]
    pub fn rule(&self, kind: Kind) -> Option<&PieceRule> {
        self.rules.get(kind.index()).filter(|_| self.has_kind(kind))
    }

    /// The rule for `kind`, which the variant must have (kinds come from its own positions).
    #[inline]
    pub(crate) fn rule_of(&self, kind: Kind) -> &PieceRule {
        &self.rules[kind.index()]
    }

    /// Whether the variant has `kind`.
    #[inline]
    pub fn has_kind(&self, kind: Kind) -> bool {
        self.kinds & kind.bit() != 0
    }

    /// The piece rules, in numbering order.
    pub fn rules(&self) -> impl Iterator<Item = &PieceRule> {
        self.rules[1..].iter()
    }

    /// The royal kind (the King).
    #[inline]
    pub fn royal(&self) -> Kind {
        self.royal
    }

    /// The kinds that are Pawns.
    #[inline]
    pub fn pawns(&self) -> KindSet {
        self.pawns
    }

    /// The kinds that count as Princes for the Prince limit.
    #[inline]
    pub fn princes(&self) -> KindSet {
        self.princes
    }

    /// The kinds that count for the crossing limit.
    #[inline]
    pub fn relevant(&self) -> KindSet {
        self.relevant
    }

    /// The kinds that promote in place, as a move of their own.
    #[inline]
    pub fn in_place_promoters(&self) -> KindSet {
        self.in_place_promoters
    }

    /// The half of the board across the River from `color`'s side: ranks beyond the middle.
    #[inline]
    pub fn across(&self, color: Color) -> &SquareSet {
        &self.across[color.index()]
    }

    /// Whether a move may break a Prince limit or a crossing limit.
    #[inline]
    pub fn has_move_limits(&self) -> bool {
        self.spec.prince_limit > 0 || self.spec.crossing_limit
    }

    /// Every kind, in the order FEN lists a hand.
    pub fn hand_order(&self) -> &[Kind] {
        &self.hand_order
    }

    /// The squares `color`'s Pawns may capture en passant onto.
    #[inline]
    pub fn en_passant_squares(&self, color: Color) -> &SquareSet {
        &self.en_passant_squares[color.index()]
    }

    /// The goal to reach, if the variant has one.
    #[inline]
    pub fn goal(&self) -> Option<&Goal> {
        self.goal.as_ref()
    }

    /// The counting of an ending's moves, if the variant counts them.
    #[inline]
    pub fn counting(&self) -> Option<&Counting> {
        self.counting.as_ref()
    }

    /// Whether a rule besides the King's safety may end the game or forbid a move: the
    /// extinction rule, a goal, a check limit, checks forbidden, passing or bikjang.
    #[inline]
    pub fn has_end_rules(&self) -> bool {
        self.has_end_rules
    }

    /// Whether a move updates the position's [`crate::counters::Counters`]: under a check
    /// limit, or a counting rule.
    #[inline]
    pub fn keeps_counters(&self) -> bool {
        self.keeps_counters
    }

    /// The fewest Kings `color` may have: none for a side the variant lets play without one
    /// (which may still have one), else one. No side may have more than one.
    pub fn fewest_kings(&self, color: Color) -> usize {
        let kingless = self.spec.end_rules.kingless.map(|side| side.color());
        usize::from(kingless != Some(color))
    }

    /// The kinds whose moves reset the halfmove clock.
    #[inline]
    pub fn clock_resetters(&self) -> KindSet {
        self.clock_resetters
    }

    /// The kind written `symbol` for White (`"N"`, `"+P"`), if any.
    pub fn kind_by_symbol(&self, symbol: &str) -> Option<Kind> {
        self.rules()
            .find(|rule| rule.spec.symbol == symbol)
            .map(|rule| rule.kind)
    }

    /// The kind written with the single uppercase letter `letter` (not a `+` or `~` form), if
    /// any.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.rules()
            .find(|rule| rule.spec.symbol.len() == 1 && rule.letter() == letter)
            .map(|rule| rule.kind)
    }

    /// The kinds SAN writes as `kind` is written: `kind` itself, and for a plain kind or a `~`
    /// form, the other of the two (a `Q` and a `Q~` are both `Q`).
    pub fn san_kinds(&self, kind: Kind) -> KindSet {
        let symbol = self.rule_of(kind).san_symbol();
        self.rules()
            .filter(|rule| rule.san_symbol() == symbol)
            .fold(0, |set, rule| set | rule.kind.bit())
    }

    /// The kinds a SAN move being read may name by the letter `letter` (uppercase): those whose
    /// synonym it is ([`crate::piece_rule::PieceSpec::san_synonyms`]).
    pub fn synonym_kinds(&self, letter: &str) -> KindSet {
        self.rules()
            .filter(|rule| rule.spec.san_synonyms.iter().any(|s| s == letter))
            .fold(0, |set, rule| set | rule.kind.bit())
    }

    /// The kinds some `+` form demotes to: a promotion to one is written `-` in coordinates.
    #[inline]
    pub fn demotion_targets(&self) -> KindSet {
        self.demotion_targets
    }

    /// Where each kind may be dropped, and from which kind in hand.
    #[inline]
    pub fn drops(&self) -> &DropTable {
        &self.drops
    }

    /// The symbol of `kind` for White, such as `"N"` or `"+P"`.
    pub fn symbol(&self, kind: Kind) -> &str {
        &self.rule_of(kind).spec.symbol
    }

    /// The symbol of `kind` for `color`: lowercase for Black.
    pub fn piece_symbol(&self, kind: Kind, color: Color) -> String {
        match color {
            Color::White => self.symbol(kind).to_string(),
            Color::Black => self.symbol(kind).to_ascii_lowercase(),
        }
    }

    /// How many pieces of `kind` `color` has in the starting position.
    #[inline]
    pub fn start_count(&self, color: Color, kind: Kind) -> u8 {
        self.start_counts[color.index()][kind.index()]
    }

    /// The camp where `color`'s moves promote by default.
    #[inline]
    pub fn camp(&self, color: Color) -> &SquareSet {
        &self.camps[color.index()]
    }

    /// `region` on this board for `color`.
    pub fn region(&self, region: &Region, color: Color) -> SquareSet {
        region.squares(self.dimensions(), color)
    }

    /// The squares a `kind` of `color` may stand on.
    #[inline]
    pub fn allowed_squares(&self, kind: Kind, color: Color) -> &SquareSet {
        &self.rule_of(kind).allowed[color.index()]
    }

    /// Castling, if the variant has it.
    #[inline]
    pub fn castling(&self) -> Option<&Castling> {
        self.castling.as_ref()
    }

    /// The precomputed movement and attack tables.
    #[inline]
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The evaluation's tables: piece values and piece-square terms.
    #[inline]
    pub fn eval_tables(&self) -> &EvalTables {
        &self.eval_tables
    }

    /// The squares of `square`'s rank from `from` to `to`, both included, in either order.
    pub(crate) fn rank_span(&self, rank: u8, from: u8, to: u8) -> impl Iterator<Item = Square> {
        (from.min(to)..=from.max(to)).filter_map(move |file| Square::new(file, rank))
    }
}

/// The checks of a [`VariantSpec`] as a whole, each resolving a part of it for play.
struct Checks<'a> {
    spec: &'a VariantSpec,
}

impl Checks<'_> {
    /// The error `why` about `part` of the variant.
    fn error(&self, part: SpecPart, why: String) -> VariantError {
        VariantError::new(&self.spec.name, part, &why)
    }

    /// Checks the board's size and the number of kinds.
    fn board(&self) -> Result<(), VariantError> {
        let dims = self.spec.dimensions;
        if !(1..=crate::geometry::MAX_FILES).contains(&dims.files)
            || !(1..=crate::geometry::MAX_RANKS).contains(&dims.ranks)
        {
            return Err(self.error(
                SpecPart::Whole,
                format!(
                    "a board of {}x{} is not supported (at most 12x12)",
                    dims.files, dims.ranks
                ),
            ));
        }
        let pieces = &self.spec.pieces;
        if pieces.is_empty() || pieces.len() > MAX_KINDS {
            return Err(self.error(
                SpecPart::Whole,
                format!(
                    "it has {} kinds; 1 to {MAX_KINDS} are supported",
                    pieces.len()
                ),
            ));
        }
        Ok(())
    }

    /// The kind written `symbol`, which `what` (in `part`) names.
    fn kind(&self, symbol: &str, part: SpecPart, what: &str) -> Result<Kind, VariantError> {
        self.kind_of(symbol).ok_or_else(|| {
            self.error(
                part,
                format!("{what} names {symbol:?}, which is no piece of it"),
            )
        })
    }

    /// The kind of the first piece written `symbol`, if any.
    fn kind_of(&self, symbol: &str) -> Option<Kind> {
        self.spec
            .pieces
            .iter()
            .position(|piece| piece.symbol == symbol)
            .and_then(|index| Kind::new(index as u8 + 1))
    }

    /// `region` on the board, per colour; `what` (in `part`) names it.
    fn region(
        &self,
        region: &Region,
        part: SpecPart,
        what: &str,
    ) -> Result<[SquareSet; 2], VariantError> {
        let dims = self.spec.dimensions;
        if region.fits(dims) {
            Ok([
                region.squares(dims, Color::White),
                region.squares(dims, Color::Black),
            ])
        } else {
            Err(self.error(part, format!("{what} lies partly off the board")))
        }
    }

    /// The piece table resolved for play, in numbering order; `camps` is where pieces promote
    /// when their promotion names no zone.
    fn piece_rules(&self, camps: [SquareSet; 2]) -> Result<Vec<PieceRule>, VariantError> {
        let pieces = &self.spec.pieces;
        let mut rules = Vec::with_capacity(pieces.len() + 1);
        for (index, piece) in pieces.iter().enumerate() {
            rules.push(self.piece_rule(index, piece, camps)?);
        }
        Ok(rules)
    }

    /// The rule of `piece`, the table's piece number `index` (from 0).
    fn piece_rule(
        &self,
        index: usize,
        piece: &PieceSpec,
        camps: [SquareSet; 2],
    ) -> Result<PieceRule, VariantError> {
        let part = SpecPart::Piece(index);
        if !valid_symbol(&piece.symbol) {
            return Err(self.error(
                part,
                format!(
                    "{:?} is not a piece symbol (an uppercase letter, '+' and one, or one and \
                     '~')",
                    piece.symbol
                ),
            ));
        }
        let kind = Kind::new(index as u8 + 1).expect("at most MAX_KINDS kinds");
        if self.kind_of(&piece.symbol) != Some(kind) {
            return Err(self.error(part, format!("two pieces are written {:?}", piece.symbol)));
        }
        let promotion = match &piece.promotion {
            None => None,
            Some(promotion) => Some(self.promotion(promotion, part, &piece.name, camps)?),
        };
        let everywhere: SquareSet = self.spec.dimensions.squares().collect();
        let allowed = match &piece.confined_to {
            Some(confinement) => self.region(
                confinement,
                part,
                &format!("the region of the {}", piece.name),
            )?,
            None => [everywhere, everywhere],
        };
        let drop_zone = match &piece.drop_zone {
            Some(zone) => {
                self.region(zone, part, &format!("the drop zone of the {}", piece.name))?
            }
            None => [everywhere, everywhere],
        };
        let to_hand = piece
            .to_hand
            .as_deref()
            .map(|symbol| self.kind(symbol, part, &format!("the hand of the {}", piece.name)))
            .transpose()?;
        let unpromoted = match piece.symbol.strip_prefix('+') {
            Some(base) => Some(self.kind(base, part, &format!("the promoted {}", piece.name))?),
            None => None,
        };
        let kinds = |symbols: &[String], what: &str| {
            symbols.iter().try_fold(0, |set, symbol| {
                let what = format!("{what} of the {}", piece.name);
                Ok(set | self.kind(symbol, part, &what)?.bit())
            })
        };
        Ok(PieceRule {
            kind,
            spec: piece.clone(),
            allowed,
            drop_zone,
            promotion,
            to_hand,
            unpromoted,
            screen_not: kinds(&piece.screen_not, "the screens not jumped")?,
            captures_not: kinds(&piece.captures_not, "the kinds not captured")?,
        })
    }

    /// The promotion of the piece called `name`, in `part`.
    fn promotion(
        &self,
        promotion: &PromotionSpec,
        part: SpecPart,
        name: &str,
        camps: [SquareSet; 2],
    ) -> Result<Promotion, VariantError> {
        let mut targets = 0;
        let what = format!("the promotion of the {name}");
        for target in &promotion.targets {
            targets |= self.kind(target, part, &what)?.bit();
        }
        let zone = match &promotion.zone {
            Some(zone) => self.region(zone, part, &format!("the promotion zone of the {name}"))?,
            None => camps,
        };
        Ok(Promotion {
            targets,
            captured_only: promotion.captured_only,
            compulsory: promotion.compulsory,
            zone,
            style: promotion.style,
            limit: promotion.limit,
            last_anywhere: promotion.last_anywhere,
        })
    }

    /// The kinds the `+` forms of `rules` demote to (a `+` form whose promotion names its own
    /// base). Such a kind may be no other piece's promotion, as coordinates write a promotion to
    /// it as `-`.
    fn demotion_targets(&self, rules: &[PieceRule]) -> Result<KindSet, VariantError> {
        let demotes = |rule: &PieceRule| {
            let base = rule.unpromoted?.bit();
            rule.promotion
                .filter(|p| p.targets & base != 0)
                .map(|_| base)
        };
        let targets = rules
            .iter()
            .filter_map(demotes)
            .fold(0, |set, base| set | base);
        for (index, rule) in rules.iter().enumerate() {
            let Some(promotion) = &rule.promotion else {
                continue;
            };
            let other = promotion.targets & targets & !demotes(rule).unwrap_or(0);
            if other != 0 {
                let symbol = &rules[other.trailing_zeros() as usize - 1].spec.symbol;
                return Err(self.error(
                    SpecPart::Piece(index),
                    format!(
                        "the promotion of the {} names {symbol:?}, which a promoted form demotes \
                         to: coordinates write both as '-'",
                        rule.spec.name
                    ),
                ));
            }
        }
        Ok(targets)
    }

    /// The one royal kind of `rules`.
    fn royal(&self, rules: &[PieceRule]) -> Result<Kind, VariantError> {
        let royals: Vec<Kind> = rules
            .iter()
            .filter(|rule| rule.spec.royal)
            .map(|rule| rule.kind)
            .collect();
        match royals[..] {
            [royal] => Ok(royal),
            _ => Err(self.error(
                SpecPart::Whole,
                format!("it has {} royal kinds; exactly one is needed", royals.len()),
            )),
        }
    }

    /// Castling as the engine uses it.
    fn castling(&self, castling: &CastlingSpec) -> Result<Castling, VariantError> {
        let part = SpecPart::Castling;
        let king_region = self.region(&castling.king_region, part, "the King's castling region")?;
        let mut wings = Vec::new();
        let mut watched = king_region;
        for (index, wing) in castling.wings.iter().enumerate() {
            if !wing.letter.is_ascii_uppercase() {
                return Err(self.error(
                    part,
                    format!(
                        "the castling letter {:?} is not an uppercase letter (FEN writes it for \
                         White, its lowercase for Black)",
                        wing.letter
                    ),
                ));
            }
            if castling.wings[..index]
                .iter()
                .any(|w| w.letter == wing.letter)
            {
                return Err(self.error(
                    part,
                    format!("two wings have the castling letter {:?}", wing.letter),
                ));
            }
            let rook_region = self.region(&wing.rook_region, part, "a castling Rook's region")?;
            for color in Color::ALL {
                watched[color.index()] = watched[color.index()] | rook_region[color.index()];
            }
            let files = self.spec.dimensions.files;
            if wing.king_to >= files || wing.rook_to >= files {
                return Err(self.error(part, "a castling destination is off the board".to_string()));
            }
            wings.push(Wing {
                letter: wing.letter,
                rook: self.kind(&wing.rook, part, "castling")?,
                rook_region,
                king_to: wing.king_to,
                rook_to: wing.rook_to,
            });
        }
        Ok(Castling {
            king_region,
            wings,
            watched,
        })
    }

    /// Every kind of `rules`, in the order FEN lists a hand: the hand order's, then the others
    /// in the table's order.
    fn hand_order(&self, rules: &[PieceRule]) -> Result<Vec<Kind>, VariantError> {
        let mut hand_order = Vec::new();
        for symbol in &self.spec.hand_order {
            let kind = self.kind(symbol, SpecPart::HandOrder, "the hand order")?;
            if hand_order.contains(&kind) {
                return Err(self.error(
                    SpecPart::HandOrder,
                    format!("the hand order names {symbol:?} twice"),
                ));
            }
            hand_order.push(kind);
        }
        for rule in rules {
            if !hand_order.contains(&rule.kind) {
                hand_order.push(rule.kind);
            }
        }
        Ok(hand_order)
    }

    /// The goal to reach as play uses it, if the variant has one.
    fn goal(&self) -> Result<Option<Goal>, VariantError> {
        let Some(goal) = &self.spec.end_rules.goal else {
            return Ok(None);
        };
        let part = SpecPart::Goal;
        let kind = self.kind(&goal.piece, part, "the goal")?;
        let mut squares = self.region(&goal.region, part, "the goal's region")?;
        if let Some(black) = &goal.black_region {
            squares[Color::Black.index()] =
                self.region(black, part, "Black's goal region")?[Color::White.index()];
        }
        if squares.iter().any(SquareSet::is_empty) {
            return Err(self.error(part, "a goal region has no square".to_string()));
        }
        Ok(Some(Goal {
            kind,
            squares,
            black_may_equalize: goal.black_may_equalize,
        }))
    }

    /// The counting of an ending's moves as play uses it, if the variant counts them.
    fn counting(&self) -> Result<Option<Counting>, VariantError> {
        let Some(counting) = &self.spec.end_rules.counting else {
            return Ok(None);
        };
        let part = SpecPart::Counting;
        if self.spec.en_passant {
            return Err(self.error(
                part,
                "counting writes its limit in FEN's en-passant field, so a variant that counts \
                 may not have en passant"
                    .to_string(),
            ));
        }
        if counting.style == CountingStyle::Asean && counting.board_honour > 0 {
            return Err(self.error(
                part,
                "the ASEAN counting has no board's honour: leave board-honour out".to_string(),
            ));
        }
        let pieces_honour = counting
            .pieces_honour
            .iter()
            .map(|row| Ok((self.kind(&row.0, part, "the pieces' honour")?, row.1, row.2)))
            .collect::<Result<_, VariantError>>()?;
        Ok(Some(Counting {
            style: counting.style,
            board_honour: counting.board_honour,
            pieces_honour,
            otherwise: counting.otherwise,
        }))
    }

    /// Checks that a side without a King can lose: by the extinction rule.
    fn kingless(&self) -> Result<(), VariantError> {
        match self.spec.end_rules.kingless {
            Some(side) if self.spec.extinction.is_none() => Err(self.error(
                SpecPart::Kingless,
                format!(
                    "{} plays without a King, so it could never lose: give [rules.extinction]",
                    side.color().name()
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// Per colour, the squares of a board of `dims` that pass `white` from White's side (mirrored
/// for Black).
fn both_sides(dims: Dimensions, white: impl Fn(Square) -> bool) -> [SquareSet; 2] {
    let white: SquareSet = dims.squares().filter(|&square| white(square)).collect();
    [white, white.iter().map(|s| dims.mirror(s)).collect()]
}

/// Checks that the royal kind `royal` of `spec` (whose kinds `rules` resolve) comes into play
/// only as the one King of each side: it never promotes, no piece promotes to it or goes to hand
/// as it, and no piece goes to hand promoted (a hand holds pieces that FEN writes plainly).
fn check_royal_links(
    spec: &VariantSpec,
    rules: &[PieceRule],
    royal: Kind,
) -> Result<(), VariantError> {
    let royal_name = &spec.pieces[royal.index() - 1].name;
    for (index, rule) in rules.iter().enumerate() {
        let piece = &rule.spec;
        let fail = |why: String| Err(VariantError::new(&spec.name, SpecPart::Piece(index), &why));
        if rule.captures_not & royal.bit() != 0 {
            return fail(format!(
                "the {}'s captures-not names the royal {}: a King it attacks is in check",
                piece.name, royal_name
            ));
        }
        if let Some(promotion) = &rule.promotion {
            if rule.kind == royal {
                return fail(format!(
                    "the {} is royal and may not promote: its side would be left without a King",
                    piece.name
                ));
            }
            if promotion.targets & royal.bit() != 0 {
                return fail(format!(
                    "the promotion of the {} names the royal {}: a side may have only one",
                    piece.name, royal_name
                ));
            }
        }
        match rule.to_hand {
            Some(kind) if kind == royal => {
                return fail(format!(
                    "the hand of the {} names the royal {}: a side may have only one",
                    piece.name, royal_name
                ));
            }
            Some(kind)
                if rules[kind.index() - 1].is_plus() || rules[kind.index() - 1].is_tilde() =>
            {
                return fail(format!(
                    "the hand of the {} names {:?}, a promoted kind: a hand holds unpromoted \
                     pieces, as FEN writes them",
                    piece.name,
                    spec.pieces[kind.index() - 1].symbol
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks that the draw rules of `spec` can be applied: chess's dead positions need chess's
/// kinds, and the claims of `move-rule` and `repetition-rule` are for variants without the chess
/// draws (which bring their own claims).
fn check_draw_rules(spec: &VariantSpec) -> Result<(), VariantError> {
    let fail = |why: String| Err(VariantError::new(&spec.name, SpecPart::Whole, &why));
    if spec.dead_positions == DeadPositions::Chess {
        let missing: Vec<&str> = CHESS_KINDS
            .into_iter()
            .filter(|symbol| !spec.pieces.iter().any(|piece| piece.symbol == *symbol))
            .collect();
        if !missing.is_empty() {
            return fail(format!(
                "dead-positions = \"chess\" reads chess's material (P N B R Q), but no piece is \
                 written {}",
                missing.join(", ")
            ));
        }
    }
    if let Some(count) = &spec.material_count {
        let unknown: Vec<&str> = count
            .values
            .keys()
            .map(String::as_str)
            .filter(|symbol| !spec.pieces.iter().any(|piece| piece.symbol == *symbol))
            .collect();
        if !unknown.is_empty() {
            return fail(format!(
                "material-count values name no piece of the variant: {}",
                unknown.join(", ")
            ));
        }
    }
    if spec.chess_draws && spec.draw_claims != DrawClaims::default() {
        return fail(
            "move-rule and repetition-rule are for variants without chess-draws, which claims \
             fifty moves and threefold repetitions already"
                .to_string(),
        );
    }
    Ok(())
}

/// The symbols chess's dead-position rule counts.
const CHESS_KINDS: [&str; 5] = ["P", "N", "B", "R", "Q"];

/// The set of the kinds of `rules` whose definition passes `test`.
fn kind_set(rules: &[PieceRule], test: impl Fn(&PieceSpec) -> bool) -> KindSet {
    rules
        .iter()
        .filter(|rule| test(&rule.spec))
        .fold(0, |set, rule| set | rule.kind.bit())
}

/// Whether `symbol` is one uppercase ASCII letter, `+` and one, or one and `~`.
fn valid_symbol(symbol: &str) -> bool {
    let letter = match symbol.strip_prefix('+') {
        Some(letter) => letter,
        None => symbol.strip_suffix('~').unwrap_or(symbol),
    };
    letter.len() == 1 && letter.bytes().all(|b| b.is_ascii_uppercase())
}

/// The built-in network `name` if it fits a board of `dims` with `kinds` kinds (a game made
/// from another by changing its board or its pieces does without its network), or why there
/// is no such network.
fn network_for(
    variant: &str,
    name: &str,
    dims: Dimensions,
    kinds: usize,
) -> Result<Option<&'static Quantized>, VariantError> {
    let network = crate::network::built_in(name).ok_or_else(|| {
        VariantError::new(
            variant,
            SpecPart::Whole,
            &format!("no built-in network {name:?}"),
        )
    })?;
    let (files, ranks) = (usize::from(dims.files), usize::from(dims.ranks));
    Ok(Some(network).filter(|network| network.network().fits(files, ranks, kinds)))
}
