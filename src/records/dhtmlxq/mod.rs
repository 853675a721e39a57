//! DhtmlXQ / UBB records (东萍象棋 dpxq.com and the sites that copy it),
//! read and written.
//!
//! A DhtmlXQ record is a run of tags, `[DhtmlXQ_name]value[/DhtmlXQ_name]`,
//! usually inside `[DhtmlXQ]` ... `[/DhtmlXQ]` in a web page:
//!
//! - `binit`: the start position, 32 pairs of digits `xy` (`x` a column
//!   from the left, `y` a row from the top, Black's side; `99` for a piece
//!   off the board) for Red's chariot, horse, elephant, advisor, general,
//!   advisor, elephant, horse, chariot, two cannons, five soldiers, then
//!   Black's. Absent: the standard start. `fen`, where present, wins.
//! - `movelist`: the main line, 4 digits a move, `xyxy` from and to.
//! - `move_P_S_B`: branch `B`, an alternative to move `S` (counted from the
//!   start, from 1) of branch `P` (the main line is branch 0), and its
//!   continuation.
//! - `commentN` (branch 0) and `commentB_N`: the comment after move `N` of
//!   branch `B`; `comment0` comes before the first move. `||` is a line
//!   break, `\uXXXX` a character.
//! - anything else is a header: `title` → `Title`, `event` → `Event`,
//!   `date` → `Date`, `place` → `Site`, `round` → `Round`, `red` → `Red`,
//!   `black` → `Black`, `redteam` → `RedTeam`, `blackteam` → `BlackTeam`,
//!   `open` → `Opening`, `timerule` → `TimeControl`, `result` → `Result`
//!   (红胜 `1-0`, 黑胜 `0-1`, 和棋 / 和局 `1/2-1/2`, else `*`); other tags
//!   keep their name (`owner`, `gametype`...). `length` is recomputed.
//!
//! The side to move first is the side of the first move's piece. [`write()`]
//! writes every line, comment and header of a tree so that [`read_str`]
//! gives the same tree back (NAGs excepted: DhtmlXQ has none).
//!
//! ```
//! use xiangqi::dhtmlxq::{read_str, write};
//!
//! let page = "[DhtmlXQ]
//! [DhtmlXQ_title]Demo[/DhtmlXQ_title]
//! [DhtmlXQ_result]红胜[/DhtmlXQ_result]
//! [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
//! [DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]
//! [DhtmlXQ_comment0]Before the first move[/DhtmlXQ_comment0]
//! [DhtmlXQ_comment1_2]An alternative[/DhtmlXQ_comment1_2]
//! [/DhtmlXQ]";
//! let tree = read_str(page)?;
//! assert_eq!(tree.header("Title"), Some("Demo"));
//! assert_eq!(tree.header("Result"), Some("1-0"));
//! let first = tree.children(tree.root())[0];
//! let replies = tree.children(first);
//! assert_eq!(replies.len(), 2);
//! assert_eq!(tree.move_at(replies[1]).unwrap().to_string(), "b9c7");
//! assert_eq!(tree.comment(replies[1]), "An alternative");
//! assert_eq!(read_str(&write(&tree))?, tree);
//! # Ok::<(), xiangqi::dhtmlxq::DhtmlXqError>(())
//! ```

mod escape;
mod resolve;
mod syntax;
mod write;

use alloc::string::String;

use crate::records::text;
use crate::records::tree::GameTree;

pub use write::write;

/// Why a DhtmlXQ record could not be read. Lines count from 1; `tag` is the
/// name after `DhtmlXQ_`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DhtmlXqError {
    /// No `[DhtmlXQ_...]` tag at all.
    #[error("DhtmlXQ: no [DhtmlXQ_...] tag")]
    NoTags,
    /// A tag is opened and never closed.
    #[error("DhtmlXQ: [DhtmlXQ_{tag}] at line {line} is never closed")]
    Unclosed {
        /// Line of the opening tag.
        line: u32,
        /// The tag.
        tag: String,
    },
    /// The start position (`binit` or `fen`) is malformed or breaks the rules.
    #[error("DhtmlXQ: [DhtmlXQ_{tag}] at line {line}: {reason}")]
    BadStart {
        /// Line of the tag.
        line: u32,
        /// `binit` or `fen`.
        tag: String,
        /// What is wrong.
        reason: String,
    },
    /// A move list is not groups of 4 digits, or a branch tag is not
    /// `move_P_S_B`.
    #[error("DhtmlXQ: [DhtmlXQ_{tag}] at line {line}: {reason}")]
    BadMoves {
        /// Line of the tag.
        line: u32,
        /// The tag.
        tag: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A branch hangs from a branch or move that does not exist, or its
    /// number is used twice.
    #[error("DhtmlXQ: [DhtmlXQ_{tag}] at line {line}: {reason}")]
    BadBranch {
        /// Line of the tag.
        line: u32,
        /// The tag.
        tag: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A move is not legal where it is played.
    #[error("DhtmlXQ: [DhtmlXQ_{tag}] at line {line}, move {ply} ({iccs}): {reason}")]
    IllegalMove {
        /// Line of the tag.
        line: u32,
        /// The tag holding the move.
        tag: String,
        /// The move's number from the start, from 1.
        ply: usize,
        /// The move in ICCS coordinates.
        iccs: String,
        /// Why it is refused.
        reason: String,
    },
}

/// Reads a DhtmlXQ record from bytes in whatever encoding they have (UTF-8,
/// GBK / GB18030, Big5 where declared, UTF-16 with or without a mark).
pub fn read(bytes: &[u8]) -> Result<GameTree, DhtmlXqError> {
    read_str(&text::decode(bytes))
}

/// Reads a DhtmlXQ record from text (a whole web page will do).
pub fn read_str(text: &str) -> Result<GameTree, DhtmlXqError> {
    let tags = syntax::tags(text)?;
    if tags.is_empty() {
        return Err(DhtmlXqError::NoTags);
    }
    resolve::tree(&tags)
}
