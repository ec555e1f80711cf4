//! The Python bindings (`meiriqi._core`): the only module that knows about PyO3.
//!
//! Squares are plain integers (`rank * 16 + file`), colours booleans (`True` = White) and piece
//! types the numbers of a variant's kinds (from 1, in its piece table's order), as in
//! python-chess. Every error becomes a Python exception; no input from Python can make the core
//! panic.
//!
//! One file a job: the module functions (`squares`); the classes (`board`, `variant`, `piece`,
//! `move_value`, `legal_moves` with the shared move objects of `move_objects`, `outcome`,
//! `search_result`, and `position_problems`, the rules an `InvalidPositionError` names); the
//! board's helpers (`arguments` checks what Python passes, `background` runs long work off the
//! interpreter lock, `status` and `diagram`); and the game records (`records`, `record_reader`,
//! `game_walk`, `visitor`, `visitor_protocol`, `tree_builder`, `exporter`). This file registers
//! them and the exceptions.

mod arguments;
mod background;
mod board;
mod diagram;
mod exporter;
mod game_walk;
mod legal_moves;
mod move_objects;
mod move_value;
mod outcome;
mod piece;
mod position_problems;
mod record_reader;
mod records;
mod search_result;
mod squares;
mod status;
mod tree_builder;
mod variant;
mod visitor;
mod visitor_protocol;

use crate::variant::Variant;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
    for (name, flag) in status::STATUS_FLAGS {
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
    m.add_class::<piece::PyPiece>()?;
    m.add_class::<move_value::PyMove>()?;
    m.add_class::<outcome::PyTermination>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<search_result::PySearchResult>()?;
    m.add_class::<search_result::PySearchProgress>()?;
    m.add_class::<search_result::PySearchMemory>()?;
    m.add_class::<legal_moves::PyLegalMoves>()?;
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
    m.add_function(wrap_pyfunction!(background::set_watch_interval, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_file, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(squares::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_symbol, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_name, m)?)?;
    Ok(())
}
