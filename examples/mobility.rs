//! `cargo run --release --example mobility`: each piece's average number of destinations on an
//! empty Mĕirìqí board, the starting point for the material values in `rust/eval_tables.rs`.

use meiriqi::{Color, Variant};

fn main() {
    let variant = Variant::meiriqi();
    let tables = variant.tables();
    for rule in variant.rules() {
        let squares = variant.allowed_squares(rule.kind, Color::White);
        let total: usize = squares
            .iter()
            .map(|from| {
                tables
                    .paths(Color::White, rule.kind.number(), from)
                    .iter()
                    .map(|path| tables.squares(path).len() - path.pass())
                    .sum::<usize>()
            })
            .sum();
        println!(
            "{:<11} {:5.1}",
            rule.spec.name,
            total as f64 / squares.len() as f64
        );
    }
}
