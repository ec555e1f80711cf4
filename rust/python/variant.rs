//! The `Variant` class: a game's rules as a value, built in or loaded from a variant file, and
//! the `VariantArg` argument that lets every `variant=` parameter take one or a name.

use crate::catalog;
use crate::variant::Variant;
use crate::variant_file::{self, VariantFileError};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType, PyTypeMethods};

pyo3::create_exception!(
    meiriqi._core,
    InvalidVariantError,
    PyValueError,
    "A variant file could not be read: the message names the file, line, column and field; \
     `path`, `line` and `column` hold the place (`None` where the mistake has none)."
);

/// The variant called `name` (built in, or loaded from a file), or a `ValueError` listing the
/// built-in names.
pub(super) fn variant_named(name: &str) -> PyResult<&'static Variant> {
    catalog::find(name).ok_or_else(|| {
        let names: Vec<&str> = Variant::names().collect();
        PyValueError::new_err(format!(
            "unknown variant {}: expected one of {} (or the name of a variant loaded from a \
                 file)",
            crate::text::quote(name),
            names.join(", ")
        ))
    })
}

/// `", variant='chess'"` for a variant other than Mĕirìqí, for `repr`.
pub(super) fn variant_argument(variant: &Variant) -> String {
    if variant.spec().name == "meiriqi" {
        String::new()
    } else {
        format!(", variant='{}'", variant.spec().name)
    }
}

/// A `variant=` argument: a `Variant`, or the name of one.
#[derive(Clone, Copy)]
pub(super) struct VariantArg(pub &'static Variant);

impl Default for VariantArg {
    /// Mĕirìqí, the flagship.
    fn default() -> VariantArg {
        VariantArg(Variant::meiriqi())
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for VariantArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<VariantArg> {
        if let Ok(variant) = obj.cast::<PyVariant>() {
            return Ok(VariantArg(variant.get().variant));
        }
        let name: String = obj.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("a variant is a Variant or a variant's name")
        })?;
        variant_named(&name).map(VariantArg)
    }
}

/// The Python error of a variant file's mistake.
fn invalid_variant(error: VariantFileError) -> PyErr {
    variant_error(error.to_string(), &error.file, error.position)
}

/// An `InvalidVariantError` saying `message` about the file called `file`, with its `path`,
/// `line` and `column` (from 1; `None` for a mistake in no place of it).
fn variant_error(message: String, file: &str, position: Option<(usize, usize)>) -> PyErr {
    let exception = InvalidVariantError::new_err(message);
    Python::attach(|py| {
        let value = exception.value(py);
        let (line, column) = position.unzip();
        let set = (value.setattr("path", file))
            .and_then(|()| value.setattr("line", line))
            .and_then(|()| value.setattr("column", column));
        match set {
            Ok(()) => exception,
            Err(failure) => failure,
        }
    })
}

/// A game's rules: one of the built-in variants, or one loaded from a variant file (TOML, as
/// docs/variants.md describes). A loaded variant lives as long as the program, and its name then
/// works wherever a variant's name does (`Board(variant="my-game")`).
#[pyclass(name = "Variant", module = "meiriqi._core", frozen)]
pub(super) struct PyVariant {
    variant: &'static Variant,
}

impl PyVariant {
    /// The Python value of `variant`.
    pub(super) fn of(variant: &'static Variant) -> PyVariant {
        PyVariant { variant }
    }

    /// How the variant presents itself.
    fn presentation(&self) -> &crate::presentation::Presentation {
        &self.variant.spec().presentation
    }

    /// `value` of each piece type's rule and presentation, for the types that have one.
    fn per_piece<T>(
        &self,
        value: impl Fn(&crate::variant::PieceRule, &crate::presentation::PiecePresentation) -> Option<T>,
    ) -> std::collections::BTreeMap<u8, T> {
        let pieces = &self.presentation().pieces;
        (self.variant.rules().zip(pieces))
            .filter_map(|(rule, piece)| Some((rule.kind.number(), value(rule, piece)?)))
            .collect()
    }

    /// The variant's address: variants are never freed, so it names one.
    fn address(&self) -> usize {
        std::ptr::from_ref(self.variant) as usize
    }
}

#[pymethods]
impl PyVariant {
    /// The variant called `name`: built in, or loaded before.
    #[new]
    fn new(variant: VariantArg) -> PyVariant {
        PyVariant { variant: variant.0 }
    }

    /// Reads the variant file at `path` (`OSError` when it cannot be read,
    /// `InvalidVariantError` for a mistake in it).
    #[classmethod]
    fn load(cls: &Bound<'_, PyType>, path: std::path::PathBuf) -> PyResult<PyVariant> {
        let text = read_limited(cls.py(), &path)?;
        let name = path.display().to_string();
        let variant = catalog::load(&text, &name).map_err(invalid_variant)?;
        Ok(PyVariant { variant })
    }

    /// Reads a variant file's `text`; `file` names it in errors. A path is a `TypeError`, and
    /// text that reads as one is pointed to `Variant.load`.
    #[classmethod]
    #[pyo3(signature = (text, *, file="<string>"))]
    fn from_toml(
        _cls: &Bound<'_, PyType>,
        text: &Bound<'_, PyAny>,
        file: &str,
    ) -> PyResult<PyVariant> {
        let Ok(text) = text.cast::<PyString>() else {
            let kind = text.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "from_toml reads a variant file's text (a str), not a {kind}: \
                 Variant.load(path) reads a file"
            )));
        };
        // A str Python holds but UTF-8 cannot (a lone surrogate) is a mistake in the text.
        let text = text.to_cow().map_err(|_| {
            variant_error(format!("{file}: the text is not valid Unicode"), file, None)
        })?;
        let variant = catalog::load(&text, file).map_err(|error| {
            let mut message = error.to_string();
            if looks_like_a_path(&text) {
                message += &format!(
                    " ({} looks like a file's path: Variant.load(path) reads a file)",
                    crate::text::quote(&text)
                );
            }
            variant_error(message, &error.file, error.position)
        })?;
        Ok(PyVariant { variant })
    }

    /// Every variant loaded from a file in this program so far, in the order they were loaded.
    #[classmethod]
    fn loaded(_cls: &Bound<'_, PyType>) -> Vec<PyVariant> {
        catalog::loaded().into_iter().map(PyVariant::of).collect()
    }

    /// Every variant this program offers: the built-in ones (the flagship first), then the loaded
    /// ones, in the order they were loaded.
    #[classmethod]
    fn offered(_cls: &Bound<'_, PyType>) -> Vec<PyVariant> {
        catalog::offered().into_iter().map(PyVariant::of).collect()
    }

    /// The machine name, such as `meiriqi`.
    #[getter]
    fn name(&self) -> &str {
        &self.variant.spec().name
    }

    /// The name in game records, such as `Meiriqi`.
    #[getter]
    fn title(&self) -> &str {
        &self.variant.spec().title
    }

    /// Other names game records may give the game (`["Standard", ...]` for chess).
    #[getter]
    fn aliases(&self) -> Vec<String> {
        self.variant.spec().aliases.clone()
    }

    /// One line about the game.
    #[getter]
    fn description(&self) -> &str {
        &self.variant.spec().description
    }

    /// Number of files.
    #[getter]
    fn files(&self) -> u8 {
        self.variant.dimensions().files
    }

    /// Number of ranks.
    #[getter]
    fn ranks(&self) -> u8 {
        self.variant.dimensions().ranks
    }

    /// The starting position's FEN.
    #[getter]
    fn starting_fen(&self) -> &str {
        &self.variant.spec().start_fen
    }

    /// The piece types, from 1 in the order of the piece table.
    #[getter]
    fn piece_types(&self) -> Vec<u8> {
        self.variant
            .rules()
            .map(|rule| rule.kind.number())
            .collect()
    }

    /// The piece type of the King (the royal piece), whether it starts on the board or in hand.
    #[getter]
    fn king_type(&self) -> u8 {
        self.variant.royal().number()
    }

    /// The piece types a hand may hold (those a captured piece goes to hand as, and those the
    /// hand order names), in the order FEN lists a hand; empty in a variant without hands.
    #[getter]
    fn hand_types(&self) -> Vec<u8> {
        let variant = self.variant;
        if !variant.spec().hands {
            return Vec::new();
        }
        variant
            .hand_order()
            .iter()
            .filter(|&&kind| variant.drops().holds(kind))
            .map(|kind| kind.number())
            .collect()
    }

    /// Each piece type's description for players (its `about` in the file; may be empty).
    #[getter]
    fn piece_descriptions(&self) -> std::collections::BTreeMap<u8, String> {
        self.variant
            .rules()
            .map(|rule| (rule.kind.number(), rule.spec.about.clone()))
            .collect()
    }

    /// Whether it is one of the built-in variants.
    #[getter]
    fn is_builtin(&self) -> bool {
        catalog::is_built_in(self.variant)
    }

    /// The variant file it was read from.
    #[getter]
    fn source(&self) -> String {
        catalog::source(self.variant)
    }

    /// The name as players read it, with its tone marks (`Mĕirìqí`): `display-title` in the
    /// file, else the title.
    #[getter]
    fn display_title(&self) -> &str {
        &self.presentation().display_title
    }

    /// What players call the region pictures wall off (`palace` in Xiangqi, else `fortress`).
    #[getter]
    fn fortress_name(&self) -> &str {
        &self.presentation().fortress_name
    }

    /// The White pieces (symbols) the guide's diagrams set up beside the Kings (a Gnu in the
    /// Wildeurasian games, so that the piece shown may cross the River).
    #[getter]
    fn diagram_support(&self) -> Vec<String> {
        self.presentation().diagram_support.clone()
    }

    /// Example moves in SAN for the player's hints: the file's, else the start's first moves.
    #[getter]
    fn example_san(&self) -> Vec<String> {
        crate::move_examples::examples(self.variant).0
    }

    /// Example moves in coordinates: the file's, else the start's first moves.
    #[getter]
    fn example_coordinates(&self) -> Vec<String> {
        crate::move_examples::examples(self.variant).1
    }

    /// The name XBoard knows the game by when it plays it by itself (`normal` for chess), else
    /// `None`.
    #[getter]
    fn xboard_variant(&self) -> Option<&str> {
        self.presentation().xboard_variant.as_deref()
    }

    /// Each piece type's moves in XBoard's Betza notation, for the pieces that have one (the
    /// file's, else derived from the piece's moves where Betza expresses them exactly).
    #[getter]
    fn xboard_betza(&self) -> std::collections::BTreeMap<u8, String> {
        self.per_piece(|rule, piece| piece.xboard_betza(&rule.spec.atoms))
    }

    /// The letter of XBoard's piece whose picture shows each piece type, for those the file
    /// chooses one for.
    #[getter]
    fn xboard_pictures(&self) -> std::collections::BTreeMap<u8, char> {
        self.per_piece(|_, piece| piece.xboard_picture)
    }

    /// Whether a King not in check may swap places with a neighbouring friend (`king-swap`).
    #[getter]
    fn has_king_swap(&self) -> bool {
        self.variant.spec().king_swap
    }

    /// Pickles as its name (built in) or its file (loaded), so that another process gets it too.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let this = slf.get();
        if this.is_builtin() {
            Ok((slf.get_type().into_any(), (this.name().to_string(),)))
        } else {
            Ok((slf.get_type().getattr("from_toml")?, (this.source(),)))
        }
    }

    /// The same variant: variants are never copied.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyVariant>()
            .is_ok_and(|other| other.get().address() == self.address())
    }

    fn __hash__(&self) -> u64 {
        self.address() as u64
    }

    fn __repr__(&self) -> String {
        // Names are lowercase letters, digits and '-': nothing to escape.
        format!("Variant('{}')", self.name())
    }
}

/// Whether `text`, which is no variant file, may be a file's path given instead of its text: one
/// line, with no `=` of a TOML key, or ending in `.toml`.
fn looks_like_a_path(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && !text.contains('\n') && (!text.contains('=') || text.ends_with(".toml"))
}

/// The largest variant file read.
const MOST_BYTES: u64 = variant_file::MAX_FILE_BYTES as u64;

/// The text of the file at `path`, reading no more than a variant file may hold.
fn read_limited(py: Python<'_>, path: &std::path::Path) -> PyResult<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MOST_BYTES + 1).read_to_string(&mut text))
        .map_err(|error| match (error.kind(), error.raw_os_error()) {
            (std::io::ErrorKind::InvalidData, _) => variant_error(
                format!("{}: the file is not UTF-8 text", path.display()),
                &path.display().to_string(),
                None,
            ),
            // As Python's own open() reports it: the subclass of the error number, the path.
            (_, Some(code)) => match py
                .import("os")
                .and_then(|os| os.call_method1("strerror", (code,)))
            {
                Ok(reason) => {
                    PyOSError::new_err((code, reason.unbind(), path.display().to_string()))
                }
                Err(failure) => failure,
            },
            _ => error.into(),
        })?;
    Ok(text)
}
