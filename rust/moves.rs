//! Moves as plain data.
//!
//! A [`Move`] says what it is ([`MoveKind`]), so that make/unmake and notation never guess. A
//! [`UciMove`] is only what coordinate notation ([`crate::uci`]) says (squares, promotion,
//! drop); the position turns it into the [`Move`] it names ([`crate::Position::find_move`]).

use crate::geometry::Square;
use crate::piece::Kind;

/// What a move does besides carrying a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// The piece becomes the given kind on arriving.
    Promotion(Kind),
    /// A piece of the given kind comes from the hand to the (empty) destination.
    Drop(Kind),
    /// The King castles with the piece on the given square (its Rook).
    Castle(Square),
    /// A Pawn captures en passant: the captured Pawn stands beside the destination.
    EnPassant,
    /// The King swaps places with the friendly piece on the destination (Yáng Qí).
    Swap,
    /// The side passes: its King "moves" to its own square (`from` and `to`), as
    /// Fairy-Stockfish writes a Janggi pass.
    Pass,
    /// A plain move or capture from a gate that brings a piece of the given kind from the hand
    /// onto the square the mover leaves (Seirawan chess: `b1c3h`).
    Gate(Kind),
    /// Castling (`from` the King, `to` its destination) that brings a piece of the given kind
    /// from the hand onto the King's square (`e1g1h`).
    CastleGateKing(Kind),
    /// Castling that brings a piece of the given kind from the hand onto the Rook's square,
    /// written as Fairy-Stockfish writes it: `from` is the Rook's square, `to` the King's
    /// (`h1e1h`).
    CastleGateRook(Kind),
}

/// A move of some position. For a drop, `from` is the destination too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands (the destination, for a drop).
    pub from: Square,
    /// Where it goes (capturing whatever enemy stands there). For castling: where the King goes.
    pub to: Square,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move or capture.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// A pass by the side whose King stands on `king`.
    pub const fn pass(king: Square) -> Move {
        Move {
            from: king,
            to: king,
            kind: MoveKind::Pass,
        }
    }

    /// Whether the move is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self.kind, MoveKind::Pass)
    }

    /// The kind the piece becomes, if the move promotes.
    #[inline]
    pub const fn promotion(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Promotion(kind) => Some(kind),
            _ => None,
        }
    }

    /// The kind dropped, if the move is a drop.
    #[inline]
    pub const fn drop(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Drop(kind) => Some(kind),
            _ => None,
        }
    }

    /// The kind brought in from the hand through a gate, if the move gates.
    #[inline]
    pub const fn gating(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Gate(kind)
            | MoveKind::CastleGateKing(kind)
            | MoveKind::CastleGateRook(kind) => Some(kind),
            _ => None,
        }
    }

    /// Whether the move castles (gating or not).
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(
            self.kind,
            MoveKind::Castle(_) | MoveKind::CastleGateKing(_) | MoveKind::CastleGateRook(_)
        )
    }

    /// For castling, whether the Rook stands right of the King (`O-O` in chess).
    #[inline]
    pub const fn castles_right(self) -> Option<bool> {
        match self.kind {
            MoveKind::Castle(rook) => Some(rook.file() > self.from.file()),
            MoveKind::CastleGateKing(_) => Some(self.to.file() > self.from.file()),
            MoveKind::CastleGateRook(_) => Some(self.from.file() > self.to.file()),
            _ => None,
        }
    }

    /// What coordinate notation says of the move: a gated kind is written where a promotion's
    /// is (`b1c3h`), as Fairy-Stockfish writes it.
    pub const fn uci(self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: match self.kind {
                MoveKind::Promotion(kind)
                | MoveKind::Gate(kind)
                | MoveKind::CastleGateKing(kind)
                | MoveKind::CastleGateRook(kind) => Some(UciPromotion::To(kind)),
                _ => None,
            },
            drop: self.drop(),
        }
    }
}

/// What a coordinate move says the piece becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciPromotion {
    /// The kind written by its letter (`c7d8o`).
    To(Kind),
    /// The `+` form of whatever piece moves (`a7a8+`): only a position knows which kind that is.
    Plus,
    /// The kind a `+` form demotes to (`a1a2-`): only a position knows which kind that is.
    Minus,
}

/// A move as coordinate notation writes it: origin and destination (the same square for a drop),
/// the promotion and the kind dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The origin (the destination, for a drop).
    pub from: Square,
    /// The destination.
    pub to: Square,
    /// What the piece becomes, if the move promotes; the kind brought in, if it gates.
    pub promotion: Option<UciPromotion>,
    /// The kind dropped.
    pub drop: Option<Kind>,
}

impl UciMove {
    /// A move from `from` to `to` without promotion.
    pub const fn new(from: Square, to: Square) -> UciMove {
        UciMove {
            from,
            to,
            promotion: None,
            drop: None,
        }
    }
}
