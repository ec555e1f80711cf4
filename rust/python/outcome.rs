//! The `Termination` and `Outcome` classes: why and how a finished game ended.

use crate::game::{Outcome, Termination};
use crate::piece::Color;
use pyo3::prelude::*;

/// Why a game ended: `Termination.CHECKMATE`, `STALEMATE`, `INSUFFICIENT_MATERIAL`,
/// `SEVENTYFIVE_MOVES`, `FIVEFOLD_REPETITION`, `FIFTY_MOVES`, `THREEFOLD_REPETITION`,
/// `VARIANT_LOSS` (no legal move while over a Wildeurasian limit), `EXTINCTION` (a bare King
/// loses, in Shatranj), `MOVE_RULE` or `REPETITION_RULE` (draws claimed under a variant's move
/// or repetition rule other than fifty moves and threefold repetition), `DROP_MATE` (mated by a
/// drop that loses for the dropper, in Minishogi: the mated side wins), `NO_PIECES_LEFT` (a side
/// without pieces loses, in Horde), `GOAL` (a goal reached wins, in King of the Hill and Racing
/// Kings, or both reached draw), `CHECK_LIMIT` (the last check of Three-check wins), `COUNTING`
/// (a draw claimed when Makruk's count runs out), `DOUBLE_PASS` (both sides passed in a row) or
/// `BIKJANG` (a pass with the Kings facing), the last two scored by material counting.
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
    EXTINCTION = Extinction;
    MOVE_RULE = MoveRule;
    REPETITION_RULE = RepetitionRule;
    DROP_MATE = DropMate;
    NO_PIECES_LEFT = NoPiecesLeft;
    GOAL = Goal;
    CHECK_LIMIT = CheckLimit;
    COUNTING = Counting;
    DOUBLE_PASS = DoublePass;
    BIKJANG = Bikjang;
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
