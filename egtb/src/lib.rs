//! The endgame tablebase generator of `xiangqi`: retrograde depth-to-mate
//! tables in the format that `xiangqi::tablebase` probes.
//!
//! ```text
//! cargo run --release -p xiangqi-egtb -- generate --out ~/.cache/xiangqi/egtb krkaabb knkaa
//! cargo run --release -p xiangqi-egtb -- generate --out DIR --one-attacker
//! cargo run --release -p xiangqi-egtb -- generate --out DIR --two-attackers --max-entries 100000000
//! cargo run --release -p xiangqi-egtb -- check --dir DIR --samples 5000 krkaabb
//! ```
//!
//! - [`plan`]: which tables, in which order (sub-tables first).
//! - [`solve`]: the retrograde passes over one table, multi-threaded.
//! - [`check`]: the consistency check of finished tables.
//! - [`run_cli`]: the command line, for a tools binary to call.
//!
//! Tables are made only where one side has no attacking piece (chariot,
//! cannon, horse or soldier). That side can neither check nor chase, so
//! under the Asian rules a repetition is a draw and the attacker's
//! perpetual check never wins: the tables score positions by the rules of
//! the position alone (a side with no legal move has lost; what neither
//! side can force to mate is a draw), which is exact for them.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod check;
mod cli;
pub mod plan;
pub mod solve;

pub use cli::{GenerateOptions, TableSummary, generate, load, run_cli, side_counts};

use std::path::PathBuf;

use xiangqi::tablebase::TablebaseError;

/// What went wrong in the generator.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EgtbError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A table file is not valid.
    #[error("{path}: {source}")]
    Table {
        /// The file.
        path: PathBuf,
        /// The error.
        source: TablebaseError,
    },
    /// A table name is not valid.
    #[error(transparent)]
    Name(#[from] TablebaseError),
    /// Both sides have attacking pieces: not generated yet.
    #[error("{0}: both sides attack; such tables are not generated yet")]
    Unsupported(String),
    /// Neither side has an attacking piece: a draw, no table needed.
    #[error("{0}: neither side attacks; a draw that needs no table")]
    NoTableNeeded(String),
    /// A sub-table was not solved before its parent.
    #[error("sub-table {0} is missing")]
    MissingSubTable(String),
    /// The table does not fit the generator's limits.
    #[error("{0}: the table is too large")]
    TooLarge(String),
    /// A bad command line.
    #[error("{0}")]
    Usage(String),
    /// The consistency check found wrong values.
    #[error("{0} positions failed the consistency check")]
    CheckFailed(usize),
}
