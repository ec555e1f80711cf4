//! A game: a position with the moves that led to it, so that moves can be taken back,
//! repetitions counted and the outcome decided.

use crate::conventions::DrawClaim;
use crate::ends::EndRule;
use crate::fen::{self, ParseError};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::{Position, Undo};
use crate::variant::{DeadPositions, Stalemate, Variant};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a loss in Mĕirìqí, a draw in
    /// Yáng Qí).
    Stalemate,
    /// Nobody can ever checkmate (two bare Kings; in chess also a lone minor piece or Bishops
    /// all on one colour).
    InsufficientMaterial,
    /// 150 plies without a capture or a pawn move end the game.
    SeventyFiveMoves,
    /// The same position for the fifth time ends the game.
    FivefoldRepetition,
    /// A draw claimed after 100 plies without a capture or a pawn move.
    FiftyMoves,
    /// A draw claimed when the same position occurs for the third time.
    ThreefoldRepetition,
    /// The side to move has no legal move and is over one of the variant's limits (the
    /// Wildeurasian Prince or crossing limit), so it loses.
    VariantLoss,
    /// A side is reduced to too few pieces by the variant's extinction rule (Shatranj's bare
    /// King), so it loses.
    Extinction,
    /// A draw claimed under the variant's move rule, when it is not fifty moves (Shatranj's
    /// seventy).
    MoveRule,
    /// A draw claimed under the variant's repetition rule, when it is not threefold.
    RepetitionRule,
    /// A side is left without any piece by the variant's extinction rule (Horde's White), so it
    /// loses.
    NoPiecesLeft,
    /// A side has brought its piece to its goal (King of the Hill's centre, Racing Kings' last
    /// rank), so it wins; or both have, in Racing Kings, a draw.
    Goal,
    /// A side has given as many checks as the variant's limit (Three-check's three), so it wins.
    CheckLimit,
    /// A draw claimed when the counting of an ending's moves has run out (Makruk's counting).
    Counting,
    /// The side to move is checkmated by a drop that its rule makes a loss for the dropper
    /// (`drop-mate = "loses"`), so the side to move wins.
    DropMate,
    /// Both sides passed in a row; the variant's material count decides (a draw without one).
    DoublePass,
    /// A side passed with the Kings facing each other (Janggi's bikjang); the variant's material
    /// count decides (a draw without one).
    Bikjang,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 18] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::SeventyFiveMoves,
        Termination::FivefoldRepetition,
        Termination::FiftyMoves,
        Termination::ThreefoldRepetition,
        Termination::VariantLoss,
        Termination::Extinction,
        Termination::MoveRule,
        Termination::RepetitionRule,
        Termination::NoPiecesLeft,
        Termination::Goal,
        Termination::CheckLimit,
        Termination::Counting,
        Termination::DropMate,
        Termination::DoublePass,
        Termination::Bikjang,
    ];

    /// The name python-chess gives it, such as `SEVENTYFIVE_MOVES`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "CHECKMATE",
            Termination::Stalemate => "STALEMATE",
            Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
            Termination::SeventyFiveMoves => "SEVENTYFIVE_MOVES",
            Termination::FivefoldRepetition => "FIVEFOLD_REPETITION",
            Termination::FiftyMoves => "FIFTY_MOVES",
            Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
            Termination::VariantLoss => "VARIANT_LOSS",
            Termination::Extinction => "EXTINCTION",
            Termination::MoveRule => "MOVE_RULE",
            Termination::RepetitionRule => "REPETITION_RULE",
            Termination::NoPiecesLeft => "NO_PIECES_LEFT",
            Termination::Goal => "GOAL",
            Termination::CheckLimit => "CHECK_LIMIT",
            Termination::Counting => "COUNTING",
            Termination::DropMate => "DROP_MATE",
            Termination::DoublePass => "DOUBLE_PASS",
            Termination::Bikjang => "BIKJANG",
        }
    }

    /// The words a game record's `Termination` tag uses, such as `seventy-five moves`.
    pub const fn words(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::SeventyFiveMoves => "seventy-five moves",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::FiftyMoves => "fifty moves",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::VariantLoss => "no move within the limits",
            Termination::Extinction => "bare King",
            Termination::MoveRule => "move rule",
            Termination::RepetitionRule => "repetition",
            Termination::NoPiecesLeft => "no pieces left",
            Termination::Goal => "goal reached",
            Termination::CheckLimit => "check limit",
            Termination::Counting => "counting",
            Termination::DropMate => "mate by a forbidden drop",
            Termination::DoublePass => "two passes",
            Termination::Bikjang => "bikjang",
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The reason.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
}

/// A position and its history.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position<'static>,
    /// Each move played, what undoes it, and the transposition key of the position before it.
    history: Vec<(Move, Undo, u64)>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `position`.
    pub fn new(position: Position<'static>) -> Game {
        Game {
            position,
            history: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// A game of `variant` from its starting position.
    pub fn start(variant: &'static Variant) -> Game {
        let position = Position::from_setup(variant, variant.start())
            .expect("every variant's start position is valid");
        Game::new(position)
    }

    /// A game starting from the position written `text`.
    pub fn from_fen(variant: &'static Variant, text: &str) -> Result<Game, ParseError> {
        fen::parse(variant, text).map(Game::new)
    }

    /// The current position.
    pub fn position(&self) -> &Position<'static> {
        &self.position
    }

    /// The current position, for trying moves (it must be left as it was found).
    pub(crate) fn position_mut(&mut self) -> &mut Position<'static> {
        &mut self.position
    }

    /// Replaces the position and forgets the history (for setting up positions).
    pub fn set_position(&mut self, position: Position<'static>) {
        *self = Game::new(position);
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every legal move in the current position.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        // Room for a typical position's moves, so the list is allocated once.
        let mut moves = Vec::with_capacity(128);
        self.position.legal_moves(&mut moves);
        moves
    }

    /// Whether `mv` is legal in the current position.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        self.position.is_legal(mv)
    }

    /// Plays `mv` if it is legal; otherwise leaves the game unchanged.
    pub fn push(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.position.is_legal(mv) {
            return Err(IllegalMove { mv });
        }
        self.push_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which the caller knows to be legal.
    pub fn push_unchecked(&mut self, mv: Move) {
        let key = self.position.transposition_key();
        let undo = self.position.make(mv);
        self.history.push((mv, undo, key));
        self.moves.push(mv);
    }

    /// Takes back the last move, if there is one.
    pub fn pop(&mut self) -> Option<Move> {
        let (mv, undo, _) = self.history.pop()?;
        self.moves.pop();
        self.position.unmake(mv, undo);
        Some(mv)
    }

    /// The transposition keys of the positions before each move played, oldest first.
    pub fn key_history(&self) -> Vec<u64> {
        self.history.iter().map(|&(_, _, key)| key).collect()
    }

    /// Whether the side to move was in check in each position before each move played, oldest
    /// first (the positions of [`Game::key_history`]).
    pub fn check_history(&self) -> Vec<bool> {
        let mut position = self.position.clone();
        let mut checks: Vec<bool> = self
            .history
            .iter()
            .rev()
            .map(|&(mv, undo, _)| {
                position.unmake(mv, undo);
                position.is_check()
            })
            .collect();
        checks.reverse();
        checks
    }

    /// How many times the current position (pieces and side to move) has occurred in this game,
    /// counting the present one.
    pub fn repetitions(&self) -> usize {
        // The whole history is searched: a pawn move resets the halfmove clock, yet a Chinese
        // pawn's sideways step can be undone, so the clock does not bound repetitions.
        let key = self.position.transposition_key();
        1 + self
            .history
            .iter()
            .filter(|&&(_, _, before)| before == key)
            .count()
    }

    /// The outcome, if the game is over, in python-chess's order: an end by a rule of the
    /// variant (too few pieces, a goal reached, the last check given, two passes or a pass in
    /// bikjang scored by the material count: before anything else, as no move is legal then);
    /// the side to move checkmated (a win, when the mate was a drop its rule makes a loss);
    /// without a legal move and over a limit of the variant (a loss); a dead
    /// position; the side to move stalemated (which loses or draws, as the variant says); in
    /// variants with the chess draws, seventy-five moves or a fivefold repetition.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let spec = self.position.variant().spec();
        let turn = self.position.turn();
        if let Some(end) = self.position.variant_end() {
            let termination = match end.rule {
                EndRule::TooFewPieces => Termination::Extinction,
                EndRule::NoPieces => Termination::NoPiecesLeft,
                EndRule::Goal => Termination::Goal,
                EndRule::CheckLimit => Termination::CheckLimit,
                EndRule::DoublePass => Termination::DoublePass,
                EndRule::Bikjang => Termination::Bikjang,
            };
            return Some(Outcome {
                termination,
                winner: end.winner,
            });
        }
        let stuck = !self.position.has_legal_move();
        let (termination, winner) = if stuck && self.position.is_check() {
            match self.moves.last() {
                Some(&last) if self.position.mated_by_losing_drop(last) => {
                    (Termination::DropMate, Some(turn))
                }
                _ => (Termination::Checkmate, Some(turn.opponent())),
            }
        } else if stuck && self.position.over_limit(turn) {
            (Termination::VariantLoss, Some(turn.opponent()))
        } else if self.position.is_insufficient_material() {
            (Termination::InsufficientMaterial, None)
        } else if stuck {
            let winner = (spec.stalemate == Stalemate::Loses).then_some(turn.opponent());
            (Termination::Stalemate, winner)
        } else if !spec.chess_draws {
            return None;
        } else if self.position.halfmove_clock() >= 150 {
            (Termination::SeventyFiveMoves, None)
        } else if self.repetitions() >= 5 {
            (Termination::FivefoldRepetition, None)
        } else {
            return None;
        };
        Some(Outcome {
            termination,
            winner,
        })
    }

    /// The outcome counting draws a player may claim (fifty moves, threefold repetition), like
    /// python-chess's `outcome(claim_draw=True)`.
    pub fn outcome_with_claims(&mut self) -> Option<Outcome> {
        self.outcome().or_else(|| {
            let termination = self.claimable_draw()?;
            Some(Outcome {
                termination,
                winner: None,
            })
        })
    }

    /// A draw the side to move could claim. In variants with the chess draws, as python-chess
    /// reads the rules: fifty moves (100 plies without a capture or a pawn move) or a threefold
    /// repetition, either now or after one of its legal moves. In the others, the variant's
    /// [`DrawClaims`](crate::conventions::DrawClaims), then a count run out, then a stalemate by
    /// a lone King and Pawn that may only promote (`lone-pawn-stalemate`), as Fairy-Stockfish
    /// offers them: in the present position only, and only while the side to move has a legal
    /// move.
    pub fn claimable_draw(&mut self) -> Option<Termination> {
        let spec = self.position.variant().spec();
        if !spec.chess_draws {
            let claim = spec
                .draw_claims
                .claim(self.position.halfmove_clock(), self.repetitions());
            let counted = self.position.counters().count_expired();
            let stalemate = claim.is_none()
                && !counted
                && spec.lone_pawn_stalemate
                && self.position.only_promotions_left();
            if (claim.is_none() && !counted && !stalemate) || !self.position.has_legal_move() {
                return None;
            }
            let Some(claim) = claim else {
                return Some(match counted {
                    true => Termination::Counting,
                    false => Termination::Stalemate,
                });
            };
            let claims = spec.draw_claims;
            return Some(match claim {
                DrawClaim::MoveRule if claims.move_rule == 50 => Termination::FiftyMoves,
                DrawClaim::MoveRule => Termination::MoveRule,
                DrawClaim::Repetition if claims.repetition_rule == 3 => {
                    Termination::ThreefoldRepetition
                }
                DrawClaim::Repetition => Termination::RepetitionRule,
            });
        }
        let fifty = |game: &Game| game.position.halfmove_clock() >= 100;
        let threefold = |game: &Game| game.repetitions() >= 3;
        if fifty(self) {
            return Some(Termination::FiftyMoves);
        }
        if threefold(self) {
            return Some(Termination::ThreefoldRepetition);
        }
        let moves = self.legal_moves();
        let after = |game: &mut Game, test: &dyn Fn(&Game) -> bool| {
            moves.iter().any(|&mv| {
                game.push_unchecked(mv);
                let yes = test(game);
                game.pop();
                yes
            })
        };
        if self.position.halfmove_clock() >= 99 && after(self, &fifty) {
            Some(Termination::FiftyMoves)
        } else if after(self, &threefold) {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }
}

impl Position<'_> {
    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&mut self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether neither side can ever checkmate, as the variant's dead-position rule says.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&color| self.has_insufficient_material(color))
    }

    /// Whether `color` can never checkmate, as the variant's dead-position rule says. For chess,
    /// python-chess's reading: no Pawn, Rook or Queen, and either a lone Knight against no
    /// piece but a King or Queens, or only Bishops on one colour with no Knight or Pawn anywhere.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let variant = self.variant();
        let own = self.occupied_by(color);
        match variant.spec().dead_positions {
            DeadPositions::None => false,
            DeadPositions::BareKings => {
                own.len() == 1 && self.occupied_by(color.opponent()).len() == 1
            }
            DeadPositions::Chess => {
                let kind = |symbol: &str| variant.kind_by_symbol(symbol).expect("a chess kind");
                let count = |symbol: &str, color: Color| {
                    self.count(Piece {
                        kind: kind(symbol),
                        color,
                    })
                };
                if ["P", "R", "Q"].iter().any(|s| count(s, color) > 0) {
                    return false;
                }
                let enemy = color.opponent();
                if count("N", color) > 0 {
                    let enemy_minor_or_more =
                        ["P", "N", "B", "R"].iter().any(|s| count(s, enemy) > 0);
                    return own.len() <= 2 && !enemy_minor_or_more;
                }
                if count("B", color) > 0 {
                    let bishops: Vec<Square> = Color::ALL
                        .iter()
                        .flat_map(|&c| self.occupied_by(c).iter())
                        .filter(|&s| self.piece_at(s).is_some_and(|p| p.kind == kind("B")))
                        .collect();
                    let shade = |s: &Square| (s.file() + s.rank()) % 2;
                    let one_colour = bishops.iter().all(|s| shade(s) == shade(&bishops[0]));
                    let pawns_or_knights = Color::ALL
                        .iter()
                        .any(|&c| count("P", c) > 0 || count("N", c) > 0);
                    return one_colour && !pawns_or_knights;
                }
                true
            }
        }
    }
}
