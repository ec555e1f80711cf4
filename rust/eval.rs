//! Static evaluation: material, piece-square terms, the riders' mobility and pieces' nearness to
//! the enemy King, in centipawns from the side to move's point of view.
//!
//! ## Where the numbers come from
//! Each variant's file may give a piece's `value`; a piece without one is valued from its
//! average number of destinations on the empty board ([`derived_value`]), so a variant loaded
//! from a file gets a sensible evaluation with no extra work from its author.
//! `cargo run --release --example mobility` prints those averages for Mĕirìqí (Queen 29.4,
//! Gryphon 29.2, Rhino 26.8, Rook 18.0, Janus 17.2, Eagle 15.8, Lion 12.6, Wildebeest and Ogyo
//! 10.8, Champion 9.4, Pegasus 8.8, Knight 5.8, Gold 5.2, Pawn 4.4, Silver 4.1, Mandarin 1.6).
//! The built-in files' values follow that order, adjusted by what the count misses: leapers
//! cannot be blocked (Lion, Wildebeest, Pegasus, Champion up), the Gryphon and Rhino are stopped
//! by any piece on their first square (below the Queen), the Ogyo's and Eagle's moves point
//! mostly sideways or forward only, and the Shogi generals keep their Shogi ratios to the Pawn.
//! The King is beyond price and not counted.
//!
//! The piece-square terms are derived the same way, for every variant: a piece is worth more
//! where it reaches more squares of the empty board than on average (a Knight in the centre),
//! a King less (it is safer where it is hard to reach), and a Pawn more the further it has
//! advanced. They are precomputed per variant ([`EvalTables`]), so they cost a table look-up.

use crate::geometry::{Square, SQUARE_SLOTS};
use crate::piece::{Color, Kind, KIND_SLOTS};
use crate::position::Position;
use crate::variant::Variant;

/// The material value of a piece of `kind` in `position`'s variant, in centipawns: the
/// variant file's `value`, or one derived from the piece's mobility.
#[inline]
pub fn piece_value(position: &Position, kind: Kind) -> i32 {
    position.variant().eval_tables().value(kind)
}

/// Centipawns per piece in hand over its value on the board: a piece in hand may go anywhere.
const IN_HAND_BONUS: i32 = 10;
/// Centipawns per destination a side's riders can reach, less one per
/// [`MOBILITY_VALUE_STEP`] of the rider's value (at least one): chess's Bishop and Rook 3,
/// its Queen 1.
const MOBILITY_WEIGHT: i32 = 4;
/// See [`MOBILITY_WEIGHT`].
const MOBILITY_VALUE_STEP: i32 = 300;
/// Centipawns per King step a piece (not a Pawn) stands nearer the enemy King than
/// [`TROPISM_RANGE`]: pieces gathering around a King threaten it.
const KING_TROPISM: i32 = 4;
/// See [`KING_TROPISM`].
const TROPISM_RANGE: i32 = 5;
/// Centipawns per rank a Pawn has advanced beyond its start.
const PAWN_ADVANCE: i32 = 6;
/// Centipawns per destination a piece reaches on the empty board from its square above its
/// average (below it: that much less).
const CENTRALITY_WEIGHT: i32 = 4;
/// The largest piece-square term, either way.
const SQUARE_TERM_LIMIT: i32 = 40;
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
/// A piece without a value in its variant file is worth this plus [`VALUE_PER_DESTINATION`]
/// per destination it reaches on average on the empty board (chess's Knight about 290, Rook
/// 590, Queen 900).
const BASE_VALUE: i32 = 100;
/// See [`BASE_VALUE`].
const VALUE_PER_DESTINATION: f64 = 35.0;

/// A variant's evaluation tables: each kind's material value and its piece-square terms.
#[derive(Clone, Debug, Default)]
pub struct EvalTables {
    values: Vec<i32>,
    /// The material of both sides at the start, Pawns and Kings aside: the game's phase is
    /// measured against it.
    start_material: i32,
    /// By colour, kind number and square.
    square_terms: Vec<i16>,
}

impl EvalTables {
    /// The tables of `variant`, whose move tables are built.
    pub fn build(variant: &Variant) -> EvalTables {
        let mut values = vec![0; KIND_SLOTS];
        let mut square_terms = vec![0; 2 * KIND_SLOTS * SQUARE_SLOTS];
        let dims = variant.dimensions();
        for rule in variant.rules() {
            let kind = rule.kind;
            let destinations = |color: Color, from: Square| -> i32 {
                let tables = variant.tables();
                tables
                    .paths(color, kind.number(), from)
                    .iter()
                    .map(|path| (tables.squares(path).len() - path.pass()) as i32)
                    .sum()
            };
            let white = variant.allowed_squares(kind, Color::White);
            let count = white.iter().count().max(1) as i32;
            let total: i32 = white
                .iter()
                .map(|from| destinations(Color::White, from))
                .sum();
            values[kind.index()] = match rule.spec.value {
                Some(value) => value,
                None if rule.spec.royal => 0,
                None => derived_value(f64::from(total) / f64::from(count)),
            };
            let pawn = variant.pawns() & kind.bit() != 0;
            for color in Color::ALL {
                for from in variant.allowed_squares(kind, color).iter() {
                    let term = if pawn {
                        let own_rank = match color {
                            Color::White => from.rank(),
                            Color::Black => dims.ranks - 1 - from.rank(),
                        };
                        PAWN_ADVANCE * i32::from(own_rank.saturating_sub(2))
                    } else {
                        // Twice the difference to the average, rounded, times half the weight.
                        let above = 2 * destinations(color, from) * count - 2 * total;
                        let term = CENTRALITY_WEIGHT * above / (2 * count);
                        if rule.spec.royal {
                            -term
                        } else {
                            term
                        }
                    };
                    square_terms[index(color, kind, from)] =
                        term.clamp(-SQUARE_TERM_LIMIT, SQUARE_TERM_LIMIT) as i16;
                }
            }
        }
        let start_material = variant
            .rules()
            .filter(|rule| (variant.pawns() | variant.royal().bit()) & rule.kind.bit() == 0)
            .map(|rule| {
                let count = Color::ALL
                    .iter()
                    .map(|&color| i32::from(variant.start_count(color, rule.kind)))
                    .sum::<i32>();
                count * values[rule.kind.index()]
            })
            .sum();
        EvalTables {
            values,
            start_material,
            square_terms,
        }
    }

    /// The material value of `kind`.
    #[inline]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// The piece-square term of a `color` piece of `kind` on `square`.
    #[inline]
    pub fn square_term(&self, color: Color, kind: Kind, square: Square) -> i32 {
        i32::from(self.square_terms[index(color, kind, square)])
    }
}

/// Where the term of a `color` piece of `kind` on `square` is kept.
#[inline]
fn index(color: Color, kind: Kind, square: Square) -> usize {
    (color.index() * KIND_SLOTS + kind.index()) * SQUARE_SLOTS + square.index()
}

/// The value of a piece that reaches `destinations` squares on average on the empty board,
/// rounded to 5 centipawns.
pub fn derived_value(destinations: f64) -> i32 {
    let value = f64::from(BASE_VALUE) + VALUE_PER_DESTINATION * destinations;
    (value / 5.0).round() as i32 * 5
}

/// The evaluation of `position` for the side to move: each term's middlegame and endgame
/// weights blended by how much of the start's material (Pawns and the King aside) is left.
pub fn evaluate(position: &Position) -> i32 {
    let mut pawns = PawnFiles::default();
    let white = side_terms(position, Color::White, &mut pawns);
    let black = side_terms(position, Color::Black, &mut pawns);
    let structure = pawns.terms(position);
    let mg = white.mg - black.mg + structure.mg;
    let eg = white.eg - black.eg + structure.eg;
    let start = position.variant().eval_tables().start_material.max(1);
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

/// The ranks of each side's Pawns on each file, one bit a rank.
#[derive(Default)]
struct PawnFiles {
    ranks: [[u16; 12]; 2],
}

impl PawnFiles {
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
/// Pawns go into `pawns`.
fn side_terms(position: &Position, color: Color, pawns: &mut PawnFiles) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let tables = variant.tables();
    let pawn_kinds = variant.pawns();
    let royal = variant.royal();
    let enemy_king = position.king(color.opponent());
    let mut terms = Terms::default();
    for from in position.occupied_by(color).iter() {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        let value = eval.value(piece.kind);
        let square_term = eval.square_term(color, piece.kind, from);
        terms.add(value);
        if piece.kind == royal {
            // Safe where it is hard to reach in the middlegame, active in the endgame.
            terms.mg += square_term;
            terms.eg -= square_term;
            continue;
        }
        terms.add(square_term);
        if pawn_kinds & piece.kind.bit() != 0 {
            pawns.ranks[color.index()][usize::from(from.file())] |= 1 << from.rank();
            continue;
        }
        terms.material += value;
        // A strong piece is not to be lured out early by its many squares.
        let mobility_weight = (MOBILITY_WEIGHT - value / MOBILITY_VALUE_STEP).max(1);
        // A leaper's reach is in its piece-square terms; only riders' lines are counted.
        for path in tables.paths(color, piece.kind.number(), from) {
            let squares = tables.squares(path);
            if squares.len() > 1 {
                let reached = reachable(position, color, squares, path.pass()) as i32;
                terms.add(mobility_weight * reached);
            }
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
        terms.mg += KING_SHELTER * shelter(position, color, king).min(3);
    }
    terms
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

/// Number of destinations along one path: empty squares, and the enemy piece that stops it.
fn reachable(position: &Position, color: Color, squares: &[Square], pass: usize) -> usize {
    let mut count = 0;
    for (index, &square) in squares.iter().enumerate() {
        match position.piece_at(square) {
            None => count += usize::from(index >= pass),
            Some(piece) => {
                count += usize::from(index >= pass && piece.color != color);
                break;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Variant};

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
    fn extra_material_counts() {
        let variant = Variant::meiriqi();
        let position = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 w").unwrap();
        assert!(evaluate(&position) > 1000);
        let black = fen::parse(variant, "9k/10/10/10/4Q5/10/10/10/10/8K1 b").unwrap();
        assert!(evaluate(&black) < -1000);
    }

    #[test]
    fn derived_values_follow_mobility() {
        // Chess's pieces average 5.25 (Knight), 8.75 (Bishop), 14 (Rook) and 22.75 (Queen)
        // destinations on the empty board.
        let values: Vec<i32> = [5.25, 8.75, 14.0, 22.75]
            .into_iter()
            .map(derived_value)
            .collect();
        assert_eq!(values, [285, 405, 590, 895]);
    }

    #[test]
    fn a_knight_is_worth_more_in_the_centre() {
        let chess = Variant::by_name("chess").unwrap();
        let eval = chess.eval_tables();
        let knight = chess.kind_by_letter('N').unwrap();
        let square = |name| Square::parse(name).unwrap();
        let centre = eval.square_term(Color::White, knight, square("d4"));
        let corner = eval.square_term(Color::White, knight, square("a1"));
        assert!(centre > 0 && corner < 0, "{centre} {corner}");
        assert_eq!(
            centre,
            eval.square_term(Color::Black, knight, square("d5")),
            "mirrored for Black"
        );
    }

    #[test]
    fn a_variant_file_without_values_gets_them_from_mobility() {
        let text = crate::variant_file::source(Variant::by_name("chess").unwrap())
            .replace("name = \"chess\"", "name = \"valueless-chess\"");
        let without: String = text
            .lines()
            .filter(|line| !line.starts_with("value ="))
            .map(|line| format!("{line}\n"))
            .collect();
        let variant = crate::variant_file::parse(&without, "valueless.toml", |_| None).unwrap();
        let eval = variant.eval_tables();
        let value = |letter| eval.value(variant.kind_by_letter(letter).unwrap());
        assert_eq!(
            [value('N'), value('B'), value('R'), value('Q'), value('K')],
            [285, 405, 590, 895, 0]
        );
        assert!(
            value('P') > 100 && value('P') < value('N'),
            "{}",
            value('P')
        );
    }
}
