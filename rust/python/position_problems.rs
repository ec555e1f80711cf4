//! The rules a setup breaks, as Python values: `PositionProblem`, and the
//! `InvalidPositionError` that carries them in its `problems`.

use super::arguments::color_from_bool;
use super::piece::PyPiece;
use super::status::problem_flag;
use super::variant::{PyVariant, VariantArg};
use super::InvalidPositionError;
use crate::geometry::Square;
use crate::piece::{Color, Kind, Piece};
use crate::validate::{InvalidPosition, PositionError};
use crate::variant::Variant;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::hash::{Hash, Hasher};

/// One rule a setup breaks (python-chess's `Board.status()` names the rules by flag; shakmaty's
/// `PositionError` carries them): `kind` names the rule, `status` is its `Status` flag, and the
/// details the rule has are set (`color`, `square`, `piece`, `count`, `limit`), the others
/// `None`. `str()` says it in words, as `Board.problems()` does.
#[pyclass(name = "PositionProblem", module = "meiriqi._core", frozen)]
pub(super) struct PyPositionProblem {
    problem: PositionError,
    variant: &'static Variant,
}

impl PyPositionProblem {
    /// The problem's details, in the order of the attributes, to compare and hash.
    fn key(
        &self,
    ) -> (
        &'static str,
        Option<bool>,
        Option<u8>,
        Option<String>,
        Option<usize>,
    ) {
        (
            self.kind(),
            self.color(),
            self.square(),
            self.piece().map(|piece| piece.text()),
            self.count(),
        )
    }
}

#[pymethods]
impl PyPositionProblem {
    /// The rule broken: `"king_count"`, `"unknown_kind"`, `"out_of_region"`, `"stuck"`,
    /// `"bad_hand"`, `"bad_castling_rights"`, `"bad_en_passant"`, `"opponent_in_check"`,
    /// `"kings_facing"`, `"too_many_princes"` or `"too_far_across"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.problem {
            PositionError::KingCount { .. } => "king_count",
            PositionError::UnknownKind { .. } => "unknown_kind",
            PositionError::OutOfRegion { .. } => "out_of_region",
            PositionError::Stuck { .. } => "stuck",
            PositionError::BadHand { .. } => "bad_hand",
            PositionError::BadCastlingRights => "bad_castling_rights",
            PositionError::BadEnPassant { .. } => "bad_en_passant",
            PositionError::OpponentInCheck => "opponent_in_check",
            PositionError::KingsFacing => "kings_facing",
            PositionError::TooManyPrinces { .. } => "too_many_princes",
            PositionError::TooFarAcross { .. } => "too_far_across",
        }
    }

    /// The `Status` flag of the rule (`STATUS_NO_BLACK_KING`, ...).
    #[getter]
    fn status(&self) -> u32 {
        problem_flag(&self.problem)
    }

    /// The side concerned (`True`: White), for the rules about one side.
    #[getter]
    fn color(&self) -> Option<bool> {
        match self.problem {
            PositionError::KingCount { color, .. }
            | PositionError::BadHand { color }
            | PositionError::TooManyPrinces { color, .. }
            | PositionError::TooFarAcross { color } => Some(color == Color::White),
            PositionError::OutOfRegion { piece, .. } | PositionError::Stuck { piece, .. } => {
                Some(piece.color == Color::White)
            }
            _ => None,
        }
    }

    /// The square concerned, for the rules about one square.
    #[getter]
    fn square(&self) -> Option<u8> {
        match self.problem {
            PositionError::UnknownKind { square }
            | PositionError::OutOfRegion { square, .. }
            | PositionError::Stuck { square, .. }
            | PositionError::BadEnPassant { square } => Some(square.index() as u8),
            _ => None,
        }
    }

    /// The piece concerned, for the rules about one piece.
    #[getter]
    fn piece(&self) -> Option<PyPiece> {
        let piece: Piece = match self.problem {
            PositionError::OutOfRegion { piece, .. } | PositionError::Stuck { piece, .. } => piece,
            _ => return None,
        };
        Some(PyPiece {
            piece,
            variant: self.variant,
        })
    }

    /// How many Kings (`king_count`) or Princes (`too_many_princes`) the side has.
    #[getter]
    fn count(&self) -> Option<usize> {
        match self.problem {
            PositionError::KingCount { count, .. } => Some(count),
            PositionError::TooManyPrinces { count, .. } => Some(usize::from(count)),
            _ => None,
        }
    }

    /// The most Princes the side may have (`too_many_princes`).
    #[getter]
    fn limit(&self) -> Option<u8> {
        match self.problem {
            PositionError::TooManyPrinces { limit, .. } => Some(limit),
            _ => None,
        }
    }

    /// The problem named by its parts, as `__reduce__` gives them (for pickling).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        variant: VariantArg,
        kind: &str,
        color: Option<bool>,
        square: Option<u8>,
        piece_type: Option<u8>,
        count: Option<usize>,
        limit: Option<u8>,
    ) -> PyResult<Self> {
        let variant = variant.0;
        let color = color.map(color_from_bool);
        let square = square.and_then(|index| Square::from_index(usize::from(index)));
        let piece = piece_type
            .and_then(Kind::new)
            .zip(color)
            .map(|(kind, color)| Piece { kind, color });
        let problem = match (kind, color, square, piece) {
            ("king_count", Some(color), _, _) => count.map(|count| PositionError::KingCount {
                color,
                count,
                fewest: variant.fewest_kings(color),
            }),
            ("unknown_kind", _, Some(square), _) => Some(PositionError::UnknownKind { square }),
            ("out_of_region", _, Some(square), Some(piece)) => {
                Some(PositionError::OutOfRegion { piece, square })
            }
            ("stuck", _, Some(square), Some(piece)) => Some(PositionError::Stuck { piece, square }),
            ("bad_hand", Some(color), _, _) => Some(PositionError::BadHand { color }),
            ("bad_castling_rights", ..) => Some(PositionError::BadCastlingRights),
            ("bad_en_passant", _, Some(square), _) => Some(PositionError::BadEnPassant { square }),
            ("opponent_in_check", ..) => Some(PositionError::OpponentInCheck),
            ("kings_facing", ..) => Some(PositionError::KingsFacing),
            ("too_many_princes", Some(color), _, _) => count
                .and_then(|count| u8::try_from(count).ok())
                .zip(limit)
                .map(|(count, limit)| PositionError::TooManyPrinces {
                    color,
                    count,
                    limit,
                }),
            ("too_far_across", Some(color), _, _) => Some(PositionError::TooFarAcross { color }),
            _ => None,
        };
        let problem = problem.ok_or_else(|| {
            PyValueError::new_err(format!("no position problem {}", crate::text::quote(kind)))
        })?;
        Ok(PyPositionProblem { problem, variant })
    }

    /// Pickles as its parts, rebuilt by `_restore`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            PyVariant,
            &'static str,
            Option<bool>,
            Option<u8>,
            Option<u8>,
            Option<usize>,
            Option<u8>,
        ),
    )> {
        let this = slf.get();
        let restore = slf.get_type().getattr("_restore")?;
        let piece_type = this.piece().map(|piece| piece.piece.kind.number());
        Ok((
            restore,
            (
                PyVariant::of(this.variant),
                this.kind(),
                this.color(),
                this.square(),
                piece_type,
                this.count(),
                this.limit(),
            ),
        ))
    }

    /// The problem in words: `"Black has 0 Kings; expected exactly one"`.
    fn __str__(&self) -> String {
        self.problem.describe(self.variant)
    }

    fn __repr__(&self) -> String {
        format!("<PositionProblem {}: {}>", self.kind(), self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPositionProblem>()
            .is_ok_and(|other| other.get().key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }
}

/// The `InvalidPositionError` of `error`: its message names every problem, and its `problems`
/// holds them as `PositionProblem` values.
pub(super) fn invalid_position_error(error: &InvalidPosition) -> PyErr {
    let exception = InvalidPositionError::new_err(format!("invalid position: {error}"));
    Python::attach(|py| {
        let problems = error.problems.iter().map(|&problem| PyPositionProblem {
            problem,
            variant: error.variant,
        });
        let set = PyTuple::new(py, problems)
            .and_then(|problems| exception.value(py).setattr("problems", problems));
        match set {
            Ok(()) => exception,
            Err(failure) => failure,
        }
    })
}
