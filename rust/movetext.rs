//! The text of game records (docs/notation.md): the tokens of movetext, tag pair lines,
//! whitespace as records fold it, and movetext wrapped to a line width.
//!
//! Whitespace is what Python's `str.split()` splits on, so that records read and write the same
//! whether the Rust or the Python side looks at them.

/// A movetext token, as the reader meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// Whitespace between tokens.
    Space,
    /// `{`: a comment starts (it may run over several lines).
    Brace,
    /// `;` and the rest of the line, without the `;`.
    LineComment(&'a str),
    /// `(`: a variation starts.
    Open,
    /// `)`: a variation ends.
    Close,
    /// `$` and digits, as written.
    Nag(&'a str),
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Suffix(&'a str),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
    /// A move number such as `12.` or `12...`.
    Number,
    /// Something that looks like a move (a letter, maybe after a `+`, then letters, digits and
    /// `=+#@-`).
    Move(&'a str),
    /// Anything else.
    Unknown(&'a str),
}

/// The results a record may end with.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Annotation suffixes and the NAGs they stand for, longest first.
pub const SUFFIX_NAGS: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// Whether `c` is whitespace as Python's `str.split()` sees it.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The first token of `text` (which is not empty) and its length in bytes.
pub fn next_token(text: &str) -> (Token<'_>, usize) {
    let bytes = text.as_bytes();
    let first = text.chars().next().expect("a token of non-empty text");
    if is_space(first) {
        let end = text.find(|c: char| !is_space(c)).unwrap_or(text.len());
        return (Token::Space, end);
    }
    match first {
        '{' => return (Token::Brace, 1),
        ';' => return (Token::LineComment(&text[1..]), text.len()),
        '(' => return (Token::Open, 1),
        ')' => return (Token::Close, 1),
        _ => {}
    }
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    if first == '$' && digits(1) > 0 {
        let end = 1 + digits(1);
        return (Token::Nag(&text[..end]), end);
    }
    if let Some(&(suffix, _)) = SUFFIX_NAGS.iter().find(|(s, _)| text.starts_with(s)) {
        return (Token::Suffix(suffix), suffix.len());
    }
    if let Some(result) = RESULTS.iter().find(|r| text.starts_with(**r)) {
        return (Token::Result(result), result.len());
    }
    let number = digits(0);
    if number > 0 {
        let dots = bytes[number..].iter().take_while(|&&b| b == b'.').count();
        return (Token::Number, number + dots);
    }
    let letter_at = usize::from(first == '+');
    if bytes.get(letter_at).is_some_and(u8::is_ascii_alphabetic) {
        let end = letter_at
            + 1
            + bytes[letter_at + 1..]
                .iter()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b"=+#@-/".contains(&b))
                .count();
        return (Token::Move(&text[..end]), end);
    }
    let end = text
        .find(|c: char| is_space(c) || "{}();$!?".contains(c))
        .unwrap_or(text.len());
    let end = if end == 0 { first.len_utf8() } else { end };
    (Token::Unknown(&text[..end]), end)
}

/// The name and unescaped value of a tag pair line (`[Name "value"]`, spaces allowed around
/// the parts, `\` escaping the next character), with the byte offset of the value in `line`;
/// `None` for any other line.
pub fn tag_pair(line: &str) -> Option<(&str, String, usize)> {
    let rest = line.trim_start_matches(is_space).strip_prefix('[')?;
    let rest = rest.trim_start_matches(is_space);
    let name_length = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    let (name, rest) = rest.split_at(name_length);
    let quoted = rest.trim_start_matches(is_space);
    if name.is_empty() || quoted.len() == rest.len() {
        return None;
    }
    let body = quoted.strip_prefix('"')?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.char_indices();
    loop {
        match chars.next()? {
            (_, '\\') => value.push(chars.next()?.1),
            (index, '"') => {
                let tail = body[index + 1..].trim_start_matches(is_space);
                let tail = tail.strip_prefix(']')?;
                return tail
                    .trim_start_matches(is_space)
                    .is_empty()
                    .then(|| (name, value, line.len() - body.len()));
            }
            (_, c) => value.push(c),
        }
    }
}

/// The column (counted in characters, from 1) of byte `offset` of `line`.
pub fn column(line: &str, offset: usize) -> usize {
    line.get(..offset)
        .map_or(offset, |head| head.chars().count())
        + 1
}

/// `text` with its whitespace runs folded to single spaces and trimmed.
pub fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for word in text.split(is_space).filter(|word| !word.is_empty()) {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(word);
    }
    folded
}

/// A tag value with backslashes and quotes escaped.
pub fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Lays words out on lines of at most a given width (a longer word stands alone; `None`: one
/// line); a variation's opening parenthesis sticks to its first word and the closing one to its
/// last word.
#[derive(Debug)]
pub struct Wrapper {
    columns: Option<usize>,
    line: String,
    /// The characters in `line`.
    length: usize,
    /// The last word, held until it is known whether a `)` sticks to it.
    word: Option<String>,
    /// `(`s waiting for the next word.
    opening: String,
}

impl Wrapper {
    /// A wrapper filling lines of at most `columns` characters.
    pub fn new(columns: Option<usize>) -> Wrapper {
        Wrapper {
            columns,
            line: String::new(),
            length: 0,
            word: None,
            opening: String::new(),
        }
    }

    /// Adds a word; each line completed is handed to `write_line`.
    pub fn add(&mut self, word: &str, write_line: &mut impl FnMut(&str)) {
        self.place(write_line);
        let mut held = std::mem::take(&mut self.opening);
        held.push_str(word);
        self.word = Some(held);
    }

    /// Opens a variation: `(` before the next word.
    pub fn open(&mut self) {
        self.opening.push('(');
    }

    /// Closes a variation: `)` after the last word.
    pub fn close(&mut self, write_line: &mut impl FnMut(&str)) {
        match &mut self.word {
            Some(word) => word.push(')'),
            None => self.add(")", write_line),
        }
    }

    /// Puts the held word on the current line, or starts a new line with it.
    fn place(&mut self, write_line: &mut impl FnMut(&str)) {
        let Some(word) = self.word.take() else {
            return;
        };
        let width = word.chars().count();
        let fits = self
            .columns
            .map_or(true, |columns| self.length + 1 + width <= columns);
        if !self.line.is_empty() && fits {
            self.line.push(' ');
            self.line.push_str(&word);
            self.length += 1 + width;
        } else {
            self.flush(write_line);
            self.line = word;
            self.length = width;
        }
    }

    /// Writes the current line, if any.
    fn flush(&mut self, write_line: &mut impl FnMut(&str)) {
        if !self.line.is_empty() {
            write_line(&self.line);
        }
        self.line.clear();
        self.length = 0;
    }

    /// Writes everything held.
    pub fn finish(&mut self, write_line: &mut impl FnMut(&str)) {
        self.place(write_line);
        self.flush(write_line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token<'_>> {
        let mut rest = text;
        let mut out = Vec::new();
        while !rest.is_empty() {
            let (token, length) = next_token(rest);
            out.push(token);
            rest = &rest[length..];
        }
        out
    }

    #[test]
    fn tokenizes_as_the_grammar_says() {
        use Token::*;
        assert_eq!(
            tokens("1. Nb4 $1 j6!? (1... a7) {c} ; rest"),
            vec![
                Number,
                Space,
                Move("Nb4"),
                Space,
                Nag("$1"),
                Space,
                Move("j6"),
                Suffix("!?"),
                Space,
                Open,
                Number,
                Space,
                Move("a7"),
                Close,
                Space,
                Brace,
                Move("c"),
                Unknown("}"),
                Space,
                LineComment(" rest"),
            ]
        );
        assert_eq!(tokens("1-0"), vec![Result("1-0")]);
        assert_eq!(tokens("0-0"), vec![Number, Unknown("-0")]);
        assert_eq!(tokens("$"), vec![Unknown("$")]);
        assert_eq!(tokens("+5"), vec![Unknown("+5")]);
        assert_eq!(tokens("+Pe5="), vec![Move("+Pe5=")]);
        assert_eq!(tokens("O-O/He1+"), vec![Move("O-O/He1+")]);
        assert_eq!(tokens("é"), vec![Unknown("é")]);
        assert_eq!(tokens("\u{a0}x"), vec![Space, Move("x")]);
    }

    #[test]
    fn reads_tag_pairs() {
        assert_eq!(
            tag_pair(r#"[Annotator "Eve \"the\" critic \\ 2"]"#),
            Some(("Annotator", r#"Eve "the" critic \ 2"#.to_string(), 12))
        );
        assert_eq!(
            tag_pair(r#"  [ White   "A" ]  "#),
            Some(("White", "A".to_string(), 13))
        );
        for bad in [
            r#"[White"A"]"#,
            r#"[White "A]"#,
            r#"[ "A"]"#,
            "[White]",
            r#"[W "a"b"]"#,
        ] {
            assert_eq!(tag_pair(bad), None, "{bad}");
        }
    }

    #[test]
    fn folds_whitespace_as_python() {
        assert_eq!(fold("  a \t b\n\u{1f}c  "), "a b c");
    }

    #[test]
    fn wraps_words_with_sticky_parentheses() {
        let mut lines = Vec::new();
        let mut write = |line: &str| lines.push(line.to_string());
        let mut wrapper = Wrapper::new(Some(10));
        wrapper.add("1.", &mut write);
        wrapper.add("Nb4", &mut write);
        wrapper.open();
        wrapper.add("1.", &mut write);
        wrapper.add("a7", &mut write);
        wrapper.close(&mut write);
        wrapper.add("j6", &mut write);
        wrapper.finish(&mut write);
        assert_eq!(lines, ["1. Nb4 (1.", "a7) j6"]);
    }
}
