//! The Wildeurasian limits on where a move may leave the board, beside the King's safety: a
//! player may not end a move with the enemy holding every Prince the game can have (the Prince
//! limit, [`crate::variant::VariantSpec::prince_limit`]), nor with half or more of their
//! relevant pieces across the River (the crossing limit,
//! [`crate::variant::VariantSpec::crossing_limit`]). A player who has no legal move while over
//! a limit loses.

use crate::moves::{Move, MoveKind};
use crate::piece::{code_kind, Color, Kind, Piece};
use crate::position::Position;

/// A side's relevant pieces on the board, and how many of them stand across the River.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Crossing {
    across: i32,
    total: i32,
}

impl Crossing {
    /// Whether half or more of the pieces stand across.
    fn over(self) -> bool {
        self.total > 0 && 2 * self.across >= self.total
    }
}

/// What the limits allow the side to move in one position ([`Position::move_limits`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveLimits {
    /// The enemy holds the Prince limit: only a capture of a Prince is allowed.
    must_take_prince: bool,
    /// Under the crossing limit, the side's crossing before the move.
    crossing: Option<Crossing>,
}

impl Position<'_> {
    /// How many Princes `color` has on the board.
    pub fn prince_count(&self, color: Color) -> u8 {
        let princes = self.variant().princes();
        self.variant()
            .rules()
            .filter(|rule| princes & rule.kind.bit() != 0)
            .map(|rule| {
                self.count(Piece {
                    kind: rule.kind,
                    color,
                })
            })
            .sum()
    }

    /// `color`'s relevant pieces, and those across the River.
    fn crossing(&self, color: Color) -> Crossing {
        let relevant = self.variant().relevant();
        let across = self.variant().across(color);
        let mut crossing = Crossing {
            across: 0,
            total: 0,
        };
        for square in self.occupied_by(color).iter() {
            if relevant >> code_kind(self.code_at(square)) & 1 != 0 {
                crossing.total += 1;
                crossing.across += i32::from(across.contains(square));
            }
        }
        crossing
    }

    /// Whether half or more of `color`'s relevant pieces stand across the River.
    pub fn too_far_across(&self, color: Color) -> bool {
        self.crossing(color).over()
    }

    /// Whether `color` is over a limit of the variant: the enemy holds the Prince limit, or
    /// half or more of `color`'s relevant pieces stand across the River.
    pub fn over_limit(&self, color: Color) -> bool {
        let spec = self.variant().spec();
        (spec.prince_limit > 0 && self.prince_count(color.opponent()) >= spec.prince_limit)
            || (spec.crossing_limit && self.too_far_across(color))
    }

    /// What the side to move's limits allow now, where the variant has limits: found once for
    /// all the moves of a position, then tried on each by [`Position::keeps_within`].
    pub(crate) fn move_limits(&self) -> Option<MoveLimits> {
        let variant = self.variant();
        if !variant.has_move_limits() {
            return None;
        }
        let us = self.turn();
        let spec = variant.spec();
        Some(MoveLimits {
            must_take_prince: spec.prince_limit > 0
                && self.prince_count(us.opponent()) >= spec.prince_limit,
            crossing: spec.crossing_limit.then(|| self.crossing(us)),
        })
    }

    /// Whether the pseudo-legal `mv` of the side to move leaves it within `limits`. The enemy's
    /// Princes can only be fewer after a move, by capture; the mover's crossing changes only by
    /// the piece that moves, is promoted or is dropped.
    pub(crate) fn keeps_within(&mut self, limits: &MoveLimits, mv: Move) -> bool {
        let princes = self.variant().princes();
        let takes_prince =
            || self.is_capture(mv) && princes >> code_kind(self.code_at(mv.to)) & 1 != 0;
        if limits.must_take_prince && !takes_prince() {
            return false;
        }
        match limits.crossing {
            Some(before) => !self.crossing_after(before, mv).over(),
            None => true,
        }
    }

    /// The side to move's crossing after `mv`, from `before`, its crossing now.
    fn crossing_after(&mut self, before: Crossing, mv: Move) -> Crossing {
        let us = self.turn();
        let variant = self.variant();
        let relevant = |kind: Kind| i32::from(variant.relevant() & kind.bit() != 0);
        let across = |square| i32::from(variant.across(us).contains(square));
        match mv.kind {
            MoveKind::Drop(kind) => Crossing {
                across: before.across + relevant(kind) * across(mv.to),
                total: before.total + relevant(kind),
            },
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let moved = Kind::new(code_kind(self.code_at(mv.from))).expect("a moving piece");
                let arrived = mv.promotion().unwrap_or(moved);
                Crossing {
                    across: before.across - relevant(moved) * across(mv.from)
                        + relevant(arrived) * across(mv.to),
                    total: before.total - relevant(moved) + relevant(arrived),
                }
            }
            MoveKind::Pass => before,
            MoveKind::Castle(_)
            | MoveKind::EnPassant
            | MoveKind::Swap
            | MoveKind::Gate(_)
            | MoveKind::CastleGateKing(_)
            | MoveKind::CastleGateRook(_) => {
                let undo = self.make(mv);
                let after = self.crossing(us);
                self.unmake(mv, undo);
                after
            }
        }
    }
}
