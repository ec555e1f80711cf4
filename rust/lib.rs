//! # meiriqi
//!
//! A fast rules engine for Mĕirìqí (Glenn Overby's "Beautiful Sun Chess", a 10x10 blend of FIDE
//! chess, Shogi and Xiangqi), built so that related large-board variants are more data, not more
//! code: every piece is a list of movement [atoms](atom::Atom), every variant a
//! [definition](variant::VariantSpec) from which [tables](tables::Tables) of paths are
//! precomputed.
//!
//! ```
//! use meiriqi::{fen, perft, Variant};
//!
//! let variant = Variant::meiriqi();
//! let mut position = fen::parse(variant, &variant.spec().start_fen).unwrap();
//! assert_eq!(perft::perft(&mut position, 2), 1934);
//! ```

pub mod atom;
pub mod betza;
pub mod eval;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod limits;
pub mod move_examples;
pub mod movegen;
pub mod moves;
pub mod movetext;
pub mod perft;
pub mod piece;
pub mod piece_rule;
pub mod playout;
pub mod position;
pub mod presentation;
pub mod record_writer;
pub mod region;
pub mod san;
pub mod search;
pub mod setup;
pub mod square_set;
pub mod tables;
pub mod variant;
pub mod variant_file;
mod variants;
mod zobrist;

#[cfg(feature = "python")]
mod python;

pub use game::{Game, Outcome, Termination};
pub use geometry::Square;
pub use moves::{Move, MoveKind, UciMove};
pub use piece::{Color, Kind, Piece};
pub use position::Position;
pub use setup::{CastlingRights, Setup};
pub use variant::Variant;
