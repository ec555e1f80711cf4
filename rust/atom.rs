//! Movement atoms: the small values a piece's movement is built from.
//!
//! An atom describes one family of walks from White's point of view. A walk may start with a
//! *lead* step whose square is only passed (it must be empty, and is never a destination), then
//! repeats a *cycle* of one or two steps; every square of the cycle part is a destination until
//! the walk meets a piece (which it may capture, depending on the [`Mode`]) or reaches its
//! `limit`. Symmetry turns one written orientation into all the ones the piece has.
//!
//! | movement | atom |
//! |---|---|
//! | Knight leap | `Atom::leap(1, 2)` |
//! | Rook | `Atom::ride(0, 1)` |
//! | one step forward | `Atom::leap(0, 1).symmetry(Symmetry::None)` |
//! | Gryphon's bent ride | `Atom::bent((1, 1), (1, 0))` |
//! | Rhino's crooked ride | `Atom::crooked((0, 1), (1, 1))` |
//! | Cannon's capture | `Atom::ride(1, 0).mode(Mode::Hop)` |
//! | Korean Cannon's moves and captures | `Atom::ride(1, 0).mode(Mode::HopAny)` |

use crate::geometry::Offset;

/// Whether a walk's destinations may be reached by a quiet move, by a capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Moves to an empty square or captures an enemy piece.
    MoveOrCapture,
    /// Only moves to an empty square.
    MoveOnly,
    /// Only captures an enemy piece.
    CaptureOnly,
    /// Only captures, and only by jumping exactly one piece of either colour (the screen): the
    /// destination is the first piece beyond the screen. The Cannon's and the Vao's capture.
    Hop,
    /// Moves or captures, but only beyond exactly one screen: the destinations are the empty
    /// squares after the screen up to the next piece, and that piece if it is an enemy (the
    /// Korean-style hoppers of the Wildeurasian games, as Janggi's Cannon).
    HopAny,
}

impl Mode {
    /// Whether a destination square may be empty.
    #[inline]
    pub const fn moves(self) -> bool {
        matches!(self, Mode::MoveOrCapture | Mode::MoveOnly | Mode::HopAny)
    }

    /// Whether a destination square may hold an enemy piece.
    #[inline]
    pub const fn captures(self) -> bool {
        !matches!(self, Mode::MoveOnly)
    }

    /// Whether destinations lie beyond exactly one screen.
    #[inline]
    pub const fn hops(self) -> bool {
        matches!(self, Mode::Hop | Mode::HopAny)
    }
}

/// Which mirror images and rotations of the written orientation the piece also has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Only the written orientation.
    None,
    /// The written one and its left-right mirror image.
    LeftRight,
    /// The written one and its forward-backward mirror image.
    FrontBack,
    /// All eight rotations and reflections.
    All,
}

impl Symmetry {
    /// The coordinate transforms of this symmetry, each as `(swap x and y, negate x, negate y)`.
    fn transforms(self) -> &'static [(bool, bool, bool)] {
        const ALL: [(bool, bool, bool); 8] = [
            (false, false, false),
            (false, true, false),
            (false, false, true),
            (false, true, true),
            (true, false, false),
            (true, true, false),
            (true, false, true),
            (true, true, true),
        ];
        match self {
            Symmetry::None => &ALL[..1],
            Symmetry::LeftRight => &ALL[..2],
            Symmetry::FrontBack => &[(false, false, false), (false, false, true)],
            Symmetry::All => &ALL,
        }
    }
}

/// Where a piece must stand for an atom to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// On any square.
    Anywhere,
    /// On the given rank, counted from zero from its owner's side (2 = the own third rank).
    OwnRank(u8),
    /// On the given rank or beyond, counted the same way.
    FromOwnRank(u8),
}

impl Origin {
    /// Whether a piece on its owner's rank `own_rank` (from zero) may use the atom.
    pub const fn allows(self, own_rank: u8) -> bool {
        match self {
            Origin::Anywhere => true,
            Origin::OwnRank(rank) => own_rank == rank,
            Origin::FromOwnRank(rank) => own_rank >= rank,
        }
    }
}

/// One family of walks; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    lead: Option<Offset>,
    cycle: [Offset; 2],
    cycle_len: u8,
    limit: u8,
    mode: Mode,
    symmetry: Symmetry,
    origin: Origin,
}

/// Marks an atom whose walks go on until they meet a piece or the edge.
const UNLIMITED: u8 = u8::MAX;

impl Atom {
    const fn new(lead: Option<Offset>, cycle: [Offset; 2], cycle_len: u8, limit: u8) -> Atom {
        Atom {
            lead,
            cycle,
            cycle_len,
            limit,
            mode: Mode::MoveOrCapture,
            symmetry: Symmetry::All,
            origin: Origin::Anywhere,
        }
    }

    /// A single jump by `(dx, dy)` that ignores the squares in between.
    pub const fn leap(dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(None, [step, step], 1, 1)
    }

    /// A slide by repeated `(dx, dy)` steps through empty squares.
    pub const fn ride(dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(None, [step, step], 1, UNLIMITED)
    }

    /// A step to `lead` (passed only, must be empty) followed by a slide by `then` steps.
    pub const fn bent(lead: (i8, i8), then: (i8, i8)) -> Atom {
        let then = Offset::new(then.0, then.1);
        Atom::new(
            Some(Offset::new(lead.0, lead.1)),
            [then, then],
            1,
            UNLIMITED,
        )
    }

    /// A step to `first` (passed only, must be empty) followed by a slide alternating `turn` and
    /// `first` steps: the part of a crooked ride after its first square.
    pub const fn crooked(first: (i8, i8), turn: (i8, i8)) -> Atom {
        let first = Offset::new(first.0, first.1);
        Atom::new(
            Some(first),
            [Offset::new(turn.0, turn.1), first],
            2,
            UNLIMITED,
        )
    }

    /// A leap by `(dx, dy)` that passes through the squares given by `lead` first: the walk
    /// `lead`, then `(dx, dy)`, as used for a pawn's double step.
    pub const fn through(lead: (i8, i8), dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(Some(Offset::new(lead.0, lead.1)), [step, step], 1, 1)
    }

    /// The same atom reaching at most `limit` destinations along each walk.
    pub const fn limit(mut self, limit: u8) -> Atom {
        self.limit = limit;
        self
    }

    /// The same atom with destinations reached only in `mode`.
    pub const fn mode(mut self, mode: Mode) -> Atom {
        self.mode = mode;
        self
    }

    /// The same atom with another symmetry (the default is [`Symmetry::All`]).
    pub const fn symmetry(mut self, symmetry: Symmetry) -> Atom {
        self.symmetry = symmetry;
        self
    }

    /// The same atom, usable only from `origin`.
    pub const fn origin(mut self, origin: Origin) -> Atom {
        self.origin = origin;
        self
    }

    /// How destinations may be reached.
    pub const fn destination_mode(&self) -> Mode {
        self.mode
    }

    /// Where the piece must stand for the atom to apply.
    pub const fn required_origin(&self) -> Origin {
        self.origin
    }

    /// Every distinct orientation of the atom as a walk, from White's point of view.
    pub fn walks(&self) -> Vec<Walk> {
        let mut walks: Vec<Walk> = Vec::new();
        for &(swap, negate_x, negate_y) in self.symmetry.transforms() {
            let turn = |o: Offset| {
                let (dx, dy) = if swap { (o.dy, o.dx) } else { (o.dx, o.dy) };
                Offset::new(
                    if negate_x { -dx } else { dx },
                    if negate_y { -dy } else { dy },
                )
            };
            let walk = Walk {
                lead: self.lead.map(turn),
                cycle: self.cycle[..self.cycle_len as usize]
                    .iter()
                    .copied()
                    .map(turn)
                    .collect(),
                limit: self.limit,
            };
            if !walks.contains(&walk) {
                walks.push(walk);
            }
        }
        walks
    }
}

/// One orientation of an atom: the steps to take from a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// A first step whose square is passed but is never a destination.
    pub lead: Option<Offset>,
    /// The steps repeated in turn; each lands on a destination.
    pub cycle: Vec<Offset>,
    /// The most destinations along the walk.
    pub limit: u8,
}

/// The farthest a walk can go along either axis on the largest board.
const SPAN: i32 = 11;

/// A square as `(dx, dy)` from a piece's (White's view).
type Relative = (i32, i32);

/// One way a piece reaches a square: for [`twice_reached`].
struct Reach {
    target: (i32, i32),
    /// The squares the walk passes before the target, lead included.
    passed: Vec<(i32, i32)>,
    hops: bool,
    moves: bool,
    captures: bool,
    origin: Origin,
}

impl Reach {
    /// Whether this and `other` can make the same move in one position. A hop needs a screen
    /// among the squares it passes, a plain walk all of its passed squares empty: both can hold
    /// unless the walk passes every square the hop does (a ride along the hop's line), so a
    /// leap to a hop's landing square makes the same move when a screen stands between.
    fn overlaps(&self, other: &Reach) -> bool {
        let screen_possible = |hop: &Reach, walk: &Reach| {
            hop.passed
                .iter()
                .any(|square| !walk.passed.contains(square))
        };
        self.target == other.target
            && ((self.moves && other.moves) || (self.captures && other.captures))
            && origins_meet(self.origin, other.origin)
            && match (self.hops, other.hops) {
                (true, false) => screen_possible(self, other),
                (false, true) => screen_possible(other, self),
                _ => true,
            }
    }
}

/// Whether a piece can stand where both `a` and `b` apply.
fn origins_meet(a: Origin, b: Origin) -> bool {
    match (a, b) {
        (Origin::Anywhere, _) | (_, Origin::Anywhere) => true,
        (Origin::OwnRank(x), Origin::OwnRank(y)) => x == y,
        (Origin::OwnRank(on), Origin::FromOwnRank(from))
        | (Origin::FromOwnRank(from), Origin::OwnRank(on)) => on >= from,
        (Origin::FromOwnRank(_), Origin::FromOwnRank(_)) => true,
    }
}

/// A square, as `(dx, dy)` from the piece (White's view), that two of `atoms` can reach in the
/// same position: the engine would generate that move twice. `None` when every move has one
/// way. A move-only and a capture-only walk never make the same move, nor a hop and a walk that
/// passes every square the hop passes (one needs a screen there, the other an open line).
pub fn twice_reached(atoms: &[Atom]) -> Option<(i32, i32)> {
    let mut by_target: std::collections::HashMap<(i32, i32), Vec<Reach>> =
        std::collections::HashMap::new();
    for atom in atoms {
        for walk in atom.walks() {
            let (lead, destinations) = walk.squares();
            for (index, &target) in destinations.iter().enumerate() {
                let reach = Reach {
                    target,
                    passed: lead.iter().chain(&destinations[..index]).copied().collect(),
                    hops: atom.mode.hops(),
                    moves: atom.mode.moves(),
                    captures: atom.mode.captures(),
                    origin: atom.origin,
                };
                let known = by_target.entry(target).or_default();
                if known.iter().any(|other| other.overlaps(&reach)) {
                    return Some(target);
                }
                known.push(reach);
            }
        }
    }
    None
}

impl Walk {
    /// The square of the walk's lead, if any, and the squares it may end on, in order, as
    /// `(dx, dy)` from its start, on the largest board.
    fn squares(&self) -> (Option<Relative>, Vec<Relative>) {
        let add = |(x, y): (i32, i32), o: &Offset| (x + i32::from(o.dx), y + i32::from(o.dy));
        let lead = self.lead.as_ref().map(|lead| add((0, 0), lead));
        let mut at = lead.unwrap_or((0, 0));
        let mut found = Vec::new();
        for step in self.cycle.iter().cycle().take(usize::from(self.limit)) {
            at = add(at, step);
            if at.0.abs() > SPAN || at.1.abs() > SPAN {
                break;
            }
            found.push(at);
        }
        (lead, found)
    }
    /// The same walk as seen by Black: forward and backward exchanged.
    pub fn mirrored(&self) -> Walk {
        let flip = |o: Offset| Offset::new(o.dx, -o.dy);
        Walk {
            lead: self.lead.map(flip),
            cycle: self.cycle.iter().copied().map(flip).collect(),
            limit: self.limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetry_counts() {
        assert_eq!(Atom::leap(1, 2).walks().len(), 8);
        assert_eq!(Atom::leap(2, 2).walks().len(), 4);
        assert_eq!(Atom::ride(0, 1).walks().len(), 4);
        assert_eq!(
            Atom::leap(1, 1).symmetry(Symmetry::LeftRight).walks().len(),
            2
        );
        assert_eq!(
            Atom::leap(0, 1).symmetry(Symmetry::LeftRight).walks().len(),
            1
        );
        assert_eq!(Atom::bent((1, 1), (1, 0)).walks().len(), 8);
        assert_eq!(Atom::crooked((0, 1), (1, 1)).walks().len(), 8);
    }

    #[test]
    fn a_leap_to_where_a_hop_lands_is_a_second_way() {
        let hop = Atom::ride(1, 1).mode(Mode::HopAny);
        assert_eq!(twice_reached(&[Atom::leap(2, 2), hop]), Some((2, 2)));
        let capture = Atom::ride(1, 0).mode(Mode::Hop);
        assert_eq!(
            twice_reached(&[Atom::leap(3, 0), capture]).map(|(x, y)| x.abs() + y.abs()),
            Some(3)
        );
        // A ride along the hop's line needs the screen's square empty; so does a lame leap
        // through it.
        assert_eq!(twice_reached(&[Atom::ride(1, 0), capture]), None);
        assert_eq!(twice_reached(&[Atom::through((1, 0), 1, 0), capture]), None);
        assert_eq!(twice_reached(&[Atom::leap(1, 1), hop]), None);
    }

    #[test]
    fn crooked_walk_alternates() {
        let walk = &Atom::crooked((0, 1), (1, 1))
            .symmetry(Symmetry::None)
            .walks()[0];
        assert_eq!(walk.lead, Some(Offset::new(0, 1)));
        assert_eq!(walk.cycle, vec![Offset::new(1, 1), Offset::new(0, 1)]);
    }
}
