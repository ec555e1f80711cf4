//! The search's speed, for `benches/RESULTS.md`:
//!
//! ```sh
//! cargo run --release --example searchbench -- depth1            # mean search(depth=1), 41 calls
//! cargo run --release --example searchbench -- nodes VARIANT N   # N nodes from the start
//! cargo run --release --example searchbench -- depth VARIANT D THREADS  # time to depth D
//! cargo run --release --example searchbench -- positions FILE D  # nodes to depth D, by position
//! ```
//!
//! `positions` reads lines of a variant's name and a FEN (`#` starts a comment), searches each
//! position to depth `D` on one thread and prints the nodes it took with how the search went
//! (the share of quiescence nodes, how often the first move tried reached beta, how often the
//! table had an entry): figures that do not depend on the machine's load, to judge a change to
//! the search in seconds (`benches/search_positions.txt` holds middlegames from games).

use meiriqi::search::{search_with, Limits, Settings, Statistics};
use meiriqi::{Game, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words[..] {
        ["depth1"] => depth_one(),
        ["nodes", variant, nodes] => run(
            variant,
            Limits {
                nodes: Some(nodes.parse().expect("a node count")),
                ..Limits::default()
            },
            1,
        ),
        ["depth", variant, depth, threads] => run(
            variant,
            Limits::depth(depth.parse().expect("a depth")),
            threads.parse().expect("a thread count"),
        ),
        ["positions", file, depth] => positions(file, depth.parse().expect("a depth")),
        _ => eprintln!("usage: see the source's documentation"),
    }
}

/// The mean time of 41 depth-1 searches from the Mĕirìqí start, as from Python.
fn depth_one() {
    let game = Game::start(Variant::meiriqi());
    let settings = Settings::from(Limits::depth(1));
    let start = Instant::now();
    let mut nodes = 0;
    for _ in 0..41 {
        nodes += search_with(&game, &settings, &AtomicBool::new(false), |_| {}).nodes;
    }
    let mean = start.elapsed().as_secs_f64() / 41.0;
    println!(
        "search(depth=1) on the Mĕirìqí start: {:.3} ms, {} nodes",
        mean * 1e3,
        nodes / 41
    );
}

/// A search of `variant`'s start within `limits` on `threads` threads, with every iteration.
fn run(variant: &str, limits: Limits, threads: usize) {
    let game = Game::start(Variant::by_name(variant).expect("a built-in variant"));
    let settings = Settings {
        threads,
        ..Settings::from(limits)
    };
    let start = Instant::now();
    let result = search_with(&game, &settings, &AtomicBool::new(false), |report| {
        let line: Vec<String> = report
            .pv
            .iter()
            .map(|mv| mv.uci().to_text(game.position().variant()))
            .collect();
        println!(
            "depth {:>2} score {:>6} nodes {:>10} {:>8.3} s  {}",
            report.depth,
            report.score,
            report.nodes,
            start.elapsed().as_secs_f64(),
            line.join(" ")
        );
    });
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{variant}: {} nodes in {seconds:.3} s on {threads} thread(s), {:.0} nodes/s",
        result.nodes,
        result.nodes as f64 / seconds
    );
}

/// Searches every position of `file` to `depth` and prints the nodes and statistics of each,
/// then their totals by variant.
fn positions(file: &str, depth: u32) {
    let text = std::fs::read_to_string(file).expect("a readable file of positions");
    let settings = Settings::from(Limits::depth(depth));
    let mut totals: Vec<(&str, u64, Statistics)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, fen) = line.split_once(' ').expect("a variant's name and a FEN");
        let variant = Variant::by_name(name).expect("a built-in variant");
        let game = Game::from_fen(variant, fen).expect("a valid FEN");
        let result = search_with(&game, &settings, &AtomicBool::new(false), |_| {});
        let statistics = result.statistics;
        println!(
            "{name:>8} {:>9} nodes  {}",
            result.nodes,
            describe(result.nodes, &statistics)
        );
        if !totals.iter().any(|(seen, ..)| *seen == name) {
            totals.push((name, 0, Statistics::default()));
        }
        let (_, nodes, total) = totals
            .iter_mut()
            .find(|(seen, ..)| *seen == name)
            .expect("just added");
        *nodes += result.nodes;
        total.quiescence_nodes += statistics.quiescence_nodes;
        total.cut_nodes += statistics.cut_nodes;
        total.first_move_cuts += statistics.first_move_cuts;
        total.table_probes += statistics.table_probes;
        total.table_hits += statistics.table_hits;
    }
    for (name, nodes, total) in &totals {
        println!(
            "{name}: {nodes} nodes to depth {depth}  {}",
            describe(*nodes, total)
        );
    }
}

/// The shares that tell how a search went, in percent.
fn describe(nodes: u64, statistics: &Statistics) -> String {
    let percent = |part: u64, whole: u64| 100.0 * part as f64 / whole.max(1) as f64;
    format!(
        "quiescence {:.1} %  first-move cuts {:.1} %  table hits {:.1} %",
        percent(statistics.quiescence_nodes, nodes),
        percent(statistics.first_move_cuts, statistics.cut_nodes),
        percent(statistics.table_hits, statistics.table_probes),
    )
}
