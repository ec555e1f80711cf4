//! The built-in variants' rules, tested game by game (their files are in the catalog,
//! [`crate::catalog`]).

mod chess;
mod drops;
mod fairy;
mod fsf_ends;
mod grasshopper;
mod janggi;
mod movement;
pub(crate) mod perft_counts;
mod seirawan;
mod shogi;
mod sittuyin;
pub(crate) mod testing;
mod wildeurasian;
mod xiangqi;
mod yangqi;
