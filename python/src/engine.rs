//! `Engine`, `Score` and `SearchResult`: the library's `Searcher`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xiangqi::{Limits, Searcher};

use crate::board::{Board, Move};

/// A search score from the side to move's point of view: either
/// centipawns (`cp`, with `mate` `None`; a soldier that has not crossed the
/// river is about 90) or a mate distance (`mate`, with `cp` `None`: mate in
/// this many moves, negative when the side to move gets mated; also used
/// for wins and losses by perpetual check or chase found by the search).
#[pyclass(module = "xiangqi_rs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Score(xiangqi::Score);

#[pymethods]
impl Score {
    /// Centipawns, or `None` for a mate score.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.0 {
            xiangqi::Score::Cp(c) => Some(c),
            xiangqi::Score::Mate(_) => None,
        }
    }

    /// Moves to mate (negative: getting mated), or `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.0 {
            xiangqi::Score::Mate(m) => Some(m),
            xiangqi::Score::Cp(_) => None,
        }
    }

    /// Whether this is a mate score.
    fn is_mate(&self) -> bool {
        self.0.is_mate()
    }

    /// The UCI form, `"cp 35"` or `"mate -2"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            xiangqi::Score::Cp(c) => format!("Score(cp={c})"),
            xiangqi::Score::Mate(m) => format!("Score(mate={m})"),
        }
    }
}

/// What a search found.
#[pyclass(module = "xiangqi_rs", frozen, get_all)]
pub struct SearchResult {
    /// The move to play; `None` only if the side to move has no legal move.
    best_move: Option<Move>,
    /// Its `Score`.
    score: Score,
    /// The last completed depth, in plies (0 if even depth 1 was cut
    /// short).
    depth: u32,
    /// Nodes searched by all threads.
    nodes: u64,
    /// The principal variation, starting with `best_move`.
    pv: Vec<Move>,
    /// Time spent, in seconds.
    time: f64,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |m| format!("'{}'", m.0));
        format!(
            "SearchResult(best_move={best}, score={}, depth={}, nodes={})",
            self.score.__repr__(),
            self.depth,
            self.nodes
        )
    }
}

/// A search engine: the library's `Searcher` with its embedded network
/// evaluator, a transposition table of `hash_mb` megabytes and `threads`
/// search threads (Lazy SMP), kept between searches.
///
/// `search` releases the GIL; `stop()`, from another thread, ends the
/// search under way. One engine runs one search at a time (a second
/// `search` call waits); use several engines to search in parallel.
#[pyclass(module = "xiangqi_rs", frozen)]
pub struct Engine {
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (threads=1, hash_mb=16))]
    fn new(threads: usize, hash_mb: usize) -> PyResult<Engine> {
        if threads == 0 || threads > 256 {
            return Err(PyValueError::new_err("threads must be between 1 and 256"));
        }
        if hash_mb == 0 {
            return Err(PyValueError::new_err("hash_mb must be at least 1"));
        }
        let mut searcher = Searcher::default();
        searcher.set_threads(threads);
        searcher.set_hash_size(hash_mb);
        Ok(Engine {
            searcher: Arc::new(Mutex::new(searcher)),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Searches the board's position (with its game history, so that
    /// repetitions count) until every given limit is reached: a time in
    /// milliseconds, a depth in plies, a number of nodes. At least one
    /// limit is needed (`ValueError` otherwise). Returns a `SearchResult`.
    #[pyo3(signature = (board, movetime_ms=None, depth=None, nodes=None))]
    fn search(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<SearchResult> {
        if movetime_ms.is_none() && depth.is_none() && nodes.is_none() {
            return Err(PyValueError::new_err(
                "no limit: give movetime_ms, depth or nodes",
            ));
        }
        let limits = Limits::default()
            .with_movetime(movetime_ms.map(Duration::from_millis))
            .with_depth(depth)
            .with_nodes(nodes);
        let game = board.game.clone();
        drop(board);
        let searcher = Arc::clone(&self.searcher);
        let stop = Arc::clone(&self.stop);
        let r = py.detach(move || {
            let mut s = searcher.lock().unwrap_or_else(PoisonError::into_inner);
            stop.store(false, Ordering::SeqCst);
            s.search(&game, &limits, &stop, |_| {})
        });
        Ok(SearchResult {
            best_move: r.best_move.map(Move),
            score: Score(r.score),
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv.into_iter().map(Move).collect(),
            time: r.time.as_secs_f64(),
        })
    }

    /// Ends the search under way, if any (it then returns its best move so
    /// far). Safe to call from any thread.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Forgets the transposition table and move-ordering statistics (for a
    /// new game). Waits for a search under way to end.
    fn clear(&self, py: Python<'_>) {
        let searcher = Arc::clone(&self.searcher);
        py.detach(move || {
            searcher
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clear();
        });
    }
}
