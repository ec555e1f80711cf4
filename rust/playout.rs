//! Random games, for bulk users who want many positions fast (reinforcement learning, testing).

use crate::game::{Game, Outcome};
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// A small, fast pseudo-random generator (xorshift64*), seeded for repeatable games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (any value; zero is replaced by a fixed constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next number below `bound` (which must not be zero).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % bound
    }
}

/// Plays uniformly random legal moves from `start` until the game ends, `max_plies` moves are
/// played or `stop` is set (read before every move: a game that never ends can be interrupted);
/// returns the moves and the outcome (`None` when the game was cut off).
pub fn random_game(
    start: &Position<'static>,
    max_plies: usize,
    rng: &mut Rng,
    stop: &AtomicBool,
) -> (Vec<Move>, Option<Outcome>) {
    let mut game = Game::new(start.clone());
    let mut moves = Vec::with_capacity(128);
    while game.moves().len() < max_plies && !stop.load(Ordering::Relaxed) {
        game.position_mut().legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.push_unchecked(moves[rng.below(moves.len())]);
    }
    let outcome = game.outcome();
    (game.moves().to_vec(), outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn random_games_are_legal_and_repeatable() {
        let start = Game::start(Variant::meiriqi());
        let go_on = AtomicBool::new(false);
        let (first, _) = random_game(start.position(), 300, &mut Rng::new(7), &go_on);
        let (again, _) = random_game(start.position(), 300, &mut Rng::new(7), &go_on);
        assert_eq!(first, again);
        let mut replay = start.clone();
        for mv in first {
            replay.push(mv).expect("random games play legal moves");
        }
    }

    #[test]
    fn a_game_that_never_ends_stops_when_told() {
        // Kings and Mandarins only: no capture, no mate, no end; the stop flag cuts it off.
        let variant = Variant::meiriqi();
        let kings = "7mkm/10/10/10/10/10/10/10/10/7M1K w - - 0 1";
        let game = Game::from_fen(variant, kings).unwrap();
        let stop = AtomicBool::new(true);
        let (moves, outcome) = random_game(game.position(), 1_000_000, &mut Rng::new(1), &stop);
        assert!(moves.is_empty() && outcome.is_none());
    }
}
