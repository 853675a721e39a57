//! What one search thread keeps between searches ([`Tables`]): its
//! move-ordering statistics and its evaluation cache.

use super::eval_cache::EvalCache;
use super::history::Histories;
use super::killers::Killers;

/// What one search thread keeps between searches: its move-ordering
/// statistics and its evaluation cache.
pub(crate) struct Tables {
    pub(crate) killers: Killers,
    pub(crate) history: Histories,
    pub(crate) evals: EvalCache,
}

impl Tables {
    pub(crate) fn new() -> Tables {
        Tables {
            killers: Killers::new(),
            history: Histories::new(),
            evals: EvalCache::new(),
        }
    }

    /// Clears the killers and the evaluation cache (kept per search) and
    /// ages the histories.
    pub(crate) fn new_search(&mut self) {
        self.killers.clear();
        self.evals.clear();
        self.history.new_search();
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        *self = Tables::new();
    }
}
