//! The `Board` class: a game of some variant, with the moves that led to it.

use super::values::{invalid_move, PyLegalMoves, PyMove, PyOutcome, PyPiece, PySearchResult};
use super::{
    color_from_bool, square_from_number, IllegalMoveError, InvalidFenError, InvalidMoveError,
};
use crate::fen::{self, FenError};
use crate::game::{Game, Termination};
use crate::geometry::Square;
use crate::moves::Move;
use crate::perft;
use crate::piece::Color;
use crate::playout;
use crate::position::Position;
use crate::search::{self, Limits};
use crate::variant::Variant;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A position with the moves that led to it.
#[pyclass(name = "Board", module = "meiriqi._core", subclass)]
pub(super) struct PyBoard {
    game: Game,
    /// The legal moves last listed and the hash of their position, so that `push` can check a
    /// move just picked from `legal_moves` without generating moves again.
    listed: Option<(u64, Arc<Vec<Move>>)>,
}

fn fen_error(error: FenError) -> PyErr {
    InvalidFenError::new_err(format!("invalid FEN: {error}"))
}

impl PyBoard {
    fn variant(&self) -> &'static Variant {
        self.game.position().variant()
    }

    /// `square`, checked to lie on this board.
    fn on_board(&self, number: i64) -> PyResult<Square> {
        let square = square_from_number(number)?;
        let dims = self.variant().dimensions();
        if dims.contains(square) {
            Ok(square)
        } else {
            Err(PyValueError::new_err(format!(
                "square {square} is not on the {}x{} board",
                dims.files, dims.ranks
            )))
        }
    }

    /// A new board of the same Python class as `this`, holding `game`.
    fn with_game<'py>(this: &Bound<'py, PyType>, game: Game) -> PyResult<Bound<'py, PyAny>> {
        let board = this.call0()?;
        board.cast::<PyBoard>()?.borrow_mut().game = game;
        Ok(board)
    }

    fn region_squares(&self, names: &[&str], color: bool) -> Vec<usize> {
        self.variant()
            .region(names, color_from_bool(color))
            .iter()
            .map(Square::index)
            .collect()
    }

    /// Whether the game is over, for the reason `termination`.
    fn ends_by(&mut self, termination: Termination) -> bool {
        self.game
            .outcome()
            .is_some_and(|outcome| outcome.termination == termination)
    }

    fn uci(&self, mv: Move) -> String {
        mv.to_uci(|kind| self.variant().letter(kind))
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen=None, *, variant="meiriqi"))]
    fn new(fen: Option<&str>, variant: &str) -> PyResult<Self> {
        let variant = variant_named(variant)?;
        let game = match fen {
            None => Game::start(variant),
            Some(text) => Game::from_fen(variant, text).map_err(fen_error)?,
        };
        Ok(PyBoard { game, listed: None })
    }

    /// A board of `variant` with no pieces, White to move.
    #[classmethod]
    #[pyo3(signature = (*, variant="meiriqi"))]
    fn empty<'py>(cls: &Bound<'py, PyType>, variant: &str) -> PyResult<Bound<'py, PyAny>> {
        let board = PyBoard::with_game(cls, Game::new(Position::empty(variant_named(variant)?)))?;
        Ok(board)
    }

    /// Every variant's name with a one-line description, the flagship first.
    #[staticmethod]
    fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let variants = PyDict::new(py);
        for spec in Variant::all() {
            variants.set_item(spec.name, spec.description)?;
        }
        Ok(variants)
    }

    /// A copy of the board, with its move stack unless `stack` is false.
    #[pyo3(signature = (*, stack=true))]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: bool) -> PyResult<Bound<'py, PyAny>> {
        let game = {
            let board = slf.borrow();
            if stack {
                board.game.clone()
            } else {
                Game::new(board.game.position().clone())
            }
        };
        PyBoard::with_game(&slf.get_type(), game)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PyBoard::copy(slf, true)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        PyBoard::copy(slf, true)
    }

    /// The variant's name, such as `"meiriqi"` or `"yangqi"`.
    #[getter]
    fn variant_name(&self) -> &'static str {
        self.variant().spec().name
    }

    /// The piece types of the variant, King first.
    #[getter]
    fn piece_types(&self) -> Vec<u32> {
        self.variant()
            .rules()
            .map(|rule| u32::from(rule.kind.number()))
            .collect()
    }

    /// The variant's name in game records, such as `"Meiriqi"` or `"Yang Qi"`.
    #[getter]
    fn variant_title(&self) -> &'static str {
        self.variant().spec().title
    }

    /// The square a Pawn may capture en passant on, if any.
    #[getter]
    fn ep_square(&self) -> Option<usize> {
        self.game.position().en_passant().map(Square::index)
    }

    /// Whether the legal `move` captures (en passant included; a King's swap does not).
    fn is_capture(&self, r#move: PyRef<'_, PyMove>) -> bool {
        let position = self.game.position();
        let mv = r#move.0;
        position.is_en_passant(mv) || (!position.is_empty(mv.to) && !position.is_swap(mv))
    }

    /// Whether the legal `move` captures en passant.
    fn is_en_passant(&self, r#move: PyRef<'_, PyMove>) -> bool {
        self.game.position().is_en_passant(r#move.0)
    }

    /// Whether the legal `move` is a King's swap with a friendly piece.
    fn is_swap(&self, r#move: PyRef<'_, PyMove>) -> bool {
        self.game.position().is_swap(r#move.0)
    }

    /// Number of files.
    #[getter]
    fn files(&self) -> u8 {
        self.variant().dimensions().files
    }

    /// Number of ranks.
    #[getter]
    fn ranks(&self) -> u8 {
        self.variant().dimensions().ranks
    }

    /// The squares of `color`'s fortress (empty when the variant has none).
    fn fortress(&self, color: bool) -> Vec<usize> {
        self.region_squares(self.variant().spec().fortress, color)
    }

    /// The squares of `color`'s fortress joined by its 'X' lines.
    fn palace_points(&self, color: bool) -> Vec<usize> {
        self.region_squares(self.variant().spec().palace_points, color)
    }

    /// The squares where a move of `color` may promote.
    fn camp(&self, color: bool) -> Vec<usize> {
        self.variant()
            .camp(color_from_bool(color))
            .iter()
            .map(Square::index)
            .collect()
    }

    #[getter]
    fn turn(&self) -> bool {
        self.game.position().turn() == Color::White
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.game.position().halfmove_clock()
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.game.position().fullmove_number()
    }

    /// All legal moves in the position, as a sequence of `Move`.
    #[getter]
    fn legal_moves(&mut self) -> PyLegalMoves {
        let moves = self.game.legal_moves();
        let moves = Arc::new(moves);
        self.listed = Some((self.game.position().hash(), Arc::clone(&moves)));
        PyLegalMoves(moves)
    }

    /// The legal moves in coordinate notation, in one call.
    fn legal_moves_uci(&mut self) -> Vec<String> {
        let moves = self.game.legal_moves();
        moves.into_iter().map(|mv| self.uci(mv)).collect()
    }

    /// The moves played since the position was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.game.moves().iter().copied().map(PyMove).collect()
    }

    /// Plays a legal move; raises `IllegalMoveError` (board unchanged) otherwise.
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        let mv = r#move.0;
        let legal = match &self.listed {
            Some((hash, moves)) if *hash == self.game.position().hash() => moves.contains(&mv),
            _ => self.game.is_legal(mv),
        };
        if !legal {
            return Err(IllegalMoveError::new_err(format!(
                "illegal move {} in {}",
                self.uci(mv),
                fen::write(self.game.position())
            )));
        }
        self.game.push_unchecked(mv);
        Ok(())
    }

    /// Takes back the last move.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.game
            .pop()
            .map(PyMove)
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move played.
    fn peek(&self) -> PyResult<PyMove> {
        self.game
            .moves()
            .last()
            .copied()
            .map(PyMove)
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// The legal move written `uci` in coordinate notation.
    fn parse_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let variant = self.variant();
        let mv =
            Move::parse_uci(uci, |letter| variant.kind_by_letter(letter)).map_err(invalid_move)?;
        let dims = variant.dimensions();
        if let Some(square) = [mv.from, mv.to]
            .into_iter()
            .find(|&square| !dims.contains(square))
        {
            return Err(InvalidMoveError::new_err(format!(
                "invalid coordinate move {uci:?}: {square} is not on the {}x{} board",
                dims.files, dims.ranks
            )));
        }
        if self.game.is_legal(mv) {
            Ok(PyMove(mv))
        } else {
            Err(IllegalMoveError::new_err(format!(
                "illegal move {uci} in {}",
                fen::write(self.game.position())
            )))
        }
    }

    /// Parses and plays a move in coordinate notation; returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse_uci(uci)?;
        self.game.push_unchecked(mv.0);
        Ok(mv)
    }

    fn is_legal(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.game.is_legal(r#move.0)
    }

    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    fn is_checkmate(&mut self) -> bool {
        self.ends_by(Termination::Checkmate)
    }

    /// No legal move and not in check: a loss in Mĕirìqí, a draw in Yáng Qí.
    fn is_stalemate(&mut self) -> bool {
        self.ends_by(Termination::Stalemate)
    }

    /// Whether the game is over (counting claimable draws if `claim_draw`).
    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&mut self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// How the game ended, if it has; with `claim_draw`, a draw the side to move could claim
    /// (fifty moves, threefold repetition) counts too.
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome(&mut self, claim_draw: bool) -> Option<PyOutcome> {
        let outcome = if claim_draw {
            self.game.outcome_with_claims()
        } else {
            self.game.outcome()
        };
        outcome.map(PyOutcome)
    }

    /// Whether the side to move may claim a draw (fifty moves or threefold repetition), now or
    /// after one of its moves, as in python-chess.
    fn can_claim_draw(&mut self) -> bool {
        self.game.claimable_draw().is_some()
    }

    /// Whether only the two Kings are left, in a variant where that is a dead draw.
    fn is_insufficient_material(&mut self) -> bool {
        self.ends_by(Termination::InsufficientMaterial)
    }

    /// Whether the seventy-five-move rule has ended the game.
    fn is_seventyfive_moves(&mut self) -> bool {
        self.ends_by(Termination::SeventyFiveMoves)
    }

    /// Whether a fivefold repetition has ended the game.
    fn is_fivefold_repetition(&mut self) -> bool {
        self.ends_by(Termination::FivefoldRepetition)
    }

    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        Ok(self
            .game
            .position()
            .is_attacked_by(color_from_bool(color), self.on_board(square)?))
    }

    /// Squares of the enemy pieces attacking the King of the side to move.
    fn checkers(&self) -> Vec<usize> {
        let position = self.game.position();
        let us = position.turn();
        position.king(us).map_or_else(Vec::new, |king| {
            position
                .attackers(us.opponent(), king)
                .iter()
                .map(Square::index)
                .collect()
        })
    }

    fn king(&self, color: bool) -> Option<u8> {
        self.game
            .position()
            .king(color_from_bool(color))
            .map(|square| square.index() as u8)
    }

    fn piece_at(&self, square: i64) -> PyResult<Option<PyPiece>> {
        Ok(self
            .game
            .position()
            .piece_at(self.on_board(square)?)
            .map(PyPiece))
    }

    /// Puts `piece` on `square` (`None` clears it); forgets the move stack.
    #[pyo3(signature = (square, piece))]
    fn set_piece_at(&mut self, square: i64, piece: Option<PyRef<'_, PyPiece>>) -> PyResult<()> {
        let square = self.on_board(square)?;
        let mut position = self.game.position().clone();
        position.set_piece_at(square, piece.map(|p| p.0));
        self.game.set_position(position);
        Ok(())
    }

    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let position = self.game.position();
        for square in position.variant().dimensions().squares() {
            if let Some(piece) = position.piece_at(square) {
                map.set_item(square.index(), PyPiece(piece))?;
            }
        }
        Ok(map)
    }

    fn fen(&self) -> String {
        fen::write(self.game.position())
    }

    /// Sets up `fen`; the board is unchanged if it is malformed.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.game = Game::from_fen(self.variant(), fen).map_err(fen_error)?;
        Ok(())
    }

    /// Counts the leaves of the legal move tree `depth` plies deep, on `threads` threads (all
    /// cores by default), without holding the interpreter lock.
    #[pyo3(signature = (depth, *, threads=None))]
    fn perft(&self, py: Python<'_>, depth: i64, threads: Option<usize>) -> PyResult<u64> {
        let depth = perft_depth(depth, 0)?;
        let position = self.game.position().clone();
        let threads = threads.unwrap_or_else(default_threads);
        interruptible(py, |stop| {
            perft::perft_parallel(&position, depth, threads, stop)
        })
    }

    /// Perft below each legal root move, keyed by coordinate notation.
    #[pyo3(signature = (depth, *, threads=None))]
    fn perft_divide<'py>(
        &self,
        py: Python<'py>,
        depth: i64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth = perft_depth(depth, 1)?;
        let position = self.game.position().clone();
        let threads = threads.unwrap_or_else(default_threads);
        let counts = interruptible(py, |stop| perft::divide(&position, depth, threads, stop))?;
        let divided = PyDict::new(py);
        for (mv, count) in counts {
            divided.set_item(self.uci(mv), count)?;
        }
        Ok(divided)
    }

    /// Searches for the best move, within `depth` plies, `time` seconds and `nodes` nodes
    /// (whichever ends first; with none given, 1 second), without holding the interpreter lock.
    #[pyo3(signature = (depth=None, time=None, nodes=None))]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<i64>,
        time: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<PySearchResult> {
        let depth = depth.map(|d| positive("search depth", d)).transpose()?;
        let nodes = nodes.map(|n| positive("node limit", n)).transpose()?;
        let time = match time {
            Some(seconds) if !(seconds.is_finite() && seconds >= 0.0) => {
                return Err(PyValueError::new_err(format!(
                    "invalid search time {seconds}: expected seconds, 0 or more"
                )));
            }
            Some(seconds) => Some(std::time::Duration::from_secs_f64(seconds.min(1e9))),
            None if depth.is_none() && nodes.is_none() => Some(std::time::Duration::from_secs(1)),
            None => None,
        };
        let limits = Limits {
            depth: depth.map(|d| d.min(u32::MAX as u64) as u32),
            nodes,
            time,
        };
        let game = self.game.clone();
        interruptible(py, |stop| search::search(&game, limits, stop)).map(PySearchResult)
    }

    /// Plays `count` games of uniformly random legal moves from this position, in Rust and
    /// without the interpreter lock; each ends when the game does or after `max_plies` moves.
    /// Returns `(moves, outcome)` pairs (`outcome` is `None` for a game cut off). The same `seed`
    /// gives the same games.
    #[pyo3(signature = (count, *, max_plies=200, seed=0))]
    fn random_games(
        &self,
        py: Python<'_>,
        count: usize,
        max_plies: usize,
        seed: u64,
    ) -> PyResult<Vec<(Vec<PyMove>, Option<PyOutcome>)>> {
        let start = self.game.position().clone();
        let games = interruptible(py, |stop| {
            let mut rng = playout::Rng::new(seed);
            (0..count)
                .take_while(|_| !stop.load(Ordering::Relaxed))
                .map(|_| playout::random_game(&start, max_plies, &mut rng))
                .collect::<Vec<_>>()
        })?;
        Ok(games
            .into_iter()
            .map(|(moves, outcome)| {
                (
                    moves.into_iter().map(PyMove).collect(),
                    outcome.map(PyOutcome),
                )
            })
            .collect())
    }

    fn zobrist_hash(&self) -> u64 {
        self.game.position().hash()
    }

    /// Whether the position has occurred at least `count` times.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.repetitions() >= count
    }

    /// Number of times the current position has occurred, counting this one.
    fn repetition_count(&self) -> usize {
        self.game.repetitions()
    }

    /// Number of moves played since the position was set up.
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|other| other.borrow().game.position() == self.game.position())
    }

    fn __str__(&self) -> String {
        diagram(self.game.position())
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().qualname()?;
        Ok(format!("{name}('{}')", slf.borrow().fen()))
    }
}

/// The variant called `name`, or a `ValueError` listing the names.
fn variant_named(name: &str) -> PyResult<&'static Variant> {
    Variant::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = Variant::all().iter().map(|spec| spec.name).collect();
        PyValueError::new_err(format!(
            "unknown variant {name:?}: expected one of {}",
            names.join(", ")
        ))
    })
}

/// The deepest perft the bindings accept: far beyond what finishes, short of exhausting memory.
const MAX_PERFT_DEPTH: u32 = 32;

/// `depth`, checked to lie between `least` and [`MAX_PERFT_DEPTH`].
fn perft_depth(depth: i64, least: u32) -> PyResult<u32> {
    match u32::try_from(depth) {
        Ok(depth) if (least..=MAX_PERFT_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(PyValueError::new_err(format!(
            "invalid perft depth {depth}: expected {least} to {MAX_PERFT_DEPTH}"
        ))),
    }
}

/// `value`, checked to be 1 or more; `what` names it in the error.
fn positive(what: &str, value: i64) -> PyResult<u64> {
    u64::try_from(value)
        .ok()
        .filter(|&v| v >= 1)
        .ok_or_else(|| PyValueError::new_err(format!("invalid {what} {value}: expected 1 or more")))
}

/// Runs `work` without the interpreter lock on a thread of its own, while this thread watches for
/// Python signals: on Ctrl-C (or any signal handler raising), `work` is told to stop through the
/// flag it is given, and the exception is raised once it has.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let mut signal = None;
    let result = py.detach(|| {
        let watcher = std::thread::current();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let value = work(&stop);
                watcher.unpark();
                value
            });
            while !worker.is_finished() {
                std::thread::park_timeout(std::time::Duration::from_millis(20));
                if signal.is_none() {
                    signal = Python::attach(|py| py.check_signals()).err();
                    stop.store(signal.is_some(), Ordering::Relaxed);
                }
            }
            worker.join()
        })
    });
    match (signal, result) {
        (Some(error), _) => Err(error),
        (None, Ok(value)) => Ok(value),
        (None, Err(_)) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "the computation failed",
        )),
    }
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A text diagram: rank numbers down the left, file letters below, `.` for empty squares.
fn diagram(position: &Position) -> String {
    let dims = position.variant().dimensions();
    let mut text = String::new();
    for rank in (0..dims.ranks).rev() {
        text.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..dims.files {
            let square = Square::new(file, rank).expect("inside the board");
            let symbol = position
                .piece_at(square)
                .map_or(".".to_string(), |piece| piece.to_string());
            text.push(' ');
            text.push_str(&symbol);
        }
        text.push('\n');
    }
    text.push_str("   ");
    for file in 0..dims.files {
        text.push(' ');
        text.push((b'a' + file) as char);
    }
    text
}
