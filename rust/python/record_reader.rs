//! Reading game records (docs/notation.md) one game at a time, telling a visitor about each part
//! in record order and collecting every problem as a `PgnError` instead of stopping.
//!
//! One board follows the game: a variation takes back the last move of the line it opens in and
//! plays its own moves, and closing it takes them back and plays the move again. So reading holds
//! one position whatever the nesting, and an explicit stack of lines of play replaces recursion.
//! The board is handed to visitors that want it, and may not be changed by them.

use super::board::{PyBoard, Reading};
use super::visitor::{Hook, Visitor};
use crate::moves::Move;
use crate::movetext::{self, column, fold, next_token, tag_pair, Token, RESULTS, SUFFIX_NAGS};
use crate::san::{self, quoted};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::collections::HashMap;

/// The longest line read whole; the rest of a longer line is left out, with an error.
pub(super) const MAX_LINE: usize = 1_000_000;

/// The largest NAG a record may hold.
const NAG_MAX: i64 = 255;

/// What reading needs from the Python side of records.
pub(super) struct RecordClasses {
    /// The class of the boards handed to visitors (`meiriqi.Board`).
    pub(super) board_class: Py<PyAny>,
    /// `PgnError(line, column, message)`.
    pub(super) error_class: Py<PyAny>,
    /// The `Variant` a `Variant` tag names; raises `ValueError` for an unknown one.
    pub(super) variant_lookup: Py<PyAny>,
}

impl RecordClasses {
    /// The variant `text` names (a Python `Variant`); a `ValueError` if none.
    pub(super) fn variant_of<'py>(
        &self,
        py: Python<'py>,
        text: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.variant_lookup.bind(py).call1((text,))
    }

    /// The title of the variant `text` names, or `text` itself if it names none.
    pub(super) fn variant_title(&self, py: Python<'_>, text: &str) -> PyResult<String> {
        match self.variant_of(py, text) {
            Ok(variant) => variant.getattr(intern!(py, "title"))?.extract(),
            Err(error) if error.is_instance_of::<PyValueError>(py) => Ok(text.to_string()),
            Err(error) => Err(error),
        }
    }
}

/// Where reading a text handle stands: lines are numbered, and one line read past the end of a
/// game is held for the next. It keeps no reference to the handle, so it can be kept beside one.
#[pyclass(name = "LineSource", module = "meiriqi._core")]
pub(super) struct LineSource {
    held: Option<(String, bool)>,
    number: usize,
}

#[pymethods]
impl LineSource {
    /// A handle's lines, from where it stands.
    #[new]
    fn new() -> Self {
        LineSource {
            held: None,
            number: 0,
        }
    }

    /// How many lines have been read.
    #[getter]
    fn number(&self) -> usize {
        self.number
    }
}

impl LineSource {
    /// The next line of `handle` without its line break, and whether it was longer than
    /// [`MAX_LINE`] characters (then only its start is given); `None` at the end.
    fn next(&mut self, handle: &Bound<'_, PyAny>) -> PyResult<Option<(String, bool)>> {
        let py = handle.py();
        if let Some(held) = self.held.take() {
            self.number += 1;
            return Ok(Some(held));
        }
        let read = handle.call_method1(intern!(py, "readline"), (MAX_LINE + 1,))?;
        let read = read.cast_into::<PyString>().map_err(|_| {
            PyTypeError::new_err("a record is read from a text handle: open the file in text mode")
        })?;
        let raw = read.to_cow()?;
        if raw.is_empty() {
            return Ok(None);
        }
        let ends = raw.ends_with('\n');
        let mut line = raw.trim_end_matches(['\r', '\n']).to_string();
        let overlong = !ends && line.chars().count() > MAX_LINE;
        if overlong {
            line = line.chars().take(MAX_LINE).collect();
            // The rest of the line is read and dropped, a bounded piece at a time.
            loop {
                let rest = handle.call_method1(intern!(py, "readline"), (MAX_LINE,))?;
                let rest = rest.cast_into::<PyString>()?;
                let rest = rest.to_cow()?;
                if rest.is_empty() || rest.ends_with('\n') {
                    break;
                }
            }
        }
        if self.number == 0 {
            if let Some(rest) = line.strip_prefix('\u{feff}') {
                line = rest.to_string();
            }
        }
        self.number += 1;
        Ok(Some((line, overlong)))
    }

    /// Gives a line back, to be read again by the next game.
    fn push_back(&mut self, line: String, overlong: bool) {
        self.held = Some((line, overlong));
        self.number -= 1;
    }
}

/// One line of play being read: the main line or an open variation.
#[derive(Default)]
struct OpenLine {
    opened_at: (usize, usize),
    has_move: bool,
    /// Moves are not parsed (a bad move came before, or the visitor skipped the variation).
    skipping: bool,
    /// Parentheses open inside a line being skipped.
    nesting: usize,
    /// Whether the visitor was told of this variation (and so is owed its end).
    visited: bool,
    /// Moves this line played on the board.
    pushed: usize,
    /// The move of the enclosing line taken back to open this variation.
    taken_back: Option<Move>,
}

/// A position in the record: line and column, both from 1.
type At = (usize, usize);

/// Reads one game.
pub(super) struct Reader<'py, 'a> {
    py: Python<'py>,
    classes: &'a RecordClasses,
    lines: &'a mut LineSource,
    handle: &'a Bound<'py, PyAny>,
    visitor: &'a Visitor<'py>,
    /// The variant of a record without a `Variant` tag.
    default_variant: &'a Bound<'py, PyAny>,
    /// Whether the visitor is told that variant as a `Variant` tag of a record without one.
    tag_default: bool,
    started: bool,
    skip_game: bool,
    in_movetext: bool,
    skimming: bool,
    board: Option<(Bound<'py, PyBoard>, Reading)>,
    stack: Vec<OpenLine>,
    tags: HashMap<String, String>,
    tag_at: HashMap<String, At>,
    result: Option<(String, At)>,
    comment: Option<Vec<String>>,
    comment_at: At,
}

impl<'py, 'a> Reader<'py, 'a> {
    pub(super) fn new(
        classes: &'a RecordClasses,
        lines: &'a mut LineSource,
        handle: &'a Bound<'py, PyAny>,
        visitor: &'a Visitor<'py>,
        default_variant: &'a Bound<'py, PyAny>,
        tag_default: bool,
    ) -> Self {
        Reader {
            py: default_variant.py(),
            classes,
            lines,
            handle,
            visitor,
            default_variant,
            tag_default,
            started: false,
            skip_game: false,
            in_movetext: false,
            skimming: false,
            board: None,
            stack: Vec::new(),
            tags: HashMap::new(),
            tag_at: HashMap::new(),
            result: None,
            comment: None,
            comment_at: (0, 0),
        }
    }

    /// Reports a problem of the game being read (not of a game the visitor skips).
    fn error(&self, (line, column): At, message: &str) -> PyResult<()> {
        if self.skip_game {
            return Ok(());
        }
        self.visitor.error(|| {
            self.classes
                .error_class
                .bind(self.py)
                .call1((line, column, message))
        })
    }

    /// Reads the next game; `false` when the input holds no more.
    pub(super) fn read(mut self) -> PyResult<bool> {
        let mut previous_blank = false;
        while let Some((text, overlong)) = self.lines.next(self.handle)? {
            let number = self.lines.number;
            let blank = text.trim_matches(movetext::is_space).is_empty();
            if self.comment.is_some() {
                if previous_blank && tag_pair(&text).is_some() {
                    self.lines.push_back(text, overlong);
                    break;
                }
                let (start, start_column) = self.close_comment(&text, 0, 1)?;
                self.scan(&text, number, start, start_column)?;
            } else if text.starts_with('%') || (blank && !self.in_movetext) {
            } else if blank {
                break;
            } else if text.trim_start_matches(movetext::is_space).starts_with('[') {
                if self.in_movetext || (previous_blank && !self.tag_at.is_empty()) {
                    self.lines.push_back(text, overlong);
                    break;
                }
                self.read_tag(&text, number)?;
            } else {
                self.begin()?;
                self.scan(&text, number, 0, 1)?;
            }
            if overlong {
                let message =
                    format!("line longer than {MAX_LINE} characters: the rest of it is left out");
                self.error((number, MAX_LINE + 1), &message)?;
            }
            previous_blank = blank;
        }
        if !self.started {
            return Ok(false);
        }
        self.finish()?;
        self.visitor.ask(Hook::EndGame)?;
        Ok(true)
    }

    /// Tells the visitor a game begins, at its first tag pair or movetext.
    fn start(&mut self) -> PyResult<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        self.skip_game = self.visitor.ask(Hook::BeginGame)?;
        if !self.skip_game {
            self.visitor.ask(Hook::BeginHeaders)?;
        }
        Ok(())
    }

    /// Reads a tag pair line.
    fn read_tag(&mut self, text: &str, number: usize) -> PyResult<()> {
        self.start()?;
        let Some((name, value, offset)) = tag_pair(text) else {
            let message = format!(
                "malformed tag pair: {}",
                quoted(text.trim_matches(movetext::is_space))
            );
            return self.error((number, 1), &message);
        };
        let at = (number, column(text, offset));
        if value.contains(['\n', '\r']) {
            return self.error(at, &format!("tag {name} may not hold a line break"));
        }
        self.tags.insert(name.to_string(), value.clone());
        self.tag_at.insert(name.to_string(), at);
        if self.skip_game {
            return Ok(());
        }
        let shown = if name == "Variant" {
            self.classes.variant_title(self.py, &value)?
        } else {
            value
        };
        self.visitor.header(name, &shown)
    }

    /// Ends the tag pairs and sets up the starting position when the movetext begins.
    fn begin(&mut self) -> PyResult<()> {
        if self.in_movetext {
            return Ok(());
        }
        self.start()?;
        self.in_movetext = true;
        if self.tag_default && !self.skip_game && !self.tags.contains_key("Variant") {
            let title: String = self
                .default_variant
                .getattr(intern!(self.py, "title"))?
                .extract()?;
            self.visitor.header("Variant", &title)?;
        }
        if self.skip_game || self.visitor.ask(Hook::EndHeaders)? {
            self.skimming = true;
            return Ok(());
        }
        match self.starting_board()? {
            Ok(board) => {
                let reading = Reading::of(&*board.try_borrow()?);
                self.board = Some((board.clone(), reading));
                self.stack.push(OpenLine::default());
                self.visitor.board(&board)
            }
            Err((tag, problem)) => {
                let at = self
                    .tag_at
                    .get(tag)
                    .copied()
                    .unwrap_or((self.lines.number, 1));
                self.error(at, &format!("bad {tag} header: {problem}"))?;
                self.stack.push(OpenLine {
                    skipping: true,
                    ..OpenLine::default()
                });
                Ok(())
            }
        }
    }

    /// The board of the `Variant` and `FEN` tags, or the tag that is wrong and why (a
    /// `ValueError`'s words; other errors are raised).
    fn starting_board(&self) -> PyResult<Result<Bound<'py, PyBoard>, (&'static str, String)>> {
        let py = self.py;
        let problem = |tag: &'static str, error: PyErr| {
            if error.is_instance_of::<PyValueError>(py) {
                Ok(Err((tag, error.value(py).to_string())))
            } else {
                Err(error)
            }
        };
        let variant = match self.tags.get("Variant") {
            None => self.default_variant.clone(),
            Some(text) => match self.classes.variant_of(py, text) {
                Ok(variant) => variant,
                Err(error) => return problem("Variant", error),
            },
        };
        let options = PyDict::new(py);
        options.set_item(intern!(py, "variant"), variant)?;
        let made = self
            .classes
            .board_class
            .bind(py)
            .call((self.tags.get("FEN"),), Some(&options));
        match made {
            Ok(board) => Ok(Ok(board.cast_into::<PyBoard>()?)),
            Err(error) => problem("FEN", error),
        }
    }

    /// Adds `text[start..]` to the open comment; returns where scanning goes on (byte and
    /// column), `start_column` being the column of `start`.
    fn close_comment(
        &mut self,
        text: &str,
        start: usize,
        start_column: usize,
    ) -> PyResult<(usize, usize)> {
        let comment = self.comment.as_mut().expect("a comment is open");
        let Some(end) = text[start..].find('}').map(|end| start + end) else {
            comment.push(text[start..].to_string());
            return Ok((text.len(), start_column + text[start..].chars().count()));
        };
        comment.push(text[start..end].to_string());
        let whole = self.comment.take().expect("a comment is open").join(" ");
        self.add_comment(&whole)?;
        Ok((end + 1, start_column + text[start..=end].chars().count()))
    }

    /// Reads the movetext tokens of a line from byte `position` (column `at_column`).
    fn scan(
        &mut self,
        text: &str,
        number: usize,
        mut position: usize,
        mut at_column: usize,
    ) -> PyResult<()> {
        if self.skimming {
            return self.skim(text, number, position, at_column);
        }
        while position < text.len() && self.comment.is_none() {
            let (token, length) = next_token(&text[position..]);
            let token_text = &text[position..position + length];
            let at = (number, at_column);
            position += length;
            at_column += if token_text.is_ascii() {
                length
            } else {
                token_text.chars().count()
            };
            match token {
                Token::Space | Token::Number => {}
                Token::Brace => {
                    self.comment = Some(Vec::new());
                    self.comment_at = at;
                    (position, at_column) = self.close_comment(text, position, at_column)?;
                }
                Token::LineComment(comment) => self.add_comment(comment)?,
                Token::Result(result) => self.result = Some((result.to_string(), at)),
                Token::Unknown(unknown) => {
                    self.error(at, &format!("unknown token {}", quoted(unknown)))?;
                }
                Token::Open => self.open_variation(at)?,
                Token::Close => self.close_variation(at)?,
                Token::Move(_) | Token::Nag(_) | Token::Suffix(_) => {
                    let line = self.stack.last().expect("the main line");
                    if line.skipping {
                    } else if let Token::Move(san) = token {
                        self.play_move(san, at)?;
                    } else if !line.has_move {
                        let message = format!("annotation {} before any move", quoted(token_text));
                        self.error(at, &message)?;
                    } else {
                        self.annotate(token, at)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Passes over movetext the visitor skips, noticing only where comments open (a blank line
    /// or a tag pair inside one does not end the game).
    fn skim(
        &mut self,
        text: &str,
        number: usize,
        mut position: usize,
        mut at_column: usize,
    ) -> PyResult<()> {
        while position < text.len() && self.comment.is_none() {
            let Some(found) = text[position..].find(['{', ';']).map(|at| position + at) else {
                return Ok(());
            };
            if text.as_bytes()[found] == b';' {
                return Ok(());
            }
            at_column += text[position..found].chars().count();
            self.comment = Some(Vec::new());
            self.comment_at = (number, at_column);
            (position, at_column) = self.close_comment(text, found + 1, at_column + 1)?;
        }
        Ok(())
    }

    /// Hands a comment to the visitor, unless its line of play is being skipped.
    fn add_comment(&mut self, text: &str) -> PyResult<()> {
        if self.skimming || self.stack.last().is_some_and(|line| line.skipping) {
            return Ok(());
        }
        let words = fold(text);
        if words.is_empty() {
            return Ok(());
        }
        self.visitor.comment(&words)
    }

    /// Hands a NAG (`$n` or a `!`/`?` suffix) to the visitor if it is in range.
    fn annotate(&mut self, token: Token<'_>, at: At) -> PyResult<()> {
        let nag = match token {
            Token::Suffix(suffix) => SUFFIX_NAGS
                .iter()
                .find(|(written, _)| *written == suffix)
                .map_or(0, |&(_, nag)| i64::from(nag)),
            Token::Nag(written) => {
                let digits = written[1..].trim_start_matches('0');
                if digits.len() <= 3 {
                    digits.parse().unwrap_or(0)
                } else {
                    NAG_MAX + 1
                }
            }
            _ => return Ok(()),
        };
        if nag > NAG_MAX {
            let Token::Nag(written) = token else {
                return Ok(());
            };
            let message = format!("NAG {} is out of range (0-{NAG_MAX})", shorten(written));
            return self.error(at, &message);
        }
        self.visitor.nag(nag)
    }

    /// Starts a variation: an alternative to the last move of the current line.
    fn open_variation(&mut self, at: At) -> PyResult<()> {
        let line = self.stack.last_mut().expect("the main line");
        if line.skipping {
            line.nesting += 1;
            return Ok(());
        }
        if !line.has_move {
            self.error(at, "variation before any move")?;
            self.stack.push(OpenLine {
                opened_at: at,
                skipping: true,
                ..OpenLine::default()
            });
            return Ok(());
        }
        if self.visitor.ask(Hook::BeginVariation)? {
            self.stack.push(OpenLine {
                opened_at: at,
                skipping: true,
                visited: true,
                ..OpenLine::default()
            });
            return Ok(());
        }
        let line = self.stack.last_mut().expect("the main line");
        line.pushed -= 1;
        let taken_back = self.game(|game| game.pop())?;
        self.stack.push(OpenLine {
            opened_at: at,
            visited: true,
            taken_back,
            ..OpenLine::default()
        });
        Ok(())
    }

    /// Ends the innermost variation (or a parenthesis nested in a skipped one).
    fn close_variation(&mut self, at: At) -> PyResult<()> {
        let line = self.stack.last_mut().expect("the main line");
        if line.skipping && line.nesting > 0 {
            line.nesting -= 1;
            Ok(())
        } else if self.stack.len() == 1 {
            self.error(at, "')' closes no variation")
        } else {
            self.end_line()
        }
    }

    /// Closes the innermost variation: its moves are taken back, the move it replaced is
    /// played again, and the visitor is told if it was told of the start.
    fn end_line(&mut self) -> PyResult<()> {
        let line = self.stack.pop().expect("a variation");
        if line.pushed > 0 || line.taken_back.is_some() {
            self.game(|game| {
                for _ in 0..line.pushed {
                    game.pop();
                }
                if let Some(mv) = line.taken_back {
                    game.push_unchecked(mv);
                }
            })?;
        }
        if line.taken_back.is_some() {
            if let Some(parent) = self.stack.last_mut() {
                parent.pushed += 1;
            }
        }
        if line.visited {
            self.visitor.ask(Hook::EndVariation)?;
        }
        Ok(())
    }

    /// Runs `work` on the game of the board being read.
    fn game<T>(&self, work: impl FnOnce(&mut crate::game::Game) -> T) -> PyResult<T> {
        let (board, _) = self.board.as_ref().expect("moves are read on a board");
        Ok(work(board.try_borrow_mut()?.game_in_use()))
    }

    /// Plays a move in the current line, or skips the rest of the line if it is bad.
    fn play_move(&mut self, text: &str, at: At) -> PyResult<()> {
        let parsed = self.game(|game| san::parse(game.position_mut(), text))?;
        let mv = match parsed {
            Ok(mv) => mv,
            Err(problem) => {
                self.error(at, &problem.to_string())?;
                self.stack.last_mut().expect("the main line").skipping = true;
                return Ok(());
            }
        };
        let (board, _) = self.board.as_ref().expect("moves are read on a board");
        self.visitor.play(board, mv, None)?;
        self.game(|game| game.push_unchecked(mv))?;
        let line = self.stack.last_mut().expect("the main line");
        line.pushed += 1;
        line.has_move = true;
        let (board, _) = self.board.as_ref().expect("moves are read on a board");
        self.visitor.board(board)
    }

    /// Reports what was left open, checks the result and hands it to the visitor.
    fn finish(&mut self) -> PyResult<()> {
        if self.comment.is_some() && !self.skimming {
            self.error(self.comment_at, "comment not closed by '}'")?;
        }
        self.begin()?;
        if self.skimming {
            return Ok(());
        }
        for line in &self.stack[1..] {
            self.error(line.opened_at, "variation not closed by ')'")?;
        }
        while self.stack.len() > 1 {
            self.end_line()?;
        }
        let mut result = self
            .tags
            .get("Result")
            .cloned()
            .unwrap_or_else(|| "*".to_string());
        if !RESULTS.contains(&result.as_str()) {
            let at = self.tag_at["Result"];
            self.error(at, &format!("unknown result {}", quoted(&result)))?;
            result = "*".to_string();
        }
        match &self.result {
            Some((written, _)) if !self.tag_at.contains_key("Result") => result.clone_from(written),
            Some((written, at)) if *written != result => {
                let message = format!("result {written} contradicts the Result header {result}");
                self.error(*at, &message)?;
            }
            _ => {}
        }
        let outcome = match &self.board {
            Some(_) => self.game(|game| game.outcome())?,
            None => None,
        };
        if let Some(outcome) = outcome {
            let ended = outcome_result(outcome);
            if result != "*" && result != ended {
                let at = self
                    .tag_at
                    .get("Result")
                    .copied()
                    .or(self.result.as_ref().map(|(_, at)| *at))
                    .unwrap_or((0, 0));
                let message = format!("result {result} contradicts the final position ({ended})");
                self.error(at, &message)?;
            }
        }
        self.visitor.result(&result)
    }
}

/// The result a record writes for `outcome`.
pub(super) fn outcome_result(outcome: crate::game::Outcome) -> &'static str {
    match outcome.winner {
        Some(crate::piece::Color::White) => "1-0",
        Some(crate::piece::Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// A token short enough for a message (a NAG may have thousands of digits).
fn shorten(token: &str) -> String {
    if token.chars().count() <= 12 {
        token.to_string()
    } else {
        let head: String = token.chars().take(10).collect();
        format!("{head}... ({} characters)", token.chars().count())
    }
}
