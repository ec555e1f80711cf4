//! The `Board` class: a game of some variant, with the moves that led to it.
//!
//! A board is either *in play* (a legal position with its move stack) or *being set up* (an
//! editable setup that breaks some rule, as `Board.empty()` or `set_piece_at` leave it). Reading
//! it works in both states; playing on a setup raises `InvalidPositionError`, naming the rule.

use super::arguments::{color_from_bool, perft_depth, positive, square_from_number, Int};
use super::background::{default_threads, interruptible, watched, Length};
use super::diagram::diagram;
use super::legal_moves::PyLegalMoves;
use super::move_objects::{move_object, move_objects};
use super::move_value::{invalid_move, PyMove};
use super::outcome::PyOutcome;
use super::piece::PyPiece;
use super::position_problems::invalid_position_error as invalid_position;
use super::search_result::{PySearchMemory, PySearchProgress, PySearchResult};
use super::status::status_flags;
use super::variant::{PyVariant, VariantArg};
use super::{AmbiguousMoveError, IllegalMoveError, InvalidFenError, InvalidMoveError};
use crate::catalog;
use crate::fen::{self, ParseError};
use crate::game::{Game, Termination};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, UciMove};
use crate::perft;
use crate::piece::{Color, Piece};
use crate::playout;
use crate::position::Position;
use crate::san::{self, SanError};
use crate::search::{self, Limits};
use crate::setup::Setup;
use crate::text::quote;
use crate::validate::InvalidPosition;
use crate::variant::Variant;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// A position with the moves that led to it.
#[pyclass(name = "Board", module = "meiriqi._core", subclass)]
pub(super) struct PyBoard {
    /// The game in play (while `setup` is `Some`, only its variant counts).
    game: Game,
    /// The setup being edited, when it is not a legal position.
    setup: Option<Setup>,
    /// The legal moves last listed, with the hash and en-passant square of their position, so
    /// that `push` can check a move just picked from `legal_moves` without generating moves.
    listed: Option<(u64, Option<Square>, Arc<Vec<Move>>)>,
    /// How many searches and counts are reading a copy of the board without the interpreter
    /// lock; while any is, the board may be read but not changed.
    readers: Arc<AtomicUsize>,
}

/// Marks a board as read by work running without the interpreter lock, until dropped.
pub(super) struct Reading(Arc<AtomicUsize>);

impl Reading {
    pub(super) fn of(board: &PyBoard) -> Reading {
        board.readers.fetch_add(1, Ordering::SeqCst);
        Reading(Arc::clone(&board.readers))
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `board`, borrowed for reading, or a `RuntimeError` if that cannot be done now.
fn read_board<'py>(board: &Bound<'py, PyBoard>) -> PyResult<PyRef<'py, PyBoard>> {
    board
        .try_borrow()
        .map_err(|_| PyRuntimeError::new_err("the board is being changed and cannot be read now"))
}

/// The SAN error `error` as the Python exception of its kind.
fn san_error(error: SanError) -> PyErr {
    match error {
        SanError::Invalid(message) => InvalidMoveError::new_err(message),
        SanError::Illegal(message) => IllegalMoveError::new_err(message),
        SanError::Ambiguous(message) => AmbiguousMoveError::new_err(message),
    }
}

fn parse_error(error: ParseError) -> PyErr {
    match error {
        ParseError::Syntax(error) => InvalidFenError::new_err(format!("invalid FEN: {error}")),
        ParseError::Invalid(error) => invalid_position(&error),
    }
}

/// A game from the position written `text`; a FEN that cannot be read names the built-in
/// variants in which it reads.
fn game_from_fen(variant: &'static Variant, text: &str) -> PyResult<Game> {
    Game::from_fen(variant, text)
        .map_err(|error| parse_error(catalog::with_variant_hint(error, variant, text)))
}

/// The largest count `random_games` plays, and the longest game.
const MAX_GAMES: usize = 100_000_000;
const MAX_PLIES: usize = 1_000_000;

impl PyBoard {
    pub(super) fn variant(&self) -> &'static Variant {
        self.game.position().variant()
    }

    /// The game in play, for a reader or walker of records that marked the board as read
    /// ([`Reading`]) and so may play on it while visitors may not.
    pub(super) fn game_in_use(&mut self) -> &mut Game {
        &mut self.game
    }

    /// A board in play with `game`.
    fn playing(game: Game) -> PyBoard {
        PyBoard {
            game,
            setup: None,
            listed: None,
            readers: Arc::default(),
        }
    }

    /// `Ok` unless a search or count is reading the board: then a `RuntimeError`, since the
    /// board may not change under it.
    fn writable(&self) -> PyResult<()> {
        if self.readers.load(Ordering::SeqCst) == 0 {
            Ok(())
        } else {
            Err(PyRuntimeError::new_err(
                "the board is being searched or read and cannot change until that is over \
                 (change a copy() instead)",
            ))
        }
    }

    /// A copy of the position in play, and the mark that the board is read until it is dropped.
    fn position_to_read(board: &Bound<'_, PyBoard>) -> PyResult<(Position<'static>, Reading)> {
        let board = read_board(board)?;
        Ok((board.position()?.clone(), Reading::of(&board)))
    }

    /// The legal moves of the position in play: the list last handed out while it is still
    /// this position's, else a new one (kept for `push` and notation).
    fn legal_list(&mut self) -> PyResult<Arc<Vec<Move>>> {
        let position = self.position()?;
        if let Some((hash, en_passant, moves)) = &self.listed {
            if *hash == position.hash() && *en_passant == position.en_passant_candidate() {
                return Ok(Arc::clone(moves));
            }
        }
        let moves = Arc::new(self.game()?.legal_moves());
        let position = self.game.position();
        self.listed = Some((
            position.hash(),
            position.en_passant_candidate(),
            Arc::clone(&moves),
        ));
        Ok(moves)
    }

    /// The legal move `candidate` names, with its SAN; `IllegalMoveError` if none.
    fn write_san(&mut self, candidate: &PyMove) -> PyResult<(Move, String)> {
        let mv = self.legal_move(candidate)?;
        Ok((mv, san::write(self.game.position_mut(), mv)))
    }

    /// The legal move `text` names in SAN or coordinate notation.
    fn read_san(&mut self, text: &str) -> PyResult<Move> {
        self.position()?;
        san::parse(self.game.position_mut(), text).map_err(san_error)
    }

    /// The game in play, or `InvalidPositionError` while a broken setup is being edited.
    fn game(&mut self) -> PyResult<&mut Game> {
        match &self.setup {
            None => Ok(&mut self.game),
            Some(setup) => {
                let problems = setup.problems(self.variant());
                Err(invalid_position(&InvalidPosition {
                    variant: self.variant(),
                    problems,
                }))
            }
        }
    }

    /// The position in play (see [`PyBoard::game`]).
    fn position(&self) -> PyResult<&Position<'static>> {
        match &self.setup {
            None => Ok(self.game.position()),
            Some(setup) => Err(invalid_position(&InvalidPosition {
                variant: self.variant(),
                problems: setup.problems(self.variant()),
            })),
        }
    }

    /// The board as an editable setup.
    fn current_setup(&self) -> Setup {
        match &self.setup {
            Some(setup) => setup.clone(),
            None => self.game.position().to_setup(),
        }
    }

    /// A board of the same Python class as `board`, holding `game` and `setup`, with a copy of
    /// the attributes a subclass added.
    fn twin<'py>(
        board: &Bound<'py, PyBoard>,
        game: Game,
        setup: Option<Setup>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let twin = PyBoard::with_state(&board.get_type(), game, setup)?;
        if let Ok(dict) = board.getattr("__dict__") {
            twin.setattr("__dict__", dict.call_method0("copy")?)?;
        }
        Ok(twin)
    }

    /// A fact about the board: from the setup being edited, or read straight off the position in
    /// play (without building a setup, which would cost more than most questions).
    fn read<T>(
        &self,
        in_setup: impl FnOnce(&Setup) -> T,
        in_play: impl FnOnce(&Position<'static>) -> T,
    ) -> T {
        match &self.setup {
            Some(setup) => in_setup(setup),
            None => in_play(self.game.position()),
        }
    }

    /// The piece on `square`, in play or in the setup.
    fn piece(&self, square: Square) -> Option<Piece> {
        self.read(
            |setup| setup.board[square.index()],
            |position| position.piece_at(square),
        )
    }

    /// Replaces the board by `setup`: in play if it is a legal position, else being set up.
    fn adopt(&mut self, setup: Setup) {
        self.listed = None;
        match Position::from_setup(self.variant(), &setup) {
            Ok(position) => {
                self.game = Game::new(position);
                self.setup = None;
            }
            Err(_) => self.setup = Some(setup),
        }
    }

    /// `square`, checked to lie on this board.
    fn on_board(&self, number: Int) -> PyResult<Square> {
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

    /// A new board of the same Python class as `this`, holding `game` and `setup`. The object is
    /// made by `__new__` alone, as `copy.copy` makes one: a subclass's `__init__` (which may want
    /// arguments of its own) is not called.
    fn with_state<'py>(
        this: &Bound<'py, PyType>,
        game: Game,
        setup: Option<Setup>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = this.call_method1("__new__", (this,))?;
        {
            let bound = board.cast::<PyBoard>()?;
            let mut inner = bound.try_borrow_mut()?;
            inner.game = game;
            inner.setup = setup;
            inner.listed = None;
        }
        Ok(board)
    }

    fn region_squares(&self, region: &crate::region::Region, color: bool) -> Vec<usize> {
        self.variant()
            .region(region, color_from_bool(color))
            .iter()
            .map(Square::index)
            .collect()
    }

    /// Whether the game is over, for the reason `termination`.
    fn ends_by(&mut self, termination: Termination) -> PyResult<bool> {
        Ok(self
            .game()?
            .outcome()
            .is_some_and(|outcome| outcome.termination == termination))
    }

    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::of(mv, self.variant())
    }

    /// The legal move `candidate` names in this position, if any.
    fn resolve(&mut self, candidate: &PyMove) -> PyResult<Option<Move>> {
        let variant = self.variant();
        let position = self.position()?;
        if let Some((hash, en_passant, moves)) = &self.listed {
            if *hash == position.hash() && *en_passant == position.en_passant_candidate() {
                return Ok(moves
                    .iter()
                    .copied()
                    .find(|&mv| candidate.names(mv, variant)));
            }
        }
        let Some(uci) = candidate.in_variant(variant) else {
            return Ok(None);
        };
        Ok(self.game()?.position_mut().find_move(uci))
    }

    /// The legal move `candidate` names, or `IllegalMoveError` naming the move and position.
    pub(super) fn legal_move(&mut self, candidate: &PyMove) -> PyResult<Move> {
        match self.resolve(candidate)? {
            Some(mv) => Ok(mv),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal move {} in {}",
                candidate.text(),
                fen::write(self.position()?)
            ))),
        }
    }

    /// The legal move named `uci` in coordinate notation, as a value and as the core's move.
    fn read_uci(&mut self, uci: &str) -> PyResult<Move> {
        let variant = self.variant();
        let parsed = UciMove::parse(uci, variant).map_err(invalid_move)?;
        let found = self.game()?.position_mut().find_move(parsed);
        found.ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move {} in {}",
                quote(uci),
                fen::write(self.game.position())
            ))
        })
    }

    /// Whether the legal move `candidate` is of the kind `test` accepts.
    fn move_is(
        &mut self,
        candidate: &PyMove,
        test: impl Fn(&Position<'static>, Move) -> bool,
    ) -> bool {
        match self.resolve(candidate) {
            Ok(Some(mv)) => test(self.game.position(), mv),
            _ => false,
        }
    }

    /// Whether `color` still has the castling right of wing number `wing` (any wing if `None`).
    fn castling_right(&self, color: bool, wing: Option<usize>) -> bool {
        let rights = self.read(|setup| setup.castling, Position::castling_rights);
        let wings = self.variant().castling().map_or(0, |c| c.wings.len());
        (0..wings)
            .filter(|&index| wing.map_or(true, |w| w == index))
            .any(|index| rights.has(color_from_bool(color), index))
    }
}

#[pymethods]
impl PyBoard {
    /// The position `fen` of `variant` (its start without `fen`). Other arguments are left to
    /// `__init__`, so that a subclass may take arguments of its own (`meiriqi.Board.__init__`
    /// refuses any it does not know).
    #[new]
    #[pyo3(signature = (fen=None, *_args, variant=VariantArg::default(), **_kwargs), text_signature = "(fen=None, *_args, variant='meiriqi', **_kwargs)")]
    fn new(
        fen: Option<&str>,
        _args: &Bound<'_, PyTuple>,
        variant: VariantArg,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let variant = variant.0;
        let game = match fen {
            None => Game::start(variant),
            Some(text) => game_from_fen(variant, text)?,
        };
        Ok(PyBoard::playing(game))
    }

    /// A board of `variant` with no pieces, White to move, to be set up with `set_piece_at`.
    #[classmethod]
    #[pyo3(signature = (*, variant=VariantArg::default()), text_signature = "($cls, *, variant='meiriqi')")]
    fn empty<'py>(cls: &Bound<'py, PyType>, variant: VariantArg) -> PyResult<Bound<'py, PyAny>> {
        let game = Game::start(variant.0);
        PyBoard::with_state(cls, game, Some(variant.0.empty_setup()))
    }

    /// Every variant's name with a one-line description, the flagship first.
    #[staticmethod]
    fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let variants = PyDict::new(py);
        for variant in Variant::all() {
            variants.set_item(&variant.spec().name, &variant.spec().description)?;
        }
        Ok(variants)
    }

    /// A copy of the board, with its move stack unless `stack` is false.
    #[pyo3(signature = (*, stack=true))]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: bool) -> PyResult<Bound<'py, PyAny>> {
        let (game, setup) = {
            let board = read_board(slf)?;
            let game = if stack {
                board.game.clone()
            } else {
                Game::new(board.game.position().clone())
            };
            (game, board.setup.clone())
        };
        PyBoard::twin(slf, game, setup)
    }

    /// A copy of the position the move stack starts from, as python-chess's `root()`.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (mut game, setup) = {
            let board = read_board(slf)?;
            (board.game.clone(), board.setup.clone())
        };
        while game.pop().is_some() {}
        PyBoard::twin(slf, Game::new(game.position().clone()), setup)
    }

    /// Pickles as the variant (a player's by its file), the starting FEN, the moves played since and the setup being
    /// edited (if any), with the attributes a subclass added: a board in a pool of processes
    /// arrives with its move stack.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (PyVariant, String, Vec<String>, Option<String>),
        Option<Bound<'py, PyAny>>,
    )> {
        let board = read_board(slf)?;
        let variant = board.variant();
        let moves = board
            .game
            .moves()
            .iter()
            .map(|mv| mv.uci().to_text(variant))
            .collect();
        let mut root = board.game.clone();
        while root.pop().is_some() {}
        let setup = board
            .setup
            .as_ref()
            .map(|setup| fen::write_setup(variant, setup));
        let arguments = (
            PyVariant::of(variant),
            fen::write(root.position()),
            moves,
            setup,
        );
        let state = slf.getattr("__dict__").ok();
        Ok((slf.get_type().getattr("_from_state")?, arguments, state))
    }

    /// The board [`PyBoard::__reduce__`] describes: `variant`'s game from `root` with the
    /// coordinate `moves` played, and `setup` being edited.
    #[classmethod]
    fn _from_state<'py>(
        cls: &Bound<'py, PyType>,
        variant: VariantArg,
        root: &str,
        moves: Vec<String>,
        setup: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let variant = variant.0;
        let mut game = game_from_fen(variant, root)?;
        for text in &moves {
            let mv = game
                .position_mut()
                .parse_uci(text)
                .ok()
                .flatten()
                .ok_or_else(|| {
                    IllegalMoveError::new_err(format!("illegal move {} in a pickle", quote(text)))
                })?;
            game.push_unchecked(mv);
        }
        let setup = setup
            .map(|text| fen::parse_setup(variant, text))
            .transpose()
            .map_err(|error| InvalidFenError::new_err(format!("invalid FEN: {error}")))?;
        PyBoard::with_state(cls, game, setup)
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

    /// The variant's name, such as `"meiriqi"` or `"chess"`.
    #[getter]
    fn variant_name(&self) -> &'static str {
        &self.variant().spec().name
    }

    /// The piece types of the variant, in its piece table's order.
    #[getter]
    fn piece_types(&self) -> Vec<u32> {
        self.variant()
            .rules()
            .map(|rule| u32::from(rule.kind.number()))
            .collect()
    }

    /// The piece types that are Pawns (no SAN letter; they reset the halfmove clock).
    #[getter]
    fn pawn_types(&self) -> Vec<u32> {
        let variant = self.variant();
        variant
            .rules()
            .filter(|rule| variant.pawns() & rule.kind.bit() != 0)
            .map(|rule| u32::from(rule.kind.number()))
            .collect()
    }

    /// The variant's name in game records, such as `"Meiriqi"` or `"Chess"`.
    #[getter]
    fn variant_title(&self) -> &'static str {
        &self.variant().spec().title
    }

    /// Whether the variant has hands (captured pieces may be dropped).
    #[getter]
    fn has_hands(&self) -> bool {
        self.variant().spec().hands
    }

    /// Whether the variant has castling.
    #[getter]
    fn has_castling(&self) -> bool {
        self.variant().castling().is_some()
    }

    /// Whether the variant has a River between its halves (for pictures).
    #[getter]
    fn has_river(&self) -> bool {
        self.variant().spec().river
    }

    /// The square a Pawn may capture en passant on now, if any.
    #[getter]
    fn ep_square(&self) -> Option<usize> {
        match &self.setup {
            Some(setup) => setup.en_passant.map(Square::index),
            None => self.game.position().legal_en_passant().map(Square::index),
        }
    }

    /// Whether the legal `move` captures (en passant included; a King's swap does not).
    fn is_capture(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, Position::is_capture)
    }

    /// Whether the legal `move` captures en passant.
    fn is_en_passant(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, |_, mv| mv.kind == MoveKind::EnPassant)
    }

    /// Whether the legal `move` is a King's swap with a friendly piece.
    fn is_swap(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, |_, mv| mv.kind == MoveKind::Swap)
    }

    /// Whether the legal `move` castles.
    fn is_castling(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, |_, mv| mv.is_castle())
    }

    /// Whether the legal `move` castles on the King's wing (the first in FEN, `O-O`).
    fn is_kingside_castling(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, |_, mv| mv.castles_right() == Some(true))
    }

    /// Whether the legal `move` castles on the Queen's wing (`O-O-O`).
    fn is_queenside_castling(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.move_is(&r#move, |_, mv| mv.castles_right() == Some(false))
    }

    /// Whether `color` may still castle on some wing.
    fn has_castling_rights(&self, color: bool) -> bool {
        self.castling_right(color, None)
    }

    /// Whether `color` may still castle on the King's wing.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.castling_right(color, Some(0))
    }

    /// Whether `color` may still castle on the Queen's wing.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.castling_right(color, Some(1))
    }

    /// The pieces `color` holds in hand: piece type to count (empty without hands).
    fn hand<'py>(&self, py: Python<'py>, color: bool) -> PyResult<Bound<'py, PyDict>> {
        let hand = PyDict::new(py);
        let color = color_from_bool(color);
        for rule in self.variant().rules() {
            let count = self.read(
                |setup| setup.hands[color.index()][rule.kind.index()],
                |position| position.hand_count(color, rule.kind),
            );
            if count > 0 {
                hand.set_item(rule.kind.number(), count)?;
            }
        }
        Ok(hand)
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

    /// The squares of `color`'s fortress or palace (empty when the variant has none).
    fn fortress(&self, color: bool) -> Vec<usize> {
        self.region_squares(&self.variant().spec().fortress, color)
    }

    /// The squares of `color`'s fortress joined by its 'X' lines.
    fn palace_points(&self, color: bool) -> Vec<usize> {
        self.region_squares(&self.variant().spec().palace_points, color)
    }

    /// The squares where a move of `color` may promote by default (the camp).
    fn camp(&self, color: bool) -> Vec<usize> {
        self.variant()
            .camp(color_from_bool(color))
            .iter()
            .map(Square::index)
            .collect()
    }

    /// The squares of `color`'s goal, where its piece of the goal's kind wins (King of the Hill's
    /// centre; empty when the variant has no goal).
    fn goal(&self, color: bool) -> Vec<usize> {
        self.variant().goal().map_or_else(Vec::new, |goal| {
            let squares = &goal.squares[color_from_bool(color).index()];
            squares.iter().map(Square::index).collect()
        })
    }

    /// The squares of `color`'s gates: first-rank squares whose piece has not moved, from which a
    /// move may bring a piece of the hand in (Seirawan chess; empty without gating).
    fn gates(&self, color: bool) -> Vec<usize> {
        let color = color_from_bool(color);
        let gates = self.read(|setup| setup.gates, Position::gates);
        let dims = self.variant().dimensions();
        let rank = match color {
            Color::White => 0,
            Color::Black => dims.ranks - 1,
        };
        (0..dims.files)
            .filter(|&file| gates.has(color, file))
            .filter_map(|file| Square::new(file, rank))
            .map(Square::index)
            .collect()
    }

    /// How many checks win (Three-check's 3); 0 in a variant without a check limit.
    #[getter]
    fn check_limit(&self) -> u8 {
        self.variant().spec().end_rules.check_limit
    }

    /// How many checks `color` may still give before it wins, under the variant's check limit;
    /// `None` in a variant without one.
    fn checks_remaining(&self, color: bool) -> Option<u8> {
        let counters = self.read(|setup| setup.counters, Position::counters);
        (self.check_limit() > 0).then(|| counters.checks_left[color_from_bool(color).index()])
    }

    /// While the moves of an ending are counted (Makruk), the count's limit and the plies
    /// counted so far; `None` otherwise. A draw may be claimed once the plies pass the limit.
    #[getter]
    fn counting(&self) -> Option<(u16, u16)> {
        let counters = self.read(|setup| setup.counters, Position::counters);
        (counters.counting_limit > 0).then_some((counters.counting_limit, counters.counting_ply))
    }

    #[getter]
    fn turn(&self) -> bool {
        self.read(|setup| setup.turn, Position::turn) == Color::White
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.read(|setup| setup.halfmove_clock, Position::halfmove_clock)
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.read(|setup| setup.fullmove_number, Position::fullmove_number)
    }

    /// A snapshot of the legal moves in the position, as a sequence of `Move`.
    #[getter]
    fn legal_moves(&mut self) -> PyResult<PyLegalMoves> {
        Ok(PyLegalMoves {
            moves: self.legal_list()?,
            variant: self.variant(),
        })
    }

    /// The legal moves in coordinate notation, in one call.
    fn legal_moves_uci(&mut self) -> PyResult<Vec<String>> {
        let variant = self.variant();
        let moves = self.game()?.legal_moves();
        Ok(moves
            .into_iter()
            .map(|mv| mv.uci().to_text(variant))
            .collect())
    }

    /// The moves played since the position was set up, oldest first.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        move_objects(py, self.game.moves(), self.variant())
    }

    /// Plays a legal move; raises `IllegalMoveError` (board unchanged) otherwise.
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        self.writable()?;
        let mv = self.legal_move(&r#move)?;
        self.game.push_unchecked(mv);
        Ok(())
    }

    /// Takes back the last move.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.writable()?;
        let mv = self
            .game()?
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        Ok(self.wrap(mv))
    }

    /// The last move played.
    fn peek(&self) -> PyResult<PyMove> {
        self.game
            .moves()
            .last()
            .map(|&mv| self.wrap(mv))
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// The legal move written `uci` in coordinate notation.
    fn parse_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let mv = self.read_uci(uci)?;
        Ok(self.wrap(mv))
    }

    /// Parses and plays a move in coordinate notation; returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        self.writable()?;
        let mv = self.read_uci(uci)?;
        self.game.push_unchecked(mv);
        Ok(self.wrap(mv))
    }

    /// The legal `move` in standard algebraic notation, such as `Nb4` or `cxd4=C+`
    /// (docs/notation.md); `IllegalMoveError` for any other move.
    fn san(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        Ok(self.write_san(&r#move)?.1)
    }

    /// The legal move written `text` in SAN (leniently: docs/notation.md) or coordinate
    /// notation. Raises `InvalidMoveError` for malformed text, `IllegalMoveError` when no legal
    /// move fits and `AmbiguousMoveError` when several do (all three are `ValueError`).
    fn parse_san(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let mv = self.read_san(text)?;
        move_object(py, mv, self.variant())
    }

    /// Parses `text` like `parse_san` and plays it; returns the move.
    fn push_san(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        self.writable()?;
        let mv = self.read_san(text)?;
        self.game.push_unchecked(mv);
        move_object(py, mv, self.variant())
    }

    /// The legal `move` in SAN, then plays it.
    fn san_and_push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        self.writable()?;
        let (mv, text) = self.write_san(&r#move)?;
        self.game.push_unchecked(mv);
        Ok(text)
    }

    /// The `moves`, played in turn from this position, as numbered SAN such as
    /// `"3... Sd8 4. e5"`. The board is left unchanged; raises `IllegalMoveError` at the first
    /// illegal move.
    fn variation_san(&self, moves: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut position = self.position()?.clone();
        let variant = self.variant();
        let mut text = String::new();
        let mut legal = Vec::new();
        for item in moves.try_iter()? {
            let item = item?;
            let candidate = item.cast::<PyMove>()?.get();
            position.legal_moves(&mut legal);
            let Some(mv) = legal
                .iter()
                .copied()
                .find(|&mv| candidate.names(mv, variant))
            else {
                let played = if text.is_empty() { "the start" } else { &text };
                return Err(IllegalMoveError::new_err(format!(
                    "illegal move {} in {} after {played}",
                    candidate.text(),
                    fen::write(&position)
                )));
            };
            if !text.is_empty() {
                text.push(' ');
            }
            match position.turn() {
                Color::White => text.push_str(&format!("{}. ", position.fullmove_number())),
                Color::Black if text.is_empty() => {
                    text.push_str(&format!("{}... ", position.fullmove_number()));
                }
                Color::Black => {}
            }
            text.push_str(&san::write(&mut position, mv));
            position.make(mv);
        }
        Ok(text)
    }

    /// Whether `move` is legal in the position (`False` while a broken setup is edited).
    fn is_legal(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        matches!(self.resolve(&r#move), Ok(Some(_)))
    }

    fn is_check(&self) -> PyResult<bool> {
        Ok(self.position()?.is_check())
    }

    fn is_checkmate(&mut self) -> PyResult<bool> {
        self.ends_by(Termination::Checkmate)
    }

    /// No legal move and not in check: a loss in Mĕirìqí, Xiangqi and Shogi, a draw in chess.
    fn is_stalemate(&mut self) -> PyResult<bool> {
        self.ends_by(Termination::Stalemate)
    }

    /// No legal move while over one of the variant's limits (the Wildeurasian Prince or
    /// crossing limit): a loss, as python-chess's `is_variant_loss`.
    fn is_variant_loss(&mut self) -> PyResult<bool> {
        self.ends_by(Termination::VariantLoss)
    }

    /// Whether the game is over (counting claimable draws if `claim_draw`).
    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&mut self, claim_draw: bool) -> PyResult<bool> {
        Ok(self.outcome(claim_draw)?.is_some())
    }

    /// How the game ended, if it has; with `claim_draw`, a draw the side to move could claim
    /// (fifty moves, threefold repetition) counts too.
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome(&mut self, claim_draw: bool) -> PyResult<Option<PyOutcome>> {
        let game = self.game()?;
        let outcome = if claim_draw {
            game.outcome_with_claims()
        } else {
            game.outcome()
        };
        Ok(outcome.map(PyOutcome))
    }

    /// Whether the side to move may claim a draw (fifty moves or threefold repetition), now or
    /// after one of its moves, as in python-chess; in variants with their own move and
    /// repetition rules (the games named after Fairy-Stockfish's), now.
    fn can_claim_draw(&mut self) -> PyResult<bool> {
        Ok(self.game()?.claimable_draw().is_some())
    }

    /// Whether neither side can ever checkmate, as the variant's rules say.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self.position()?.is_insufficient_material())
    }

    /// Whether `color` can never checkmate, as the variant's rules say.
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        Ok(self
            .position()?
            .has_insufficient_material(color_from_bool(color)))
    }

    /// Whether the seventy-five-move rule has ended the game.
    fn is_seventyfive_moves(&mut self) -> PyResult<bool> {
        self.ends_by(Termination::SeventyFiveMoves)
    }

    /// Whether a fivefold repetition has ended the game.
    fn is_fivefold_repetition(&mut self) -> PyResult<bool> {
        self.ends_by(Termination::FivefoldRepetition)
    }

    fn is_attacked_by(&self, color: bool, square: Int) -> PyResult<bool> {
        let square = self.on_board(square)?;
        Ok(self
            .position()?
            .is_attacked_by(color_from_bool(color), square))
    }

    /// Squares of the enemy pieces attacking the King of the side to move.
    fn checkers(&self) -> PyResult<Vec<usize>> {
        let position = self.position()?;
        let us = position.turn();
        Ok(position.king(us).map_or_else(Vec::new, |king| {
            position
                .attackers(us.opponent(), king)
                .iter()
                .map(Square::index)
                .collect()
        }))
    }

    fn king(&self, color: bool) -> Option<u8> {
        let variant = self.variant();
        let king = Piece {
            kind: variant.royal(),
            color: color_from_bool(color),
        };
        variant
            .dimensions()
            .squares()
            .find(|&square| self.piece(square) == Some(king))
            .map(|square| square.index() as u8)
    }

    fn piece_at(&self, square: Int) -> PyResult<Option<PyPiece>> {
        let square = self.on_board(square)?;
        let variant = self.variant();
        Ok(self.piece(square).map(|piece| PyPiece { piece, variant }))
    }

    /// Puts `piece` on `square` (`None` clears it); forgets the move stack. A setup that breaks
    /// a rule may be edited further; `status()` tells what is wrong.
    #[pyo3(signature = (square, piece))]
    fn set_piece_at(&mut self, square: Int, piece: Option<PyRef<'_, PyPiece>>) -> PyResult<()> {
        self.writable()?;
        let square = self.on_board(square)?;
        let variant = self.variant();
        let piece = match piece {
            None => None,
            Some(piece) => Some(Piece {
                kind: variant
                    .kind_by_symbol(piece.variant.symbol(piece.piece.kind))
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "piece {} is no piece of {}",
                            piece.text(),
                            variant.spec().name
                        ))
                    })?,
                color: piece.piece.color,
            }),
        };
        let mut setup = self.current_setup();
        setup.board[square.index()] = piece;
        self.adopt(setup);
        Ok(())
    }

    /// Removes and returns the piece on `square`, if any.
    fn remove_piece_at(&mut self, square: Int) -> PyResult<Option<PyPiece>> {
        self.writable()?;
        let removed = self.piece_at(square)?;
        if removed.is_some() {
            self.set_piece_at(square, None)?;
        }
        Ok(removed)
    }

    /// Empties the board and the hands; forgets the move stack.
    fn clear(&mut self) -> PyResult<()> {
        self.writable()?;
        self.adopt(self.variant().empty_setup());
        Ok(())
    }

    /// The rules the board breaks, as `STATUS_*` flags (`STATUS_VALID`, 0, when it is legal),
    /// as python-chess's `Board.status()`.
    fn status(&self) -> u32 {
        let setup = self.current_setup();
        let problems = match &self.setup {
            Some(setup) => setup.problems(self.variant()),
            None => Vec::new(),
        };
        status_flags(&setup, &problems)
    }

    /// Whether the board is a legal position (`status()` is `STATUS_VALID`).
    fn is_valid(&self) -> bool {
        self.setup.is_none()
    }

    /// What rules the board breaks, in words (empty when it is legal).
    fn problems(&self) -> Vec<String> {
        match &self.setup {
            Some(setup) => setup
                .problems(self.variant())
                .iter()
                .map(|problem| problem.describe(self.variant()))
                .collect(),
            None => Vec::new(),
        }
    }

    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let variant = self.variant();
        for square in variant.dimensions().squares() {
            if let Some(piece) = self.piece(square) {
                map.set_item(square.index(), PyPiece { piece, variant })?;
            }
        }
        Ok(map)
    }

    fn fen(&self) -> String {
        match &self.setup {
            Some(setup) => fen::write_setup(self.variant(), setup),
            None => fen::write(self.game.position()),
        }
    }

    /// Sets up `fen`; the board is unchanged if it is malformed or not a legal position.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.writable()?;
        self.game = game_from_fen(self.variant(), fen)?;
        self.setup = None;
        self.listed = None;
        Ok(())
    }

    /// Counts the leaves of the legal move tree `depth` plies deep, on `threads` threads (all
    /// cores by default), without holding the interpreter lock. With `stop` (a
    /// `threading.Event`, asked every 20 ms), the count ends soon after `stop.is_set()` turns
    /// true, and is then incomplete.
    #[pyo3(signature = (depth, *, threads=None, stop=None))]
    fn perft(
        slf: &Bound<'_, Self>,
        depth: Int,
        threads: Option<Int>,
        stop: Option<Py<PyAny>>,
    ) -> PyResult<u64> {
        let depth = perft_depth(depth, 0)?;
        let threads = thread_count(threads)?;
        let (position, _reading) = PyBoard::position_to_read(slf)?;
        let (length, threads) = perft_length(depth, threads);
        stoppable(slf.py(), length, stop.as_ref(), |halt| {
            perft::perft_parallel(&position, depth, threads, halt)
        })
    }

    /// Perft below each legal root move, keyed by coordinate notation; `stop` as for `perft`.
    #[pyo3(signature = (depth, *, threads=None, stop=None))]
    fn perft_divide<'py>(
        slf: &Bound<'py, Self>,
        depth: Int,
        threads: Option<Int>,
        stop: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth = perft_depth(depth, 1)?;
        let threads = thread_count(threads)?;
        let (position, _reading) = PyBoard::position_to_read(slf)?;
        let (length, threads) = perft_length(depth, threads);
        let counts = stoppable(slf.py(), length, stop.as_ref(), |halt| {
            perft::divide(&position, depth, threads, halt)
        })?;
        let divided = PyDict::new(slf.py());
        for (mv, count) in counts {
            divided.set_item(mv.uci().to_text(position.variant()), count)?;
        }
        Ok(divided)
    }

    /// Searches for the best move, within `depth` plies, `time` seconds and `nodes` nodes
    /// (whichever ends first; with none of them nor a clock, 1 second), without holding the
    /// interpreter lock. The search also ends soon after `stop.is_set()` turns true (a
    /// `threading.Event`, asked every 20 ms); `info` is called with the result of every
    /// completed iteration. `remaining`, `increment` and `moves_to_go` are a clock the search
    /// budgets its own time from; `threads` search together; `multipv` best moves are found
    /// with their lines (`SearchResult.lines`); `searchmoves`, when given, are the only root
    /// moves considered. `progress` is called, as often as `stop` is asked, with where the
    /// search is (a `SearchProgress`) whenever that has changed. `infinite` analyses: no time
    /// limit (not even the default second), and a forced mate found does not end the search.
    /// `memory` (a `SearchMemory`) carries what searches learn to the next one, as an engine's
    /// hash table does from move to move of a game. With `perpetual_check_loses` the search
    /// plays as if a repetition in which one side gave check with every move, and the other
    /// did not, lost for the side giving check (the Asian rules of Xiangqi); otherwise it
    /// scores every repetition as a draw.
    #[pyo3(signature = (
        depth=None, time=None, nodes=None, *, stop=None, info=None, remaining=None,
        increment=None, moves_to_go=None, threads=None, multipv=None, searchmoves=None,
        progress=None, infinite=false, memory=None, perpetual_check_loses=false
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        slf: &Bound<'_, Self>,
        depth: Option<Int>,
        time: Option<f64>,
        nodes: Option<Int>,
        stop: Option<Py<PyAny>>,
        info: Option<Py<PyAny>>,
        remaining: Option<f64>,
        increment: Option<f64>,
        moves_to_go: Option<Int>,
        threads: Option<Int>,
        multipv: Option<Int>,
        searchmoves: Option<Vec<PyRef<'_, PyMove>>>,
        progress: Option<Py<PyAny>>,
        infinite: bool,
        memory: Option<PyRef<'_, PySearchMemory>>,
        perpetual_check_loses: bool,
    ) -> PyResult<PySearchResult> {
        let memory = memory.map(|memory| std::sync::Arc::clone(&memory.memory));
        let depth = depth.map(|d| positive("search depth", d)).transpose()?;
        let nodes = nodes.map(|n| positive("node limit", n)).transpose()?;
        let clock = match remaining {
            Some(remaining) => Some(search::Clock {
                remaining: seconds("clock time", remaining)?,
                increment: seconds("increment", increment.unwrap_or(0.0))?,
                moves_to_go: moves_to_go
                    .map(|n| positive("moves to go", n).map(|n| n.min(1000) as u32))
                    .transpose()?,
            }),
            None => None,
        };
        let time = match time {
            Some(time) => Some(seconds("search time", time)?),
            None if depth.is_none() && nodes.is_none() && clock.is_none() && !infinite => {
                Some(std::time::Duration::from_secs(1))
            }
            None => None,
        };
        let (game, root_moves, _reading) = {
            let mut board = slf.try_borrow_mut()?;
            let mut root_moves = Vec::new();
            for candidate in searchmoves.iter().flatten() {
                root_moves.push(board.legal_move(candidate)?);
            }
            (board.game()?.clone(), root_moves, Reading::of(&board))
        };
        if searchmoves.is_some_and(|moves| moves.is_empty()) {
            return Err(PyValueError::new_err(
                "invalid searchmoves: expected at least one legal move",
            ));
        }
        let settings = search::Settings {
            limits: Limits {
                depth: depth.map(|d| d.min(u64::from(u32::MAX)) as u32),
                nodes,
                time,
                clock,
                infinite,
            },
            threads: threads.map_or(Ok(1), |n| thread_count(Some(n)))?,
            lines: multipv.map_or(Ok(1), |n| positive("multipv", n))?.min(1024) as usize,
            root_moves,
            perpetual_check_loses,
        };
        let variant = game.position().variant();
        let limits = &settings.limits;
        let short = limits.time.is_none()
            && limits.clock.is_none()
            && settings.threads == 1
            && (limits.depth.is_some_and(|depth| depth <= 1)
                || limits
                    .nodes
                    .is_some_and(|nodes| nodes <= SHORT_SEARCH_NODES));
        let length = if short { Length::Short } else { Length::Long };
        let place = search::Progress::default();
        let mut told = None;
        let result = watched(
            slf.py(),
            length,
            |halt, reports| {
                // The receiver lives until the search has returned.
                let send = |report: &search::SearchResult| {
                    let _ = reports.send(report.clone());
                };
                let Some(memory) = &memory else {
                    return Some(search::search_observed(
                        &game, &settings, halt, &place, send,
                    ));
                };
                let mut memory = match memory.try_lock() {
                    Ok(memory) => memory,
                    Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                    Err(std::sync::TryLockError::WouldBlock) => return None,
                };
                Some(search::search_remembering(
                    &game,
                    &settings,
                    &mut memory,
                    halt,
                    &place,
                    send,
                ))
            },
            |py, reports| {
                if let Some(info) = &info {
                    for result in reports {
                        info.call1(py, (PySearchResult { result, variant },))?;
                    }
                }
                if let Some(progress) = &progress {
                    let status = place.status();
                    if status != told {
                        told = status;
                        if let Some(status) = status {
                            progress.call1(py, (PySearchProgress { status, variant },))?;
                        }
                    }
                }
                is_set(py, stop.as_ref())
            },
        )?;
        let result = result.ok_or_else(|| {
            PyRuntimeError::new_err("the SearchMemory is in use by another search")
        })?;
        Ok(PySearchResult { result, variant })
    }

    /// Plays `count` games of uniformly random legal moves from this position, in Rust and
    /// without the interpreter lock; each ends when the game does or after `max_plies` moves.
    /// Returns `(moves, outcome)` pairs (`outcome` is `None` for a game cut off). The same `seed`
    /// gives the same games.
    #[pyo3(signature = (count, *, max_plies=Int(200), seed=Int(0)), text_signature = "($self, count, *, max_plies=200, seed=0)")]
    fn random_games(
        slf: &Bound<'_, Self>,
        count: Int,
        max_plies: Int,
        seed: Int,
    ) -> PyResult<Vec<(Vec<PyMove>, Option<PyOutcome>)>> {
        let bounded = |what: &str, Int(value): Int, most: usize| {
            usize::try_from(value)
                .ok()
                .filter(|&v| v <= most)
                .ok_or_else(|| {
                    PyValueError::new_err(format!("invalid {what} {value}: expected 0 to {most}"))
                })
        };
        let seed = u64::try_from(seed.0).map_err(|_| {
            PyValueError::new_err(format!("invalid seed {}: expected 0 or more", seed.0))
        })?;
        let count = bounded("game count", count, MAX_GAMES)?;
        let max_plies = bounded("ply limit", max_plies, MAX_PLIES)?;
        let (start, _reading) = PyBoard::position_to_read(slf)?;
        let variant = start.variant();
        let length = if count.saturating_mul(max_plies) <= SHORT_PLAYOUT_PLIES {
            Length::Short
        } else {
            Length::Long
        };
        let games = interruptible(slf.py(), length, |stop| {
            let mut rng = playout::Rng::new(seed);
            (0..count)
                .take_while(|_| !stop.load(Ordering::Relaxed))
                .map(|_| playout::random_game(&start, max_plies, &mut rng, stop))
                .collect::<Vec<_>>()
        })?;
        Ok(games
            .into_iter()
            .map(|(moves, outcome)| {
                (
                    moves
                        .into_iter()
                        .map(|mv| PyMove::of(mv, variant))
                        .collect(),
                    outcome.map(PyOutcome),
                )
            })
            .collect())
    }

    fn zobrist_hash(&self) -> PyResult<u64> {
        Ok(self.position()?.transposition_key())
    }

    /// Whether the position has occurred at least `count` times.
    #[pyo3(signature = (count=Int(3)), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: Int) -> bool {
        self.setup.is_none()
            && i128::try_from(self.game.repetitions()).unwrap_or(i128::MAX) >= count.0
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
        other.cast::<PyBoard>().is_ok_and(|other| {
            other.try_borrow().is_ok_and(|other| {
                std::ptr::eq(other.variant(), self.variant())
                    && other.current_setup() == self.current_setup()
            })
        })
    }

    fn __str__(&self) -> String {
        diagram(self.variant(), &self.current_setup())
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().qualname()?;
        let board = read_board(slf)?;
        let variant = &board.variant().spec().name;
        Ok(format!("{name}('{}', variant='{variant}')", board.fen()))
    }
}

/// The deepest perft that is [`Length::Short`] work, counted on one thread.
const SHORT_PERFT_DEPTH: u32 = 2;
/// The largest node limit of a search that is [`Length::Short`] work.
const SHORT_SEARCH_NODES: u64 = 5_000;
/// The most plies of random games that are [`Length::Short`] work.
const SHORT_PLAYOUT_PLIES: usize = 2_000;

/// How long a perft `depth` plies deep takes, and the threads to count it on: shallow counts
/// run on the calling thread alone.
fn perft_length(depth: u32, threads: usize) -> (Length, usize) {
    if depth <= SHORT_PERFT_DEPTH {
        (Length::Short, 1)
    } else {
        (Length::Long, threads)
    }
}

/// A duration of `seconds`, 0 or more, or a `ValueError` naming `what` it is.
fn seconds(what: &str, seconds: f64) -> PyResult<std::time::Duration> {
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(PyValueError::new_err(format!(
            "invalid {what} {seconds}: expected seconds, 0 or more"
        )));
    }
    Ok(std::time::Duration::from_secs_f64(seconds.min(1e9)))
}

/// The thread count `threads` (all cores when `None`), checked to be 1 to 1024.
fn thread_count(threads: Option<Int>) -> PyResult<usize> {
    match threads {
        None => Ok(default_threads()),
        Some(Int(n)) => usize::try_from(n)
            .ok()
            .filter(|n| (1..=1024).contains(n))
            .ok_or_else(|| {
                PyValueError::new_err(format!("invalid thread count {n}: expected 1 to 1024"))
            }),
    }
}

/// Whether `stop.is_set()` (never, without a `stop`).
fn is_set(py: Python<'_>, stop: Option<&Py<PyAny>>) -> PyResult<bool> {
    match stop {
        Some(stop) => stop.call_method0(py, "is_set")?.is_truthy(py),
        None => Ok(false),
    }
}

/// [`interruptible`], where `work` is also told to stop soon after `stop.is_set()` turns true.
fn stoppable<T: Send>(
    py: Python<'_>,
    length: Length,
    stop: Option<&Py<PyAny>>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    watched(
        py,
        length,
        |halt, _: &Sender<()>| work(halt),
        |py, _| is_set(py, stop),
    )
}
