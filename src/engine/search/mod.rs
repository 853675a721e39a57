//! The search: iterative deepening over a PVS alpha-beta
//! ([`Searcher`]), with aspiration windows, a shared transposition table,
//! limits, a stop flag, a progress callback, optional multi-PV and optional
//! Lazy SMP threads.

mod limits;
mod ordering;
mod repetition;
mod tt;
mod worker;

use core::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::core::{Move, Position};
use crate::engine::eval::{Evaluator, MaterialPst};

pub use limits::{Clock, Limits};
pub use repetition::{ChaseDetector, HistoryEntry, Repetition, judge_repetition};

use limits::Deadlines;
use tt::Table;
use worker::{Shared, Worker};

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
const MAX_DEPTH: u32 = 100;

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
/// use xiangqi::{Limits, Position, Searcher};
/// use std::sync::atomic::AtomicBool;
/// let mut depths = Vec::new();
/// Searcher::default().search(&Position::new(), &[], &Limits::depth(3), &AtomicBool::new(false),
///     |info| depths.push(info.depth));
/// assert_eq!(depths, [1, 2, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// A search engine: an evaluator, a transposition table and settings, kept
/// between searches.
///
/// The library prints nothing and, with the default single thread, spawns
/// no thread: [`Searcher::search`] runs on the caller's thread until a limit
/// is reached or the stop flag is raised (from another thread, for example a
/// UCI input loop). With [`Searcher::set_threads`] above 1 it runs Lazy SMP
/// helper threads (scoped: they end before `search` returns).
///
/// ```
/// use xiangqi::{Limits, Position, Score, Searcher};
/// // A chariot against a bare general: winning for Red.
/// let pos: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 w".parse().unwrap();
/// let r = Searcher::default().search_simple(&pos, &Limits::depth(4));
/// assert!(matches!(r.score, Score::Cp(c) if c > 500) || r.score.is_mate());
/// ```
pub struct Searcher<E: Evaluator = MaterialPst> {
    evaluator: E,
    tt: Table,
    threads: usize,
    chase: Option<ChaseDetector>,
}

impl Default for Searcher<MaterialPst> {
    fn default() -> Self {
        Searcher::new(MaterialPst::default())
    }
}

/// Default transposition table size, in MiB.
const DEFAULT_HASH_MB: usize = 16;

impl<E: Evaluator> Searcher<E> {
    /// A searcher with `evaluator`, a 16 MiB table and one thread.
    ///
    /// ```
    /// use xiangqi::{MaterialPst, Searcher};
    /// let s = Searcher::new(MaterialPst { tempo: 0, ..MaterialPst::default() });
    /// assert_eq!(s.evaluator().tempo, 0);
    /// ```
    pub fn new(evaluator: E) -> Searcher<E> {
        Searcher {
            evaluator,
            tt: Table::new(DEFAULT_HASH_MB),
            threads: 1,
            chase: Some(crate::game::Game::perpetual_chaser),
        }
    }

    /// The evaluator.
    ///
    /// ```
    /// let s = xiangqi::Searcher::default();
    /// assert!(s.evaluator().tempo >= 0);
    /// ```
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Resizes the transposition table to about `mb` MiB (at least 1),
    /// clearing it.
    ///
    /// ```
    /// let mut s = xiangqi::Searcher::default();
    /// s.set_hash_size(1);
    /// ```
    pub fn set_hash_size(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// Sets the number of search threads (at least 1). With more than one,
    /// [`Searcher::search`] runs Lazy SMP helpers on scoped threads and is
    /// no longer deterministic.
    ///
    /// ```
    /// let mut s = xiangqi::Searcher::default();
    /// s.set_threads(2);
    /// assert_eq!(s.threads(), 2);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 256);
    }

    /// The number of search threads.
    ///
    /// ```
    /// assert_eq!(xiangqi::Searcher::default().threads(), 1);
    /// ```
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Plugs in a perpetual-chase detector (see [`ChaseDetector`]). The
    /// default is the game's own, [`Game::perpetual_chaser`](crate::game::Game::perpetual_chaser);
    /// `None` judges every check-free repetition a draw.
    ///
    /// ```
    /// use xiangqi::{Color, Move, Position, Searcher};
    /// fn never(_: &Position, _: &[Move]) -> Option<Color> { None }
    /// Searcher::default().set_chase_detector(Some(never));
    /// ```
    pub fn set_chase_detector(&mut self, detector: Option<ChaseDetector>) {
        self.chase = detector;
    }

    /// Forgets the transposition table (for a new game).
    ///
    /// ```
    /// xiangqi::Searcher::default().clear();
    /// ```
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos` without game history, stop flag or progress callback.
    ///
    /// ```
    /// use xiangqi::{Limits, Position, Searcher};
    /// let r = Searcher::default().search_simple(&Position::new(), &Limits::nodes(5_000));
    /// assert!(r.best_move.is_some());
    /// ```
    pub fn search_simple(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        self.search(pos, &[], limits, &AtomicBool::new(false), |_| {})
    }

    /// Searches `pos` and returns the best move found.
    ///
    /// * `history`: the game so far, oldest first, for repetition (see
    ///   [`HistoryEntry::line`]); its last entry may be `pos` itself. A
    ///   position repeated within the searched line is judged at once
    ///   (perpetual check or chase loses, anything else draws); one whose
    ///   earlier occurrence is `pos` or in `history` is judged at its third
    ///   occurrence, as [`Game`](crate::Game) adjudicates by default.
    /// * `limits`: when to stop; see [`Limits`].
    /// * `stop`: raise it (from any thread) to stop within a few
    ///   milliseconds; the best move so far is returned.
    /// * `on_iteration`: called after each completed iteration, once per
    ///   multi-PV line, on the calling thread.
    ///
    /// Always returns a legal move when one exists, even if stopped at once.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{HistoryEntry, Limits, Position, Searcher};
    /// let moves = ["h2e2".parse().unwrap()];
    /// let (history, pos) = HistoryEntry::line(&Position::new(), &moves).unwrap();
    /// let stop = AtomicBool::new(false);
    /// let mut last_depth = 0;
    /// let r = Searcher::default().search(&pos, &history, &Limits::depth(3), &stop, |i| last_depth = i.depth);
    /// assert_eq!((r.depth, last_depth), (3, 3));
    /// ```
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[HistoryEntry],
        limits: &Limits,
        stop: &AtomicBool,
        mut on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let mut hist: Vec<HistoryEntry> = history.to_vec();
        if hist.last().map(|e| e.hash) != Some(pos.hash()) {
            hist.push(HistoryEntry::new(pos, None));
        }
        let helpers_stop = AtomicBool::new(false);
        let shared = Shared {
            eval: &self.evaluator,
            tt: &self.tt,
            stop,
            helpers_stop: &helpers_stop,
            deadlines: Deadlines::new(limits, start),
            node_limit: limits.nodes,
            chase: self.chase,
        };
        let threads = self.threads;
        let hist = &hist;
        let mut result = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for id in 1..threads {
                let sh = shared.clone_refs();
                handles.push(scope.spawn(move || {
                    let mut w = Worker::new(sh, hist, false);
                    let r = iterate(&mut w, pos, limits, id, &mut |_| {});
                    r.nodes
                }));
            }
            let mut main = Worker::new(shared, hist, true);
            let mut r = iterate(&mut main, pos, limits, 0, &mut on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            for h in handles {
                r.nodes += h.join().unwrap_or(0);
            }
            r
        });
        result.time = start.elapsed();
        result
    }
}

impl<'a, E: ?Sized> Shared<'a, E> {
    fn clone_refs(&self) -> Shared<'a, E> {
        Shared {
            eval: self.eval,
            tt: self.tt,
            stop: self.stop,
            helpers_stop: self.helpers_stop,
            deadlines: self.deadlines,
            node_limit: self.node_limit,
            chase: self.chase,
        }
    }
}

/// Iterative deepening on one thread. `id` 0 is the main thread, which
/// reports and respects the limits; helpers vary their depths.
fn iterate<E: Evaluator + ?Sized>(
    w: &mut Worker<'_, E>,
    pos: &Position,
    limits: &Limits,
    id: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let legal = pos.legal_moves();
    let mut result = SearchResult {
        best_move: legal.first().copied(),
        score: Score::from_value(if legal.is_empty() { -MATE_SCORE } else { 0 }),
        depth: 0,
        pv: legal.first().copied().into_iter().collect(),
        nodes: 0,
        time: Duration::ZERO,
    };
    if legal.is_empty() {
        return result;
    }
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let lines = limits.multi_pv.clamp(1, legal.len());
    let start = w.deadlines_start();
    w.new_search();
    let mut prev = 0;
    for depth in 1..=max_depth {
        // Helpers search some iterations one ply deeper to diversify.
        let d = if id % 2 == 1 { depth + 1 } else { depth } as i32;
        w.root_depth = d;
        w.excluded.clear();
        let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(lines);
        for k in 0..lines {
            w.start_iteration();
            let guess = if k == 0 { prev } else { found[k - 1].0 };
            let score = aspiration(w, pos, d, guess);
            if w.aborted || w.pv().is_empty() {
                break;
            }
            let pv = w.pv().to_vec();
            w.excluded.push(pv[0]);
            found.push((score, pv));
        }
        if w.aborted {
            // Keep a partial first line only if nothing completed before.
            if result.depth == 0 {
                if let Some((score, pv)) = found.into_iter().next() {
                    result.best_move = Some(pv[0]);
                    result.score = Score::from_value(score);
                    result.pv = pv;
                }
            }
            break;
        }
        let Some((best_score, best_pv)) = found.first().cloned() else {
            break;
        };
        prev = best_score;
        result.best_move = Some(best_pv[0]);
        result.score = Score::from_value(best_score);
        result.depth = depth;
        result.pv = best_pv;
        let time = start.elapsed();
        for (i, (score, pv)) in found.into_iter().enumerate() {
            report(&SearchInfo {
                depth,
                seldepth: w.seldepth as u32,
                multipv: i + 1,
                score: Score::from_value(score),
                nodes: w.nodes,
                nps: (w.nodes as u128 * 1_000_000 / time.as_micros().max(1)) as u64,
                time,
                hashfull: w.hashfull(),
                pv,
            });
        }
        let mate_plies = MATE_SCORE - best_score.abs();
        if !limits.infinite && best_score.abs() >= MATE_BOUND && mate_plies <= depth as i32 {
            break; // the shortest mate is proven
        }
        if w.soft_deadline_passed() {
            break;
        }
    }
    result.nodes = w.nodes;
    result
}

/// One root search at `depth`, with an aspiration window around `guess`.
fn aspiration<E: Evaluator + ?Sized>(
    w: &mut Worker<'_, E>,
    pos: &Position,
    depth: i32,
    guess: i32,
) -> i32 {
    if depth < 4 || guess.abs() >= MATE_BOUND {
        return w.search(pos, depth, -INFINITY, INFINITY, 0, false);
    }
    let mut delta = 30;
    let mut alpha = (guess - delta).max(-INFINITY);
    let mut beta = (guess + delta).min(INFINITY);
    loop {
        let s = w.search(pos, depth, alpha, beta, 0, false);
        if w.aborted {
            return s;
        }
        if s <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (s - delta).max(-INFINITY);
        } else if s >= beta {
            beta = (s + delta).min(INFINITY);
        } else {
            return s;
        }
        delta += delta;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}
