//! Perft of the session's position that a [`Signals::stop`] ends early:
//! what UCI's `go perft N` runs.

use std::sync::Arc;

use xiangqi::{Move, Position};

use crate::error::GoError;
use crate::session::Session;
use crate::signals::Signals;

/// A perft taken out of the session by [`Session::start_perft`], to run on
/// any thread.
pub struct PerftJob {
    position: Position,
    depth: u32,
    signals: Arc<Signals>,
}

/// What a perft counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCount {
    /// The leaves counted (of the root moves done, if stopped).
    pub nodes: u64,
    /// The root moves counted.
    pub done: usize,
    /// The root moves in all.
    pub moves: usize,
}

impl PerftCount {
    /// Whether a stop ended it before every root move was counted.
    pub fn stopped(&self) -> bool {
        self.done < self.moves
    }
}

impl PerftJob {
    /// The signals this count listens to.
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// Counts, calling `on_move` with each root move's count (a divide).
    ///
    /// ```
    /// let mut session = xiangqi_session::Session::new();
    /// let mut lines = 0;
    /// let count = session.start_perft(2)?.run(|_, _| lines += 1);
    /// assert_eq!((count.nodes, lines, count.stopped()), (1920, 44, false));
    /// # Ok::<(), xiangqi_session::GoError>(())
    /// ```
    pub fn run(self, mut on_move: impl FnMut(Move, u64)) -> PerftCount {
        let moves = self.position.legal_moves();
        let mut count = PerftCount {
            nodes: 0,
            done: 0,
            moves: moves.len(),
        };
        if self.depth == 0 {
            count.nodes = 1;
            count.moves = 0;
            return count;
        }
        for &m in &moves {
            let mut next = self.position.clone();
            next.play_unchecked(m);
            let Some(n) = stoppable_perft(&next, self.depth - 1, &self.signals) else {
                break;
            };
            on_move(m, n);
            count.nodes += n;
            count.done += 1;
        }
        count
    }
}

impl Session {
    /// A perft of the session's position to `depth`, to run on any thread
    /// (it does not need the searcher); [`PerftJob::signals`] stops it.
    ///
    /// ```
    /// let mut session = xiangqi_session::Session::new();
    /// let job = session.start_perft(9)?;
    /// job.signals().stop();
    /// assert!(job.run(|_, _| {}).stopped());
    /// # Ok::<(), xiangqi_session::GoError>(())
    /// ```
    pub fn start_perft(&mut self, depth: u32) -> Result<PerftJob, GoError> {
        let game = self.game.as_ref().ok_or(GoError::NoPosition)?;
        self.signals.clear();
        Ok(PerftJob {
            position: game.position().clone(),
            depth,
            signals: Arc::clone(&self.signals),
        })
    }
}

/// The leaf count of `pos` at `depth`, or `None` once stopped (looked at
/// every node three plies or more above the leaves).
fn stoppable_perft(pos: &Position, depth: u32, signals: &Signals) -> Option<u64> {
    if depth <= 3 {
        return Some(xiangqi::perft(pos, depth));
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        if signals.is_stopped() {
            return None;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        total += stoppable_perft(&next, depth - 1, signals)?;
    }
    Some(total)
}
