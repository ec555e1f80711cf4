//! The texts a variant file is read from, the file itself and the built-in variants it extends
//! in turn, and where in them a mistake lies.
//!
//! Each text of a chain is read as TOML after as many blank lines as the texts before it hold
//! bytes (plus one each), so that every position in the merged document lies beyond the texts
//! before its own: a position says by itself which text it is in, however deep it sits in the
//! document, and no text is ever indexed with another's positions.

use super::document::Document;
use super::{VariantFileError, MAX_FILE_BYTES};
use std::ops::Range;
use toml::Spanned;

/// One text of a chain.
struct Text<'a> {
    /// What it says.
    text: &'a str,
    /// Its name in errors: the file's name, or the built-in variant's.
    name: String,
    /// Where its positions start in the merged document.
    offset: usize,
}

/// A variant file and the built-in variants it extends, in order: the file itself first.
pub(super) struct Sources<'a> {
    texts: Vec<Text<'a>>,
    /// Where the file gives its `extends`: a mistake in what it inherits is placed there.
    extends: Option<Range<usize>>,
}

impl<'a> Sources<'a> {
    /// Reads the variant file `text`, called `file` in errors, and each built-in variant it
    /// extends in turn (`parent` gives their texts), into one document: the file's own keys
    /// replacing its parent's, the parent's its grandparent's, and so on.
    pub fn read(
        text: &'a str,
        file: &str,
        parent: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<(Sources<'a>, Document), VariantFileError> {
        let mut sources = Sources {
            texts: vec![Text {
                text,
                name: file.to_string(),
                offset: 0,
            }],
            extends: None,
        };
        if text.len() > MAX_FILE_BYTES {
            let why = format!("the file is larger than {MAX_FILE_BYTES} bytes");
            return Err(sources.whole(why));
        }
        let mut document = sources.document(text)?;
        sources.extends = document.extends.as_ref().map(Spanned::span);
        while let Some(extends) = document.extends.take() {
            let name = extends.get_ref();
            let again = sources.texts[1..].iter().any(|known| known.name == *name);
            let Some(parent_text) = parent(name).filter(|_| !again) else {
                let why = match again {
                    true => format!("extends: {name:?} comes twice in the chain of extends"),
                    false => format!("extends: {name:?} is no built-in variant"),
                };
                return Err(sources.at(extends.span(), why));
            };
            let last = sources.texts.last().expect("the file itself is first");
            sources.texts.push(Text {
                text: parent_text,
                name: name.clone(),
                offset: last.offset + last.text.len() + 1,
            });
            document = sources.document(parent_text)?.overridden_by(document);
        }
        Ok((sources, document))
    }

    /// `text`, the last of the chain, read as TOML into the document's shape, its positions
    /// after the texts before it.
    fn document(&self, text: &str) -> Result<Document, VariantFileError> {
        let offset = self.texts.last().map_or(0, |last| last.offset);
        let padded;
        let read = match offset {
            0 => text,
            _ => {
                padded = "\n".repeat(offset) + text;
                &padded
            }
        };
        toml::from_str(read).map_err(|error| {
            let why = error.message().trim().replace('\n', "; ");
            match error.span() {
                Some(span) => self.at(span, why),
                None => self.whole(why),
            }
        })
    }

    /// An error about the file as a whole (no place in it).
    pub fn whole(&self, message: String) -> VariantFileError {
        VariantFileError {
            file: self.texts[0].name.clone(),
            position: None,
            message,
        }
    }

    /// An error about what lies at `span` of the merged document. A mistake in an inherited part
    /// is placed at the file's `extends`, naming the variant and the line it comes from (`meiriqi
    /// variant show NAME` prints that file).
    pub fn at(&self, span: Range<usize>, message: String) -> VariantFileError {
        let text = self
            .texts
            .iter()
            .rev()
            .find(|text| text.offset <= span.start)
            .expect("the file itself starts at 0");
        let (line, column) = line_and_column(text.text, span.start - text.offset);
        if text.offset == 0 {
            return VariantFileError {
                position: Some((line, column)),
                ..self.whole(message)
            };
        }
        let own = self.texts[0].text;
        VariantFileError {
            position: self
                .extends
                .as_ref()
                .map(|extends| line_and_column(own, extends.start)),
            ..self.whole(format!(
                "{message} (inherited from {:?}, line {line}, column {column})",
                text.name
            ))
        }
    }
}

/// The line and column (from 1; the column in characters) of the byte `at` of `text`; a byte
/// within a character, or past the end, counts as the character's or the end's.
pub(super) fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let mut end = at.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(0, |tail| tail.chars().count())
        + 1;
    (line, column)
}
