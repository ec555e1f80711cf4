//! The visitor protocol's parts that visitors implemented in Rust share with the code that calls
//! visitors: the `SKIP` answer and the hooks a Rust visitor implements.

use crate::game::Game;
use crate::moves::Move;
use pyo3::prelude::*;

/// The answer of a visitor that does not want what follows (`meiriqi.pgn.SKIP`).
#[pyclass(name = "SkipType", module = "meiriqi._core", eq, frozen)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SkipType {
    /// Leave the game, its movetext or the variation unvisited.
    #[pyo3(name = "SKIP")]
    Skip,
}

/// What a visitor implemented in Rust does for each hook; every hook does nothing by default.
/// `skip` answers are `true` for `SKIP`.
pub(super) trait NativeVisitor {
    /// `begin_game`.
    fn begin_game(&mut self) {}
    /// `visit_header`.
    fn header(&mut self, _py: Python<'_>, _name: &str, _value: &str) -> PyResult<()> {
        Ok(())
    }
    /// `end_headers`.
    fn end_headers(&mut self, _py: Python<'_>) -> PyResult<()> {
        Ok(())
    }
    /// `visit_move`, with the board's game before the legal move `mv`, and the legal moves to
    /// its destination by pieces of its kind when the caller has them at hand (see
    /// [`crate::san::find_among`]).
    fn play(
        &mut self,
        _py: Python<'_>,
        _game: &mut Game,
        _mv: Move,
        _same_kind: Option<&[Move]>,
    ) -> PyResult<()> {
        Ok(())
    }
    /// `visit_comment`.
    fn comment(&mut self, _py: Python<'_>, _text: &str) -> PyResult<()> {
        Ok(())
    }
    /// `visit_nag`.
    fn nag(&mut self, _py: Python<'_>, _nag: i64) -> PyResult<()> {
        Ok(())
    }
    /// `begin_variation`; whether it is skipped.
    fn begin_variation(&mut self, _py: Python<'_>) -> PyResult<bool> {
        Ok(false)
    }
    /// `end_variation`.
    fn end_variation(&mut self, _py: Python<'_>) -> PyResult<()> {
        Ok(())
    }
    /// `visit_result`.
    fn result(&mut self, _py: Python<'_>, _result: &str) -> PyResult<()> {
        Ok(())
    }
    /// `end_game`.
    fn end_game(&mut self, _py: Python<'_>) -> PyResult<()> {
        Ok(())
    }
}
