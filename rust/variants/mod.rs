//! The built-in variants' rules, tested game by game (their files are in the catalog,
//! [`crate::catalog`]).

mod chess;
mod drops;
mod fairy;
mod shogi;
mod testing;
mod wildeurasian;
mod xiangqi;
mod yangqi;
