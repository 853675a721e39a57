//! [`EngineSearcher`]: the engine's searcher with either evaluator, the
//! classical [`MaterialPst`] or a network ([`Nnue`]), switched at run time
//! (the `Use NNUE` and `EvalFile` options) without a branch in the search.

use std::sync::atomic::AtomicBool;

use xiangqi::nnue::Nnue;
use xiangqi::{Game, Limits, MaterialPst, SearchInfo, SearchResult, Searcher, Strength};

/// A [`Searcher`] with the classical evaluator or with a network.
///
/// Each variant is a searcher of its own evaluator type, so the search is
/// as fast as with that evaluator alone; switching keeps the hash size and
/// the thread count (the table starts empty).
///
/// ```
/// use xiangqi::{Game, Limits};
/// use xiangqi_engine::searcher::EngineSearcher;
///
/// let mut searcher = EngineSearcher::classical();
/// assert!(!searcher.uses_network());
/// let result = searcher.search(&Game::new(), &Limits::depth(3), &Default::default(), |_| {});
/// assert!(result.best_move.is_some());
/// ```
pub enum EngineSearcher {
    /// The classical evaluator.
    Classical(Searcher<MaterialPst>),
    /// A network.
    Network(Searcher<Nnue>),
}

impl Default for EngineSearcher {
    /// The embedded network.
    fn default() -> EngineSearcher {
        EngineSearcher::network(Nnue::default())
    }
}

/// Calls `$body` with the inner searcher bound to `$s`, whatever its type.
macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            EngineSearcher::Classical($s) => $body,
            EngineSearcher::Network($s) => $body,
        }
    };
}

impl EngineSearcher {
    /// A searcher with the classical evaluator.
    pub fn classical() -> EngineSearcher {
        EngineSearcher::Classical(Searcher::new(MaterialPst::default()))
    }

    /// A searcher with the network `net`.
    pub fn network(net: Nnue) -> EngineSearcher {
        EngineSearcher::Network(Searcher::new(net))
    }

    /// Whether the network evaluates.
    pub fn uses_network(&self) -> bool {
        matches!(self, EngineSearcher::Network(_))
    }

    /// The network in use, if any.
    pub fn net(&self) -> Option<&Nnue> {
        match self {
            EngineSearcher::Network(s) => Some(s.evaluator()),
            EngineSearcher::Classical(_) => None,
        }
    }

    /// This searcher with `next`'s evaluator but `self`'s hash size and
    /// threads.
    pub fn switch_to(&mut self, mut next: EngineSearcher, hash_mb: usize) {
        next.set_hash_size(hash_mb);
        next.set_threads(self.threads());
        next.set_strength(self.strength());
        *self = next;
    }

    /// [`Searcher::set_strength`].
    pub fn set_strength(&mut self, strength: Strength) {
        each!(self, s => s.set_strength(strength))
    }

    /// [`Searcher::strength`].
    pub fn strength(&self) -> Strength {
        each!(self, s => s.strength())
    }

    /// [`Searcher::search`].
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        each!(self, s => s.search(game, limits, stop, on_iteration))
    }

    /// [`Searcher::search_pondering`].
    pub fn search_pondering(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        ponderhit: &AtomicBool,
        on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        each!(self, s => s.search_pondering(game, limits, stop, ponderhit, on_iteration))
    }

    /// [`Searcher::set_hash_size`].
    pub fn set_hash_size(&mut self, mb: usize) -> usize {
        each!(self, s => s.set_hash_size(mb))
    }

    /// [`Searcher::set_threads`].
    pub fn set_threads(&mut self, threads: usize) {
        each!(self, s => s.set_threads(threads))
    }

    /// [`Searcher::threads`].
    pub fn threads(&self) -> usize {
        each!(self, s => s.threads())
    }

    /// [`Searcher::clear`].
    pub fn clear(&mut self) {
        each!(self, s => s.clear())
    }
}
