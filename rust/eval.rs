//! Static evaluation: material, piece-square terms, the riders' mobility and pieces' nearness to
//! the enemy King, in centipawns from the side to move's point of view. The material values,
//! piece-square terms and mobility weights are each variant's
//! [`EvalTables`], precomputed with its move tables.
//!
//! Where the variant file asks (`[evaluation] attacks`, chess), the same walk of the pieces'
//! lines also gathers each side's attacks, and `threats` weighs threats (pieces attacked by
//! Pawns, great pieces by minor ones, pieces attacked and not defended) and King danger (pieces
//! attacking the King's zone, its squares only the King defends, squares a piece could check
//! from safely), squared as Stockfish's classical evaluation does. The weights are guesses in
//! Stockfish's proportions, not fitted; at equal nodes they won 98 Elo in chess and 70 in
//! Xiangqi, for some 20 to 35 % of the nodes a second (benches/RESULTS.md).

use crate::eval_tables::{EvalTables, CAPTURING_LINE};
use crate::geometry::Square;
use crate::piece::{code_color, Color, Kind, Piece, KIND_SLOTS};
use crate::position::Position;
use crate::square_set::SquareSet;

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
    evaluate_by(position, |pawns| pawns.terms(position))
}

/// [`evaluate`], with the Pawn structure's terms given by `structure`.
#[inline]
fn evaluate_by(position: &Position, structure: impl FnOnce(&PawnFiles) -> Terms) -> i32 {
    // Two builds of the evaluation: one with the attacks, one as fast as without them.
    if position.variant().eval_tables().attacks() {
        evaluate_weighing::<true>(position, structure)
    } else {
        evaluate_weighing::<false>(position, structure)
    }
}

/// [`evaluate_by`], with threats and King danger when `ATTACKS`.
#[inline]
fn evaluate_weighing<const ATTACKS: bool>(
    position: &Position,
    structure: impl FnOnce(&PawnFiles) -> Terms,
) -> i32 {
    let mut pawns = PawnFiles::default();
    let mut attacks = [Attacks::default(); 2];
    let white = side_terms::<ATTACKS>(position, Color::White, &mut pawns, &mut attacks[0]);
    let black = side_terms::<ATTACKS>(position, Color::Black, &mut pawns, &mut attacks[1]);
    let structure = structure(&pawns);
    let threats = match ATTACKS {
        true => threats(position, &attacks),
        false => Terms::default(),
    };
    let mg = white.mg - black.mg + structure.mg + threats.mg;
    let eg = white.eg - black.eg + structure.eg + threats.eg;
    let start = position.variant().eval_tables().start_material().max(1);
    let phase = ((white.material + black.material) * 256 / start).clamp(0, 256);
    let score = (mg * phase + eg * (256 - phase)) / 256;
    let score = if position.turn() == Color::White {
        score
    } else {
        -score
    };
    score + TEMPO
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
    terms: Terms,
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

    /// The evaluation of `position`, as [`evaluate`] gives it.
    pub fn evaluate(&mut self, position: &Position) -> i32 {
        evaluate_by(position, |pawns| {
            let entry = &mut self.entries[pawns.hash() as usize & (PAWN_CACHE_SIZE - 1)];
            if entry.generation != self.generation || entry.pawns != *pawns {
                *entry = PawnEntry {
                    generation: self.generation,
                    pawns: *pawns,
                    terms: pawns.terms(position),
                };
            }
            entry.terms
        })
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

    /// The Pawn structure's terms, White's minus Black's: passed Pawns by how far they have
    /// come, doubled and isolated ones.
    fn terms(&self, position: &Position) -> Terms {
        let dims = position.variant().dimensions();
        let files = usize::from(dims.files);
        let last = i32::from(dims.ranks) - 1;
        let mut terms = Terms::default();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let own = &self.ranks[color.index()];
            let enemy = &self.ranks[color.opponent().index()];
            for file in 0..files {
                let neighbours = |masks: &[u16; 12]| {
                    let left = if file > 0 { masks[file - 1] } else { 0 };
                    let right = if file + 1 < files { masks[file + 1] } else { 0 };
                    left | right
                };
                let mut pawns = own[file];
                let isolated = neighbours(own) == 0;
                while pawns != 0 {
                    let rank = pawns.trailing_zeros() as i32;
                    pawns &= pawns - 1;
                    // Ranks ahead of this Pawn, from its owner's side.
                    let ahead: u16 = if color == Color::White {
                        !0u16 << (rank + 1)
                    } else {
                        (1u16 << rank) - 1
                    };
                    let own_rank = if color == Color::White {
                        rank
                    } else {
                        last - rank
                    };
                    if (enemy[file] | neighbours(enemy)) & ahead == 0 && last > 0 {
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
                }
            }
        }
        terms
    }
}

/// Material, piece-square terms, riders' mobility, King tropism and shelter of `color`; its
/// Pawns go into `pawns` and, when `ATTACKS`, its attacks into `attacks`.
fn side_terms<const ATTACKS: bool>(
    position: &Position,
    color: Color,
    pawns: &mut PawnFiles,
    attacks: &mut Attacks,
) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let pawn_kinds = variant.pawns();
    let royal = variant.royal();
    let enemy_king = position.king(color.opponent());
    let mut target = enemy_king
        .filter(|_| ATTACKS)
        .map(|king| KingTarget::new(position, color.opponent(), king));
    let mut terms = Terms::default();
    for from in position.occupied_by(color).iter() {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        let value = eval.value(piece.kind);
        let [mg, eg] = eval.square_term(color, piece.kind, from);
        terms.mg += value + mg;
        terms.eg += value + eg;
        let leaps = match ATTACKS {
            true => *eval.leap_attacks(color, piece.kind, from),
            false => SquareSet::EMPTY,
        };
        if piece.kind == royal {
            attacks.king = leaps;
            continue;
        }
        if pawn_kinds & piece.kind.bit() != 0 {
            pawns.ranks[color.index()][usize::from(from.file())] |= 1 << from.rank();
            attacks.pawns = attacks.pawns | leaps;
            continue;
        }
        terms.material += value;
        let weight = eval.mobility(piece.kind);
        let mut reached = leaps;
        if ATTACKS {
            terms.add(weight * lines_reach::<true>(position, eval, piece, from, &mut reached));
        } else if weight != 0 {
            terms.add(weight * lines_reach::<false>(position, eval, piece, from, &mut reached));
        }
        if let Some(king) = enemy_king {
            terms.mg += KING_TROPISM * (TROPISM_RANGE - distance(from, king)).max(0);
        }
        if ATTACKS {
            attacks.add_piece(position, piece.kind, value, reached, target.as_mut());
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
/// with its pieces worth less than [`MINOR_LIMIT`], with its King; how many of its pieces
/// attack the enemy King's zone (the King's square and its steps) and on how many squares;
/// the squares its pieces reach and could give check from. Hoppers' captures are not counted.
#[derive(Clone, Copy, Debug, Default)]
struct Attacks {
    all: SquareSet,
    pawns: SquareSet,
    minors: SquareSet,
    king: SquareSet,
    attackers: i32,
    zone_hits: i32,
    checks: SquareSet,
    /// How many of the side's own pieces stand next to its King (at most three count).
    shelter: i32,
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
        if value < MINOR_LIMIT {
            self.minors = self.minors | reached;
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
/// give a check from safely (see [`threats`]).
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

/// Pieces worth less than this are minor: their attacks threaten the greater pieces.
const MINOR_LIMIT: i32 = 400;
/// Centipawns, middlegame and endgame, per enemy piece (not a Pawn nor the King) a Pawn
/// attacks.
const THREAT_BY_PAWN: [i32; 2] = [60, 40];
/// The same, per enemy piece worth [`MINOR_LIMIT`] or more that a minor piece attacks.
const THREAT_BY_MINOR: [i32; 2] = [40, 30];
/// The same, per enemy piece attacked and not defended.
const HANGING: [i32; 2] = [30, 20];

/// Threats and King danger, White's less Black's: enemy pieces attacked by Pawns, great ones
/// attacked by minor pieces, pieces attacked and not defended; and against each King, its
/// danger from the pieces attacking its zone, the zone's squares only the King defends and the
/// squares a piece could check from safely (at most three count), squared.
fn threats(position: &Position, attacks: &[Attacks; 2]) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let skipped = variant.pawns() | variant.royal().bit();
    let mut terms = Terms::default();
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = &attacks[color.index()];
        let theirs = &attacks[color.opponent().index()];
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
        let attacked = ours.any();
        for square in (*position.occupied_by(color.opponent()) & attacked).iter() {
            let Some(piece) = position.piece_at(square) else {
                continue;
            };
            if skipped & piece.kind.bit() != 0 {
                continue;
            }
            let mut add = |weights: [i32; 2]| {
                terms.mg += sign * weights[0];
                terms.eg += sign * weights[1];
            };
            if ours.pawns.contains(square) {
                add(THREAT_BY_PAWN);
            } else if ours.minors.contains(square) && eval.value(piece.kind) >= MINOR_LIMIT {
                add(THREAT_BY_MINOR);
            }
            if !defended.contains(square) {
                add(HANGING);
            }
        }
    }
    terms
}

/// The squares the lines of each kind's pieces reach, White's less Black's, by kind number:
/// what [`evaluate`] weighs by each kind's [`mobility`](EvalTables::mobility)
/// (Pawns and the King are not counted). For fitting those weights.
pub fn mobility_counts(position: &Position) -> Vec<i32> {
    let variant = position.variant();
    let mut counts = vec![0; KIND_SLOTS];
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for from in position.occupied_by(color).iter() {
            let Some(piece) = position.piece_at(from) else {
                continue;
            };
            if piece.kind != variant.royal() && variant.pawns() & piece.kind.bit() == 0 {
                let mut attacked = SquareSet::EMPTY;
                counts[piece.kind.index()] += sign
                    * lines_reach::<false>(
                        position,
                        variant.eval_tables(),
                        piece,
                        from,
                        &mut attacked,
                    );
            }
        }
    }
    counts
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

    /// The threat and King-danger terms of the chess position `fen`, White's less Black's.
    fn chess_threats(fen: &str) -> Terms {
        let variant = Variant::by_name("chess").unwrap();
        let position = fen::parse(variant, fen).unwrap();
        let mut pawns = PawnFiles::default();
        let mut attacks = [Attacks::default(); 2];
        for color in Color::ALL {
            side_terms::<true>(&position, color, &mut pawns, &mut attacks[color.index()]);
        }
        threats(&position, &attacks)
    }

    #[test]
    fn a_piece_a_pawn_attacks_and_nothing_defends_is_threatened_twice() {
        let terms = chess_threats("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(terms.mg, THREAT_BY_PAWN[0] + HANGING[0]);
        assert_eq!(terms.eg, THREAT_BY_PAWN[1] + HANGING[1]);
        // Defended by a Pawn, the Knight is only attacked by one.
        let terms = chess_threats("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!([terms.mg, terms.eg], THREAT_BY_PAWN);
        // A Rook a Knight attacks, defended by the other Rook: the lesser piece's threat
        // alone, for Black (its Pawns keep the Rooks from checking).
        let terms = chess_threats("4k3/p3p3/8/8/8/1n5K/8/R6R w - - 0 1");
        assert_eq!([terms.mg, terms.eg], THREAT_BY_MINOR.map(|weight| -weight));
    }

    #[test]
    fn king_danger_counts_attackers_hits_weak_squares_and_safe_checks() {
        // The Queen reaches f7 and f8 of the zone around g8, the Rook h7 and h8: two
        // attackers, four hits, four squares only the King defends. Safe checks from g2 and
        // a2 (the Queen) and g1 (the Rook); f7, f8 and h8 the King guards.
        let terms = chess_threats("6k1/8/8/8/8/8/5Q2/5K1R w - - 0 1");
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
        let terms = chess_threats("6k1/8/8/6N1/8/8/8/5K2 w - - 0 1");
        assert_eq!([terms.mg, terms.eg], [0, 0]);
    }

    #[test]
    fn attacks_are_weighed_only_where_the_variant_asks() {
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        let chess = Variant::by_name("chess").unwrap();
        let text = "extends = \"chess\"\nname = \"plain\"\n[evaluation]\nattacks = false\n";
        let plain: &'static Variant =
            Box::leak(Box::new(crate::catalog::read(text, "plain.toml").unwrap()));
        let weighed = evaluate(&fen::parse(chess, fen).unwrap());
        let unweighed = evaluate(&fen::parse(plain, fen).unwrap());
        // The Knight leaves little of the middlegame: the terms are blended mostly as the
        // endgame's.
        let [mg, eg] = [0, 1].map(|phase| THREAT_BY_PAWN[phase] + HANGING[phase]);
        assert!(
            (eg..=mg).contains(&(weighed - unweighed)),
            "{weighed} - {unweighed}"
        );
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
            assert_eq!(evaluate(&position), TEMPO, "{}", variant.spec().name);
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
                        cache.evaluate(&position),
                        evaluate(&position),
                        "{name} {ply}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_kind_s_mobility_weighs_the_squares_its_lines_reach() {
        let chess = Variant::by_name("chess").unwrap();
        let text = crate::catalog::source(chess)
            .replace("name = \"chess\"", "name = \"mobile-chess\"")
            .replace("value = 320\n", "value = 320\nmobility = 10\n");
        let mobile: &'static Variant = Box::leak(Box::new(
            crate::catalog::read(&text, "mobile.toml").unwrap(),
        ));
        let bishop = chess.kind_by_letter('B').unwrap();
        assert_eq!(chess.eval_tables().mobility(bishop), 3);
        assert_eq!(mobile.eval_tables().mobility(bishop), 10);
        // After 1. e4 White's f1 Bishop reaches five squares, Black's none.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let plain = fen::parse(chess, fen).unwrap();
        let weighted = fen::parse(mobile, fen).unwrap();
        let count = mobility_counts(&plain)[bishop.index()];
        assert_eq!(count, 5);
        assert_eq!(
            evaluate(&weighted) - evaluate(&plain),
            -(10 - 3) * count,
            "Black to move"
        );
        let even = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let even = fen::parse(chess, even).unwrap();
        assert_eq!(mobility_counts(&even)[bishop.index()], 0, "five each");
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
