//! Static evaluation: material, piece-square terms, the riders' mobility and pieces' nearness to
//! the enemy King, in centipawns from the side to move's point of view. The material values,
//! piece-square terms and mobility weights are each variant's
//! [`EvalTables`], precomputed with its move tables.

use crate::eval_tables::EvalTables;
use crate::geometry::Square;
use crate::piece::{code_color, Color, Kind, Piece, KIND_SLOTS};
use crate::position::Position;

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
    let mut pawns = PawnFiles::default();
    let white = side_terms(position, Color::White, &mut pawns);
    let black = side_terms(position, Color::Black, &mut pawns);
    let structure = structure(&pawns);
    let mg = white.mg - black.mg + structure.mg;
    let eg = white.eg - black.eg + structure.eg;
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
/// Pawns go into `pawns`.
fn side_terms(position: &Position, color: Color, pawns: &mut PawnFiles) -> Terms {
    let variant = position.variant();
    let eval = variant.eval_tables();
    let pawn_kinds = variant.pawns();
    let royal = variant.royal();
    let enemy_king = position.king(color.opponent());
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
            continue;
        }
        if pawn_kinds & piece.kind.bit() != 0 {
            pawns.ranks[color.index()][usize::from(from.file())] |= 1 << from.rank();
            continue;
        }
        terms.material += value;
        let weight = eval.mobility(piece.kind);
        if weight != 0 {
            terms.add(weight * lines_reach(position, eval, piece, from));
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

/// How many squares the lines of `piece` on `from` ([`EvalTables::lines`]) reach: along each,
/// the empty squares and the enemy piece that stops it, beyond the squares only passed. A
/// leaper's reach is in its piece-square terms; only riders' lines are counted.
#[inline]
fn lines_reach(position: &Position, eval: &EvalTables, piece: Piece, from: Square) -> i32 {
    let mut reached = 0;
    let mut rest = eval.lines(piece.color, piece.kind, from);
    while let [length, pass, tail @ ..] = rest {
        let (line, next) = tail.split_at(usize::from(*length));
        rest = next;
        let pass = usize::from(*pass);
        for (index, &number) in line.iter().enumerate() {
            let code = position.code_at_number(number);
            if code != 0 {
                reached += i32::from(index >= pass && code_color(code) != piece.color);
                break;
            }
            reached += i32::from(index >= pass);
        }
    }
    reached
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
                counts[piece.kind.index()] +=
                    sign * lines_reach(position, variant.eval_tables(), piece, from);
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
