//! The Python bindings (`meiriqi._core`): the only file that knows about PyO3.
//!
//! Squares are plain integers (`rank * 16 + file`), colours booleans (`True` = White) and piece
//! types the numbers of [`Kind`], as in python-chess. Every error becomes a Python exception; no
//! input from Python can make the core panic.

use crate::fen::{self, FenError};
use crate::game::{Game, Outcome, Termination};
use crate::geometry::Square;
use crate::moves::{Move, MoveSyntaxError};
use crate::perft;
use crate::piece::{Color, Kind, Piece};
use crate::playout;
use crate::position::Position;
use crate::search::{self, Limits, SearchResult};
use crate::variant::Variant;
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PySlice, PyType};
use std::sync::atomic::{AtomicBool, Ordering};

create_exception!(
    _core,
    InvalidFenError,
    PyValueError,
    "A FEN string could not be read."
);
create_exception!(
    _core,
    InvalidMoveError,
    PyValueError,
    "A move string is not a well-formed coordinate move."
);
create_exception!(
    _core,
    IllegalMoveError,
    PyValueError,
    "A well-formed move is not legal in the position."
);

fn color_from_bool(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The square numbered `number`, or a `ValueError` naming the bad number.
fn square_from_number(number: i64) -> PyResult<Square> {
    usize::try_from(number)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid square number {number}: expected rank * 16 + file with file and rank below 12")))
}

/// The kind numbered `number`, or a `ValueError`.
fn kind_from_number(number: i64) -> PyResult<Kind> {
    u8::try_from(number)
        .ok()
        .and_then(Kind::from_number)
        .ok_or_else(|| PyValueError::new_err(format!("invalid piece type {number}")))
}

/// The square on `file` (0 = a) and `rank` (0 = rank 1).
#[pyfunction]
fn square(file: i64, rank: i64) -> PyResult<u8> {
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
fn square_file(square: i64) -> PyResult<u8> {
    Ok(square_from_number(square)?.file())
}

/// The rank index (0 = rank 1) of a square.
#[pyfunction]
fn square_rank(square: i64) -> PyResult<u8> {
    Ok(square_from_number(square)?.rank())
}

/// The name of a square, such as `"c3"`.
#[pyfunction]
fn square_name(square: i64) -> PyResult<String> {
    Ok(square_from_number(square)?.to_string())
}

/// The square named `name`.
#[pyfunction]
fn parse_square(name: &str) -> PyResult<u8> {
    Square::parse(name)
        .map(|square| square.index() as u8)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid square name {name:?}: expected a letter a-l and a rank 1-12, such as c3"
            ))
        })
}

/// The uppercase FEN letter of a piece type.
#[pyfunction]
fn piece_symbol(piece_type: i64) -> PyResult<char> {
    Ok(kind_from_number(piece_type)?.default_letter())
}

/// The English name of a piece type.
#[pyfunction]
fn piece_name(piece_type: i64) -> PyResult<&'static str> {
    Ok(kind_from_number(piece_type)?.name())
}

/// A piece: a type and a colour.
#[pyclass(name = "Piece", module = "meiriqi._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct PyPiece(Piece);

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
struct PyMove(Move);

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
        Move::parse_uci(uci, Kind::from_default_letter)
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

fn invalid_move(error: MoveSyntaxError) -> PyErr {
    InvalidMoveError::new_err(error.to_string())
}

/// Why a game ended.
#[pyclass(
    name = "Termination",
    module = "meiriqi._core",
    eq,
    eq_int,
    frozen,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum PyTermination {
    /// The side to move is in check and has no legal move.
    #[pyo3(name = "CHECKMATE")]
    Checkmate,
    /// The side to move is not in check and has no legal move.
    #[pyo3(name = "STALEMATE")]
    Stalemate,
}

#[pymethods]
impl PyTermination {
    /// The name, such as `"CHECKMATE"`.
    #[getter]
    fn name(&self) -> &'static str {
        match self {
            PyTermination::Checkmate => "CHECKMATE",
            PyTermination::Stalemate => "STALEMATE",
        }
    }

    /// The word game records use, such as `"checkmate"`.
    #[getter]
    fn value(&self) -> &'static str {
        match self {
            PyTermination::Checkmate => "checkmate",
            PyTermination::Stalemate => "stalemate",
        }
    }
}

/// How a finished game ended.
#[pyclass(name = "Outcome", module = "meiriqi._core", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
struct PyOutcome(Outcome);

#[pymethods]
impl PyOutcome {
    #[getter]
    fn termination(&self) -> PyTermination {
        match self.0.termination {
            Termination::Checkmate => PyTermination::Checkmate,
            Termination::Stalemate => PyTermination::Stalemate,
        }
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
        let termination = match self.0.termination {
            Termination::Checkmate => "CHECKMATE",
            Termination::Stalemate => "STALEMATE",
        };
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
struct PyLegalMoves(Vec<Move>);

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
            return other.get().0 == self.0;
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
        theirs == self.0
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
struct PySearchResult(SearchResult);

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

/// A position with the moves that led to it.
#[pyclass(name = "Board", module = "meiriqi._core", subclass)]
struct PyBoard {
    game: Game,
    /// The legal moves last listed and the hash of their position, so that `push` can check a
    /// move just picked from `legal_moves` without generating moves again.
    listed: Option<(u64, Vec<Move>)>,
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

    fn uci(&self, mv: Move) -> String {
        mv.to_uci(|kind| self.variant().letter(kind))
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<Self> {
        let variant = Variant::meiriqi();
        let game = match fen {
            None => Game::start(variant),
            Some(text) => Game::from_fen(variant, text).map_err(fen_error)?,
        };
        Ok(PyBoard { game, listed: None })
    }

    /// A board with no pieces, White to move.
    #[classmethod]
    fn empty<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        PyBoard::with_game(cls, Game::new(Position::empty(Variant::meiriqi())))
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

    /// The variant's name.
    #[getter]
    fn variant_name(&self) -> &'static str {
        self.variant().spec().name
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
        self.listed = Some((self.game.position().hash(), moves.clone()));
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
        matches!(
            self.game.outcome(),
            Some(Outcome {
                termination: Termination::Checkmate,
                ..
            })
        )
    }

    /// No legal move and not in check: in Mĕirìqí this loses for the side to move.
    fn is_stalemate(&mut self) -> bool {
        matches!(
            self.game.outcome(),
            Some(Outcome {
                termination: Termination::Stalemate,
                ..
            })
        )
    }

    fn is_game_over(&mut self) -> bool {
        self.game.outcome().is_some()
    }

    fn outcome(&mut self) -> Option<PyOutcome> {
        self.game.outcome().map(PyOutcome)
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

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    for kind in Kind::ALL {
        m.add(kind.name().to_ascii_uppercase(), kind.number())?;
    }
    m.add(
        "PIECE_TYPES",
        Kind::ALL
            .iter()
            .map(|kind| kind.number())
            .collect::<Vec<_>>(),
    )?;
    m.add("STARTING_FEN", Variant::meiriqi().spec().start_fen)?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyTermination>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PySearchResult>()?;
    m.add_class::<PyLegalMoves>()?;
    m.add_class::<PyBoard>()?;
    m.add_function(wrap_pyfunction!(square, m)?)?;
    m.add_function(wrap_pyfunction!(square_file, m)?)?;
    m.add_function(wrap_pyfunction!(square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(piece_symbol, m)?)?;
    m.add_function(wrap_pyfunction!(piece_name, m)?)?;
    Ok(())
}
