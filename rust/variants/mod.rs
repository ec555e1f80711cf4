//! The built-in variants' rules, tested game by game (their files are in the catalog,
//! [`crate::catalog`]).

mod chess;
mod fairy;
mod fsf_ends;
pub(crate) mod perft_counts;
mod shogi;
mod testing;
mod wildeurasian;
mod xiangqi;
mod yangqi;
