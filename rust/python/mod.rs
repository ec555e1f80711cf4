//! The Python bindings (`meiriqi._core`): the only module that knows about PyO3.
//!
//! Squares are plain integers (`rank * 16 + file`), colours booleans (`True` = White) and piece
//! types the numbers of [`Kind`], as in python-chess. Every error becomes a Python exception; no
//! input from Python can make the core panic.
//!
//! `squares` holds the module functions, `values` the small value classes (`Piece`, `Move`,
//! `Outcome`, ...), `board` the `Board` class.

mod board;
mod squares;
mod values;

use crate::geometry::Square;
use crate::piece::{Color, Kind};
use crate::variant::Variant;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _core,
    InvalidFenError,
    PyValueError,
    "A FEN string could not be read."
);
create_exception!(
    _core,
    InvalidMoveError,
    PyValueError,
    "A move string is not a well-formed coordinate move."
);
create_exception!(
    _core,
    IllegalMoveError,
    PyValueError,
    "A well-formed move is not legal in the position."
);

fn color_from_bool(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The square numbered `number`, or a `ValueError` naming the bad number.
fn square_from_number(number: i64) -> PyResult<Square> {
    usize::try_from(number)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid square number {number}: expected rank * 16 + file with file and rank below 12")))
}

/// The kind numbered `number`, or a `ValueError`.
fn kind_from_number(number: i64) -> PyResult<Kind> {
    u8::try_from(number)
        .ok()
        .and_then(Kind::from_number)
        .ok_or_else(|| PyValueError::new_err(format!("invalid piece type {number}")))
}

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    for kind in Kind::ALL {
        m.add(kind.name().to_ascii_uppercase(), kind.number())?;
    }
    m.add(
        "PIECE_TYPES",
        Kind::ALL
            .iter()
            .map(|kind| u32::from(kind.number()))
            .collect::<Vec<_>>(),
    )?;
    m.add("STARTING_FEN", Variant::meiriqi().spec().start_fen)?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add_class::<values::PyPiece>()?;
    m.add_class::<values::PyMove>()?;
    m.add_class::<values::PyTermination>()?;
    m.add_class::<values::PyOutcome>()?;
    m.add_class::<values::PySearchResult>()?;
    m.add_class::<values::PyLegalMoves>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_function(wrap_pyfunction!(squares::square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_file, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(squares::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(squares::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_symbol, m)?)?;
    m.add_function(wrap_pyfunction!(squares::piece_name, m)?)?;
    Ok(())
}
