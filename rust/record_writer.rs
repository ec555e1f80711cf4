//! Writing a game record's text as its parts are visited in record order (docs/notation.md):
//! tag pairs, then the movetext wrapped to a width, numbered as players read it.
//!
//! Annotations are normalised as a reader reads them: a move's NAGs (sorted, each once) and its
//! comments (joined) are written right after it, then its side variations, whatever order they
//! came in; comments before a line's first move are joined too. A side variation is kept until
//! the move it is an alternative to has been written, by reference in an arena, so nested
//! variations are never copied and nothing here recurses.

use crate::movetext::{escape, is_space, Wrapper};
use std::collections::BTreeSet;

/// What to write of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// The width movetext is wrapped to (`None`: one line).
    pub columns: Option<usize>,
    /// Write the tag pairs and the empty line after them.
    pub headers: bool,
    /// Write comments and NAGs.
    pub comments: bool,
    /// Write side variations.
    pub variations: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            columns: Some(80),
            headers: true,
            comments: true,
            variations: true,
        }
    }
}

/// One word of movetext, or a side variation (its number in the arena).
#[derive(Clone, Debug)]
enum Item {
    Word(String),
    Variation(usize),
}

/// A move whose words wait for its NAGs, comment and side variations.
#[derive(Debug)]
struct Pending {
    /// The comment words before it.
    before: Vec<String>,
    number: u32,
    white: bool,
    san: String,
    nags: BTreeSet<i64>,
    comment: Vec<String>,
    sides: Vec<usize>,
}

impl Pending {
    /// The move's items; `numbered` asks for a number even before a move by Black.
    fn items(self, numbered: bool) -> Vec<Item> {
        let mut items = comment_items(&self.before);
        let prefix = if self.white {
            format!("{}. ", self.number)
        } else if numbered || !self.before.is_empty() {
            format!("{}... ", self.number)
        } else {
            String::new()
        };
        items.push(Item::Word(prefix + &self.san));
        items.extend(self.nags.iter().map(|nag| Item::Word(format!("${nag}"))));
        items.extend(comment_items(&self.comment));
        items.extend(self.sides.iter().map(|&side| Item::Variation(side)));
        items
    }
}

/// A comment's words between braces, to be wrapped like any other words.
fn comment_items(words: &[String]) -> Vec<Item> {
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .map(|(index, word)| {
            let mut text = String::new();
            if index == 0 {
                text.push_str("{ ");
            }
            text.push_str(word);
            if index == last {
                text.push_str(" }");
            }
            Item::Word(text)
        })
        .collect()
}

/// One line of play being written: the main line or a side variation.
#[derive(Debug)]
struct Line {
    /// The items written so far (of a side variation; the main line's go out at once).
    items: Vec<Item>,
    pending: Option<Pending>,
    /// Comment words waiting for the next move.
    before: Vec<String>,
    /// Whether the next move by Black is numbered.
    numbered: bool,
    /// Whether the line has a move.
    played: bool,
}

impl Line {
    fn new() -> Line {
        Line {
            items: Vec::new(),
            pending: None,
            before: Vec::new(),
            numbered: true,
            played: false,
        }
    }
}

/// Writes one game at a time from its parts, handing each finished line of text to the `out`
/// function of the call that completes it.
#[derive(Debug)]
pub struct RecordWriter {
    options: WriteOptions,
    lines: Vec<Line>,
    /// Side variations waiting to be written, by number.
    arena: Vec<Vec<Item>>,
    /// How many variations being skipped are open.
    skipped: usize,
    wrote_headers: bool,
    wrapper: Wrapper,
}

impl RecordWriter {
    /// A writer with `options`, ready for a game.
    pub fn new(options: WriteOptions) -> RecordWriter {
        RecordWriter {
            options,
            lines: vec![Line::new()],
            arena: Vec::new(),
            skipped: 0,
            wrote_headers: false,
            wrapper: Wrapper::new(options.columns),
        }
    }

    /// What is written.
    pub fn options(&self) -> WriteOptions {
        self.options
    }

    /// Forgets everything of the previous game.
    pub fn begin_game(&mut self) {
        *self = RecordWriter::new(self.options);
    }

    /// Writes a tag pair (unless headers are left out).
    pub fn header(&mut self, name: &str, value: &str, out: &mut impl FnMut(&str)) {
        if self.options.headers {
            out(&format!("[{name} \"{}\"]", escape(value)));
            self.wrote_headers = true;
        }
    }

    /// Writes the empty line between the tag pairs and the movetext.
    pub fn end_headers(&mut self, out: &mut impl FnMut(&str)) {
        if self.wrote_headers {
            out("");
        }
    }

    /// Keeps a comment for the last move or the next one (unless comments are left out); `}`
    /// cannot be written inside a comment and is dropped.
    pub fn comment(&mut self, text: &str) {
        if !self.options.comments || self.skipped > 0 {
            return;
        }
        let line = self.lines.last_mut().expect("the main line");
        let into = match &mut line.pending {
            Some(pending) => &mut pending.comment,
            None => &mut line.before,
        };
        let cleaned = text.replace('}', "");
        into.extend(
            cleaned
                .split(is_space)
                .filter(|word| !word.is_empty())
                .map(str::to_string),
        );
    }

    /// Keeps a NAG for the last move (unless comments are left out).
    pub fn nag(&mut self, nag: i64) {
        if !self.options.comments || self.skipped > 0 {
            return;
        }
        if let Some(pending) = &mut self.lines.last_mut().expect("the main line").pending {
            pending.nags.insert(nag);
        }
    }

    /// Writes the previous move of the line and holds this one: move `number`, by White or
    /// Black, written `san`.
    pub fn play(&mut self, number: u32, white: bool, san: String, out: &mut impl FnMut(&str)) {
        if self.skipped > 0 {
            return;
        }
        let index = self.lines.len() - 1;
        self.write_pending(index, out);
        let line = &mut self.lines[index];
        line.played = true;
        line.pending = Some(Pending {
            before: std::mem::take(&mut line.before),
            number,
            white,
            san,
            nags: BTreeSet::new(),
            comment: Vec::new(),
            sides: Vec::new(),
        });
    }

    /// Opens a side variation; `false` when it is skipped (variations left out, or no move to
    /// be an alternative to).
    pub fn begin_variation(&mut self) -> bool {
        let after_move = self.lines.last().is_some_and(|line| line.pending.is_some());
        if self.skipped > 0 || !self.options.variations || !after_move {
            self.skipped += 1;
            return false;
        }
        self.lines.push(Line::new());
        true
    }

    /// Closes the side variation; it is written after the move it is an alternative to, unless
    /// it holds no move (its first move was bad), like the variation a reader skips.
    pub fn end_variation(&mut self, out: &mut impl FnMut(&str)) {
        if self.skipped > 0 {
            self.skipped -= 1;
            return;
        }
        if self.lines.len() == 1 {
            return;
        }
        let index = self.lines.len() - 1;
        if !self.lines[index].played {
            self.lines.pop();
            return;
        }
        self.close(index, out);
        let line = self.lines.pop().expect("a side line");
        self.arena.push(line.items);
        let side = self.arena.len() - 1;
        let parent = self.lines.last_mut().expect("the main line");
        parent
            .pending
            .as_mut()
            .expect("a variation opens only after a move")
            .sides
            .push(side);
    }

    /// Writes the rest of the movetext and the result.
    pub fn result(&mut self, result: &str, out: &mut impl FnMut(&str)) {
        while self.lines.len() > 1 || self.skipped > 0 {
            self.end_variation(out);
        }
        self.close(0, out);
        self.wrapper.add(result, out);
    }

    /// Writes the last line of the movetext.
    pub fn end_game(&mut self, out: &mut impl FnMut(&str)) {
        self.wrapper.finish(out);
    }

    /// Writes the move held in line `index`, if any.
    fn write_pending(&mut self, index: usize, out: &mut impl FnMut(&str)) {
        let line = &mut self.lines[index];
        let Some(pending) = line.pending.take() else {
            return;
        };
        let numbered = line.numbered;
        line.numbered = !pending.sides.is_empty() || !pending.comment.is_empty();
        self.emit(index, pending.items(numbered), out);
    }

    /// Writes what line `index` still holds: its last move, or a comment without a move.
    fn close(&mut self, index: usize, out: &mut impl FnMut(&str)) {
        self.write_pending(index, out);
        let before = std::mem::take(&mut self.lines[index].before);
        if !before.is_empty() {
            self.emit(index, comment_items(&before), out);
        }
    }

    /// Adds items to a side variation, or writes them for the main line.
    fn emit(&mut self, index: usize, items: Vec<Item>, out: &mut impl FnMut(&str)) {
        if index > 0 {
            self.lines[index].items.extend(items);
            return;
        }
        // Nested variations are walked with an explicit stack; each is written once, so it is
        // taken out of the arena.
        let mut stack = vec![items.into_iter()];
        while let Some(top) = stack.last_mut() {
            match top.next() {
                Some(Item::Word(word)) => self.wrapper.add(&word, out),
                Some(Item::Variation(side)) => {
                    self.wrapper.open();
                    stack.push(std::mem::take(&mut self.arena[side]).into_iter());
                }
                None => {
                    stack.pop();
                    if !stack.is_empty() {
                        self.wrapper.close(out);
                    }
                }
            }
        }
    }
}
