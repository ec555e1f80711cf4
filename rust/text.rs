//! Words for messages: quoting a bad input, counting with the right noun.

/// At most this many characters of a bad input are quoted in an error message.
const QUOTE: usize = 40;

/// `number` and the noun, singular or plural as `number` needs, for a message: `1 rank`,
/// `8 ranks`.
pub fn counted(number: usize, singular: &str, plural: &str) -> String {
    format!("{number} {}", if number == 1 { singular } else { plural })
}

/// `text`, quoted for an error message, shortened when long.
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(QUOTE).collect();
        format!("{head:?}... ({} characters)", text.chars().count())
    }
}
