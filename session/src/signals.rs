//! [`Signals`]: how another thread stops a search (or a perft), or tells a
//! pondering search that the pondered move was played.

use std::sync::atomic::{AtomicBool, Ordering};

/// The signals the session's searches listen to, shared with any thread.
///
/// A session has one set of signals for its whole life: the handle that
/// [`Session::signals`](crate::Session::signals) gives (before a search,
/// during it, or between two) stops the search running when
/// [`Signals::stop`] is called, this one or any later one. Each search
/// starts with the signals cleared, so a stop sent while no search runs
/// is forgotten when the next one starts: it does not cut that one short.
///
/// ```
/// use xiangqi::Limits;
/// use xiangqi_session::Session;
///
/// let mut session = Session::new();
/// let signals = session.signals(); // taken before the search
/// let thread = std::thread::spawn(move || {
///     session.search(&Limits::infinite().into(), |_| {}).map(|o| o.best_move())
/// });
/// // Stop until the search has started and ended.
/// while !thread.is_finished() {
///     signals.stop();
///     std::thread::sleep(std::time::Duration::from_millis(10));
/// }
/// assert!(thread.join().unwrap()?.is_some());
/// # Ok::<(), xiangqi_session::GoError>(())
/// ```
#[derive(Debug, Default)]
pub struct Signals {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl Signals {
    /// Ends the search running now: it returns its best move so far. With
    /// no search running, nothing happens.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The pondered move was played: the search goes on, its time limits
    /// counted from now.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::SeqCst);
    }

    /// Whether [`Signals::stop`] was called since the search started.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Whether [`Signals::ponderhit`] was called since the search started.
    pub fn is_ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::SeqCst)
    }

    /// The flag the searcher polls for a stop.
    pub(crate) fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// The flag a pondering searcher polls for a ponderhit.
    pub(crate) fn ponderhit_flag(&self) -> &AtomicBool {
        &self.ponderhit
    }

    /// Clears both signals: a search (or a perft) starts.
    pub(crate) fn clear(&self) {
        self.stop.store(false, Ordering::SeqCst);
        self.ponderhit.store(false, Ordering::SeqCst);
    }
}
