//! The status flags of `Board.status()`, as python-chess names them.

use crate::piece::Color;
use crate::setup::Setup;
use crate::validate::PositionError;

/// The status flags, with python-chess's names and values where it has the same rule.
pub(super) const STATUS_FLAGS: [(&str, u32); 14] = [
    ("VALID", 0),
    ("NO_WHITE_KING", 1 << 0),
    ("NO_BLACK_KING", 1 << 1),
    ("TOO_MANY_KINGS", 1 << 2),
    ("PAWNS_ON_BACKRANK", 1 << 5),
    ("BAD_CASTLING_RIGHTS", 1 << 8),
    ("INVALID_EP_SQUARE", 1 << 9),
    ("OPPOSITE_CHECK", 1 << 10),
    ("EMPTY", 1 << 11),
    ("KINGS_FACING", 1 << 20),
    ("OUT_OF_REGION", 1 << 21),
    ("BAD_HAND", 1 << 22),
    ("TOO_MANY_PRINCES", 1 << 23),
    ("TOO_FAR_ACROSS", 1 << 24),
];

/// The flag named `name` in [`STATUS_FLAGS`].
fn flag(name: &str) -> u32 {
    STATUS_FLAGS
        .iter()
        .find(|(known, _)| *known == name)
        .map_or(0, |&(_, flag)| flag)
}

/// The status flags of `problems` (and `EMPTY` for a board without pieces), as python-chess's
/// `Board.status()`.
pub(super) fn status_flags(setup: &Setup, problems: &[PositionError]) -> u32 {
    let mut flags = 0;
    if setup.board.iter().all(Option::is_none) {
        flags |= flag("EMPTY");
    }
    for problem in problems {
        flags |= problem_flag(problem);
    }
    flags
}

/// The status flag of `problem`.
pub(super) fn problem_flag(problem: &PositionError) -> u32 {
    match problem {
        PositionError::KingCount { count, .. } if *count > 1 => flag("TOO_MANY_KINGS"),
        PositionError::KingCount {
            color: Color::White,
            ..
        } => flag("NO_WHITE_KING"),
        PositionError::KingCount { .. } => flag("NO_BLACK_KING"),
        PositionError::UnknownKind { .. } | PositionError::OutOfRegion { .. } => {
            flag("OUT_OF_REGION")
        }
        PositionError::Stuck { .. } => flag("PAWNS_ON_BACKRANK"),
        PositionError::TooManyPrinces { .. } => flag("TOO_MANY_PRINCES"),
        PositionError::TooFarAcross { .. } => flag("TOO_FAR_ACROSS"),
        PositionError::BadHand { .. } => flag("BAD_HAND"),
        PositionError::BadCastlingRights => flag("BAD_CASTLING_RIGHTS"),
        PositionError::BadEnPassant { .. } => flag("INVALID_EP_SQUARE"),
        PositionError::OpponentInCheck => flag("OPPOSITE_CHECK"),
        PositionError::KingsFacing => flag("KINGS_FACING"),
    }
}
