//! The session's errors: each says what was asked and why it was refused,
//! and a refused call changes nothing.

use thiserror::Error;

/// An option that could not be set; the session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OptionError {
    /// No option has this name.
    #[error("unknown option {0:?}")]
    Unknown(String),
    /// The value is out of range or not one of the accepted words.
    #[error("option {option}: expected {expected}, not {given:?}")]
    BadValue {
        /// The option's name.
        option: &'static str,
        /// What it accepts.
        expected: String,
        /// What was given.
        given: String,
    },
    /// The value has the wrong type (a number for a check, say).
    #[error("option {option}: expected {expected}, not {given}")]
    WrongType {
        /// The option's name.
        option: &'static str,
        /// What it accepts.
        expected: String,
        /// What was given.
        given: String,
    },
    /// A file's contents are no valid network or book.
    #[error("option {option}: {name}: {reason}")]
    BadFile {
        /// The option's name (`EvalFile` or `BookFile`).
        option: &'static str,
        /// The file's name as given.
        name: String,
        /// Why its contents were refused.
        reason: String,
    },
    /// `Hash` above what the memory limit allows.
    #[error("option Hash: {asked} MiB is more than half of the {free} MiB this machine has free")]
    NotEnoughMemory {
        /// The size asked for, in MiB.
        asked: usize,
        /// The memory free, in MiB.
        free: usize,
    },
    /// `Use NNUE` on with no network loaded.
    #[error("option Use NNUE: no network loaded (set EvalFile)")]
    NoNetwork,
    /// A search is running: stop it and take it back first.
    #[error("a search is running")]
    Busy,
}

/// A position that could not be set. The session then has no position:
/// a search is refused ([`GoError::NoPosition`]) until a good one is set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetPositionError {
    /// The FEN does not describe a position (even a composed one).
    #[error("bad fen: {0}")]
    Fen(String),
    /// A move of the list is malformed or illegal.
    #[error("move {number} {text:?}: {reason}")]
    Move {
        /// Its place in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A search is running.
    #[error("a search is running")]
    Busy,
}

/// A search that could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GoError {
    /// No position is set: the last one given was refused.
    #[error("no position: the last position given was refused")]
    NoPosition,
    /// A search is running already.
    #[error("a search is running")]
    Busy,
    /// The limits break the rule of [`crate::SearchRequest::validate`].
    #[error(transparent)]
    Limits(#[from] LimitsError),
}

/// Search limits that [`crate::SearchRequest::validate`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LimitsError {
    /// A depth outside 1 to [`crate::MAX_SEARCH_DEPTH`].
    #[error("search depth must be from 1 to {max}, not {0}", max = crate::MAX_SEARCH_DEPTH)]
    Depth(u32),
    /// A node count of 0.
    #[error("search nodes must be at least 1, not 0")]
    Nodes,
    /// No limit at all.
    #[error("no limit: give a depth, nodes, a movetime or a clock (or search until stopped)")]
    NoLimit,
}
