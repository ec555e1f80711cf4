//! Criterion benchmarks of the Rust core: `cargo bench --bench core`.
//! The positions are in `benches/positions.txt`; figures are recorded in `benches/RESULTS.md`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use meiriqi::{fen, perft, Position, Variant};
use std::hint::black_box;

/// The named positions of `positions.txt`.
fn positions() -> Vec<(&'static str, Position<'static>)> {
    let variant = Variant::meiriqi();
    include_str!("positions.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (name, text) = line.split_once(' ').expect("name and FEN");
            (
                name,
                fen::parse(variant, text).expect("benchmark positions are valid"),
            )
        })
        .collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, position) in positions() {
        let depth = 3;
        let nodes = perft::perft(&mut position.clone(), depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth {depth}"), |b| {
            b.iter(|| perft::perft(&mut position.clone(), black_box(depth)))
        });
    }
    group.finish();
}

fn bench_move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for (name, position) in positions() {
        let mut position = position.clone();
        let mut moves = Vec::with_capacity(256);
        group.bench_function(format!("legal/{name}"), |b| {
            b.iter(|| {
                position.legal_moves(&mut moves);
                moves.len()
            })
        });
        group.bench_function(format!("pseudo-legal/{name}"), |b| {
            b.iter(|| {
                position.pseudo_legal_moves(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

fn bench_make_unmake(c: &mut Criterion) {
    let mut group = c.benchmark_group("make-unmake");
    for (name, position) in positions() {
        let mut position = position.clone();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(format!("all moves/{name}"), |b| {
            b.iter(|| {
                for &mv in &moves {
                    let undo = position.make(mv);
                    position.unmake(mv, black_box(undo));
                }
            })
        });
    }
    group.finish();
}

fn bench_check_detection(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    for (name, position) in positions() {
        group.bench_function(format!("is_check/{name}"), |b| {
            b.iter(|| black_box(&position).is_check())
        });
    }
    group.finish();
}

fn bench_fen(c: &mut Criterion) {
    let mut group = c.benchmark_group("fen");
    let variant = Variant::meiriqi();
    for (name, position) in positions() {
        let text = fen::write(&position);
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| fen::parse(variant, black_box(&text)))
        });
        group.bench_function(format!("write/{name}"), |b| {
            b.iter(|| fen::write(black_box(&position)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_perft,
    bench_move_generation,
    bench_make_unmake,
    bench_check_detection,
    bench_fen
);
criterion_main!(benches);
