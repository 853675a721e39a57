//! CCBridge (象棋桥) records, read: CBR games and CBL libraries of games.
//!
//! A CBR file is binary: a header with UTF-16LE text fields (title, event,
//! players...), the result, the start position, the comment before the
//! first move, then the moves with their comments and variations. [`read`]
//! turns it into a [`GameTree`]; the text fields become headers (`Title`,
//! `Event`, `Round`, `Date`, `Site`, `Red`, `Black`, `RedTeam`, ...), the
//! result byte the `Result` header (`1-0`, `0-1`, `1/2-1/2`, `*`).
//!
//! A CBL file is a library: a name, a table, and CBR records in 4096-byte
//! blocks. [`read_library`] gives every game it can read and a
//! [`CblWarning`] for each one it cannot (an empty board, an illegal move):
//! a bad game never hides the others.
//!
//! Nothing here reads files: give the bytes. Bad bytes give a [`CbrError`]
//! with the byte offset and what was wrong, never a panic.
//!
//! ```
//! use xiangqi::cbr::{CbrError, read};
//!
//! // Not a CBR record at all.
//! assert_eq!(read(b"PK\x03\x04"), Err(CbrError::NotCbr { offset: 0 }));
//! // A record cut inside its header.
//! let err = read(b"CCBridge Record\0\x00\x00").unwrap_err();
//! assert_eq!(err.to_string(), "CBR: the data ends at offset 18, inside the header");
//! ```
//!
//! Reading a file (the caller does the I/O):
//!
//! ```no_run
//! let bytes = std::fs::read("games.cbl")?;
//! let library = xiangqi::cbr::read_library(&bytes)?;
//! println!("{}: {} games", library.name, library.games.len());
//! for w in &library.warnings {
//!     eprintln!("skipped: {w}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod resolve;
pub(crate) mod syntax;

use alloc::string::String;
use alloc::vec::Vec;

use crate::records::tree::GameTree;

/// Why CBR or CBL bytes could not be read. Offsets count bytes from the
/// start of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbrError {
    /// The bytes do not start with `CCBridge Record`.
    #[error("CBR: no `CCBridge Record` magic at offset {offset}")]
    NotCbr {
        /// Where the record was expected.
        offset: usize,
    },
    /// The bytes do not start with `CCBridgeLibrary`.
    #[error("CBL: no `CCBridgeLibrary` magic at offset 0")]
    NotCbl,
    /// The data ends before the record does.
    #[error("CBR: the data ends at offset {offset}, inside {what}")]
    Truncated {
        /// The end of the data.
        offset: usize,
        /// What was being read.
        what: &'static str,
    },
    /// A library declares a game table larger than any library has.
    #[error("CBL: a game table of {capacity} games at offset 60")]
    BadTable {
        /// The declared capacity.
        capacity: usize,
    },
    /// A square number of a move is not on the board (`0..90`).
    #[error("CBR: square {square} of the move at offset {offset} is off the board")]
    BadSquare {
        /// The move's offset.
        offset: usize,
        /// The square number.
        square: u8,
    },
    /// A piece code of the board is not a piece.
    #[error("CBR: unknown piece code {code:#04x} at offset {offset}")]
    BadPiece {
        /// The byte's offset.
        offset: usize,
        /// The code.
        code: u8,
    },
    /// The start position breaks the rules (no general, generals facing...).
    #[error("CBR: the start position at offset {offset}: {reason}")]
    BadStart {
        /// The offset of the board.
        offset: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A move is not legal where it is played.
    #[error("CBR: the move {iccs} at offset {offset}: {reason}")]
    IllegalMove {
        /// The move's offset.
        offset: usize,
        /// The move in ICCS coordinates.
        iccs: String,
        /// Why it is refused.
        reason: String,
    },
}

/// Reads one CBR game.
///
/// ```no_run
/// let tree = xiangqi::cbr::read(&std::fs::read("game.cbr")?)?;
/// println!("{:?} {}", tree.header("Title"), tree.node_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(bytes: &[u8]) -> Result<GameTree, CbrError> {
    resolve::tree(&syntax::parse_record(bytes, 0)?)
}

/// One game of a library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CblGame {
    /// The game's place among the library's records, from 0.
    pub index: usize,
    /// Where its record starts in the file.
    pub offset: usize,
    /// The game.
    pub tree: GameTree,
}

/// A game of a library that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("CBL game {index} at offset {offset}: {error}")]
pub struct CblWarning {
    /// The game's place among the library's records, from 0.
    pub index: usize,
    /// Where its record starts in the file.
    pub offset: usize,
    /// What was wrong.
    pub error: CbrError,
}

/// A CBL library: the games read and a warning per game skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CblLibrary {
    /// The library's name.
    pub name: String,
    /// The games read, in the library's order.
    pub games: Vec<CblGame>,
    /// The games that could not be read.
    pub warnings: Vec<CblWarning>,
}

/// Reads a CBL library. Only a bad library header is an error; each bad
/// game is a warning and the others are read.
pub fn read_library(bytes: &[u8]) -> Result<CblLibrary, CbrError> {
    let raw = syntax::parse_library(bytes)?;
    let mut games = Vec::new();
    let mut warnings = Vec::new();
    for (index, &offset) in raw.games.iter().enumerate() {
        let read = syntax::parse_record(&bytes[offset..], offset).and_then(|r| resolve::tree(&r));
        match read {
            Ok(tree) => games.push(CblGame {
                index,
                offset,
                tree,
            }),
            Err(error) => warnings.push(CblWarning {
                index,
                offset,
                error,
            }),
        }
    }
    Ok(CblLibrary {
        name: raw.name,
        games,
        warnings,
    })
}
