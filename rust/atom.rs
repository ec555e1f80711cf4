//! Movement atoms: the small values a piece's movement is built from.
//!
//! An atom describes one family of walks from White's point of view. A walk may start with
//! *lead* steps (one or two) whose squares are only passed (they must be empty, and are never
//! destinations), then repeats a *cycle* of one or two steps; every square of the cycle part is
//! a destination until the walk meets a piece (which it may capture, depending on the [`Mode`])
//! or reaches its `limit`. Symmetry turns one written orientation into all the ones the piece
//! has; an atom may also be kept to the lines of a region (`within`: it applies only from a
//! square of the region, and its walks stop where they would leave it).
//!
//! | movement | atom |
//! |---|---|
//! | Knight leap | `Atom::leap(1, 2)` |
//! | Rook | `Atom::ride(0, 1)` |
//! | one step forward | `Atom::leap(0, 1).symmetry(Symmetry::None)` |
//! | Gryphon's bent ride | `Atom::bent((1, 1), (1, 0))` |
//! | Rhino's crooked ride | `Atom::crooked((0, 1), (1, 1))` |
//! | Xiangqi Horse (lame Knight) | `Atom::through((0, 1), 1, 1)` |
//! | Janggi Elephant (lame through two) | `Atom::through_two((0, 1), (1, 1), 1, 1)` |
//! | Cannon's capture | `Atom::ride(1, 0).mode(Mode::Hop)` |
//! | Korean Cannon's moves and captures | `Atom::ride(1, 0).mode(Mode::HopAny)` |
//! | Grasshopper | `Atom::ride(1, 0).mode(Mode::Behind)` |
//! | hopper of range 2 (`pR2`) | `Atom::ride(1, 0).limit(2).mode(Mode::HopAny)` |

use crate::geometry::Offset;
use crate::square_set::SquareSet;

/// Whether a walk's destinations may be reached by a quiet move, by a capture, or both, and
/// whether they lie beyond a screen: a hopper's walk passes exactly one piece of either colour
/// (the screen) before its destinations. A hop's `limit` counts every square from the piece,
/// the screen's included (Fairy-Stockfish's range: a hop of limit 2 needs the screen next to
/// the piece and lands right behind it).
///
/// The values are bit sets, so that each question is one test on the hot path: bit 0 forbids
/// quiet moves, bit 1 captures, bit 2 marks a hop beyond the screen, bit 3 one right behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[repr(u8)]
pub enum Mode {
    /// Moves to an empty square or captures an enemy piece.
    MoveOrCapture = 0,
    /// Only moves to an empty square.
    MoveOnly = NO_CAPTURE,
    /// Only captures an enemy piece.
    CaptureOnly = NO_MOVE,
    /// Only captures, and only by jumping exactly one piece of either colour (the screen): the
    /// destination is the first piece beyond the screen. The Cannon's and the Vao's capture.
    Hop = BEYOND | NO_MOVE,
    /// Moves or captures, but only beyond exactly one screen: the destinations are the empty
    /// squares after the screen up to the next piece, and that piece if it is an enemy (the
    /// Korean-style hoppers of the Wildeurasian games, as Janggi's Cannon).
    HopAny = BEYOND,
    /// Only moves, to the empty squares after the screen up to the next piece (`mpR`).
    #[serde(skip)]
    HopQuiet = BEYOND | NO_CAPTURE,
    /// Moves to or captures on the square right behind the screen, whatever the distance to the
    /// screen: the Grasshopper (`gQ`).
    #[serde(skip)]
    Behind = BEHIND,
    /// Only moves to the square right behind the screen, when it is empty (`mgR`).
    #[serde(skip)]
    BehindQuiet = BEHIND | NO_CAPTURE,
    /// Only captures on the square right behind the screen (`cgR`).
    #[serde(skip)]
    BehindCapture = BEHIND | NO_MOVE,
}

/// The bits of [`Mode`]'s values.
const NO_MOVE: u8 = 1;
const NO_CAPTURE: u8 = 2;
const BEYOND: u8 = 4;
const BEHIND: u8 = 8;

/// Where a hopper's destinations lie: the TOML key `hop`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HopStyle {
    /// Every square beyond the screen up to the next piece, as a Cannon's.
    Beyond,
    /// Only the square right behind the screen, as a Grasshopper's.
    Behind,
}

impl Mode {
    /// Whether a destination square may be empty.
    #[inline]
    pub const fn moves(self) -> bool {
        self as u8 & NO_MOVE == 0
    }

    /// Whether a destination square may hold an enemy piece.
    #[inline]
    pub const fn captures(self) -> bool {
        self as u8 & NO_CAPTURE == 0
    }

    /// Whether destinations lie beyond exactly one screen.
    #[inline]
    pub const fn hops(self) -> bool {
        self as u8 & (BEYOND | BEHIND) != 0
    }

    /// Whether a hop lands only right behind its screen.
    #[inline]
    pub const fn lands_behind(self) -> bool {
        self as u8 & BEHIND != 0
    }

    /// The hop of `style` whose destinations are reached as `modality` says (one of
    /// [`Mode::MoveOrCapture`], [`Mode::MoveOnly`] and [`Mode::CaptureOnly`]); `None` for any
    /// other `modality`.
    pub const fn hopping(style: HopStyle, modality: Mode) -> Option<Mode> {
        Some(match (style, modality) {
            (HopStyle::Beyond, Mode::MoveOrCapture) => Mode::HopAny,
            (HopStyle::Beyond, Mode::MoveOnly) => Mode::HopQuiet,
            (HopStyle::Beyond, Mode::CaptureOnly) => Mode::Hop,
            (HopStyle::Behind, Mode::MoveOrCapture) => Mode::Behind,
            (HopStyle::Behind, Mode::MoveOnly) => Mode::BehindQuiet,
            (HopStyle::Behind, Mode::CaptureOnly) => Mode::BehindCapture,
            _ => return None,
        })
    }
}

/// How Black's moves are derived from the moves written for White.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlackMoves {
    /// Mirrored from rank to rank: forward and backward exchanged, left and right kept (a
    /// piece moving forward-right for White moves down and to the right on the board for Black).
    #[default]
    Mirrored,
    /// Turned half a turn, as Fairy-Stockfish does: forward and backward, left and right both
    /// exchanged (forward-right for White is down and to the left on the board for Black, which
    /// is forward-right seen from Black's side). The two differ only for a piece that moves
    /// differently to its left and to its right.
    Rotated,
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
    lead: [Offset; MAX_LEAD],
    lead_len: u8,
    cycle: [Offset; 2],
    cycle_len: u8,
    limit: u8,
    mode: Mode,
    symmetry: Symmetry,
    origin: Origin,
    within: Option<SquareSet>,
}

/// The most lead steps an atom takes (a lame leap through two squares, as Janggi's Elephant).
pub const MAX_LEAD: usize = 2;

/// Marks an atom whose walks go on until they meet a piece or the edge.
const UNLIMITED: u8 = u8::MAX;

impl Atom {
    const fn new(lead: &[Offset], cycle: [Offset; 2], cycle_len: u8, limit: u8) -> Atom {
        let none = Offset::new(0, 0);
        let mut leads = [none; MAX_LEAD];
        let mut index = 0;
        while index < lead.len() {
            leads[index] = lead[index];
            index += 1;
        }
        Atom {
            lead: leads,
            lead_len: lead.len() as u8,
            cycle,
            cycle_len,
            limit,
            mode: Mode::MoveOrCapture,
            symmetry: Symmetry::All,
            origin: Origin::Anywhere,
            within: None,
        }
    }

    /// A single jump by `(dx, dy)` that ignores the squares in between.
    pub const fn leap(dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(&[], [step, step], 1, 1)
    }

    /// A slide by repeated `(dx, dy)` steps through empty squares.
    pub const fn ride(dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(&[], [step, step], 1, UNLIMITED)
    }

    /// A step to `lead` (passed only, must be empty) followed by a slide by `then` steps.
    pub const fn bent(lead: (i8, i8), then: (i8, i8)) -> Atom {
        let then = Offset::new(then.0, then.1);
        Atom::new(&[Offset::new(lead.0, lead.1)], [then, then], 1, UNLIMITED)
    }

    /// A step to `first` (passed only, must be empty) followed by a slide alternating `turn` and
    /// `first` steps: the part of a crooked ride after its first square.
    pub const fn crooked(first: (i8, i8), turn: (i8, i8)) -> Atom {
        let first = Offset::new(first.0, first.1);
        Atom::new(&[first], [Offset::new(turn.0, turn.1), first], 2, UNLIMITED)
    }

    /// A leap by `(dx, dy)` that passes through the square `lead` first: the walk `lead`, then
    /// `(dx, dy)`, as used for a pawn's double step or a lame Knight.
    pub const fn through(lead: (i8, i8), dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        Atom::new(&[Offset::new(lead.0, lead.1)], [step, step], 1, 1)
    }

    /// A leap by `(dx, dy)` that passes through two squares first: the step `first`, then the
    /// step `second` from there, then `(dx, dy)`. Janggi's Elephant is
    /// `Atom::through_two((0, 1), (1, 1), 1, 1)`: to (2, 3) over (0, 1) and (1, 2).
    pub const fn through_two(first: (i8, i8), second: (i8, i8), dx: i8, dy: i8) -> Atom {
        let step = Offset::new(dx, dy);
        let lead = [
            Offset::new(first.0, first.1),
            Offset::new(second.0, second.1),
        ];
        Atom::new(&lead, [step, step], 1, 1)
    }

    /// The same atom reaching at most `limit` destinations along each walk (a hop: at most
    /// `limit` squares from the piece, the screen's included).
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

    /// The same atom kept to `region` (White's side; mirrored for Black): it applies only from
    /// a square of the region, and each walk stops before its first square outside it.
    pub const fn within(mut self, region: SquareSet) -> Atom {
        self.within = Some(region);
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

    /// The region (White's side) the atom is kept to, if any.
    pub const fn region(&self) -> Option<SquareSet> {
        self.within
    }

    /// Every distinct orientation of the atom as a walk, from White's point of view.
    pub fn walks(&self) -> Vec<Walk> {
        let mut walks: Vec<Walk> = Vec::new();
        for &(swap, negate_x, negate_y) in self.symmetry.transforms() {
            let turn = |o: &Offset| {
                let (dx, dy) = if swap { (o.dy, o.dx) } else { (o.dx, o.dy) };
                Offset::new(
                    if negate_x { -dx } else { dx },
                    if negate_y { -dy } else { dy },
                )
            };
            let walk = Walk {
                lead: self.lead[..self.lead_len as usize]
                    .iter()
                    .map(turn)
                    .collect(),
                cycle: self.cycle[..self.cycle_len as usize]
                    .iter()
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
    /// The first steps, whose squares are passed but are never destinations.
    pub lead: Vec<Offset>,
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
    /// Whether it is a hop whose screen must stand right before the target.
    behind: bool,
    moves: bool,
    captures: bool,
    origin: Origin,
}

impl Reach {
    /// Whether this and `other` can make the same move in one position. A hop needs a screen
    /// among the squares it passes (a Grasshopper's: on the last of them), a plain walk all of
    /// its passed squares empty: both can hold unless the walk passes every square where the
    /// hop's screen may stand (a ride along the hop's line), so a leap to a hop's landing square
    /// makes the same move when a screen stands between.
    fn overlaps(&self, other: &Reach) -> bool {
        let screen_possible = |hop: &Reach, walk: &Reach| {
            let screens = match hop.behind {
                true => hop.passed.last().into_iter().collect(),
                false => hop.passed.iter().collect::<Vec<_>>(),
            };
            screens.iter().any(|square| !walk.passed.contains(square))
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
/// Regions (`within`) are not looked at: atoms that would reach a square two ways anywhere
/// count as doing so.
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
                    behind: atom.mode.lands_behind(),
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
    /// The squares of the walk's lead and the squares it may end on, in order, as `(dx, dy)`
    /// from its start, on the largest board.
    fn squares(&self) -> (Vec<Relative>, Vec<Relative>) {
        let add = |(x, y): (i32, i32), o: &Offset| (x + i32::from(o.dx), y + i32::from(o.dy));
        let mut at = (0, 0);
        let lead: Vec<Relative> = self
            .lead
            .iter()
            .map(|step| {
                at = add(at, step);
                at
            })
            .collect();
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

    /// The same walk as Black walks it.
    pub fn for_black(&self, black: BlackMoves) -> Walk {
        let turn = |o: &Offset| match black {
            BlackMoves::Mirrored => Offset::new(o.dx, -o.dy),
            BlackMoves::Rotated => Offset::new(-o.dx, -o.dy),
        };
        Walk {
            lead: self.lead.iter().map(turn).collect(),
            cycle: self.cycle.iter().map(turn).collect(),
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
        assert_eq!(walk.lead, vec![Offset::new(0, 1)]);
        assert_eq!(walk.cycle, vec![Offset::new(1, 1), Offset::new(0, 1)]);
    }

    #[test]
    fn a_grasshopper_lands_where_a_leap_does_but_not_where_a_ride_does() {
        let grasshopper = Atom::ride(1, 0).mode(Mode::Behind);
        assert_eq!(twice_reached(&[Atom::ride(1, 0), grasshopper]), None);
        assert!(twice_reached(&[Atom::leap(2, 0), grasshopper]).is_some());
        // A lame leap through the screen's square cannot land there with a screen; through the
        // square before the screen it can.
        assert_eq!(
            twice_reached(&[Atom::through((1, 0), 1, 0), grasshopper]),
            None
        );
        assert!(twice_reached(&[Atom::through((1, 0), 2, 0), grasshopper]).is_some());
        // Both hops land behind a screen next to the target: the same move twice.
        assert!(twice_reached(&[Atom::ride(1, 0).mode(Mode::Hop), grasshopper]).is_some());
        assert_eq!(
            twice_reached(&[
                Atom::ride(1, 0).mode(Mode::HopQuiet),
                grasshopper.mode(Mode::BehindCapture)
            ]),
            None
        );
    }

    #[test]
    fn lame_leaps_pass_their_lead_squares() {
        let elephant = Atom::through_two((0, 1), (1, 1), 1, 1).symmetry(Symmetry::None);
        let (lead, destinations) = elephant.walks()[0].squares();
        assert_eq!(lead, vec![(0, 1), (1, 2)]);
        assert_eq!(destinations, vec![(2, 3)]);
        assert_eq!(Atom::through_two((0, 1), (1, 1), 1, 1).walks().len(), 8);
    }

    #[test]
    fn black_walks_are_mirrored_or_turned() {
        let walk = &Atom::leap(1, 2).symmetry(Symmetry::None).walks()[0];
        let cycle = |black| walk.for_black(black).cycle;
        assert_eq!(cycle(BlackMoves::Mirrored), vec![Offset::new(1, -2)]);
        assert_eq!(cycle(BlackMoves::Rotated), vec![Offset::new(-1, -2)]);
    }

    #[test]
    fn hop_modes_combine_a_style_and_a_modality() {
        for style in [HopStyle::Beyond, HopStyle::Behind] {
            for modality in [Mode::MoveOrCapture, Mode::MoveOnly, Mode::CaptureOnly] {
                let mode = Mode::hopping(style, modality).unwrap();
                assert!(mode.hops());
                assert_eq!(mode.lands_behind(), style == HopStyle::Behind);
                assert_eq!(mode.moves(), modality.moves());
                assert_eq!(mode.captures(), modality.captures());
            }
            assert_eq!(Mode::hopping(style, Mode::Hop), None);
        }
        assert_eq!(
            Mode::hopping(HopStyle::Beyond, Mode::CaptureOnly),
            Some(Mode::Hop)
        );
        assert_eq!(
            Mode::hopping(HopStyle::Beyond, Mode::MoveOrCapture),
            Some(Mode::HopAny)
        );
    }
}
