//! The counters some variants keep beside the halfmove clock, as plain data: the checks each
//! side may still give (a check limit, Three-check) and the counting of an ending's moves
//! (Makruk). FEN writes them ([`crate::fen`]); a move updates them ([`crate::counting`]).

/// The counters of a position beyond the halfmove clock; all zero in a variant without them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// How many checks each side (by colour) may still give before it wins: the side whose
    /// count reaches zero has won. Used only under a check limit.
    pub checks_left: [u8; 2],
    /// The counting rule's limit, in plies; 0 while no count runs.
    pub counting_limit: u16,
    /// The plies counted so far, while a count runs.
    pub counting_ply: u16,
}

impl Counters {
    /// Whether a count runs and has gone past its limit, so that a draw may be claimed.
    pub fn count_expired(&self) -> bool {
        self.counting_limit > 0 && self.counting_ply > self.counting_limit
    }
}
