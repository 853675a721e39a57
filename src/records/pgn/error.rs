//! Why a PGN record could not be read.

use alloc::string::String;

// For the documentation's links.
#[cfg(doc)]
use super::{GameRecord, MAX_VARIATION_DEPTH, ReadOptions, read_games};
use crate::base::ParsePositionError;
#[cfg(doc)]
use crate::base::Position;
use crate::records::notation::{MoveError, ParseNotationError};
use crate::records::tree::TreeError;

/// Why a PGN record could not be read.
///
/// ```
/// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
/// let opts = ReadOptions::default();
/// assert_eq!(GameRecord::from_pgn("1. h2e2 {open", &opts), Err(PgnError::Unterminated));
/// assert_eq!(
///     GameRecord::from_pgn("[Event \"a\"]\n1. h2e2\n\n[Event \"b\"]\n1. b0c2", &opts),
///     Err(PgnError::SeveralGames { line: 4 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnError {
    /// A tag pair is malformed.
    #[error("malformed tag pair at line {line}")]
    Tag {
        /// The 1-based line (of the whole text, for [`read_games`]).
        line: usize,
    },
    /// The `FEN` tag is not a legal position (under
    /// [`ReadOptions::validation`]).
    #[error("bad FEN tag: {0}")]
    Fen(#[from] ParsePositionError),
    /// A comment or variation is not closed.
    #[error("unterminated comment or variation")]
    Unterminated,
    /// A move is not a legal move (the first bad one is reported), with
    /// where it is written.
    ///
    /// ```
    /// use xiangqi::notation::{IllegalReason, MoveError};
    /// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
    /// let text = "[Event \"x\"]\n\n1. h2e2 h9g7\n2. h0g2 i9h9 3. b2b7 *\n";
    /// let err = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap_err();
    /// let PgnError::Move { ply, line, column, reason, .. } = &err else { panic!() };
    /// assert_eq!((*ply, *line, *column), (5, 4, 17));
    /// assert!(matches!(reason, MoveError::Illegal { reason: IllegalReason::NoScreen, .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "bad move \"b2b7\" at ply 5 (line 4, column 17): \
    ///      b2b7 is not legal: a cannon captures only by jumping over one piece"
    /// );
    /// ```
    #[error("bad move {text:?} at ply {ply} (line {line}, column {column}): {reason}")]
    Move {
        /// The 1-based ply of the move: in the main line, or, for a move
        /// of a variation read into a game tree, in its line from the start.
        ply: usize,
        /// The 1-based line of the move (of the whole text, for
        /// [`read_games`]).
        line: usize,
        /// The 1-based column of the move's first character (after its
        /// move number), counted in characters.
        column: usize,
        /// The move as written.
        text: String,
        /// Why it was rejected, coarsely (as the readers of one notation
        /// say it).
        error: ParseNotationError,
        /// Why it was rejected: [`Position::parse_move`]'s reason.
        reason: MoveError,
    },
    /// Text follows the result token (comments may, unless
    /// [`ReadOptions::strict`]).
    #[error("text after the result")]
    AfterResult,
    /// Variations nested deeper than
    /// [`MAX_VARIATION_DEPTH`].
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = format!("1. h2e2 {}{} *", "(1. b2e2 ".repeat(300), ")".repeat(300));
    /// assert_eq!(
    ///     GameTree::from_pgn(&text, &ReadOptions::default()),
    ///     Err(PgnError::TooDeep { line: 1 })
    /// );
    /// ```
    #[error("variations nested too deep at line {line}")]
    TooDeep {
        /// The 1-based line of the `(` too many.
        line: usize,
    },
    /// A `{` comment is not closed (the tree reader and visitors say
    /// where; [`GameRecord::from_pgn`] says [`PgnError::Unterminated`]).
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = "1. h2e2\n{open";
    /// assert_eq!(
    ///     GameTree::from_pgn(text, &ReadOptions::default()),
    ///     Err(PgnError::UnclosedComment { line: 2 })
    /// );
    /// ```
    #[error("a comment opened at line {line} is not closed")]
    UnclosedComment {
        /// The 1-based line of the `{`.
        line: usize,
    },
    /// A `(` variation is not closed (the tree reader and visitors say
    /// where; [`GameRecord::from_pgn`] says [`PgnError::Unterminated`]).
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = "1. h2e2 (1. b2e2\n(1. c3c4) *";
    /// assert_eq!(
    ///     GameTree::from_pgn(text, &ReadOptions::default()),
    ///     Err(PgnError::UnclosedVariation { line: 1 })
    /// );
    /// ```
    #[error("a variation opened at line {line} is not closed")]
    UnclosedVariation {
        /// The 1-based line of the innermost `(` not closed.
        line: usize,
    },
    /// A `)` closes no variation.
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = "1. h2e2 (1. b2e2) h9g7\n2. h0g2) *";
    /// assert_eq!(
    ///     GameTree::from_pgn(text, &ReadOptions::default()),
    ///     Err(PgnError::Unbalanced { line: 2 })
    /// );
    /// ```
    #[error("a `)` closes no variation at line {line}")]
    Unbalanced {
        /// The 1-based line of the `)`.
        line: usize,
    },
    /// The game does not fit in a [`GameTree`](crate::records::tree::GameTree).
    #[error("{0}")]
    Tree(#[from] TreeError),
    /// Tag pairs after movetext: the text holds more than one game, which
    /// [`GameRecord::from_pgn`] does not read; use [`read_games`].
    #[error("another game starts at line {line} (read several games with read_games)")]
    SeveralGames {
        /// The 1-based line where the next game's tags start.
        line: usize,
    },
}
