//! `RecordKit`: what reading and walking game records need from the Python side (the visitor
//! protocol's class, the board class, `PgnError` and how a `Variant` tag names a variant),
//! bundled once by `meiriqi.pgn`, with the two entry points `read` and `walk`.

use super::board::PyBoard;
use super::game_walk::walk;
use super::record_reader::{LineSource, Reader, RecordClasses};
use super::visitor::Visitor;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// The Python side of game records, for reading and walking them in Rust.
#[pyclass(name = "RecordKit", module = "meiriqi._core", frozen)]
pub(super) struct Kit {
    /// The visitor protocol's class, whose hooks do nothing.
    base: Py<PyType>,
    /// What the reader needs.
    classes: RecordClasses,
}

#[pymethods]
impl Kit {
    #[new]
    fn new(
        base: Py<PyType>,
        board_class: Py<PyAny>,
        error_class: Py<PyAny>,
        variant_lookup: Py<PyAny>,
    ) -> Self {
        Kit {
            base,
            classes: RecordClasses {
                board_class,
                error_class,
                variant_lookup,
            },
        }
    }

    /// Reads the next game of `handle` (where `source` says it stands) through `visitor`;
    /// `False` when the input holds no more. A record without a `Variant` tag is of `variant`,
    /// and with `tag_variant` the visitor is given that variant's tag.
    fn read(
        &self,
        source: &Bound<'_, LineSource>,
        handle: &Bound<'_, PyAny>,
        visitor: &Bound<'_, PyAny>,
        variant: &Bound<'_, PyAny>,
        tag_variant: bool,
    ) -> PyResult<bool> {
        let hooks = Visitor::new(visitor, self.base.bind(visitor.py()))?;
        let mut lines = source.try_borrow_mut()?;
        Reader::new(
            &self.classes,
            &mut lines,
            handle,
            &hooks,
            variant,
            tag_variant,
        )
        .read()
    }

    /// Walks `game` (a `meiriqi.pgn.Game`) through `visitor` in record order, playing its
    /// moves on `board` (its starting position, `None` if it cannot be set up), which is left
    /// as it was found.
    fn walk(
        &self,
        game: &Bound<'_, PyAny>,
        board: Option<Bound<'_, PyBoard>>,
        visitor: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let hooks = Visitor::new(visitor, self.base.bind(visitor.py()))?;
        walk(game, board.as_ref(), &hooks)
    }
}
