//! Static evaluation: material, piece-square terms, the riders' mobility and pieces' nearness to
//! the enemy King, in centipawns from the side to move's point of view. The material values,
//! piece-square terms and mobility weights are each variant's
//! [`EvalTables`], precomputed with its move tables.
//!
//! Where the variant file asks (`[evaluation] attacks`, chess), the same walk of the pieces'
//! lines also gathers each side's attacks, and the evaluation adds terms of Stockfish's
//! classical evaluation that rest on them, in its proportions scaled to our centipawns (not
//! fitted):
//! - mobility counts every piece's attacked squares not held by its side nor attacked by an
//!   enemy Pawn (weighed by the kind's `mobility-table`, or its weight a square);
//! - `threats` weighs threats by the class of the attacker (safe Pawn, minor piece, Rook,
//!   King) and of the piece attacked, and pieces attacked and not defended;
//! - `king_danger` weighs pieces attacking the King's zone, its squares only the King defends,
//!   squares a piece could check from safely, squared;
//! - `passed_pawns` weighs a passed Pawn by the Kings' distances and its free way;
//! - connected Pawns (defended by or beside another) gain by rank (`connection`);
//! - `piece_placement`: Rooks (pieces riding along their file) on open files, minor pieces on
//!   outposts;
//! - `coordination`: a Bishop pair (colour-bound pieces on both colours), minor pieces behind a
//!   Pawn and near their King, the King near its Pawns;
//! - `room`: space in the centre behind the Pawns, Rooks trapped beside their King, Bishops
//!   hemmed in by their own Pawns or on a long diagonal (at Stockfish's weights, not fitted);
//! - `winnable`: the score moved towards or away from zero by how winnable the position is,
//!   and the endgame's scaled by the stronger side's means to win (Stockfish's too).
//!
//! They assume Pawns that capture diagonally forward, as chess's. Each group of them
//! ([`TERM_GROUPS`]) is weighed by a weight fitted to Fairy-Stockfish's scores in chess
//! (`GROUP_WEIGHTS`), with chess's piece-square values. What each was worth in games is in
//! benches/RESULTS.md.
//!
//! Where the variant file names a network (`[evaluation] network`, chess), its output
//! ([`network`]) is added to the rest.

use crate::eval_tables::{EvalTables, CAPTURING_LINE};
use crate::geometry::Square;
use crate::network::Quantized;
use crate::piece::{code_color, Color, Kind, Piece, KIND_SLOTS};
use crate::position::Position;
use crate::square_set::SquareSet;

pub mod network;
mod room;
mod winnable;

/// The material value of a piece of `kind` in `position`'s variant, in centipawns: the
/// variant file's `value`, or one derived from the piece's mobility.
#[inline]
pub fn piece_value(position: &Position, kind: Kind) -> i32 {
    position.variant().eval_tables().value(kind)
}

/// Centipawns per piece in hand over its value on the board: a piece in hand may go anywhere.
const IN_HAND_BONUS: i32 = 10;
/// Centipawns per King step a piece (not a Pawn) stands nearer the enemy King than
/// [`TROPISM_RANGE`]: pieces gathering around a King threaten it.
const KING_TROPISM: i32 = 4;
/// See [`KING_TROPISM`].
const TROPISM_RANGE: i32 = 5;
/// Centipawns for having the move.
const TEMPO: i32 = 10;
/// Centipawns, middlegame and endgame, for a passed Pawn (no enemy Pawn ahead of it on its
/// file or the next ones) on its last rank; less by the square of its distance from there.
const PASSED_MG: i32 = 50;
/// See [`PASSED_MG`].
const PASSED_EG: i32 = 140;
/// Centipawns lost per Pawn with another of its side ahead on its file.
const DOUBLED_MG: i32 = 10;
/// See [`DOUBLED_MG`].
const DOUBLED_EG: i32 = 20;
/// Centipawns lost per Pawn with none of its side on the next files.
const ISOLATED_MG: i32 = 10;
/// See [`ISOLATED_MG`].
const ISOLATED_EG: i32 = 15;
/// Middlegame centipawns per own piece next to the King (at most three count).
const KING_SHELTER: i32 = 8;

/// The evaluation of `position` for the side to move: each term's middlegame and endgame
/// weights blended by how much of the start's material (Pawns and the King aside) is left.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_by(
        position,
        |pawns| pawns.structure(position),
        |weights| network::correction(weights, position),
    )
}

/// [`evaluate`], with the Pawn structure's terms given by `structure` and a network's output
/// by `correction`.
#[inline]
fn evaluate_by(
    position: &Position,
    structure: impl FnOnce(&PawnFiles) -> Structure,
    correction: impl FnOnce(&Quantized) -> i32,
) -> i32 {
    let tables = position.variant().eval_tables();
    let correction = tables.network().map_or(0, correction);
    // Two builds of the evaluation: one with the attacks, one as fast as without them.
    correction
        + if tables.attacks() {
            evaluate_weighing::<true>(position, structure)
        } else {
            evaluate_weighing::<false>(position, structure)
        }
}

/// [`evaluate_by`], with the terms on the attacks when `ATTACKS`.
#[inline]
fn evaluate_weighing<const ATTACKS: bool>(
    position: &Position,
    structure: impl FnOnce(&PawnFiles) -> Structure,
) -> i32 {
    let breakdown = breakdown::<ATTACKS>(position, structure);
    let mut scores = breakdown.weighed();
    if let Some(means) = &breakdown.means {
        scores = winnable::adjust(position, means, scores);
    }
    let [mg, eg] = scores;
    let start = position.variant().eval_tables().start_material().max(1);
    let phase = (breakdown.sides.material * 256 / start).clamp(0, 256);
    let score = (mg * phase + eg * (256 - phase)) / 256;
    let score = if position.turn() == Color::White {
        score
    } else {
        -score
    };
    score + TEMPO
}

/// The names of the groups of terms that a game weighing attacks weighs by [`GROUP_WEIGHTS`],
/// in the order of [`term_groups`].
pub const TERM_GROUPS: [&str; 6] = [
    "Pawn structure",
    "threats",
    "King danger",
    "passed Pawns",
    "placement",
    "coordination",
];

/// Each group's weight ([`TERM_GROUPS`]), middlegame and endgame, in 64ths: fitted with
/// chess's piece-square values and mobility weights to Fairy-Stockfish's scores of 81,298
/// chess positions (`evaltune chess DATA 1e-8 --mobility --free-means --groups`;
/// benches/RESULTS.md, seventeenth round).
pub const GROUP_WEIGHTS: [[i32; 2]; 6] = [[53, 12], [24, 46], [17, 0], [0, 33], [85, 0], [33, 72]];

/// An evaluation's terms, White's less Black's: the sides' material, piece-square terms,
/// mobility, King tropism and shelter (with both sides' material for the phase); the groups of
/// [`TERM_GROUPS`] (all but the Pawn structure empty unless attacks are weighed; the structure
/// in the sides' terms then).
struct Breakdown {
    sides: Terms,
    groups: [Terms; 6],
    /// Where attacks are weighed: what tells how winnable the position is.
    means: Option<winnable::Means>,
}

impl Breakdown {
    /// The middlegame and endgame scores, White's less Black's: the sides' terms and each
    /// group by its weight ([`GROUP_WEIGHTS`]).
    fn weighed(&self) -> [i32; 2] {
        let mut scores = [self.sides.mg, self.sides.eg];
        for (group, [mg_weight, eg_weight]) in self.groups.iter().zip(GROUP_WEIGHTS) {
            scores[0] += group.mg * mg_weight / 64;
            scores[1] += group.eg * eg_weight / 64;
        }
        scores
    }
}

/// The terms of `position`'s evaluation, with the Pawn structure's given by `structure`.
#[inline]
fn breakdown<const ATTACKS: bool>(
    position: &Position,
    structure: impl FnOnce(&PawnFiles) -> Structure,
) -> Breakdown {
    let mut pawns = PawnFiles::default();
    let mut attacks = [Attacks::default(); 2];
    if ATTACKS {
        for color in Color::ALL {
            let side = &mut attacks[color.index()];
            (side.pawn_squares, side.pawns) = pawns_and_attacks(position, color);
        }
    }
    let white = side_terms::<ATTACKS>(position, Color::White, &mut pawns, &mut attacks);
    let black = side_terms::<ATTACKS>(position, Color::Black, &mut pawns, &mut attacks);
    let Structure {
        terms: structure,
        passed,
    } = structure(&pawns);
    let mut sides = Terms {
        mg: white.mg - black.mg,
        eg: white.eg - black.eg,
        material: white.material + black.material,
    };
    let mut groups = [Terms::default(); 6];
    let mut means = None;
    if ATTACKS {
        let room = room::room(position, &pawns, &attacks, sides.material);
        sides.mg += room.mg;
        sides.eg += room.eg;
        means = Some(winnable::Means {
            pawns: attacks.map(|side| side.pawn_squares),
            bound_colours: attacks.map(|side| side.bound_colours),
            material: [white.material, black.material],
            passed: passed.count(),
        });
        groups = [
            structure,
            threats(position, &attacks),
            king_danger(position, &attacks),
            passed_pawns(position, &passed, &attacks),
            piece_placement(position, &pawns, &attacks),
            coordination(position, &attacks),
        ];
    } else {
        sides.mg += structure.mg;
        sides.eg += structure.eg;
    }
    Breakdown {
        sides,
        groups,
        means,
    }
}

/// The groups of terms of [`TERM_GROUPS`] in `position`, White's less Black's, middlegame and
/// endgame, before [`GROUP_WEIGHTS`]; all zero in a game that does not weigh attacks. For
/// fitting those weights.
pub fn term_groups(position: &Position) -> [[i32; 2]; 6] {
    let groups = match position.variant().eval_tables().attacks() {
        true => breakdown::<true>(position, |pawns| pawns.structure(position)).groups,
        false => [Terms::default(); 6],
    };
    groups.map(|group| [group.mg, group.eg])
}

/// A side's (or White's minus Black's) middlegame and endgame scores, and its material that
/// counts for the game's phase.
#[derive(Clone, Copy, Debug, Default)]
struct Terms {
    mg: i32,
    eg: i32,
    material: i32,
}

impl Terms {
    fn add(&mut self, both: i32) {
        self.mg += both;
        self.eg += both;
    }

    /// Adds a middlegame and an endgame score.
    fn add_phases(&mut self, [mg, eg]: [i32; 2]) {
        self.mg += mg;
        self.eg += eg;
    }

    /// Adds Stockfish's middlegame and endgame `weights`, scaled to our centipawns
    /// ([`STOCKFISH_SCALE`]), for White (`sign` 1) or Black (-1).
    fn add_stockfish(&mut self, sign: i32, weights: [i32; 2]) {
        let [mg, eg] = weights.map(from_stockfish);
        self.mg += sign * mg;
        self.eg += sign * eg;
    }
}

/// A Pawn structure's terms (White's less Black's) and its passed Pawns.
#[derive(Clone, Copy, Debug, Default)]
struct Structure {
    terms: Terms,
    passed: PawnFiles,
}

/// Pawn structures met in a search and their terms, found by a hash of the structure: a
/// search meets few structures, and working out their terms was a tenth of an evaluation.
#[derive(Clone, Debug)]
pub struct PawnCache {
    entries: Vec<PawnEntry>,
    /// The entries of other generations are not used.
    generation: u64,
}

/// A Pawn structure of a generation of [`PawnCache`] and its terms.
#[derive(Clone, Copy, Debug, Default)]
struct PawnEntry {
    generation: u64,
    pawns: PawnFiles,
    structure: Structure,
}

/// The number of entries of a [`PawnCache`] (a power of two).
const PAWN_CACHE_SIZE: usize = 1 << 10;

impl PawnCache {
    /// An empty cache.
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![PawnEntry::default(); PAWN_CACHE_SIZE],
            generation: 1,
        }
    }

    /// Forgets every structure: what follows may be of another variant.
    pub fn forget(&mut self) {
        self.generation += 1;
    }

    /// The evaluation of `position`, as [`evaluate`] gives it, with the output of the
    /// variant's network (if it has one) given by `correction`.
    pub fn evaluate(
        &mut self,
        position: &Position,
        correction: impl FnOnce(&Quantized) -> i32,
    ) -> i32 {
        let structure = |pawns: &PawnFiles| {
            let entry = &mut self.entries[pawns.hash() as usize & (PAWN_CACHE_SIZE - 1)];
            if entry.generation != self.generation || entry.pawns != *pawns {
                *entry = PawnEntry {
                    generation: self.generation,
                    pawns: *pawns,
                    structure: pawns.structure(position),
                };
            }
            entry.structure
        };
        evaluate_by(position, structure, correction)
    }
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

/// The ranks of each side's Pawns on each file, one bit a rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PawnFiles {
    ranks: [[u16; 12]; 2],
}

impl PawnFiles {
    /// A hash of the structure.
    fn hash(&self) -> u64 {
        self.ranks.iter().flatten().fold(0, |hash, &ranks| {
            (hash ^ u64::from(ranks)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }) >> 32
    }

    /// How many Pawns there are.
    fn count(&self) -> i32 {
        self.ranks
            .iter()
            .flatten()
            .map(|ranks| ranks.count_ones() as i32)
            .sum()
    }

    /// The ranks of `color`'s Pawns on the files next to `file`.
    fn beside(&self, color: Color, file: usize) -> u16 {
        let ranks = &self.ranks[color.index()];
        let left = file.checked_sub(1).map_or(0, |left| ranks[left]);
        left | ranks.get(file + 1).copied().unwrap_or(0)
    }

    /// The Pawn structure's terms, White's minus Black's: passed Pawns by how far they have
    /// come, doubled and isolated ones, and in a game that weighs attacks connected ones
    /// ([`connection`]); and which Pawns are passed.
    fn structure(&self, position: &Position) -> Structure {
        let dims = position.variant().dimensions();
        let files = usize::from(dims.files);
        let last = i32::from(dims.ranks) - 1;
        let connections = position.variant().eval_tables().attacks();
        let mut terms = Terms::default();
        let mut passed = PawnFiles::default();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let own = &self.ranks[color.index()];
            let enemy = &self.ranks[color.opponent().index()];
            let supported = match connections {
                true => pawns_and_attacks(position, color).1,
                false => SquareSet::EMPTY,
            };
            for file in 0..files {
                let mut pawns = own[file];
                let isolated = self.beside(color, file) == 0;
                while pawns != 0 {
                    let rank = pawns.trailing_zeros() as i32;
                    pawns &= pawns - 1;
                    let ahead = ranks_ahead(color, rank);
                    let own_rank = if color == Color::White {
                        rank
                    } else {
                        last - rank
                    };
                    let enemy_beside = self.beside(color.opponent(), file);
                    if (enemy[file] | enemy_beside) & ahead == 0 && last > 0 {
                        passed.ranks[color.index()][file] |= 1 << rank;
                        let square = own_rank * own_rank;
                        terms.mg += sign * PASSED_MG * square / (last * last);
                        terms.eg += sign * PASSED_EG * square / (last * last);
                    }
                    if own[file] & ahead != 0 {
                        terms.mg -= sign * DOUBLED_MG;
                        terms.eg -= sign * DOUBLED_EG;
                    }
                    if isolated {
                        terms.mg -= sign * ISOLATED_MG;
                        terms.eg -= sign * ISOLATED_EG;
                    }
                    if connections {
                        let phalanx = self.beside(color, file) >> rank & 1 != 0;
                        let support = Square::new(file as u8, rank as u8)
                            .is_some_and(|square| supported.contains(square));
                        if phalanx || support {
                            let opposed = enemy[file] & ahead != 0;
                            let rank = own_rank * 7 / last.max(1);
                            let [mg, eg] = connection(rank, phalanx, opposed, support);
                            terms.mg += sign * mg;
                            terms.eg += sign * eg;
                        }
                    }
                }
            }
        }
        Structure { terms, passed }
    }
}

/// Stockfish's classical bonus by rank (of eight, from the own side: 1 is the start) for a
/// connected Pawn, one that another Pawn of its side defends or stands beside.
const CONNECTED: [i32; 8] = [0, 7, 8, 12, 29, 48, 86, 0];
/// Stockfish's bonus for each Pawn defending a connected one (here: whether one does).
const SUPPORTED: i32 = 21;

/// The middlegame and endgame bonus of a connected Pawn on `rank` (of eight, from its side),
/// in a `phalanx` (beside another), `opposed` by an enemy Pawn ahead on its file, `supported`
/// (defended by a Pawn): Stockfish's classical term, scaled by [`STOCKFISH_SCALE`].
fn connection(rank: i32, phalanx: bool, opposed: bool, supported: bool) -> [i32; 2] {
    let rank = rank.clamp(0, 7);
    let base = CONNECTED[rank as usize] * (2 + i32::from(phalanx) - i32::from(opposed));
    let value = base + SUPPORTED * i32::from(supported);
    [value, value * (rank - 2) / 4].map(from_stockfish)
}

/// The ranks ahead of one on `rank`, from `color`'s side, as bits.
fn ranks_ahead(color: Color, rank: i32) -> u16 {
    match color {
        Color::White => !0u16 << (rank + 1),
        Color::Black => (1u16 << rank) - 1,
    }
}

/// Material, piece-square terms, mobility, King tropism and shelter of `color`; its Pawns go
/// into `pawns` and, when `ATTACKS`, its pieces' attacks into its entry of `attacks` (whose
/// `pawns` both hold already: [`pawns_and_attacks`]).
fn side_terms<const ATTACKS: bool>(
    position: &Position,
    color: Color,
    pawns: &mut PawnFiles,
    attacks: &mut [Attacks; 2],
) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let pawn_kinds = variant.pawns();
    let royal = variant.royal();
    let enemy_king = position.king(color.opponent());
    let mut target = enemy_king
        .filter(|_| ATTACKS)
        .map(|king| KingTarget::new(position, color.opponent(), king));
    // With the attacks, mobility counts the squares neither held by the side nor attacked by
    // an enemy Pawn.
    let unsafe_squares = *position.occupied_by(color) | attacks[color.opponent().index()].pawns;
    let attacks = &mut attacks[color.index()];
    let centre = eval.regions().centre;
    let mut terms = Terms::default();
    for from in position.occupied_by(color).iter() {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        let value = eval.value(piece.kind);
        let [mg, eg] = eval.square_term(color, piece.kind, from);
        terms.mg += value + mg;
        terms.eg += value + eg;
        if piece.kind == royal {
            if ATTACKS {
                attacks.king = *eval.leap_attacks(color, piece.kind, from);
            }
            continue;
        }
        if pawn_kinds & piece.kind.bit() != 0 {
            pawns.ranks[color.index()][usize::from(from.file())] |= 1 << from.rank();
            continue;
        }
        terms.material += value;
        if ATTACKS {
            let reached = piece_attacks(position, eval, piece, from);
            let safe = (reached & !unsafe_squares).len() as i32;
            terms.add_phases(eval.mobility_bonus(piece.kind, safe));
            attacks.add_piece(position, piece.kind, value, reached, target.as_mut());
            if eval.file_riders() & piece.kind.bit() != 0 {
                attacks.file_riders |= 1 << from.file();
            }
            if value < MINOR_LIMIT {
                attacks.minors_at.insert(from);
            }
            if eval.colour_bound() & piece.kind.bit() != 0 {
                attacks.bound_colours |= 1 << ((from.file() + from.rank()) % 2);
                attacks.long_diagonals += i32::from((reached & centre).len() >= 2);
            }
            let rook_class = value_class(value) == 2 && eval.file_riders() & piece.kind.bit() != 0;
            if rook_class && safe <= room::CRAMPED_MOBILITY {
                attacks.cramped_rooks.insert(from);
            }
        } else if eval.counts_mobility(piece.kind) {
            let mut unmarked = SquareSet::EMPTY;
            let reach = lines_reach::<false>(position, eval, piece, from, &mut unmarked);
            terms.add_phases(eval.mobility_bonus(piece.kind, reach));
        }
        if let Some(king) = enemy_king {
            terms.mg += KING_TROPISM * (TROPISM_RANGE - distance(from, king)).max(0);
        }
    }
    if position.hand_kinds(color) != 0 {
        for rule in variant.rules() {
            let held = i32::from(position.hand_count(color, rule.kind));
            terms.add(held * (eval.value(rule.kind) + IN_HAND_BONUS));
        }
    }
    if let Some(king) = position.king(color) {
        attacks.shelter = shelter(position, color, king).min(3);
        terms.mg += KING_SHELTER * attacks.shelter;
    }
    terms
}

/// The squares of `color`'s Pawns and the squares they attack.
fn pawns_and_attacks(position: &Position, color: Color) -> (SquareSet, SquareSet) {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let mut squares = SquareSet::EMPTY;
    let mut attacked = SquareSet::EMPTY;
    for from in position.occupied_by(color).iter() {
        if let Some(piece) = position.piece_at(from) {
            if variant.pawns() & piece.kind.bit() != 0 {
                squares.insert(from);
                attacked = attacked | *eval.leap_attacks(color, piece.kind, from);
            }
        }
    }
    (squares, attacked)
}

/// The squares `piece` on `from` attacks: its one-square captures' and its capturing lines'
/// up to and with the first piece.
#[inline]
fn piece_attacks(position: &Position, eval: &EvalTables, piece: Piece, from: Square) -> SquareSet {
    let mut reached = *eval.leap_attacks(piece.color, piece.kind, from);
    lines_reach::<true>(position, eval, piece, from, &mut reached);
    reached
}

/// How many squares the lines of `piece` on `from` ([`EvalTables::lines`]) reach: along each,
/// the empty squares and the enemy piece that stops it, beyond the squares only passed. A
/// leaper's reach is in its piece-square terms; only riders' lines are counted. With `MARK`,
/// the squares the capturing lines attack (up to and with the first piece, of either side) go
/// into `attacked`.
#[inline]
fn lines_reach<const MARK: bool>(
    position: &Position,
    eval: &EvalTables,
    piece: Piece,
    from: Square,
    attacked: &mut SquareSet,
) -> i32 {
    let mut reached = 0;
    let mut rest = eval.lines(piece.color, piece.kind, from);
    while let [length, flags, tail @ ..] = rest {
        let (line, next) = tail.split_at(usize::from(*length));
        rest = next;
        let pass = usize::from(*flags & !CAPTURING_LINE);
        let captures = *flags & CAPTURING_LINE != 0;
        for (index, &number) in line.iter().enumerate() {
            let code = position.code_at_number(number);
            if MARK && captures && index >= pass {
                attacked.insert_number(number);
            }
            if code != 0 {
                reached += i32::from(index >= pass && code_color(code) != piece.color);
                break;
            }
            reached += i32::from(index >= pass);
        }
    }
    reached
}

/// The squares a side attacks: with its pieces (neither Pawns nor the King), with its Pawns,
/// with its pieces worth less than [`MINOR_LIMIT`] and with those worth less than
/// [`MAJOR_LIMIT`], with its King; how many of its pieces
/// attack the enemy King's zone (the King's square and its steps) and on how many squares;
/// the squares its pieces reach and could give check from. Hoppers' captures are not counted.
#[derive(Clone, Copy, Debug, Default)]
struct Attacks {
    all: SquareSet,
    pawns: SquareSet,
    minors: SquareSet,
    /// The attacks of pieces worth from [`MINOR_LIMIT`] up to [`MAJOR_LIMIT`], as Rooks.
    rooks: SquareSet,
    king: SquareSet,
    /// The squares of the side's Pawns.
    pawn_squares: SquareSet,
    attackers: i32,
    zone_hits: i32,
    checks: SquareSet,
    /// How many of the side's own pieces stand next to its King (at most three count).
    shelter: i32,
    /// The files of the side's pieces that ride along their file (as bits).
    file_riders: u16,
    /// The squares of the side's minor pieces (worth less than [`MINOR_LIMIT`]).
    minors_at: SquareSet,
    /// The square colours (bit 0 dark, bit 1 light) its colour-bound pieces stand on.
    bound_colours: u8,
    /// How many of its colour-bound pieces attack two or more of the board's four centre
    /// squares ([`Regions::centre`](crate::eval_tables::Regions::centre)).
    long_diagonals: i32,
    /// The squares of its Rooks (pieces of the Rook's class riding along their file) with at
    /// most [`room::CRAMPED_MOBILITY`] squares to go to.
    cramped_rooks: SquareSet,
}

impl Attacks {
    /// Every square the side attacks.
    fn any(&self) -> SquareSet {
        self.all | self.pawns | self.king
    }

    /// Adds the squares `reached` by a piece of `kind`, worth `value`, and its attack on the
    /// enemy King `target` (none in a game without one).
    fn add_piece(
        &mut self,
        position: &Position,
        kind: Kind,
        value: i32,
        reached: SquareSet,
        target: Option<&mut KingTarget>,
    ) {
        self.all = self.all | reached;
        match value_class(value) {
            1 => self.minors = self.minors | reached,
            2 => self.rooks = self.rooks | reached,
            _ => {}
        }
        if let Some(target) = target {
            let hits = (reached & target.zone).len() as i32;
            if hits > 0 {
                self.attackers += 1;
                self.zone_hits += hits;
            }
            self.checks = self.checks | (reached & target.check_squares(position, kind));
        }
    }
}

/// An enemy King as the evaluation's attacks see it: its square, its zone (the square and the
/// King's steps from it), and the squares from which a piece of each kind would check it,
/// found as they are asked for.
struct KingTarget {
    king: Square,
    king_side: Color,
    zone: SquareSet,
    /// The check squares of up to eight kinds found so far, and how many (those of further
    /// kinds are found again each time).
    known: [(Kind, SquareSet); 8],
    count: usize,
}

impl KingTarget {
    fn new(position: &Position, king_side: Color, king: Square) -> KingTarget {
        let variant = position.variant();
        let mut zone = *variant
            .eval_tables()
            .leap_attacks(king_side, variant.royal(), king);
        zone.insert(king);
        KingTarget {
            king,
            king_side,
            zone,
            known: [(variant.royal(), SquareSet::EMPTY); 8],
            count: 0,
        }
    }

    /// The squares from which a piece of `kind` would check the King: those a piece of the
    /// kind and of the King's side would attack from the King's square (the same, for pieces
    /// that move alike both ways).
    fn check_squares(&mut self, position: &Position, kind: Kind) -> SquareSet {
        if let Some((_, squares)) = self.known[..self.count].iter().find(|(k, _)| *k == kind) {
            return *squares;
        }
        let eval = position.variant().eval_tables();
        let mut squares = *eval.leap_attacks(self.king_side, kind, self.king);
        let piece = Piece {
            kind,
            color: self.king_side,
        };
        lines_reach::<true>(position, eval, piece, self.king, &mut squares);
        if self.count < self.known.len() {
            self.known[self.count] = (kind, squares);
            self.count += 1;
        }
        squares
    }
}

/// King danger units per piece attacking the enemy King's zone, per attack on the zone, per
/// square of the zone attacked and defended by nothing but the King, per square a piece could
/// give a check from safely (see [`king_danger`]).
const DANGER_PER_ATTACKER: i32 = 50;
/// See [`DANGER_PER_ATTACKER`].
const DANGER_PER_HIT: i32 = 69;
/// See [`DANGER_PER_ATTACKER`].
const DANGER_PER_WEAK: i32 = 185;
/// See [`DANGER_PER_ATTACKER`].
const DANGER_PER_SAFE_CHECK: i32 = 700;
/// King danger units taken off per own piece next to the King.
const DANGER_SHELTER: i32 = 40;
/// The middlegame penalty is the danger squared over this; the endgame's, the danger over
/// [`DANGER_EG_DIVISOR`].
const DANGER_MG_DIVISOR: i32 = 18_000;
/// See [`DANGER_MG_DIVISOR`].
const DANGER_EG_DIVISOR: i32 = 70;
/// The largest middlegame penalty for King danger.
const DANGER_LIMIT: i32 = 800;

/// Pieces worth less than this are minor (as Knights and Bishops).
const MINOR_LIMIT: i32 = 400;
/// Pieces worth from [`MINOR_LIMIT`] up to this threaten as Rooks; those worth more are
/// threatened as Queens.
const MAJOR_LIMIT: i32 = 700;

/// The class of a piece (not a Pawn) worth `value`, as Stockfish's piece types: 1 minor (below
/// [`MINOR_LIMIT`]), 2 the Rook's (below [`MAJOR_LIMIT`]), 3 the Queen's.
fn value_class(value: i32) -> usize {
    match value {
        _ if value < MINOR_LIMIT => 1,
        _ if value < MAJOR_LIMIT => 2,
        _ => 3,
    }
}

/// Stockfish's classical weights, middlegame and endgame, for a piece attacked by a minor
/// piece, by the class of the piece attacked: a Pawn not defended by a Pawn, a minor piece, a
/// Rook's class, a Queen's (see [`MAJOR_LIMIT`]). Scaled by [`STOCKFISH_SCALE`].
const THREAT_BY_MINOR: [[i32; 2]; 4] = [[5, 32], [67, 48], [88, 119], [79, 161]];
/// The same, for a piece not defended by a Pawn and attacked by a Rook.
const THREAT_BY_ROOK: [[i32; 2]; 4] = [[3, 44], [40, 64], [0, 39], [58, 43]];
/// The same, for a piece not defended by a Pawn and attacked by the King.
const THREAT_BY_KING: [i32; 2] = [24, 89];
/// The same, for a piece attacked and not defended.
const HANGING: [i32; 2] = [69, 36];
/// The same, per piece (not a Pawn) attacked by a Pawn that is not attacked or is defended.
const THREAT_BY_SAFE_PAWN: [i32; 2] = [173, 94];

/// Threats, White's less Black's, as Stockfish's classical evaluation weighs them, by the class
/// of the piece attacked: by minor pieces (a Pawn only where no Pawn defends it), and where no
/// Pawn defends the piece, by Rooks and by the King, and attacked and not defended at all;
/// pieces attacked by safe Pawns.
fn threats(position: &Position, attacks: &[Attacks; 2]) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let mut terms = Terms::default();
    for (color, sign, ours, theirs) in sides(attacks) {
        let defended = theirs.any();
        let mut add = |weights: [i32; 2]| terms.add_stockfish(sign, weights);
        for square in (*position.occupied_by(color.opponent()) & ours.any()).iter() {
            let Some(piece) = position.piece_at(square) else {
                continue;
            };
            let pawn = variant.pawns() & piece.kind.bit() != 0;
            if piece.kind == variant.royal() {
                continue;
            }
            let class = match pawn {
                true => 0,
                false => value_class(eval.value(piece.kind)),
            };
            // Weak: not defended by a Pawn. A Pawn defended by one is not threatened.
            let weak = !theirs.pawns.contains(square);
            if ours.minors.contains(square) && (weak || !pawn) {
                add(THREAT_BY_MINOR[class]);
            }
            if weak {
                if ours.rooks.contains(square) {
                    add(THREAT_BY_ROOK[class]);
                }
                if ours.king.contains(square) {
                    add(THREAT_BY_KING);
                }
                if !defended.contains(square) {
                    add(HANGING);
                }
            }
        }
        // Pawns not attacked, or defended, attacking pieces.
        let safe_pawns = ours.pawn_squares & (!defended | ours.any());
        let mut safe_pawn_attacks = SquareSet::EMPTY;
        for square in safe_pawns.iter() {
            if let Some(piece) = position.piece_at(square) {
                safe_pawn_attacks =
                    safe_pawn_attacks | *eval.leap_attacks(color, piece.kind, square);
            }
        }
        let mut threatened = *position.occupied_by(color.opponent()) & !theirs.pawn_squares;
        if let Some(king) = position.king(color.opponent()) {
            threatened.remove(king);
        }
        let threatened = (safe_pawn_attacks & threatened).len() as i32;
        add(THREAT_BY_SAFE_PAWN.map(|weight| weight * threatened));
    }
    terms
}

/// Each side, with its sign in the sums of White's terms less Black's (1 for White, -1 for
/// Black), its attacks and the other side's.
fn sides(attacks: &[Attacks; 2]) -> impl Iterator<Item = (Color, i32, &Attacks, &Attacks)> {
    Color::ALL.into_iter().map(move |color| {
        let sign = if color == Color::White { 1 } else { -1 };
        let theirs = &attacks[color.opponent().index()];
        (color, sign, &attacks[color.index()], theirs)
    })
}

/// Each King's danger, White's attack less Black's: from the pieces attacking its zone, the
/// zone's squares only the King defends and the squares a piece could check from safely (at
/// most three count), less the King's own pieces beside it; squared in the middlegame.
fn king_danger(position: &Position, attacks: &[Attacks; 2]) -> Terms {
    let mut terms = Terms::default();
    for (color, sign, ours, theirs) in sides(attacks) {
        let defended = theirs.any();
        if let Some(king) = position.king(color.opponent()) {
            let safe_checks = (ours.checks & !(defended | *position.occupied_by(color))).len();
            let mut zone = theirs.king;
            zone.insert(king);
            let weak = (zone & ours.any() & !(theirs.all | theirs.pawns)).len() as i32;
            if ours.attackers >= 2 || safe_checks > 0 {
                let danger = ours.attackers * DANGER_PER_ATTACKER
                    + ours.zone_hits * DANGER_PER_HIT
                    + weak * DANGER_PER_WEAK
                    + safe_checks.min(3) as i32 * DANGER_PER_SAFE_CHECK
                    - DANGER_SHELTER * theirs.shelter;
                if danger > 100 {
                    terms.mg += sign * (danger * danger / DANGER_MG_DIVISOR).min(DANGER_LIMIT);
                    terms.eg += sign * danger / DANGER_EG_DIVISOR;
                }
            }
        }
    }
    terms
}

/// Passed Pawns' terms that depend on the pieces, White's less Black's, as Stockfish's
/// classical evaluation weighs them (scaled by [`STOCKFISH_SCALE`]), from the fourth rank on (of
/// eight; ranks scaled on other boards) by a weight growing with the rank: in the endgame,
/// the enemy King far from the square before the Pawn and its own King near it; and, where that
/// square is empty, the way to the last rank free of enemy pieces and attacks (or at least
/// that square), and that square defended.
fn passed_pawns(position: &Position, passed: &PawnFiles, attacks: &[Attacks; 2]) -> Terms {
    let last = (i32::from(position.variant().dimensions().ranks) - 1).max(1);
    let mut terms = Terms::default();
    for (color, sign, ours, theirs) in sides(attacks) {
        let white = color == Color::White;
        let forward = sign;
        let kings = (position.king(color), position.king(color.opponent()));
        let ours = ours.any();
        let blocked = *position.occupied_by(color.opponent()) | theirs.any();
        for (file, &ranks) in passed.ranks[color.index()].iter().enumerate() {
            let mut ranks = ranks;
            while ranks != 0 {
                let rank = ranks.trailing_zeros() as i32;
                ranks &= ranks - 1;
                let advanced = if white { rank } else { last - rank };
                let weight = 5 * advanced * 7 / last - 13;
                if weight <= 0 || advanced >= last {
                    continue;
                }
                let square = |steps: i32| Square::new(file as u8, (rank + steps * forward) as u8);
                let Some(block) = square(1) else {
                    continue;
                };
                let [mut mg, mut eg] = [0, 0];
                if let (Some(own), Some(enemy)) = kings {
                    let near = |king: Square, to: Square| distance(king, to).min(PROXIMITY_LIMIT);
                    eg += (near(enemy, block) * 19 / 4 - near(own, block) * 2) * weight;
                    if let Some(next) = square(2).filter(|_| advanced + 1 < last) {
                        eg -= near(own, next) * weight;
                    }
                }
                if position.is_empty(block) {
                    let path_free = (1..=last - advanced)
                        .filter_map(square)
                        .all(|step| !blocked.contains(step));
                    let mut free = if path_free {
                        PATH_FREE
                    } else if !blocked.contains(block) {
                        BLOCK_SQUARE_FREE
                    } else {
                        0
                    };
                    if ours.contains(block) {
                        free += BLOCK_SQUARE_DEFENDED;
                    }
                    mg += free * weight;
                    eg += free * weight;
                }
                terms.add_stockfish(sign, [mg, eg]);
            }
        }
    }
    terms
}

/// Pieces placed by the Pawns, White's less Black's: pieces that ride along their file on a
/// file without own Pawns (more without any), minor pieces defended by a Pawn where no enemy
/// Pawn could come to attack them, from the fourth rank to the sixth (of eight; scaled on other
/// boards): Stockfish's classical terms for Rooks on files and outposts, scaled by
/// [`STOCKFISH_SCALE`]. Pawns are taken to capture diagonally forward, as in chess.
fn piece_placement(position: &Position, pawns: &PawnFiles, attacks: &[Attacks; 2]) -> Terms {
    let last = (i32::from(position.variant().dimensions().ranks) - 1).max(1);
    let eval = position.variant().eval_tables();
    let mut terms = Terms::default();
    for (color, sign, ours, _) in sides(attacks) {
        let mut add = |weights: [i32; 2]| terms.add_stockfish(sign, weights);
        let mut files = ours.file_riders;
        while files != 0 {
            let file = files.trailing_zeros() as usize;
            files &= files - 1;
            if pawns.ranks[color.index()][file] == 0 {
                let open = pawns.ranks[color.opponent().index()][file] == 0;
                add(if open { OPEN_FILE } else { SEMI_OPEN_FILE });
            }
        }
        // Minor pieces its Pawns defend: outposts, unless an enemy Pawn could come to attack.
        for square in (ours.minors_at & ours.pawns).iter() {
            let rank = i32::from(square.rank());
            let advanced = if color == Color::White {
                rank
            } else {
                last - rank
            } * 7
                / last;
            let attackers = pawns.beside(color.opponent(), usize::from(square.file()));
            if (3..=5).contains(&advanced) && attackers & ranks_ahead(color, rank) == 0 {
                let Some(piece) = position.piece_at(square) else {
                    continue;
                };
                let leaper = eval.lines(color, piece.kind, square).is_empty();
                add(if leaper { OUTPOST[0] } else { OUTPOST[1] });
            }
        }
    }
    terms
}

/// How the pieces stand together, White's less Black's: a pair of colour-bound pieces on both
/// colours (a Bishop pair), minor pieces sheltered by a Pawn just ahead and near their King,
/// the King near its Pawns in the endgame: Stockfish's classical terms, scaled by
/// [`STOCKFISH_SCALE`].
fn coordination(position: &Position, attacks: &[Attacks; 2]) -> Terms {
    let eval = position.variant().eval_tables();
    let pawn_squares = attacks[0].pawn_squares | attacks[1].pawn_squares;
    let mut terms = Terms::default();
    for (color, sign, ours, _) in sides(attacks) {
        let mut add = |weights: [i32; 2]| terms.add_stockfish(sign, weights);
        if ours.bound_colours == 0b11 {
            add(BISHOP_PAIR);
        }
        let king = position.king(color);
        for square in ours.minors_at.iter() {
            let Some(piece) = position.piece_at(square) else {
                continue;
            };
            let leaper = eval.lines(color, piece.kind, square).is_empty();
            let ahead = square.rank().checked_add_signed(sign as i8);
            let ahead = ahead.and_then(|rank| Square::new(square.file(), rank));
            if ahead.is_some_and(|ahead| pawn_squares.contains(ahead)) {
                add(MINOR_BEHIND_PAWN);
            }
            if let Some(king) = king {
                let [mg, eg] = KING_PROTECTOR[usize::from(!leaper)];
                add([-mg, -eg].map(|weight| weight * distance(square, king)));
            }
        }
        if let (Some(king), false) = (king, ours.pawn_squares.is_empty()) {
            let nearest = ours
                .pawn_squares
                .iter()
                .map(|pawn| distance(king, pawn))
                .min();
            add([0, -KING_PAWN_DISTANCE * nearest.unwrap_or(0)]);
        }
    }
    terms
}

/// Stockfish's classical weights, middlegame and endgame, for a Rook on a file without own
/// Pawns but with an enemy one ([`piece_placement`]).
const SEMI_OPEN_FILE: [i32; 2] = [19, 7];
/// The same, on a file without Pawns.
const OPEN_FILE: [i32; 2] = [48, 29];
/// The same, for a Knight and a Bishop (here: a minor leaper and a minor rider) on an
/// outpost.
const OUTPOST: [[i32; 2]; 2] = [[56, 36], [30, 23]];

/// The same, for two colour-bound pieces on squares of both colours (a Bishop pair): the
/// square term of its classical material imbalance.
const BISHOP_PAIR: [i32; 2] = [89, 91];
/// The same, for a minor piece with a Pawn (of either side) just ahead of it.
const MINOR_BEHIND_PAWN: [i32; 2] = [18, 3];
/// The same, lost per King step between a minor piece and its King: a leaper, a rider.
const KING_PROTECTOR: [[i32; 2]; 2] = [[8, 9], [6, 9]];
/// The same, endgame, lost per King step between the King and its nearest Pawn.
const KING_PAWN_DISTANCE: i32 = 16;

/// King distances beyond this count as this in [`passed_pawns`].
const PROXIMITY_LIMIT: i32 = 5;
/// Stockfish's weights, times a passed Pawn's weight by rank ([`passed_pawns`]), for its way to
/// the last rank free, for the square before it free, for that square defended.
const PATH_FREE: i32 = 36;
/// See [`PATH_FREE`].
const BLOCK_SQUARE_FREE: i32 = 7;
/// See [`PATH_FREE`].
const BLOCK_SQUARE_DEFENDED: i32 = 5;
/// Stockfish's units to our centipawns: 7 / 15, the ratio the fit of its scores to ours found.
const STOCKFISH_SCALE: [i32; 2] = [7, 15];

/// Stockfish's `units` in our centipawns ([`STOCKFISH_SCALE`]).
fn from_stockfish(units: i32) -> i32 {
    units * STOCKFISH_SCALE[0] / STOCKFISH_SCALE[1]
}

/// The squares each kind's pieces reach, White's less Black's, by kind number: what
/// [`evaluate`] weighs by each kind's [`mobility`](EvalTables::mobility) (Pawns and the King
/// are not counted; see [`piece_mobility`]). For fitting those weights.
pub fn mobility_counts(position: &Position) -> Vec<i32> {
    let mut counts = vec![0; KIND_SLOTS];
    for (piece, count) in piece_mobility(position) {
        counts[piece.kind.index()] += if piece.color == Color::White {
            count
        } else {
            -count
        };
    }
    counts
}

/// Each piece (neither a Pawn nor the King) with the squares it reaches, as [`evaluate`]
/// counts them for its [`mobility_bonus`](EvalTables::mobility_bonus): the squares of its
/// lines, riders only; in a game that weighs attacks, the squares it attacks, less those held
/// by its side or attacked by an enemy Pawn, every piece. For fitting the mobility weights and
/// tables.
pub fn piece_mobility(position: &Position) -> Vec<(Piece, i32)> {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let pawn_attacks = Color::ALL.map(|color| match eval.attacks() {
        true => pawns_and_attacks(position, color).1,
        false => SquareSet::EMPTY,
    });
    let mut pieces = Vec::new();
    for color in Color::ALL {
        let unsafe_squares = *position.occupied_by(color) | pawn_attacks[color.opponent().index()];
        for from in position.occupied_by(color).iter() {
            let Some(piece) = position.piece_at(from) else {
                continue;
            };
            let pawn_or_king =
                piece.kind == variant.royal() || variant.pawns() & piece.kind.bit() != 0;
            if pawn_or_king || !(eval.attacks() || eval.rides(piece.kind)) {
                continue;
            }
            let count = if eval.attacks() {
                (piece_attacks(position, eval, piece, from) & !unsafe_squares).len() as i32
            } else {
                let mut unmarked = SquareSet::EMPTY;
                lines_reach::<false>(position, eval, piece, from, &mut unmarked)
            };
            pieces.push((piece, count));
        }
    }
    pieces
}

/// How many of `color`'s own pieces stand next to its `king`.
fn shelter(position: &Position, color: Color, king: Square) -> i32 {
    let dims = position.variant().dimensions();
    let mut count = 0;
    for dx in -1..=1 {
        for dy in -1..=1 {
            let step = dims.step(king, crate::geometry::Offset::new(dx, dy));
            if let Some(piece) = step.and_then(|square| position.piece_at(square)) {
                count += i32::from(piece.color == color && (dx, dy) != (0, 0));
            }
        }
    }
    count
}

/// The number of King steps from `a` to `b`.
fn distance(a: Square, b: Square) -> i32 {
    let files = i32::from(a.file()).abs_diff(i32::from(b.file()));
    let ranks = i32::from(a.rank()).abs_diff(i32::from(b.rank()));
    files.max(ranks) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Variant};

    /// The chess position `fen`, its Pawns and each side's attacks.
    pub(super) fn chess_attacks(fen: &str) -> (Position<'static>, PawnFiles, [Attacks; 2]) {
        let variant = Variant::by_name("chess").unwrap();
        let position = fen::parse(variant, fen).unwrap();
        let mut pawns = PawnFiles::default();
        let mut attacks = [Attacks::default(); 2];
        for color in Color::ALL {
            let side = &mut attacks[color.index()];
            (side.pawn_squares, side.pawns) = pawns_and_attacks(&position, color);
        }
        for color in Color::ALL {
            side_terms::<true>(&position, color, &mut pawns, &mut attacks);
        }
        (position, pawns, attacks)
    }

    /// The threat terms of the chess position `fen`, White's less Black's.
    fn chess_threats(fen: &str) -> Terms {
        let (position, _, attacks) = chess_attacks(fen);
        threats(&position, &attacks)
    }

    /// The King-danger terms of the chess position `fen`, White's less Black's.
    fn chess_king_danger(fen: &str) -> Terms {
        let (position, _, attacks) = chess_attacks(fen);
        king_danger(&position, &attacks)
    }

    /// The passed Pawns' terms of the chess position `fen` that depend on the pieces.
    fn chess_passed_pawns(fen: &str) -> [i32; 2] {
        let (position, pawns, attacks) = chess_attacks(fen);
        let passed = pawns.structure(&position).passed;
        let terms = passed_pawns(&position, &passed, &attacks);
        [terms.mg, terms.eg]
    }

    #[test]
    fn connected_pawns_are_weighed_where_attacks_are() {
        let chess = Variant::by_name("chess").unwrap();
        let text = "extends = \"chess\"\nname = \"plain\"\n[evaluation]\nattacks = false\n";
        let plain: &'static Variant =
            Box::leak(Box::new(crate::catalog::read(text, "plain.toml").unwrap()));
        let bonus = |fen: &str| {
            let [weighed, unweighed] = [chess, plain].map(|variant| {
                let position = fen::parse(variant, fen).unwrap();
                let mut pawns = PawnFiles::default();
                let mut attacks = [Attacks::default(); 2];
                for color in Color::ALL {
                    side_terms::<false>(&position, color, &mut pawns, &mut attacks);
                }
                pawns.structure(&position).terms
            });
            [weighed.mg - unweighed.mg, weighed.eg - unweighed.eg]
        };
        // Two Pawns side by side on the fourth rank: 12 * 3 each, a quarter of it in the
        // endgame, scaled by 7 / 15.
        assert_eq!(connection(3, true, false, false), [16, 4]);
        assert_eq!(bonus("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), [32, 8]);
        // d4 defended by e3 (12 * 2 + 21); e3 neither defended nor beside another. For Black
        // the same, opposed: 12 * 1 + 21.
        assert_eq!(
            bonus("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1"),
            connection(3, false, false, true)
        );
        let opposed = connection(3, false, true, true);
        assert_eq!(opposed, [33 * 7 / 15, 33 / 4 * 7 / 15]);
        assert_eq!(
            bonus("4k3/8/4p3/3p4/3P4/8/8/4K3 w - - 0 1"),
            [-opposed[0], -opposed[1]]
        );
    }

    /// The terms of the chess position `fen` for pieces placed by the Pawns.
    fn chess_placement(fen: &str) -> [i32; 2] {
        let (position, pawns, attacks) = chess_attacks(fen);
        let terms = piece_placement(&position, &pawns, &attacks);
        [terms.mg, terms.eg]
    }

    #[test]
    fn rooks_want_open_files_and_minor_pieces_outposts() {
        let scaled = |weights: [i32; 2]| weights.map(|weight| weight * 7 / 15);
        assert_eq!(
            chess_placement("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
            scaled(OPEN_FILE)
        );
        assert_eq!(
            chess_placement("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"),
            scaled(SEMI_OPEN_FILE)
        );
        assert_eq!(chess_placement("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), [0, 0]);
        // A Knight on d5 that e4 defends; a Bishop there counts less; a Pawn on c7 could
        // drive either away; on d3 neither is an outpost.
        let knight = "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(chess_placement(knight), scaled(OUTPOST[0]));
        assert_eq!(
            chess_placement("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1"),
            scaled(OUTPOST[1])
        );
        assert_eq!(
            chess_placement("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"),
            [0, 0]
        );
        assert_eq!(chess_placement("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1"), [0, 0]);
        // Black's Knight on e4, which d5 defends: the same, for Black.
        let black = "4k3/8/8/3p4/4n3/8/8/4K3 w - - 0 1";
        assert_eq!(chess_placement(black), scaled(OUTPOST[0]).map(|term| -term));
    }

    /// The coordination terms of the chess position `fen`, White's less Black's.
    fn chess_coordination(fen: &str) -> [i32; 2] {
        let (position, _, attacks) = chess_attacks(fen);
        let terms = coordination(&position, &attacks);
        [terms.mg, terms.eg]
    }

    #[test]
    fn coordination_weighs_bishop_pairs_shelter_and_distances() {
        let scaled = |weights: [i32; 2]| weights.map(from_stockfish);
        let sum = |parts: &[[i32; 2]]| {
            parts
                .iter()
                .fold([0, 0], |[mg, eg], [a, b]| [mg + a, eg + b])
        };
        let away = |steps: i32, leaper: bool| {
            let [mg, eg] = KING_PROTECTOR[usize::from(!leaper)];
            scaled([-mg * steps, -eg * steps])
        };
        // Bishops on c1 and f1 stand on both colours: a pair; on d1 and f1, one colour. Each
        // loses by its King steps from e1.
        assert_eq!(
            chess_coordination("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"),
            sum(&[scaled(BISHOP_PAIR), away(2, false), away(1, false)])
        );
        assert_eq!(
            chess_coordination("4k3/8/8/8/8/8/8/3BKB2 w - - 0 1"),
            sum(&[away(1, false), away(1, false)])
        );
        // A Knight on d4 behind a Pawn on d5 (either side's), three steps from its King, as
        // Black's King from its Pawn; White's King four steps from its Pawn on a2.
        let behind = "4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1";
        let black_king_to_pawn = scaled([0, -KING_PAWN_DISTANCE * 3]);
        assert_eq!(
            chess_coordination(behind),
            sum(&[
                scaled(MINOR_BEHIND_PAWN),
                away(3, true),
                black_king_to_pawn.map(|term| -term)
            ])
        );
        assert_eq!(
            chess_coordination("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
            scaled([0, -KING_PAWN_DISTANCE * 4])
        );
    }

    #[test]
    fn the_groups_are_the_evaluation_s_attack_terms() {
        let chess = Variant::by_name("chess").unwrap();
        let position = fen::parse(chess, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").unwrap();
        let groups = term_groups(&position);
        assert_eq!(
            groups[5],
            chess_coordination("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")
        );
        let xiangqi = Variant::by_name("xiangqi").unwrap();
        let position = fen::parse(xiangqi, &xiangqi.spec().start_fen).unwrap();
        assert_eq!(term_groups(&position), [[0, 0]; 6]);
    }

    #[test]
    fn a_passed_pawn_weighs_the_kings_and_its_way() {
        // e6: rank weight 12. The enemy King four steps from e7 (19 each four), its own five
        // (2 each) and five from e8 (one each): (19 - 10 - 5) * 12 in the endgame; the way
        // free: 36 * 12 in both; scaled by 7 / 15.
        let free = 36 * 12;
        let eg = (19 - 10 - 5) * 12 + free;
        assert_eq!(
            chess_passed_pawns("k7/8/4P3/8/8/8/8/4K3 w - - 0 1"),
            [free * 7 / 15, eg * 7 / 15]
        );
        // The enemy King on d8 guards e7 and e8 and stands a step from e7: the way is shut.
        assert_eq!(
            chess_passed_pawns("3k4/8/4P3/8/8/8/8/4K3 w - - 0 1"),
            [0, (4 - 10 - 5) * 12 * 7 / 15]
        );
        // A Pawn on the third rank weighs nothing yet; Black's are weighed alike.
        assert_eq!(chess_passed_pawns("k7/8/8/8/8/4P3/8/4K3 w - - 0 1"), [0, 0]);
        assert_eq!(
            chess_passed_pawns("4k3/8/8/8/8/4p3/8/K7 b - - 0 1"),
            [-free * 7 / 15, -eg * 7 / 15]
        );
    }

    #[test]
    fn threats_weigh_the_attacker_and_the_piece_attacked() {
        let scaled = |weights: [i32; 2]| weights.map(|weight| weight * 7 / 15);
        let sum = |terms: &[[i32; 2]]| {
            terms.iter().fold([0, 0], |[mg, eg], &term| {
                let [m, e] = scaled(term);
                [mg + m, eg + e]
            })
        };
        let threats = |fen: &str| {
            let terms = chess_threats(fen);
            [terms.mg, terms.eg]
        };
        // A safe Pawn attacks a Knight that nothing defends.
        assert_eq!(
            threats("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"),
            sum(&[THREAT_BY_SAFE_PAWN, HANGING])
        );
        // Defended by a Pawn, the Knight is only attacked by one.
        assert_eq!(
            threats("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1"),
            sum(&[THREAT_BY_SAFE_PAWN])
        );
        // A Rook a Knight attacks, defended by the other Rook: the minor piece's threat
        // alone, for Black (its King guards the Rook's one check, on a8).
        assert_eq!(
            threats("1k6/4p3/8/8/8/1n5K/8/R6R w - - 0 1"),
            sum(&[THREAT_BY_MINOR[2]]).map(|term| -term)
        );
        // A Pawn the King attacks, a Knight a Rook does; neither defended.
        assert_eq!(
            threats("4k3/8/8/8/8/8/P3p3/R3K3 w - - 0 1"),
            sum(&[THREAT_BY_KING, HANGING])
        );
        assert_eq!(
            threats("4k3/8/8/7n/8/8/8/4K2R w - - 0 1"),
            sum(&[THREAT_BY_ROOK[1], HANGING])
        );
    }

    #[test]
    fn king_danger_counts_attackers_hits_weak_squares_and_safe_checks() {
        // The Queen reaches f7 and f8 of the zone around g8, the Rook h7 and h8: two
        // attackers, four hits, four squares only the King defends. Safe checks from g2 and
        // a2 (the Queen) and g1 (the Rook); f7, f8 and h8 the King guards.
        let terms = chess_king_danger("6k1/8/8/8/8/8/5Q2/5K1R w - - 0 1");
        let danger = 2 * DANGER_PER_ATTACKER
            + 4 * DANGER_PER_HIT
            + 4 * DANGER_PER_WEAK
            + 3 * DANGER_PER_SAFE_CHECK;
        assert_eq!(
            terms.mg,
            (danger * danger / DANGER_MG_DIVISOR).min(DANGER_LIMIT)
        );
        assert_eq!(terms.eg, danger / DANGER_EG_DIVISOR);
        // One attacker (the Knight, on f7 and h7) and no safe check: no danger.
        let terms = chess_king_danger("6k1/8/8/6N1/8/8/8/5K2 w - - 0 1");
        assert_eq!([terms.mg, terms.eg], [0, 0]);
    }

    #[test]
    fn attacks_are_weighed_only_where_the_variant_asks() {
        let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
        let chess = Variant::by_name("chess").unwrap();
        let text = "extends = \"chess\"\nname = \"plain\"\n[evaluation]\nattacks = false\n";
        let plain: &'static Variant =
            Box::leak(Box::new(crate::catalog::read(text, "plain.toml").unwrap()));
        let [weighed, unweighed] = [chess, plain].map(|variant| {
            let position = fen::parse(variant, fen).unwrap();
            let structure = |pawns: &PawnFiles| pawns.structure(&position);
            match variant.eval_tables().attacks() {
                true => breakdown::<true>(&position, structure).weighed(),
                false => breakdown::<false>(&position, structure).weighed(),
            }
        });
        // Without the attacks only the riders' lines count: the Rook's seven squares.
        let counted: Vec<_> = piece_mobility(&fen::parse(plain, fen).unwrap())
            .into_iter()
            .map(|(piece, count)| (piece.kind, count))
            .collect();
        assert_eq!(counted, [(chess.kind_by_letter('R').unwrap(), 7)]);
        // With the attacks: the Rook's threat on the Knight, which hangs, and its open file,
        // each group by its weight; the Knight's eight squares count for its mobility (the
        // Rook's seven count either way). Nothing here has room terms (`room`).
        let groups = term_groups(&fen::parse(chess, fen).unwrap());
        let scaled = |weights: [i32; 2]| weights.map(from_stockfish);
        let [rook, hanging] = [scaled(THREAT_BY_ROOK[1]), scaled(HANGING)];
        assert_eq!(groups[1], [rook[0] + hanging[0], rook[1] + hanging[1]]);
        assert_eq!(groups[4], scaled(OPEN_FILE));
        let knight = chess.kind_by_letter('N').unwrap();
        let mobility = chess.eval_tables().mobility_bonus(knight, 8);
        for phase in [0, 1] {
            let weighed_groups: i32 = groups
                .iter()
                .zip(GROUP_WEIGHTS)
                .map(|(group, weights)| group[phase] * weights[phase] / 64)
                .sum();
            assert_eq!(
                weighed[phase] - unweighed[phase],
                weighed_groups - mobility[phase],
                "phase {phase}"
            );
        }
    }

    #[test]
    fn start_position_is_balanced() {
        // Manchu's sides differ (one Banner against Chariots, Horses and Cannons).
        let same_armies = |variant: &Variant| {
            variant.rules().all(|rule| {
                variant.start_count(Color::White, rule.kind)
                    == variant.start_count(Color::Black, rule.kind)
            })
        };
        for variant in Variant::all().filter(|variant| same_armies(variant)) {
            let position = fen::parse(variant, &variant.spec().start_fen).unwrap();
            // A network's view of either side is the other's mirrored: it may add a tempo.
            let tempo = (variant.eval_tables().network()).map_or(TEMPO, |weights| {
                TEMPO + network::correction(weights, &position)
            });
            assert_eq!(evaluate(&position), tempo, "{}", variant.spec().name);
        }
    }

    #[test]
    fn the_pawn_cache_gives_the_evaluation() {
        let mut cache = PawnCache::new();
        for name in ["chess", "xiangqi", "meiriqi", "shogi"] {
            cache.forget();
            let variant = Variant::by_name(name).unwrap();
            let mut position = fen::parse(variant, &variant.spec().start_fen).unwrap();
            let mut moves = Vec::new();
            for ply in 0..80 {
                position.legal_moves(&mut moves);
                let Some(&mv) = moves.get(ply * 7 % moves.len().max(1)) else {
                    break;
                };
                let _undo = position.make(mv);
                for _ in 0..2 {
                    assert_eq!(
                        cache.evaluate(&position, |w| network::correction(w, &position)),
                        evaluate(&position),
                        "{name} {ply}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_kind_s_mobility_weighs_the_squares_its_lines_reach() {
        let none = chess_with_bishop_mobility("still-chess", "mobility = 0");
        let mobile = chess_with_bishop_mobility("mobile-chess", "mobility = 10");
        let bishop = none.kind_by_letter('B').unwrap();
        assert_eq!(mobile.eval_tables().mobility(bishop), 10);
        assert_eq!(mobile.eval_tables().mobility_bonus(bishop, 4), [40, 40]);
        // After 1. e4 White's f1 Bishop reaches five squares, Black's none; a Pawn on b7
        // attacks one of the five (a6), which chess's mobility leaves out.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let plain = fen::parse(none, fen).unwrap();
        let weighted = fen::parse(mobile, fen).unwrap();
        let count = mobility_counts(&plain)[bishop.index()];
        assert_eq!(count, 4);
        assert_eq!(
            evaluate(&weighted) - evaluate(&plain),
            -10 * count,
            "Black to move"
        );
        let even = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let even = fen::parse(none, even).unwrap();
        assert_eq!(mobility_counts(&even)[bishop.index()], 0, "four each");
        // A Knight's squares count too: White's a3, c3, e2, f3 and h3 against Black's four.
        let knight = none.kind_by_letter('N').unwrap();
        assert_eq!(mobility_counts(&plain)[knight.index()], 1);
    }

    /// Chess with the Bishop's mobility (its `mobility` weight and any `mobility-table`)
    /// replaced by `mobility`, a piece entry's lines, as the file `name`.
    fn chess_with_bishop_mobility(name: &str, mobility: &str) -> &'static Variant {
        let chess = Variant::by_name("chess").unwrap();
        let text = crate::catalog::source(chess)
            .replace("name = \"chess\"", &format!("name = \"{name}\""))
            .split("[[pieces]]")
            .map(|entry| match entry.contains("symbol = \"B\"") {
                true => {
                    let kept = entry
                        .lines()
                        .filter(|line| !line.starts_with("mobility = "))
                        .take_while(|line| !line.starts_with("[pieces."))
                        .collect::<Vec<_>>()
                        .join("\n");
                    format!("{kept}\n{mobility}\n\n")
                }
                false => entry.to_string(),
            })
            .collect::<Vec<_>>()
            .join("[[pieces]]");
        Box::leak(Box::new(crate::catalog::read(&text, name).unwrap()))
    }

    #[test]
    fn a_mobility_table_gives_each_piece_its_entry() {
        let none = chess_with_bishop_mobility("still-chess", "mobility = 0");
        let table =
            "[pieces.mobility-table]\nmiddlegame = [7, 7, 7, 7, 47]\nendgame = [7, 7, 7, 7, 47]";
        let tabled = chess_with_bishop_mobility("tabled-chess", table);
        // After 1. e4 White's f1 Bishop has four safe squares (the entry 47), the other three
        // Bishops none (7 each): 47 + 7 - 14 = 40 for White, whatever the phase.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let [plain, with_table] = [none, tabled].map(|variant| fen::parse(variant, fen).unwrap());
        assert_eq!(
            evaluate(&with_table) - evaluate(&plain),
            -40,
            "Black to move"
        );
        // More squares than the table has entries get its last: White's fianchettoed
        // Bishops reach six safe squares each (47 each), Black's none (7 each).
        let open = "rnbqkbnr/pppppppp/8/8/8/1P4P1/PBPPPPBP/RN1QK1NR w KQkq - 0 1";
        let [plain, with_table] = [none, tabled].map(|variant| fen::parse(variant, open).unwrap());
        let bishop = none.kind_by_letter('B').unwrap();
        let counts: Vec<i32> = piece_mobility(&plain)
            .into_iter()
            .filter(|(piece, _)| piece.kind == bishop)
            .map(|(_, count)| count)
            .collect();
        assert_eq!(counts, [6, 6, 0, 0], "White's, then Black's");
        assert_eq!(
            evaluate(&with_table) - evaluate(&plain),
            80,
            "White to move"
        );
    }

    #[test]
    fn extra_material_counts() {
        let variant = Variant::meiriqi();
        let position = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 w").unwrap();
        assert!(evaluate(&position) > 1000);
        let black = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 b").unwrap();
        assert!(evaluate(&black) < -1000);
    }

    /// `fen` (a board and the side to move) with the colours exchanged and the board turned
    /// over: its ranks in reverse order.
    fn mirrored(fen: &str) -> String {
        let (board, turn) = fen.split_once(' ').unwrap();
        let turn = if turn == "w" { "b" } else { "w" };
        let swapped: String = board
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let ranks: Vec<&str> = swapped.split('/').rev().collect();
        format!("{} {turn}", ranks.join("/"))
    }

    #[test]
    fn colours_are_evaluated_alike() {
        let cases = [
            (
                "chess",
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w",
            ),
            ("chess", "6k1/5ppp/8/3N4/2q5/8/1P3PPP/3R2K1 b"),
            ("chess", "8/k7/8/1P2K3/8/8/6p1/8 w"),
            (
                "xiangqi",
                "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w",
            ),
            ("meiriqi", "9k/10/10/10/4Q5/2n7/10/10/5r4/8K1 w"),
        ];
        for (name, fen) in cases {
            let variant = Variant::by_name(name).unwrap();
            let position = fen::parse(variant, fen).unwrap();
            let mirror = fen::parse(variant, &mirrored(fen)).unwrap();
            assert_eq!(evaluate(&position), evaluate(&mirror), "{name} {fen}");
        }
    }
}
