//! Fits a variant's piece-square values (and, with `--mobility`, its riders' mobility weights)
//! to a stronger engine's scores (Texel's method), for the variant file's `square-values`
//! tables (and `mobility` keys):
//!
//! ```sh
//! python3 benches/tune_data.py --engine FSF --variant chess games.pgn > chess.tsv
//! cargo run --release --example evaltune -- chess chess.tsv 3e-8 > chess-squares.toml
//! cargo run --release --example evaltune -- xiangqi xiangqi.tsv 3e-8 --mobility > xiangqi.toml
//! ```
//!
//! Each line of the data holds a FEN and the engine's score in centipawns for the side to move.
//! The evaluation's other terms stay as they are; the piece-square values (middlegame and
//! endgame, from White's side) start from those derived from mobility (the tables the built-in
//! file holds now are left out, so the same data give the same fit) and are fitted by
//! full-batch gradient descent (Adam) on the squared difference of expected scores,
//! `1 / (1 + 10^(-cp / 400))`, of our evaluation and the engine's, the engine's scores first
//! scaled to fit ours best, plus the third argument (the pull) times the squared distance of
//! each value from where it started. Each kind's mean value stays (but see `--free-means`);
//! values on squares seldom seen stay as they were. A tenth of the positions is held out to
//! show the fit generalises.
//! The output is one `square-values` table a piece, to paste after the piece's entry in the
//! file. With `--mobility` each rider's weight per square its lines reach is fitted too (from
//! the file's or the derived one, pulled the same way; for kinds whose lines reach squares in
//! at least [`MIN_SEEN`] positions) and written as a `mobility` line for the piece's entry.
//! With `--mirror` each value is kept equal to the one on the square mirrored left to right,
//! for a game whose wings are alike (Xiangqi): half the values, each on twice the positions.
//! With `--free-means` each kind's mean value may move too, in each phase apart: the material
//! value then differs between the middlegame and the endgame by what the tables add.
//! With `--groups` the weights of the groups of terms a game weighing attacks adds
//! ([`TERM_GROUPS`]: Stockfish's classical terms, chess) are fitted too, in each phase, from
//! the evaluation's [`GROUP_WEIGHTS`], and written in 64ths, as those are.
//! With `--mobility-table` each piece's worth by the number of squares it reaches is fitted
//! instead of a weight a square (from 0 to [`TABLE_ENTRIES`] less one, in each phase, from the
//! file's table or its weight times the count) and written as a `mobility-table` for the
//! piece's entry, up to the last count seen in [`MIN_SEEN`] positions.
//! With `--keep-squares` the file's piece-square values stay as they are and only the other
//! parameters asked for are fitted (and written).
//! With `--from-file` the fit starts from the file's piece-square values (and the pull draws
//! towards them) instead of those derived from mobility.
//! With `--outcomes` each line's number is the game's result for the side to move (1, 1/2 or
//! 0; `tune_data.py --outcomes` writes such lines) instead of an engine's score: the fit is
//! then Texel's own, of `1 / (1 + 10^(-k cp / 400))` to the results, with our evaluation's
//! scale `k` chosen first to fit them best. A third number on a line (1 when the side to move
//! is the stronger player, -1 when its opponent is, 0 otherwise; `tune_data.py --stronger`)
//! brings in one more parameter, the stronger player's worth in centipawns, so that the
//! players' difference in strength is not learnt as the worth of what the stronger one's
//! positions have in common.

use meiriqi::eval::{
    evaluate, mobility_counts, piece_mobility, term_groups, GROUP_WEIGHTS, TERM_GROUPS,
};
use meiriqi::geometry::Square;
use meiriqi::piece::Color;
use meiriqi::position::Position;
use meiriqi::Variant;
use meiriqi::{catalog, fen};

/// One position: its evaluation less its piece-square terms, its phase and its pieces.
struct Sample {
    /// The evaluation for the side to move without the piece-square terms.
    rest: f64,
    /// How much of the start's material is left, from 0 to 1.
    phase: f64,
    /// Per piece: the parameter index of its middlegame value (the endgame's is one further)
    /// and +1 or -1 for its side as seen by the side to move.
    pieces: Vec<(usize, f64)>,
    /// Per kind whose mobility is fitted: the parameter index of its weight and the squares
    /// its lines reach, the side to move's less the other side's; with `--groups`, per group of
    /// terms and phase the index of its weight and its centipawns at weight one (the weighted
    /// sums are out of `rest`).
    lines: Vec<(usize, f64)>,
    /// The stronger engine's score, centipawns for the side to move.
    target: f64,
}

/// Positions the engine scores beyond this many of its centipawns either way are left out:
/// the game is decided there, and the evaluation's details matter little.
const MAX_TARGET: f64 = 1000.0;

/// The largest value written, either way: beyond it a value says more about the few games
/// behind it than about the square.
const MAX_VALUE: f64 = 150.0;

/// The largest mobility weight written (what a variant file may hold).
const MAX_MOBILITY: f64 = 100.0;

/// The counts of squares reached a `--mobility-table` fit gives a value (the last for more).
const TABLE_ENTRIES: usize = 32;

/// Fewer positions than this with a kind on a square (or its lines reaching any square) leave
/// its values unfitted.
const MIN_SEEN: u32 = 300;

/// The flags after the pull: `--mobility` fits the riders' mobility weights too; `--mirror`
/// keeps each value equal to the one on the square mirrored left to right (a game whose
/// two wings are alike: half the values, each fitted on twice the positions); `--free-means`
/// lets each kind's mean value move, in each phase apart.
/// `--mobility-table` fits a table by the count of squares in place of the weight a square;
/// `--keep-squares` keeps the file's piece-square values.
/// `--from-file` starts from the file's piece-square values; `--outcomes` reads results in
/// place of scores.
const FLAGS: [&str; 8] = [
    "--mobility",
    "--mirror",
    "--free-means",
    "--groups",
    "--mobility-table",
    "--keep-squares",
    "--from-file",
    "--outcomes",
];

/// Expected score of a centipawn advantage.
fn expected(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// What the data's numbers are, and the scale that makes them comparable with our evaluation.
#[derive(Clone, Copy, Debug)]
enum Teacher {
    /// A stronger engine's scores in centipawns for the side to move, read times the scale.
    Scores(f64),
    /// Game results for the side to move (1, 1/2, 0); our evaluation is read times the scale.
    Outcomes(f64),
}

impl Teacher {
    /// The same kind of teacher with another scale.
    fn scaled(self, scale: f64) -> Teacher {
        match self {
            Teacher::Scores(_) => Teacher::Scores(scale),
            Teacher::Outcomes(_) => Teacher::Outcomes(scale),
        }
    }

    /// The factor on our evaluation.
    fn our_scale(self) -> f64 {
        match self {
            Teacher::Scores(_) => 1.0,
            Teacher::Outcomes(scale) => scale,
        }
    }

    /// Our expected score for `cp` of our evaluation.
    fn ours(self, cp: f64) -> f64 {
        expected(cp * self.our_scale())
    }

    /// The teacher's expected score for a line's number `target`.
    fn truth(self, target: f64) -> f64 {
        match self {
            Teacher::Scores(scale) => expected(target * scale),
            Teacher::Outcomes(_) => target,
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags_known = args
        .iter()
        .skip(3)
        .all(|flag| FLAGS.contains(&flag.as_str()));
    let (name, data, pull) = match &args[..] {
        [name, data, pull, ..] if flags_known => (name, data, pull),
        _ => fail(
            "usage: evaltune VARIANT DATA.tsv PULL [--mobility | --mobility-table] [--mirror] \
             [--free-means] [--groups] [--keep-squares | --from-file] [--outcomes]",
        ),
    };
    let with_mobility = args[3..].iter().any(|flag| flag == "--mobility");
    let mirror = args[3..].iter().any(|flag| flag == "--mirror");
    let free_means = args[3..].iter().any(|flag| flag == "--free-means");
    let with_groups = args[3..].iter().any(|flag| flag == "--groups");
    let with_table = args[3..].iter().any(|flag| flag == "--mobility-table");
    let keep_squares = args[3..].iter().any(|flag| flag == "--keep-squares");
    let from_file = args[3..].iter().any(|flag| flag == "--from-file");
    let teacher = match args[3..].iter().any(|flag| flag == "--outcomes") {
        true => Teacher::Outcomes(1.0),
        false => Teacher::Scores(1.0),
    };
    if with_table && with_mobility {
        fail("give --mobility or --mobility-table, not both");
    }
    if keep_squares && from_file {
        fail("give --keep-squares or --from-file, not both");
    }
    let Ok(pull) = pull.parse::<f64>() else {
        fail(&format!("the pull {pull:?} is not a number"));
    };
    if catalog::built_in_file(name).is_none() {
        fail(&format!("{name:?} is not a built-in variant"));
    }
    let variant = match keep_squares || from_file {
        true => Variant::by_name(name).expect("a built-in variant"),
        false => without_square_values(name),
    };
    let dims = variant.dimensions();
    let squares = usize::from(dims.files) * usize::from(dims.ranks);
    let tables = variant.eval_tables();
    let kinds: Vec<_> = variant.rules().map(|rule| rule.kind).collect();
    let slot = |kind: meiriqi::Kind| kinds.iter().position(|&k| k == kind).unwrap();
    // Parameters: by kind (in the rules' order), white square, phase; then a mobility weight
    // by kind; then each group's weights by phase (used with `--groups`); then by kind, count
    // of squares and phase the mobility tables' values (used with `--mobility-table`).
    let lines_at = kinds.len() * squares * 2;
    let groups_at = lines_at + kinds.len();
    let table_at = groups_at + 2 * TERM_GROUPS.len();
    let strength_at = table_at + kinds.len() * TABLE_ENTRIES * 2;
    let mut params = vec![0.0f64; strength_at + 1];
    for (at, weight) in GROUP_WEIGHTS.iter().flatten().enumerate() {
        params[groups_at + at] = f64::from(*weight) / 64.0;
    }
    let mut seen = vec![0u32; kinds.len() * squares];
    let mut lines_seen = vec![0u32; params.len() - lines_at];
    for (k, &kind) in kinds.iter().enumerate() {
        params[lines_at + k] = f64::from(tables.mobility(kind));
        for count in 0..TABLE_ENTRIES {
            let at = table_at + (k * TABLE_ENTRIES + count) * 2;
            let bonus = tables.mobility_bonus(kind, count as i32);
            params[at..at + 2].copy_from_slice(&bonus.map(f64::from));
        }
    }
    for (k, &kind) in kinds.iter().enumerate() {
        for rule in variant.rules().filter(|rule| rule.kind == kind) {
            for square in rule.allowed[0].iter() {
                let at = white_index(square, dims.files);
                let [mg, eg] = tables.square_term(Color::White, kind, square);
                params[(k * squares + at) * 2] = f64::from(mg);
                params[(k * squares + at) * 2 + 1] = f64::from(eg);
            }
        }
    }
    let text = std::fs::read_to_string(data)
        .unwrap_or_else(|error| fail(&format!("cannot read {data}: {error}")));
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let (position, target, stronger) = match data_line(variant, line, teacher) {
            Ok(Some(read)) => read,
            Ok(None) => continue,
            Err(problem) => fail(&format!("{data}, line {}: {problem}", number + 1)),
        };
        let mut sample = sample(&position, target, &params, &slot, squares, &mut seen);
        if with_mobility {
            sample.lines = lines(&position, &kinds, lines_at);
            for &(at, _) in &sample.lines {
                lines_seen[at - lines_at] += 1;
            }
        }
        if with_table {
            sample.lines = table_entries(&position, sample.phase, &slot, table_at);
            for &(at, _) in &sample.lines {
                lines_seen[at - lines_at] += 1;
            }
        }
        if with_groups {
            let groups = groups(&position, sample.phase, groups_at);
            for &(at, _) in &groups {
                lines_seen[at - lines_at] += 1;
            }
            sample.lines.extend(groups);
        }
        if stronger != 0.0 {
            sample.lines.push((strength_at, stronger));
            lines_seen[strength_at - lines_at] += 1;
        }
        sample.rest -= mobility_terms(&sample, &params);
        samples.push(sample);
    }
    if mirror {
        // A square and its mirror image are fitted together, on the positions of both.
        let pooled: Vec<u32> = (0..seen.len())
            .map(|at| seen[at] + seen[mirrored(at, dims.files)])
            .collect();
        seen = pooled;
    }
    let free: Vec<bool> = (0..params.len())
        .map(|i| match i.checked_sub(lines_at) {
            None => !keep_squares && seen[i / 2] >= MIN_SEEN,
            Some(k) => lines_seen[k] >= MIN_SEEN,
        })
        .collect();
    let held_out = samples.len() / 10;
    let (test, train) = samples.split_at(held_out);
    eprintln!("{} positions, {} held out", samples.len(), held_out);
    let teacher = best_scale(train, &params, teacher);
    match teacher {
        Teacher::Scores(scale) => eprintln!("the engine's scores times {scale:.3} fit ours best"),
        Teacher::Outcomes(scale) => eprintln!("our scores times {scale:.3} fit the results best"),
    }
    eprintln!(
        "loss before: train {:.6}, held out {:.6}",
        loss(train, &params, teacher),
        loss(test, &params, teacher)
    );
    let fitting = Fitting {
        teacher,
        squares,
        pull,
        mirror: mirror.then_some(dims.files),
        fixed_means: !free_means,
        table_at,
        strength_at,
    };
    fit(train, &mut params, &free, &seen, &fitting);
    eprintln!(
        "loss after: train {:.6}, held out {:.6}",
        loss(train, &params, teacher),
        loss(test, &params, teacher)
    );
    if free[strength_at] {
        let worth = params[strength_at];
        println!("# The stronger player's worth: {worth:.0} centipawns (not a table's)");
    }
    if with_groups {
        println!("# Each group's weights, middlegame and endgame, in 64ths (GROUP_WEIGHTS)");
        for (g, name) in TERM_GROUPS.iter().enumerate() {
            let at = groups_at + 2 * g;
            let [mg, eg] = [0, 1].map(|phase| (params[at + phase] * 64.0).round());
            let [seen_mg, seen_eg] = [0, 1].map(|phase| lines_seen[at - lines_at + phase]);
            println!("# {name}: [{mg}, {eg}] (in {seen_mg} and {seen_eg} positions)");
        }
    }
    for (k, rule) in variant.rules().enumerate() {
        println!("# {} ({})", rule.spec.name, rule.spec.symbol);
        if free[lines_at + k] {
            let weight = params[lines_at + k].round().clamp(0.0, MAX_MOBILITY);
            println!("mobility = {weight}");
        }
        let first = table_at + k * TABLE_ENTRIES * 2;
        if let Some(last) = (0..TABLE_ENTRIES)
            .rev()
            .find(|&count| free[first + count * 2])
        {
            println!("[pieces.mobility-table]");
            for (phase, key) in ["middlegame", "endgame"].iter().enumerate() {
                let values: Vec<String> = (0..=last)
                    .map(|count| (params[first + count * 2 + phase].round() as i32).to_string())
                    .collect();
                println!("{key} = [{}]", values.join(", "));
            }
        }
        if keep_squares {
            continue;
        }
        println!("[pieces.square-values]");
        for (phase, key) in ["middlegame", "endgame"].iter().enumerate() {
            println!("{key} = \"\"\"");
            for rank in (0..dims.ranks).rev() {
                let row: Vec<String> = (0..dims.files)
                    .map(|file| {
                        let at = usize::from(rank) * usize::from(dims.files) + usize::from(file);
                        let value = params[(k * squares + at) * 2 + phase]
                            .clamp(-MAX_VALUE, MAX_VALUE)
                            .round() as i32;
                        format!("{value:4}")
                    })
                    .collect();
                println!("{}", row.join(" "));
            }
            println!("\"\"\"");
        }
        println!();
    }
}

/// Ends the program with `message` (a usage or data error) and exit status 2.
fn fail(message: &str) -> ! {
    eprintln!("evaltune: {message}");
    std::process::exit(2);
}

/// One line of the data: its position, its number (score or result) and its third column
/// (the stronger player's side, 0 when absent); `None` for a blank line or a score the
/// `teacher` leaves out.
fn data_line(
    variant: &'static Variant,
    line: &str,
    teacher: Teacher,
) -> Result<Option<(Position<'static>, f64, f64)>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let mut fields = line.split('\t');
    let (Some(fen), Some(number)) = (fields.next(), fields.next()) else {
        return Err("no tab between the FEN and its number".into());
    };
    let position = fen::parse(variant, fen).map_err(|error| format!("the FEN: {error}"))?;
    let target: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("{number:?} is not a number"))?;
    let stronger = match fields.next().map(str::trim) {
        None => 0.0,
        Some("1") => 1.0,
        Some("-1") => -1.0,
        Some("0") => 0.0,
        Some(other) => return Err(format!("the third column {other:?} is not 1, -1 or 0")),
    };
    match teacher {
        Teacher::Outcomes(_) if ![0.0, 0.5, 1.0].contains(&target) => Err(format!(
            "{number:?} is not a result (1, 0.5 or 0); scores are read without --outcomes"
        )),
        Teacher::Scores(_) if target.abs() > MAX_TARGET => Ok(None),
        _ => Ok(Some((position, target, stronger))),
    }
}

/// The built-in variant `name` with its pieces' `square-values` tables left out (each is the
/// last part of its piece's entry: the header and two multi-line strings).
fn without_square_values(name: &str) -> &'static Variant {
    let text = catalog::built_in_file(name).expect("a built-in variant");
    let mut kept = String::new();
    let mut strings_left = 0;
    for line in text.lines() {
        if line.trim() == "[pieces.square-values]" {
            strings_left = 2;
        } else if strings_left > 0 {
            strings_left -= usize::from(line.trim() == "\"\"\"");
        } else {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    let variant = catalog::read(&kept, name).expect("the file without its square values");
    Box::leak(Box::new(variant))
}

/// The index (into the per-kind square values, as [`white_index`] numbers them) of the square
/// mirrored left to right from `at`'s, on a board `files` wide.
fn mirrored(at: usize, files: u8) -> usize {
    let files = usize::from(files);
    let (kind_rank, file) = (at / files, at % files);
    kind_rank * files + files - 1 - file
}

/// The index of `square` seen from White's side on a board `files` wide.
fn white_index(square: Square, files: u8) -> usize {
    usize::from(square.rank()) * usize::from(files) + usize::from(square.file())
}

/// `position` as a sample, its piece-square terms taken out of its evaluation with `params`.
fn sample(
    position: &Position,
    target: f64,
    params: &[f64],
    slot: &impl Fn(meiriqi::Kind) -> usize,
    squares: usize,
    seen: &mut [u32],
) -> Sample {
    let variant = position.variant();
    let dims = variant.dimensions();
    let tables = variant.eval_tables();
    let mut material = 0;
    let mut pieces = Vec::new();
    for color in Color::ALL {
        let sign = if color == position.turn() { 1.0 } else { -1.0 };
        for square in position.occupied_by(color).iter() {
            let piece = position.piece_at(square).expect("a piece");
            let uncounted =
                variant.pawns() & piece.kind.bit() != 0 || piece.kind == variant.royal();
            if !uncounted {
                material += tables.value(piece.kind);
            }
            let white_square = match color {
                Color::White => square,
                Color::Black => dims.mirror(square),
            };
            let at = slot(piece.kind) * squares + white_index(white_square, dims.files);
            seen[at] += 1;
            pieces.push((at * 2, sign));
        }
    }
    let phase = (f64::from(material) / f64::from(tables.start_material().max(1))).clamp(0.0, 1.0);
    let mut sample = Sample {
        rest: f64::from(evaluate(position)),
        phase,
        pieces,
        lines: Vec::new(),
        target,
    };
    sample.rest -= square_terms(&sample, params);
    sample
}

/// Per kind whose lines reach squares in `position` (of `kinds`, in the rules' order): the
/// index of its mobility weight (from `lines_at` on) and its count for the side to move.
fn lines(position: &Position, kinds: &[meiriqi::Kind], lines_at: usize) -> Vec<(usize, f64)> {
    let counts = mobility_counts(position);
    let sign = if position.turn() == Color::White {
        1.0
    } else {
        -1.0
    };
    kinds
        .iter()
        .enumerate()
        .filter(|&(_, kind)| counts[kind.index()] != 0)
        .map(|(k, kind)| (lines_at + k, sign * f64::from(counts[kind.index()])))
        .collect()
}

/// The groups of terms of `position` ([`TERM_GROUPS`]) that are not zero, for the side to
/// move, weighed by `phase` as the evaluation blends them: the index of each group's weight
/// (middlegame, then endgame, from `groups_at` on) and the group's centipawns at weight one.
fn groups(position: &Position, phase: f64, groups_at: usize) -> Vec<(usize, f64)> {
    let sign = if position.turn() == Color::White {
        1.0
    } else {
        -1.0
    };
    let mut weighed = Vec::new();
    for (g, [mg, eg]) in term_groups(position).into_iter().enumerate() {
        for (at, part) in [
            (0, f64::from(mg) * phase),
            (1, f64::from(eg) * (1.0 - phase)),
        ] {
            if part != 0.0 {
                weighed.push((groups_at + 2 * g + at, sign * part));
            }
        }
    }
    weighed
}

/// Per piece of `position` whose mobility counts: the indices of its mobility table's values
/// for the squares it reaches (from `table_at` on: by kind's `slot`, count and phase) with
/// the share of each phase (`phase` is the middlegame's), signed for the side to move.
fn table_entries(
    position: &Position,
    phase: f64,
    slot: &impl Fn(meiriqi::Kind) -> usize,
    table_at: usize,
) -> Vec<(usize, f64)> {
    let mut entries = Vec::new();
    for (piece, count) in piece_mobility(position) {
        let sign = if piece.color == position.turn() {
            1.0
        } else {
            -1.0
        };
        let count = (count as usize).min(TABLE_ENTRIES - 1);
        let at = table_at + (slot(piece.kind) * TABLE_ENTRIES + count) * 2;
        entries.push((at, sign * phase));
        entries.push((at + 1, sign * (1.0 - phase)));
    }
    entries
}

/// The mobility terms of `sample` with `params`, for the side to move.
fn mobility_terms(sample: &Sample, params: &[f64]) -> f64 {
    sample
        .lines
        .iter()
        .map(|&(at, count)| params[at] * count)
        .sum()
}

/// Our evaluation of `sample` with `params`, for the side to move.
fn model(sample: &Sample, params: &[f64]) -> f64 {
    sample.rest + square_terms(sample, params) + mobility_terms(sample, params)
}

/// The piece-square terms of `sample` with `params`, for the side to move.
fn square_terms(sample: &Sample, params: &[f64]) -> f64 {
    sample
        .pieces
        .iter()
        .map(|&(at, sign)| {
            sign * (params[at] * sample.phase + params[at + 1] * (1.0 - sample.phase))
        })
        .sum()
}

/// Moves each kind's values in each phase by the same amount so that their mean, weighted by
/// `seen`, is that of `initial`.
fn keep_means(params: &mut [f64], initial: &[f64], seen: &[u32], squares: usize) {
    for kind in 0..seen.len() / squares {
        for phase in 0..2 {
            let fitted = (kind * squares..(kind + 1) * squares).filter(|&at| seen[at] >= MIN_SEEN);
            let (mut shift, mut weight) = (0.0, 0.0);
            for at in fitted.clone() {
                let count = f64::from(seen[at]);
                shift += count * (params[at * 2 + phase] - initial[at * 2 + phase]);
                weight += count;
            }
            if weight > 0.0 {
                for at in fitted {
                    params[at * 2 + phase] -= shift / weight;
                }
            }
        }
    }
}

/// The mean squared difference of expected scores, ours and the `teacher`'s.
fn loss(samples: &[Sample], params: &[f64], teacher: Teacher) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| (teacher.ours(model(sample, params)) - teacher.truth(sample.target)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The `teacher` with the scale (of its scores, or of ours against results) that fits best,
/// by a golden-section search.
fn best_scale(samples: &[Sample], params: &[f64], teacher: Teacher) -> Teacher {
    let (mut low, mut high) = (0.2, 3.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let loss_at = |scale| loss(samples, params, teacher.scaled(scale));
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss_at(a) < loss_at(b) {
            high = b;
        } else {
            low = a;
        }
    }
    teacher.scaled((low + high) / 2.0)
}

/// How [`fit`] fits.
#[derive(Clone, Copy)]
struct Fitting {
    /// What the data hold, and their scale against ours.
    teacher: Teacher,
    /// The board's squares.
    squares: usize,
    /// The weight of each parameter's squared distance from where it started.
    pull: f64,
    /// The board's files, when each value is kept equal to its mirror image's.
    mirror: Option<u8>,
    /// Whether each kind's mean value in each phase stays where it started.
    fixed_means: bool,
    /// Where the mobility tables' values start among the parameters.
    table_at: usize,
    /// Where the stronger player's worth is among the parameters (the last).
    strength_at: usize,
}

/// Full-batch Adam on the loss; only the `free` parameters move (a kind's values on a square
/// `seen` on fewer than [`MIN_SEEN`] positions stay as they are), and with
/// [`Fitting::fixed_means`] each kind's mean value in each phase (weighted by how often it
/// stands on each square) stays too: the material values are the variant's, and the fit only
/// spreads them over the board. The mobility weights after them stay within 0 to
/// [`MAX_MOBILITY`]. With [`Fitting::mirror`] each value and its mirror image are kept equal
/// (their mean).
fn fit(samples: &[Sample], params: &mut [f64], free: &[bool], seen: &[u32], fitting: &Fitting) {
    let Fitting {
        teacher,
        squares,
        pull,
        mirror,
        fixed_means,
        table_at,
        strength_at,
    } = *fitting;
    let initial = params.to_vec();
    const STEPS: usize = 3000;
    // Adam's step, about the most a parameter moves a step: a centipawn for a square value,
    // a twentieth for a mobility weight (one square counts many times a position).
    const RATE: f64 = 1.0;
    const MOBILITY_RATE: f64 = 0.05;
    let (beta1, beta2) = (0.9, 0.999);
    let mut first = vec![0.0; params.len()];
    let mut second = vec![0.0; params.len()];
    let mut gradient = vec![0.0; params.len()];
    let ln10 = 10f64.ln();
    for step in 1..=STEPS {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for sample in samples {
            let ours = teacher.ours(model(sample, params));
            let error = ours - teacher.truth(sample.target);
            // d expected / d cp = ln 10 / 400 * p (1 - p) * our scale
            let slope = 2.0 * error * ours * (1.0 - ours) * ln10 / 400.0 * teacher.our_scale();
            for &(at, sign) in &sample.pieces {
                gradient[at] += slope * sign * sample.phase;
                gradient[at + 1] += slope * sign * (1.0 - sample.phase);
            }
            for &(at, count) in &sample.lines {
                gradient[at] += slope * count;
            }
        }
        let count = samples.len() as f64;
        for i in (0..params.len()).filter(|&i| free[i]) {
            let g = gradient[i] / count + pull * (params[i] - initial[i]);
            first[i] = beta1 * first[i] + (1.0 - beta1) * g;
            second[i] = beta2 * second[i] + (1.0 - beta2) * g * g;
            let corrected_first = first[i] / (1.0 - beta1.powi(step as i32));
            let corrected_second = second[i] / (1.0 - beta2.powi(step as i32));
            let rate = if i < seen.len() * 2 || i >= table_at {
                RATE
            } else {
                MOBILITY_RATE
            };
            params[i] -= rate * corrected_first / (corrected_second.sqrt() + 1e-12);
        }
        if let Some(files) = mirror {
            for at in 0..seen.len() {
                let other = mirrored(at, files);
                if other <= at {
                    continue;
                }
                for phase in 0..2 {
                    let mean = (params[at * 2 + phase] + params[other * 2 + phase]) / 2.0;
                    params[at * 2 + phase] = mean;
                    params[other * 2 + phase] = mean;
                }
            }
        }
        if fixed_means {
            keep_means(params, &initial, seen, squares);
        }
        // Mobility weights stay within what a variant file may hold, the tables' values
        // within the square values' bounds.
        for weight in &mut params[seen.len() * 2..table_at] {
            *weight = weight.clamp(0.0, MAX_MOBILITY);
        }
        for value in &mut params[table_at..strength_at] {
            *value = value.clamp(-MAX_VALUE, MAX_VALUE);
        }
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.6}", loss(samples, params, teacher));
        }
    }
}
