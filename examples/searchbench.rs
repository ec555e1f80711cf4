//! The search's speed, for `benches/RESULTS.md`:
//!
//! ```sh
//! cargo run --release --example searchbench -- depth1            # mean search(depth=1), 41 calls
//! cargo run --release --example searchbench -- nodes VARIANT N   # N nodes from the start
//! cargo run --release --example searchbench -- depth VARIANT D THREADS  # time to depth D
//! ```

use meiriqi::search::{search_with, Limits, Settings};
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
