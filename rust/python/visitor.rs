//! Calling a game-record visitor (`meiriqi.pgn.BaseVisitor`'s protocol) from Rust.
//!
//! Each hook is looked up once per game on the visitor's class: one the visitor does not
//! override is not called at all, one implemented in Rust by [`TreeBuilder`] or
//! [`RecordExporter`] (the bases of `GameBuilder` and the exporters) is called directly, and
//! anything else is called through Python. So reading into a game tree or writing a record costs
//! no Python call per move, while any visitor of one's own still sees every hook.

use super::board::PyBoard;
use super::exporter::RecordExporter;
use super::move_objects::move_object;
use super::tree_builder::TreeBuilder;
use super::visitor_protocol::{NativeVisitor, SkipType};
use crate::moves::Move;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// The hooks, in the order of [`Visitor::hooks`].
const HOOKS: [&str; 13] = [
    "begin_game",
    "begin_headers",
    "visit_header",
    "end_headers",
    "visit_board",
    "visit_move",
    "visit_comment",
    "visit_nag",
    "begin_variation",
    "end_variation",
    "visit_result",
    "end_game",
    "handle_error",
];

/// A hook by its place in [`HOOKS`].
#[derive(Clone, Copy)]
pub(super) enum Hook {
    BeginGame,
    BeginHeaders,
    VisitHeader,
    EndHeaders,
    VisitBoard,
    VisitMove,
    VisitComment,
    VisitNag,
    BeginVariation,
    EndVariation,
    VisitResult,
    EndGame,
    HandleError,
}

/// How one hook is called.
enum Call<'py> {
    /// Not overridden: the protocol's default does nothing.
    Nothing,
    /// Implemented in Rust by the visitor's native base.
    Native,
    /// A Python method.
    Python(Bound<'py, PyAny>),
}

/// The Rust base a visitor may have.
enum Native<'py> {
    None,
    Builder(Bound<'py, TreeBuilder>),
    Exporter(Bound<'py, RecordExporter>),
}

impl Native<'_> {
    /// Runs `work` on the native visitor (nothing without one).
    fn with(&self, work: impl FnOnce(&mut dyn NativeVisitor) -> PyResult<()>) -> PyResult<()> {
        match self {
            Native::None => Ok(()),
            Native::Builder(builder) => work(&mut *builder.try_borrow_mut()?),
            Native::Exporter(exporter) => work(&mut *exporter.try_borrow_mut()?),
        }
    }

    /// Asks the native visitor whether to skip (`false` without one).
    fn ask(&self, work: impl FnOnce(&mut dyn NativeVisitor) -> PyResult<bool>) -> PyResult<bool> {
        match self {
            Native::None => Ok(false),
            Native::Builder(builder) => work(&mut *builder.try_borrow_mut()?),
            Native::Exporter(exporter) => work(&mut *exporter.try_borrow_mut()?),
        }
    }
}

/// A visitor with its hooks looked up.
pub(super) struct Visitor<'py> {
    object: Bound<'py, PyAny>,
    hooks: Vec<Call<'py>>,
    native: Native<'py>,
}

impl<'py> Visitor<'py> {
    /// Looks up the hooks of `object`; `base` is the protocol's class (`BaseVisitor`), whose
    /// hooks do nothing.
    pub(super) fn new(object: &Bound<'py, PyAny>, base: &Bound<'py, PyType>) -> PyResult<Self> {
        let py = object.py();
        let native = if let Ok(builder) = object.cast::<TreeBuilder>() {
            Native::Builder(builder.clone())
        } else if let Ok(exporter) = object.cast::<RecordExporter>() {
            Native::Exporter(exporter.clone())
        } else {
            Native::None
        };
        let native_class = match &native {
            Native::None => None,
            Native::Builder(_) => Some(py.get_type::<TreeBuilder>()),
            Native::Exporter(_) => Some(py.get_type::<RecordExporter>()),
        };
        let class = object.get_type();
        let own = object.getattr("__dict__").ok();
        let mut hooks = Vec::with_capacity(HOOKS.len());
        for name in HOOKS {
            let found = class.getattr(name)?;
            let in_instance = match &own {
                Some(own) => own.contains(name)?,
                None => false,
            };
            let natively = native_class
                .as_ref()
                .and_then(|native| native.getattr(name).ok())
                .is_some_and(|native| native.is(&found));
            hooks.push(if in_instance {
                Call::Python(object.getattr(name)?)
            } else if natively {
                Call::Native
            } else if base.getattr(name).is_ok_and(|default| default.is(&found)) {
                Call::Nothing
            } else {
                Call::Python(object.getattr(name)?)
            });
        }
        Ok(Visitor {
            object: object.clone(),
            hooks,
            native,
        })
    }

    fn call(&self, hook: Hook) -> &Call<'py> {
        &self.hooks[hook as usize]
    }

    /// Whether `hook` does anything.
    pub(super) fn wants(&self, hook: Hook) -> bool {
        !matches!(self.call(hook), Call::Nothing)
    }

    /// Calls a hook without arguments: `begin_game`, `begin_headers`, `end_headers`,
    /// `begin_variation`, `end_variation` or `end_game`; whether it answered `SKIP`.
    pub(super) fn ask(&self, hook: Hook) -> PyResult<bool> {
        let py = self.object.py();
        match self.call(hook) {
            Call::Nothing => Ok(false),
            Call::Python(method) => Ok(method.call0()?.cast::<SkipType>().is_ok()),
            Call::Native => self.native.ask(|native| {
                match hook {
                    Hook::BeginGame => native.begin_game(),
                    Hook::EndHeaders => native.end_headers(py)?,
                    Hook::BeginVariation => return native.begin_variation(py),
                    Hook::EndVariation => native.end_variation(py)?,
                    Hook::EndGame => native.end_game(py)?,
                    _ => {}
                }
                Ok(false)
            }),
        }
    }

    /// `visit_header(name, value)`.
    pub(super) fn header(&self, name: &str, value: &str) -> PyResult<()> {
        match self.call(Hook::VisitHeader) {
            Call::Nothing => Ok(()),
            Call::Python(method) => method.call1((name, value)).map(drop),
            Call::Native => self
                .native
                .with(|native| native.header(self.object.py(), name, value)),
        }
    }

    /// `visit_board(board)`.
    pub(super) fn board(&self, board: &Bound<'py, PyBoard>) -> PyResult<()> {
        match self.call(Hook::VisitBoard) {
            Call::Python(method) => method.call1((board,)).map(drop),
            _ => Ok(()),
        }
    }

    /// `visit_move(board, move)` for the legal `mv` of `board`'s position (`same_kind`: the
    /// legal moves to its destination by its kind, when at hand).
    pub(super) fn play(
        &self,
        board: &Bound<'py, PyBoard>,
        mv: Move,
        same_kind: Option<&[Move]>,
    ) -> PyResult<()> {
        let py = self.object.py();
        match self.call(Hook::VisitMove) {
            Call::Nothing => Ok(()),
            Call::Python(method) => {
                let variant = board.try_borrow()?.variant();
                method
                    .call1((board, move_object(py, mv, variant)?))
                    .map(drop)
            }
            Call::Native => {
                let mut board = board.try_borrow_mut()?;
                let game = board.game_in_use();
                self.native
                    .with(|native| native.play(py, game, mv, same_kind))
            }
        }
    }

    /// `visit_comment(text)`, `text` already folded and not empty.
    pub(super) fn comment(&self, text: &str) -> PyResult<()> {
        match self.call(Hook::VisitComment) {
            Call::Nothing => Ok(()),
            Call::Python(method) => method.call1((text,)).map(drop),
            Call::Native => self
                .native
                .with(|native| native.comment(self.object.py(), text)),
        }
    }

    /// `visit_nag(nag)`.
    pub(super) fn nag(&self, nag: i64) -> PyResult<()> {
        match self.call(Hook::VisitNag) {
            Call::Nothing => Ok(()),
            Call::Python(method) => method.call1((nag,)).map(drop),
            Call::Native => self.native.with(|native| native.nag(self.object.py(), nag)),
        }
    }

    /// `visit_result(result)`.
    pub(super) fn result(&self, result: &str) -> PyResult<()> {
        match self.call(Hook::VisitResult) {
            Call::Nothing => Ok(()),
            Call::Python(method) => method.call1((result,)).map(drop),
            Call::Native => self
                .native
                .with(|native| native.result(self.object.py(), result)),
        }
    }

    /// `handle_error(error)`, with the `PgnError` made by `make` only when the visitor looks at
    /// errors.
    pub(super) fn error(&self, make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>) -> PyResult<()> {
        match self.call(Hook::HandleError) {
            Call::Python(method) => method.call1((make()?,)).map(drop),
            _ => Ok(()),
        }
    }
}
