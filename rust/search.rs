//! The computer player: iterative deepening principal variation search with quiescence on
//! captures, a transposition table on the Zobrist hash, and move ordering by hash move, captures
//! by value (most valuable victim, least valuable attacker), killer moves and history.
//!
//! Scores are centipawns from the side to move's point of view. A side with no legal move has
//! lost, scored `-MATE + ply`, when it is in check, over a limit of the variant, or in a variant
//! where stalemate loses; otherwise (a stalemate that draws) it scores 0. A position that
//! repeats one on the current line scores 0: a line that only goes round in circles gains
//! nothing.

use crate::eval::{evaluate, piece_value};
use crate::game::Game;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::variant::Stalemate;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of being mated now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest line searched, in plies (iterations plus extensions).
const MAX_PLY: usize = 96;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 1024;
/// How many times one quiescence line searches all evasions of a check; after that a check is
/// judged like a quiet position, or the Cannons' and Vaos' check-and-capture chains explode.
const QUIESCENCE_EVASIONS: u8 = 2;
/// The most plies of captures searched beyond the horizon: on boards full of hoppers that all
/// capture one another the capture tree is otherwise far too large for even a depth-1 search.
const QUIESCENCE_DEPTH: u8 = 4;
/// A capture is searched in quiescence only if winning the captured piece and this much more
/// could raise the score above what is already assured (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// Transposition table entries (a power of two).
const TABLE_SIZE: usize = 1 << 19;

/// When to stop searching. With no limit at all the search stops after depth 64.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes to visit.
    pub nodes: Option<u64>,
    /// Longest time to think.
    pub time: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<Move>,
    /// Its score for the side to move, in centipawns (see [`MATE`]).
    pub score: i32,
    /// The expected line, starting with the best move.
    pub pv: Vec<Move>,
    /// The last iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
}

/// Search state for one call of [`search`].
struct Searcher<'a> {
    position: Position,
    /// Hashes of the positions before each move of the game and of the line being searched.
    path: Vec<u64>,
    table: Vec<Option<Entry>>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<u32>,
    pv: Vec<Vec<Move>>,
    move_buffers: Vec<Vec<Move>>,
    nodes: u64,
    limits: Limits,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    stopped: bool,
    /// The depth of the iteration being searched.
    iteration: u32,
}

/// Searches `game`'s current position within `limits`, or until `stop` is set (then the best
/// move of the last finished iteration is returned).
pub fn search(game: &Game, limits: Limits, stop: &AtomicBool) -> SearchResult {
    search_reporting(game, limits, stop, |_| {})
}

/// [`search`], calling `report` with the result of every iteration as it completes (what an
/// engine protocol shows as thinking output).
pub fn search_reporting(
    game: &Game,
    limits: Limits,
    stop: &AtomicBool,
    mut report: impl FnMut(&SearchResult),
) -> SearchResult {
    let start = Instant::now();
    let mut searcher = Searcher {
        position: game.position().clone(),
        path: game.key_history(),
        table: vec![None; TABLE_SIZE],
        killers: [[None; 2]; MAX_PLY],
        history: vec![0; crate::geometry::SQUARE_SLOTS * crate::geometry::SQUARE_SLOTS],
        pv: vec![Vec::new(); MAX_PLY + 1],
        move_buffers: vec![Vec::new(); MAX_PLY + 1],
        nodes: 0,
        limits,
        deadline: limits.time.map(|time| start + time),
        stop,
        stopped: false,
        iteration: 0,
    };
    let mut root_moves = Vec::new();
    searcher.position.legal_moves(&mut root_moves);
    // Until an iteration completes, the first move with the position's static score: never a
    // fake mate.
    let mut result = SearchResult {
        best_move: root_moves.first().copied(),
        score: if root_moves.is_empty() {
            -MATE
        } else {
            evaluate(&searcher.position)
        },
        pv: Vec::new(),
        depth: 0,
        nodes: 0,
    };
    if root_moves.is_empty() {
        return result;
    }
    let max_depth = limits.depth.unwrap_or(64).clamp(1, MAX_PLY as u32 / 2);
    for depth in 1..=max_depth {
        searcher.iteration = depth;
        let score = searcher.negamax(depth as i32, 0, -MATE - 1, MATE + 1);
        if searcher.stopped {
            break;
        }
        let pv = searcher.pv[0].clone();
        result = SearchResult {
            best_move: pv.first().copied().or(result.best_move),
            score,
            pv,
            depth,
            nodes: searcher.nodes,
        };
        report(&result);
        if score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result
}

impl Searcher<'_> {
    /// Whether a limit has been reached; reads the clock only every [`CLOCK_INTERVAL`] nodes.
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let over_nodes = self.limits.nodes.is_some_and(|limit| self.nodes >= limit);
        let over_time = self.nodes % CLOCK_INTERVAL == 0
            && (self.stop.load(Ordering::Relaxed)
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline));
        self.stopped = over_nodes || over_time;
        self.stopped
    }

    /// Whether the current position already occurred on the line since the last capture or pawn
    /// move (a heuristic bound: a Chinese pawn's sideways step can be undone).
    fn repeats(&self) -> bool {
        let hash = self.position.hash();
        let reversible = (self.position.halfmove_clock() as usize).min(self.path.len());
        self.path[self.path.len() - reversible..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&seen| seen == hash)
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if ply > 0 && (self.out_of_budget() || self.repeats()) {
            return 0;
        }
        // A check is extended by a ply, but only while the line is shorter than twice the
        // iteration's depth: hoppers can give check with every move.
        let extend = ply < 2 * self.iteration as usize && self.position.is_check();
        let depth = depth + i32::from(extend);
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(ply, alpha, beta, QUIESCENCE_EVASIONS, QUIESCENCE_DEPTH);
        }
        let key = self.position.hash();
        let slot = key as usize & (TABLE_SIZE - 1);
        let stored = self.table[slot].filter(|entry| entry.key == key);
        if let Some(entry) = stored.filter(|entry| ply > 0 && entry.depth >= depth) {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        self.position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return no_move_score(&self.position, ply);
        }
        self.order(&mut moves, stored.and_then(|entry| entry.best), ply);
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = moves[0];
        for (index, &mv) in moves.iter().enumerate() {
            let capture = !self.position.is_empty(mv.to);
            self.path.push(self.position.hash());
            let undo = self.position.make(mv);
            let score = if index == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.negamax(depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.position.unmake(mv, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
            }
            if score > alpha {
                alpha = score;
                let (line, deeper) = self.pv.split_at_mut(ply + 1);
                line[ply].clear();
                line[ply].push(mv);
                line[ply].extend_from_slice(&deeper[0]);
            }
            if alpha >= beta {
                if !capture {
                    self.remember_quiet_cutoff(mv, ply, depth);
                }
                break;
            }
        }
        self.move_buffers[ply] = moves;
        if !self.stopped {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table[slot] = Some(Entry {
                key,
                best: Some(best_move),
                score: to_table(best_score, ply),
                depth,
                bound,
            });
        }
        best_score
    }

    /// Searches captures only, standing pat on the static evaluation (all evasions when in
    /// check, `evasions` more times on this line), for at most `depth` more plies, skipping
    /// captures that could not raise alpha and those of a defended piece by a more valuable
    /// one. A quiet position without legal moves is misjudged
    /// here as its evaluation; the main search sees such stalemates.
    fn quiescence(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        evasions: u8,
        depth: u8,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if ply >= MAX_PLY || depth == 0 {
            return evaluate(&self.position);
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        let searching_evasions = evasions > 0 && self.position.is_check();
        if searching_evasions {
            // In check every evasion is searched, and having none loses.
            self.position.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_buffers[ply] = moves;
                return no_move_score(&self.position, ply);
            }
        } else {
            let stand_pat = evaluate(&self.position);
            if stand_pat >= beta {
                self.move_buffers[ply] = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            self.position.legal_captures(&mut moves);
            let position = &self.position;
            let enemy = position.turn().opponent();
            moves.retain(|&mv| {
                let gain = position
                    .piece_at(mv.to)
                    .map_or(0, |victim| piece_value(position, victim.kind))
                    + mv.promotion().map_or(0, |kind| piece_value(position, kind));
                let risked = position
                    .piece_at(mv.from)
                    .map_or(0, |attacker| piece_value(position, attacker.kind));
                // Taking a defended piece with a more valuable one is left out too: it seldom
                // wins anything, and the hoppers' mutual captures are countless.
                let losing = risked > gain && position.is_attacked_by(enemy, mv.to);
                stand_pat + gain + DELTA_MARGIN > alpha && !losing
            });
        }
        self.order(&mut moves, None, ply);
        for &mv in moves.iter() {
            let undo = self.position.make(mv);
            let left = evasions - u8::from(searching_evasions);
            let score = -self.quiescence(ply + 1, -beta, -alpha, left, depth - 1);
            self.position.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score >= beta {
                alpha = score;
                break;
            }
            alpha = alpha.max(score);
        }
        self.move_buffers[ply] = moves;
        alpha
    }

    /// Sorts `moves` best first: the hash move, captures by value, promotions, killers, history.
    fn order(&self, moves: &mut [Move], hash_move: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&mv| {
            if Some(mv) == hash_move {
                return i64::MIN;
            }
            let position = &self.position;
            let victim = position
                .piece_at(mv.to)
                .filter(|_| position.is_capture(mv))
                .map(|p| piece_value(position, p.kind));
            let attacker = position
                .piece_at(mv.from)
                .map_or(0, |p: Piece| piece_value(position, p.kind));
            let promotion = mv.promotion().map_or(0, |kind| piece_value(position, kind));
            let key = match victim {
                Some(value) => 4_000_000_000 + i64::from(value) * 64 - i64::from(attacker) / 16,
                None if promotion > 0 => 3_000_000_000 + i64::from(promotion),
                None if killers.contains(&Some(mv)) => 2_000_000_000,
                None => i64::from(
                    self.history[mv.from.index() * crate::geometry::SQUARE_SLOTS + mv.to.index()],
                ),
            };
            -key
        });
    }

    /// Records a quiet move that refuted the opponent's last move.
    fn remember_quiet_cutoff(&mut self, mv: Move, ply: usize, depth: i32) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        let slot =
            &mut self.history[mv.from.index() * crate::geometry::SQUARE_SLOTS + mv.to.index()];
        *slot = slot.saturating_add((depth * depth) as u32);
    }
}

/// The score of `position`, `ply` plies from the root, where the side to move has no legal move:
/// lost in check, over a limit, or where stalemate loses; else a draw.
fn no_move_score(position: &Position, ply: usize) -> i32 {
    let turn = position.turn();
    let stalemate_loses = position.variant().spec().stalemate == Stalemate::Loses;
    if stalemate_loses || position.is_check() || position.over_limit(turn) {
        -MATE + ply as i32
    } else {
        0
    }
}

/// A score to store: mate scores made relative to the node instead of the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn game(fen: &str) -> Game {
        Game::from_fen(Variant::meiriqi(), fen).unwrap()
    }

    fn best(fen: &str, depth: u32) -> SearchResult {
        search(
            &game(fen),
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn finds_a_win_in_one() {
        // The Rook on a9 covers i9 and j9, and on i10 the Black King would face the White King:
        // Rb10 mates, and most quiet moves stalemate, which wins too.
        let fen = "9k/R9/10/10/10/10/10/10/10/1R6K1 w";
        let result = best(fen, 2);
        assert_eq!(result.score, MATE - 1, "{result:?}");
        let mut after = game(fen);
        after.push(result.best_move.unwrap()).unwrap();
        assert_eq!(
            after.outcome().and_then(|outcome| outcome.winner),
            Some(crate::Color::White)
        );
    }

    #[test]
    fn a_stalemate_scores_as_the_variant_says() {
        let position = |name: &str, fen: &str| {
            crate::fen::parse(Variant::by_name(name).unwrap(), fen).unwrap()
        };
        // Black's cornered King has no move: Mĕirìqí's stalemate loses, the Bestiary's draws.
        let meiriqi = position("meiriqi", "9k/R9/10/10/10/10/10/10/10/1R5K2 b - - 0 1");
        assert_eq!(no_move_score(&meiriqi, 3), -MATE + 3);
        let bestiary = position(
            "wildeurasian-bestiary",
            "k11/12/1Q10/12/12/12/12/12/12/12/11K/G11 b - - 0 1",
        );
        assert_eq!(no_move_score(&bestiary, 3), 0);
    }

    #[test]
    fn depth_one_finishes_where_hoppers_capture_one_another() {
        // Issue 13's reproducer (Yáng Qí after Pi2 Nd9 Va6 Ra9 Pid2 Nf9 Nf2, where depth 1 never
        // ended), and Dense-Rim Mitregi's start, full of hoppers: quiescence is bounded.
        let mut yangqi = Game::start(Variant::by_name("yangqi").unwrap());
        for uci in ["h2i2", "b10d9", "f1a6", "a10a9", "i2d2", "h10f9", "h1f2"] {
            let mv = yangqi.position_mut().parse_uci(uci).unwrap().expect(uci);
            yangqi.push(mv).unwrap();
        }
        let dense_rim = Game::start(Variant::by_name("wildeurasian-dense-rim-mitregi").unwrap());
        for game in [yangqi, dense_rim] {
            let limits = Limits {
                depth: Some(1),
                nodes: Some(5_000_000),
                ..Limits::default()
            };
            let result = search(&game, limits, &AtomicBool::new(false));
            assert_eq!(result.depth, 1, "{result:?}");
            assert!(result.score.abs() < MATE_BOUND, "{result:?}");
        }
    }

    #[test]
    fn an_unfinished_search_claims_no_mate() {
        let start = Game::start(Variant::by_name("wildeurasian-mitregi").unwrap());
        let limits = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        let result = search(&start, limits, &AtomicBool::new(false));
        assert_eq!(result.depth, 0);
        assert!(result.score.abs() < MATE_BOUND, "{result:?}");
    }

    #[test]
    fn returns_a_legal_move_with_tiny_budgets() {
        let start = Game::start(Variant::meiriqi());
        for nodes in [1, 10, 1000] {
            let result = search(
                &start,
                Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                &AtomicBool::new(false),
            );
            let mv = result.best_move.expect("the start position has moves");
            assert!(start.clone().is_legal(mv));
        }
    }

    #[test]
    fn a_set_stop_flag_still_gives_a_legal_move() {
        let start = Game::start(Variant::meiriqi());
        let result = search(&start, Limits::default(), &AtomicBool::new(true));
        assert!(start.clone().is_legal(result.best_move.unwrap()));
    }

    #[test]
    fn no_move_when_the_game_is_over() {
        let result = best("R8k/9R/10/9C/10/10/10/10/10/8K1 b", 3);
        assert_eq!(result.best_move, None);
    }

    #[test]
    fn reports_every_completed_iteration() {
        let start = Game::start(Variant::meiriqi());
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let mut reports = Vec::new();
        let result = search_reporting(&start, limits, &AtomicBool::new(false), |report| {
            reports.push(report.clone());
        });
        assert_eq!(
            reports.iter().map(|r| r.depth).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(reports.last(), Some(&result));
    }
}
