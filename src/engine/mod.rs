//! The engine: the [`Evaluator`] trait with the default evaluator, and the
//! [`Searcher`].

pub(crate) mod eval;
pub(crate) mod search;

pub use eval::{EVAL_LIMIT, Evaluator, MaterialPst, MaterialPstState, nnue};
pub use search::{Clock, Limits, MATE_SCORE, Score, SearchInfo, SearchResult, Searcher};
