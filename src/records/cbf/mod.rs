//! CCBridge (象棋桥) CBF records, read: the XML form of a CBR game.
//!
//! A CBF file is `<ChineseChessRecord>` with a `<Head>` (name, contest,
//! players, date, result, `FEN`...) and a `<MoveList>` of
//! `<Move value="xy-xy">` elements, `x` a column from the left and `y` a row
//! from the top (Black's side), each with the comment after the move as its
//! text. [`read`] takes the bytes (UTF-8 with or without a byte-order mark,
//! UTF-16, or GBK / GB18030 as declared), [`read_str`] the text. The main
//! line is read, as CCBridge and cchess write and read it.
//!
//! The head becomes headers: `Name` → `Title`, `Contest` → `Event`,
//! `TimeRule` → `TimeControl`, `Commentator` → `Annotator`,
//! `RecordResult` → `Result` (`0` `*`, `1` `1-0`, `2` `0-1`, `3` `1/2-1/2`);
//! `Round`, `Date`, `Site`, `Red`, `Black`, `RedTeam`, `BlackTeam`, `ECCO`
//! and any other non-empty element keep their names.
//!
//! ```
//! use xiangqi::cbf::{CbfError, read_str};
//!
//! let text = r#"<?xml version="1.0" encoding="UTF-8"?>
//! <ChineseChessRecord Version="1.0">
//!  <Head><Name>Demo</Name><RecordResult>1</RecordResult>
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[Before the first move]]></Move>
//!   <Move value="77-47" />
//!   <Move value="70-62" end="1"><![CDATA[Screen horse]]></Move>
//!  </MoveList>
//! </ChineseChessRecord>"#;
//! let tree = read_str(text)?;
//! assert_eq!(tree.header("Title"), Some("Demo"));
//! assert_eq!(tree.header("Result"), Some("1-0"));
//! let first = tree.children(tree.root())[0];
//! assert_eq!(tree.move_at(first).unwrap().to_string(), "h2e2");
//! assert_eq!(tree.comment(tree.root()), "Before the first move");
//!
//! let bad = text.replace("70-62", "70-72");
//! assert!(matches!(read_str(&bad), Err(CbfError::IllegalMove { line: 8, .. })));
//! # Ok::<(), CbfError>(())
//! ```

mod resolve;
mod syntax;

use alloc::string::String;

use crate::records::text;
use crate::records::tree::GameTree;

/// Why a CBF record could not be read. Lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbfError {
    /// The text is not well-formed XML.
    #[error("CBF: bad XML at line {line}, column {column}: {message}")]
    Xml {
        /// Line of the fault.
        line: u32,
        /// Column of the fault.
        column: u32,
        /// The XML parser's message.
        message: String,
    },
    /// The root element is not `<ChineseChessRecord>`.
    #[error("CBF: the root element is not <ChineseChessRecord>")]
    NotCbf,
    /// The `FEN` element is not a valid position.
    #[error("CBF: the FEN at line {line}: {reason}")]
    BadFen {
        /// Line of the element.
        line: u32,
        /// Why the position is refused.
        reason: String,
    },
    /// A move's `value` is not `xy-xy` with digits on the board.
    #[error("CBF: the move at line {line} has value {value:?}, not `xy-xy`")]
    BadMove {
        /// Line of the element.
        line: u32,
        /// The value found.
        value: String,
    },
    /// A move is not legal where it is played.
    #[error("CBF: the move {iccs} at line {line}: {reason}")]
    IllegalMove {
        /// Line of the element.
        line: u32,
        /// The move in ICCS coordinates.
        iccs: String,
        /// Why it is refused.
        reason: String,
    },
}

/// Reads a CBF record from its bytes, in whatever encoding the file has.
pub fn read(bytes: &[u8]) -> Result<GameTree, CbfError> {
    read_str(&text::decode(bytes))
}

/// Reads a CBF record from text.
pub fn read_str(text: &str) -> Result<GameTree, CbfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    resolve::tree(&syntax::parse(text)?)
}
