//! The engine: the [`Evaluator`] trait with its evaluators (the network,
//! the default, and the classical one), and the [`Searcher`].

pub(crate) mod eval;
pub(crate) mod search;

pub use eval::{EVAL_LIMIT, Evaluator, MaterialPst, MaterialPstState, nnue};
pub use search::{Clock, Limits, MATE_SCORE, Score, SearchInfo, SearchResult, Searcher, Strength};
