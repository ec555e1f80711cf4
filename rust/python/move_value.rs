//! The `Move` class: a move from one square to another, with an optional promotion, or a drop,
//! of some variant. It remembers the variant, which gives meaning to its piece type numbers, and
//! compares by what it says in notation (symbols, squares), so that a move read for one variant
//! may be played on a board of another with the same letters (`Move.from_uci("e7e8q")` on a
//! chess board promotes to the chess Queen). A pass is the King's square twice (`e2e2`), which
//! only a variant that lets a side pass reads so; a promotion in place is its square twice with
//! the new kind (`g7g7f`); elsewhere the same squares twice are the null move `0000`.

use super::arguments::{kind_in, square_from_number, Int};
use super::variant::{variant_argument, VariantArg};
use super::InvalidMoveError;
use crate::geometry::Square;
use crate::moves::{Move, UciMove, UciPromotion};
use crate::piece::Kind;
use crate::uci::MoveSyntaxError;
use crate::variant::Variant;
use pyo3::prelude::*;
use std::hash::{Hash, Hasher};

/// A move from one square to another, with an optional promotion, or a drop; of some variant.
#[pyclass(name = "Move", module = "meiriqi._core", frozen)]
#[derive(Clone, Copy)]
pub(super) struct PyMove {
    pub(super) mv: UciMove,
    pub(super) variant: &'static Variant,
    /// Whether the move is a pass (its squares are both the King's).
    pub(super) pass: bool,
    /// Whether the kind after the squares is one brought in through a gate, not a promotion.
    pub(super) gating: bool,
}

impl PyMove {
    /// The Python value of `mv`, a move of `variant`.
    pub(super) fn of(mv: Move, variant: &'static Variant) -> PyMove {
        PyMove {
            mv: mv.uci(),
            variant,
            pass: mv.is_pass(),
            gating: mv.gating().is_some(),
        }
    }

    /// The move that coordinate notation `mv` names in `variant`: a pass when its squares are
    /// the same and the variant lets a side pass; a gating move when the variant has gating and
    /// a piece letter follows a move from a first rank (where no promotion starts).
    fn read(mv: UciMove, variant: &'static Variant) -> PyMove {
        let last = variant.dimensions().ranks - 1;
        PyMove {
            mv,
            variant,
            pass: variant.spec().pass && mv.from == mv.to && mv.drop.is_none(),
            gating: variant.spec().gating
                && matches!(mv.promotion, Some(UciPromotion::To(_)))
                && (mv.from.rank() == 0 || mv.from.rank() == last),
        }
    }

    /// What notation says of the move: squares, the promotion's symbol (`+` for a `+` form,
    /// `-` for a demotion, the letter alone for a `~` form), the drop's symbol and whether it is a
    /// pass.
    fn key(&self) -> (Square, Square, Option<String>, Option<String>, bool, bool) {
        let variant = self.variant;
        let symbol = |kind: Kind| variant.symbol(kind).to_string();
        // A `+` form and a demotion are named by the `+` or `-` alone: the piece on the origin
        // decides which kind.
        let promotion = self.mv.promotion.map(|promotion| match promotion {
            UciPromotion::To(kind) if variant.rule_of(kind).is_plus() => "+".to_string(),
            UciPromotion::To(kind) if variant.demotion_targets() & kind.bit() != 0 => {
                "-".to_string()
            }
            UciPromotion::To(kind) => variant.rule_of(kind).san_symbol().to_string(),
            UciPromotion::Plus => "+".to_string(),
            UciPromotion::Minus => "-".to_string(),
        });
        (
            self.mv.from,
            self.mv.to,
            promotion,
            self.mv.drop.map(symbol),
            self.pass,
            self.gating,
        )
    }

    /// Whether this is the null move (`0000`): the same square twice, and neither a drop, a pass
    /// nor a promotion in place.
    fn is_null(&self) -> bool {
        self.mv.from == self.mv.to
            && self.mv.drop.is_none()
            && self.mv.promotion.is_none()
            && !self.pass
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
        let mv = UciMove {
            from: square_from_number(from_square)?,
            to: square_from_number(to_square)?,
            promotion: promotion.map(UciPromotion::To),
            drop,
        };
        Ok(PyMove::read(mv, variant))
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
            Some(UciPromotion::To(kind)) if !self.gating => Some(kind.number()),
            _ => None,
        }
    }

    /// The piece type brought in from the hand through a gate, for a gating move (`b1c3h`).
    #[getter]
    fn gating(&self) -> Option<u8> {
        match self.mv.promotion {
            Some(UciPromotion::To(kind)) if self.gating => Some(kind.number()),
            _ => None,
        }
    }

    /// The piece type dropped, for a drop.
    #[getter]
    fn drop(&self) -> Option<u8> {
        self.mv.drop.map(Kind::number)
    }

    /// Whether the move is a pass: the King's square twice, in a variant where a side may pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.pass
    }

    /// The name of the variant whose piece types the move's numbers are.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant.spec().name
    }

    /// Coordinate notation, such as `c3c4`, `c7d8o`, `a7a8+`, `N@e5` or a pass `e2e2` (`0000`:
    /// the null move).
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
        Ok(PyMove::read(mv, variant))
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

    pub(super) fn __repr__(&self) -> String {
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
            pass: false,
            gating: false,
        }
    }
}

pub(super) fn invalid_move(error: MoveSyntaxError) -> PyErr {
    InvalidMoveError::new_err(error.to_string())
}
