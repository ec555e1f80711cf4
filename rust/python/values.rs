//! The small value classes: `Piece`, `Move`, `Termination`, `Outcome`, `LegalMoves` and
//! `SearchResult`.

use super::{color_from_bool, kind_from_number, square_from_number, InvalidMoveError};
use crate::game::{Outcome, Termination};
use crate::moves::{Move, MoveSyntaxError};
use crate::piece::{Color, Kind, Piece};
use crate::search::{self, SearchResult};
use crate::variant::Variant;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PySlice};
use std::sync::Arc;

/// A piece: a type and a colour.
#[pyclass(name = "Piece", module = "meiriqi._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct PyPiece(pub(super) Piece);

#[pymethods]
impl PyPiece {
    #[new]
    fn new(piece_type: i64, color: bool) -> PyResult<Self> {
        Ok(PyPiece(Piece {
            kind: kind_from_number(piece_type)?,
            color: color_from_bool(color),
        }))
    }

    #[getter]
    fn piece_type(&self) -> u8 {
        self.0.kind.number()
    }

    #[getter]
    fn color(&self) -> bool {
        self.0.color == Color::White
    }

    /// The FEN letter: uppercase for White, lowercase for Black.
    fn symbol(&self) -> String {
        self.0.to_string()
    }

    /// The piece written `symbol` (uppercase White, lowercase Black).
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Self> {
        let mut chars = symbol.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(PyValueError::new_err(format!(
                "invalid piece symbol {symbol:?}: expected one letter"
            )));
        };
        let kind = Kind::from_default_letter(letter.to_ascii_uppercase())
            .ok_or_else(|| PyValueError::new_err(format!("invalid piece symbol {symbol:?}")))?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Ok(PyPiece(Piece { kind, color }))
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

/// A move from one square to another, with an optional promotion.
#[pyclass(name = "Move", module = "meiriqi._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct PyMove(pub(super) Move);

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn new(from_square: i64, to_square: i64, promotion: Option<i64>) -> PyResult<Self> {
        let promotion = promotion.map(kind_from_number).transpose()?;
        Ok(PyMove(Move {
            from: square_from_number(from_square)?,
            to: square_from_number(to_square)?,
            promotion,
        }))
    }

    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.0.from.index() as u8
    }

    #[getter(to_square)]
    fn destination(&self) -> u8 {
        self.0.to.index() as u8
    }

    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.0.promotion.map(Kind::number)
    }

    /// Coordinate notation, such as `c3c4` or `c7d8o`.
    fn uci(&self) -> String {
        self.0.to_uci(Kind::default_letter)
    }

    /// Reads coordinate notation.
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<Self> {
        Move::parse_uci(uci, Variant::promotion_kind_by_letter)
            .map(PyMove)
            .map_err(invalid_move)
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci())
    }
}

pub(super) fn invalid_move(error: MoveSyntaxError) -> PyErr {
    InvalidMoveError::new_err(error.to_string())
}

/// Why a game ended: `Termination.CHECKMATE`, `STALEMATE`, `INSUFFICIENT_MATERIAL`,
/// `SEVENTYFIVE_MOVES`, `FIVEFOLD_REPETITION`, `FIFTY_MOVES` or `THREEFOLD_REPETITION`.
#[pyclass(name = "Termination", module = "meiriqi._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct PyTermination(pub(super) Termination);

/// The methods of `Termination`, with a class attribute such as `Termination.CHECKMATE` for
/// each [`Termination`].
macro_rules! termination_constants {
    ($($name:ident = $value:ident;)*) => {
        #[pymethods]
        #[allow(non_snake_case)]
        impl PyTermination {
            $(
                #[classattr]
                fn $name() -> PyTermination {
                    PyTermination(Termination::$value)
                }
            )*

            /// The name, such as `"CHECKMATE"`.
            #[getter]
            fn name(&self) -> &'static str {
                self.0.name()
            }

            /// The words game records use, such as `"checkmate"`.
            #[getter]
            fn value(&self) -> &'static str {
                self.0.words()
            }

            fn __repr__(&self) -> String {
                format!("Termination.{}", self.0.name())
            }
        }
    };
}

termination_constants! {
    CHECKMATE = Checkmate;
    STALEMATE = Stalemate;
    INSUFFICIENT_MATERIAL = InsufficientMaterial;
    SEVENTYFIVE_MOVES = SeventyFiveMoves;
    FIVEFOLD_REPETITION = FivefoldRepetition;
    FIFTY_MOVES = FiftyMoves;
    THREEFOLD_REPETITION = ThreefoldRepetition;
}

/// How a finished game ended.
#[pyclass(name = "Outcome", module = "meiriqi._core", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct PyOutcome(pub(super) Outcome);

#[pymethods]
impl PyOutcome {
    #[getter]
    fn termination(&self) -> PyTermination {
        PyTermination(self.0.termination)
    }

    #[getter]
    fn winner(&self) -> Option<bool> {
        self.0.winner.map(|color| color == Color::White)
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.0.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let termination = self.0.termination.name();
        let winner = match self.0.winner {
            Some(Color::White) => "True",
            Some(Color::Black) => "False",
            None => "None",
        };
        format!("Outcome(termination=Termination.{termination}, winner={winner})")
    }
}

/// The legal moves of a position: a read-only sequence of `Move` that makes a Python object
/// only for the moves looked at, so `random.choice(board.legal_moves)` stays cheap.
#[pyclass(name = "LegalMoves", module = "meiriqi._core", frozen, sequence)]
pub(super) struct PyLegalMoves(pub(super) Arc<Vec<Move>>);

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    /// The number of moves (as python-chess's `legal_moves.count()`).
    fn count(&self) -> usize {
        self.0.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.0.len() as isize)?;
            let picked: Vec<PyMove> = (0..range.slicelength)
                .map(|step| self.0[(range.start + step as isize * range.step) as usize])
                .map(PyMove)
                .collect();
            return Ok(PyList::new(py, picked)?.into_any());
        }
        let position: isize = index.extract()?;
        let resolved = if position < 0 {
            position + self.0.len() as isize
        } else {
            position
        };
        usize::try_from(resolved)
            .ok()
            .and_then(|i| self.0.get(i))
            .map(|&mv| Bound::new(py, PyMove(mv)).map(Bound::into_any))
            .unwrap_or_else(|| Err(PyIndexError::new_err("legal move index out of range")))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.0.iter().copied().map(PyMove))?.try_iter()
    }

    fn __contains__(&self, candidate: &Bound<'_, PyAny>) -> bool {
        candidate
            .cast::<PyMove>()
            .is_ok_and(|mv| self.0.contains(&mv.get().0))
    }

    /// Equal to another sequence holding the same moves in the same order (a list, say).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyLegalMoves>() {
            return *other.get().0 == *self.0;
        }
        let Ok(items) = other.try_iter() else {
            return false;
        };
        let mut theirs = Vec::with_capacity(self.0.len());
        for item in items {
            match item
                .ok()
                .and_then(|item| item.cast::<PyMove>().ok().map(|mv| mv.get().0))
            {
                Some(mv) => theirs.push(mv),
                None => return false,
            }
        }
        theirs == *self.0
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self
            .0
            .iter()
            .map(|mv| mv.to_uci(Kind::default_letter))
            .collect();
        format!("<LegalMoves ({}): {}>", moves.len(), moves.join(", "))
    }
}

/// What a search found: the move, its score and the expected line.
#[pyclass(name = "SearchResult", module = "meiriqi._core", frozen)]
pub(super) struct PySearchResult(pub(super) SearchResult);

#[pymethods]
impl PySearchResult {
    /// The move to play, or `None` when there is no legal move.
    #[getter(r#move)]
    fn best_move(&self) -> Option<PyMove> {
        self.0.best_move.map(PyMove)
    }

    /// The score in centipawns for the side to move; mates score beyond +-29000.
    #[getter]
    fn score(&self) -> i32 {
        self.0.score
    }

    /// Plies to mate when the score is a mate (positive: the side to move mates), else `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        let distance = search::MATE - self.0.score.abs();
        (distance <= 1_000).then(|| {
            if self.0.score > 0 {
                distance
            } else {
                -distance
            }
        })
    }

    /// The expected line, starting with the move.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.0.pv.iter().copied().map(PyMove).collect()
    }

    /// The deepest iteration completed.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    fn __repr__(&self) -> String {
        let mv = self.0.best_move.map_or("None".to_string(), |mv| {
            format!("Move.from_uci('{}')", mv.to_uci(Kind::default_letter))
        });
        format!(
            "SearchResult(move={mv}, score={}, depth={}, nodes={})",
            self.0.score, self.0.depth, self.0.nodes
        )
    }
}
