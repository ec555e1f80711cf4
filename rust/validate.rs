//! The rules a [`Setup`] must keep to become a playable [`Position`]: every problem typed
//! ([`PositionError`]), all of them reported at once ([`InvalidPosition`]).

use crate::geometry::{Offset, Square};
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::setup::Setup;
use crate::text::counted;
use crate::variant::{StuckPieces, Variant};
use std::fmt;

impl Setup {
    /// The squares of `color`'s royal pieces.
    fn royal_squares(&self, variant: &Variant, color: Color) -> Vec<Square> {
        variant
            .dimensions()
            .squares()
            .filter(|s| {
                self.board[s.index()]
                    == Some(Piece {
                        kind: variant.royal(),
                        color,
                    })
            })
            .collect()
    }

    /// Every rule of `variant` the setup breaks, in a fixed order; empty when it is a legal
    /// position (the side not to move is then not in check, nothing stands where it may not).
    pub fn problems(&self, variant: &Variant) -> Vec<PositionError> {
        let mut problems = Vec::new();
        let dims = variant.dimensions();
        for color in Color::ALL {
            let kings = self.royal_squares(variant, color).len();
            let fewest = variant.fewest_kings(color);
            if !(fewest..=1).contains(&kings) {
                problems.push(PositionError::KingCount {
                    color,
                    count: kings,
                    fewest,
                });
            }
        }
        for square in dims.squares() {
            let Some(piece) = self.board[square.index()] else {
                continue;
            };
            if !variant.has_kind(piece.kind) {
                problems.push(PositionError::UnknownKind { square });
            } else if !variant
                .allowed_squares(piece.kind, piece.color)
                .contains(square)
            {
                problems.push(PositionError::OutOfRegion { piece, square });
            } else if variant.spec().stuck_pieces == StuckPieces::Forbidden
                && variant
                    .tables()
                    .stuck(piece.color, piece.kind.number())
                    .contains(square)
            {
                problems.push(PositionError::Stuck { piece, square });
            }
        }
        for color in Color::ALL {
            for (number, &count) in self.hands[color.index()].iter().enumerate() {
                let kind = Kind::new(number as u8);
                let droppable = kind.is_some_and(|kind| {
                    variant.spec().hands
                        && (variant.rules().any(|rule| rule.to_hand == Some(kind))
                            || variant.gating_kinds() & kind.bit() != 0)
                });
                if count > 0 && !droppable {
                    problems.push(PositionError::BadHand { color });
                    break;
                }
            }
        }
        if !self.castling.is_empty() && !self.castling_rights_hold(variant) {
            problems.push(PositionError::BadCastlingRights);
        }
        if let Some(square) = self.en_passant {
            if !self.en_passant_plausible(variant, square) {
                problems.push(PositionError::BadEnPassant { square });
            }
        }
        if problems.is_empty() {
            let position = Position::from_setup_unchecked(variant, self);
            if position.king_attacked(self.turn.opponent()) {
                problems.push(PositionError::OpponentInCheck);
            }
            if position.kings_facing() {
                problems.push(PositionError::KingsFacing);
            }
            problems.extend(limit_problems(&position));
        }
        problems
    }

    /// Whether every castling right has its King and Rook standing in their regions.
    fn castling_rights_hold(&self, variant: &Variant) -> bool {
        let Some(castling) = variant.castling() else {
            return false;
        };
        Color::ALL.iter().all(|&color| {
            let kings = self.royal_squares(variant, color);
            let king_home = kings
                .iter()
                .any(|&s| castling.king_region[color.index()].contains(s));
            castling.wings.iter().enumerate().all(|(index, wing)| {
                let rook = Piece {
                    kind: wing.rook,
                    color,
                };
                !self.castling.has(color, index)
                    || (king_home
                        && wing.rook_region[color.index()]
                            .iter()
                            .any(|s| self.board[s.index()] == Some(rook)))
            })
        }) && self.castling.0 & !castling_mask(castling.wings.len()) == 0
    }

    /// Whether a Pawn of the side not to move could just have passed over `square` with a
    /// two-square move: the variant has en passant, the square and the one behind it are empty
    /// and the Pawn stands beyond it.
    fn en_passant_plausible(&self, variant: &Variant, square: Square) -> bool {
        let dims = variant.dimensions();
        let mover = self.turn.opponent();
        let forward: i8 = if mover == Color::White { 1 } else { -1 };
        let at = |dy: i8| dims.step(square, Offset::new(0, dy));
        let (Some(landed), Some(origin)) = (at(forward), at(-forward)) else {
            return false;
        };
        let is_pawn = |piece: Option<Piece>| {
            piece.is_some_and(|p| p.color == mover && variant.pawns() & p.kind.bit() != 0)
        };
        variant.spec().en_passant
            && dims.contains(square)
            && variant.en_passant_squares(self.turn).contains(square)
            && is_pawn(self.board[landed.index()])
            && self.board[square.index()].is_none()
            && self.board[origin.index()].is_none()
    }
}

/// The variant's limits that `position` breaks: a side with more Princes than it could hold
/// (the side to move may not hold the Prince limit: the other side's move would have broken
/// it), or the side not to move over the crossing limit.
fn limit_problems(position: &Position) -> Vec<PositionError> {
    let spec = position.variant().spec();
    let mut problems = Vec::new();
    if spec.prince_limit > 0 {
        for color in Color::ALL {
            let limit = if color == position.turn() {
                spec.prince_limit - 1
            } else {
                spec.prince_limit
            };
            let count = position.prince_count(color);
            if count > limit {
                problems.push(PositionError::TooManyPrinces {
                    color,
                    count,
                    limit,
                });
            }
        }
    }
    let mover = position.turn().opponent();
    if spec.crossing_limit && position.too_far_across(mover) {
        problems.push(PositionError::TooFarAcross { color: mover });
    }
    problems
}

/// The bits of the castling rights of `wings` wings for both colours.
fn castling_mask(wings: usize) -> u8 {
    let one = (1u8 << wings) - 1;
    one | one << 4
}

/// A rule of the game that a setup breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has more than one King, or none where the variant gives it one.
    KingCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
        /// The fewest it may have: one, or none for a side the variant lets play without.
        fewest: usize,
    },
    /// A square holds a kind the variant does not have.
    UnknownKind {
        /// The square.
        square: Square,
    },
    /// A piece stands where its confinement never lets it go.
    OutOfRegion {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A piece stands where it could never move (a Pawn on the last rank). Only such a piece is
    /// out of place: one that must promote on moving but can move (dropped in its zone) is not.
    Stuck {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A hand holds pieces the variant never puts in hand.
    BadHand {
        /// Whose hand.
        color: Color,
    },
    /// A castling right without its King and Rook in their places.
    BadCastlingRights,
    /// The en-passant square is not one a Pawn has just passed over.
    BadEnPassant {
        /// The square.
        square: Square,
    },
    /// The side not to move is in check, so its King could be captured.
    OpponentInCheck,
    /// The two Kings face each other with nothing between them.
    KingsFacing,
    /// A side has more Princes than the variant's Prince limit lets it hold now.
    TooManyPrinces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u8,
        /// The most it may have.
        limit: u8,
    },
    /// The side not to move has half or more of its relevant pieces across the River.
    TooFarAcross {
        /// The side.
        color: Color,
    },
}

impl PositionError {
    /// Describes the problem in `variant`'s words.
    pub fn describe(&self, variant: &Variant) -> String {
        let piece_name = |piece: &Piece| {
            format!(
                "{} {}",
                piece.color.name(),
                variant
                    .rule(piece.kind)
                    .map_or("piece", |rule| rule.spec.name.as_str())
            )
        };
        match self {
            PositionError::KingCount {
                color,
                count,
                fewest,
            } => {
                let expected = match fewest {
                    0 => "at most one",
                    _ => "exactly one",
                };
                format!("{} has {count} Kings; expected {expected}", color.name())
            }
            PositionError::UnknownKind { square } => {
                format!("the piece on {square} is no piece of {}", variant.spec().name)
            }
            PositionError::OutOfRegion { piece, square } => {
                let allowed = variant.allowed_squares(piece.kind, piece.color);
                let names: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
                let squares = match &names[..] {
                    [first, .., last] if names.len() > 9 => {
                        format!("{} squares from {first} to {last}", names.len())
                    }
                    _ => names.join(" "),
                };
                format!(
                    "{} on {square} is outside the squares it may occupy ({squares})",
                    piece_name(piece)
                )
            }
            PositionError::Stuck { piece, square } => format!(
                "{} on {square} stands where it could never move",
                piece_name(piece)
            ),
            PositionError::BadHand { color } => format!(
                "{}'s hand holds pieces that {} never puts in hand",
                color.name(),
                variant.spec().name
            ),
            PositionError::BadCastlingRights => {
                "a castling right has no King and Rook in their places".to_string()
            }
            PositionError::BadEnPassant { square } => format!(
                "en-passant square {square} is not one a Pawn of the side not to move has just passed over"
            ),
            PositionError::OpponentInCheck => "the side not to move is in check".to_string(),
            PositionError::KingsFacing => {
                "the Kings face each other with nothing between them".to_string()
            }
            PositionError::TooManyPrinces {
                color,
                count,
                limit,
            } => format!(
                "{} has {} on the board; at most {limit} {} possible here",
                color.name(),
                counted(usize::from(*count), "Prince", "Princes"),
                if *limit == 1 { "is" } else { "are" }
            ),
            PositionError::TooFarAcross { color } => format!(
                "{} (not to move) has half or more of its relevant pieces across the River",
                color.name()
            ),
        }
    }
}

/// A setup that is not a legal position, with every rule it breaks.
#[derive(Clone)]
pub struct InvalidPosition {
    /// The variant whose rules were applied.
    pub variant: &'static Variant,
    /// What is wrong, in a fixed order (never empty).
    pub problems: Vec<PositionError>,
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe(&self.problems, self.variant))
    }
}

/// Describes `problems` in `variant`'s words, one after the other.
pub fn describe(problems: &[PositionError], variant: &Variant) -> String {
    let words: Vec<String> = problems
        .iter()
        .map(|problem| problem.describe(variant))
        .collect();
    words.join("; ")
}

impl fmt::Debug for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InvalidPosition({:?}: {self})", self.variant.spec().name)
    }
}

impl std::error::Error for InvalidPosition {}

impl Position<'_> {
    /// The position `setup` describes, if it is a legal position of `variant`.
    pub fn from_setup(
        variant: &'static Variant,
        setup: &Setup,
    ) -> Result<Position<'static>, InvalidPosition> {
        let problems = setup.problems(variant);
        if problems.is_empty() {
            Ok(Position::from_setup_unchecked(variant, setup))
        } else {
            Err(InvalidPosition { variant, problems })
        }
    }
}
