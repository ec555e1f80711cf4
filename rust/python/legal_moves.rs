//! The `LegalMoves` class: a position's legal moves as a read-only sequence of shared `Move`
//! objects.

use super::arguments::Int;
use super::move_objects::{move_object, move_objects};
use super::move_value::PyMove;
use crate::moves::Move;
use crate::variant::Variant;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PySlice};
use std::sync::Arc;

/// The legal moves of a position: a read-only snapshot sequence of `Move` that makes a Python
/// object only for the moves looked at, so `random.choice(board.legal_moves)` stays cheap. It is
/// a snapshot: after a push, ask the board again (`in` agrees with `Board.is_legal` for the
/// position it was taken in).
#[pyclass(name = "LegalMoves", module = "meiriqi._core", frozen, sequence)]
pub(super) struct PyLegalMoves {
    pub(super) moves: Arc<Vec<Move>>,
    pub(super) variant: &'static Variant,
}

impl PyLegalMoves {
    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::of(mv, self.variant)
    }
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of moves (as python-chess's `legal_moves.count()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.moves.len() as isize)?;
            let picked: Vec<PyMove> = (0..range.slicelength)
                .map(|step| self.moves[(range.start + step as isize * range.step) as usize])
                .map(|mv| self.wrap(mv))
                .collect();
            return Ok(PyList::new(py, picked)?.into_any());
        }
        // Any int: one too large for an index is out of range, as for a list.
        let position: Int = index.extract().map_err(|error: PyErr| {
            if error.is_instance_of::<pyo3::exceptions::PyValueError>(py) {
                PyIndexError::new_err("legal move index out of range")
            } else {
                pyo3::exceptions::PyTypeError::new_err(
                    "legal move indices must be integers or slices",
                )
            }
        })?;
        let position = position.0;
        let resolved = if position < 0 {
            position.checked_add(self.moves.len() as i128)
        } else {
            Some(position)
        };
        resolved
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.moves.get(i))
            .map(|&mv| Ok(move_object(py, mv, self.variant)?.into_bound(py).into_any()))
            .unwrap_or_else(|| Err(PyIndexError::new_err("legal move index out of range")))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, move_objects(py, &self.moves, self.variant)?)?.try_iter()
    }

    fn __contains__(&self, candidate: &Bound<'_, PyAny>) -> bool {
        candidate.cast::<PyMove>().is_ok_and(|candidate| {
            let candidate = candidate.get();
            self.moves
                .iter()
                .any(|&mv| candidate.names(mv, self.variant))
        })
    }

    /// Equal to another sequence holding the same moves in the same order (a list, say).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyLegalMoves>() {
            return *other.get().moves == *self.moves;
        }
        let Ok(items) = other.try_iter() else {
            return false;
        };
        let mut count = 0;
        for item in items {
            let Some(theirs) = item
                .ok()
                .and_then(|item| item.cast::<PyMove>().ok().map(|mv| *mv.get()))
            else {
                return false;
            };
            match self.moves.get(count) {
                Some(&mine) if theirs.names(mine, self.variant) => count += 1,
                _ => return false,
            }
        }
        count == self.moves.len()
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|&mv| self.wrap(mv).text()).collect();
        format!("<LegalMoves ({}): {}>", moves.len(), moves.join(", "))
    }
}
