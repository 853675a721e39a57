//! The evaluation cache: static evaluations of recently seen positions, by
//! hash, so that a position reached again (by transposition, or searched
//! again at the next depth) is not evaluated twice. Cleared at each search:
//! the evaluator may have changed between searches.

/// One slot of the evaluation cache: a position's hash and its static
/// evaluation.
#[derive(Copy, Clone)]
struct EvalSlot {
    key: u64,
    eval: i32,
}

const EMPTY_EVAL: EvalSlot = EvalSlot {
    key: 0,
    eval: i32::MIN,
};

/// Slots of the evaluation cache (small enough to stay in a core's cache).
const EVAL_CACHE_SIZE: usize = 1 << 14;

/// A direct-mapped cache of static evaluations.
pub(crate) struct EvalCache(Vec<EvalSlot>);

impl EvalCache {
    /// An empty cache.
    pub(crate) fn new() -> EvalCache {
        EvalCache(vec![EMPTY_EVAL; EVAL_CACHE_SIZE])
    }

    /// Empties the cache.
    pub(crate) fn clear(&mut self) {
        self.0.fill(EMPTY_EVAL);
    }

    /// The cached static evaluation of the position with hash `key`, or
    /// `eval()` (then cached).
    #[inline]
    pub(crate) fn get_or_insert(&mut self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.0[(key as usize) & (EVAL_CACHE_SIZE - 1)];
        if slot.key == key && slot.eval != i32::MIN {
            return slot.eval;
        }
        let e = eval();
        *slot = EvalSlot { key, eval: e };
        e
    }
}
