//! [`EngineSearcher`]: the engine's searcher with either evaluator, the
//! classical [`MaterialPst`] or a network ([`Nnue`] of one of the
//! [`WIDTHS`](crate::WIDTHS)), switched at run time (the `Use NNUE` and
//! `EvalFile` options) without a branch in the search.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use xiangqi::nnue::Nnue;

use crate::network::Network;
use xiangqi::{
    Game, Limits, MaterialPst, SearchInfo, SearchResult, Searcher, Strength, TimeSource,
};

/// A [`Searcher`] with the classical evaluator or with a network.
///
/// Each variant is a searcher of its own evaluator type, so the search is
/// as fast as with that evaluator alone; switching keeps the hash size and
/// the thread count (the table starts empty).
///
/// ```
/// use xiangqi::{Game, Limits};
/// use xiangqi_session::EngineSearcher;
///
/// let mut searcher = EngineSearcher::classical();
/// assert!(!searcher.uses_network());
/// let result = searcher.search(&Game::new(), &Limits::depth(3), &Default::default(), |_| {});
/// assert!(result.best_move.is_some());
/// ```
pub enum EngineSearcher {
    /// The classical evaluator.
    Classical(Searcher<MaterialPst>),
    /// A network 128 wide (generations 1 to 3).
    Network128(Searcher<Nnue<128>>),
    /// A network 256 wide (generation 4 on; the embedded one, generation 6).
    Network256(Searcher<Nnue<256>>),
}

impl Default for EngineSearcher {
    /// The embedded network.
    fn default() -> EngineSearcher {
        EngineSearcher::network(Network::default())
    }
}

/// Calls `$body` with the inner searcher bound to `$s`, whatever its type.
macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            EngineSearcher::Classical($s) => $body,
            EngineSearcher::Network128($s) => $body,
            EngineSearcher::Network256($s) => $body,
        }
    };
}

impl EngineSearcher {
    /// A searcher with the classical evaluator.
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let searcher = EngineSearcher::classical();
    /// assert!(!searcher.uses_network() && searcher.network_generation().is_none());
    /// ```
    pub fn classical() -> EngineSearcher {
        EngineSearcher::Classical(Searcher::new(MaterialPst::default()))
    }

    /// A searcher with the network `net`, at its width.
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, NetworkFile};
    /// use xiangqi_session::{EngineSearcher, Network};
    ///
    /// let searcher = EngineSearcher::network(Network::default());
    /// assert_eq!(searcher.network_generation(), Some(6));
    /// let wide = Network::from_bytes(&NetworkFile::new(256, 1, Activation::SCReLU).to_bytes()?)?;
    /// assert!(EngineSearcher::network(wide).uses_network());
    /// # Ok::<(), xiangqi::nnue::NetworkError>(())
    /// ```
    pub fn network(net: Network) -> EngineSearcher {
        match net {
            Network::Hidden128(n) => EngineSearcher::Network128(Searcher::new(n)),
            Network::Hidden256(n) => EngineSearcher::Network256(Searcher::new(n)),
        }
    }

    /// Whether the network evaluates.
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// assert!(EngineSearcher::default().uses_network()); // the embedded network
    /// assert!(!EngineSearcher::classical().uses_network());
    /// ```
    pub fn uses_network(&self) -> bool {
        !matches!(self, EngineSearcher::Classical(_))
    }

    /// The generation of the network in use, if any.
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// assert!(EngineSearcher::default().network_generation().is_some_and(|g| g >= 1));
    /// assert!(EngineSearcher::classical().network_generation().is_none());
    /// ```
    pub fn network_generation(&self) -> Option<u32> {
        match self {
            EngineSearcher::Network128(s) => Some(s.evaluator().generation()),
            EngineSearcher::Network256(s) => Some(s.evaluator().generation()),
            EngineSearcher::Classical(_) => None,
        }
    }

    /// This searcher with `next`'s evaluator but `self`'s hash size and
    /// threads.
    ///
    /// ```
    /// use xiangqi::Strength;
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut searcher = EngineSearcher::default();
    /// searcher.set_threads(2);
    /// searcher.set_strength(Strength::skill(5));
    /// searcher.switch_to(EngineSearcher::classical(), 1);
    /// assert!(!searcher.uses_network());
    /// // The threads and the strength carry over.
    /// assert_eq!((searcher.threads(), searcher.strength()), (2, Strength::skill(5)));
    /// ```
    pub fn switch_to(&mut self, mut next: EngineSearcher, hash_mb: usize) {
        next.set_hash_size(hash_mb);
        next.set_threads(self.threads());
        next.set_strength(self.strength());
        next.set_time_source(self.time_source());
        *self = next;
    }

    /// [`Searcher::set_time_source`]: where the search reads the time
    /// (`None`: no clock; time limits become node budgets).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut s = EngineSearcher::classical();
    /// s.set_time_source(Some(Arc::new(|| Duration::from_millis(5))));
    /// assert!(s.time_source().is_some());
    /// ```
    pub fn set_time_source(&mut self, source: Option<Arc<dyn TimeSource + Send + Sync>>) {
        each!(self, s => s.set_time_source(source))
    }

    /// [`Searcher::set_tablebase`]: endgame tables probed in the tree.
    pub fn set_tablebase(&mut self, tables: Option<Arc<xiangqi::tablebase::Tablebase<'static>>>) {
        each!(self, s => s.set_tablebase(tables))
    }

    /// [`Searcher::time_source`].
    pub fn time_source(&self) -> Option<Arc<dyn TimeSource + Send + Sync>> {
        each!(self, s => s.time_source().cloned())
    }

    /// [`Searcher::set_strength`].
    ///
    /// ```
    /// use xiangqi::{Game, Limits, Strength};
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut searcher = EngineSearcher::classical();
    /// searcher.set_strength(Strength::skill(0).with_seed(1));
    /// let game = Game::new();
    /// let weak = searcher.search(&game, &Limits::depth(3), &Default::default(), |_| {});
    /// assert!(game.position().is_legal(weak.best_move.unwrap()));
    /// ```
    pub fn set_strength(&mut self, strength: Strength) {
        each!(self, s => s.set_strength(strength))
    }

    /// [`Searcher::strength`].
    ///
    /// ```
    /// use xiangqi::Strength;
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut searcher = EngineSearcher::classical();
    /// assert_eq!(searcher.strength(), Strength::FULL);
    /// searcher.set_strength(Strength::skill(3).with_seed(7));
    /// assert_eq!((searcher.strength().level(), searcher.strength().seed()), (3, 7));
    /// ```
    pub fn strength(&self) -> Strength {
        each!(self, s => s.strength())
    }

    /// [`Searcher::search`].
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{Game, Limits};
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let mut depths = Vec::new();
    /// let stop = AtomicBool::new(false);
    /// let mut searcher = EngineSearcher::classical();
    /// let r = searcher.search(&game, &Limits::depth(3), &stop, |i| depths.push(i.depth));
    /// assert_eq!(depths, [1, 2, 3]); // one report per iteration
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
        each!(self, s => s.search(game, limits, stop, on_iteration))
    }

    /// [`Searcher::search_pondering`].
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{Game, Limits};
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let (stop, ponderhit) = (AtomicBool::new(false), AtomicBool::new(false));
    /// let mut searcher = EngineSearcher::classical();
    /// // No ponderhit yet, but a depth limit applies throughout.
    /// let game = Game::new();
    /// let r = searcher.search_pondering(&game, &Limits::depth(3), &stop, &ponderhit, |_| {});
    /// assert_eq!(r.depth, 3);
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
        each!(self, s => s.search_pondering(game, limits, stop, ponderhit, on_iteration))
    }

    /// [`Searcher::set_hash_size`].
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut searcher = EngineSearcher::classical();
    /// assert_eq!(searcher.set_hash_size(2), 2);
    /// assert_eq!(searcher.set_hash_size(0), 1); // at least 1 MiB
    /// ```
    pub fn set_hash_size(&mut self, mb: usize) -> usize {
        each!(self, s => s.set_hash_size(mb))
    }

    /// [`Searcher::set_threads`].
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let mut searcher = EngineSearcher::classical();
    /// searcher.set_threads(4);
    /// assert_eq!(searcher.threads(), 4);
    /// searcher.set_threads(0);
    /// assert_eq!(searcher.threads(), 1); // at least one
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        each!(self, s => s.set_threads(threads))
    }

    /// [`Searcher::threads`].
    ///
    /// ```
    /// use xiangqi_session::EngineSearcher;
    ///
    /// assert_eq!(EngineSearcher::classical().threads(), 1);
    /// assert_eq!(EngineSearcher::default().threads(), 1);
    /// ```
    pub fn threads(&self) -> usize {
        each!(self, s => s.threads())
    }

    /// [`Searcher::clear`].
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{Game, Limits};
    /// use xiangqi_session::EngineSearcher;
    ///
    /// let (game, limits, stop) = (Game::new(), Limits::depth(4), AtomicBool::new(false));
    /// let mut searcher = EngineSearcher::classical();
    /// let first = searcher.search(&game, &limits, &stop, |_| {});
    /// searcher.clear();
    /// // Nothing learnt is left: the same search again, node for node.
    /// let again = searcher.search(&game, &limits, &stop, |_| {});
    /// assert_eq!((again.best_move, again.nodes), (first.best_move, first.nodes));
    /// ```
    pub fn clear(&mut self) {
        each!(self, s => s.clear())
    }
}
