//! Random games, for bulk users who want many positions fast (reinforcement learning, testing).

use crate::game::{Game, Outcome};
use crate::moves::Move;
use crate::position::Position;

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

/// Plays uniformly random legal moves from `start` until the game ends or `max_plies` moves are
/// played; returns the moves and the outcome (`None` when the ply limit came first).
pub fn random_game(
    start: &Position,
    max_plies: usize,
    rng: &mut Rng,
) -> (Vec<Move>, Option<Outcome>) {
    let mut game = Game::new(start.clone());
    let mut moves = Vec::with_capacity(128);
    while game.moves().len() < max_plies {
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
        let (first, _) = random_game(start.position(), 300, &mut Rng::new(7));
        let (again, _) = random_game(start.position(), 300, &mut Rng::new(7));
        assert_eq!(first, again);
        let mut replay = start.clone();
        for mv in first {
            replay.push(mv).expect("random games play legal moves");
        }
    }
}
