//! [`XqfError`]: why an XQF file could not be read or a tree not written.

use alloc::string::String;

use crate::base::{IllegalReason, Move, PositionError};

/// Why an XQF file could not be read (or a game tree not written as XQF):
/// the byte offset in the file where it went wrong, and what was wrong.
///
/// ```
/// use xiangqi::xqf::{self, XqfErrorKind};
/// let err = xqf::read(b"XQ").unwrap_err();
/// assert_eq!(err.offset, 2);
/// assert!(matches!(err.kind, XqfErrorKind::TooShort { .. }));
/// assert_eq!(err.to_string(), "XQF, byte 2: the file ends inside the 1024-byte header (2 bytes)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("XQF, byte {offset}: {kind}")]
pub struct XqfError {
    /// Byte offset in the file (for writing: in the file being written).
    pub offset: usize,
    /// What was wrong.
    pub kind: XqfErrorKind,
}

impl XqfError {
    pub(crate) fn new(offset: usize, kind: XqfErrorKind) -> XqfError {
        XqfError { offset, kind }
    }
}

/// What was wrong in an XQF file (see [`XqfError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XqfErrorKind {
    /// The file is shorter than the 1024-byte header.
    #[error("the file ends inside the 1024-byte header ({len} bytes)")]
    TooShort {
        /// The file's length.
        len: usize,
    },
    /// The file does not start with `XQ`.
    #[error("the file does not start with \"XQ\"")]
    BadMagic,
    /// The version byte is not one of XQStudio's 10 to 18 (1.0 to 1.8).
    #[error("version byte {0} is not one of 10 to 18 (XQF 1.0 to 1.8)")]
    UnsupportedVersion(u8),
    /// Two of the 32 pieces of the start position stand on one square.
    #[error("two pieces of the start position on one square (piece slots {first} and {second})")]
    SquareTwice {
        /// The earlier of the two piece slots (0 to 31).
        first: usize,
        /// The later one.
        second: usize,
    },
    /// The start position is not a valid position, even for a study.
    #[error("the start position is invalid: {0}")]
    InvalidStart(PositionError),
    /// The file ends inside a move record (or before the record of the
    /// start, or before a move its parent record announces).
    #[error("the file ends inside a move record")]
    Truncated,
    /// A comment's length runs past the end of the file.
    #[error("a comment of {len} bytes, with {left} bytes left in the file")]
    CommentTooLong {
        /// The length the record gives.
        len: u64,
        /// The bytes left after the length field.
        left: usize,
    },
    /// A move the side to move may not play (moving twice in a row, or
    /// leaving its general attacked), of a kind a lenient reader keeps: this
    /// library's game tree holds legal moves only.
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The move, read as from and to squares.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
    /// A move record that is no move at all (an empty or off-board origin, a
    /// move no piece makes), refused by [`read_strict`](crate::xqf::read_strict).
    #[error("record {from}-{to} is not a move of the piece there (squares as XQF numbers)")]
    NotAMove {
        /// The origin square as XQF numbers it (`x * 10 + y`).
        from: u8,
        /// The destination square.
        to: u8,
    },
    /// The tree has more nodes than a game tree holds.
    #[error("more moves than a game tree holds")]
    TooLarge,
    /// Writing: the tree could not be written (the reason in words).
    #[error("cannot write: {0}")]
    Unwritable(String),
}
