//! The built-in variants' rules, tested game by game (their files are in the catalog,
//! [`crate::catalog`]).

mod chess;
mod grasshopper;
mod movement;
mod shogi;
pub(crate) mod testing;
mod wildeurasian;
mod xiangqi;
mod yangqi;
