//! The xiangqi engine as a library: everything the engine is and does,
//! with no protocol text, no files and no processes.
//!
//! A [`Session`] holds the options (one table keyed by the UCI names:
//! `Hash`, `Threads`, `MultiPV`, `Skill Level`, `UCI_LimitStrength`,
//! `UCI_Elo`, `OwnBook`, `BookFile`, `Use NNUE`, `EvalFile`, `Move Limit`,
//! `Move Overhead`, ...), the evaluator (the embedded network, a network
//! given as bytes, or the classical evaluator), the opening book, the
//! strength, the game to search, and the search itself, which streams
//! [`xiangqi::SearchInfo`] and can be stopped from any thread.
//!
//! The front ends are thin: the `xiangqi-engine` binary's UCI/UCCI loop
//! reads a line, calls the session and prints; the Python package's
//! `Engine` and the WebAssembly package's `Engine` wrap it too. What they
//! share is here, once: the set-up ([`SessionConfig`]), the option lookup
//! ([`OptionSpec::named`]) and [`Session::configure`] (all or none), the
//! reading of file options ([`FileSource`]: files named by `EvalFile` and
//! `BookFile` are read by the front end and handed over as bytes,
//! [`OptionValue::File`]), the rule for search limits
//! ([`SearchRequest::validate`]) and the stop handle ([`Session::signals`]).
//!
//! ```
//! use xiangqi::Limits;
//! use xiangqi_session::{OptionValue, Session};
//!
//! let mut session = Session::new();
//! session.set_option("UCI_LimitStrength", OptionValue::Bool(true))?;
//! session.set_option("UCI_Elo", OptionValue::Int(1500))?;
//! session.set_option("OwnBook", OptionValue::Bool(true))?;
//! session.set_position(None, &["h2e2"])?;
//! let outcome = session.search(&Limits::nodes(5_000).into(), |info| {
//!     let _ = (info.depth, info.score, &info.pv);
//! })?;
//! assert!(session.game().unwrap().position().is_legal(outcome.best_move().unwrap()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It builds for `wasm32-unknown-unknown`; there, give the search a clock
//! and run it on the calling thread ([`Session::search`]).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod config;
mod endgame_tables;
mod error;
pub mod files;
pub mod memory;
mod network;
mod notation_names;
mod options;
mod perft;
mod protocol;
mod request;
mod search;
pub mod searcher;
mod session;
mod signals;

pub use config::{MemoryProbe, SessionConfig};
pub use error::{GoError, LimitsError, OptionError, SetPositionError};

/// The old name of [`SetPositionError`] (it repeated `xiangqi::PositionError`).
#[deprecated(note = "renamed `SetPositionError`; removed in the next release")]
pub type PositionError = SetPositionError;
pub use files::FileSource;
pub use network::{Network, WIDTHS};
pub use notation_names::{NOTATION_NAMES, UnknownNotation, notation_named};
pub use options::{CHASE_RULES, EMBEDDED, OPTIONS, OptionId, OptionKind, OptionSpec, OptionValue};
pub use perft::{PerftCount, PerftJob};
pub use protocol::{Protocol, UnknownProtocol};
pub use request::{MAX_SEARCH_DEPTH, SearchRequest};
pub use search::{Finished, SearchJob, SearchOutcome, Source};
pub use searcher::EngineSearcher;
pub use session::Session;
pub use signals::Signals;

/// The README's example of the session (the `xiangqi` crate's doc tests
/// cannot reach this crate), compiled and run here.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct SessionReadmeDoctests;
