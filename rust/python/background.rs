//! Work off the interpreter lock: a long computation runs on a thread of its own while the
//! calling thread watches for Ctrl-C, for a request to stop and for the reports it sends.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

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

/// How many threads a parallel computation uses when not told: one per core.
pub(super) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
