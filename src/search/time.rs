//! Where a search gets its time from: the [`TimeSource`] trait, the std
//! clock ([`StdTime`], the default on native targets), and what a search
//! does without any clock (on `wasm32-unknown-unknown` unless one is
//! given).

use std::time::Duration;

/// A monotonic clock for the search: the time since an arbitrary origin
/// (the origin does not matter; the search only subtracts readings).
///
/// A [`Searcher`](crate::Searcher) reads the time only through its time
/// source ([`Searcher::set_time_source`](crate::Searcher::set_time_source)).
/// On native targets the default is [`StdTime`] (`std::time::Instant`). On
/// `wasm32-unknown-unknown`, where `Instant::now` traps, there is no
/// default: give one that asks the host (in a browser, `performance.now()`
/// through your bindings), or search without a clock (see
/// [`Searcher::set_time_source`](crate::Searcher::set_time_source) for what
/// a time limit means then).
///
/// The search reads its source once at the start, once per completed
/// iteration (for [`SearchInfo::time`](crate::SearchInfo::time)) and once
/// at the end; with a time limit also every 1024 nodes and between
/// iterations. A search limited by depth or nodes only never lets a
/// reading decide anything: it searches the same nodes whatever the clock
/// says. The searcher keeps its source as an
/// `Arc<dyn TimeSource + Send + Sync>`, so that it can move between threads.
///
/// Any `Fn() -> Duration` is a time source:
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::time::Duration;
/// use xiangqi::{Limits, Position, Searcher, TimeSource};
///
/// // A clock that the caller moves by hand (a test, a replay, a host clock).
/// static NOW_MS: AtomicU64 = AtomicU64::new(0);
/// let clock = || Duration::from_millis(NOW_MS.load(Ordering::Relaxed));
/// assert_eq!(clock.now(), Duration::ZERO);
///
/// let mut s = Searcher::default();
/// s.set_time_source(Some(Arc::new(clock)));
/// NOW_MS.store(5_000, Ordering::Relaxed);
/// let r = s.search_simple(&Position::new(), &Limits::depth(2));
/// assert_eq!(r.depth, 2); // a depth limit does not care what time it is
/// ```
pub trait TimeSource {
    /// The time since this source's origin; it should never go back (a
    /// reading earlier than the search's start counts as no time spent).
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi::TimeSource;
    /// struct Noon;
    /// impl TimeSource for Noon {
    ///     fn now(&self) -> Duration {
    ///         Duration::from_secs(12 * 3600)
    ///     }
    /// }
    /// assert_eq!(Noon.now().as_secs(), 43_200);
    /// ```
    fn now(&self) -> Duration;
}

impl<F: Fn() -> Duration + ?Sized> TimeSource for F {
    fn now(&self) -> Duration {
        self()
    }
}

/// The standard library's monotonic clock (`std::time::Instant`), measured
/// from the moment the source was made: the default time source on every
/// target but `wasm32-unknown-unknown` (which has no clock in `std`, and
/// where this type does not exist).
///
/// ```
/// use xiangqi::{StdTime, TimeSource};
/// let t = StdTime::new();
/// let (a, b) = (t.now(), t.now());
/// assert!(b >= a);
/// ```
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Copy, Clone, Debug)]
pub struct StdTime {
    origin: std::time::Instant,
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl StdTime {
    /// A clock whose origin is now.
    ///
    /// ```
    /// use xiangqi::{StdTime, TimeSource};
    /// assert!(StdTime::new().now() < std::time::Duration::from_secs(60));
    /// ```
    pub fn new() -> StdTime {
        StdTime {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for StdTime {
    /// [`StdTime::new`].
    fn default() -> StdTime {
        StdTime::new()
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl TimeSource for StdTime {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// The time source a new searcher gets: [`StdTime`] where `std` has a
/// clock, none on `wasm32-unknown-unknown`.
pub(crate) fn default_source() -> Option<super::SharedTime> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        Some(std::sync::Arc::new(StdTime::new()))
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        None
    }
}

/// Without a clock, time limits count nodes instead: this many nodes of
/// the main thread stand for a millisecond. About what one core searches
/// with the network in WebAssembly (Node 20 measured 150 on a loaded
/// 2-core machine whose native build searched 390); a faster machine ends
/// early, a slower one late, but every search ends.
pub(crate) const NODES_PER_MS: u64 = 250;

/// The time that `nodes` nodes stand for, without a clock.
pub(crate) fn nodes_as_time(nodes: u64) -> Duration {
    Duration::from_micros(nodes.saturating_mul(1000) / NODES_PER_MS)
}
