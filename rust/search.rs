//! The computer player: iterative deepening principal variation search with aspiration windows,
//! a transposition table, null-move pruning, late-move reductions and pruning, and quiescence on
//! captures that do not lose material by static exchange evaluation ([`see`]). Moves are tried
//! hash move first, then winning and even captures (most valuable victim, least valuable
//! attacker), promotions, killer moves, quiet moves by their history alone and after the two
//! moves before them ([`crate::quiet_history`]), and losing captures last. Work
//! that a cut-off would waste waits: a legal hash move is searched before the other moves are
//! generated, and a capture's exchange is evaluated only when it comes up to be searched.
//!
//! Scores are centipawns from the side to move's point of view. A side with no legal move has
//! lost, scored `-MATE + ply`, when it is in check, over a limit of the variant, or in a variant
//! where stalemate loses; otherwise (a stalemate that draws) it scores 0. Where a rule of the
//! variant ended the game (too few pieces, a goal reached, the last check given, two passes or a
//! pass in bikjang: no move is legal then), it scores as that rule says: a win, a loss or a draw
//! (after passing, as the material count says). A position that repeats one on the current line
//! scores 0: a line that only goes round in circles gains nothing.
//!
//! ## Determinism and threads
//! On one thread a search limited by depth or nodes (not time) always gives the same result
//! for the same game: every call starts from an empty table and empty move-ordering statistics,
//! and the node limit is counted exactly. A [`SearchMemory`] carries the table from one search
//! of a game to the next, as engines keep their hash table between moves; then the same
//! searches in the same order, from a cleared memory, give the same results. With
//! [`Settings::threads`] above one the threads share the table (Lazy SMP) and race each other,
//! so results differ from run to run; the node limit then counts the nodes of all threads and
//! is checked only every few hundred nodes.

use crate::eval::network::SumsLine;
use crate::eval::{evaluate, piece_value, PawnCache};
use crate::game::Game;
use crate::geometry::Square;
use crate::movegen::Legality;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Kind};
use crate::position::{Position, Undo};
use crate::quiet_history::{Context, QuietHistory, HISTORY_LIMIT};
use crate::repetition::{Path, Repetition};
use crate::variant::Stalemate;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The score of being mated now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: the bounds of a full window.
const INFINITE: i32 = MATE + 1;
/// The deepest line searched, in plies (iterations plus extensions).
const MAX_PLY: usize = 96;
/// How often (in nodes) the clock and the stop flags are read, and a thread's node count is
/// added to the shared one.
const CLOCK_INTERVAL: u64 = 1024;
/// How many times one quiescence line searches all evasions of a check; after that a check is
/// judged like a quiet position, or the Cannons' and Vaos' check-and-capture chains explode.
const QUIESCENCE_EVASIONS: u8 = 2;
/// The most plies of captures searched beyond the horizon.
const QUIESCENCE_DEPTH: u8 = 8;
/// The same in a variant with hoppers: on boards full of them, all capturing one another, the
/// capture tree is otherwise far too large for even a depth-1 search.
const HOPPER_QUIESCENCE_DEPTH: u8 = 4;
/// A capture is searched in quiescence only if winning the captured piece and this much more
/// could raise the score above what is already assured (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// Static evaluations remembered (a power of two); each takes 8 bytes.
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Transposition table entries (a power of two); each takes 16 bytes.
const TABLE_SIZE: usize = 1 << 20;
/// Half the width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 30;
/// Reverse futility pruning: a node this many centipawns per ply of depth above beta by the
/// static evaluation is not searched.
const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// Futility pruning: quiet moves are skipped where the static evaluation plus this much per
/// ply of depth (and [`FUTILITY_BASE`]) cannot reach alpha.
const FUTILITY_MARGIN: i32 = 120;
/// See [`FUTILITY_MARGIN`].
const FUTILITY_BASE: i32 = 100;
/// How much a piece that cannot be taken by exchange is worth in [`see`] (the King).
const ROYAL_EXCHANGE_VALUE: i32 = 20_000;

/// A player's clock, for a search that manages its own time ([`Limits::clock`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves to play before the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. With no limit at all the search stops after depth 64.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes to visit, once the first iteration is complete (it always is).
    pub nodes: Option<u64>,
    /// Longest time to think, once the first iteration is complete (it always is).
    pub time: Option<Duration>,
    /// The clock to budget this move's time from (see [`TimeBudget`]).
    pub clock: Option<Clock>,
    /// Analysis: a forced mate found does not end the search, which goes on deepening (to the
    /// depth limit, or until stopped) as a GUI analysing a position expects.
    pub infinite: bool,
}

impl Limits {
    /// Limits of `depth` plies only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// Everything a search is told: its limits, how many threads, how many best lines, and which
/// root moves to consider.
#[derive(Clone, Debug)]
pub struct Settings {
    /// When to stop.
    pub limits: Limits,
    /// Threads searching together (Lazy SMP); 1 keeps results reproducible.
    pub threads: usize,
    /// How many best root moves to find with their scores and lines (MultiPV).
    pub lines: usize,
    /// Only these root moves are searched (all, when empty); those that are not legal are
    /// ignored.
    pub root_moves: Vec<Move>,
    /// A repetition in which one side gave check with every move since the position last
    /// stood on the board, and the other did not, loses for the side giving check (the Asian
    /// rules of Xiangqi); otherwise every repetition scores as a draw.
    pub perpetual_check_loses: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::from(Limits::default())
    }
}

impl From<Limits> for Settings {
    /// One thread, one line, every root move.
    fn from(limits: Limits) -> Settings {
        Settings {
            limits,
            threads: 1,
            lines: 1,
            root_moves: Vec::new(),
            perpetual_check_loses: false,
        }
    }
}

/// One of the best root moves: its score and expected line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score for the side to move, in centipawns (see [`MATE`]).
    pub score: i32,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<Move>,
    /// Its score for the side to move, in centipawns (see [`MATE`]).
    pub score: i32,
    /// The expected line, starting with the best move.
    pub pv: Vec<Move>,
    /// The best lines, best first (as many as [`Settings::lines`] asked for and the position
    /// has root moves; the first is `score` and `pv`). Empty before an iteration completes.
    pub lines: Vec<Line>,
    /// The last iteration completed.
    pub depth: u32,
    /// The longest line the main thread searched in that iteration, in plies (quiescence
    /// included).
    pub seldepth: u32,
    /// Nodes visited, by all threads.
    pub nodes: u64,
    /// How full the transposition table is, in thousandths (from a sample of its slots).
    pub hashfull: u32,
    /// How the main thread's search went, for judging changes to it by node counts.
    pub statistics: Statistics,
}

/// Counts of what the main thread's search did, up to its last completed iteration: how well
/// the moves were ordered and the table served (what a change to the search is judged by).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Nodes of the quiescence search (the rest of the nodes are the main search's).
    pub quiescence_nodes: u64,
    /// Main-search nodes whose moves reached beta.
    pub cut_nodes: u64,
    /// Of those, how many reached it with the first move searched.
    pub first_move_cuts: u64,
    /// Main-search nodes that looked their position up in the table.
    pub table_probes: u64,
    /// Of those, how many found an entry.
    pub table_hits: u64,
}

/// What a running search is doing, for the status reports of an engine protocol (XBoard's `.`,
/// UCI's `currmove`): the search writes it ([`search_observed`]), any thread may read it
/// ([`Progress::status`]) while the search runs.
#[derive(Debug, Default)]
pub struct Progress {
    /// Nodes visited by all threads, added in batches of [`CLOCK_INTERVAL`] per thread.
    nodes: AtomicU64,
    /// Where the main thread is in its iteration (`nodes` left at 0).
    place: Mutex<Option<Status>>,
}

/// Where a search is: the root move the main thread is searching, in which iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The iteration being searched, in plies.
    pub depth: u32,
    /// The longest line searched so far in this iteration, in plies.
    pub seldepth: u32,
    /// The root move being searched.
    pub mv: Move,
    /// Its number among the root moves of the iteration, from 1.
    pub number: usize,
    /// How many root moves the iteration searches.
    pub moves: usize,
    /// Nodes visited so far, by all threads.
    pub nodes: u64,
}

impl Progress {
    /// Where the search is now; `None` before it has started on a root move.
    pub fn status(&self) -> Option<Status> {
        let place = *self.place.lock().unwrap_or_else(|e| e.into_inner());
        place.map(|place| Status {
            nodes: self.nodes.load(Ordering::Relaxed),
            ..place
        })
    }

    /// Records that the main thread starts on a root move.
    fn enter(&self, place: Status) {
        *self.place.lock().unwrap_or_else(|e| e.into_inner()) = Some(place);
    }
}

/// Moves to mate for a score: `Some(n)` when the side to move mates in `n` moves, `Some(-n)`
/// when it is mated in `n`, `None` when the score is no mate. The protocols' "mate N".
pub fn mate_in_moves(score: i32) -> Option<i32> {
    let plies = MATE - score.abs();
    (score.abs() > MATE_BOUND).then(|| {
        let moves = (plies + 1) / 2;
        if score > 0 {
            moves
        } else {
            -moves
        }
    })
}

/// How long to think about one move: a soft limit after which no new iteration starts, and a
/// hard one at which the search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No iteration starts after this.
    pub soft: Option<Duration>,
    /// The search stops here.
    pub hard: Option<Duration>,
}

impl TimeBudget {
    /// Time kept back for the engine's and the interface's own delays.
    const OVERHEAD: Duration = Duration::from_millis(30);
    /// The moves assumed still to play when the clock does not say.
    const MOVES_LEFT: u32 = 30;

    /// The budget of `limits`: a fixed time is used in full; a clock is shared out over the
    /// moves to go (or `MOVES_LEFT`) plus most of the increment, and one move may take
    /// up to four times its share, never more than a third of what is left.
    pub fn of(limits: &Limits) -> TimeBudget {
        let mut budget = TimeBudget {
            soft: None,
            hard: limits.time,
        };
        if let Some(clock) = limits.clock {
            let usable = clock.remaining.saturating_sub(Self::OVERHEAD);
            let moves = clock.moves_to_go.unwrap_or(Self::MOVES_LEFT).clamp(1, 50);
            let share = (usable / moves + clock.increment * 3 / 4).min(usable);
            let hard = (share * 4).min(usable / 3).max(share.min(usable));
            budget.soft = Some(share);
            budget.hard = Some(budget.hard.map_or(hard, |time| time.min(hard)));
        }
        budget
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// A transposition table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    best: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
}

impl Entry {
    /// The entry as one word: the move's 28 bits (see [`pack_move`]), the score, the depth and
    /// the bound (never zero, so that an empty slot is no entry).
    fn pack(self) -> u64 {
        let mv = self.best.map_or(0, pack_move);
        let score = u64::from(self.score as i16 as u16);
        let depth = self.depth.clamp(0, 255) as u64;
        mv | score << 28 | depth << 44 | (self.bound as u64) << 52
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match data >> 52 & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            best: unpack_move(data & 0xFFF_FFFF),
            score: i32::from((data >> 28) as u16 as i16),
            depth: (data >> 44 & 255) as i32,
            bound,
        })
    }
}

/// A move in 28 bits: origin, destination, kind tag, its kind or square, and a presence bit.
fn pack_move(mv: Move) -> u64 {
    let (tag, payload) = match mv.kind {
        MoveKind::Normal => (0, 0),
        MoveKind::Promotion(kind) => (1, kind.number()),
        MoveKind::Drop(kind) => (2, kind.number()),
        MoveKind::Castle(rook) => (3, rook.index() as u8),
        MoveKind::EnPassant => (4, 0),
        MoveKind::Swap => (5, 0),
        MoveKind::Pass => (6, 0),
        // Kind numbers fit six bits: the top two say where the gated piece goes.
        MoveKind::Gate(kind) => (7, kind.number()),
        MoveKind::CastleGateKing(kind) => (7, kind.number() | 64),
        MoveKind::CastleGateRook(kind) => (7, kind.number() | 128),
    };
    mv.from.index() as u64
        | (mv.to.index() as u64) << 8
        | tag << 16
        | u64::from(payload) << 19
        | 1 << 27
}

fn unpack_move(bits: u64) -> Option<Move> {
    if bits >> 27 & 1 == 0 {
        return None;
    }
    let square = |value: u64| Square::from_index((value & 255) as usize);
    let payload = bits >> 19 & 255;
    let kind = Kind::new(payload as u8);
    let kind = match bits >> 16 & 7 {
        0 => MoveKind::Normal,
        1 => MoveKind::Promotion(kind?),
        2 => MoveKind::Drop(kind?),
        3 => MoveKind::Castle(square(payload)?),
        4 => MoveKind::EnPassant,
        5 => MoveKind::Swap,
        6 => MoveKind::Pass,
        _ => {
            let kind = Kind::new((payload & 63) as u8)?;
            match payload >> 6 {
                0 => MoveKind::Gate(kind),
                1 => MoveKind::CastleGateKing(kind),
                _ => MoveKind::CastleGateRook(kind),
            }
        }
    };
    Some(Move {
        from: square(bits)?,
        to: square(bits >> 8)?,
        kind,
    })
}

/// The transposition table of a search, over a workspace's words: slots of two words, the key
/// xor the data and the data, so that a slot torn by two threads writing at once reads as no
/// entry. The data's top bits hold the generation of the search that wrote it: entries of
/// other generations are none. The threads of one search share it (Lazy SMP); relaxed atomic
/// loads and stores cost what plain ones do.
#[derive(Clone, Copy)]
struct Table<'a> {
    words: &'a [AtomicU64],
    generation: u64,
}

impl Table<'_> {
    fn slots(&self) -> usize {
        self.words.len() / 2
    }

    #[inline]
    fn load(&self, slot: usize) -> [u64; 2] {
        [
            self.words[2 * slot].load(Ordering::Relaxed),
            self.words[2 * slot + 1].load(Ordering::Relaxed),
        ]
    }

    #[inline]
    fn save(&self, slot: usize, words: [u64; 2]) {
        self.words[2 * slot].store(words[0], Ordering::Relaxed);
        self.words[2 * slot + 1].store(words[1], Ordering::Relaxed);
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let [check, data] = self.load(key as usize & (self.slots() - 1));
        let current = data >> GENERATION_SHIFT == self.generation;
        (check ^ data == key && current)
            .then(|| Entry::unpack(data))
            .flatten()
    }

    /// Stores `entry`, unless the slot holds a deeper search of the same position (and the new
    /// entry is no exact score).
    fn store(&self, key: u64, entry: Entry) {
        if let Some(old) = self.probe(key) {
            if old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        let data = entry.pack() | self.generation << GENERATION_SHIFT;
        self.save(key as usize & (self.slots() - 1), [key ^ data, data]);
    }

    /// Whether `slot` holds an entry of this generation.
    fn holds(&self, slot: usize) -> bool {
        let [_, data] = self.load(slot);
        data != 0 && data >> GENERATION_SHIFT == self.generation
    }

    /// How many of the first thousand slots hold an entry of this search: how full the table
    /// is, in thousandths.
    fn hashfull(&self) -> u32 {
        (0..self.slots().min(1000))
            .filter(|&slot| self.holds(slot))
            .count() as u32
    }
}

/// Where a table entry's and an evaluation's generation starts.
const GENERATION_SHIFT: u32 = 54;
/// The last generation before the numbers start again (and the memory is cleared).
const LAST_GENERATION: u64 = (1 << (64 - GENERATION_SHIFT)) - 1;

/// Memory that searches reuse: allocating and clearing a table for every call would cost more
/// than a short search. What earlier searches left is told apart by its generation and
/// ignored, so every search still starts from empty tables (and gives the same result every
/// time); when the generations run out the memory is cleared.
struct Workspace {
    /// The transposition table's words, two a slot ([`Table`]).
    table: Vec<AtomicU64>,
    /// The main thread's memory of evaluations (taken while a search runs).
    evaluations: Option<Evaluations>,
    generation: u64,
}

/// A thread's memory of evaluations: scores by the position's hash (its high 32 bits kept with
/// the table's generation and the score) and the Pawn structures' terms.
struct Evaluations {
    scores: Vec<u64>,
    pawns: PawnCache,
}

impl Evaluations {
    /// Empty memory, every page of it written now (see [`Workspace::new`]).
    fn new() -> Evaluations {
        let zero = std::hint::black_box(0);
        Evaluations {
            scores: (0..EVAL_CACHE_SIZE).map(|_| zero).collect(),
            pawns: PawnCache::new(),
        }
    }
}

/// The workspaces not in use.
static WORKSPACES: Mutex<Vec<Workspace>> = Mutex::new(Vec::new());
/// The most workspaces kept for later searches.
const KEPT_WORKSPACES: usize = 8;

impl Workspace {
    /// Empty tables, of no generation yet, with every page of their memory written now: left
    /// to the first search, the operating system's zeroing of 16 MB page by page took a
    /// quarter of a 100 ms search's nodes. (Zeros the compiler cannot see are written, lest
    /// it turn the writes into a lazily zeroed allocation.)
    fn new() -> Workspace {
        let zero = std::hint::black_box(0);
        Workspace {
            table: (0..2 * TABLE_SIZE).map(|_| AtomicU64::new(zero)).collect(),
            evaluations: Some(Evaluations::new()),
            generation: 0,
        }
    }

    /// One left by an earlier search, or a new one.
    fn take() -> Workspace {
        let kept = WORKSPACES.lock().unwrap_or_else(|e| e.into_inner()).pop();
        kept.unwrap_or_else(Workspace::new)
    }

    /// Moves on to a new generation: what earlier searches left is ignored from now on.
    fn next_generation(&mut self) {
        self.generation += 1;
        if self.generation > LAST_GENERATION {
            for word in &self.table {
                word.store(0, Ordering::Relaxed);
            }
            if let Some(evaluations) = &mut self.evaluations {
                evaluations.scores.fill(0);
            }
            self.generation = 1;
        }
    }

    /// Keeps the workspace for a later search.
    fn give_back(self) {
        let mut kept = WORKSPACES.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < KEPT_WORKSPACES {
            kept.push(self);
        }
    }
}

/// What the threads of one search share besides the table.
struct Shared<'a> {
    /// Set by the caller to stop the search.
    stop: &'a AtomicBool,
    /// Set when the main thread has finished: the helpers stop too.
    finished: AtomicBool,
    /// The nodes visited by all threads, and where the main thread is.
    progress: &'a Progress,
    start: Instant,
    budget: TimeBudget,
}

impl<'a> Shared<'a> {
    /// What a search within `settings`' limits, stopped by `stop`, shares from now on.
    fn new(stop: &'a AtomicBool, progress: &'a Progress, settings: &Settings) -> Shared<'a> {
        Shared {
            stop,
            finished: AtomicBool::new(false),
            progress,
            start: Instant::now(),
            budget: TimeBudget::of(&settings.limits),
        }
    }
}

/// A root move with its score in the current iteration and its line.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

/// Search state of one thread.
struct Searcher<'a> {
    position: Position<'static>,
    /// The positions before each move of the game and of the line being searched.
    path: Path,
    table: Table<'a>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet moves' success, alone and after the moves before them.
    history: QuietHistory,
    /// Static evaluations remembered.
    evaluations: Evaluations,
    /// The network's hidden sums along the line searched (where the variant has a network).
    network_sums: SumsLine,
    pv: Vec<Vec<Move>>,
    /// Per ply, the moves with their ordering keys.
    move_buffers: Vec<Vec<Candidate>>,
    /// Per ply, room for the move generator's output and for the quiet moves tried.
    plain_buffers: Vec<Vec<Move>>,
    quiet_buffers: Vec<Vec<Move>>,
    /// Per ply, the move that led to the position searched there (`None` after a null move):
    /// a mate by a drop may be lost by the dropper.
    arrived_by: Vec<Option<Move>>,
    /// Per ply, whether the side to move there is in check, where the node before found out
    /// (`None`: not asked), so that the node does not ask again.
    known_check: Vec<Option<bool>>,
    root: Vec<RootMove>,
    /// Nodes this thread visited, and how many of them it has added to the shared count.
    nodes: u64,
    statistics: Statistics,
    counted: u64,
    limits: Limits,
    shared: &'a Shared<'a>,
    stopped: bool,
    /// The depth of the iteration being searched.
    iteration: u32,
    /// The longest line of this iteration so far, in plies.
    seldepth: usize,
    /// Whether this is the main thread, which tells where it is in [`Shared::progress`].
    main: bool,
}

/// Searches `game`'s current position within `limits`, or until `stop` is set (then the best
/// move of the last finished iteration is returned).
pub fn search(game: &Game, limits: Limits, stop: &AtomicBool) -> SearchResult {
    search_with(game, &Settings::from(limits), stop, |_| {})
}

/// [`search`], calling `report` with the result of every iteration as it completes (what an
/// engine protocol shows as thinking output).
pub fn search_reporting(
    game: &Game,
    limits: Limits,
    stop: &AtomicBool,
    report: impl FnMut(&SearchResult),
) -> SearchResult {
    search_with(game, &Settings::from(limits), stop, report)
}

/// Searches `game`'s current position as `settings` say, calling `report` (on this thread) with
/// the result of every iteration the main thread completes.
pub fn search_with(
    game: &Game,
    settings: &Settings,
    stop: &AtomicBool,
    report: impl FnMut(&SearchResult),
) -> SearchResult {
    search_observed(game, settings, stop, &Progress::default(), report)
}

/// [`search_with`], telling `progress` (a fresh one) how far it has got as it goes, for another
/// thread to read.
pub fn search_observed(
    game: &Game,
    settings: &Settings,
    stop: &AtomicBool,
    progress: &Progress,
    report: impl FnMut(&SearchResult),
) -> SearchResult {
    let mut workspace = Workspace::take();
    workspace.next_generation();
    let result = search_on(&mut workspace, game, settings, stop, progress, report);
    workspace.give_back();
    result
}

/// [`search_observed`] with `memory`: a search starts from what the searches before it with
/// the same memory left in its tables (its threads, if several, share the memory's table).
pub fn search_remembering(
    game: &Game,
    settings: &Settings,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
    progress: &Progress,
    report: impl FnMut(&SearchResult),
) -> SearchResult {
    search_on(
        &mut memory.workspace,
        game,
        settings,
        stop,
        progress,
        report,
    )
}

/// The tables a series of searches shares, as an engine keeps its hash table from one move of
/// a game to the next: a search starts from what the earlier ones learnt (at equal node
/// limits this plays about 100 Elo stronger in chess; `benches/RESULTS.md`). Searches with
/// the same memory, in the same order, give the same results; [`SearchMemory::clear`]
/// forgets everything (a new game).
pub struct SearchMemory {
    workspace: Workspace,
}

impl SearchMemory {
    /// An empty memory (a table of 16 MB).
    pub fn new() -> SearchMemory {
        let mut workspace = Workspace::new();
        workspace.next_generation();
        SearchMemory { workspace }
    }

    /// Forgets what earlier searches left.
    pub fn clear(&mut self) {
        self.workspace.next_generation();
    }
}

impl Default for SearchMemory {
    fn default() -> SearchMemory {
        SearchMemory::new()
    }
}

/// A search with `workspace`'s tables, of their current generation; several threads share its
/// table (Lazy SMP), the helpers each with an evaluation cache of their own.
fn search_on(
    workspace: &mut Workspace,
    game: &Game,
    settings: &Settings,
    stop: &AtomicBool,
    progress: &Progress,
    report: impl FnMut(&SearchResult),
) -> SearchResult {
    let shared = Shared::new(stop, progress, settings);
    let evaluations = workspace
        .evaluations
        .take()
        .unwrap_or_else(Evaluations::new);
    let table = Table {
        words: &workspace.table,
        generation: workspace.generation,
    };
    let threads = settings.threads.max(1);
    let (result, evaluations) = std::thread::scope(|scope| {
        for helper in 1..threads {
            let shared = &shared;
            scope.spawn(move || {
                let evaluations = Evaluations::new();
                let mut searcher = Searcher::new(game, settings, shared, table, evaluations);
                searcher.iterate(1, helper, |_| {});
            });
        }
        let mut searcher = Searcher::new(game, settings, &shared, table, evaluations);
        let mut result = searcher.iterate(settings.lines, 0, report);
        shared.finished.store(true, Ordering::Relaxed);
        if threads > 1 {
            searcher.count_nodes();
            result.nodes = shared.progress.nodes.load(Ordering::Relaxed);
        }
        (result, searcher.evaluations)
    });
    workspace.evaluations = Some(evaluations);
    result
}

impl<'a> Searcher<'a> {
    /// A searcher of `game` with `table` and a memory of `evaluations` (scores of the table's
    /// generation; the Pawn structures of earlier searches are forgotten).
    fn new(
        game: &Game,
        settings: &Settings,
        shared: &'a Shared<'a>,
        table: Table<'a>,
        mut evaluations: Evaluations,
    ) -> Self {
        evaluations.pawns.forget();
        let mut position = game.position().clone();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if !settings.root_moves.is_empty() {
            moves.retain(|mv| settings.root_moves.contains(mv));
        }
        let root = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        Searcher {
            position,
            path: Path::of(game, settings.perpetual_check_loses),
            table,
            killers: [[None; 2]; MAX_PLY],
            history: QuietHistory::new(game.position().variant()),
            evaluations,
            network_sums: SumsLine::new(MAX_PLY),
            pv: vec![Vec::new(); MAX_PLY + 1],
            move_buffers: vec![Vec::new(); MAX_PLY + 1],
            plain_buffers: vec![Vec::new(); MAX_PLY + 1],
            quiet_buffers: vec![Vec::new(); MAX_PLY + 1],
            arrived_by: vec![None; MAX_PLY + 1],
            known_check: vec![None; MAX_PLY + 1],
            root,
            nodes: 0,
            statistics: Statistics::default(),
            counted: 0,
            limits: settings.limits,
            shared,
            stopped: false,
            iteration: 0,
            seldepth: 0,
            main: false,
        }
    }

    /// Iterative deepening: finds the best `lines` root moves at depth 1, 2, ... until a limit.
    /// Helper thread `helper` (0: the main thread) starts every other iteration a ply deeper.
    fn iterate(
        &mut self,
        lines: usize,
        helper: usize,
        mut report: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let lines = lines.clamp(1, self.root.len().max(1));
        self.main = helper == 0;
        // Until an iteration completes, the first move with the position's static score: never
        // a fake mate.
        let mut result = SearchResult {
            best_move: self.root.first().map(|root| root.mv),
            score: if self.root.is_empty() {
                -MATE
            } else {
                evaluate(&self.position)
            },
            pv: Vec::new(),
            lines: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            hashfull: 0,
            statistics: Statistics::default(),
        };
        if self.root.is_empty() {
            return result;
        }
        let max_depth = self.limits.depth.unwrap_or(64).clamp(1, MAX_PLY as u32 / 2);
        let mut previous_best = None;
        let mut depth = 1;
        while depth <= max_depth {
            self.iteration = depth + (helper as u32 & 1);
            self.seldepth = 0;
            for index in 0..lines {
                let previous = if depth == 1 {
                    None
                } else {
                    result.lines.get(index).map(|line| line.score)
                };
                self.aspiration(index, previous);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                if self.adopt_unfinished_iteration(&mut result) {
                    // The last line shown is the one played.
                    report(&result);
                }
                break;
            }
            result = SearchResult {
                best_move: Some(self.root[0].mv),
                score: self.root[0].score,
                pv: self.root[0].pv.clone(),
                lines: self.root[..lines]
                    .iter()
                    .map(|root| Line {
                        score: root.score,
                        pv: root.pv.clone(),
                    })
                    .collect(),
                depth,
                seldepth: self.seldepth as u32,
                nodes: self.total_nodes(),
                hashfull: self.table.hashfull(),
                statistics: self.statistics,
            };
            report(&result);
            let best_changed = previous_best.is_some_and(|mv| mv != self.root[0].mv);
            previous_best = Some(self.root[0].mv);
            let mate_found = result.score.abs() > MATE_BOUND
                && (MATE - result.score.abs()) as u32 <= depth
                && lines == 1
                && !self.limits.infinite;
            if mate_found || self.out_of_soft_time(best_changed) {
                break;
            }
            depth += 1;
        }
        self.count_nodes();
        result.nodes = self.total_nodes();
        result
    }

    /// After a stop in the middle of an iteration: a root move that was searched to the end and
    /// beat the last finished iteration's score replaces its move; returns whether one did.
    fn adopt_unfinished_iteration(&mut self, result: &mut SearchResult) -> bool {
        self.root.sort_by_key(|root| std::cmp::Reverse(root.score));
        let best = &self.root[0];
        let better = result.depth > 0 && best.score > result.score;
        if better && Some(best.mv) != result.best_move {
            result.best_move = Some(best.mv);
            result.score = best.score;
            result.pv = best.pv.clone();
            if let Some(line) = result.lines.first_mut() {
                *line = Line {
                    score: best.score,
                    pv: best.pv.clone(),
                };
            }
            result.seldepth = result.seldepth.max(self.seldepth as u32);
            result.nodes = self.total_nodes();
            result.hashfull = self.table.hashfull();
            return true;
        }
        false
    }

    /// Whether the clock's soft limit says no new iteration should start: most of the share
    /// is spent (more may go when the best move just changed).
    fn out_of_soft_time(&self, best_changed: bool) -> bool {
        self.shared.budget.soft.is_some_and(|soft| {
            let spent = self.shared.start.elapsed();
            let share = if best_changed { soft } else { soft / 2 };
            spent >= share
        })
    }

    /// Finds root line `index` of the current iteration, in a window around its `previous`
    /// score that widens until the score falls inside.
    fn aspiration(&mut self, index: usize, previous: Option<i32>) {
        let depth = self.iteration as i32;
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = match previous {
            Some(score) if depth >= 4 && score.abs() < MATE_BOUND => (score - delta, score + delta),
            _ => (-INFINITE, INFINITE),
        };
        loop {
            let score = self.search_root(depth, index, alpha, beta);
            if self.stopped {
                return;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta *= 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// Searches the root moves from `first` on (those before are the better lines already found
    /// in this iteration) and sorts them best first; returns the best score.
    fn search_root(&mut self, depth: i32, first: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let root_in_check = self.position.is_check();
        let mut best_score = -INFINITE;
        for root in &mut self.root[first..] {
            root.score = -INFINITE;
        }
        for index in first..self.root.len() {
            let mv = self.root[index].mv;
            if self.main {
                self.shared.progress.enter(Status {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    mv,
                    number: index + 1,
                    moves: self.root.len(),
                    nodes: 0,
                });
            }
            self.path.push(self.position.hash(), root_in_check);
            let undo = self.make(mv, 0);
            self.arrived_by[1] = Some(mv);
            self.known_check[1] = None;
            let score = if index == first {
                -self.negamax(depth - 1, 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(depth - 1, 1, -alpha - 1, -alpha, true);
                if probe > alpha && probe < beta {
                    -self.negamax(depth - 1, 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            self.position.unmake(mv, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            if index == first || score > alpha {
                let root = &mut self.root[index];
                root.score = score;
                root.pv.clear();
                root.pv.push(mv);
                root.pv.extend_from_slice(&self.pv[1]);
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        // Stable: moves without a score keep the order of the last iteration.
        self.root[first..].sort_by_key(|root| std::cmp::Reverse(root.score));
        best_score
    }

    /// Adds this thread's new nodes to the shared count.
    fn count_nodes(&mut self) {
        self.shared
            .progress
            .nodes
            .fetch_add(self.nodes - self.counted, Ordering::Relaxed);
        self.counted = self.nodes;
    }

    /// Nodes visited by all threads (exactly, on one thread).
    fn total_nodes(&self) -> u64 {
        self.shared.progress.nodes.load(Ordering::Relaxed) + self.nodes - self.counted
    }

    /// Whether a limit has been reached; reads the clock and the flags only every
    /// [`CLOCK_INTERVAL`] nodes.
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The first iteration always ends (unless stopped from outside), so that even a tiny
        // node or time limit, or a slow start on a loaded machine, plays a searched move.
        let limited = self.iteration > 1;
        let over_nodes = limited
            && self
                .limits
                .nodes
                .is_some_and(|limit| self.total_nodes() >= limit);
        let over_time = self.nodes % CLOCK_INTERVAL == 0 && {
            self.count_nodes();
            self.shared.stop.load(Ordering::Relaxed)
                || self.shared.finished.load(Ordering::Relaxed)
                || limited
                    && self
                        .shared
                        .budget
                        .hard
                        .is_some_and(|hard| self.shared.start.elapsed() >= hard)
        };
        self.stopped = over_nodes || over_time;
        self.stopped
    }

    /// The score of the current position, `ply` plies from the root, if it already occurred
    /// on the line since the last capture or pawn move (a heuristic bound: a Chinese pawn's
    /// sideways step can be undone): a draw, or a perpetual check's loss where it loses.
    fn repetition_score(&self, ply: usize) -> Option<i32> {
        let position = &self.position;
        let reversible = position.halfmove_clock() as usize;
        let repetition = self
            .path
            .repetition(position.hash(), reversible, || position.is_check())?;
        Some(match repetition {
            Repetition::Draw => 0,
            Repetition::WonByPerpetualCheck => MATE - ply as i32,
            Repetition::LostByPerpetualCheck => -MATE + ply as i32,
        })
    }

    /// Whether the side to move is in check at `ply`, the current position.
    #[inline]
    fn in_check(&self, ply: usize) -> bool {
        self.known_check[ply].unwrap_or_else(|| self.position.is_check())
    }

    /// Plays `mv` in the position `ply` plies from the root, noting its board changes for
    /// the network's sums of the position it reaches.
    #[inline]
    fn make(&mut self, mv: Move, ply: usize) -> Undo {
        self.position.clear_changes();
        let undo = self.position.make(mv);
        self.network_sums.moved(ply + 1, self.position.changes());
        undo
    }

    /// The static evaluation of the current position, `ply` plies from the root, remembered
    /// by its hash (its high 32 bits are kept with the generation and the score).
    fn evaluate(&mut self, ply: usize) -> i32 {
        let key = self.position.hash();
        let slot = &mut self.evaluations.scores[key as usize & (EVAL_CACHE_SIZE - 1)];
        let tag = key >> 32 << 32 | self.table.generation << 16;
        if *slot & !0xFFFF == tag {
            return i32::from(*slot as u16 as i16);
        }
        let (position, sums) = (&self.position, &mut self.network_sums);
        let score = (self.evaluations.pawns)
            .evaluate(position, |weights| sums.correction(weights, position, ply));
        let score = score.clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        let score = score.clamp(i32::from(i16::MIN), i32::from(i16::MAX));
        *slot = tag | u64::from(score as i16 as u16);
        score
    }

    /// The score of the position, `ply` plies from the root, if a rule of the variant has ended
    /// the game.
    #[inline]
    fn rule_end_score(&mut self, ply: usize) -> Option<i32> {
        if !self.position.variant().has_end_rules() {
            return None;
        }
        variant_end_score(&mut self.position, ply)
    }

    /// Whether the side to move has pieces besides Pawns and the King (or any in hand): then
    /// passing is seldom the best it can do, and the null move's test is sound enough.
    fn has_pieces(&self) -> bool {
        let us = self.position.turn();
        let variant = self.position.variant();
        let minor = variant.pawns() | variant.royal().bit();
        self.position.kinds_present(us) & !minor != 0 || self.position.hand_kinds(us) != 0
    }

    fn negamax(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_allowed: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.repetition_score(ply) {
            return score;
        }
        if let Some(score) = self.rule_end_score(ply) {
            return score;
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.in_check(ply);
        // A check is extended by a ply, but only while the line is shorter than twice the
        // iteration's depth: hoppers can give check with every move.
        let extend = in_check && ply < 2 * self.iteration as usize;
        let mut depth = depth + i32::from(extend);
        if depth <= 0 || ply >= MAX_PLY {
            let depth = if self.position.variant().tables().hopper_kinds() != 0 {
                HOPPER_QUIESCENCE_DEPTH
            } else {
                QUIESCENCE_DEPTH
            };
            self.known_check[ply] = Some(in_check);
            return self.quiescence(ply, alpha, beta, QUIESCENCE_EVASIONS, depth);
        }
        let pv_node = beta - alpha > 1;
        let key = self.position.hash();
        let stored = self.table.probe(key);
        self.statistics.table_probes += 1;
        self.statistics.table_hits += u64::from(stored.is_some());
        if let Some(entry) = stored.filter(|entry| !pv_node && entry.depth >= depth) {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let hash_move = stored.and_then(|entry| entry.best);
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.evaluate(ply)
        };
        // The table's score, where its bound says it is nearer the truth, stands in for the
        // static evaluation in the pruning tests below.
        let eval = match stored {
            Some(entry) if !in_check && entry.score.abs() < MATE_BOUND => {
                let score = from_table(entry.score, ply);
                let nearer = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score > static_eval,
                    Bound::Upper => score < static_eval,
                };
                if nearer {
                    score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility pruning: far enough above beta not to fall below it.
            if depth <= 5 && eval - REVERSE_FUTILITY_MARGIN * depth >= beta {
                return eval;
            }
            // Null move: if passing still holds beta, a real move will too.
            if null_allowed && depth >= 3 && eval >= beta && self.has_pieces() {
                let reduction = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                self.path.push(key, false);
                self.position.clear_changes();
                let undo = self.position.make_null();
                self.network_sums.moved(ply + 1, self.position.changes());
                self.arrived_by[ply + 1] = None;
                self.known_check[ply + 1] = None;
                let score = -self.negamax(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
                self.position.unmake_null(undo);
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }
        // Without a hash move the ordering is poor: search a ply less (internal iterative
        // reduction).
        if hash_move.is_none() && depth >= 5 {
            depth -= 1;
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        // A legal hash move is searched before the other moves are generated: it often cuts
        // the node off alone. `pending` holds it and its test of legality until the others are.
        let first = hash_move.filter(|&mv| self.position.is_pseudo_legal_piece_move(mv));
        let mut pending = first.and_then(|mv| self.legal_first(mv, &mut moves));
        let mut legality = match pending {
            Some((_, legality)) => legality,
            None => self.score_moves(&mut moves, hash_move, None, ply),
        };
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return no_move_score(&mut self.position, ply, self.arrived_by[ply]);
        }
        let mut quiets = std::mem::take(&mut self.quiet_buffers[ply]);
        quiets.clear();
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = moves[0].mv;
        let mut quiets_tried = 0;
        let mut legal_moves = 0;
        let late_move_limit = 3 + depth * depth * if pv_node { 4 } else { 2 };
        let mut index = 0;
        let mut next = 0;
        loop {
            if next == moves.len() {
                // The hash move alone did not cut the node off: the others are generated now.
                let Some(searched) = pending.take() else {
                    break;
                };
                legality = self.score_moves(&mut moves, None, Some(searched), ply);
                if next == moves.len() {
                    break;
                }
            }
            let Some((order, mv)) = self.pick(&mut moves, next, true) else {
                break;
            };
            next += 1;
            if !self.position.is_legal_with(&legality, mv) {
                continue;
            }
            legal_moves += 1;
            let capture = self.position.is_capture(mv);
            let quiet = !capture && mv.promotion().is_none();
            let killer = order == KILLER_ORDER || order == KILLER_ORDER - 1;
            self.path.push(key, in_check);
            let undo = self.make(mv, ply);
            self.arrived_by[ply + 1] = Some(mv);
            // A quiet move that gives check is neither pruned nor reduced; whether it does is
            // asked only where the answer matters (the question costs a King's attack scan).
            let may_prune = quiet && !in_check && !killer && best_score > -MATE_BOUND;
            let late = may_prune && depth <= 4 && quiets_tried >= late_move_limit;
            let futile = may_prune
                && !pv_node
                && depth <= 3
                && eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
            let may_reduce = quiet && depth >= 3 && index >= 2 && !in_check;
            let asked = late || futile || may_reduce;
            let gives_check = asked && self.position.is_check();
            self.known_check[ply + 1] = asked.then_some(gives_check);
            if late && !gives_check {
                self.position.unmake(mv, undo);
                self.path.pop();
                continue;
            }
            if futile && !gives_check {
                self.position.unmake(mv, undo);
                self.path.pop();
                quiets_tried += 1;
                continue;
            }
            let score = if index == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let mut reduction = 0;
                if may_reduce && !gives_check {
                    reduction = late_move_reduction(depth, index, pv_node, killer);
                    if order > HISTORY_LIMIT / 2 {
                        reduction -= 1;
                    }
                    reduction = reduction.clamp(0, depth - 2);
                }
                let mut score =
                    -self.negamax(depth - 1 - reduction, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, true);
                }
                score
            };
            self.position.unmake(mv, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            index += 1;
            if quiet {
                quiets_tried += 1;
                quiets.push(mv);
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
            }
            if score > alpha {
                alpha = score;
                let (line, deeper) = self.pv.split_at_mut(ply + 1);
                line[ply].clear();
                line[ply].push(mv);
                line[ply].extend_from_slice(&deeper[0]);
            }
            if alpha >= beta {
                self.statistics.cut_nodes += 1;
                self.statistics.first_move_cuts += u64::from(index == 1);
                if quiet {
                    self.remember_quiet_cutoff(ply, depth, &quiets);
                }
                break;
            }
        }
        self.move_buffers[ply] = moves;
        self.quiet_buffers[ply] = quiets;
        if self.stopped {
            return 0;
        }
        if legal_moves == 0 {
            return no_move_score(&mut self.position, ply, self.arrived_by[ply]);
        }
        if index == 0 {
            // Every move was pruned: the static evaluation stands in for them.
            return alpha.max(static_eval);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            Entry {
                best: Some(best_move),
                score: to_table(best_score, ply),
                depth,
                bound,
            },
        );
        best_score
    }

    /// Searches captures only, standing pat on the static evaluation (all evasions when in
    /// check, `evasions` more times on this line), for at most `depth` more plies, skipping
    /// captures that could not raise alpha and those that lose material by exchange. A quiet
    /// position without legal moves is misjudged here as its evaluation; the main search sees
    /// such stalemates.
    fn quiescence(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        evasions: u8,
        depth: u8,
    ) -> i32 {
        self.nodes += 1;
        self.statistics.quiescence_nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.rule_end_score(ply) {
            return score;
        }
        if ply >= MAX_PLY || depth == 0 {
            return self.evaluate(ply);
        }
        let key = self.position.hash();
        let stored = self.table.probe(key);
        if let Some(entry) = stored {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let hash_move = stored.and_then(|entry| entry.best);
        let original_alpha = alpha;
        let mut best_move = None;
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        let searching_evasions = evasions > 0 && self.in_check(ply);
        let legality = if searching_evasions {
            // In check every evasion is searched, and having none loses.
            self.score_moves(&mut moves, hash_move, None, ply)
        } else {
            let stand_pat = self.evaluate(ply);
            if stand_pat >= beta {
                self.move_buffers[ply] = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            let mut plain = std::mem::take(&mut self.plain_buffers[ply]);
            let legality = self.position.moves_to_try(&mut plain, true);
            for &mv in &plain {
                let gain = self.capture_gain(mv);
                if stand_pat + gain + DELTA_MARGIN > alpha {
                    let mut candidate = self.capture_candidate(mv);
                    if Some(mv) == hash_move {
                        candidate.order = HASH_ORDER;
                    }
                    add(&mut moves, candidate);
                }
            }
            self.plain_buffers[ply] = plain;
            legality
        };
        let mut legal_moves = 0;
        let mut next = 0;
        // Captures that lose material by exchange are not searched here.
        while let Some((_, mv)) = self.pick(&mut moves, next, searching_evasions) {
            next += 1;
            if !self.position.is_legal_with(&legality, mv) {
                continue;
            }
            legal_moves += 1;
            let undo = self.make(mv, ply);
            self.arrived_by[ply + 1] = Some(mv);
            self.known_check[ply + 1] = None;
            let left = evasions - u8::from(searching_evasions);
            let score = -self.quiescence(ply + 1, -beta, -alpha, left, depth - 1);
            self.position.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                if score >= beta {
                    break;
                }
            }
        }
        self.move_buffers[ply] = moves;
        if searching_evasions && legal_moves == 0 {
            return no_move_score(&mut self.position, ply, self.arrived_by[ply]);
        }
        if !self.stopped {
            let bound = if alpha >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let score = to_table(alpha, ply);
            let entry = Entry {
                best: best_move,
                score,
                depth: 0,
                bound,
            };
            self.table.store(key, entry);
        }
        alpha
    }

    /// The material a capture or promotion wins at once.
    fn capture_gain(&self, mv: Move) -> i32 {
        let position = &self.position;
        let victim = match mv.kind {
            MoveKind::EnPassant => Square::new(mv.to.file(), mv.from.rank())
                .and_then(|square| position.piece_at(square)),
            _ => position.piece_at(mv.to),
        };
        victim.map_or(0, |victim| piece_value(position, victim.kind))
            + mv.promotion().map_or(0, |kind| piece_value(position, kind))
    }

    /// Capture `mv` with the key of a capture that does not lose material: most valuable
    /// victim first, least valuable attacker among equals. Whether it does is left to its
    /// static exchange evaluation, when it is picked ([`Searcher::pick`]), if the attacker is
    /// worth more than what it takes at once.
    fn capture_candidate(&self, mv: Move) -> Candidate {
        let gain = self.capture_gain(mv);
        let attacker = self
            .position
            .piece_at(mv.from)
            .map_or(0, |piece| exchange_value(&self.position, piece.kind));
        Candidate {
            order: CAPTURE_ORDER + gain * 16 - attacker / 16,
            mv,
            exchange_unknown: gain < attacker,
            seq: 0,
        }
    }

    /// The next move to search, the `next`th (each called for once, in order): the moves
    /// come out as a stable sort by key would give them, highest first. The first few are
    /// picked one at a time (the first of the rest with the highest key, brought to `next`),
    /// so that a node cut off after a move or two does not sort the rest; the rest are sorted
    /// at once after [`PICKS_BEFORE_SORTING`]. A capture whose exchange is unknown is
    /// evaluated when it would be picked, or when the rest are sorted: if it loses material it
    /// falls among the losing captures (with `losing_kept`) or is left out.
    fn pick(
        &mut self,
        moves: &mut Vec<Candidate>,
        next: usize,
        losing_kept: bool,
    ) -> Option<(i32, Move)> {
        if next >= PICKS_BEFORE_SORTING {
            if next == PICKS_BEFORE_SORTING {
                self.settle_exchanges(moves, next, losing_kept);
                // Keys tied keep the order the moves were added in, as a stable sort would.
                moves[next..]
                    .sort_unstable_by(|a, b| b.order.cmp(&a.order).then(a.seq.cmp(&b.seq)));
            }
            return moves
                .get(next)
                .map(|candidate| (candidate.order, candidate.mv));
        }
        loop {
            let best = best_index(moves, next)?;
            let mut candidate = moves[best];
            if !candidate.exchange_unknown {
                moves[next..=best].rotate_right(1);
                return Some((candidate.order, candidate.mv));
            }
            if self.settle(&mut candidate, losing_kept) {
                moves[best] = candidate;
            } else {
                moves.remove(best);
            }
        }
    }

    /// Settles the exchanges still unknown among `moves` from `next` on ([`Searcher::settle`]),
    /// leaving out the captures not kept; the others keep their order.
    fn settle_exchanges(&mut self, moves: &mut Vec<Candidate>, next: usize, losing_kept: bool) {
        let mut kept = next;
        for index in next..moves.len() {
            let mut candidate = moves[index];
            if !candidate.exchange_unknown || self.settle(&mut candidate, losing_kept) {
                moves[kept] = candidate;
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Evaluates the exchange of capture `candidate`, until now unknown: one that loses
    /// material gets the key of a losing capture. Returns whether it is still to be searched
    /// (whether it wins or breaks even, or losing captures are kept: `losing_kept`).
    fn settle(&mut self, candidate: &mut Candidate, losing_kept: bool) -> bool {
        candidate.exchange_unknown = false;
        if see(&mut self.position, candidate.mv) >= 0 {
            return true;
        }
        candidate.order = LOSING_CAPTURE_ORDER + self.capture_gain(candidate.mv);
        losing_kept
    }

    /// Puts the pseudo-legal hash move `mv` alone in `moves`, to be searched before the
    /// others are generated, if it is legal; returns it with the test of legality.
    fn legal_first(&mut self, mv: Move, moves: &mut Vec<Candidate>) -> Option<(Move, Legality)> {
        let legality = self.position.legality()?;
        let legal = self.position.is_legal_with(&legality, mv);
        legal.then(|| {
            add(moves, Candidate::known(HASH_ORDER, mv));
            (mv, legality)
        })
    }

    /// Adds to `moves` the moves to try and their ordering keys (higher first), and returns
    /// the test that tells the legal ones ([`Position::moves_to_try`]); after the hash move
    /// was searched alone ([`Searcher::legal_first`]: `searched` and its test), the others.
    fn score_moves(
        &mut self,
        moves: &mut Vec<Candidate>,
        hash_move: Option<Move>,
        searched: Option<(Move, Legality)>,
        ply: usize,
    ) -> Legality {
        let mut plain = std::mem::take(&mut self.plain_buffers[ply]);
        let legality = match searched {
            Some((_, legality)) => {
                self.position.pseudo_legal_moves(&mut plain);
                legality
            }
            None => self.position.moves_to_try(&mut plain, false),
        };
        let searched = searched.map(|(mv, _)| mv);
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let context = self.context(ply);
        for &mv in &plain {
            if Some(mv) == searched {
                continue;
            }
            let order = if Some(mv) == hash_move {
                HASH_ORDER
            } else if self.position.is_capture(mv) {
                add(moves, self.capture_candidate(mv));
                continue;
            } else if let Some(kind) = mv.promotion() {
                PROMOTION_ORDER + piece_value(&self.position, kind)
            } else if killers[0] == Some(mv) {
                KILLER_ORDER
            } else if killers[1] == Some(mv) {
                KILLER_ORDER - 1
            } else {
                self.history.score(&self.position, context, mv)
            };
            add(moves, Candidate::known(order, mv));
        }
        self.plain_buffers[ply] = plain;
        legality
    }

    /// Records the last of the quiet moves `tried` as having refuted the opponent's last move,
    /// and counts against the others.
    fn remember_quiet_cutoff(&mut self, ply: usize, depth: i32, tried: &[Move]) {
        let Some(&mv) = tried.last() else {
            return;
        };
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        let context = self.context(ply);
        self.history
            .reward(&self.position, context, mv, tried, depth);
    }

    /// The moves before the node at `ply` that its quiet moves' history looks back on.
    #[inline]
    fn context(&self, ply: usize) -> Context {
        // `arrived_by[ply]` is the move that led to the node at `ply`.
        let before = |back: usize| {
            ply.checked_sub(back)
                .and_then(|node| self.arrived_by[node])
                .map(|mv| mv.to)
        };
        Context {
            reply_to: before(0),
            follow_up: before(1),
        }
    }
}

/// Ordering keys: the hash move, then winning captures, promotions, killers, quiet moves by
/// history (within +-[`HISTORY_LIMIT`]) and losing captures.
const HASH_ORDER: i32 = i32::MAX;
const CAPTURE_ORDER: i32 = 1 << 28;
const PROMOTION_ORDER: i32 = 1 << 27;
const KILLER_ORDER: i32 = 1 << 26;
const LOSING_CAPTURE_ORDER: i32 = -(1 << 26);

/// A move to try and its ordering key (higher first). A capture by a piece worth more than
/// what it takes has the key of a capture that does not lose material until it is picked
/// ([`Searcher::pick`]): its static exchange evaluation waits until then, and a node cut off
/// before never does it.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    order: i32,
    mv: Move,
    exchange_unknown: bool,
    /// Where it was added among the node's moves: ties of keys are broken by it.
    seq: u16,
}

impl Candidate {
    /// `mv` with its final ordering key.
    fn known(order: i32, mv: Move) -> Candidate {
        Candidate {
            order,
            mv,
            exchange_unknown: false,
            seq: 0,
        }
    }
}

/// Adds `candidate` to `moves`, numbered by its place ([`Candidate::seq`]).
#[inline]
fn add(moves: &mut Vec<Candidate>, mut candidate: Candidate) {
    candidate.seq = moves.len() as u16;
    moves.push(candidate);
}

/// How many of a node's moves are picked one at a time before the rest are sorted
/// ([`Searcher::pick`]): nine nodes in ten that are cut off are cut off by their first move.
/// (Sorting after the second or third took 0.1 % and 0.4 % more instructions to depth 8.)
const PICKS_BEFORE_SORTING: usize = 1;

/// Where the first of `moves` from `next` on with the highest key stands, if any.
#[inline]
fn best_index(moves: &[Candidate], next: usize) -> Option<usize> {
    let mut best = next;
    for index in next + 1..moves.len() {
        if moves[index].order > moves[best].order {
            best = index;
        }
    }
    (best < moves.len()).then_some(best)
}

/// How many plies less a late quiet move is searched: about ln(depth) ln(index) / 2, one more
/// away from the principal variation, one less for a killer.
fn late_move_reduction(depth: i32, index: usize, pv_node: bool, killer: bool) -> i32 {
    let base = (f64::from(depth).ln() * (index as f64).ln() / 2.0) as i32;
    base + i32::from(!pv_node) - i32::from(killer)
}

/// Static exchange evaluation: the material `mv` wins for the side making it when both sides
/// then keep capturing on its destination with their least valuable piece for as long as that
/// pays. The attackers come from the move generator's attack tables on the board as it changes,
/// so pieces behind others (and the screens of hoppers) join in as the exchange opens lines.
/// Promotions and pieces going to a hand along the way are not counted.
pub fn see(position: &mut Position, mv: Move) -> i32 {
    let target = mv.to;
    if !matches!(mv.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
        return 0;
    }
    let value = exchange_value;
    let Some(mover) = position.piece_at(mv.from) else {
        return 0;
    };
    let mut gains = [0i32; EXCHANGE_CAPTURES];
    gains[0] = position
        .piece_at(target)
        .map_or(0, |victim| value(position, victim.kind));
    let mut standing = value(position, mv.promotion().unwrap_or(mover.kind));
    // The pieces taken off the board as the exchange goes on and their squares, to be put
    // back: the mover and one a capture after it at most.
    let mut lifted_pieces = [mover; EXCHANGE_CAPTURES];
    let mut lifted_squares = [mv.from; EXCHANGE_CAPTURES];
    let mut count = usize::from(position.lift_scratch(mv.from).is_some());
    let mut side = mover.color.opponent();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some(from) = least_valuable_attacker(position, side, target, value) else {
            break;
        };
        depth += 1;
        gains[depth] = standing - gains[depth - 1];
        if gains[depth].max(-gains[depth - 1]) < 0 {
            break;
        }
        let piece = position
            .lift_scratch(from)
            .expect("an attacker stands there");
        standing = value(position, piece.kind);
        lifted_pieces[count] = piece;
        lifted_squares[count] = from;
        count += 1;
        side = side.opponent();
    }
    for index in (0..count).rev() {
        position.restore_scratch(lifted_pieces[index], lifted_squares[index]);
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The most captures an exchange evaluation follows on one square.
const EXCHANGE_CAPTURES: usize = 64;

/// A piece's worth in an exchange: its value, or a King's that no exchange can pay for.
fn exchange_value(position: &Position, kind: Kind) -> i32 {
    if kind == position.variant().royal() {
        ROYAL_EXCHANGE_VALUE
    } else {
        piece_value(position, kind)
    }
}

/// The square of `color`'s least valuable piece attacking `target`.
fn least_valuable_attacker(
    position: &Position,
    color: Color,
    target: Square,
    value: impl Fn(&Position, Kind) -> i32,
) -> Option<Square> {
    position
        .attackers(color, target)
        .iter()
        .filter_map(|square| Some((position.piece_at(square)?, square)))
        .min_by_key(|(piece, square)| (value(position, piece.kind), *square))
        .map(|(_, square)| square)
}

/// The score of `position`, `ply` plies from the root, where the side to move has no legal move
/// (reached by the move `arrived_by`, if known): as the variant's rule says, if one ended the
/// game (after passing, as the material count says); else won when mated by a drop the dropper
/// loses; else lost in check, over a limit, or where stalemate loses; else a draw.
fn no_move_score(position: &mut Position, ply: usize, arrived_by: Option<Move>) -> i32 {
    let turn = position.turn();
    if let Some(score) = variant_end_score(position, ply) {
        return score;
    }
    let lost = -MATE + ply as i32;
    let in_check = position.is_check();
    if in_check && arrived_by.is_some_and(|mv| position.mated_by_losing_drop(mv)) {
        return -lost;
    }
    let stalemate_loses = position.variant().spec().stalemate == Stalemate::Loses;
    if stalemate_loses || in_check || position.over_limit(turn) {
        lost
    } else {
        0
    }
}

/// The score of `position`, `ply` plies from the root, if a rule of the variant has ended the
/// game: lost or won as a mate there, or drawn.
fn variant_end_score(position: &mut Position, ply: usize) -> Option<i32> {
    let end = position.variant_end()?;
    let lost = -MATE + ply as i32;
    Some(match end.winner {
        None => 0,
        Some(winner) if winner == position.turn() => -lost,
        Some(_) => lost,
    })
}

/// A score to store: mate scores made relative to the node instead of the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn game(fen: &str) -> Game {
        Game::from_fen(Variant::meiriqi(), fen).unwrap()
    }

    fn best(fen: &str, depth: u32) -> SearchResult {
        search(
            &game(fen),
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn finds_a_win_in_one() {
        // The Rook on a9 covers i9 and j9, and on i10 the Black King would face the White King:
        // Rb10 mates, and most quiet moves stalemate, which wins too.
        let fen = "9k/R9/10/10/10/10/10/10/10/1R6K1 w";
        let result = best(fen, 2);
        assert_eq!(result.score, MATE - 1, "{result:?}");
        let mut after = game(fen);
        after.push(result.best_move.unwrap()).unwrap();
        assert_eq!(
            after.outcome().and_then(|outcome| outcome.winner),
            Some(crate::Color::White)
        );
    }

    #[test]
    fn a_stalemate_scores_as_the_variant_says() {
        let position = |name: &str, fen: &str| {
            crate::fen::parse(Variant::by_name(name).unwrap(), fen).unwrap()
        };
        // Black's cornered King has no move: Mĕirìqí's stalemate loses, the Bestiary's draws.
        let mut meiriqi = position("meiriqi", "9k/R9/10/10/10/10/10/10/10/1R5K2 b - - 0 1");
        assert_eq!(no_move_score(&mut meiriqi, 3, None), -MATE + 3);
        let mut bestiary = position(
            "wildeurasian-bestiary",
            "k11/12/1Q10/12/12/12/12/12/12/12/11K/G11 b - - 0 1",
        );
        assert_eq!(no_move_score(&mut bestiary, 3, None), 0);
    }

    #[test]
    fn passing_ends_score_by_the_material_count() {
        let janggi = Variant::by_name("janggi").unwrap();
        let played = |moves: &[&str]| {
            let mut game = Game::start(janggi);
            for uci in moves {
                let mv = game.position_mut().parse_uci(uci).unwrap().expect(uci);
                game.push(mv).unwrap();
            }
            game
        };
        // Two passes with level material: Black's komi wins, whoever is to move.
        let mut level = played(&["e2e2", "e9e9"]);
        assert_eq!(no_move_score(level.position_mut(), 2, None), -MATE + 2);
        let mut level = played(&["e2e2", "b10c8", "e2e2", "e9e9"]);
        assert_eq!(no_move_score(level.position_mut(), 4, None), -MATE + 4);
        // White a Chariot up and to move after the passes: White has won.
        let mut ahead = played(&["a4b4", "a7b7", "a1a10", "b10c8", "e2e2", "e9e9"]);
        assert_eq!(no_move_score(ahead.position_mut(), 6, None), MATE - 6);
        // In bikjang with level material, White does not pass, which would lose.
        let bikjang = played(&["e4d4", "e7f7"]);
        let result = search(&bikjang, Limits::depth(2), &AtomicBool::new(false));
        assert!(!result.best_move.unwrap().is_pass(), "{result:?}");
    }

    #[test]
    fn depth_one_finishes_where_hoppers_capture_one_another() {
        // A position where depth 1 once never ended (Yáng Qí after Pi2 Nd9 Va6 Ra9 Pid2 Nf9 Nf2)
        // and Dense-Rim Mitregi's start, full of hoppers: quiescence is bounded.
        let mut yangqi = Game::start(Variant::by_name("yangqi").unwrap());
        for uci in ["h2i2", "b10d9", "f1a6", "a10a9", "i2d2", "h10f9", "h1f2"] {
            let mv = yangqi.position_mut().parse_uci(uci).unwrap().expect(uci);
            yangqi.push(mv).unwrap();
        }
        let dense_rim = Game::start(Variant::by_name("wildeurasian-dense-rim-mitregi").unwrap());
        for game in [yangqi, dense_rim] {
            let limits = Limits {
                depth: Some(1),
                nodes: Some(5_000_000),
                ..Limits::default()
            };
            let result = search(&game, limits, &AtomicBool::new(false));
            assert_eq!(result.depth, 1, "{result:?}");
            assert!(result.score.abs() < MATE_BOUND, "{result:?}");
        }
    }

    #[test]
    fn an_unfinished_search_claims_no_mate() {
        // Its first iteration takes more nodes than the stop flag lets pass unread.
        let start = Game::start(Variant::by_name("wildeurasian-dense-rim-mitregi").unwrap());
        let result = search(&start, Limits::default(), &AtomicBool::new(true));
        assert_eq!(result.depth, 0);
        assert!(result.score.abs() < MATE_BOUND, "{result:?}");
    }

    #[test]
    fn a_node_limit_lets_the_first_iteration_end() {
        let start = Game::start(Variant::by_name("wildeurasian-dense-rim-mitregi").unwrap());
        let limits = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        let result = search(&start, limits, &AtomicBool::new(false));
        assert_eq!(result.depth, 1);
        let deeper = Limits {
            nodes: Some(result.nodes + 1),
            ..Limits::default()
        };
        assert_eq!(search(&start, deeper, &AtomicBool::new(false)).depth, 1);
    }

    #[test]
    fn a_time_limit_lets_the_first_iteration_end() {
        // Dense-Rim Mitregi's first iteration takes more nodes than the clock lets pass unread.
        let start = Game::start(Variant::by_name("wildeurasian-dense-rim-mitregi").unwrap());
        let limits = Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        };
        let result = search(&start, limits, &AtomicBool::new(false));
        assert_eq!(result.depth, 1, "{result:?}");
        assert!(result.best_move.is_some());
    }

    #[test]
    fn returns_a_legal_move_with_tiny_budgets() {
        let start = Game::start(Variant::meiriqi());
        for nodes in [1, 10, 1000] {
            let result = search(
                &start,
                Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                &AtomicBool::new(false),
            );
            let mv = result.best_move.expect("the start position has moves");
            assert!(start.clone().is_legal(mv));
        }
    }

    #[test]
    fn a_set_stop_flag_still_gives_a_legal_move() {
        let start = Game::start(Variant::meiriqi());
        let result = search(&start, Limits::default(), &AtomicBool::new(true));
        assert!(start.clone().is_legal(result.best_move.unwrap()));
    }

    #[test]
    fn no_move_when_the_game_is_over() {
        let result = best("R8k/9R/10/9C/10/10/10/10/10/8K1 b", 3);
        assert_eq!(result.best_move, None);
    }

    #[test]
    fn reports_every_completed_iteration() {
        let start = Game::start(Variant::meiriqi());
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let mut reports = Vec::new();
        let result = search_reporting(&start, limits, &AtomicBool::new(false), |report| {
            reports.push(report.clone());
        });
        assert_eq!(
            reports.iter().map(|r| r.depth).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(reports.last(), Some(&result));
    }

    #[test]
    fn reports_how_deep_lines_went_and_how_full_the_table_is() {
        let start = Game::start(Variant::by_name("chess").unwrap());
        let mut reports = Vec::new();
        let limits = Limits {
            nodes: Some(200_000),
            ..Limits::default()
        };
        search_reporting(&start, limits, &AtomicBool::new(false), |report| {
            reports.push(report.clone());
        });
        for report in &reports {
            // Quiescence goes on past the horizon; never beyond the deepest line searched.
            assert!(report.seldepth >= report.depth, "{report:?}");
            assert!(report.seldepth as usize <= MAX_PLY, "{report:?}");
            assert!(report.hashfull <= 1000, "{report:?}");
        }
        assert!(reports.windows(2).all(|w| w[0].hashfull <= w[1].hashfull));
        assert!(reports.last().unwrap().hashfull > 0);
    }

    #[test]
    fn statistics_count_parts_of_the_search() {
        let start = Game::start(Variant::by_name("chess").unwrap());
        let mut reports = Vec::new();
        search_reporting(
            &start,
            Limits::depth(6),
            &AtomicBool::new(false),
            |report| {
                reports.push(report.clone());
            },
        );
        for report in &reports {
            let statistics = report.statistics;
            assert!(statistics.quiescence_nodes < report.nodes, "{report:?}");
            assert!(
                statistics.first_move_cuts <= statistics.cut_nodes,
                "{report:?}"
            );
            assert!(
                statistics.table_hits <= statistics.table_probes,
                "{report:?}"
            );
        }
        let last = reports.last().unwrap().statistics;
        assert!(last.quiescence_nodes > 0 && last.first_move_cuts > 0 && last.table_hits > 0);
        assert!(reports
            .windows(2)
            .all(|w| w[0].statistics.cut_nodes < w[1].statistics.cut_nodes));
    }

    #[test]
    fn progress_tells_where_the_main_thread_is() {
        let start = Game::start(Variant::meiriqi());
        let progress = Progress::default();
        assert_eq!(progress.status(), None, "nothing before the search");
        let settings = Settings::from(Limits::depth(3));
        let mut seen = Vec::new();
        let result = search_observed(
            &start,
            &settings,
            &AtomicBool::new(false),
            &progress,
            |_| seen.push(progress.status().unwrap()),
        );
        let moves = start.clone().legal_moves().len();
        // At the end of each iteration the main thread is on its last root move.
        for (depth, status) in (1..).zip(&seen) {
            assert_eq!(
                (status.depth, status.number, status.moves),
                (depth, moves, moves)
            );
            assert!(start.clone().is_legal(status.mv));
        }
        assert_eq!(seen.len(), 3);
        let last = progress.status().unwrap();
        assert_eq!(last.nodes, result.nodes);
        assert!(last.seldepth <= result.seldepth);
    }

    fn chess(fen: &str) -> Game {
        Game::from_fen(Variant::by_name("chess").unwrap(), fen).unwrap()
    }

    fn uci(game: &Game, text: &str) -> Move {
        game.clone()
            .position_mut()
            .parse_uci(text)
            .unwrap()
            .expect(text)
    }

    #[test]
    fn quiet_moves_look_back_on_the_opponent_s_last_move_and_our_own_before_it() {
        let game = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let (stop, progress) = (AtomicBool::new(false), Progress::default());
        let settings = Settings::from(Limits::depth(1));
        let shared = Shared::new(&stop, &progress, &settings);
        let workspace = Workspace::take();
        let table = Table {
            words: &workspace.table,
            generation: workspace.generation,
        };
        let mut searcher = Searcher::new(&game, &settings, &shared, table, Evaluations::new());
        // The root's move e2e4 leads to ply 1, the reply e7e5 to ply 2.
        searcher.arrived_by[1] = Some(uci(&game, "e2e4"));
        searcher.arrived_by[2] = Some(Move {
            from: Square::parse("e7").unwrap(),
            to: Square::parse("e5").unwrap(),
            kind: MoveKind::Normal,
        });
        searcher.arrived_by[3] = Some(uci(&game, "g1f3"));
        let square = |name| Square::parse(name);
        let at_two = searcher.context(2);
        assert_eq!(at_two.reply_to, square("e5"), "White to move answers e7e5");
        assert_eq!(at_two.follow_up, square("e4"), "after its own e2e4");
        let at_one = searcher.context(1);
        assert_eq!((at_one.reply_to, at_one.follow_up), (square("e4"), None));
        let root = searcher.context(0);
        assert_eq!((root.reply_to, root.follow_up), (None, None));
    }

    #[test]
    fn a_perpetual_check_loses_where_the_settings_say_so() {
        // Checking again draws, or loses by the Asian rules; anything else leaves White two
        // Chariots down.
        let game = crate::repetition::tests::checking_cycle();
        let repeating_check = uci(&game, crate::repetition::tests::REPEATING_CHECK);
        let stop = AtomicBool::new(false);
        let search_with_rule = |perpetual_check_loses| {
            let settings = Settings {
                perpetual_check_loses,
                ..Settings::from(Limits::depth(3))
            };
            search_with(&game, &settings, &stop, |_| {})
        };
        let draw = search_with_rule(false);
        assert_eq!(draw.best_move, Some(repeating_check));
        assert_eq!(draw.score, 0);
        let rule = search_with_rule(true);
        assert_ne!(rule.best_move, Some(repeating_check));
        assert!((-MATE_BOUND..-1000).contains(&rule.score), "{rule:?}");
    }

    #[test]
    fn exchanges_are_evaluated_on_the_attack_tables() {
        // The Rook takes a Pawn defended by a Pawn: it loses the exchange. Taking the
        // undefended Knight wins it.
        let game = chess("4k3/8/2p5/1p1n4/8/8/8/1R2K3 w - - 0 1");
        let mut position = game.position().clone();
        assert_eq!(see(&mut position, uci(&game, "b1b5")), 100 - 500);
        let knight = chess("4k3/8/8/1p1n4/8/8/8/3RK3 w - - 0 1");
        assert_eq!(
            see(&mut knight.position().clone(), uci(&knight, "d1d5")),
            300
        );
        // A Rook behind the first joins the exchange as the line opens: the Pawn defended by
        // a Rook is won (alone, the first Rook would lose itself for it).
        let battery = chess("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
        let mut position = battery.position().clone();
        assert_eq!(see(&mut position, uci(&battery, "d2d5")), 100);
        assert_eq!(
            position,
            *battery.position(),
            "the position is left as it was"
        );
    }

    #[test]
    fn exchanges_see_the_screens_of_hoppers() {
        // Xiangqi: the Cannon on e3 takes the Pawn on e7 over the screen on e5; the Pawn is
        // defended by the Chariot on e10, and once the Cannon stands on e7 the Rook behind it
        // on e1 cannot follow (no screen left for the next Cannon, and the Rook is blocked by
        // the screen on e5).
        let variant = Variant::by_name("xiangqi").unwrap();
        let game = Game::from_fen(variant, "3kr4/9/9/4p4/9/4P4/9/4C4/9/5K3 w - - 0 1").unwrap();
        let mut position = game.position().clone();
        let capture = game
            .clone()
            .position_mut()
            .parse_uci("e3e7")
            .unwrap()
            .unwrap();
        let cannon =
            crate::eval::piece_value(&position, position.piece_at(capture.from).unwrap().kind);
        let pawn = crate::eval::piece_value(&position, position.piece_at(capture.to).unwrap().kind);
        assert_eq!(see(&mut position, capture), pawn - cannon);
    }

    /// A search of `game` to `depth` with `memory`.
    fn remembering(game: &Game, depth: u32, memory: &mut SearchMemory) -> SearchResult {
        let settings = Settings::from(Limits::depth(depth));
        let stop = AtomicBool::new(false);
        search_remembering(game, &settings, memory, &stop, &Progress::default(), |_| {})
    }

    #[test]
    fn a_memory_carries_what_was_learnt_to_the_next_search() {
        let mut game = Game::start(Variant::by_name("chess").unwrap());
        let mut memory = SearchMemory::new();
        let first = remembering(&game, 7, &mut memory);
        assert_eq!(
            first,
            search(&game, Limits::depth(7), &AtomicBool::new(false))
        );
        // The same position again: the table holds the whole tree, and the search takes fewer
        // nodes (at depth 7 under a third; the share swings between a tenth and four fifths
        // over depths 5 to 9 with the tree's shape).
        let again = remembering(&game, 7, &mut memory);
        assert!(
            again.nodes * 2 < first.nodes,
            "{} {}",
            again.nodes,
            first.nodes
        );
        // Two plies on, cleared, the memory searches as from nothing.
        for mv in &first.pv[..2] {
            game.push(*mv).unwrap();
        }
        remembering(&game, 7, &mut memory);
        let fresh = search(&game, Limits::depth(7), &AtomicBool::new(false));
        memory.clear();
        assert_eq!(remembering(&game, 7, &mut memory), fresh);
    }

    /// How many slots of `memory`'s table hold an entry of its generation.
    fn entries(memory: &SearchMemory) -> usize {
        let table = Table {
            words: &memory.workspace.table,
            generation: memory.workspace.generation,
        };
        (0..table.slots()).filter(|&slot| table.holds(slot)).count()
    }

    #[test]
    fn the_threads_of_a_search_fill_the_memory() {
        let game = Game::start(Variant::by_name("chess").unwrap());
        let mut memory = SearchMemory::new();
        assert_eq!(entries(&memory), 0);
        let settings = Settings {
            threads: 2,
            ..Settings::from(Limits::depth(8))
        };
        let progress = Progress::default();
        let stop = AtomicBool::new(false);
        let result = search_remembering(&game, &settings, &mut memory, &stop, &progress, |_| {});
        assert_eq!(result.depth, 8);
        assert!(entries(&memory) > 1000, "{}", entries(&memory));
        memory.clear();
        assert_eq!(entries(&memory), 0);
    }

    #[test]
    fn the_same_searches_with_a_memory_give_the_same_results() {
        let game = Game::start(Variant::by_name("meiriqi").unwrap());
        let run = || {
            let mut memory = SearchMemory::new();
            let first = remembering(&game, 4, &mut memory);
            (first, remembering(&game, 5, &mut memory))
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn the_same_limits_give_the_same_search() {
        for name in ["meiriqi", "chess", "wildeurasian-mitregi"] {
            let game = Game::start(Variant::by_name(name).unwrap());
            let limits = Limits {
                nodes: Some(20_000),
                ..Limits::default()
            };
            let first = search(&game, limits, &AtomicBool::new(false));
            // Another search in between leaves its entries in the reused table.
            search(
                &chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
                limits,
                &AtomicBool::new(false),
            );
            assert_eq!(
                first,
                search(&game, limits, &AtomicBool::new(false)),
                "{name}"
            );
        }
    }

    #[test]
    fn finds_several_best_lines() {
        // White wins the Queen with Rxd8+ or loses a Rook: the lines come best first.
        let game = chess("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        let settings = Settings {
            lines: 3,
            ..Settings::from(Limits::depth(4))
        };
        let result = search_with(&game, &settings, &AtomicBool::new(false), |_| {});
        assert_eq!(result.lines.len(), 3);
        assert_eq!(result.lines[0].pv[0], uci(&game, "d1d8"));
        assert_eq!(
            (result.score, &result.pv),
            (result.lines[0].score, &result.lines[0].pv)
        );
        assert!(result.lines.windows(2).all(|w| w[0].score >= w[1].score));
        let firsts: std::collections::HashSet<Move> =
            result.lines.iter().map(|line| line.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "three different moves");
    }

    #[test]
    fn searches_only_the_moves_given() {
        let game = chess("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        let only = uci(&game, "h2h3");
        let settings = Settings {
            root_moves: vec![only],
            ..Settings::from(Limits::depth(3))
        };
        let result = search_with(&game, &settings, &AtomicBool::new(false), |_| {});
        assert_eq!(result.best_move, Some(only));
        assert!(result.score < -500, "the Queen takes the Rook: {result:?}");
    }

    #[test]
    fn mates_are_counted_in_moves() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-MATE + 2), Some(-1));
        assert_eq!(mate_in_moves(-MATE + 4), Some(-2));
        assert_eq!(mate_in_moves(250), None);
        // Back-rank mate in two: Re8+ Rxe8 Rxe8#.
        let game = chess("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1");
        let result = search(&game, Limits::depth(5), &AtomicBool::new(false));
        assert_eq!(mate_in_moves(result.score), Some(2), "{result:?}");
    }

    #[test]
    fn analysis_deepens_past_a_mate_found() {
        let game = chess("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1");
        let playing = search(&game, Limits::depth(7), &AtomicBool::new(false));
        assert!(
            playing.depth < 7,
            "a mate found ends the search: {playing:?}"
        );
        let analysing = Limits {
            infinite: true,
            ..Limits::depth(7)
        };
        let result = search(&game, analysing, &AtomicBool::new(false));
        assert_eq!((result.depth, mate_in_moves(result.score)), (7, Some(2)));
    }

    #[test]
    fn several_threads_find_a_legal_move_and_count_their_nodes() {
        let game = Game::start(Variant::meiriqi());
        let settings = Settings {
            threads: 2,
            ..Settings::from(Limits::depth(4))
        };
        let result = search_with(&game, &settings, &AtomicBool::new(false), |_| {});
        assert_eq!(result.depth, 4);
        assert!(game.clone().is_legal(result.best_move.unwrap()));
        assert!(result.nodes > 0);
    }

    #[test]
    fn a_clock_is_shared_out_over_the_moves() {
        let second = Duration::from_secs(1);
        let budget = |remaining: Duration, increment: Duration, moves_to_go| {
            TimeBudget::of(&Limits {
                clock: Some(Clock {
                    remaining,
                    increment,
                    moves_to_go,
                }),
                ..Limits::default()
            })
        };
        let sixty = budget(60 * second, Duration::ZERO, None);
        assert_eq!(sixty.soft, Some((60 * second - TimeBudget::OVERHEAD) / 30));
        assert_eq!(sixty.hard, sixty.soft.map(|soft| soft * 4));
        // The last move before the control may use most of what is left, never all of it.
        let last = budget(9 * second, Duration::ZERO, Some(1));
        assert!(last.hard.unwrap() < 9 * second);
        // A nearly empty clock still gives a move some time, and never more than is left.
        let flag = budget(Duration::from_millis(40), Duration::ZERO, None);
        assert!(flag.hard.unwrap() <= Duration::from_millis(40));
        // A fixed time per move is used in full.
        let fixed = TimeBudget::of(&Limits {
            time: Some(second),
            ..Limits::default()
        });
        assert_eq!((fixed.soft, fixed.hard), (None, Some(second)));
    }

    #[test]
    fn table_entries_survive_packing() {
        let game = Game::start(Variant::by_name("shogi").unwrap());
        let mut moves = game.clone().legal_moves();
        let drop_game = Game::from_fen(
            Variant::by_name("shogi").unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Pp] w - - 0 1",
        )
        .unwrap();
        moves.extend(drop_game.clone().legal_moves());
        for mv in moves {
            let entry = Entry {
                best: Some(mv),
                score: -MATE + 7,
                depth: 13,
                bound: Bound::Lower,
            };
            let back = Entry::unpack(entry.pack()).unwrap();
            assert_eq!(
                (back.best, back.score, back.depth),
                (Some(mv), -MATE + 7, 13)
            );
            assert_eq!(back.bound, Bound::Lower);
        }
        assert!(Entry::unpack(0).is_none(), "an empty slot is no entry");
    }
}
