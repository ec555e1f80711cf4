//! The small value classes: `Piece`, `Move`, `Termination`, `Outcome`, `LegalMoves` and
//! `SearchResult`.
//!
//! A `Piece` or `Move` remembers the variant it was made for, which gives meaning to its piece
//! type numbers. They compare by what they say in notation (symbols, squares), so that a move
//! read for one variant may be played on a board of another with the same letters
//! (`Move.from_uci("e7e8q")` on a chess board promotes to the chess Queen).

use super::move_objects::{move_object, move_objects};
use super::support::Int;
use super::{color_from_bool, square_from_number, InvalidMoveError, VariantArg};
use crate::game::{Outcome, Termination};
use crate::geometry::Square;
use crate::moves::{quote, Move, MoveSyntaxError, UciMove, UciPromotion};
use crate::piece::{Color, Kind, Piece};
use crate::search::{self, SearchResult};
use crate::variant::Variant;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PySlice};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

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

/// `", variant='chess'"` for a variant other than Mĕirìqí, for `repr`.
fn variant_argument(variant: &Variant) -> String {
    if variant.spec().name == "meiriqi" {
        String::new()
    } else {
        format!(", variant='{}'", variant.spec().name)
    }
}

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
        let letter = symbol.strip_prefix('+').unwrap_or(symbol);
        let mut letters = letter.chars();
        let (Some(first), None) = (letters.next(), letters.next()) else {
            return Err(PyValueError::new_err(format!(
                "invalid piece symbol {}: expected a letter, or '+' and a letter",
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

/// A move from one square to another, with an optional promotion, or a drop; of some variant.
#[pyclass(name = "Move", module = "meiriqi._core", frozen)]
#[derive(Clone, Copy)]
pub(super) struct PyMove {
    pub(super) mv: UciMove,
    pub(super) variant: &'static Variant,
}

impl PyMove {
    /// The Python value of `mv`, a move of `variant`.
    pub(super) fn of(mv: Move, variant: &'static Variant) -> PyMove {
        PyMove {
            mv: mv.uci(),
            variant,
        }
    }

    /// What notation says of the move: squares, the promotion's symbol (`+` for an unresolved
    /// `+` form) and the drop's symbol.
    fn key(&self) -> (Square, Square, Option<String>, Option<String>) {
        let symbol = |kind: Kind| self.variant.symbol(kind).to_string();
        // A `+` form is named by the `+` alone: the piece on the origin decides which.
        let promotion = self.mv.promotion.map(|promotion| match promotion {
            UciPromotion::To(kind) if !self.variant.rule_of(kind).is_plus() => symbol(kind),
            _ => "+".to_string(),
        });
        (
            self.mv.from,
            self.mv.to,
            promotion,
            self.mv.drop.map(symbol),
        )
    }

    /// Whether this is the null move (`0000`).
    fn is_null(&self) -> bool {
        self.mv.from == self.mv.to && self.mv.drop.is_none()
    }

    /// The move in `variant`'s kinds (translated through the symbols); `None` when a symbol
    /// has no kind there.
    pub(super) fn in_variant(&self, variant: &Variant) -> Option<UciMove> {
        if std::ptr::eq(variant, self.variant) {
            return Some(self.mv);
        }
        let translate = |kind: Kind| variant.kind_by_symbol(self.variant.symbol(kind));
        let promotion = match self.mv.promotion {
            Some(UciPromotion::To(kind)) => Some(UciPromotion::To(translate(kind)?)),
            other => other,
        };
        let drop = match self.mv.drop {
            Some(kind) => Some(translate(kind)?),
            None => None,
        };
        Some(UciMove {
            promotion,
            drop,
            ..self.mv
        })
    }

    /// Whether `candidate`, a legal move of `variant`, is this move.
    pub(super) fn names(&self, candidate: Move, variant: &Variant) -> bool {
        self.in_variant(variant)
            .is_some_and(|uci| uci.names(candidate, variant))
    }

    pub(super) fn text(&self) -> String {
        if self.is_null() {
            return "0000".to_string();
        }
        self.mv.to_text(self.variant)
    }
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None, *, variant=VariantArg::default()), text_signature = "(from_square, to_square, promotion=None, drop=None, *, variant='meiriqi')")]
    fn new(
        from_square: Int,
        to_square: Int,
        promotion: Option<Int>,
        drop: Option<Int>,
        variant: VariantArg,
    ) -> PyResult<Self> {
        let variant = variant.0;
        let promotion = promotion.map(|n| kind_in(variant, n)).transpose()?;
        let drop = drop.map(|n| kind_in(variant, n)).transpose()?;
        Ok(PyMove {
            mv: UciMove {
                from: square_from_number(from_square)?,
                to: square_from_number(to_square)?,
                promotion: promotion.map(UciPromotion::To),
                drop,
            },
            variant,
        })
    }

    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.mv.from.index() as u8
    }

    #[getter(to_square)]
    fn destination(&self) -> u8 {
        self.mv.to.index() as u8
    }

    /// The piece type promoted to (`None` for a `+` read from text before it was played).
    #[getter]
    fn promotion(&self) -> Option<u8> {
        match self.mv.promotion {
            Some(UciPromotion::To(kind)) => Some(kind.number()),
            _ => None,
        }
    }

    /// The piece type dropped, for a drop.
    #[getter]
    fn drop(&self) -> Option<u8> {
        self.mv.drop.map(Kind::number)
    }

    /// The name of the variant whose piece types the move's numbers are.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant.spec().name
    }

    /// Coordinate notation, such as `c3c4`, `c7d8o`, `a7a8+` or `N@e5` (`0000`: the null move).
    fn uci(&self) -> String {
        self.text()
    }

    /// Reads coordinate notation in `variant`'s letters (`0000` is the null move).
    #[staticmethod]
    #[pyo3(signature = (uci, variant=VariantArg::default()), text_signature = "(uci, variant='meiriqi')")]
    fn from_uci(uci: &str, variant: VariantArg) -> PyResult<Self> {
        let variant = variant.0;
        if uci == "0000" {
            return Ok(PyMove::null_of(variant));
        }
        let mv = UciMove::parse(uci, variant).map_err(invalid_move)?;
        Ok(PyMove { mv, variant })
    }

    /// The null move (`0000`), as python-chess has it: not a move of any position.
    #[staticmethod]
    #[pyo3(signature = (*, variant=VariantArg::default()), text_signature = "(*, variant='meiriqi')")]
    fn null(variant: VariantArg) -> PyResult<Self> {
        Ok(PyMove::null_of(variant.0))
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    /// Pickles as its coordinate notation and variant.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let this = slf.get();
        let text = this.text();
        let variant = this.variant.spec().name.clone();
        Ok((slf.get_type().getattr("from_uci")?, (text, variant)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMove>()
            .is_ok_and(|other| other.get().key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move.from_uci('{}'{})",
            self.text(),
            variant_argument(self.variant)
        )
    }
}

impl PyMove {
    fn null_of(variant: &'static Variant) -> PyMove {
        let a1 = Square::new(0, 0).expect("a1");
        PyMove {
            mv: UciMove::new(a1, a1),
            variant,
        }
    }
}

pub(super) fn invalid_move(error: MoveSyntaxError) -> PyErr {
    InvalidMoveError::new_err(error.to_string())
}

/// Why a game ended: `Termination.CHECKMATE`, `STALEMATE`, `INSUFFICIENT_MATERIAL`,
/// `SEVENTYFIVE_MOVES`, `FIVEFOLD_REPETITION`, `FIFTY_MOVES`, `THREEFOLD_REPETITION` or
/// `VARIANT_LOSS` (no legal move while over a Wildeurasian limit).
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
    VARIANT_LOSS = VariantLoss;
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

/// The legal moves of a position: a read-only snapshot sequence of `Move` that makes a Python
/// object only for the moves looked at, so `random.choice(board.legal_moves)` stays cheap. It is
/// a snapshot: after a push, ask the board again (`in` agrees with `Board.is_legal` for the
/// position it was taken in).
#[pyclass(name = "LegalMoves", module = "meiriqi._core", frozen, sequence)]
pub(super) struct PyLegalMoves {
    pub(super) moves: Arc<Vec<Move>>,
    pub(super) variant: &'static Variant,
}

impl PyLegalMoves {
    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::of(mv, self.variant)
    }
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of moves (as python-chess's `legal_moves.count()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.moves.len() as isize)?;
            let picked: Vec<PyMove> = (0..range.slicelength)
                .map(|step| self.moves[(range.start + step as isize * range.step) as usize])
                .map(|mv| self.wrap(mv))
                .collect();
            return Ok(PyList::new(py, picked)?.into_any());
        }
        // Any int: one too large for an index is out of range, as for a list.
        let position: Int = index.extract().map_err(|error: PyErr| {
            if error.is_instance_of::<pyo3::exceptions::PyValueError>(py) {
                PyIndexError::new_err("legal move index out of range")
            } else {
                pyo3::exceptions::PyTypeError::new_err(
                    "legal move indices must be integers or slices",
                )
            }
        })?;
        let position = position.0;
        let resolved = if position < 0 {
            position.checked_add(self.moves.len() as i128)
        } else {
            Some(position)
        };
        resolved
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.moves.get(i))
            .map(|&mv| Ok(move_object(py, mv, self.variant)?.into_bound(py).into_any()))
            .unwrap_or_else(|| Err(PyIndexError::new_err("legal move index out of range")))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, move_objects(py, &self.moves, self.variant)?)?.try_iter()
    }

    fn __contains__(&self, candidate: &Bound<'_, PyAny>) -> bool {
        candidate.cast::<PyMove>().is_ok_and(|candidate| {
            let candidate = candidate.get();
            self.moves
                .iter()
                .any(|&mv| candidate.names(mv, self.variant))
        })
    }

    /// Equal to another sequence holding the same moves in the same order (a list, say).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyLegalMoves>() {
            return *other.get().moves == *self.moves;
        }
        let Ok(items) = other.try_iter() else {
            return false;
        };
        let mut count = 0;
        for item in items {
            let Some(theirs) = item
                .ok()
                .and_then(|item| item.cast::<PyMove>().ok().map(|mv| *mv.get()))
            else {
                return false;
            };
            match self.moves.get(count) {
                Some(&mine) if theirs.names(mine, self.variant) => count += 1,
                _ => return false,
            }
        }
        count == self.moves.len()
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|&mv| self.wrap(mv).text()).collect();
        format!("<LegalMoves ({}): {}>", moves.len(), moves.join(", "))
    }
}

/// What a search found: the move, its score and the expected line.
#[pyclass(name = "SearchResult", module = "meiriqi._core", frozen)]
pub(super) struct PySearchResult {
    pub(super) result: SearchResult,
    pub(super) variant: &'static Variant,
}

#[pymethods]
impl PySearchResult {
    /// The move to play, or `None` when there is no legal move.
    #[getter(r#move)]
    fn best_move(&self) -> Option<PyMove> {
        self.result.best_move.map(|mv| PyMove::of(mv, self.variant))
    }

    /// The score in centipawns for the side to move; mates score beyond +-29000.
    #[getter]
    fn score(&self) -> i32 {
        self.result.score
    }

    /// Plies to mate when the score is a mate (positive: the side to move mates), else `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        let distance = search::MATE - self.result.score.abs();
        (distance <= 1_000).then(|| {
            if self.result.score > 0 {
                distance
            } else {
                -distance
            }
        })
    }

    /// The expected line, starting with the move.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.result
            .pv
            .iter()
            .map(|&mv| PyMove::of(mv, self.variant))
            .collect()
    }

    /// The deepest iteration completed.
    #[getter]
    fn depth(&self) -> u32 {
        self.result.depth
    }

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.result.nodes
    }

    /// The best lines (MultiPV), best first: each a result of its own with its move, score,
    /// mate and line, the same depth and nodes. Empty before a first iteration completed.
    #[getter]
    fn lines(&self) -> Vec<PySearchResult> {
        self.result
            .lines
            .iter()
            .map(|line| PySearchResult {
                result: SearchResult {
                    best_move: line.pv.first().copied(),
                    score: line.score,
                    pv: line.pv.clone(),
                    lines: Vec::new(),
                    depth: self.result.depth,
                    nodes: self.result.nodes,
                },
                variant: self.variant,
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        let mv = self.result.best_move.map_or("None".to_string(), |mv| {
            PyMove::of(mv, self.variant).__repr__()
        });
        format!(
            "SearchResult(move={mv}, score={}, depth={}, nodes={})",
            self.result.score, self.result.depth, self.result.nodes
        )
    }
}
