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
//!
//! ## Layers
//!
//! The modules, from the bottom up: a module uses only modules listed before it (on an earlier
//! line, or earlier on its own), so that no import runs back up and none goes round in a circle.
//! Tests (`#[cfg(test)]`) may use any module. A test reads this list and checks every file's
//! imports against it.
//!
//! ```text
//! text, geometry, piece, square_set         words for messages, squares, colours and kinds, sets
//! atom, betza, region                       movement atoms, Betza read into atoms, board regions
//! conventions, extinction, end_rules        rule switches: programs' conventions, bare Kings,
//!                                           goals, check limits, counting
//! material_count                            the material count that scores an end by passing
//! piece_rule, tables, network, eval_tables  a row of the piece table, its paths, a network's
//!                                           weights, its values
//! drop_table                                where each kind may be dropped, from which hand
//! presentation                              how a variant is shown: titles, pictures, examples
//! castling, counters, gates, setup          plain data: castling rights, counters, gates, an
//!                                           unchecked position
//! variant, variant_file                     the variant built from its definition; its file read
//! moves, zobrist, board_changes             plain data: moves, hash keys, the pieces a move
//!                                           put on and took off
//! position, move_limits                     make/unmake, the Wildeurasian limits
//! movegen, gating                           legal moves, moves that bring a piece in through a
//!                                           gate
//! validate                                  a setup checked into a position
//! in_place_promotion, must_drop             promotions as moves of their own, forced drops
//! counting                                  the counters a move updates
//! ends                                      the ends of a game by a variant's own rule
//! drop_mate                                 a mate by a drop that the dropper loses
//! uci, fen, san, movetext, record_writer    text: coordinate moves, FEN, SAN, game records
//! game, perft, eval, repetition            history and endings, counting, evaluation, repetitions
//! quiet_history                             what a search learns of quiet moves' success
//! search, playout                           the computer player, random games
//! move_examples                             a variant's example moves, from its file or its start
//! catalog                                   the one list of variants, built in and loaded
//! python                                    the Python bindings: translation only
//! ```

pub mod atom;
pub mod betza;
pub mod board_changes;
pub mod castling;
pub mod catalog;
pub mod conventions;
pub mod counters;
pub mod counting;
pub mod drop_mate;
pub mod drop_table;
pub mod end_rules;
pub mod ends;
pub mod eval;
pub mod eval_tables;
pub mod extinction;
pub mod fen;
pub mod game;
pub mod gates;
pub mod gating;
pub mod geometry;
pub mod in_place_promotion;
#[cfg(test)]
mod layering;
pub mod material_count;
pub mod move_examples;
pub mod move_limits;
pub mod movegen;
pub mod moves;
pub mod movetext;
pub mod must_drop;
pub mod network;
pub mod perft;
pub mod piece;
pub mod piece_rule;
pub mod playout;
pub mod position;
pub mod presentation;
pub mod quiet_history;
pub mod record_writer;
pub mod region;
pub mod repetition;
pub mod san;
pub mod search;
pub mod setup;
pub mod square_set;
pub mod tables;
pub mod text;
pub mod uci;
pub mod validate;
pub mod variant;
pub mod variant_file;
#[cfg(test)]
mod variants;
mod zobrist;

#[cfg(feature = "python")]
mod python;

pub use castling::CastlingRights;
pub use game::{Game, Outcome, Termination};
pub use geometry::Square;
pub use moves::{Move, MoveKind, UciMove};
pub use piece::{Color, Kind, Piece};
pub use position::Position;
pub use setup::Setup;
pub use variant::Variant;
