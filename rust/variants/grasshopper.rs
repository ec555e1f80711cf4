//! Tests of Grasshopper Chess as its variant file defines it (`python/meiriqi/variants/`):
//! perft from the start (Fairy-Stockfish's counts, in `tests/perft.toml`) and hand-built
//! positions against Fairy-Stockfish's moves.

use super::{perft_counts, testing};

fn legal(text: &str) -> Vec<String> {
    testing::legal("grasshopper", text)
}

#[test]
fn perft_of_the_start() {
    perft_counts::check("grasshopper start", perft_counts::SHALLOW);
}

#[test]
fn a_grasshopper_lands_right_behind_its_screen() {
    // From d4: over d6 to d7, over f4 to g4, over b2 to a1; no screen on the other lines.
    let moves = legal("4k3/8/3p4/8/3G1p2/8/1P6/4K3 w - - 0 1");
    assert_eq!(testing::from(&moves, "d4"), ["d4a1", "d4d7", "d4g4"]);
}

#[test]
fn a_grasshopper_checks_over_a_screen_next_to_the_king() {
    // The Grasshopper on e5 checks over e2; moving the screen away answers it.
    let moves = legal("4k3/8/8/4g3/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves, ["e1d1", "e1d2", "e1f1", "e1f2", "e2e3"]);
    // A Knight between the Grasshopper and the screen is pinned: leaving, it lets the check in.
    let pinned = legal("4k3/8/8/4g3/4N3/8/4P3/4K3 w - - 0 1");
    assert_eq!(pinned, ["e1d1", "e1d2", "e1f1", "e1f2", "e2e3"]);
}
