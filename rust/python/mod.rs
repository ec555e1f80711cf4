//! The Python bindings (`meiriqi._core`): the only module that knows about PyO3.
//!
//! Squares are plain integers (`rank * 16 + file`), colours booleans (`True` = White) and piece
//! types the numbers of a variant's kinds (from 1, in its piece table's order), as in
//! python-chess. Every error becomes a Python exception; no input from Python can make the core
//! panic.
//!
//! `squares` holds the module functions, `values` the small value classes (`Piece`, `Move`,
//! `Outcome`, ...), `board` the `Board` class and `support` its helpers.

mod board;
mod exporter;
mod game_walk;
mod move_objects;
mod position_problems;
mod record_reader;
mod records;
mod squares;
mod support;
mod tree_builder;
mod values;
mod variant;
mod visitor;
mod visitor_protocol;

use variant::VariantArg;

use crate::geometry::Square;
use crate::piece::Color;
use crate::variant::Variant;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use support::Int;

create_exception!(
    meiriqi._core,
    InvalidFenError,
    PyValueError,
    "A FEN string could not be read."
);
create_exception!(
    meiriqi._core,
    InvalidMoveError,
    PyValueError,
    "A move string is not a well-formed coordinate move."
);
create_exception!(
    meiriqi._core,
    InvalidPositionError,
    PyValueError,
    "A setup breaks a rule of the variant (see Board.status())."
);
create_exception!(
    meiriqi._core,
    IllegalMoveError,
    PyValueError,
    "A well-formed move is not legal in the position."
);

create_exception!(
    meiriqi._core,
    AmbiguousMoveError,
    PyValueError,
    "A SAN string fits more than one legal move; the message lists them."
);

fn color_from_bool(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The square numbered `number`, or a `ValueError` naming the bad number.
fn square_from_number(Int(number): Int) -> PyResult<Square> {
    usize::try_from(number)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid square number {number}: expected rank * 16 + file with file and rank below 12")))
}

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    let meiriqi = Variant::meiriqi();
    for rule in meiriqi.rules() {
        m.add(rule.spec.name.to_ascii_uppercase(), rule.kind.number())?;
    }
    m.add(
        "PIECE_TYPES",
        meiriqi
            .rules()
            .map(|rule| u32::from(rule.kind.number()))
            .collect::<Vec<_>>(),
    )?;
    m.add("STARTING_FEN", meiriqi.spec().start_fen.as_str())?;
    for (name, flag) in support::STATUS_FLAGS {
        m.add(format!("STATUS_{name}"), flag)?;
    }
    let invalid_position = py.get_type::<InvalidPositionError>();
    invalid_position.setattr("problems", pyo3::types::PyTuple::empty(py))?;
    m.add("InvalidPositionError", invalid_position)?;
    m.add_class::<position_problems::PyPositionProblem>()?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add_class::<values::PyPiece>()?;
    m.add_class::<values::PyMove>()?;
    m.add_class::<values::PyTermination>()?;
    m.add_class::<values::PyOutcome>()?;
    m.add_class::<values::PySearchResult>()?;
    m.add_class::<values::PyLegalMoves>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<visitor_protocol::SkipType>()?;
    m.add_class::<tree_builder::TreeBuilder>()?;
    m.add_class::<exporter::RecordExporter>()?;
    m.add_class::<record_reader::LineSource>()?;
    m.add_class::<records::Kit>()?;
    let invalid_variant = py.get_type::<variant::InvalidVariantError>();
    for place in ["path", "line", "column"] {
        invalid_variant.setattr(place, py.None())?;
    }
    m.add("InvalidVariantError", invalid_variant)?;
    m.add_function(wrap_pyfunction!(support::set_watch_interval, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_file, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(squares::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_symbol, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_name, m)?)?;
    Ok(())
}
