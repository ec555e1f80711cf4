//! `cargo run --release --example perft -- DEPTH [THREADS] [VARIANT] [FEN]`: perft with timing,
//! from the variant's start (Mĕirìqí by default) or from FEN.

use meiriqi::{fen, perft, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let threads: usize = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1);
    let (variant, rest) = match args.get(3).and_then(|name| Variant::by_name(name)) {
        Some(variant) => (variant, 4),
        None => (Variant::meiriqi(), 3),
    };
    let text = args
        .get(rest)
        .map_or(variant.spec().start_fen.as_str(), String::as_str);
    let position = match fen::parse(variant, text) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("invalid FEN: {error}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = perft::perft_parallel(&position, depth, threads, &AtomicBool::new(false));
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {nodes} on {threads} thread(s): {seconds:.3} s, {:.1} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}
