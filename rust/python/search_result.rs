//! The `SearchResult` class: what a search found.

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

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.result.nodes
    }

    /// The best lines (MultiPV), best first: each a result of its own with its move, score,
    /// mate and line, the same depth and nodes. Empty before a first iteration completed.
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
                    depth: self.result.depth,
                    nodes: self.result.nodes,
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
