//! The ends of a game by a variant's own rule, besides checkmate and stalemate: too few pieces
//! left (the extinction rule), a goal reached, the last check of a check limit given, two passes
//! in a row or a pass in bikjang. Where one holds, the side to move has no legal move, as in
//! Fairy-Stockfish; where the variant forbids checks, no move may give one; and in bikjang, a move
//! must break the Kings' line unless it is a pass.

use crate::end_rules::{Checks, Goal};
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// Which of the variant's rules ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// The extinction rule: a side is left with too few pieces (a bare King).
    TooFewPieces,
    /// The extinction rule: a side is left with no piece at all.
    NoPieces,
    /// A side has brought its piece to its goal, or both have (a draw).
    Goal,
    /// A side has given as many checks as the variant's limit.
    CheckLimit,
    /// Both sides have just passed; the material count decides.
    DoublePass,
    /// The side to move passed with the Kings facing each other (bikjang); the material count
    /// decides.
    Bikjang,
}

/// How a variant's own rule ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantEnd {
    /// The rule.
    pub rule: EndRule,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Position<'_> {
    /// The side that has lost by the variant's extinction rule (a bare King), if any.
    pub fn extinct_side(&self) -> Option<Color> {
        let extinction = self.variant().spec().extinction?;
        let count = |color: Color| {
            let in_hand: u32 = self
                .variant()
                .rules()
                .map(|rule| u32::from(self.hand_count(color, rule.kind)))
                .sum();
            self.occupied_by(color).len() as u32 + in_hand
        };
        extinction.loser([count(Color::White), count(Color::Black)], self.turn())
    }

    /// The end of the game by one of the variant's own rules, if one holds, in
    /// Fairy-Stockfish's order: too few pieces, then the goal, then the check limit, then
    /// passing (scored by the material count). The
    /// position is borrowed mutably to try moves (whether Black can still equalize in Racing
    /// Kings), and is left as it was.
    pub fn variant_end(&mut self) -> Option<VariantEnd> {
        let variant = self.variant();
        if !variant.has_end_rules() {
            return None;
        }
        if let Some(loser) = self.extinct_side() {
            let none_left = variant
                .spec()
                .extinction
                .is_some_and(|rule| rule.at_most == 0);
            return Some(VariantEnd {
                rule: if none_left {
                    EndRule::NoPieces
                } else {
                    EndRule::TooFewPieces
                },
                winner: Some(loser.opponent()),
            });
        }
        if let Some(end) = variant.goal().and_then(|goal| self.goal_end(goal)) {
            return Some(end);
        }
        let mover = self.turn().opponent();
        let limit = variant.spec().end_rules.check_limit;
        if limit > 0 && self.counters().checks_left[mover.index()] == 0 {
            return Some(VariantEnd {
                rule: EndRule::CheckLimit,
                winner: Some(mover),
            });
        }
        self.passing_end().map(|rule| VariantEnd {
            rule,
            winner: self.material_count_winner(),
        })
    }

    /// The end by passing, if the last move was a pass that ended the game (two passes in a row,
    /// or a pass while the Kings face each other), as Fairy-Stockfish rules it.
    pub fn passing_end(&self) -> Option<EndRule> {
        match self.passes() {
            0 => None,
            1 if self.in_bikjang() => Some(EndRule::Bikjang),
            1 => None,
            _ => Some(EndRule::DoublePass),
        }
    }

    /// The winner by the variant's material count (`None`: a draw, or no count): the points of
    /// White's pieces on the board less Black's, against Black's komi.
    pub fn material_count_winner(&self) -> Option<Color> {
        let variant = self.variant();
        let count = variant.spec().material_count.as_ref()?;
        let lead: i32 = count
            .values
            .iter()
            .filter_map(|(symbol, &points)| Some((variant.kind_by_symbol(symbol)?, points)))
            .map(|(kind, points)| {
                let of = |color| i32::from(self.count(Piece { kind, color }));
                points * (of(Color::White) - of(Color::Black))
            })
            .sum();
        count.winner(lead)
    }

    /// The end of the game by `goal`, if it has come: the side that has just moved has reached
    /// its goal (unless Black may still equalize), or, where Black may equalize, the side to
    /// move reached it before the other's last move (a draw if both have, White first).
    fn goal_end(&mut self, goal: &Goal) -> Option<VariantEnd> {
        let to_move = self.turn();
        let mover = to_move.opponent();
        let end = |winner| {
            Some(VariantEnd {
                rule: EndRule::Goal,
                winner,
            })
        };
        if goal.black_may_equalize && self.reached(goal, to_move) {
            let equalized = to_move == Color::White && self.reached(goal, Color::Black);
            return end((!equalized).then_some(to_move));
        }
        if !self.reached(goal, mover) {
            return None;
        }
        let may_equalize = goal.black_may_equalize && to_move == Color::Black && !self.is_check();
        if may_equalize && self.can_reach(goal) {
            return None;
        }
        end(Some(mover))
    }

    /// Whether a piece of `color` of the goal's kind stands in `color`'s goal.
    fn reached(&self, goal: &Goal, color: Color) -> bool {
        let piece = Piece {
            kind: goal.kind,
            color,
        };
        goal.squares[color.index()]
            .iter()
            .any(|square| self.piece_at(square) == Some(piece))
    }

    /// Whether the side to move has a move that brings a piece of the goal's kind into its goal,
    /// leaving its King safe (and giving no check where checks are forbidden).
    fn can_reach(&mut self, goal: &Goal) -> bool {
        let us = self.turn();
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        moves.retain(|&mv| {
            goal.squares[us.index()].contains(mv.to)
                && self
                    .piece_at(mv.from)
                    .is_some_and(|piece| piece.kind == goal.kind)
                && !self.leaves_king_exposed(mv)
        });
        self.retain_without_checks(&mut moves);
        !moves.is_empty()
    }

    /// Applies the variant's end rules to the pseudo-legal `moves` before the King's safety is
    /// checked: where such a rule has ended the game, clears them and returns `true` (no move is
    /// legal); in bikjang, keeps the pass and the moves that break the Kings' line leaving the
    /// King safe, and returns `true` (they are legal); else drops those that give check where
    /// checks are forbidden.
    pub(crate) fn retain_by_end_rules(&mut self, moves: &mut Vec<Move>) -> bool {
        if self.variant_end().is_some() {
            moves.clear();
            return true;
        }
        if self.in_bikjang() {
            moves.retain(|&mv| mv.is_pass() || !self.leaves_kings_facing_or_attacked(mv));
            return true;
        }
        self.retain_without_checks(moves);
        false
    }

    /// Drops the `moves` that give check, where the variant forbids checks.
    fn retain_without_checks(&mut self, moves: &mut Vec<Move>) {
        if self.variant().spec().end_rules.checks == Checks::Forbidden {
            moves.retain(|&mv| !self.gives_check(mv));
        }
    }

    /// Whether the pseudo-legal `mv` attacks the enemy King. The position is restored before
    /// returning.
    pub fn gives_check(&mut self, mv: Move) -> bool {
        let undo = self.make(mv);
        let check = self.is_check();
        self.unmake(mv, undo);
        check
    }
}
