//! Search limits ([`Limits`], [`Clock`]) and the time manager that turns
//! them into deadlines.

use std::time::Duration;

use crate::base::Move;

use super::time::{self, TimeSource};

/// The clock of the side to move, as a GUI sends it.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::Clock;
/// let c = Clock::new(Duration::from_secs(60)).with_increment(Duration::from_secs(1));
/// assert_eq!(c.remaining.as_secs(), 60);
/// assert_eq!(c.moves_to_go, None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A clock with `remaining` time, no increment and no move count.
    ///
    /// ```
    /// use std::time::Duration;
    /// let c = xiangqi::Clock::new(Duration::from_secs(5));
    /// assert_eq!((c.remaining, c.increment, c.moves_to_go), (Duration::from_secs(5), Duration::ZERO, None));
    /// ```
    pub fn new(remaining: Duration) -> Clock {
        Clock {
            remaining,
            ..Clock::default()
        }
    }

    /// Sets the time left (the field [`remaining`](Clock::remaining)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::Clock;
    /// assert_eq!(Clock::default().with_remaining(Duration::from_secs(3)).remaining, Duration::from_secs(3));
    /// ```
    pub fn with_remaining(mut self, remaining: Duration) -> Clock {
        self.remaining = remaining;
        self
    }

    /// Sets the time added after each move (the field [`increment`](Clock::increment)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::Clock;
    /// assert_eq!(Clock::new(Duration::from_secs(3)).with_increment(Duration::from_secs(1)).increment, Duration::from_secs(1));
    /// ```
    pub fn with_increment(mut self, increment: Duration) -> Clock {
        self.increment = increment;
        self
    }

    /// Sets the moves until the next time control (the field [`moves_to_go`](Clock::moves_to_go)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::Clock;
    /// assert_eq!(Clock::new(Duration::from_secs(3)).with_moves_to_go(Some(20)).moves_to_go, Some(20));
    /// ```
    pub fn with_moves_to_go(mut self, moves_to_go: Option<u32>) -> Clock {
        self.moves_to_go = moves_to_go;
        self
    }
}

/// When to stop searching. Every limit that is set applies; with none set
/// (or `infinite`) the search runs until the stop flag is raised (or the
/// maximum depth is reached).
///
/// Time limits are measured on the searcher's
/// [`TimeSource`](crate::TimeSource) (see
/// [`Searcher::set_time_source`](crate::Searcher::set_time_source) for a
/// search without one); depth and node limits need no clock.
///
/// Start from a constructor ([`Limits::depth`], [`Limits::nodes`], ...)
/// or [`Limits::default`] and add limits with the `with_*` builders; the
/// fields stay public to read and to change.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::Limits;
/// let l = Limits::depth(6).with_nodes(Some(10_000));
/// assert_eq!((l.depth, l.nodes), (Some(6), Some(10_000)));
/// assert_eq!(Limits::movetime(Duration::from_millis(50)).movetime, Some(Duration::from_millis(50)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Maximum iterative-deepening depth, in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes (approximate: checked every few nodes).
    pub nodes: Option<u64>,
    /// Exact time to spend on this move.
    pub movetime: Option<Duration>,
    /// The side to move's clock: the search budgets its own time.
    pub clock: Option<Clock>,
    /// Search until stopped, ignoring `movetime` and `clock`.
    pub infinite: bool,
    /// Number of best lines to report (1 if 0). Lines beyond the first are
    /// searched with the first excluded, then the second, and so on.
    pub multi_pv: usize,
    /// Stop once a mate in at most this many moves (of the side to move)
    /// is found (UCI `go mate`), and at the latest after depth
    /// [`Limits::mate_depth`] `(n)` = 2n + 2 plies (a mate in n moves is
    /// 2n - 1 plies deep; three plies more for the search's reductions):
    /// deeper iterations would not find a mate that short.
    pub mate: Option<u32>,
    /// Search only these root moves (UCI `go searchmoves`); moves that are
    /// not legal are ignored, and if none is legal every move is searched.
    /// Empty: all moves.
    pub search_moves: Vec<Move>,
    /// Time kept back from the clock for communication delays (UCI `Move
    /// Overhead`): the search budgets `clock.remaining` less this. 10 ms by
    /// default.
    pub move_overhead: Duration,
}

impl Default for Limits {
    /// No limit set (search until stopped or the maximum depth), one line,
    /// all root moves, 10 ms of move overhead (the engine's `Move Overhead`
    /// default too).
    ///
    /// ```
    /// use std::time::Duration;
    /// let l = xiangqi::Limits::default();
    /// assert_eq!((l.depth, l.nodes, l.multi_pv), (None, None, 0));
    /// assert_eq!(l.move_overhead, Duration::from_millis(10));
    /// ```
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            infinite: false,
            multi_pv: 0,
            mate: None,
            search_moves: Vec::new(),
            move_overhead: DEFAULT_OVERHEAD,
        }
    }
}

impl Limits {
    /// Searches to a fixed depth.
    ///
    /// ```
    /// assert_eq!(xiangqi::Limits::depth(4).depth, Some(4));
    /// ```
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Searches a fixed number of nodes.
    ///
    /// ```
    /// assert_eq!(xiangqi::Limits::nodes(1000).nodes, Some(1000));
    /// ```
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Searches for a fixed time.
    ///
    /// ```
    /// use std::time::Duration;
    /// assert!(xiangqi::Limits::movetime(Duration::from_secs(1)).movetime.is_some());
    /// ```
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Plays on a clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi::{Clock, Limits};
    /// let l = Limits::clock(Clock::new(Duration::from_secs(10)));
    /// assert!(l.clock.is_some());
    /// ```
    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    /// Searches until a mate in at most `moves` moves is found, or the
    /// depth [`Limits::mate_depth`]`(moves)` is done without one (or
    /// stopped).
    ///
    /// ```
    /// use xiangqi::{Limits, Position, Score, Searcher};
    /// assert_eq!(Limits::mate(3).mate, Some(3));
    /// // No mate at the start: the search gives up after 2 x 1 + 2 plies.
    /// let r = Searcher::default().search_simple(&Position::new(), &Limits::mate(1));
    /// assert_eq!(r.depth, 4);
    /// assert!(!r.score.is_mate());
    /// ```
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::default()
        }
    }

    /// The deepest iteration a search for a mate in `moves` moves runs:
    /// 2 x `moves` + 2 plies.
    ///
    /// ```
    /// assert_eq!(xiangqi::Limits::mate_depth(3), 8);
    /// assert_eq!(xiangqi::Limits::mate_depth(0), 2);
    /// ```
    pub const fn mate_depth(moves: u32) -> u32 {
        moves.saturating_mul(2).saturating_add(2)
    }

    /// Searches until stopped.
    ///
    /// ```
    /// assert!(xiangqi::Limits::infinite().infinite);
    /// ```
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// Sets the maximum iterative-deepening depth (the field [`depth`](Limits::depth)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::default().with_depth(Some(5)).depth, Some(5));
    /// ```
    pub fn with_depth(mut self, depth: Option<u32>) -> Limits {
        self.depth = depth;
        self
    }

    /// Sets the maximum number of nodes (the field [`nodes`](Limits::nodes)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::depth(5).with_nodes(Some(1_000)).nodes, Some(1_000));
    /// ```
    pub fn with_nodes(mut self, nodes: Option<u64>) -> Limits {
        self.nodes = nodes;
        self
    }

    /// Sets the exact time to spend on this move (the field [`movetime`](Limits::movetime)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::default().with_movetime(Some(Duration::from_millis(5))).movetime, Some(Duration::from_millis(5)));
    /// ```
    pub fn with_movetime(mut self, movetime: Option<Duration>) -> Limits {
        self.movetime = movetime;
        self
    }

    /// Sets the side to move's clock (the field [`clock`](Limits::clock)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::default().with_clock(Some(Clock::new(Duration::from_secs(9)))).clock.map(|c| c.remaining), Some(Duration::from_secs(9)));
    /// ```
    pub fn with_clock(mut self, clock: Option<Clock>) -> Limits {
        self.clock = clock;
        self
    }

    /// Sets whether to search until stopped (the field [`infinite`](Limits::infinite)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::depth(3).with_infinite(true).infinite, true);
    /// ```
    pub fn with_infinite(mut self, infinite: bool) -> Limits {
        self.infinite = infinite;
        self
    }

    /// Sets the number of best lines to report (the field [`multi_pv`](Limits::multi_pv)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::depth(3).with_multi_pv(3).multi_pv, 3);
    /// ```
    pub fn with_multi_pv(mut self, multi_pv: usize) -> Limits {
        self.multi_pv = multi_pv;
        self
    }

    /// Sets the mate to stop at (in moves) (the field [`mate`](Limits::mate)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::depth(9).with_mate(Some(2)).mate, Some(2));
    /// ```
    pub fn with_mate(mut self, mate: Option<u32>) -> Limits {
        self.mate = mate;
        self
    }

    /// Sets the root moves to search (empty: all) (the field [`search_moves`](Limits::search_moves)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::depth(3).with_search_moves(vec!["h2e2".parse().unwrap()]).search_moves.len(), 1);
    /// ```
    pub fn with_search_moves(mut self, search_moves: Vec<Move>) -> Limits {
        self.search_moves = search_moves;
        self
    }

    /// Sets the time kept back from the clock (the field [`move_overhead`](Limits::move_overhead)).
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use xiangqi::{Clock, Limits};
    /// assert_eq!(Limits::default().with_move_overhead(Duration::ZERO).move_overhead, Duration::ZERO);
    /// ```
    pub fn with_move_overhead(mut self, move_overhead: Duration) -> Limits {
        self.move_overhead = move_overhead;
        self
    }
}

/// Default safety margin kept on the clock for communication delays.
const DEFAULT_OVERHEAD: Duration = Duration::from_millis(10);

/// Deadlines derived from [`Limits`], read on the search's time source
/// (or, without one, on its node count: [`time::nodes_as_time`]).
#[derive(Copy, Clone)]
pub(crate) struct Deadlines<'a> {
    /// The time source; `None`: no clock.
    time: Option<&'a (dyn TimeSource + Send + Sync)>,
    /// The source's reading when the search started.
    start: Duration,
    /// When the time budgets started (after a ponder hit, later): a
    /// reading of the source, or without one the node count as time.
    clock_start: Duration,
    /// Don't start a new iteration after this much time.
    pub(crate) soft: Option<Duration>,
    /// Abort the search after this much time.
    pub(crate) hard: Option<Duration>,
}

impl<'a> Deadlines<'a> {
    /// The deadlines of `limits` for a search starting now on `time`
    /// (read once here, if given).
    pub(crate) fn new(
        limits: &Limits,
        time: Option<&'a (dyn TimeSource + Send + Sync)>,
    ) -> Deadlines<'a> {
        let start = time.map_or(Duration::ZERO, |t| t.now());
        let mut d = Deadlines {
            time,
            start,
            clock_start: start,
            soft: None,
            hard: None,
        };
        if limits.infinite {
            return d;
        }
        if let Some(t) = limits.movetime {
            // Use all of it: iterate until the hard deadline aborts.
            d.hard = Some(t);
        }
        if let Some(c) = limits.clock {
            let left = c.remaining.saturating_sub(limits.move_overhead);
            let mtg = c.moves_to_go.unwrap_or(30).clamp(1, 50);
            let base = (left / mtg).saturating_add(c.increment / 4 * 3);
            let optimum = base.min(left / 2);
            let maximum = optimum.saturating_mul(3).min(left / 3).max(optimum);
            d.soft = Some(optimum);
            d.hard = Some(d.hard.map_or(maximum, |h: Duration| h.min(maximum)));
        }
        d
    }

    /// Whether the search has a clock (a time source).
    pub(crate) fn has_clock(&self) -> bool {
        self.time.is_some()
    }

    /// The time since the search started, for reports (zero without a
    /// clock). Reads the clock.
    pub(crate) fn elapsed(&self) -> Duration {
        self.time
            .map_or(Duration::ZERO, |t| t.now().saturating_sub(self.start))
    }

    /// Now, on the deadlines' scale: the clock, or `nodes` as time.
    fn now(&self, nodes: u64) -> Duration {
        match self.time {
            Some(t) => t.now(),
            None => time::nodes_as_time(nodes),
        }
    }

    /// Starts the time budgets again now (the opponent played the pondered
    /// move), `nodes` into the search.
    pub(crate) fn restart(&mut self, nodes: u64) {
        if self.hard.is_some() || self.soft.is_some() {
            self.clock_start = self.now(nodes);
        }
    }

    /// Whether the hard deadline has passed, `nodes` into the search. Reads
    /// the clock only if there is a time limit.
    #[inline]
    pub(crate) fn hard_passed(&self, nodes: u64) -> bool {
        self.hard
            .is_some_and(|h| self.now(nodes).saturating_sub(self.clock_start) >= h)
    }

    /// Whether a new iteration should not be started: more than `percent`
    /// of the soft budget is gone (the next iteration would likely not
    /// finish). The search passes 55 normally, less when its best move has
    /// been stable for several iterations, more when it just changed or the
    /// score dropped (bounded by the hard limit either way). Reads the
    /// clock only if there is a soft budget.
    pub(crate) fn soft_passed(&self, percent: u32, nodes: u64) -> bool {
        self.soft.is_some_and(|s| {
            let budget = (s / 100).saturating_mul(percent.clamp(10, 200));
            self.now(nodes).saturating_sub(self.clock_start) >= budget
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_fraction_of_remaining_time() {
        let l = Limits::clock(Clock {
            remaining: Duration::from_secs(60),
            increment: Duration::ZERO,
            moves_to_go: None,
        });
        let d = Deadlines::new(&l, None);
        let hard = d.hard.unwrap();
        assert!(hard <= Duration::from_secs(20) && hard >= Duration::from_secs(1));
        assert!(d.soft.unwrap() <= hard);
    }

    #[test]
    fn extreme_limits_do_not_overflow() {
        let huge = Clock {
            remaining: Duration::MAX,
            increment: Duration::MAX,
            moves_to_go: Some(u32::MAX),
        };
        for l in [
            Limits::clock(huge),
            Limits::movetime(Duration::MAX),
            Limits {
                movetime: Some(Duration::ZERO),
                clock: Some(Clock::default()),
                ..Limits::default()
            },
        ] {
            let d = Deadlines::new(&l, None);
            let _ = (d.hard_passed(u64::MAX), d.soft_passed(u32::MAX, u64::MAX));
        }
    }

    #[test]
    fn infinite_has_no_deadline() {
        let d = Deadlines::new(&Limits::infinite(), None);
        assert!(d.hard.is_none() && d.soft.is_none());
    }
}
