//! Perft: counting the leaves of the legal move tree, the standard test of move generation.

use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Counts the positions `depth` plies below `position` (1 at depth 0). The last ply is only
/// counted, not played ("bulk counting").
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    perft_until(position, depth, &AtomicBool::new(false))
}

/// [`perft`] that gives up (returning an incomplete count) soon after `stop` is set.
pub fn perft_until(position: &mut Position, depth: u32, stop: &AtomicBool) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(position, depth, &mut buffers, stop)
}

/// Below this depth the stop flag is not read: those subtrees take microseconds.
const STOP_CHECK_DEPTH: u32 = 3;

fn count(position: &mut Position, depth: u32, buffers: &mut [Vec<Move>], stop: &AtomicBool) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    if depth >= STOP_CHECK_DEPTH && stop.load(Ordering::Relaxed) {
        return 0;
    }
    position.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = position.make(mv);
        total += count(position, depth - 1, deeper, stop);
        position.unmake(mv, undo);
    }
    total
}

/// Work items per thread that [`divide`] aims for, so that the threads finish together.
const TASKS_PER_THREAD: usize = 64;

/// One unit of [`divide`]'s work: the subtree after a line of moves from the root.
struct Task {
    /// The root move it counts for (an index into the root's moves).
    root: usize,
    /// The line from the root, starting with that move.
    line: Vec<Move>,
}

/// The perft count below each legal move of `position` (`depth` >= 1), in generation order,
/// computed on up to `threads` threads. The tree is cut into subtrees a few plies down, enough of
/// them for the threads to share out evenly. Soon after `stop` is set the threads give up (the
/// counts are then incomplete).
pub fn divide(
    position: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Vec<(Move, u64)> {
    let mut root = position.clone();
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let workers = threads.clamp(1, moves.len().max(1));
    let (tasks, plies) = split(&mut root, &moves, depth, workers * TASKS_PER_THREAD);
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut local = position.clone();
                while !stop.load(Ordering::Relaxed) {
                    let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let undos: Vec<_> = task.line.iter().map(|&mv| (mv, local.make(mv))).collect();
                    let below = perft_until(&mut local, depth.saturating_sub(plies), stop);
                    for &(mv, undo) in undos.iter().rev() {
                        local.unmake(mv, undo);
                    }
                    counts[task.root].fetch_add(below, Ordering::Relaxed);
                }
            });
        }
    });
    moves
        .into_iter()
        .zip(counts)
        .map(|(mv, count)| (mv, count.into_inner()))
        .collect()
}

/// The subtrees below `root` (whose legal moves are `moves`) at the shallowest ply that gives at
/// least `wanted` of them, stopping a ply short of `depth`; returns them and that ply (>= 1).
fn split(root: &mut Position, moves: &[Move], depth: u32, wanted: usize) -> (Vec<Task>, u32) {
    let mut tasks: Vec<Task> = moves
        .iter()
        .enumerate()
        .map(|(index, &mv)| Task {
            root: index,
            line: vec![mv],
        })
        .collect();
    let mut plies = 1;
    let mut replies = Vec::new();
    while tasks.len() < wanted && plies + 1 < depth {
        tasks = tasks
            .into_iter()
            .flat_map(|task| {
                let undos: Vec<_> = task.line.iter().map(|&mv| (mv, root.make(mv))).collect();
                root.legal_moves(&mut replies);
                for &(mv, undo) in undos.iter().rev() {
                    root.unmake(mv, undo);
                }
                replies
                    .iter()
                    .map(|&reply| Task {
                        root: task.root,
                        line: task.line.iter().copied().chain([reply]).collect(),
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        plies += 1;
    }
    (tasks, plies)
}

/// [`perft`] computed on up to `threads` threads; `stop` as for [`divide`].
pub fn perft_parallel(position: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> u64 {
    if depth <= 1 {
        return perft(&mut position.clone(), depth);
    }
    divide(position, depth, threads, stop)
        .iter()
        .map(|(_, count)| count)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Variant};

    fn start() -> Position<'static> {
        let variant = Variant::meiriqi();
        fen::parse(variant, &variant.spec().start_fen).unwrap()
    }

    #[test]
    fn start_position_shallow() {
        let mut position = start();
        assert_eq!(perft(&mut position, 0), 1);
        crate::variants::perft_counts::check("meiriqi start", 100_000);
        assert!(perft(&mut position, 3) > 0);
        assert_eq!(fen::write(&position), Variant::meiriqi().spec().start_fen);
    }

    #[test]
    fn divide_matches_independent_counts() {
        let position = start();
        let counts: std::collections::HashMap<String, u64> =
            divide(&position, 3, 2, &AtomicBool::new(false))
                .into_iter()
                .map(|(mv, count)| (mv.uci().to_text(Variant::meiriqi()), count))
                .collect();
        let expected = [
            ("a2b4", 2110),
            ("d2f4", 2456),
            ("b1a5", 2154),
            ("f1i2", 1980),
            ("i1h2", 1892),
            ("h4g4", 1946),
        ];
        for (uci, count) in expected {
            assert_eq!(counts.get(uci), Some(&count), "{uci}");
        }
        let start = crate::variants::perft_counts::counts("meiriqi start");
        assert_eq!(counts.len() as u64, start[0]);
        assert_eq!(counts.values().sum::<u64>(), start[2]);
    }

    /// Middlegame positions with promoted pieces (from `benches/positions.txt`); the counts
    /// were computed independently by the pure-Python reference (`meiriqi.reference`).
    #[test]
    fn middlegames_with_promoted_pieces() {
        let variant = Variant::meiriqi();
        let cases = [
            (
                "1p5mkm/n9/i6Q2/6g1s1/4i5/I7WI/7S2/2N1q1I3/1S3G4/5S1MKM w - - 3 31",
                [64, 2476, 152_292],
            ),
            (
                "1s1eh2mn1/1g2s1g2k/1ii6m/9i/10/I3i2SI1/1N5II1/1q7M/5GN1K1/1P3j1M2 w - - 0 31",
                [32, 2154, 68_901],
            ),
            (
                "1p3w1m1m/n4s1k2/2g2h3C/1i6i1/5i4/1i5I2/3L2I1I1/ISN1I3S1/1G3G2MK/5S2NM w - - 0 31",
                [61, 3152, 186_559],
            ),
        ];
        for (text, counts) in cases {
            let mut position = fen::parse(variant, text).unwrap();
            for (depth, expected) in (1..).zip(counts) {
                assert_eq!(
                    perft(&mut position, depth),
                    expected,
                    "depth {depth} of {text}"
                );
            }
        }
    }

    #[test]
    #[ignore = "takes a few seconds in a debug build; run with --ignored or in release"]
    fn start_position_depth_4() {
        let counts = crate::variants::perft_counts::counts("meiriqi start");
        assert_eq!(
            perft_parallel(&start(), 4, 2, &AtomicBool::new(false)),
            counts[3]
        );
    }
}
