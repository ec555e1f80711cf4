//! The perft counts of `tests/perft.toml`, which the Python tests read too: one place for every
//! published count and every count of a start position this project computed.

use crate::{fen, perft, Variant};
use serde::Deserialize;

/// The data file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Data {
    positions: Vec<Case>,
}

/// A position with its counts from depth 1 on.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    variant: String,
    /// The position; none: the variant's start.
    fen: Option<String>,
    counts: Vec<u64>,
    /// Who counted them.
    source: String,
}

/// The counts of the case called `name`, with its position and variant.
fn case(name: &str) -> Case {
    let data: Data =
        toml::from_str(include_str!("../../tests/perft.toml")).expect("tests/perft.toml reads");
    data.positions
        .into_iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no case {name:?} in tests/perft.toml"))
}

/// The counts of the case called `name`, from depth 1 on.
pub fn counts(name: &str) -> Vec<u64> {
    case(name).counts
}

/// Checks the perft of the case called `name` at every depth whose count is at most
/// `most_nodes`.
pub fn check(name: &str, most_nodes: u64) {
    let case = case(name);
    let variant = Variant::by_name(&case.variant).expect("a built-in variant");
    let text = case.fen.as_deref().unwrap_or(&variant.spec().start_fen);
    let mut position = fen::parse(variant, text).expect("a legal position");
    let depths = (1..)
        .zip(&case.counts)
        .filter(|(_, &count)| count <= most_nodes);
    for (depth, &count) in depths {
        let counted = perft::perft(&mut position, depth);
        assert_eq!(counted, count, "{name} ({}), depth {depth}", case.source);
    }
}

/// The most nodes a count may have to be checked in every test run (about a second in a
/// release build); the ignored tests check every count.
pub const SHALLOW: u64 = 4_000_000;
