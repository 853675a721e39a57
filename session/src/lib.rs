//! The xiangqi engine as a library (work in progress).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod protocol;
pub mod searcher;

pub use protocol::{Protocol, UnknownProtocol};
pub use searcher::EngineSearcher;
