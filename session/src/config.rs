//! [`SessionConfig`]: what a front end gives a new session besides its
//! options: the seed of its random choices, how to tell the free memory,
//! and the clock its searches read.

use std::sync::Arc;

use xiangqi::TimeSource;

/// Finds how much memory is free, in MiB (`None`: unknown). Given to a
/// session by a front end that can tell ([`SessionConfig::memory_probe`]).
pub type MemoryProbe = Box<dyn Fn() -> Option<usize> + Send>;

/// How to set a session up: its seed, its memory probe and its clock.
/// [`Session::with_config`](crate::Session::with_config) takes it; each
/// front end builds one, and [`SessionConfig::native`] is the one of the
/// native front ends (the UCI/UCCI binary, the Python package).
///
/// ```
/// use std::sync::Arc;
/// use std::time::Duration;
/// use xiangqi_session::{OptionValue, Session, SessionConfig};
///
/// let config = SessionConfig::new()
///     .seed(7)
///     .memory_probe(Box::new(|| Some(1000)))
///     .time_source(Arc::new(|| Duration::ZERO));
/// let mut session = Session::with_config(config);
/// // Half of the 1000 MiB free is the most `Hash` may have.
/// assert!(session.set_option("Hash", OptionValue::Int(600)).is_err());
/// ```
#[derive(Default)]
pub struct SessionConfig {
    /// The seed of the random choices (the book's pick, the pushes of a
    /// reduced strength): the same seed, the same choices. 0 by default.
    pub seed: u64,
    /// Tells the free memory, so that `Hash` above half of it is refused;
    /// `None` (the default): no guard.
    pub memory_probe: Option<MemoryProbe>,
    /// The clock the search reads; `None` (the default): the std clock on
    /// native targets, none on `wasm32-unknown-unknown` (time limits then
    /// become node budgets).
    pub time_source: Option<Arc<dyn TimeSource + Send + Sync>>,
}

impl SessionConfig {
    /// Seed 0, no memory guard, the default clock.
    pub fn new() -> SessionConfig {
        SessionConfig::default()
    }

    /// With the seed `seed`.
    pub fn seed(mut self, seed: u64) -> SessionConfig {
        self.seed = seed;
        self
    }

    /// With `probe` telling the free memory.
    pub fn memory_probe(mut self, probe: MemoryProbe) -> SessionConfig {
        self.memory_probe = Some(probe);
        self
    }

    /// With the search's clock `source`.
    pub fn time_source(mut self, source: Arc<dyn TimeSource + Send + Sync>) -> SessionConfig {
        self.time_source = Some(source);
        self
    }

    /// The set-up of a native front end: seeded from the system time (so
    /// that games differ), `Hash` guarded by the machine's free memory
    /// ([`crate::memory::available_mib`]), the std clock. Not on
    /// `wasm32-unknown-unknown`, which has no system time: a front end
    /// there seeds and times the session itself.
    ///
    /// ```
    /// let session = xiangqi_session::Session::with_config(xiangqi_session::SessionConfig::native());
    /// assert!(session.game().is_some());
    /// ```
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn native() -> SessionConfig {
        SessionConfig::new()
            .seed(time_seed())
            .memory_probe(Box::new(crate::memory::available_mib))
    }
}

/// A seed that differs from run to run: the system time in nanoseconds.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x9E37_79B9, |d| d.as_nanos() as u64)
}
