//! What a search learns about quiet moves as it goes, to try the likely refutations first and
//! reduce the unlikely ones more: how often each move (by side, origin and destination) cut a
//! node off or failed to (the history), and the same after the opponent's last move and after
//! our own move before it (continuation history, by the earlier move's destination and the
//! mover's kind and destination). Every update pulls a score towards the bonus by a share of
//! what separates them (history gravity), so scores stay within +-[`HISTORY_LIMIT`].

use crate::geometry::{Square, SQUARE_SLOTS};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;
use crate::variant::Variant;

/// The largest score a table holds either way.
pub const HISTORY_LIMIT: i32 = 16_384;

/// The largest bonus of one cut-off (reached at depth 20).
const MAX_BONUS: i32 = 400;

/// The moves before a node that its quiet moves' scores look back on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// The destination of the opponent's last move (none at the root or after a null move).
    pub reply_to: Option<Square>,
    /// The destination of the side to move's own move before that.
    pub follow_up: Option<Square>,
}

/// The three tables of quiet moves' scores of one search (not `Clone`: a copy would write
/// every page of tables that a short search barely touches).
#[derive(Debug)]
pub struct QuietHistory {
    /// By side, origin and destination.
    moves: Vec<i16>,
    /// By side, the earlier move's destination, the mover's kind and destination: after the
    /// opponent's last move ([`Context::reply_to`]) and after our own before it.
    continuations: [Vec<i16>; 2],
    /// Kind slots of the variant (kind numbers start at 1).
    kind_slots: usize,
}

impl QuietHistory {
    /// Empty tables for `variant`'s kinds.
    pub fn new(variant: &Variant) -> QuietHistory {
        // Kinds are numbered from 1 to the number of rules.
        let kind_slots = variant.rules().count() + 1;
        // Each table is allocated zeroed on its own (not cloned): the memory is then zeroed
        // page by page as the search first touches it, and a short search touches little.
        let continuation = || vec![0; 2 * SQUARE_SLOTS * kind_slots * SQUARE_SLOTS];
        QuietHistory {
            moves: vec![0; 2 * SQUARE_SLOTS * SQUARE_SLOTS],
            continuations: [continuation(), continuation()],
            kind_slots,
        }
    }

    /// The score of quiet move `mv` of `position` after the moves of `context`: the sum of its
    /// three tables' scores.
    #[inline]
    pub fn score(&self, position: &Position, context: Context, mv: Move) -> i32 {
        let slots = self.slots(position, context, mv);
        i32::from(self.moves[slots.moves])
            + self.continuation(0, slots.continuations[0])
            + self.continuation(1, slots.continuations[1])
    }

    /// Records that quiet move `best` of `position` cut the node off at `depth`, after the
    /// quiet moves `tried` before it failed to (`tried` may hold `best` too; it is not counted
    /// against itself).
    pub fn reward(
        &mut self,
        position: &Position,
        context: Context,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let bonus = (depth * depth).min(MAX_BONUS);
        for &mv in tried.iter().filter(|&&mv| mv != best) {
            self.update(position, context, mv, -bonus);
        }
        self.update(position, context, best, bonus);
    }

    /// Moves the scores of `mv` by `change`, with gravity.
    fn update(&mut self, position: &Position, context: Context, mv: Move, change: i32) {
        let slots = self.slots(position, context, mv);
        pull(&mut self.moves[slots.moves], change);
        for (table, slot) in self.continuations.iter_mut().zip(slots.continuations) {
            if let Some(slot) = slot {
                pull(&mut table[slot], change);
            }
        }
    }

    /// The score of continuation table `table` at `slot`, if there is one.
    #[inline]
    fn continuation(&self, table: usize, slot: Option<usize>) -> i32 {
        slot.map_or(0, |slot| i32::from(self.continuations[table][slot]))
    }

    /// Where `mv`'s scores stand in each table.
    #[inline]
    fn slots(&self, position: &Position, context: Context, mv: Move) -> Slots {
        let side = position.turn().index();
        let kind = mover(position, mv).map_or(0, Kind::index);
        let after = |earlier: Option<Square>| {
            earlier.map(|square| {
                ((side * SQUARE_SLOTS + square.index()) * self.kind_slots + kind) * SQUARE_SLOTS
                    + mv.to.index()
            })
        };
        Slots {
            moves: (side * SQUARE_SLOTS + mv.from.index()) * SQUARE_SLOTS + mv.to.index(),
            continuations: [after(context.reply_to), after(context.follow_up)],
        }
    }
}

/// The places of one move's scores in [`QuietHistory`]'s tables.
struct Slots {
    moves: usize,
    continuations: [Option<usize>; 2],
}

/// The kind of the piece `mv` moves (the one dropped, for a drop).
#[inline]
fn mover(position: &Position, mv: Move) -> Option<Kind> {
    match mv.kind {
        MoveKind::Drop(kind) => Some(kind),
        _ => position.piece_at(mv.from).map(|piece| piece.kind),
    }
}

/// Moves `score` by `change`, less the share of the score that `change` is of the limit.
#[inline]
fn pull(score: &mut i16, change: i32) {
    let old = i32::from(*score);
    let new = old + change - old * change.abs() / HISTORY_LIMIT;
    *score = new.clamp(-HISTORY_LIMIT, HISTORY_LIMIT) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    fn chess() -> Position<'static> {
        let variant = Variant::by_name("chess").unwrap();
        fen::parse(variant, &variant.spec().start_fen).unwrap()
    }

    fn find(position: &Position, uci: &str) -> Move {
        position.clone().parse_uci(uci).unwrap().expect(uci)
    }

    #[test]
    fn a_cut_off_raises_the_move_and_lowers_those_tried_before() {
        let position = chess();
        let mut history = QuietHistory::new(position.variant());
        let context = Context::default();
        let (best, other) = (find(&position, "g1f3"), find(&position, "a2a3"));
        history.reward(&position, context, best, &[other, best], 4);
        assert_eq!(history.score(&position, context, best), 16);
        assert_eq!(history.score(&position, context, other), -16);
    }

    #[test]
    fn continuations_count_only_after_their_own_earlier_move() {
        let position = chess();
        let mut history = QuietHistory::new(position.variant());
        let after = |square: &str| Context {
            reply_to: Some(Square::parse(square).unwrap()),
            follow_up: None,
        };
        let best = find(&position, "g1f3");
        history.reward(&position, after("e5"), best, &[best], 10);
        // The move's own table and the continuation after e5: 100 each.
        assert_eq!(history.score(&position, after("e5"), best), 200);
        assert_eq!(history.score(&position, after("d5"), best), 100);
        assert_eq!(history.score(&position, Context::default(), best), 100);
    }

    #[test]
    fn scores_stay_within_the_limit() {
        let position = chess();
        let mut history = QuietHistory::new(position.variant());
        let context = Context::default();
        let best = find(&position, "e2e4");
        for _ in 0..1_000 {
            history.reward(&position, context, best, &[best], 20);
        }
        let score = history.score(&position, context, best);
        assert!(
            score > HISTORY_LIMIT * 9 / 10 && score <= HISTORY_LIMIT,
            "{score}"
        );
    }
}
