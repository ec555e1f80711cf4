//! The one list of variants: the built-in ones, each a variant file (the format of
//! [`crate::variant_file`]) in `python/meiriqi/variants/`, shipped with the Python package for
//! players to read and copy, embedded here and built on first use; and those a player loads from
//! a variant file ([`load`]). Whatever asks which variants exist — by name, in a list, for a FEN
//! that fits another variant — asks here.
//!
//! A file becomes a variant in two steps: its rules ([`crate::variant_file`], which builds the
//! [`Variant`]), then its start position, read once here, checked, and given to the variant
//! ([`Variant::with_start`]). A loaded variant lives as long as the program; one whose file is
//! refused is dropped.

use crate::fen::{self, FenError, ParseError};
use crate::setup::Setup;
use crate::validate;
use crate::variant::Variant;
use crate::variant_file::{self, Read, VariantFileError};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// Pairs each name with the text of its file, `python/meiriqi/variants/NAME.toml`.
macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$((
            $name,
            include_str!(concat!("../python/meiriqi/variants/", $name, ".toml")),
        )),*]
    };
}

/// Every built-in variant by name, with its file, the flagship first.
pub(crate) const BUILT_IN: &[(&str, &str)] = files![
    "meiriqi",
    "yangqi",
    "yangqi-chinese",
    "yangqi-quickpawns",
    "yangqi-berolina",
    "yangqi-chinesepawns",
    "chess",
    "xiangqi",
    "shogi",
    "wildeurasian-bestiary",
    "wildeurasian-mitregi",
    "wildeurasian-dense-rim-mitregi",
    "wildeurasian-bestiary-korean",
    "wildeurasian-mitregi-korean",
    "wildeurasian-dense-rim-mitregi-korean",
    "capablanca",
    "gothic",
    "embassy",
    "grand",
    "amazon",
    "nightrider",
    "knightmate",
    "hoppelpoppel",
    "manchu",
    "shatranj",
    "courier",
    "grasshopper",
    "minishogi",
    "crazyhouse",
    "kyotoshogi",
    "makruk",
    "3check",
    "kingofthehill",
    "racingkings",
    "horde",
    "torishogi",
    "janggi",
    "sittuyin",
    "seirawan",
];

/// The file of the built-in variant called `name`.
pub fn built_in_file(name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, text)| *text)
}

impl Variant {
    /// The built-in variant called `name`, if there is one. Each is built on first use.
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        static BUILT: [OnceLock<Variant>; BUILT_IN.len()] =
            [const { OnceLock::new() }; BUILT_IN.len()];
        let index = BUILT_IN.iter().position(|(known, _)| *known == name)?;
        Some(BUILT[index].get_or_init(|| {
            let (name, text) = BUILT_IN[index];
            read(text, name)
                .unwrap_or_else(|error| panic!("built-in variant files are valid: {error}"))
        }))
    }

    /// Mĕirìqí, the flagship variant.
    pub fn meiriqi() -> &'static Variant {
        Variant::by_name("meiriqi").expect("meiriqi is always defined")
    }

    /// The names of the built-in variants, the flagship first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(name, _)| *name)
    }

    /// Every built-in variant, the flagship first.
    pub fn all() -> impl Iterator<Item = &'static Variant> {
        Variant::names().map(|name| Variant::by_name(name).expect("listed variants exist"))
    }
}

/// Whether `variant` is one of the built-in variants.
pub fn is_built_in(variant: &'static Variant) -> bool {
    Variant::by_name(&variant.spec().name).is_some_and(|known| std::ptr::eq(known, variant))
}

/// The variant called `name`: built in, or loaded from a file.
pub fn find(name: &str) -> Option<&'static Variant> {
    Variant::by_name(name).or_else(|| {
        loaded()
            .into_iter()
            .find(|variant| variant.spec().name == name)
    })
}

/// Every variant offered: the built-in ones (the flagship first), then the loaded ones in the
/// order they were loaded.
pub fn offered() -> Vec<&'static Variant> {
    Variant::all().chain(loaded()).collect()
}

/// A player's variant file read as it is loaded.
struct Loaded {
    text: String,
    outcome: Result<&'static Variant, VariantFileError>,
}

/// Every variant file loaded so far.
static LOADED: Mutex<Vec<Loaded>> = Mutex::new(Vec::new());

/// The files loaded so far, locked. A panic elsewhere while the lock was held leaves the list
/// whole (an entry is pushed complete), so a poisoned lock is taken all the same.
fn loaded_files() -> MutexGuard<'static, Vec<Loaded>> {
    LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Reads a player's variant file `text` (called `file` in errors), which may extend a built-in
/// variant, and checks that its start is a legal position. A loaded variant lives as long as the
/// program, as the built-in ones do: loading the same text again gives the same variant (or the
/// same error), and its name and title must be no other variant's, in any case.
pub fn load(text: &str, file: &str) -> Result<&'static Variant, VariantFileError> {
    let mut loaded = loaded_files();
    if let Some(known) = loaded.iter().find(|known| known.text == text) {
        return known.outcome.clone().map_err(|error| VariantFileError {
            file: file.to_string(),
            ..error
        });
    }
    let read = variant_file::read(text, file, built_in_file)?;
    let start = read_start(&read)?;
    let others: Vec<&Variant> = Variant::all()
        .chain(loaded.iter().filter_map(|known| known.outcome.clone().ok()))
        .collect();
    variant_file::check_unique(&read.variant, &read.places, &others)?;
    let outcome = check_start(&read, &start).map(|()| keep(read.variant.with_start(start)));
    loaded.push(Loaded {
        text: text.to_string(),
        outcome: outcome.clone(),
    });
    outcome
}

/// Reads the variant file `text` (called `file` in errors), which may extend a built-in variant,
/// into a variant with its start position, which must be legal. The variant is not added to the
/// catalog ([`load`] adds it), so its names are not compared with the other variants'.
pub fn read(text: &str, file: &str) -> Result<Variant, VariantFileError> {
    let read = variant_file::read(text, file, built_in_file)?;
    let start = read_start(&read)?;
    check_start(&read, &start)?;
    Ok(read.variant.with_start(start))
}

/// The start position of the variant file `read`, read (not checked) in its variant.
fn read_start(read: &Read<'_>) -> Result<Setup, VariantFileError> {
    let spec = read.variant.spec();
    fen::parse_setup(&read.variant, &spec.start_fen).map_err(|why| {
        read.places
            .start_error(format!("variant {:?}: start position: {why}", spec.name))
    })
}

/// Checks that `start`, the start position of the variant file `read`, is a legal position.
fn check_start(read: &Read<'_>, start: &Setup) -> Result<(), VariantFileError> {
    let problems = start.problems(&read.variant);
    if problems.is_empty() {
        Ok(())
    } else {
        let why = validate::describe(&problems, &read.variant);
        Err(read.places.start_error(format!("start: {why}")))
    }
}

/// Keeps `variant`, read and checked, for as long as the program runs.
fn keep(variant: Variant) -> &'static Variant {
    #[cfg(test)]
    tests::KEPT.with(|kept| kept.set(kept.get() + 1));
    Box::leak(Box::new(variant))
}

/// Every variant loaded so far, in the order they were loaded.
pub fn loaded() -> Vec<&'static Variant> {
    loaded_files()
        .iter()
        .filter_map(|known| known.outcome.as_ref().ok())
        .copied()
        .collect()
}

/// The variant file `variant` was read from.
pub fn source(variant: &'static Variant) -> String {
    if is_built_in(variant) {
        return built_in_file(&variant.spec().name)
            .unwrap_or_default()
            .to_string();
    }
    loaded_files()
        .iter()
        .find(|known| {
            known
                .outcome
                .as_ref()
                .is_ok_and(|v| std::ptr::eq(*v, variant))
        })
        .map_or_else(String::new, |known| known.text.clone())
}

/// `error`, from reading `fen` as a position of `variant`, naming the other built-in variants in
/// which `fen` reads when it cannot be read (a FEN of chess read as Mĕirìqí, say: a board of the
/// wrong size).
pub fn with_variant_hint(error: ParseError, variant: &Variant, fen: &str) -> ParseError {
    let ParseError::Syntax(error) = error else {
        return error;
    };
    let fits: Vec<&'static str> = Variant::all()
        .filter(|other| other.spec().name != variant.spec().name)
        .filter(|other| fen::parse_setup(other, fen).is_ok())
        .map(|other| other.spec().name.as_str())
        .collect();
    ParseError::Syntax(if fits.is_empty() {
        error
    } else {
        FenError::OtherVariant {
            error: Box::new(error),
            fits,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::Region;
    use crate::variant_file::tests::small;
    use std::cell::Cell;

    thread_local! {
        /// How many variants this thread has kept for the program's lifetime.
        pub(super) static KEPT: Cell<usize> = const { Cell::new(0) };
    }

    #[test]
    fn only_a_variant_whose_file_is_accepted_is_kept() {
        let kept = || KEPT.with(Cell::get);
        let before = kept();
        let text = small("").replace("name = \"tiny\"", "name = \"tiny-kept\"");
        // The Rook on c1 checks the King on c4, with White to move.
        let refused = text.replace("2k1/1r2/4/K2R", "2k1/1r2/4/K1R1");
        let message = load(&refused, "refused.toml").unwrap_err().to_string();
        assert!(
            message.ends_with("start: the side not to move is in check"),
            "{message}"
        );
        assert_eq!(kept(), before);
        load(&text, "kept.toml").unwrap();
        assert_eq!(kept(), before + 1);
    }

    #[test]
    fn every_built_in_file_reads() {
        for (name, text) in BUILT_IN {
            let variant = read(text, name).unwrap();
            assert_eq!(variant.spec().name, *name);
        }
    }

    #[test]
    fn loading_checks_the_start_and_keeps_names_apart() {
        let text = small("[regions]\nhome = \"a1-d2\"")
            .replace("name = \"tiny\"", "name = \"tiny-home\"")
            .replace("value = 0", "value = 0\nconfined-to = \"home\"")
            .replace("2k1/1r2/4/K2R", "1r2/4/2k1/K2R");
        let message = load(&text, "home.toml")
            .expect_err("c2 is outside a3-d4")
            .to_string();
        assert!(
            message.starts_with("home.toml, line 4, column 9: start: "),
            "{message}"
        );
        assert_eq!(load(&text, "home.toml").unwrap_err().to_string(), message);
        let text = text.replace("1r2/4/2k1/K2R", "1r2/2k1/4/K2R");
        let variant = load(&text, "home.toml").unwrap();
        assert_eq!(
            variant.spec().pieces[0].confined_to,
            Region::parse("a1-d2").ok()
        );
        assert!(std::ptr::eq(load(&text, "again.toml").unwrap(), variant));
        assert!(std::ptr::eq(find("tiny-home").unwrap(), variant));
        let other = text.replace("value = 500", "value = 501");
        let clash = load(&other, "other.toml").unwrap_err().to_string();
        assert_eq!(
            clash,
            "other.toml, line 1, column 8: name: another variant is called \"tiny-home\""
        );
        let titled = other.replace(
            "name = \"tiny-home\"",
            "name = \"x\"\ntitle = \"Tiny-Home\"",
        );
        assert_eq!(
            load(&titled, "titled.toml").unwrap_err().to_string(),
            "titled.toml, line 2, column 9: title: another variant is called \"tiny-home\"; \
             names and titles are compared in any case"
        );
        let chess = small("").replace("name = \"tiny\"", "name = \"chess\"");
        assert!(load(&chess, "chess.toml").is_err());
    }

    #[test]
    fn aliases_name_no_other_variant_and_are_not_inherited() {
        let mut taken = std::collections::HashMap::new();
        for variant in Variant::all() {
            let spec = variant.spec();
            let names = [&spec.name, &spec.title].into_iter().chain(&spec.aliases);
            for name in names
                .map(|name| name.to_ascii_lowercase())
                .collect::<std::collections::BTreeSet<_>>()
            {
                if let Some(other) = taken.insert(name.clone(), spec.name.clone()) {
                    panic!("{name:?} names both {other} and {}", spec.name);
                }
            }
        }
        assert_eq!(taken["standard"], "chess");
        let aliased = small("aliases = [\"Tiny Game\", \"STANDARD\"]")
            .replace("name = \"tiny\"", "name = \"tiny-aliased\"");
        let clash = load(&aliased, "aliased.toml").unwrap_err().to_string();
        assert_eq!(
            clash,
            "aliased.toml, line 5, column 11: aliases: another variant is called \"Standard\" \
             (a title or alias of \"chess\"); names and titles are compared in any case"
        );
        let bad = small("aliases = [\"two\\nlines\"]").replace("tiny", "tiny-bad");
        let message = load(&bad, "bad.toml").unwrap_err().to_string();
        assert!(message.contains("aliases: \"two\\nlines\""), "{message}");
        let child = "extends = \"chess\"\nname = \"chess-child\"\ntitle = \"Chess Child\"\n";
        assert!(load(child, "child.toml").unwrap().spec().aliases.is_empty());
    }
}
