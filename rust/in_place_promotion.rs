//! Promotion in place, Sittuyin's: a move of its own, not the end of an ordinary move. A piece
//! whose promotion has the style [`PromotionStyle::InPlace`] and that stands in its zone (or is
//! its owner's last of its kind, where the promotion says so) becomes one of its targets, while
//! the owner has fewer of that target on the board than the promotion's limit, either on its own
//! square (`g7g7f`) or one quiet move of the new kind away (`g7h8f`). The new piece may attack no
//! enemy piece from there, and the promotion may give no check. Only variants with such a piece
//! call these functions.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, KindSet, Piece};
use crate::position::Position;
use crate::variant::PromotionStyle;

impl Position<'_> {
    /// Adds the promotions in place of the side to move to `out` (out of line: only the
    /// variants with such promotions call it).
    #[cold]
    #[inline(never)]
    pub(crate) fn add_in_place_promotions(&mut self, out: &mut Vec<Move>) {
        self.for_each_in_place_promotion(|mv| {
            out.push(mv);
            false
        });
    }

    /// Offers `visit` each promotion in place of the side to move, stopping early when `visit`
    /// returns `true`; returns whether it did. The moves offered keep the promotion's own rules
    /// (no check given, no enemy piece attacked); whether they leave the King safe is for
    /// [`Position::retain_legal`] to say.
    pub(crate) fn for_each_in_place_promotion(
        &mut self,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let us = self.turn();
        let mut promoters = self.variant().in_place_promoters();
        while promoters != 0 {
            let kind = Kind::new(promoters.trailing_zeros() as u8).expect("a kind's bit");
            promoters &= promoters - 1;
            let piece = Piece { kind, color: us };
            let targets = self.promotion_targets(piece);
            if targets == 0 {
                continue;
            }
            for from in self.promoting_squares(piece) {
                for target in kinds_of(targets) {
                    for to in self.landings(
                        from,
                        Piece {
                            kind: target,
                            color: us,
                        },
                    ) {
                        let mv = Move {
                            from,
                            to,
                            kind: MoveKind::Promotion(target),
                        };
                        if self.is_quiet_promotion(mv) && visit(mv) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether the side to move has only its King and one piece that promotes in place, is not in
    /// check, and has only promotions to play (none at all counts too): the stalemate a variant
    /// with `lone-pawn-stalemate` lets it claim.
    pub fn only_promotions_left(&mut self) -> bool {
        let us = self.turn();
        let variant = self.variant();
        let kinds = self.kinds_present(us);
        let pawn = kinds & !variant.royal().bit();
        let lone = self.occupied_by(us).len() == 2
            && self.king(us).is_some()
            && pawn & variant.in_place_promoters() == pawn;
        if !lone || self.is_check() {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.iter().all(|mv| mv.promotion().is_some())
    }

    /// The squares of `piece`s that may promote in place now: those in the zone, or the last
    /// one wherever it stands when the promotion says so.
    fn promoting_squares(&self, piece: Piece) -> Vec<Square> {
        let promotion = self
            .variant()
            .rule_of(piece.kind)
            .promotion
            .as_ref()
            .filter(|promotion| promotion.style == PromotionStyle::InPlace)
            .expect("a kind that promotes in place");
        let anywhere = promotion.last_anywhere && self.count(piece) == 1;
        let zone = &promotion.zone[piece.color.index()];
        let code = piece.code();
        self.occupied_by(piece.color)
            .iter()
            .filter(|&square| self.code_at(square) == code && (anywhere || zone.contains(square)))
            .collect()
    }

    /// Where the piece on `from` may become `promoted`: its own square, and each empty square
    /// `promoted` could move to from there without capturing.
    fn landings(&mut self, from: Square, promoted: Piece) -> Vec<Square> {
        let mut squares = vec![from];
        let Some(original) = self.lift_scratch(from) else {
            return squares;
        };
        self.restore_scratch(promoted, from);
        self.for_each_move_from(from, |mv| {
            if mv.kind == MoveKind::Normal && self.is_empty(mv.to) && !squares.contains(&mv.to) {
                squares.push(mv.to);
            }
            false
        });
        self.lift_scratch(from);
        self.restore_scratch(original, from);
        squares
    }

    /// Whether the promotion `mv` gives no check and leaves the new piece attacking no enemy
    /// piece.
    fn is_quiet_promotion(&mut self, mv: Move) -> bool {
        let us = self.turn();
        let them = us.opponent();
        let undo = self.make(mv);
        let quiet = !self.king_attacked(them)
            && !self
                .occupied_by(them)
                .iter()
                .any(|square| self.attackers(us, square).contains(mv.to));
        self.unmake(mv, undo);
        quiet
    }
}

/// The kinds of `set`, in numbering order.
fn kinds_of(mut set: KindSet) -> impl Iterator<Item = Kind> {
    std::iter::from_fn(move || {
        let kind = Kind::new(set.trailing_zeros() as u8).filter(|_| set != 0)?;
        set &= set - 1;
        Some(kind)
    })
}
