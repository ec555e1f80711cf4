//! Tables precomputed when a variant is built: the paths every piece can walk from every square,
//! and the same paths reversed for attack detection.
//!
//! A *path* is the list of squares one walk of an atom visits from a square, cut at the board's
//! edge and at the piece's confinement. Its first `pass` squares are only passed; the rest are
//! destinations. Move generation walks a path until it meets a piece. No geometry is left for the
//! hot loop.
//!
//! Attacks are looked up in reverse, from the attacked square: for every square and attacking
//! colour a small tree lists, nearest first, the squares that must be empty for an attack to get
//! through, and at each node the squares from which a piece of given kinds then attacks. Because
//! the tree comes from the paths themselves, bent and crooked riders (Gryphon, Rhino) get their
//! checks and pins right with no special case: "between" is never assumed to be symmetric.

use crate::atom::{Atom, BlackMoves, Mode};
use crate::geometry::{Dimensions, Square, SQUARE_SLOTS};
use crate::piece::{Color, KindSet};
use crate::piece_rule::{Compulsory, PieceRule, PromotionStyle};
use crate::square_set::SquareSet;
use std::ops::Range;

/// One walk from one square; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub struct Path {
    start: u32,
    len: u8,
    pass: u8,
    mode: Mode,
    /// Whether the walker is a hopper that may not jump or capture some kinds (kept here, in
    /// what would be padding, so that other hoppers never look their rule up).
    hop_limited: bool,
    /// Bit `i` is set when a move ending on square `i` of the path may promote.
    promotions: u32,
    /// Bit `i` is set when a move ending on square `i` of the path must promote.
    forced: u32,
}

impl Path {
    /// Number of leading squares that are passed but are not destinations.
    #[inline]
    pub fn pass(&self) -> usize {
        self.pass as usize
    }

    /// Whether the destinations may be reached quietly, by capture, or both.
    #[inline]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the walker is a hopper with kinds it may not jump or capture
    /// ([`PieceRule::screen_not`], [`PieceRule::captures_not`]).
    #[inline]
    pub fn hop_limited(&self) -> bool {
        self.hop_limited
    }

    /// Whether a move ending on square `index` of the path may promote.
    #[inline]
    pub fn promotes_at(&self, index: usize) -> bool {
        self.promotions >> index & 1 != 0
    }

    /// Whether a move ending on square `index` of the path may only be made promoting.
    #[inline]
    pub fn forced_at(&self, index: usize) -> bool {
        self.forced >> index & 1 != 0
    }
}

/// A square from which pieces of some kinds attack, once the squares above it in the tree are empty.
#[derive(Clone, Copy, Debug)]
pub struct AttackCheck {
    /// Where the attacker would stand.
    pub square: Square,
    /// The kinds that attack from there, as a set of [`crate::piece::Kind::bit`]s.
    pub kinds: KindSet,
}

/// A square that must be empty for the attacks below it in the tree to get through.
#[derive(Clone, Copy, Debug)]
struct AttackNode {
    square: Square,
    /// Index just past this node's subtree: where to go on when the square is occupied.
    subtree_end: u32,
    /// The kinds some check in this subtree (this node included) is about.
    subtree_kinds: KindSet,
    checks: (u32, u32),
}

/// What [`Tables::scan`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackScan {
    /// Whether an attack gets through now.
    pub attacked: bool,
    /// When not attacked: the squares that alone block an attack.
    pub sole_blockers: SquareSet,
}

/// What [`Tables::hop_exposure`] found: where a move could open a hopper's attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HopExposure {
    /// Squares where an arriving piece would become a hopper's screen.
    pub arrive: SquareSet,
    /// Squares from which a leaving piece would let a hopper through.
    pub leave: SquareSet,
}

/// The attack tree of one square for one attacking colour.
#[derive(Clone, Copy, Debug, Default)]
struct AttackTree {
    root_checks: (u32, u32),
    nodes: (u32, u32),
}

/// All precomputed tables of a variant.
#[derive(Debug, Default)]
pub struct Tables {
    /// Kind slots per colour in `piece_paths` and `stuck` (the number of kinds plus one).
    kind_slots: usize,
    path_squares: Vec<Square>,
    paths: Vec<Path>,
    piece_paths: Vec<(u32, u32)>,
    nodes: Vec<AttackNode>,
    checks: Vec<AttackCheck>,
    trees: Vec<AttackTree>,
    /// Per square and attacking colour: the lines along which a hopper attacks it.
    hop_rays: Vec<(u32, u32)>,
    rays: Vec<HopRay>,
    ray_squares: Vec<Square>,
    /// Beside `ray_squares`: the kinds that attack from each square of a ray.
    ray_kinds: Vec<KindSet>,
    /// The kinds that capture by hopping.
    hopper_kinds: KindSet,
    /// Per colour and kind: the squares from which the piece has no move even on an empty board.
    stuck: Vec<SquareSet>,
}

/// A line from an attacked square outward (the squares a hop passes, nearest the attacked
/// square first), along which hoppers attack over exactly one screen: a hopper of the kinds
/// given for its square attacks when it is the second piece on the line.
#[derive(Clone, Copy, Debug)]
struct HopRay {
    start: u32,
    len: u8,
    /// Whether any screen will do and the same kinds attack from every square (a Cannon's
    /// line): the case the search meets most, looked at with no more ado.
    plain: bool,
    /// Whether the screen must stand on the first square (the hoppers land right behind it).
    behind: bool,
    /// Every kind that attacks from some square of the ray.
    kinds: KindSet,
    /// The kinds (of either colour) that cannot be the screen.
    screens_not: KindSet,
}

/// What a hop ray is while the tables are being built: its squares, the kinds attacking from
/// each, and its screen rules.
struct BuildRay {
    squares: Vec<Square>,
    kinds: Vec<KindSet>,
    behind: bool,
    screens_not: KindSet,
}

fn range((start, end): (u32, u32)) -> Range<usize> {
    start as usize..end as usize
}

fn square_index(color: Color, square: Square) -> usize {
    color.index() * SQUARE_SLOTS + square.index()
}

impl Tables {
    /// The paths a piece of `kind_number` and `color` walks from `square`.
    #[inline]
    pub fn paths(&self, color: Color, kind_number: u8, square: Square) -> &[Path] {
        let index = (color.index() * self.kind_slots + kind_number as usize) * SQUARE_SLOTS
            + square.index();
        &self.paths[range(self.piece_paths[index])]
    }

    /// The squares from which a piece of `kind_number` and `color` could never move, even on an
    /// empty board: it may not be dropped there, and must promote on arriving there.
    #[inline]
    pub fn stuck(&self, color: Color, kind_number: u8) -> &SquareSet {
        &self.stuck[color.index() * self.kind_slots + kind_number as usize]
    }

    /// The squares of `path`, in walking order.
    #[inline]
    pub fn squares(&self, path: &Path) -> &[Square] {
        &self.path_squares[path.start as usize..path.start as usize + path.len as usize]
    }

    /// Looks for an attack by `attacker` on `square`: offers `found` every attack check about a
    /// kind in `present` (the attacker's kinds on the board) whose path is open (judged by
    /// `is_empty`), and returns `true` as soon as `found` accepts one.
    #[inline]
    pub fn find_attack(
        &self,
        attacker: Color,
        square: Square,
        present: KindSet,
        is_empty: impl Fn(Square) -> bool,
        mut found: impl FnMut(&AttackCheck) -> bool,
    ) -> bool {
        let tree = self.trees[square_index(attacker, square)];
        self.any_check(tree.root_checks, present, &mut found)
            || self.walk(range(tree.nodes), present, &is_empty, &mut found)
    }

    /// Whether `found` accepts one of the checks `checks` about a kind in `present`.
    #[inline]
    fn any_check(
        &self,
        checks: (u32, u32),
        present: KindSet,
        found: &mut impl FnMut(&AttackCheck) -> bool,
    ) -> bool {
        self.checks[range(checks)]
            .iter()
            .any(|check| check.kinds & present != 0 && found(check))
    }

    /// Walks the nodes `nodes` (whole subtrees, in depth-first order), skipping the subtree of
    /// every occupied square and of every square whose checks are about no kind in `present`,
    /// until `found` accepts a check.
    #[inline]
    fn walk(
        &self,
        nodes: Range<usize>,
        present: KindSet,
        is_empty: &impl Fn(Square) -> bool,
        found: &mut impl FnMut(&AttackCheck) -> bool,
    ) -> bool {
        let mut index = nodes.start;
        while index < nodes.end {
            let node = &self.nodes[index];
            if node.subtree_kinds & present == 0 || !is_empty(node.square) {
                index = node.subtree_end as usize;
            } else if self.any_check(node.checks, present, found) {
                return true;
            } else {
                index += 1;
            }
        }
        false
    }

    /// Like [`Tables::find_attack`], for the hoppers' captures: along each line from `square`,
    /// the first piece is the screen (right next to `square` for a Grasshopper's line, and not
    /// of a kind the line's hoppers may not jump: `is_of` says whether a piece of either colour
    /// of some kinds stands on a square) and the next one the candidate attacker.
    pub fn find_hop_attack(
        &self,
        attacker: Color,
        square: Square,
        present: KindSet,
        is_empty: impl Fn(Square) -> bool,
        is_of: impl Fn(Square, KindSet) -> bool,
        mut found: impl FnMut(&AttackCheck) -> bool,
    ) -> bool {
        self.rays[range(self.hop_rays[square_index(attacker, square)])]
            .iter()
            .filter(|ray| ray.kinds & present != 0)
            .any(|ray| {
                let squares = &self.ray_squares[ray.start as usize..][..ray.len as usize];
                if ray.plain {
                    let mut occupied = squares.iter().copied().filter(|&s| !is_empty(s));
                    return occupied.nth(1).is_some_and(|square| {
                        found(&AttackCheck {
                            square,
                            kinds: ray.kinds,
                        })
                    });
                }
                let mut occupied = (0..squares.len()).filter(|&i| !is_empty(squares[i]));
                let Some(screen) = occupied.next() else {
                    return false;
                };
                if (ray.behind && screen != 0)
                    || (ray.screens_not != 0 && is_of(squares[screen], ray.screens_not))
                {
                    return false;
                }
                occupied.next().is_some_and(|index| {
                    found(&AttackCheck {
                        square: squares[index],
                        kinds: self.ray_kinds[ray.start as usize + index],
                    })
                })
            })
    }

    /// For the hoppers' attacks on `square` (none of which gets through now): where a piece
    /// arriving or leaving could let one through. Along each line from `square` with a hopper
    /// of a kind in `present`, `hits` says whether a piece of the attacker of given kinds stands
    /// on a square (`is_of`: a piece of either colour). If the first piece is a hopper of the
    /// line, an arrival before it gives it a screen; if the third is one, the first or the
    /// second leaving does. On a Grasshopper's line the screen must be next to `square`: an
    /// arrival there, or the second piece leaving when the first stands there. Where a kind
    /// may not be the screen, a capture of such a first piece gives the second one a screen.
    pub fn hop_exposure(
        &self,
        attacker: Color,
        square: Square,
        present: KindSet,
        is_empty: impl Fn(Square) -> bool,
        is_of: impl Fn(Square, KindSet) -> bool,
        hits: impl Fn(Square, KindSet) -> bool,
    ) -> HopExposure {
        let mut exposure = HopExposure::default();
        for ray in &self.rays[range(self.hop_rays[square_index(attacker, square)])] {
            if ray.kinds & present == 0 {
                continue;
            }
            let squares = &self.ray_squares[ray.start as usize..][..ray.len as usize];
            if !ray.plain {
                self.special_exposure(ray, &is_empty, &is_of, &hits, &mut exposure);
                continue;
            }
            let mut occupied = squares
                .iter()
                .enumerate()
                .filter(|&(_, &s)| !is_empty(s))
                .map(|(index, _)| index);
            let Some(first) = occupied.next() else {
                continue;
            };
            if hits(squares[first], ray.kinds) {
                exposure.arrive = exposure.arrive | squares[..first].iter().copied().collect();
            }
            let (Some(second), Some(third)) = (occupied.next(), occupied.next()) else {
                continue;
            };
            if hits(squares[third], ray.kinds) {
                exposure.leave.insert(squares[first]);
                exposure.leave.insert(squares[second]);
            }
        }
        exposure
    }

    /// [`Tables::hop_exposure`] along a `ray` that is not plain (a Grasshopper's, one whose
    /// hoppers may not jump some kinds, or one along which the attacking kinds differ from
    /// square to square), added to `exposure`.
    fn special_exposure(
        &self,
        ray: &HopRay,
        is_empty: impl Fn(Square) -> bool,
        is_of: impl Fn(Square, KindSet) -> bool,
        hits: impl Fn(Square, KindSet) -> bool,
        exposure: &mut HopExposure,
    ) {
        let start = ray.start as usize;
        let squares = &self.ray_squares[start..][..ray.len as usize];
        let hits_at = |index: usize| hits(squares[index], self.ray_kinds[start + index]);
        let mut occupied = (0..squares.len()).filter(|&i| !is_empty(squares[i]));
        let Some(first) = occupied.next() else {
            return;
        };
        let (second, third) = (occupied.next(), occupied.next());
        if ray.screens_not != 0
            && (first == 0 || !ray.behind)
            && is_of(squares[first], ray.screens_not)
            && second.is_some_and(hits_at)
        {
            exposure.arrive.insert(squares[first]);
        }
        if ray.behind {
            if first > 0 && (hits_at(first) || second.is_some_and(hits_at)) {
                exposure.arrive.insert(squares[0]);
            }
            if let (0, Some(second), Some(third)) = (first, second, third) {
                if hits_at(third) {
                    exposure.leave.insert(squares[second]);
                }
            }
            return;
        }
        if hits_at(first) {
            exposure.arrive = exposure.arrive | squares[..first].iter().copied().collect();
        }
        if let (Some(second), Some(third)) = (second, third) {
            if hits_at(third) {
                exposure.leave.insert(squares[first]);
                exposure.leave.insert(squares[second]);
            }
        }
    }

    /// The kinds that capture by hopping, as a set of [`crate::piece::Kind::bit`]s.
    #[inline]
    pub fn hopper_kinds(&self) -> KindSet {
        self.hopper_kinds
    }

    /// Looks at every attack by `attacker` on `square` at once: whether one gets through now
    /// (then the scan stops early), and else which squares alone block one: the first occupied
    /// square of some attack path, holding a piece accepted by `is_candidate`, such that with it
    /// gone `found` accepts an attack. For the King's square these are its pinned pieces, for
    /// every kind of path, bent and crooked ones included. Only kinds in `present` count.
    pub fn scan(
        &self,
        attacker: Color,
        square: Square,
        present: KindSet,
        is_empty: impl Fn(Square) -> bool,
        is_candidate: impl Fn(Square) -> bool,
        mut found: impl FnMut(&AttackCheck) -> bool,
    ) -> AttackScan {
        let tree = self.trees[square_index(attacker, square)];
        let attacked = AttackScan {
            attacked: true,
            sole_blockers: SquareSet::EMPTY,
        };
        if self.any_check(tree.root_checks, present, &mut found) {
            return attacked;
        }
        let mut sole_blockers = SquareSet::EMPTY;
        let nodes = range(tree.nodes);
        let mut index = nodes.start;
        while index < nodes.end {
            let node = &self.nodes[index];
            let end = node.subtree_end as usize;
            if node.subtree_kinds & present == 0 {
                index = end;
            } else if is_empty(node.square) {
                if self.any_check(node.checks, present, &mut found) {
                    return attacked;
                }
                index += 1;
            } else {
                if is_candidate(node.square)
                    && !sole_blockers.contains(node.square)
                    && (self.any_check(node.checks, present, &mut found)
                        || self.walk(index + 1..end, present, &is_empty, &mut found))
                {
                    sole_blockers.insert(node.square);
                }
                index = end;
            }
        }
        AttackScan {
            attacked: false,
            sole_blockers,
        }
    }

    /// Builds every table for the pieces `rules` (kinds numbered from 1 in order) on a board
    /// of `dims`, Black's moves derived from White's as `black` says; with
    /// `promotes_leaving_zone`, a move from the promotion zone may promote too.
    pub fn build(
        dims: Dimensions,
        rules: &[PieceRule],
        black: BlackMoves,
        promotes_leaving_zone: bool,
    ) -> Tables {
        let kind_slots = rules.len() + 1;
        let mut tables = Tables {
            kind_slots,
            piece_paths: vec![(0, 0); 2 * kind_slots * SQUARE_SLOTS],
            trees: vec![AttackTree::default(); 2 * SQUARE_SLOTS],
            stuck: vec![SquareSet::EMPTY; 2 * kind_slots],
            ..Tables::default()
        };
        let mut trees: Vec<BuildNode> = (0..2 * SQUARE_SLOTS)
            .map(|_| BuildNode::default())
            .collect();
        let mut hop_rays: Vec<Vec<BuildRay>> = (0..2 * SQUARE_SLOTS).map(|_| Vec::new()).collect();
        for color in Color::ALL {
            for rule in rules {
                let allowed = rule.allowed[color.index()];
                let walks: Vec<(Square, Vec<RawPath>)> = allowed
                    .iter()
                    .map(|from| {
                        (
                            from,
                            raw_paths(dims, &rule.spec.atoms, (color, black), from, &allowed),
                        )
                    })
                    .collect();
                let stuck: SquareSet = walks
                    .iter()
                    .filter(|(_, paths)| paths.is_empty())
                    .map(|&(from, _)| from)
                    .collect();
                tables.stuck[color.index() * kind_slots + rule.kind.index()] = stuck;
                for (from, raw) in walks {
                    let first = tables.paths.len() as u32;
                    for path in raw {
                        tables.add_path(rule, color, from, path, &stuck, promotes_leaving_zone);
                    }
                    let last = tables.paths.len() as u32;
                    let index = (color.index() * kind_slots + rule.kind.index()) * SQUARE_SLOTS
                        + from.index();
                    tables.piece_paths[index] = (first, last);
                    for path in &tables.paths[first as usize..last as usize] {
                        if !path.mode.captures() {
                            continue;
                        }
                        let squares =
                            &tables.path_squares[path.start as usize..][..path.len as usize];
                        for target in path.pass as usize..squares.len() {
                            let passed = squares[..target].iter().rev().copied();
                            let index = square_index(color, squares[target]);
                            if path.mode.hops() {
                                tables.hopper_kinds |= rule.kind.bit();
                                let ray = BuildRay {
                                    squares: passed.chain([from]).collect(),
                                    kinds: Vec::new(),
                                    behind: path.mode.lands_behind(),
                                    screens_not: rule.screen_not,
                                };
                                add_hop_ray(&mut hop_rays[index], ray, rule.kind.bit());
                            } else {
                                trees[index].insert(passed, from, rule.kind.bit());
                            }
                        }
                    }
                }
            }
        }
        tables.hop_rays = vec![(0, 0); 2 * SQUARE_SLOTS];
        for (index, rays) in hop_rays.into_iter().enumerate() {
            let first = tables.rays.len() as u32;
            for ray in rays {
                let start = tables.ray_squares.len() as u32;
                tables.ray_squares.extend(&ray.squares);
                tables.ray_kinds.extend(&ray.kinds);
                let kinds = ray.kinds.iter().fold(0, |all, &kinds| all | kinds);
                tables.rays.push(HopRay {
                    start,
                    len: ray.squares.len() as u8,
                    plain: !ray.behind
                        && ray.screens_not == 0
                        && ray.kinds.iter().all(|&here| here == kinds),
                    behind: ray.behind,
                    kinds,
                    screens_not: ray.screens_not,
                });
            }
            tables.hop_rays[index] = (first, tables.rays.len() as u32);
        }
        for (index, tree) in trees.iter().enumerate() {
            let root_start = tables.checks.len() as u32;
            tables.checks.extend(
                tree.checks
                    .iter()
                    .map(|&(square, kinds)| AttackCheck { square, kinds }),
            );
            let root_checks = (root_start, tables.checks.len() as u32);
            let node_start = tables.nodes.len() as u32;
            tables.flatten(tree);
            tables.trees[index] = AttackTree {
                root_checks,
                nodes: (node_start, tables.nodes.len() as u32),
            };
        }
        tables
    }

    /// Appends `path`, walked by a piece of `rule` and `color` from `from`, marking where a
    /// move along it may or must promote (`stuck`: where the piece could never move again).
    fn add_path(
        &mut self,
        rule: &PieceRule,
        color: Color,
        from: Square,
        path: RawPath,
        stuck: &SquareSet,
        promotes_leaving_zone: bool,
    ) {
        let mut promotions = 0;
        let mut forced = 0;
        // A promotion in place is a move of its own: the piece's paths never promote.
        let on_arrival = rule
            .promotion
            .as_ref()
            .filter(|promotion| promotion.style == PromotionStyle::OnArrival);
        if let Some(promotion) = on_arrival {
            let zone = &promotion.zone[color.index()];
            let leaving = promotes_leaving_zone && zone.contains(from);
            for (index, &square) in path.squares.iter().enumerate() {
                if leaving || zone.contains(square) {
                    promotions |= 1 << index;
                    let must = match promotion.compulsory {
                        Compulsory::Never => false,
                        Compulsory::WhenStuck => stuck.contains(square),
                        Compulsory::Always => true,
                    };
                    if must {
                        forced |= 1 << index;
                    }
                }
            }
        }
        let start = self.path_squares.len() as u32;
        self.path_squares.extend(&path.squares);
        self.paths.push(Path {
            start,
            len: path.squares.len() as u8,
            pass: path.pass,
            mode: path.mode,
            hop_limited: path.mode.hops() && rule.screen_not | rule.captures_not != 0,
            promotions,
            forced,
        });
    }

    /// Appends `tree`'s nodes (not its root checks) in depth-first order.
    fn flatten(&mut self, tree: &BuildNode) {
        for (square, child) in &tree.children {
            let position = self.nodes.len();
            let check_start = self.checks.len() as u32;
            self.checks.extend(
                child
                    .checks
                    .iter()
                    .map(|&(square, kinds)| AttackCheck { square, kinds }),
            );
            let checks = (check_start, self.checks.len() as u32);
            self.nodes.push(AttackNode {
                square: *square,
                subtree_end: 0,
                subtree_kinds: 0,
                checks,
            });
            self.flatten(child);
            let end = self.nodes.len();
            let own_kinds = child.checks.iter().fold(0, |kinds, &(_, k)| kinds | k);
            let below = self.nodes[position + 1..end]
                .iter()
                .fold(0, |kinds, n| kinds | n.subtree_kinds);
            self.nodes[position].subtree_end = end as u32;
            self.nodes[position].subtree_kinds = own_kinds | below;
        }
    }
}

/// One walk of an atom from a square, before promotion marks are added.
struct RawPath {
    squares: Vec<Square>,
    pass: u8,
    mode: Mode,
}

/// The walks of `atoms` for a piece of `color` (whose moves are White's turned as `black` says)
/// on `from` that may not leave `allowed`: each cut at the edge of the board, at the
/// confinement and at the edge of the atom's region, and left out when it reaches no
/// destination.
fn raw_paths(
    dims: Dimensions,
    atoms: &[Atom],
    (color, black): (Color, BlackMoves),
    from: Square,
    allowed: &SquareSet,
) -> Vec<RawPath> {
    let own_rank = match color {
        Color::White => from.rank(),
        Color::Black => dims.ranks - 1 - from.rank(),
    };
    let mut paths = Vec::new();
    for atom in atoms {
        if !atom.required_origin().allows(own_rank) {
            continue;
        }
        let region = match (atom.region(), color) {
            (None, _) => *allowed,
            (Some(region), Color::White) => region & *allowed,
            (Some(region), Color::Black) => {
                region.iter().map(|s| dims.mirror(s)).collect::<SquareSet>() & *allowed
            }
        };
        if !region.contains(from) {
            continue;
        }
        for walk in atom.walks() {
            let walk = match color {
                Color::White => walk,
                Color::Black => walk.for_black(black),
            };
            let pass = walk.lead.len();
            let mut squares = Vec::new();
            let mut square = from;
            let mut destinations = 0;
            let steps = walk
                .lead
                .iter()
                .copied()
                .chain(walk.cycle.iter().copied().cycle());
            for step in steps {
                match dims.step(square, step).filter(|s| region.contains(*s)) {
                    Some(next) => square = next,
                    None => break,
                }
                squares.push(square);
                if squares.len() > pass {
                    destinations += 1;
                    if destinations == walk.limit {
                        break;
                    }
                }
            }
            if destinations > 0 {
                paths.push(RawPath {
                    squares,
                    pass: pass as u8,
                    mode: atom.destination_mode(),
                });
            }
        }
    }
    paths
}

/// Adds to a square's hop rays `ray`, which ends on the square of a hopper of the kinds
/// `kinds` (`ray.kinds` is empty): a ray with the same screen rules that it starts like (one
/// being the start of the other) takes it in, else it is a ray of its own.
fn add_hop_ray(rays: &mut Vec<BuildRay>, mut ray: BuildRay, kinds: KindSet) {
    let attacker = ray.squares.len() - 1;
    let known = rays.iter_mut().find(|known| {
        let shorter = known.squares.len().min(ray.squares.len());
        known.behind == ray.behind
            && known.screens_not == ray.screens_not
            && known.squares[..shorter] == ray.squares[..shorter]
    });
    match known {
        Some(known) => {
            if ray.squares.len() > known.squares.len() {
                known.kinds.resize(ray.squares.len(), 0);
                known.squares = ray.squares;
            }
            known.kinds[attacker] |= kinds;
        }
        None => {
            ray.kinds = vec![0; ray.squares.len()];
            ray.kinds[attacker] = kinds;
            rays.push(ray);
        }
    }
}

/// An attack tree node while the tables are being built.
#[derive(Default)]
struct BuildNode {
    children: Vec<(Square, BuildNode)>,
    checks: Vec<(Square, KindSet)>,
}

impl BuildNode {
    /// Records that a piece of the kinds `kinds` on `attacker` attacks this tree's square once
    /// every square of `passed` (nearest the attacked square first) is empty.
    fn insert(
        &mut self,
        mut passed: impl Iterator<Item = Square>,
        attacker: Square,
        kinds: KindSet,
    ) {
        match passed.next() {
            None => match self
                .checks
                .iter_mut()
                .find(|(square, _)| *square == attacker)
            {
                Some((_, known)) => *known |= kinds,
                None => self.checks.push((attacker, kinds)),
            },
            Some(square) => {
                let child = match self.children.iter().position(|(s, _)| *s == square) {
                    Some(position) => &mut self.children[position].1,
                    None => {
                        self.children.push((square, BuildNode::default()));
                        &mut self.children.last_mut().expect("just pushed").1
                    }
                };
                child.insert(passed, attacker, kinds);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::fen;
    use crate::geometry::Square;
    use crate::piece::{Color, Kind, Piece};
    use crate::position::Position;
    use crate::setup::Setup;
    use crate::variant::Variant;

    /// Attack by walking every forward path of every piece of `attacker`: the slow, obvious way.
    /// A walk that captures attacks the first piece it meets, a hop the piece after its screen
    /// (the first piece met, which the hopper may not be forbidden to jump; a Grasshopper's
    /// right before the target). What stands on `target` does not matter: a piece's
    /// `captures-not` kinds are never royal, and attacks are asked about Kings and empty
    /// squares.
    pub(crate) fn attacked_by_walking(
        position: &Position,
        attacker: Color,
        target: Square,
    ) -> bool {
        let variant = position.variant();
        let tables = variant.tables();
        position.occupied_by(attacker).iter().any(|from| {
            let kind = position.piece_at(from).unwrap().kind;
            let screen_not = variant.rule(kind).unwrap().screen_not;
            tables
                .paths(attacker, kind.number(), from)
                .iter()
                .filter(|path| path.mode().captures())
                .any(|path| {
                    let squares = tables.squares(path);
                    let Some(at) = squares.iter().position(|&s| s == target) else {
                        return false;
                    };
                    let met: Vec<usize> = (0..at)
                        .filter(|&index| !position.is_empty(squares[index]))
                        .collect();
                    if at < path.pass() {
                        return false;
                    }
                    if !path.mode().hops() {
                        return met.is_empty();
                    }
                    let [screen] = met[..] else {
                        return false;
                    };
                    let jumpable =
                        screen_not & position.piece_at(squares[screen]).unwrap().kind.bit() == 0;
                    jumpable && (!path.mode().lands_behind() || screen + 1 == at)
                })
        })
    }

    /// A small deterministic generator, so the test needs no dependency.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn attack_trees_agree_with_forward_paths() {
        let mut state = 0x1234_5678_9abc_def1;
        for variant in crate::variants::testing::every_variant() {
            attack_trees_agree_in(variant, &mut state);
        }
    }

    fn attack_trees_agree_in(variant: &'static Variant, state: &mut u64) {
        let squares: Vec<Square> = variant.dimensions().squares().collect();
        let kinds: Vec<Kind> = variant.rules().map(|rule| rule.kind).collect();
        for _ in 0..150 {
            let mut setup = Setup::empty();
            let count = 4 + next(state) % 40;
            for _ in 0..count {
                let square = squares[(next(state) % squares.len() as u64) as usize];
                let kind = kinds[(next(state) % kinds.len() as u64) as usize];
                let color = Color::ALL[(next(state) % 2) as usize];
                setup.board[square.index()] = Some(Piece { kind, color });
            }
            let position = Position::from_setup_unchecked(variant, &setup);
            for &square in &squares {
                for color in Color::ALL {
                    assert_eq!(
                        position.is_attacked_by(color, square),
                        attacked_by_walking(&position, color, square),
                        "{color:?} on {square} in {}",
                        fen::write(&position)
                    );
                }
            }
        }
    }

    #[test]
    fn no_piece_reaches_a_square_by_two_paths() {
        let variant = Variant::meiriqi();
        let tables = variant.tables();
        for color in Color::ALL {
            for rule in variant.rules() {
                for from in variant.dimensions().squares() {
                    let mut seen = std::collections::HashSet::new();
                    for path in tables.paths(color, rule.kind.number(), from) {
                        for &square in &tables.squares(path)[path.pass()..] {
                            assert!(
                                seen.insert(square),
                                "{:?} from {from} reaches {square} twice",
                                rule.kind
                            );
                        }
                    }
                }
            }
        }
    }
}
