//! The `Piece` class: a type and a colour, of some variant. It remembers the variant, which
//! gives meaning to its type number, and compares by its symbol.

use super::arguments::{color_from_bool, kind_in, Int};
use super::variant::{variant_argument, VariantArg};
use crate::piece::{Color, Piece};
use crate::text::quote;
use crate::variant::Variant;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::hash::{Hash, Hasher};

/// A piece: a type and a colour, of some variant.
#[pyclass(name = "Piece", module = "meiriqi._core", frozen)]
#[derive(Clone, Copy)]
pub(super) struct PyPiece {
    pub(super) piece: Piece,
    pub(super) variant: &'static Variant,
}

impl PyPiece {
    /// The FEN symbol: uppercase for White, lowercase for Black.
    pub(super) fn text(&self) -> String {
        self.variant.piece_symbol(self.piece.kind, self.piece.color)
    }
}

#[pymethods]
impl PyPiece {
    #[new]
    #[pyo3(signature = (piece_type, color, *, variant=VariantArg::default()), text_signature = "(piece_type, color, *, variant='meiriqi')")]
    fn new(piece_type: Int, color: bool, variant: VariantArg) -> PyResult<Self> {
        let variant = variant.0;
        Ok(PyPiece {
            piece: Piece {
                kind: kind_in(variant, piece_type)?,
                color: color_from_bool(color),
            },
            variant,
        })
    }

    #[getter]
    fn piece_type(&self) -> u8 {
        self.piece.kind.number()
    }

    #[getter]
    fn color(&self) -> bool {
        self.piece.color == Color::White
    }

    /// The name of the variant the piece belongs to.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant.spec().name
    }

    /// The FEN symbol: uppercase for White, lowercase for Black (`N`, `n`, `+P`).
    fn symbol(&self) -> String {
        self.text()
    }

    /// The piece written `symbol` in `variant` (uppercase White, lowercase Black).
    #[staticmethod]
    #[pyo3(signature = (symbol, variant=VariantArg::default()), text_signature = "(symbol, variant='meiriqi')")]
    fn from_symbol(symbol: &str, variant: VariantArg) -> PyResult<Self> {
        let variant = variant.0;
        let letter = match symbol.strip_prefix('+') {
            Some(letter) => letter,
            None => symbol.strip_suffix('~').unwrap_or(symbol),
        };
        let mut letters = letter.chars();
        let (Some(first), None) = (letters.next(), letters.next()) else {
            return Err(PyValueError::new_err(format!(
                "invalid piece symbol {}: expected a letter, '+' and a letter, or a letter and '~'",
                quote(symbol)
            )));
        };
        let kind = variant
            .kind_by_symbol(&symbol.to_ascii_uppercase())
            .filter(|_| first.is_ascii_alphabetic())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "invalid piece symbol {}: no piece of {}",
                    quote(symbol),
                    variant.spec().name
                ))
            })?;
        let color = if first.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Ok(PyPiece {
            piece: Piece { kind, color },
            variant,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPiece>()
            .is_ok_and(|other| other.get().text() == self.text())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.text().hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    /// Pickles as its symbol and variant.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let this = slf.get();
        let variant = this.variant.spec().name.clone();
        Ok((
            slf.get_type().getattr("from_symbol")?,
            (this.text(), variant),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece.from_symbol('{}'{})",
            self.text(),
            variant_argument(self.variant)
        )
    }
}
