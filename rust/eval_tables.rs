//! A variant's evaluation tables: each kind's material value and its piece-square terms, derived
//! from its move tables when the variant is built, so that the evaluation ([`crate::eval`]) costs
//! a table look-up.
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
//! advanced. They are precomputed per variant ([`EvalTables`]).

use crate::atom::Mode;
use crate::geometry::{Dimensions, Square, SQUARE_SLOTS};
use crate::network::Quantized;
use crate::piece::{Color, Kind, KindSet, KIND_SLOTS};
use crate::piece_rule::PieceRule;
use crate::square_set::SquareSet;
use crate::tables::Tables;

/// Centipawns per square a rider's lines reach (see [`EvalTables::mobility`]), less one per
/// [`MOBILITY_VALUE_STEP`] of its value (at least one): chess's Bishop and Rook 3, its
/// Queen 1. A strong piece is not to be lured out early by its many squares.
const MOBILITY_WEIGHT: i32 = 4;
/// See [`MOBILITY_WEIGHT`].
const MOBILITY_VALUE_STEP: i32 = 300;
/// Centipawns per rank a Pawn has advanced beyond its start.
const PAWN_ADVANCE: i32 = 6;
/// Centipawns per destination a piece reaches on the empty board from its square above its
/// average (below it: that much less).
const CENTRALITY_WEIGHT: i32 = 4;
/// The largest piece-square term, either way.
const SQUARE_TERM_LIMIT: i32 = 40;
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
    /// By colour, kind number and square: middlegame and endgame.
    square_terms: Vec<[i16; 2]>,
    /// By kind number: centipawns per square its lines reach.
    mobility: Vec<i32>,
    /// By kind number: its worth by the squares it reaches, middlegame and endgame, where its
    /// variant file gives a `mobility-table` (empty where it does not).
    mobility_tables: Vec<Vec<[i32; 2]>>,
    /// The lines whose reach mobility counts, by colour, kind number and square: a range of
    /// `line_codes` (see [`EvalTables::lines`]).
    line_ranges: Vec<[u32; 2]>,
    /// Each line as its length, the number of squares only passed (with [`CAPTURING_LINE`]
    /// set when the line may end in a capture), then its square numbers.
    line_codes: Vec<u8>,
    /// By colour, kind number and square: the squares its one-square paths capture on (a
    /// Knight's leaps, a Pawn's diagonal steps, the King's); empty unless `attacks`.
    leap_attacks: Vec<SquareSet>,
    /// Whether threats and King danger are weighed (the variant file's `evaluation.attacks`).
    attacks: bool,
    /// The network whose output the evaluation adds (the variant file's `evaluation.network`).
    network: Option<&'static Quantized>,
    /// The kinds (neither Pawns nor the King) with a line of more than one square along
    /// their file.
    file_riders: KindSet,
    /// The kinds (neither Pawns nor the King) that never leave the colour of their square,
    /// as chess's Bishop.
    colour_bound: KindSet,
    /// The kinds with lines ([`EvalTables::lines`]) somewhere: the riders.
    riders: KindSet,
    /// The board's regions that the evaluation's terms look at.
    regions: Regions,
}

/// Regions of a board that the evaluation's terms look at (`eval/room.rs`), found once per
/// variant.
#[derive(Clone, Copy, Debug, Default)]
pub struct Regions {
    /// The four squares at the centre of the board (on an odd number of files or ranks, those
    /// just below the middle count).
    pub centre: SquareSet,
    /// The squares of the centre files: the middle half of the files (c to f on eight).
    pub centre_files: SquareSet,
    /// By colour, the centre files on the side's second to fourth ranks (of eight; scaled):
    /// where Stockfish counts space.
    pub space: [SquareSet; 2],
    /// The light squares (those with an odd sum of file and rank numbers).
    pub light: SquareSet,
}

impl Regions {
    /// The regions of a board of `dims`.
    fn of(dims: Dimensions) -> Regions {
        let mut regions = Regions::default();
        let (files, ranks) = (dims.files, dims.ranks);
        let middle = |count: u8| [(count / 2).saturating_sub(1), count / 2];
        let last = ranks.saturating_sub(1);
        let deepest = (3 * last / 7).max(1);
        for file in 0..files {
            let centre_file = (files / 4..files - files / 4).contains(&file);
            for rank in 0..ranks {
                let Some(square) = Square::new(file, rank) else {
                    continue;
                };
                if middle(files).contains(&file) && middle(ranks).contains(&rank) {
                    regions.centre.insert(square);
                }
                if (file + rank) % 2 == 1 {
                    regions.light.insert(square);
                }
                if !centre_file {
                    continue;
                }
                regions.centre_files.insert(square);
                if (1..=deepest).contains(&rank) {
                    regions.space[Color::White.index()].insert(square);
                }
                if (1..=deepest).contains(&(last - rank)) {
                    regions.space[Color::Black.index()].insert(square);
                }
            }
        }
        regions
    }
}

/// Set in a line's second byte ([`EvalTables::lines`]) when the line may end in a capture.
pub const CAPTURING_LINE: u8 = 0x80;

impl EvalTables {
    /// The tables of the kinds `rules` (in numbering order) on a board of `dims`, whose paths
    /// `tables` holds; `pawns` are the Pawn kinds. The start's material is counted apart
    /// once the start position is read ([`crate::variant::Variant::with_start`]).
    pub fn build(
        dims: Dimensions,
        rules: &[PieceRule],
        tables: &Tables,
        pawns: KindSet,
        attacks: bool,
        network: Option<&'static Quantized>,
    ) -> EvalTables {
        let mut values = vec![0; KIND_SLOTS];
        let mut square_terms = vec![[0; 2]; 2 * KIND_SLOTS * SQUARE_SLOTS];
        let mut mobility = vec![0; KIND_SLOTS];
        let mut mobility_tables = vec![Vec::new(); KIND_SLOTS];
        let mut line_ranges = vec![[0; 2]; 2 * KIND_SLOTS * SQUARE_SLOTS];
        let mut line_codes = Vec::new();
        let mut file_riders = 0;
        let mut colour_bound = 0;
        let mut riders = 0;
        let mut leap_attacks = match attacks {
            true => vec![SquareSet::EMPTY; 2 * KIND_SLOTS * SQUARE_SLOTS],
            false => Vec::new(),
        };
        for rule in rules {
            let kind = rule.kind;
            let destinations = |color: Color, from: Square| -> i32 {
                tables
                    .paths(color, kind.number(), from)
                    .iter()
                    .map(|path| (tables.squares(path).len() - path.pass()) as i32)
                    .sum()
            };
            let white = &rule.allowed[Color::White.index()];
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
            mobility[kind.index()] = rule.spec.mobility.unwrap_or_else(|| {
                (MOBILITY_WEIGHT - values[kind.index()] / MOBILITY_VALUE_STEP).max(1)
            });
            mobility_tables[kind.index()] = rule.spec.mobility_table.clone().unwrap_or_default();
            let pawn = pawns & kind.bit() != 0;
            // Pawns' and the King's reach is not counted: they have no lines.
            let walked = !pawn && !rule.spec.royal;
            // Whether the kind moves at all, and never to a square of the other colour.
            let (mut moves, mut keeps_colour) = (false, walked);
            for color in Color::ALL {
                for from in dims.squares() {
                    let start = line_codes.len() as u32;
                    for path in tables.paths(color, kind.number(), from) {
                        let squares = tables.squares(path);
                        moves |= !squares.is_empty();
                        keeps_colour &= squares.iter().all(|&square| same_colour(square, from));
                        let captures =
                            matches!(path.mode(), Mode::MoveOrCapture | Mode::CaptureOnly);
                        if squares.len() > 1 && walked {
                            riders |= kind.bit();
                            if squares.iter().all(|square| square.file() == from.file()) {
                                file_riders |= kind.bit();
                            }
                            let pass =
                                path.pass() as u8 | if captures { CAPTURING_LINE } else { 0 };
                            line_codes.extend([squares.len() as u8, pass]);
                            line_codes.extend(squares.iter().map(|square| square.index() as u8));
                        } else if squares.len() == 1 && captures && attacks {
                            leap_attacks[index(color, kind, from)].insert(squares[0]);
                        }
                    }
                    line_ranges[index(color, kind, from)] = [start, line_codes.len() as u32];
                }
                for from in rule.allowed[color.index()].iter() {
                    let white_square = match color {
                        Color::White => from,
                        Color::Black => dims.mirror(from),
                    };
                    let term = match &rule.spec.square_values {
                        Some(given) => {
                            let at = usize::from(white_square.rank()) * usize::from(dims.files)
                                + usize::from(white_square.file());
                            [given.middlegame[at], given.endgame[at]]
                        }
                        None if pawn => {
                            let advance =
                                PAWN_ADVANCE * i32::from(white_square.rank().saturating_sub(2));
                            [limited(advance); 2]
                        }
                        None => {
                            // Twice the difference to the average, rounded, times half the weight.
                            let above = 2 * destinations(color, from) * count - 2 * total;
                            let term = limited(CENTRALITY_WEIGHT * above / (2 * count));
                            if rule.spec.royal {
                                // Safe where it is hard to reach in the middlegame, active in
                                // the endgame.
                                [-term, term]
                            } else {
                                [term; 2]
                            }
                        }
                    };
                    square_terms[index(color, kind, from)] = term;
                }
            }
            if moves && keeps_colour {
                colour_bound |= kind.bit();
            }
        }
        EvalTables {
            values,
            start_material: 0,
            square_terms,
            mobility,
            mobility_tables,
            line_ranges,
            line_codes,
            leap_attacks,
            attacks,
            network,
            file_riders,
            colour_bound,
            riders,
            regions: Regions::of(dims),
        }
    }

    /// Counts the material of the start position, which holds `start_counts[colour][kind]`
    /// pieces, leaving out the kinds `uncounted` (Pawns and the King).
    pub(crate) fn count_start(&mut self, start_counts: &[[u8; KIND_SLOTS]; 2], uncounted: KindSet) {
        self.start_material = (1..KIND_SLOTS)
            .filter(|&number| uncounted >> number & 1 == 0)
            .map(|number| {
                let count: i32 = start_counts
                    .iter()
                    .map(|counts| i32::from(counts[number]))
                    .sum();
                count * self.values[number]
            })
            .sum();
    }

    /// The material of both sides at the start, Pawns and Kings aside: the game's phase is
    /// measured against it.
    #[inline]
    pub fn start_material(&self) -> i32 {
        self.start_material
    }

    /// The network whose output the evaluation adds, if any.
    #[inline]
    pub fn network(&self) -> Option<&'static Quantized> {
        self.network
    }

    /// The material value of `kind`.
    #[inline]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// Centipawns per square the lines of a piece of `kind` reach (the variant file's
    /// `mobility`, or 4 less one per 300 of its value, at least 1): the evaluation counts the
    /// riders' lines only, a leaper's reach being in its piece-square terms; in a game that
    /// weighs attacks, every piece's safe squares ([`crate::eval`]).
    #[inline]
    pub fn mobility(&self, kind: Kind) -> i32 {
        self.mobility[kind.index()]
    }

    /// Whether the evaluation counts the squares the lines of a piece of `kind` reach, in a
    /// game that does not weigh attacks: it rides along lines and has a `mobility-table` or a
    /// [`mobility`](EvalTables::mobility) weight above zero (a leaper's reach is in its
    /// piece-square terms).
    #[inline]
    pub fn counts_mobility(&self, kind: Kind) -> bool {
        self.rides(kind)
            && (self.mobility[kind.index()] != 0 || !self.mobility_tables[kind.index()].is_empty())
    }

    /// Whether pieces of `kind` have lines somewhere ([`EvalTables::lines`]): riders.
    #[inline]
    pub fn rides(&self, kind: Kind) -> bool {
        self.riders & kind.bit() != 0
    }

    /// What a piece of `kind` reaching `count` squares is worth for it, middlegame and
    /// endgame: its `mobility-table`'s entry for `count` (the last entry for more), or
    /// [`mobility`](EvalTables::mobility) times `count` in both phases.
    #[inline]
    pub fn mobility_bonus(&self, kind: Kind, count: i32) -> [i32; 2] {
        let table = &self.mobility_tables[kind.index()];
        match table.last() {
            Some(&last) => table.get(count as usize).copied().unwrap_or(last),
            None => [self.mobility[kind.index()] * count; 2],
        }
    }

    /// The lines whose reach the mobility of a `color` piece of `kind` (not a Pawn nor the
    /// King) on `square` counts: its paths of more than one square, one after another, each
    /// as its length, the number of its squares only passed, then its square numbers in
    /// walking order. One slice for the piece, so that the evaluation's walk looks nothing
    /// else up.
    #[inline]
    pub fn lines(&self, color: Color, kind: Kind, square: Square) -> &[u8] {
        let [start, end] = self.line_ranges[index(color, kind, square)];
        &self.line_codes[start as usize..end as usize]
    }

    /// Whether the evaluation weighs threats and King danger from each side's attacks.
    #[inline]
    pub fn attacks(&self) -> bool {
        self.attacks
    }

    /// The kinds (neither Pawns nor the King) with a line of more than one square along their
    /// file, as a Rook's.
    #[inline]
    pub fn file_riders(&self) -> KindSet {
        self.file_riders
    }

    /// The kinds (neither Pawns nor the King) that never leave the colour of their square,
    /// as chess's Bishop.
    #[inline]
    pub fn colour_bound(&self) -> KindSet {
        self.colour_bound
    }

    /// The board's regions that the evaluation's terms look at.
    #[inline]
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The squares a `color` piece of `kind` on `square` captures on with one-square paths,
    /// in a variant whose evaluation weighs attacks ([`EvalTables::attacks`]); none in others.
    #[inline]
    pub fn leap_attacks(&self, color: Color, kind: Kind, square: Square) -> &SquareSet {
        static NONE: SquareSet = SquareSet::EMPTY;
        self.leap_attacks
            .get(index(color, kind, square))
            .unwrap_or(&NONE)
    }

    /// The piece-square terms of a `color` piece of `kind` on `square`: middlegame and
    /// endgame.
    #[inline]
    pub fn square_term(&self, color: Color, kind: Kind, square: Square) -> [i32; 2] {
        self.square_terms[index(color, kind, square)].map(i32::from)
    }
}

/// Where the term of a `color` piece of `kind` on `square` is kept.
#[inline]
fn index(color: Color, kind: Kind, square: Square) -> usize {
    (color.index() * KIND_SLOTS + kind.index()) * SQUARE_SLOTS + square.index()
}

/// Whether squares `a` and `b` have the same colour on a chequered board.
fn same_colour(a: Square, b: Square) -> bool {
    (a.file() + a.rank()) % 2 == (b.file() + b.rank()) % 2
}

/// `term` within [`SQUARE_TERM_LIMIT`] either way.
fn limited(term: i32) -> i16 {
    term.clamp(-SQUARE_TERM_LIMIT, SQUARE_TERM_LIMIT) as i16
}

/// The value of a piece that reaches `destinations` squares on average on the empty board,
/// rounded to 5 centipawns.
pub fn derived_value(destinations: f64) -> i32 {
    let value = f64::from(BASE_VALUE) + VALUE_PER_DESTINATION * destinations;
    (value / 5.0).round() as i32 * 5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn regions_scale_with_the_board() {
        let names = |set: SquareSet| -> Vec<String> { set.iter().map(|s| s.to_string()).collect() };
        // Xiangqi's 9 x 10: the centre two files by two ranks below and above the middle; the
        // centre files are the middle five, and each side's space their second to fourth ranks.
        let regions = Variant::by_name("xiangqi").unwrap().eval_tables().regions();
        assert_eq!(names(regions.centre), ["d5", "e5", "d6", "e6"]);
        assert_eq!(regions.centre_files.len(), 5 * 10);
        let white = names(regions.space[Color::White.index()]);
        assert_eq!(white.len(), 15);
        assert_eq!((white[0].as_str(), white[14].as_str()), ("c2", "g4"));
        let black = names(regions.space[Color::Black.index()]);
        assert_eq!((black[0].as_str(), black[14].as_str()), ("c7", "g9"));
        assert_eq!(regions.light.len(), 45);
        assert!(!regions.light.contains(Square::new(0, 0).unwrap()));
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
        // Capablanca chess's file gives no square values: they come from mobility.
        let capablanca = Variant::by_name("capablanca").unwrap();
        let eval = capablanca.eval_tables();
        let knight = capablanca.kind_by_letter('N').unwrap();
        let square = |name| Square::parse(name).unwrap();
        let centre = eval.square_term(Color::White, knight, square("d4"));
        let corner = eval.square_term(Color::White, knight, square("a1"));
        assert!(centre[0] > 0 && corner[0] < 0, "{centre:?} {corner:?}");
        assert_eq!(centre[0], centre[1], "the same in the endgame");
        assert_eq!(
            centre,
            eval.square_term(Color::Black, knight, square("d5")),
            "mirrored for Black"
        );
    }

    #[test]
    fn xiangqi_s_fitted_tables_are_alike_on_both_wings() {
        // Fitted with `evaltune --mirror --free-means` (docs/variants.md): each value equals
        // its mirror image's, and an Advisor is worth less in the endgame than in the
        // middlegame.
        let xiangqi = Variant::by_name("xiangqi").unwrap();
        let eval = xiangqi.eval_tables();
        let files = xiangqi.dimensions().files;
        for rule in xiangqi.rules() {
            for square in xiangqi.dimensions().squares() {
                let image = Square::new(files - 1 - square.file(), square.rank()).unwrap();
                assert_eq!(
                    eval.square_term(Color::White, rule.kind, square),
                    eval.square_term(Color::White, rule.kind, image),
                    "{} on {square:?}",
                    rule.spec.name
                );
            }
        }
        let advisor = xiangqi.kind_by_letter('A').unwrap();
        let [middlegame, endgame] =
            eval.square_term(Color::White, advisor, Square::parse("e2").unwrap());
        assert!(endgame < middlegame, "{middlegame} {endgame}");
    }

    #[test]
    fn a_variant_file_without_values_gets_them_from_mobility() {
        let text = crate::catalog::source(Variant::by_name("chess").unwrap())
            .replace("name = \"chess\"", "name = \"valueless-chess\"");
        let without: String = text
            .lines()
            .filter(|line| !line.starts_with("value ="))
            .map(|line| format!("{line}\n"))
            .collect();
        let variant = crate::catalog::read(&without, "valueless.toml").unwrap();
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

    #[test]
    fn mobility_walks_the_riders_lines_and_no_leaps() {
        let chess = Variant::by_name("chess").unwrap();
        let eval = chess.eval_tables();
        let square = |name| Square::parse(name).unwrap();
        let kind = |letter| chess.kind_by_letter(letter).unwrap();
        // Lengths of the lines in `codes`, checking that each holds its length's squares.
        let lengths = |mut codes: &[u8]| {
            let mut lengths = Vec::new();
            while let [length, flags, rest @ ..] = codes {
                assert_eq!(
                    *flags, CAPTURING_LINE,
                    "nothing passed, and a capture at the end"
                );
                lengths.push(usize::from(*length));
                codes = &rest[usize::from(*length)..];
            }
            lengths.sort_unstable();
            lengths
        };
        let rook = eval.lines(Color::White, kind('R'), square("a1"));
        assert_eq!(lengths(rook), [7, 7]);
        let a2 = square("a2").index() as u8;
        let up = [7, CAPTURING_LINE, a2];
        assert!(rook.starts_with(&up) || rook[9..].starts_with(&up));
        assert_eq!(
            lengths(eval.lines(Color::White, kind('Q'), square("d4"))).len(),
            8
        );
        assert!(eval.lines(Color::White, kind('N'), square("d4")).is_empty());
        assert!(eval.lines(Color::White, kind('P'), square("d4")).is_empty());
        assert!(eval.lines(Color::White, kind('K'), square("d4")).is_empty());
    }

    #[test]
    fn leaps_that_capture_are_attacks_and_moves_only_are_not() {
        let chess = Variant::by_name("chess").unwrap();
        let eval = chess.eval_tables();
        let squares = |names: &[&str]| -> SquareSet {
            names
                .iter()
                .map(|name| Square::parse(name).unwrap())
                .collect()
        };
        let kind = |letter| chess.kind_by_letter(letter).unwrap();
        let e4 = Square::parse("e4").unwrap();
        let white_pawn = eval.leap_attacks(Color::White, kind('P'), e4);
        assert_eq!(*white_pawn, squares(&["d5", "f5"]), "not e5, a move only");
        let black_pawn = eval.leap_attacks(Color::Black, kind('P'), e4);
        assert_eq!(*black_pawn, squares(&["d3", "f3"]));
        let a1 = Square::parse("a1").unwrap();
        let knight = eval.leap_attacks(Color::White, kind('N'), a1);
        assert_eq!(*knight, squares(&["b3", "c2"]));
        assert!(eval.leap_attacks(Color::White, kind('R'), a1).is_empty());
        assert!(eval.attacks(), "chess's file weighs attacks");
        let bound: Vec<char> = ['P', 'N', 'B', 'R', 'Q', 'K']
            .into_iter()
            .filter(|&letter| eval.colour_bound() & kind(letter).bit() != 0)
            .collect();
        assert_eq!(bound, ['B'], "only the Bishop keeps its square's colour");
        let xiangqi = Variant::by_name("xiangqi").unwrap();
        assert!(!xiangqi.eval_tables().attacks());
    }
}
