//! Repetitions on a search's line: the positions before the current one (the game's, then the
//! line's), and what a repetition scores: a draw, or, where perpetual check loses (the Asian
//! rules of Xiangqi, Shogi's perpetual check in sennichite), a loss for the side that gave check with every move
//! since the position last stood on the board while the other did not.

use crate::game::Game;

/// How a repetition of the current position ends the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Neither side, or both, gave check throughout: a draw.
    Draw,
    /// The side to move gave check with every one of its moves since the last occurrence.
    LostByPerpetualCheck,
    /// The side that just moved gave check with every one of its moves since then.
    WonByPerpetualCheck,
}

/// The transposition keys of the positions before the current one, oldest first, and, where
/// perpetual check loses, whether the side to move was in check in each.
#[derive(Clone, Debug, Default)]
pub struct Path {
    keys: Vec<u64>,
    checks: Vec<bool>,
    perpetual_check_loses: bool,
}

impl Path {
    /// The positions of `game` before its current one; with `perpetual_check_loses` the checks
    /// in them are kept too (the rule's repetitions need them).
    pub fn of(game: &Game, perpetual_check_loses: bool) -> Path {
        let checks = if perpetual_check_loses {
            game.check_history()
        } else {
            Vec::new()
        };
        Path {
            keys: game.key_history(),
            checks,
            perpetual_check_loses,
        }
    }

    /// A position left by a move of the line: its key and whether its side to move is in check
    /// (kept only where perpetual check loses).
    #[inline]
    pub fn push(&mut self, key: u64, in_check: bool) {
        self.keys.push(key);
        if self.perpetual_check_loses {
            self.checks.push(in_check);
        }
    }

    /// Forgets the last position pushed.
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
        if self.perpetual_check_loses {
            self.checks.pop();
        }
    }

    /// How the current position (`key`, reached `reversible` plies after the last irreversible
    /// move) repeats an earlier one with the same side to move, if it does; `in_check` tells
    /// whether its side to move is in check (asked only where perpetual check loses).
    #[inline]
    pub fn repetition(
        &self,
        key: u64,
        reversible: usize,
        in_check: impl FnOnce() -> bool,
    ) -> Option<Repetition> {
        let len = self.keys.len();
        let window = reversible.min(len);
        // Positions with the same side to move: two, four, ... plies back.
        let back = (2..=window)
            .step_by(2)
            .find(|&back| self.keys[len - back] == key)?;
        if !self.perpetual_check_loses {
            return Some(Repetition::Draw);
        }
        // The positions the cycle's moves led to, the current one last: the side that just
        // moved made the moves into the current one and every second one before it.
        let reached = &self.checks[len + 1 - back..];
        let mover_checked = in_check() && reached.iter().rev().skip(1).step_by(2).all(|&c| c);
        let other_checked = reached.iter().rev().step_by(2).all(|&c| c);
        Some(match (mover_checked, other_checked) {
            (true, false) => Repetition::WonByPerpetualCheck,
            (false, true) => Repetition::LostByPerpetualCheck,
            _ => Repetition::Draw,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::Variant;

    /// White's check in [`checking_cycle`] that repeats the position after its third move.
    pub(crate) const REPEATING_CHECK: &str = "i10i9";

    /// Xiangqi, White to move: its lone Chariot has checked the Black General from i10 and i9
    /// while it stepped between d9 and d10 (Black's two Chariots would win anything else).
    pub(crate) fn checking_cycle() -> Game {
        let variant = Variant::by_name("xiangqi").unwrap();
        let mut game = Game::from_fen(variant, "3k5/9/9/9/9/9/9/2r6/r8/4K3R w - - 0 1").unwrap();
        for text in ["i1i10", "d10d9", "i10i9", "d9d10", "i9i10", "d10d9"] {
            let mv = game.position_mut().parse_uci(text).unwrap().unwrap();
            game.push(mv).unwrap();
        }
        game
    }

    #[test]
    fn a_path_holds_the_games_positions_and_their_checks() {
        let game = checking_cycle();
        let path = Path::of(&game, true);
        assert_eq!(path.keys, game.key_history());
        // Black is in check after each of White's moves.
        let checks = [false, true, false, true, false, true];
        assert_eq!(path.checks, checks);
        // Without the rule the checks are not looked for.
        assert!(Path::of(&game, false).checks.is_empty());
    }

    #[test]
    fn a_games_perpetual_check_is_found() {
        let mut game = checking_cycle();
        let mv = game
            .position_mut()
            .parse_uci(REPEATING_CHECK)
            .unwrap()
            .unwrap();
        game.push(mv).unwrap();
        // Black to move, in check, in the position it had two moves ago.
        let position = game.position();
        let key = position.hash();
        let reversible = position.halfmove_clock() as usize;
        assert_eq!(
            Path::of(&game, true).repetition(key, reversible, || position.is_check()),
            Some(Repetition::WonByPerpetualCheck)
        );
        assert_eq!(
            Path::of(&game, false).repetition(key, reversible, || position.is_check()),
            Some(Repetition::Draw)
        );
    }

    /// A path of `keys` with the given checks, where perpetual check loses.
    fn path(keys: &[u64], checks: &[bool]) -> Path {
        Path {
            keys: keys.to_vec(),
            checks: checks.to_vec(),
            perpetual_check_loses: true,
        }
    }

    #[test]
    fn a_position_not_seen_before_is_no_repetition() {
        let path = path(&[1, 2, 3, 4], &[false; 4]);
        assert_eq!(path.repetition(5, 4, || false), None);
        // The same position with the other side to move does not count.
        assert_eq!(path.repetition(4, 4, || false), None);
    }

    #[test]
    fn only_the_reversible_plies_are_searched() {
        let path = path(&[7, 2, 3, 4], &[false; 4]);
        assert_eq!(path.repetition(7, 4, || false), Some(Repetition::Draw));
        assert_eq!(path.repetition(7, 3, || false), None);
    }

    #[test]
    fn checks_by_the_side_that_just_moved_win_for_the_other() {
        // A is to move in positions 1 and 3 and in the current one, which repeats 1; B's moves
        // led to 3 and to the current one, both with A in check.
        let path = path(&[1, 2, 3, 4], &[false, false, true, false]);
        assert_eq!(
            path.repetition(1, 4, || true),
            Some(Repetition::WonByPerpetualCheck)
        );
        // B's last move did not check: a draw.
        assert_eq!(path.repetition(1, 4, || false), Some(Repetition::Draw));
    }

    #[test]
    fn checks_by_the_side_to_move_lose() {
        let path = path(&[1, 2, 3, 4], &[false, true, false, true]);
        assert_eq!(
            path.repetition(1, 4, || false),
            Some(Repetition::LostByPerpetualCheck)
        );
    }

    #[test]
    fn checks_by_both_sides_draw() {
        let path = path(&[1, 2, 3, 4], &[false, true, true, true]);
        assert_eq!(path.repetition(1, 4, || true), Some(Repetition::Draw));
    }

    #[test]
    fn without_the_rule_every_repetition_draws() {
        let mut path = path(&[1, 2, 3, 4], &[false, true, false, true]);
        path.perpetual_check_loses = false;
        assert_eq!(path.repetition(1, 4, || false), Some(Repetition::Draw));
    }

    #[test]
    fn the_nearest_occurrence_decides() {
        // 1 stood on the board six and two plies ago; the checks of the last cycle count only.
        let path = path(
            &[1, 2, 3, 4, 1, 6],
            &[false, false, false, true, false, true],
        );
        assert_eq!(
            path.repetition(1, 6, || false),
            Some(Repetition::LostByPerpetualCheck)
        );
    }
}
