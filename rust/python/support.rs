//! Helpers of the `Board` class: checked numbers, work off the interpreter lock, the text
//! diagram and the status flags.

use crate::geometry::Square;
use crate::piece::{Color, Kind, Piece};
use crate::setup::{PositionError, Setup};
use crate::variant::Variant;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

/// A Python `int` argument of any size. One beyond the range of `i128` is refused with a
/// `ValueError` quoting it, where a plain integer argument raises `OverflowError`; the method's
/// own range check reports any other unfit value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(value)),
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => {
                let text = obj.str().map(|text| text.to_string()).unwrap_or_default();
                Err(PyValueError::new_err(format!(
                    "integer {} is out of range",
                    crate::moves::quote(&text)
                )))
            }
            Err(error) => Err(error),
        }
    }
}

/// The deepest perft the bindings accept: far beyond what finishes, short of exhausting memory.
const MAX_PERFT_DEPTH: u32 = 32;

/// `depth`, checked to lie between `least` and [`MAX_PERFT_DEPTH`].
pub(super) fn perft_depth(Int(depth): Int, least: u32) -> PyResult<u32> {
    match u32::try_from(depth) {
        Ok(depth) if (least..=MAX_PERFT_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(PyValueError::new_err(format!(
            "invalid perft depth {depth}: expected {least} to {MAX_PERFT_DEPTH}"
        ))),
    }
}

/// `value`, checked to be 1 to `u64::MAX`; `what` names it in the error.
pub(super) fn positive(what: &str, Int(value): Int) -> PyResult<u64> {
    u64::try_from(value)
        .ok()
        .filter(|&v| v >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid {what} {value}: expected 1 to {}",
                u64::MAX
            ))
        })
}

/// How long a piece of work takes, as its caller can tell from its size before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Length {
    /// A millisecond or so at most (a perft of two plies, a search of one): it runs on the
    /// calling thread, which spares a thread's start and the wait for the scheduler (long on a
    /// busy machine), and a Ctrl-C is seen as soon as it returns.
    Short,
    /// Anything else: it runs on a thread of its own while the calling thread watches.
    Long,
}

/// Runs `work` without the interpreter lock on a thread of its own, while this thread watches for
/// Python signals: on Ctrl-C (or any signal handler raising), `work` is told to stop through the
/// flag it is given, and the exception is raised once it has. [`Length::Short`] work runs on
/// this thread instead.
pub(super) fn interruptible<T: Send>(
    py: Python<'_>,
    length: Length,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    watched(
        py,
        length,
        |stop, _: &Sender<()>| work(stop),
        |_, _| Ok(false),
    )
}

/// How often, in milliseconds, the watching thread looks for signals and reports while `work`
/// runs ([`set_watch_interval`] changes it).
static WATCH_INTERVAL_MS: AtomicU64 = AtomicU64::new(20);

/// Sets how often (in seconds, at least a millisecond) a call running without the interpreter
/// lock looks for Ctrl-C, `stop=` and `info=`; returns the previous interval. A test sets it to
/// an hour to show that a finished call never waits for the next look.
#[pyfunction]
#[pyo3(name = "_set_watch_interval")]
pub(super) fn set_watch_interval(seconds: f64) -> PyResult<f64> {
    if !(seconds.is_finite() && (0.001..=86_400.0).contains(&seconds)) {
        return Err(PyValueError::new_err(format!(
            "invalid watch interval {seconds}: expected 0.001 to 86400 seconds"
        )));
    }
    let previous = WATCH_INTERVAL_MS.swap((seconds * 1000.0) as u64, Ordering::Relaxed);
    Ok(previous as f64 / 1000.0)
}

/// [`interruptible`], where `work` may also send reports: every watch interval (20 ms; and once
/// at the end) this thread takes the lock, hands the reports sent since to `watch`, and tells `work`
/// to stop when `watch` answers `true`. An error from `watch` stops `work` and is raised once it
/// has. The result comes back on a channel this thread waits on, so a finished `work` is noticed
/// at once, not at the next look. [`Length::Short`] work runs on this thread, and `watch` has
/// one look, at the end.
pub(super) fn watched<T: Send, R: Send>(
    py: Python<'_>,
    length: Length,
    work: impl FnOnce(&AtomicBool, &Sender<R>) -> T + Send,
    mut watch: impl FnMut(Python<'_>, Vec<R>) -> PyResult<bool> + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let (report_sender, reports) = mpsc::channel();
    let (result_sender, result) = mpsc::sync_channel(1);
    let mut failure = None;
    let stopping = &stop;
    let mut look = move |failure: &mut Option<PyErr>| {
        if failure.is_none() {
            let reports = reports.try_iter().collect();
            match Python::attach(|py| py.check_signals().and_then(|()| watch(py, reports))) {
                Ok(told) => stopping.store(told, Ordering::Relaxed),
                Err(error) => {
                    *failure = Some(error);
                    stopping.store(true, Ordering::Relaxed);
                }
            }
        }
    };
    let value = match length {
        Length::Short => py
            .detach(|| {
                let work = std::panic::AssertUnwindSafe(|| work(&stop, &report_sender));
                std::panic::catch_unwind(work)
            })
            .ok(),
        Length::Long => py.detach(|| {
            let result = result;
            std::thread::scope(|scope| {
                let stop = &stop;
                let worker = scope.spawn(move || {
                    // The receiver lives until this scope ends, after this thread.
                    let _ = result_sender.send(work(stop, &report_sender));
                });
                let interval = Duration::from_millis(WATCH_INTERVAL_MS.load(Ordering::Relaxed));
                let value = loop {
                    match result.recv_timeout(interval) {
                        Ok(value) => break Some(value),
                        Err(RecvTimeoutError::Timeout) => look(&mut failure),
                        // The work panicked: its sender is gone without a result.
                        Err(RecvTimeoutError::Disconnected) => break None,
                    }
                };
                // Joined here, a panic of the work is caught rather than raised again by the
                // scope.
                worker.join().ok().and(value)
            })
        }),
    };
    look(&mut failure);
    match (failure, value) {
        (Some(error), _) => Err(error),
        (None, Some(value)) => Ok(value),
        (None, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "the computation failed",
        )),
    }
}

pub(super) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The status flags, with python-chess's names and values where it has the same rule.
pub(super) const STATUS_FLAGS: [(&str, u32); 14] = [
    ("VALID", 0),
    ("NO_WHITE_KING", 1 << 0),
    ("NO_BLACK_KING", 1 << 1),
    ("TOO_MANY_KINGS", 1 << 2),
    ("PAWNS_ON_BACKRANK", 1 << 5),
    ("BAD_CASTLING_RIGHTS", 1 << 8),
    ("INVALID_EP_SQUARE", 1 << 9),
    ("OPPOSITE_CHECK", 1 << 10),
    ("EMPTY", 1 << 11),
    ("KINGS_FACING", 1 << 20),
    ("OUT_OF_REGION", 1 << 21),
    ("BAD_HAND", 1 << 22),
    ("TOO_MANY_PRINCES", 1 << 23),
    ("TOO_FAR_ACROSS", 1 << 24),
];

/// The flag named `name` in [`STATUS_FLAGS`].
fn flag(name: &str) -> u32 {
    STATUS_FLAGS
        .iter()
        .find(|(known, _)| *known == name)
        .map_or(0, |&(_, flag)| flag)
}

/// The status flags of `problems` (and `EMPTY` for a board without pieces), as python-chess's
/// `Board.status()`.
pub(super) fn status_flags(setup: &Setup, problems: &[PositionError]) -> u32 {
    let mut flags = 0;
    if setup.board.iter().all(Option::is_none) {
        flags |= flag("EMPTY");
    }
    for problem in problems {
        flags |= problem_flag(problem);
    }
    flags
}

/// The status flag of `problem`.
pub(super) fn problem_flag(problem: &PositionError) -> u32 {
    match problem {
        PositionError::KingCount { count, .. } if *count > 1 => flag("TOO_MANY_KINGS"),
        PositionError::KingCount {
            color: Color::White,
            ..
        } => flag("NO_WHITE_KING"),
        PositionError::KingCount { .. } => flag("NO_BLACK_KING"),
        PositionError::UnknownKind { .. } | PositionError::OutOfRegion { .. } => {
            flag("OUT_OF_REGION")
        }
        PositionError::Stuck { .. } => flag("PAWNS_ON_BACKRANK"),
        PositionError::TooManyPrinces { .. } => flag("TOO_MANY_PRINCES"),
        PositionError::TooFarAcross { .. } => flag("TOO_FAR_ACROSS"),
        PositionError::BadHand { .. } => flag("BAD_HAND"),
        PositionError::BadCastlingRights => flag("BAD_CASTLING_RIGHTS"),
        PositionError::BadEnPassant { .. } => flag("INVALID_EP_SQUARE"),
        PositionError::OpponentInCheck => flag("OPPOSITE_CHECK"),
        PositionError::KingsFacing => flag("KINGS_FACING"),
    }
}

/// A text diagram of `setup`: rank numbers down the left, file letters below, `.` for empty
/// squares, and the hands (Black's above, White's below) in a variant with hands.
pub(super) fn diagram(variant: &Variant, setup: &Setup) -> String {
    let dims = variant.dimensions();
    let hand = |color: Color| {
        let pieces: Vec<String> = variant
            .rules()
            .flat_map(|rule| {
                let count = setup.hands[color.index()][rule.kind.index()];
                (0..count).map(move |_| rule.kind)
            })
            .map(|kind: Kind| variant.piece_symbol(kind, color))
            .collect();
        format!("   [{}]\n", pieces.join(""))
    };
    let mut text = String::new();
    if variant.spec().hands {
        text.push_str(&hand(Color::Black));
    }
    for rank in (0..dims.ranks).rev() {
        text.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..dims.files {
            let square = Square::new(file, rank).expect("inside the board");
            let symbol = setup.board[square.index()]
                .filter(|piece: &Piece| variant.has_kind(piece.kind))
                .map_or(".".to_string(), |piece| {
                    variant.piece_symbol(piece.kind, piece.color)
                });
            text.push_str(&format!("{symbol:>2}"));
        }
        text.push('\n');
    }
    text.push_str("   ");
    for file in 0..dims.files {
        text.push(' ');
        text.push((b'a' + file) as char);
    }
    if variant.spec().hands {
        text.push('\n');
        text.push_str(hand(Color::White).trim_end());
    }
    text
}
