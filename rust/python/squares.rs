//! Module functions: square numbers and names, piece letters and names.

use super::arguments::{kind_in, square_from_number, Int};
use super::variant::VariantArg;
use crate::geometry::Square;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The square on `file` (0 = a) and `rank` (0 = rank 1).
#[pyfunction]
pub(super) fn square(file: Int, rank: Int) -> PyResult<u8> {
    let (file, rank) = (file.0, rank.0);
    let (Ok(file), Ok(rank)) = (u8::try_from(file), u8::try_from(rank)) else {
        return Err(PyValueError::new_err(format!(
            "invalid file {file} or rank {rank}: expected 0 to 11"
        )));
    };
    Square::new(file, rank)
        .map(|square| square.index() as u8)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid file {file} or rank {rank}: expected 0 to 11"
            ))
        })
}

/// The file index (0 = a) of a square.
#[pyfunction]
pub(super) fn square_file(square: Int) -> PyResult<u8> {
    Ok(square_from_number(square)?.file())
}

/// The rank index (0 = rank 1) of a square.
#[pyfunction]
pub(super) fn square_rank(square: Int) -> PyResult<u8> {
    Ok(square_from_number(square)?.rank())
}

/// The name of a square, such as `"c3"`.
#[pyfunction]
pub(super) fn square_name(square: Int) -> PyResult<String> {
    Ok(square_from_number(square)?.to_string())
}

/// The square named `name`.
#[pyfunction]
pub(super) fn parse_square(name: &str) -> PyResult<u8> {
    Square::parse(name)
        .map(|square| square.index() as u8)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid square name {}: expected a letter a-l and a rank 1-12, such as c3",
                crate::text::quote(name)
            ))
        })
}

/// The uppercase FEN symbol of a piece type of `variant` (`N`, `+P`).
#[pyfunction]
#[pyo3(signature = (piece_type, *, variant=VariantArg::default()), text_signature = "(piece_type, *, variant='meiriqi')")]
pub(super) fn piece_symbol(piece_type: Int, variant: VariantArg) -> PyResult<String> {
    let variant = variant.0;
    Ok(variant.symbol(kind_in(variant, piece_type)?).to_string())
}

/// The English name of a piece type of `variant`.
#[pyfunction]
#[pyo3(signature = (piece_type, *, variant=VariantArg::default()), text_signature = "(piece_type, *, variant='meiriqi')")]
pub(super) fn piece_name(piece_type: Int, variant: VariantArg) -> PyResult<String> {
    let variant = variant.0;
    Ok(variant
        .rule_of(kind_in(variant, piece_type)?)
        .spec
        .name
        .clone())
}
