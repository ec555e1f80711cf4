//! `TreeBuilder`, the Rust base of `meiriqi.pgn.GameBuilder`: the visitor hooks that grow a game
//! tree of Python nodes (`GameNode`, `ChildNode`) as a record is read or a game walked.
//!
//! A child node is made as `ChildNode.__new__` makes it, with its `parent`, `move`, `variations`
//! and `nags`; `comment` and `starting_comment` are the class's empty defaults until set.

use super::move_objects::move_object;
use super::visitor_protocol::NativeVisitor;
use crate::game::Game;
use crate::moves::Move;
use crate::movetext::fold;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PySet, PyType};

/// `object.__new__`, which makes a node without calling its class's `__init__`.
static OBJECT_NEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// One line of play being built: the main line or a variation.
struct Building {
    /// The last node of the line (its start, before a move).
    node: Py<PyAny>,
    /// That node's `variations`, where the line's next move goes.
    children: Py<PyList>,
    has_move: bool,
    /// The comment before the line's first move.
    starting_comment: String,
}

impl Building {
    /// A line going on from `node`.
    fn at(node: &Bound<'_, PyAny>) -> PyResult<Building> {
        Ok(Building {
            node: node.clone().unbind(),
            children: children_of(node)?.unbind(),
            has_move: false,
            starting_comment: String::new(),
        })
    }
}

/// The `variations` list of `node`.
fn children_of<'py>(node: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    Ok(node
        .getattr(intern!(node.py(), "variations"))?
        .cast_into::<PyList>()?)
}

/// The hooks that build a game tree: `visit_move`, `visit_comment`, `visit_nag`,
/// `begin_variation` and `end_variation`, from the root given to `_begin_tree`.
#[pyclass(name = "TreeBuilder", module = "meiriqi._core", subclass)]
pub(super) struct TreeBuilder {
    lines: Vec<Building>,
    /// The class of the nodes made (`ChildNode`).
    child_class: Option<Py<PyType>>,
}

impl TreeBuilder {
    /// The line being built, or an error before `_begin_tree`.
    fn line(&mut self) -> PyResult<&mut Building> {
        self.lines
            .last_mut()
            .ok_or_else(|| PyValueError::new_err("no game tree: call _begin_tree(root) first"))
    }

    /// Appends `mv` (a Python `Move`, known to be legal) as the next node of the current line.
    pub(super) fn add(&mut self, py: Python<'_>, mv: Bound<'_, PyAny>) -> PyResult<()> {
        let class = self
            .child_class
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("no game tree: call _begin_tree(root) first"))?
            .bind(py)
            .clone();
        let line = self.line()?;
        let parent = line.node.bind(py);
        let children = PyList::empty(py);
        let child = OBJECT_NEW
            .get_or_try_init(py, || -> PyResult<_> {
                Ok(py.get_type::<PyAny>().getattr("__new__")?.unbind())
            })?
            .bind(py)
            .call1((&class,))?;
        child.setattr(intern!(py, "parent"), parent)?;
        child.setattr(intern!(py, "move"), mv)?;
        child.setattr(intern!(py, "variations"), &children)?;
        child.setattr(intern!(py, "nags"), PySet::empty(py)?)?;
        if !line.has_move && !line.starting_comment.is_empty() {
            child.setattr(
                intern!(py, "starting_comment"),
                std::mem::take(&mut line.starting_comment),
            )?;
        }
        line.children.bind(py).append(&child)?;
        line.node = child.unbind();
        line.children = children.unbind();
        line.has_move = true;
        Ok(())
    }
}

impl NativeVisitor for TreeBuilder {
    fn play(
        &mut self,
        py: Python<'_>,
        game: &mut Game,
        mv: Move,
        _same_kind: Option<&[Move]>,
    ) -> PyResult<()> {
        let object = move_object(py, mv, game.position().variant())?;
        self.add(py, object.into_bound(py).into_any())
    }

    fn comment(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        let words = fold(text);
        if words.is_empty() {
            return Ok(());
        }
        let main = self.lines.len() == 1;
        let line = self.line()?;
        if line.has_move || main {
            let node = line.node.bind(py);
            let old: String = node.getattr(intern!(py, "comment"))?.extract()?;
            let joined = if old.is_empty() {
                words
            } else {
                format!("{old} {words}").trim().to_string()
            };
            node.setattr(intern!(py, "comment"), joined)?;
        } else if line.starting_comment.is_empty() {
            line.starting_comment = words;
        } else {
            line.starting_comment = format!("{} {words}", line.starting_comment);
        }
        Ok(())
    }

    fn nag(&mut self, py: Python<'_>, nag: i64) -> PyResult<()> {
        let line = self.line()?;
        if line.has_move {
            line.node
                .bind(py)
                .getattr(intern!(py, "nags"))?
                .call_method1(intern!(py, "add"), (nag,))?;
        }
        Ok(())
    }

    fn begin_variation(&mut self, py: Python<'_>) -> PyResult<bool> {
        let parent = self.line()?.node.bind(py).getattr(intern!(py, "parent"))?;
        if parent.is_none() {
            return Err(PyValueError::new_err(
                "a variation needs a move to be an alternative to",
            ));
        }
        self.lines.push(Building::at(&parent)?);
        Ok(false)
    }

    fn end_variation(&mut self, _py: Python<'_>) -> PyResult<()> {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
        Ok(())
    }
}

#[pymethods]
impl TreeBuilder {
    /// An empty builder; the arguments are left to a subclass's `__init__`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(
        _args: &Bound<'_, pyo3::types::PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> Self {
        TreeBuilder {
            lines: Vec::new(),
            child_class: None,
        }
    }

    /// Starts building below `root`, making nodes of `child_class`.
    fn _begin_tree(&mut self, root: &Bound<'_, PyAny>, child_class: Py<PyType>) -> PyResult<()> {
        self.lines = vec![Building::at(root)?];
        self.child_class = Some(child_class);
        Ok(())
    }

    /// Adds `move` (known to be legal) as the next node of the current line.
    fn visit_move(
        &mut self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let _ = board;
        self.add(py, r#move.clone())
    }

    /// Adds `moves` (each legal after the one before) one after the other to the current line.
    fn _add_moves(&mut self, py: Python<'_>, moves: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        moves.into_iter().try_for_each(|mv| self.add(py, mv))
    }

    /// Adds to the last move's comment, or to the starting comment of the next move (in the
    /// main line, before the first move: to the game's comment).
    fn visit_comment(&mut self, py: Python<'_>, comment: &str) -> PyResult<()> {
        self.comment(py, comment)
    }

    /// Adds the NAG to the last move.
    fn visit_nag(&mut self, py: Python<'_>, nag: i64) -> PyResult<()> {
        self.nag(py, nag)
    }

    /// Starts an alternative to the last move of the current line.
    fn begin_variation(&mut self, py: Python<'_>) -> PyResult<()> {
        NativeVisitor::begin_variation(self, py).map(drop)
    }

    /// Goes back to the line the variation was opened in.
    fn end_variation(&mut self, py: Python<'_>) -> PyResult<()> {
        NativeVisitor::end_variation(self, py)
    }

    /// Python's garbage collector sees the nodes held.
    fn __traverse__(&self, visit: pyo3::PyVisit<'_>) -> Result<(), pyo3::PyTraverseError> {
        for line in &self.lines {
            visit.call(&line.node)?;
            visit.call(&line.children)?;
        }
        if let Some(class) = &self.child_class {
            visit.call(class)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.lines.clear();
        self.child_class = None;
    }
}
