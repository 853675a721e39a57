//! The engine: the [`Evaluator`] trait with the default evaluator, and the
//! [`Searcher`].

pub(crate) mod eval;
pub(crate) mod search;

pub use eval::{EVAL_LIMIT, Evaluator, MaterialPst};
pub use search::{
    ChaseDetector, Clock, HistoryEntry, Limits, MATE_SCORE, Repetition, Score, SearchInfo,
    SearchResult, Searcher, judge_repetition,
};
