//! The `SearchResult` class, what a search found, and `SearchProgress`, where a running search
//! is.

use super::move_value::PyMove;
use crate::search::{self, SearchResult};
use crate::variant::Variant;
use pyo3::prelude::*;

/// What a search found: the move, its score and the expected line.
#[pyclass(name = "SearchResult", module = "meiriqi._core", frozen)]
pub(super) struct PySearchResult {
    pub(super) result: SearchResult,
    pub(super) variant: &'static Variant,
}

#[pymethods]
impl PySearchResult {
    /// The move to play, or `None` when there is no legal move.
    #[getter(r#move)]
    fn best_move(&self) -> Option<PyMove> {
        self.result.best_move.map(|mv| PyMove::of(mv, self.variant))
    }

    /// The score in centipawns for the side to move; mates score beyond +-29000.
    #[getter]
    fn score(&self) -> i32 {
        self.result.score
    }

    /// Plies to mate when the score is a mate (positive: the side to move mates), else `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        let distance = search::MATE - self.result.score.abs();
        (distance <= 1_000).then(|| {
            if self.result.score > 0 {
                distance
            } else {
                -distance
            }
        })
    }

    /// The expected line, starting with the move.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.result
            .pv
            .iter()
            .map(|&mv| PyMove::of(mv, self.variant))
            .collect()
    }

    /// The deepest iteration completed.
    #[getter]
    fn depth(&self) -> u32 {
        self.result.depth
    }

    /// The longest line searched in the last iteration, in plies (quiescence included).
    #[getter]
    fn seldepth(&self) -> u32 {
        self.result.seldepth
    }

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.result.nodes
    }

    /// How full the transposition table is, in thousandths.
    #[getter]
    fn hashfull(&self) -> u32 {
        self.result.hashfull
    }

    /// The best lines (MultiPV), best first: each a result of its own with its move, score,
    /// mate and line, the same depth, nodes and table use. Empty before a first iteration
    /// completed.
    #[getter]
    fn lines(&self) -> Vec<PySearchResult> {
        self.result
            .lines
            .iter()
            .map(|line| PySearchResult {
                result: SearchResult {
                    best_move: line.pv.first().copied(),
                    score: line.score,
                    pv: line.pv.clone(),
                    lines: Vec::new(),
                    ..self.result.clone()
                },
                variant: self.variant,
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        let mv = self.result.best_move.map_or("None".to_string(), |mv| {
            PyMove::of(mv, self.variant).__repr__()
        });
        format!(
            "SearchResult(move={mv}, score={}, depth={}, nodes={})",
            self.result.score, self.result.depth, self.result.nodes
        )
    }
}

/// Where a running search is: the root move its main thread is searching, in which iteration.
#[pyclass(name = "SearchProgress", module = "meiriqi._core", frozen)]
pub(super) struct PySearchProgress {
    pub(super) status: search::Status,
    pub(super) variant: &'static Variant,
}

#[pymethods]
impl PySearchProgress {
    /// The root move being searched.
    #[getter(r#move)]
    fn current_move(&self) -> PyMove {
        PyMove::of(self.status.mv, self.variant)
    }

    /// Its number among the root moves of the iteration, from 1.
    #[getter]
    fn move_number(&self) -> usize {
        self.status.number
    }

    /// How many root moves the iteration searches.
    #[getter]
    fn moves(&self) -> usize {
        self.status.moves
    }

    /// The iteration being searched, in plies.
    #[getter]
    fn depth(&self) -> u32 {
        self.status.depth
    }

    /// The longest line searched so far in this iteration, in plies.
    #[getter]
    fn seldepth(&self) -> u32 {
        self.status.seldepth
    }

    /// Nodes visited so far (by all threads).
    #[getter]
    fn nodes(&self) -> u64 {
        self.status.nodes
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchProgress(move={}, move_number={}, moves={}, depth={}, nodes={})",
            PyMove::of(self.status.mv, self.variant).__repr__(),
            self.status.number,
            self.status.moves,
            self.status.depth,
            self.status.nodes
        )
    }
}

/// What a series of searches of one game learns and keeps, as an engine keeps its hash table
/// from one move to the next: `Board.search(memory=...)` starts from what the searches before
/// it with the same memory left (stronger at the same limits), and gives the same results for
/// the same searches in the same order. `clear()` forgets it all, for a new game. One search
/// at a time may use a memory; a search's threads, if several, share its table.
#[pyclass(name = "SearchMemory", module = "meiriqi._core", frozen)]
pub(super) struct PySearchMemory {
    pub(super) memory: std::sync::Arc<std::sync::Mutex<search::SearchMemory>>,
}

#[pymethods]
impl PySearchMemory {
    /// An empty memory (16 MB of tables).
    #[new]
    fn new() -> PySearchMemory {
        PySearchMemory {
            memory: std::sync::Arc::new(std::sync::Mutex::new(search::SearchMemory::new())),
        }
    }

    /// Forgets what earlier searches left: the next search starts as from nothing.
    fn clear(&self, py: Python<'_>) {
        let memory = &self.memory;
        py.detach(|| memory.lock().unwrap_or_else(|e| e.into_inner()).clear());
    }
}
