//! The search: iterative deepening over a PVS alpha-beta
//! ([`Searcher`]), with aspiration windows, a shared transposition table,
//! limits, a stop flag, a progress callback, optional multi-PV and optional
//! Lazy SMP threads.
//!
//! This module is the public face: [`Searcher`], [`Score`], [`SearchInfo`],
//! [`SearchResult`] (and [`Limits`], [`Clock`] from `limits`, [`TimeSource`]
//! from `time`: where the search reads the time). The rest, from the top
//! down:
//!
//! * `driver`: the threads, iterative deepening and aspiration windows;
//! * `shared`: what the threads of one search share, and the game it
//!   starts from;
//! * `worker`: one thread's alpha-beta search and its node plumbing, on
//!   the per-ply stack of `stack`, with its parameters in `pruning` and
//!   its singular extension (with multi-cut) in `singular`;
//! * `qsearch`: quiescence;
//! * `picker`: the staged move picker (`Stage`), with `see` (static
//!   exchange evaluation);
//! * `history` (the history tables, one `StatsEntry` type), `killers`,
//!   `eval_cache`: what a thread learns and keeps between searches (together
//!   its `tables`);
//! * `tt`: the transposition table shared by the threads.

mod driver;
mod eval_cache;
mod history;
mod killers;
mod limits;
mod picker;
#[cfg(test)]
mod props;
mod pruning;
mod qsearch;
mod see;
mod shared;
mod singular;
mod stack;
mod strength;
mod tables;
mod time;
#[cfg(test)]
mod time_tests;
mod tt;
mod worker;

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::base::{Move, Position, Rng};
use crate::eval::Evaluator;
use crate::eval::nnue::Nnue;
use crate::game::Game;

pub use limits::{Clock, Limits};
pub use strength::Strength;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use time::StdTime;
pub use time::TimeSource;

/// A time source as a searcher keeps it.
pub(crate) type SharedTime = Arc<dyn TimeSource + Send + Sync>;

use tables::Tables;
use tt::Table;

/// The score of being mated right now; a mate in `n` plies scores
/// `MATE_SCORE - n` for the winner.
///
/// ```
/// assert_eq!(xiangqi::MATE_SCORE, 30_000);
/// ```
pub const MATE_SCORE: i32 = 30_000;
/// Deepest ply the search reaches (extensions included).
pub(crate) const MAX_PLY: usize = 128;
/// Scores at least this large (in magnitude) are mates.
pub(crate) const MATE_BOUND: i32 = MATE_SCORE - 2 * MAX_PLY as i32;
pub(crate) const INFINITY: i32 = 31_000;
/// Deepest iteration.
pub(crate) const MAX_DEPTH: u32 = 100;

/// A search score from the side to move's point of view.
///
/// ```
/// use xiangqi::Score;
/// assert_eq!(Score::Cp(35).to_string(), "cp 35");
/// assert_eq!(Score::Mate(-2).to_string(), "mate -2");
/// assert!(Score::Mate(1).is_mate());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (a soldier that has not crossed the river is about 90).
    Cp(i32),
    /// Mate in this many moves (full moves of the side to move); negative
    /// when the side to move gets mated. Also used for wins and losses by
    /// perpetual check or chase found on the search path.
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub(crate) fn from_value(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE_SCORE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE_SCORE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }

    /// Whether this is a mate score.
    ///
    /// ```
    /// assert!(!xiangqi::Score::Cp(0).is_mate());
    /// ```
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp <n>` or `mate <n>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Progress after a completed iteration (one per line with multi-PV).
///
/// ```
/// use xiangqi::{Game, Limits, Searcher};
/// use std::sync::atomic::AtomicBool;
/// let mut depths = Vec::new();
/// Searcher::default().search(&Game::new(), &Limits::depth(3), &AtomicBool::new(false),
///     |info| depths.push(info.depth));
/// assert_eq!(depths, [1, 2, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchInfo {
    /// The iteration depth, in plies.
    pub depth: u32,
    /// The deepest ply reached (with extensions and quiescence).
    pub seldepth: u32,
    /// The line's rank, from 1 (multi-PV).
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// Nodes searched so far by the main thread.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, in permille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
///
/// ```
/// use xiangqi::{Limits, Position, Searcher};
/// let r = Searcher::default().search_simple(&Position::new(), &Limits::depth(2));
/// assert!(Position::new().is_legal(r.best_move.unwrap()));
/// assert_eq!(r.pv.first().copied(), r.best_move);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchResult {
    /// The move to play; `None` only if the side to move has no legal move.
    pub best_move: Option<Move>,
    /// Its score.
    pub score: Score,
    /// The last completed depth (0 if even depth 1 was cut short).
    pub depth: u32,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

impl SearchResult {
    /// The result of a move chosen without searching (by a book or an
    /// endgame table, or the only choice there is): `best_move` scored 0
    /// with itself as the PV, or, with no move, `Mate(0)` (the side to
    /// move is mated); depth, nodes and time 0. Its fields are public, so
    /// a caller that knows better (a table's mate distance) sets them.
    ///
    /// ```
    /// use xiangqi::{Score, SearchResult};
    /// let m = "h2e2".parse()?;
    /// let r = SearchResult::unsearched(Some(m));
    /// assert_eq!((r.score, r.depth, r.pv), (Score::Cp(0), 0, vec![m]));
    /// assert_eq!(SearchResult::unsearched(None).score, Score::Mate(0));
    /// # Ok::<(), xiangqi::ParseMoveError>(())
    /// ```
    pub fn unsearched(best_move: Option<Move>) -> SearchResult {
        SearchResult {
            best_move,
            score: if best_move.is_some() {
                Score::Cp(0)
            } else {
                Score::Mate(0)
            },
            depth: 0,
            pv: best_move.into_iter().collect(),
            nodes: 0,
            time: Duration::ZERO,
        }
    }
}

/// A search engine: an evaluator, a transposition table and settings, kept
/// between searches.
///
/// The library prints nothing and, with the default single thread, spawns
/// no thread: [`Searcher::search`] runs on the caller's thread until a limit
/// is reached or the stop flag is raised (from another thread, for example a
/// UCI input loop). With [`Searcher::set_threads`] above 1 it runs Lazy SMP
/// helper threads (scoped: they end before `search` returns; at most one
/// thread per core). It reads the time from its [`TimeSource`].
///
/// ```
/// use xiangqi::{Limits, Position, Score, Searcher};
/// // A chariot against a bare general: winning for Red.
/// let pos: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 w".parse().unwrap();
/// let r = Searcher::default().search_simple(&pos, &Limits::depth(4));
/// assert!(matches!(r.score, Score::Cp(c) if c > 500) || r.score.is_mate());
/// ```
pub struct Searcher<E: Evaluator = Nnue> {
    evaluator: E,
    tt: Table,
    threads: usize,
    /// The machine's available parallelism (read when more than one thread
    /// is set): the most threads a search runs.
    cores: usize,
    /// Move-ordering statistics and evaluation caches, one per thread,
    /// kept between searches.
    tables: Vec<Box<Tables>>,
    /// The playing strength, and the generator of its random pushes.
    strength: Strength,
    strength_rng: Rng,
    /// Where the search reads the time; `None`: no clock.
    time: Option<SharedTime>,
    /// Endgame tables probed in the tree ([`Searcher::set_tablebase`]).
    #[cfg(feature = "tablebase")]
    tablebase: Option<Arc<crate::tablebase::Tablebase<'static>>>,
}

impl Default for Searcher<Nnue> {
    /// A searcher with the embedded network ([`Nnue::default`]); for the
    /// classical evaluator, `Searcher::new(MaterialPst::default())`.
    fn default() -> Self {
        Searcher::new(Nnue::default())
    }
}

/// Default transposition table size, in MiB.
const DEFAULT_HASH_MB: usize = 16;

impl<E: Evaluator> Searcher<E> {
    /// A searcher with `evaluator`, a 16 MiB table and one thread.
    ///
    /// ```
    /// use xiangqi::{MaterialPst, Searcher};
    /// let s = Searcher::new(MaterialPst::default().with_tempo(0));
    /// assert_eq!(s.evaluator().tempo, 0);
    /// ```
    pub fn new(evaluator: E) -> Searcher<E> {
        Searcher {
            evaluator,
            tt: Table::new(DEFAULT_HASH_MB),
            threads: 1,
            cores: 1,
            tables: Vec::new(),
            strength: Strength::FULL,
            strength_rng: Rng::from_state(0),
            time: time::default_source(),
            #[cfg(feature = "tablebase")]
            tablebase: None,
        }
    }

    /// Endgame tables the search probes inside the tree (feature
    /// `tablebase`): a node whose material a table covers (beyond the
    /// root) scores the table's exact distance to mate, or 0 for a draw,
    /// instead of being searched. `None` (the default) probes nothing.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use xiangqi::tablebase::Tablebase;
    /// use xiangqi::{MaterialPst, Searcher};
    /// let mut s = Searcher::new(MaterialPst::default());
    /// s.set_tablebase(Some(Arc::new(Tablebase::new())));
    /// s.set_tablebase(None);
    /// ```
    #[cfg(feature = "tablebase")]
    pub fn set_tablebase(&mut self, tables: Option<Arc<crate::tablebase::Tablebase<'static>>>) {
        self.tablebase = tables;
    }

    /// Sets the playing strength ([`Strength`]; full by default) for the
    /// searches from now on, and restarts its random pushes from its seed.
    ///
    /// ```
    /// use xiangqi::{Limits, Position, Searcher, Strength};
    /// let mut s = Searcher::default();
    /// s.set_strength(Strength::skill(0).with_seed(1));
    /// let weak = s.search_simple(&Position::new(), &Limits::depth(8));
    /// assert!(Position::new().is_legal(weak.best_move.unwrap()));
    /// ```
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
        self.strength_rng = Rng::from_state(strength.seed());
    }

    /// The playing strength.
    ///
    /// ```
    /// use xiangqi::{Searcher, Strength};
    /// assert_eq!(Searcher::default().strength(), Strength::FULL);
    /// ```
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The evaluator.
    ///
    /// ```
    /// // The default searcher's evaluator is the embedded network.
    /// let s = xiangqi::Searcher::default();
    /// assert!(s.evaluator().generation() >= 1);
    /// ```
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Resizes the transposition table to about `mb` MiB, clearing it, and
    /// returns the size it got. The size is clamped to 1 MiB ..= 32 GiB; if
    /// the memory cannot be had, the table takes the largest half, quarter,
    /// ... that can (it never panics on a size).
    ///
    /// The table is allocated zeroed, so this takes no time whatever the
    /// size: the system commits its pages as the search first writes them.
    /// That also means a system that overcommits memory may grant more than
    /// it has and fail later; a front end bounds the size itself (the
    /// engine takes at most half the free memory).
    ///
    /// ```
    /// let mut s = xiangqi::Searcher::default();
    /// assert_eq!(s.set_hash_size(1), 1);
    /// assert_eq!(s.set_hash_size(0), 1);
    /// ```
    pub fn set_hash_size(&mut self, mb: usize) -> usize {
        self.tt = Table::new(1);
        self.tt = Table::new(mb);
        self.tt.size_mb()
    }

    /// Sets the number of search threads (1 to 256). With more than one,
    /// [`Searcher::search`] runs Lazy SMP helpers on scoped threads and is
    /// no longer deterministic.
    ///
    /// A search runs at most as many threads as the machine has cores
    /// (`std::thread::available_parallelism`, read here when `threads` is
    /// above 1; 1 where it is unknown, as on `wasm32-unknown-unknown`):
    /// helpers beyond the cores would add no strength and take time from
    /// the main thread, which keeps the clock, so a search would overrun
    /// its deadline. [`Searcher::threads`] still returns the number set.
    ///
    /// ```
    /// let mut s = xiangqi::Searcher::default();
    /// s.set_threads(2);
    /// assert_eq!(s.threads(), 2);
    /// s.set_threads(1_000);
    /// assert_eq!(s.threads(), 256);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 256);
        if self.threads > 1 {
            self.cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        }
    }

    /// Sets where the search reads the time (see [`TimeSource`]); `None`:
    /// no clock. A new searcher has [`StdTime`] on native targets and no
    /// clock on `wasm32-unknown-unknown` (where `std` has none).
    ///
    /// Without a clock, [`SearchInfo::time`] and [`SearchResult::time`]
    /// are zero and [`SearchInfo::nps`] is 0, depth, node and mate limits
    /// work as always, and a time limit ([`Limits::movetime`],
    /// [`Limits::clock`]) becomes a node budget of 250 nodes of the main
    /// thread per millisecond (about the speed of the network in
    /// WebAssembly): the search still ends, and never traps or hangs.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::time::Duration;
    /// use xiangqi::{Limits, Position, Searcher, TimeSource};
    ///
    /// /// A clock that moves a millisecond each time it is read.
    /// #[derive(Default)]
    /// struct Ticking(AtomicU64);
    /// impl TimeSource for Ticking {
    ///     fn now(&self) -> Duration {
    ///         Duration::from_millis(self.0.fetch_add(1, Ordering::Relaxed))
    ///     }
    /// }
    ///
    /// let mut s = Searcher::default();
    /// s.set_time_source(Some(Arc::new(Ticking::default())));
    /// let r = s.search_simple(&Position::new(), &Limits::movetime(Duration::from_millis(20)));
    /// assert!(r.best_move.is_some() && r.time >= Duration::from_millis(20));
    ///
    /// // No clock: 10 ms stand for 2 500 nodes.
    /// s.set_time_source(None);
    /// let r = s.search_simple(&Position::new(), &Limits::movetime(Duration::from_millis(10)));
    /// assert_eq!(r.time, Duration::ZERO);
    /// assert!(r.nodes >= 2_500 && r.nodes <= 3_072);
    /// ```
    pub fn set_time_source(&mut self, source: Option<Arc<dyn TimeSource + Send + Sync>>) {
        self.time = source;
    }

    /// The time source with which the searcher was built or
    /// [set](Searcher::set_time_source): to hand it to another searcher.
    ///
    /// ```
    /// use xiangqi::{MaterialPst, Searcher};
    /// let s = Searcher::default();
    /// let mut classical = Searcher::new(MaterialPst::default());
    /// classical.set_time_source(s.time_source().cloned());
    /// assert!(classical.time_source().is_some()); // native: the std clock
    /// ```
    pub fn time_source(&self) -> Option<&Arc<dyn TimeSource + Send + Sync>> {
        self.time.as_ref()
    }

    /// The searcher with its time source set: [`Searcher::set_time_source`]
    /// as a builder.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use xiangqi::{Limits, Position, Searcher};
    /// let frozen = || Duration::from_secs(7);
    /// let mut s = Searcher::default().with_time_source(Some(Arc::new(frozen)));
    /// let r = s.search_simple(&Position::new(), &Limits::depth(1));
    /// assert_eq!(r.time, Duration::ZERO); // the clock never moved
    /// ```
    pub fn with_time_source(mut self, source: Option<Arc<dyn TimeSource + Send + Sync>>) -> Self {
        self.set_time_source(source);
        self
    }

    /// The number of search threads.
    ///
    /// ```
    /// assert_eq!(xiangqi::Searcher::default().threads(), 1);
    /// ```
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets the transposition table and the move-ordering statistics
    /// (for a new game).
    ///
    /// ```
    /// xiangqi::Searcher::default().clear();
    /// ```
    pub fn clear(&mut self) {
        self.tt.clear();
        for t in &mut self.tables {
            t.clear();
        }
    }

    /// Searches `pos` as the start of a new game under the default
    /// [`Rules`](crate::Rules), without stop flag or progress callback.
    ///
    /// A position knows no history: the search judges repetitions,
    /// perpetual check and chase, and the move limit only from `pos` on, as
    /// if the game had started there. After a game in which a side has
    /// already checked perpetually, it may report a mate that the game's
    /// [verdict](crate::Game::outcome) has already decided against that
    /// side, or play a move that repeats the game's earlier positions into
    /// a loss. To continue a game, use [`Searcher::search_game`], which
    /// knows the history and the game's rules (see the crate's
    /// [two kinds of game end](crate#two-kinds-of-game-end)).
    ///
    /// ```
    /// use xiangqi::{Limits, Position, Searcher};
    /// let r = Searcher::default().search_simple(&Position::new(), &Limits::nodes(5_000));
    /// assert!(r.best_move.is_some());
    /// ```
    pub fn search_simple(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        let game = Game::from_position(pos.clone());
        self.search_game(&game, limits)
    }

    /// Searches the current position of `game`, with its history and its
    /// [`Rules`](crate::Rules), until a limit is reached: [`Searcher::search`]
    /// without stop flag and progress callback.
    ///
    /// A game that is already over ([`Game::outcome`] is `Some`) is searched
    /// as if it went on: the move is legal, but the score does not speak
    /// for the verdict; ask the game first.
    ///
    /// ```
    /// use xiangqi::{Game, Limits, Score, Searcher};
    ///
    /// // Red has checked with every move; one more idle move of Black's
    /// // general repeats the position a third time, and Red's perpetual
    /// // check loses.
    /// let mut game = Game::from_position("3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?);
    /// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// let mut searcher = Searcher::default();
    /// let r = searcher.search_game(&game, &Limits::depth(4));
    /// assert_eq!((r.best_move, r.score), (Some("e9d9".parse()?), Score::Mate(1)));
    /// // Without the history, Black's general looks lost.
    /// let r = searcher.search_simple(game.position(), &Limits::depth(4));
    /// assert_eq!(r.score, Score::Mate(-1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_game(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        self.search(game, limits, &AtomicBool::new(false), |_| {})
    }

    /// Searches the current position of `game` and returns the best move
    /// found.
    ///
    /// The search knows the game's history and [`Rules`](crate::Rules): at
    /// every node it asks the same arbiter as [`Game::outcome`] (no legal
    /// move, insufficient material, the move limit with its check cap,
    /// repetition with perpetual check and chase), so it never plays for a
    /// result the game would not give. A position repeated within the
    /// searched line is judged at once (the side that made the cycle can
    /// make it again); one whose earlier occurrence is the root or in the
    /// game before it is judged when it reaches the game's repetition count.
    ///
    /// * `limits`: when to stop; see [`Limits`].
    /// * `stop`: raise it (from any thread) to stop within a few
    ///   milliseconds; the best move so far is returned.
    /// * `on_iteration`: called after each completed iteration, once per
    ///   multi-PV line, on the calling thread.
    ///
    /// Always returns a legal move when one exists, even if stopped at once
    /// or if the game is already over.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{Game, Limits, Searcher};
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let stop = AtomicBool::new(false);
    /// let mut last_depth = 0;
    /// let r = Searcher::default().search(&game, &Limits::depth(3), &stop, |i| last_depth = i.depth);
    /// assert_eq!((r.depth, last_depth), (3, 3));
    /// assert!(game.position().is_legal(r.best_move.unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_inner(game, limits, stop, None, on_iteration)
    }

    /// Ponders: searches `game` (usually with the move the engine expects
    /// the opponent to play already made) on the opponent's time. Until
    /// `ponderhit` is raised no time limit applies; once it is (the opponent
    /// played that move), the time budgets of `limits` start counting from
    /// that moment and the search goes on where it was, with its tables and
    /// iterations intact. Depth, node and mate limits apply throughout;
    /// `stop` ends it at any time. The search may return before `ponderhit`
    /// (a proven mate, or the maximum depth): a UCI front end then holds its
    /// `bestmove` until `ponderhit` or `stop`.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::time::Duration;
    /// use xiangqi::{Game, Limits, Searcher};
    /// let ponderhit = AtomicBool::new(true); // the expected move came at once
    /// let limits = Limits::movetime(Duration::from_millis(20));
    /// let r = Searcher::default().search_pondering(&Game::new(), &limits,
    ///     &AtomicBool::new(false), &ponderhit, |_| {});
    /// assert!(r.best_move.is_some());
    /// ```
    pub fn search_pondering(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        ponderhit: &AtomicBool,
        on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_inner(game, limits, stop, Some(ponderhit), on_iteration)
    }
}
