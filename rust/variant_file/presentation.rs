//! The keys of a variant file that say how the game presents itself, read into a
//! [`Presentation`]: `display-title`, `[display] fortress-name` and `diagram-support`,
//! `[examples]`, `[xboard]` and each piece's `xboard` (their shapes are in [`super::document`]).
//! They change no rule; what a file leaves out gets a default (the title, `fortress`, no
//! examples, and Betza derived from the piece's moves, [`PiecePresentation::xboard_betza`]).

use super::document::{ExampleEntries, PieceEntry, XBoardEntries};
use super::sources::Sources;
use super::VariantFileError;
use crate::piece_rule::PieceSpec;
use crate::presentation::{
    PiecePresentation, Presentation, DEFAULT_FORTRESS_NAME, XBOARD_PICTURES,
};
use toml::Spanned;

/// The presentation keys a file (with what it extends) gives for the whole game.
pub(super) struct Written {
    /// `display-title`.
    pub display_title: Option<Spanned<String>>,
    /// `[display] fortress-name`.
    pub fortress_name: Option<Spanned<String>>,
    /// `[display] diagram-support`.
    pub diagram_support: Option<Spanned<Vec<String>>>,
    /// `[examples]`.
    pub examples: ExampleEntries,
    /// `[xboard]`.
    pub xboard: XBoardEntries,
}

/// The longest display title and fortress name, in characters.
const MAX_NAME: usize = 64;

/// The most example moves in a list, and the longest one.
const MAX_EXAMPLES: usize = 8;
const MAX_EXAMPLE: usize = 16;

impl Written {
    /// The presentation of a game titled `title` whose pieces are written `entries` and read
    /// as `pieces`, or the first mistake in it.
    pub fn read(
        self,
        sources: &Sources<'_>,
        title: &str,
        entries: &[Spanned<PieceEntry>],
        pieces: &[PieceSpec],
    ) -> Result<Presentation, VariantFileError> {
        let named = |value: Option<Spanned<String>>, field: &str, default: &str| match value {
            None => Ok(default.to_string()),
            Some(value) => match name_problem(value.get_ref()) {
                Some(why) => Err(sources.at(value.span(), format!("{field}: {why}"))),
                None => Ok(value.into_inner()),
            },
        };
        let examples = |value: Option<Spanned<Vec<String>>>, field: &str| match value {
            None => Ok(Vec::new()),
            Some(value) => match examples_problem(value.get_ref()) {
                Some(why) => Err(sources.at(value.span(), format!("examples.{field}: {why}"))),
                None => Ok(value.into_inner()),
            },
        };
        let xboard_variant = match self.xboard.variant {
            None => None,
            Some(name) if valid_xboard_name(name.get_ref()) => Some(name.into_inner()),
            Some(name) => {
                return Err(sources.at(
                    name.span(),
                    format!(
                        "xboard.variant: {:?} is not a variant name of XBoard's (lowercase \
                         letters and digits)",
                        name.get_ref()
                    ),
                ))
            }
        };
        let diagram_support = match self.diagram_support {
            None => Vec::new(),
            Some(symbols) => {
                let unknown = (symbols.get_ref().iter())
                    .find(|symbol| !pieces.iter().any(|piece| piece.symbol == **symbol));
                if let Some(symbol) = unknown {
                    return Err(sources.at(
                        symbols.span(),
                        format!("display.diagram-support: {symbol:?} is no piece of the game"),
                    ));
                }
                symbols.into_inner()
            }
        };
        Ok(Presentation {
            display_title: named(self.display_title, "display-title", title)?,
            fortress_name: named(
                self.fortress_name,
                "display.fortress-name",
                DEFAULT_FORTRESS_NAME,
            )?,
            diagram_support,
            example_san: examples(self.examples.san, "san")?,
            example_coordinates: examples(self.examples.coordinates, "coordinates")?,
            xboard_variant,
            pieces: entries
                .iter()
                .zip(pieces)
                .enumerate()
                .map(|(index, (entry, piece))| piece_presentation(sources, index, entry, piece))
                .collect::<Result<_, _>>()?,
        })
    }
}

/// What XBoard is told about the piece `index` (from 0), written `entry` and read as `piece`.
fn piece_presentation(
    sources: &Sources<'_>,
    index: usize,
    entry: &Spanned<PieceEntry>,
    piece: &PieceSpec,
) -> Result<PiecePresentation, VariantFileError> {
    let field = format!("pieces[{}] ({}): xboard", index + 1, piece.name);
    let written = entry.get_ref().xboard.clone().unwrap_or_default();
    let given_betza = match written.betza {
        None => None,
        Some(betza) => match betza_problem(betza.get_ref()) {
            Some(why) => return Err(sources.at(betza.span(), format!("{field}.betza: {why}"))),
            None => Some(betza.into_inner()),
        },
    };
    let xboard_picture = match written.picture {
        None => None,
        Some(picture) => match picture.get_ref().chars().collect::<Vec<_>>()[..] {
            [letter] if XBOARD_PICTURES.contains(letter) => Some(letter),
            _ => {
                return Err(sources.at(
                    picture.span(),
                    format!(
                        "{field}.picture: {:?} is not one of XBoard's pieces ({})",
                        picture.get_ref(),
                        XBOARD_PICTURES
                    ),
                ))
            }
        },
    };
    Ok(PiecePresentation {
        given_betza,
        xboard_picture,
    })
}

/// What keeps `text` from being a display title or a fortress name: one line of any script,
/// not empty, without spaces at its ends, at most [`MAX_NAME`] characters.
fn name_problem(text: &str) -> Option<String> {
    if let Some(why) = super::not_one_line(text) {
        return Some(why);
    }
    if text.trim() != text || text.is_empty() {
        return Some(format!("{text:?} is empty or has spaces at its ends"));
    }
    (text.chars().count() > MAX_NAME).then(|| format!("longer than {MAX_NAME} characters"))
}

/// What keeps `moves` from being a list of example moves: at most [`MAX_EXAMPLES`], each
/// printable ASCII without spaces, 1 to [`MAX_EXAMPLE`] characters.
fn examples_problem(moves: &[String]) -> Option<String> {
    if moves.len() > MAX_EXAMPLES {
        return Some(format!("more than {MAX_EXAMPLES} moves"));
    }
    moves
        .iter()
        .find(|text| !(1..=MAX_EXAMPLE).contains(&text.len()) || !is_token(text))
        .map(|text| {
            format!(
                "{text:?} is not a move as written (1 to {MAX_EXAMPLE} characters of printable \
                 ASCII, no spaces)"
            )
        })
}

/// What keeps `text` from being an XBoard Betza string: printable ASCII without spaces, at most
/// [`crate::betza::MAX_LENGTH`] characters (empty: none).
fn betza_problem(text: &str) -> Option<String> {
    if text.len() > crate::betza::MAX_LENGTH {
        return Some(format!(
            "longer than {} characters",
            crate::betza::MAX_LENGTH
        ));
    }
    (!is_token(text)).then(|| {
        format!("{text:?} is not Betza notation (printable ASCII without spaces; empty: none)")
    })
}

/// Whether `text` is printable ASCII without spaces.
fn is_token(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_graphic())
}

/// Whether `name` may be the name of one of XBoard's variants.
fn valid_xboard_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use crate::presentation::Presentation;
    use crate::variant::{Variant, VariantSpec};

    /// A game of Kings and Rooks on 4x4, with `extra` before its pieces and `rook` in the Rook's.
    fn small(extra: &str, rook: &str) -> String {
        format!(
            "name = \"tiny\"\nfiles = 4\nranks = 4\nstart = \"2k1/1r2/4/K2R w - - 0 1\"\n{extra}\n\
             [[pieces]]\nname = \"king\"\nsymbol = \"K\"\nvalue = 0\nroles = [\"royal\"]\n\
             moves = [{{ leap = [1, 0] }}, {{ leap = [1, 1] }}]\n\n\
             [[pieces]]\nname = \"rook\"\nsymbol = \"R\"\nmoves = [{{ ride = [1, 0] }}]\n{rook}\n"
        )
    }

    /// The presentation of the file `text`, or its error as printed.
    fn read(text: &str) -> Result<Presentation, String> {
        read_spec(text).map(|spec| spec.presentation)
    }

    /// The definition of the file `text`, or its error as printed.
    fn read_spec(text: &str) -> Result<VariantSpec, String> {
        crate::catalog::read(text, "my.toml")
            .map(|variant| variant.spec().clone())
            .map_err(|error| error.to_string())
    }

    /// The XBoard Betza of each piece of `spec`.
    fn betza(spec: &VariantSpec) -> Vec<Option<String>> {
        (spec.pieces.iter().zip(&spec.presentation.pieces))
            .map(|(piece, presentation)| presentation.xboard_betza(&piece.atoms))
            .collect()
    }

    #[test]
    fn a_file_without_the_keys_gets_the_defaults() {
        let spec = read_spec(&small("title = \"Tiny\"", "")).unwrap();
        assert_eq!(betza(&spec), [Some("K".to_string()), Some("R".to_string())]);
        let presentation = spec.presentation;
        assert_eq!(presentation.display_title, "Tiny");
        assert_eq!(presentation.fortress_name, "fortress");
        assert!(presentation.example_san.is_empty() && presentation.example_coordinates.is_empty());
        assert_eq!(presentation.xboard_variant, None);
        assert!(presentation
            .pieces
            .iter()
            .all(|piece| piece.given_betza.is_none()));
    }

    #[test]
    fn a_file_s_keys_are_read() {
        let extra = "display-title = \"Tíny\"\n[display]\nfortress-name = \"castle\"\n\
                     [examples]\nsan = [\"Rd2\"]\ncoordinates = [\"d1d2\"]\n\
                     [xboard]\nvariant = \"tiny4\"\n";
        let presentation =
            read(&small(extra, "xboard = { betza = \"\", picture = \"C\" }")).unwrap();
        assert_eq!(presentation.display_title, "Tíny");
        assert_eq!(presentation.fortress_name, "castle");
        assert_eq!(presentation.example_san, ["Rd2"]);
        assert_eq!(presentation.example_coordinates, ["d1d2"]);
        assert_eq!(presentation.xboard_variant.as_deref(), Some("tiny4"));
        assert_eq!(presentation.pieces[1].given_betza.as_deref(), Some(""));
        let spec = read_spec(&small("", "xboard = { betza = \"\" }")).unwrap();
        assert_eq!(betza(&spec), [Some("K".to_string()), None]);
        assert_eq!(presentation.pieces[1].xboard_picture, Some('C'));
    }

    #[test]
    fn mistakes_are_placed_and_name_the_key() {
        let cases = [
            (small("display-title = \" Tiny\"", ""), "line 5, column 17: display-title: \" Tiny\""),
            (
                small("display-title = \"Two\\nlines\"", ""),
                "display-title: '\\n' is a control character",
            ),
            (
                small("[display]\nfortress-name = \"\"", ""),
                "line 6, column 17: display.fortress-name: \"\" is empty",
            ),
            (
                small("[examples]\nsan = [\"e4 e5\"]", ""),
                "line 6, column 7: examples.san: \"e4 e5\" is not a move as written",
            ),
            (
                small("[examples]\ncoordinates = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", \"i\"]", ""),
                "examples.coordinates: more than 8 moves",
            ),
            (
                small("[display]\ndiagram-support = [\"Q\"]", ""),
                "line 6, column 19: display.diagram-support: \"Q\" is no piece of the game",
            ),
            (
                small("[xboard]\nvariant = \"Normal\"", ""),
                "line 6, column 11: xboard.variant: \"Normal\" is not a variant name of XBoard's",
            ),
            (
                small("", "xboard = { picture = \"X\" }"),
                "line 17, column 22: pieces[2] (rook): xboard.picture: \"X\" is not one of XBoard's",
            ),
            (
                small("", "xboard = { betza = \"f R\" }"),
                "line 17, column 20: pieces[2] (rook): xboard.betza: \"f R\" is not Betza notation",
            ),
            (small("", "xboard = { betsa = \"R\" }"), "unknown field `betsa`"),
            (small("[examples]\nuci = []", ""), "unknown field `uci`"),
        ];
        for (text, expected) in cases {
            let message = read(&text).expect_err(expected);
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
    }

    #[test]
    fn a_child_inherits_examples_and_pictures_but_not_the_parent_s_names() {
        let child = "extends = \"meiriqi\"\nname = \"meiriqi-child\"\ntitle = \"Meiriqi child\"\n";
        let presentation = read(child).unwrap();
        let meiriqi = &Variant::meiriqi().spec().presentation;
        assert_eq!(presentation.display_title, "Meiriqi child");
        assert_eq!(presentation.example_san, meiriqi.example_san);
        assert_eq!(presentation.pieces, meiriqi.pieces);
        let chess = "extends = \"chess\"\nname = \"chess-child\"\ntitle = \"Chess child\"\n";
        assert_eq!(read(chess).unwrap().xboard_variant, None);
        let xiangqi = Variant::by_name("xiangqi").unwrap().spec();
        assert_eq!(xiangqi.presentation.fortress_name, "palace");
        assert_eq!(
            xiangqi.presentation.xboard_variant.as_deref(),
            Some("xiangqi")
        );
    }

    #[test]
    fn a_replaced_piece_carries_its_own_xboard_keys() {
        // The Korean Tank hops over a screen for every move: no Betza, and no picture chosen.
        let korean = Variant::by_name("wildeurasian-bestiary-korean")
            .unwrap()
            .spec();
        let plain = Variant::by_name("wildeurasian-bestiary").unwrap().spec();
        let tank = |spec: &VariantSpec| {
            let index = spec.pieces.iter().position(|p| p.symbol == "T").unwrap();
            (
                betza(spec)[index].clone(),
                spec.presentation.pieces[index].xboard_picture,
            )
        };
        assert_eq!(tank(plain), (Some("mQcpQ".to_string()), Some('F')));
        assert_eq!(tank(korean), (None, None));
    }
}
