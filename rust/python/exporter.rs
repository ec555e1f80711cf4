//! `RecordExporter`, the Rust base of `meiriqi.pgn.StringExporter` and `FileExporter`: the
//! visitor hooks that write a record ([`RecordWriter`]) as a game is read or walked, to a list
//! of lines or straight to a text handle.

use super::board::PyBoard;
use super::move_value::PyMove;
use super::visitor_protocol::{NativeVisitor, SkipType};
use crate::game::Game;
use crate::moves::Move;
use crate::piece::Color;
use crate::record_writer::{RecordWriter, WriteOptions};
use crate::san;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Where the lines of a record go.
enum Sink {
    /// Kept, for `_text()`.
    Lines(Vec<String>),
    /// Written to a handle, each with its line break, followed by an empty line after each
    /// game; `written` counts the characters of the game.
    Handle { handle: Py<PyAny>, written: usize },
}

/// The hooks that write a record: tag pairs, then movetext wrapped to a width.
#[pyclass(name = "RecordExporter", module = "meiriqi._core", subclass)]
pub(super) struct RecordExporter {
    writer: RecordWriter,
    sink: Sink,
    /// An error of the handle met while writing, raised by the hook that wrote.
    failure: Option<PyErr>,
}

impl RecordExporter {
    /// Runs `work` on the writer with a line output, then raises what writing a line failed
    /// with, if anything.
    fn write(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(&mut RecordWriter, &mut dyn FnMut(&str)),
    ) -> PyResult<()> {
        let failure = &mut self.failure;
        let sink = &mut self.sink;
        let mut out = |line: &str| match sink {
            Sink::Lines(lines) => lines.push(line.to_string()),
            Sink::Handle { handle, written } if failure.is_none() => {
                let text = format!("{line}\n");
                match handle.call_method1(py, intern!(py, "write"), (&text,)) {
                    Ok(_) => *written += text.chars().count(),
                    Err(error) => *failure = Some(error),
                }
            }
            Sink::Handle { .. } => {}
        };
        work(&mut self.writer, &mut out);
        self.failure.take().map_or(Ok(()), Err)
    }
}

impl NativeVisitor for RecordExporter {
    fn begin_game(&mut self) {
        self.writer.begin_game();
        match &mut self.sink {
            Sink::Lines(lines) => lines.clear(),
            Sink::Handle { written, .. } => *written = 0,
        }
    }

    fn header(&mut self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.write(py, |writer, out| {
            writer.header(name, value, &mut |l| out(l))
        })
    }

    fn end_headers(&mut self, py: Python<'_>) -> PyResult<()> {
        self.write(py, |writer, out| writer.end_headers(&mut |l| out(l)))
    }

    fn play(
        &mut self,
        py: Python<'_>,
        game: &mut Game,
        mv: Move,
        same_kind: Option<&[Move]>,
    ) -> PyResult<()> {
        let position = game.position_mut();
        let number = position.fullmove_number();
        let white = position.turn() == Color::White;
        let mut text = match same_kind {
            Some(same_kind) => san::write_among(position, mv, same_kind),
            None => san::write_without_suffix(position, mv),
        };
        text.push_str(san::suffix(position, mv));
        self.write(py, |writer, out| {
            writer.play(number, white, text, &mut |l| out(l));
        })
    }

    fn comment(&mut self, _py: Python<'_>, text: &str) -> PyResult<()> {
        self.writer.comment(text);
        Ok(())
    }

    fn nag(&mut self, _py: Python<'_>, nag: i64) -> PyResult<()> {
        self.writer.nag(nag);
        Ok(())
    }

    fn begin_variation(&mut self, _py: Python<'_>) -> PyResult<bool> {
        Ok(!self.writer.begin_variation())
    }

    fn end_variation(&mut self, py: Python<'_>) -> PyResult<()> {
        self.write(py, |writer, out| writer.end_variation(&mut |l| out(l)))
    }

    fn result(&mut self, py: Python<'_>, result: &str) -> PyResult<()> {
        self.write(py, |writer, out| writer.result(result, &mut |l| out(l)))
    }

    fn end_game(&mut self, py: Python<'_>) -> PyResult<()> {
        let separate = matches!(self.sink, Sink::Handle { .. });
        self.write(py, |writer, out| {
            writer.end_game(&mut |l| out(l));
            if separate {
                out("");
            }
        })
    }
}

#[pymethods]
impl RecordExporter {
    /// A writer with the default options; a subclass's `__init__` calls `_configure`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        RecordExporter {
            writer: RecordWriter::new(WriteOptions::default()),
            sink: Sink::Lines(Vec::new()),
            failure: None,
        }
    }

    /// Sets what is written (`columns`: the width movetext is wrapped to, `None` for one line)
    /// and where: kept as lines, or written to `handle` with an empty line after each game.
    #[pyo3(signature = (columns, headers, comments, variations, handle=None))]
    fn _configure(
        &mut self,
        columns: Option<i64>,
        headers: bool,
        comments: bool,
        variations: bool,
        handle: Option<Py<PyAny>>,
    ) -> PyResult<()> {
        let columns = columns
            .map(|columns| {
                usize::try_from(columns).map_err(|_| {
                    PyValueError::new_err(format!(
                        "invalid columns {columns}: expected 0 or more, or None"
                    ))
                })
            })
            .transpose()?;
        self.writer = RecordWriter::new(WriteOptions {
            columns,
            headers,
            comments,
            variations,
        });
        self.sink = match handle {
            None => Sink::Lines(Vec::new()),
            Some(handle) => Sink::Handle { handle, written: 0 },
        };
        Ok(())
    }

    /// The lines of the last game written (empty when writing to a handle).
    fn _text(&self) -> Vec<String> {
        match &self.sink {
            Sink::Lines(lines) => lines.clone(),
            Sink::Handle { .. } => Vec::new(),
        }
    }

    /// The number of characters written to the handle for the last game.
    fn _written(&self) -> usize {
        match &self.sink {
            Sink::Lines(_) => 0,
            Sink::Handle { written, .. } => *written,
        }
    }

    /// Starts a new record.
    fn begin_game(&mut self) {
        NativeVisitor::begin_game(self);
    }

    /// Writes the tag pair (unless `headers` is false).
    fn visit_header(&mut self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.header(py, name, value)
    }

    /// Writes the empty line between the tag pairs and the movetext.
    fn end_headers(&mut self, py: Python<'_>) -> PyResult<()> {
        NativeVisitor::end_headers(self, py)
    }

    /// Keeps the comment for the last move or the next one (unless `comments` is false); `}`
    /// cannot be written inside a comment and is dropped.
    fn visit_comment(&mut self, py: Python<'_>, comment: &str) -> PyResult<()> {
        self.comment(py, comment)
    }

    /// Keeps the NAG for the last move (unless `comments` is false).
    fn visit_nag(&mut self, py: Python<'_>, nag: i64) -> PyResult<()> {
        self.nag(py, nag)
    }

    /// Writes the previous move of the line and holds this one (`move`, legal on `board`).
    fn visit_move(
        &mut self,
        py: Python<'_>,
        board: &Bound<'_, PyBoard>,
        r#move: PyRef<'_, PyMove>,
    ) -> PyResult<()> {
        let mut board = board.try_borrow_mut()?;
        let mv = board.legal_move(&r#move)?;
        self.play(py, board.game_in_use(), mv, None)
    }

    /// Opens a side variation, or skips it (`variations` false, or no move yet).
    fn begin_variation(&mut self, py: Python<'_>) -> PyResult<Option<SkipType>> {
        let skip = NativeVisitor::begin_variation(self, py)?;
        Ok(skip.then_some(SkipType::Skip))
    }

    /// Closes the side variation.
    fn end_variation(&mut self, py: Python<'_>) -> PyResult<()> {
        NativeVisitor::end_variation(self, py)
    }

    /// Writes the rest of the movetext and the result.
    fn visit_result(&mut self, py: Python<'_>, result: &str) -> PyResult<()> {
        self.result(py, result)
    }

    /// Writes the last line of the movetext (and, to a handle, the empty line after the game).
    fn end_game(&mut self, py: Python<'_>) -> PyResult<()> {
        NativeVisitor::end_game(self, py)
    }

    /// Python's garbage collector sees the handle held.
    fn __traverse__(&self, visit: pyo3::PyVisit<'_>) -> Result<(), pyo3::PyTraverseError> {
        if let Sink::Handle { handle, .. } = &self.sink {
            visit.call(handle)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.sink = Sink::Lines(Vec::new());
    }
}
