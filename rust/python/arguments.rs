//! Python arguments checked into the core's values: integers of any size, colours, square and
//! piece-type numbers, perft depths and counts. A bad value is a `ValueError` naming it.

use crate::geometry::Square;
use crate::piece::{Color, Kind};
use crate::text::quote;
use crate::variant::Variant;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A Python `int` argument of any size. One beyond the range of `i128` is refused with a
/// `ValueError` quoting it, where a plain integer argument raises `OverflowError`; the method's
/// own range check reports any other unfit value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(value)),
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => {
                let text = obj.str().map(|text| text.to_string()).unwrap_or_default();
                Err(PyValueError::new_err(format!(
                    "integer {} is out of range",
                    quote(&text)
                )))
            }
            Err(error) => Err(error),
        }
    }
}

/// The deepest perft the bindings accept: far beyond what finishes, short of exhausting memory.
const MAX_PERFT_DEPTH: u32 = 32;

/// `depth`, checked to lie between `least` and [`MAX_PERFT_DEPTH`].
pub(super) fn perft_depth(Int(depth): Int, least: u32) -> PyResult<u32> {
    match u32::try_from(depth) {
        Ok(depth) if (least..=MAX_PERFT_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(PyValueError::new_err(format!(
            "invalid perft depth {depth}: expected {least} to {MAX_PERFT_DEPTH}"
        ))),
    }
}

/// `value`, checked to be 1 to `u64::MAX`; `what` names it in the error.
pub(super) fn positive(what: &str, Int(value): Int) -> PyResult<u64> {
    u64::try_from(value)
        .ok()
        .filter(|&v| v >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid {what} {value}: expected 1 to {}",
                u64::MAX
            ))
        })
}

/// The colour a Python boolean names (`True` = White).
pub(super) fn color_from_bool(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The square numbered `number`, or a `ValueError` naming the bad number.
pub(super) fn square_from_number(Int(number): Int) -> PyResult<Square> {
    usize::try_from(number)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid square number {number}: expected rank * 16 + file with file and rank below 12")))
}

/// The kind numbered `number` in `variant`, or a `ValueError`.
pub(super) fn kind_in(variant: &Variant, Int(number): Int) -> PyResult<Kind> {
    u8::try_from(number)
        .ok()
        .and_then(Kind::new)
        .filter(|&kind| variant.has_kind(kind))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid piece type {number} for {}: expected 1 to {}",
                variant.spec().name,
                variant.rules().count()
            ))
        })
}
