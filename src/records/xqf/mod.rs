//! XQF, the record format of XQStudio (象棋演播室), versions 1.0 to 1.8:
//! read into a [`GameTree`](crate::tree::GameTree) and written from one.
//!
//! ```
//! use xiangqi::tree::GameTree;
//! use xiangqi::xqf;
//!
//! let mut tree = GameTree::default();
//! tree.set_header("Red", "柳大华");
//! let root = tree.root();
//! let cannon = tree.add_variation(root, "h2e2".parse()?)?;
//! tree.set_comment(cannon, "中炮")?;
//! tree.add_variation(cannon, "h9g7".parse()?)?;
//! tree.add_variation(cannon, "b9c7".parse()?)?;
//!
//! let bytes = xqf::write(&tree)?;
//! let back = xqf::read(&bytes)?;
//! assert_eq!(back.header("Red"), Some("柳大华"));
//! assert_eq!(back.comment(back.children(back.root())[0]), "中炮");
//! assert_eq!(back.lines().count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The format
//!
//! A 1024-byte header, then move records. The header holds `XQ`, the
//! version (10 to 18 for 1.0 to 1.8), key bytes (from 1.1), the squares of
//! the 32 pieces of the start position (Red's chariot, horse, elephant,
//! advisor, general, advisor, elephant, horse, chariot, two cannons, five
//! soldiers, then Black's; a square past the board: not there), the result,
//! the kind of record, and text fields, each a length byte and GBK text in
//! a fixed slot. Each record holds a move's squares, whether a continuation
//! follows (the node's first child) and whether a sibling follows (after
//! the node's subtree), and the comment after the move. From 1.1 the
//! squares, the comment lengths and every byte after the header are
//! encrypted with keys derived from the header; from 1.2 the piece slots
//! are also rotated. The layouts are those of XQStudio's own description
//! (`XQF.TXT` in ElephantEye's `XQFTOOLS`) and of cchess's reader.
//!
//! # Reading
//!
//! [`read`] gives the tree: the start position from the 32 squares
//! (checked as for a study, [`Validation::Lenient`](crate::Validation)),
//! the side to move that of the first move (Red if there is none: XQF does
//! not record it), headers `Title`, `Event`, `Date`, `Site`, `Red`,
//! `Black`, `TimeRule`, `RedTime`, `BlackTime`, `Annotator`, `Author` (those
//! not empty) and `Result` (`1-0`, `0-1`, `1/2-1/2` or `*`), the comment of
//! the first record as the root's, and every move with its comment. Text is
//! decoded as GB18030 (a superset of GBK), a byte sequence that is no
//! character becoming U+FFFD.
//!
//! It reads files as cchess (the Python library) does, where cchess
//! tolerates a fault:
//! - a record that is no move of the piece on its origin (an empty or
//!   off-board square, a move that piece never makes) is dropped with its
//!   comment, and what follows it hangs from its parent;
//! - bytes after the last record (one with neither continuation nor sibling
//!   when none is pending) are not read;
//! - a text field's length past its slot is cut to the slot; a comment
//!   length of zero or less (after the key) is no comment; a result byte
//!   4 is a draw, one over 4 is `*`.
//!
//! The 32 squares give the start whatever the kind byte says (as cchess
//! reads them; ElephantEye takes the standard start for kinds 0 and 1).
//!
//! Where cchess keeps what a game tree cannot hold, [`read`] fails: a move
//! of the side not to move, or one leaving its own general attacked, is an
//! [`XqfErrorKind::IllegalMove`] ([`read_skipping`] skips such a move with
//! what follows it, and says so). [`read_strict`] also refuses the records
//! cchess drops ([`XqfErrorKind::NotAMove`]). Any fault of the bytes is an
//! [`XqfError`] with its offset: a file that ends inside the header or a
//! record, or before a record the one before announces; a comment running
//! past the end; two pieces on one square; an invalid start. Reading
//! allocates in proportion to the file and never recurses.
//!
//! # Writing
//!
//! [`write()`] gives XQF 1.8 with all key bytes zero: the layout XQStudio
//! 1.8 writes, with keys that encrypt nothing (the comment lengths carry
//! the 767 of that key and the piece slots its rotation by one). cchess
//! reads it back (the repository's tests check that on every file they
//! write); it was not tried in XQStudio itself. It keeps the start position,
//! every move and comment, the headers above (each cut, between
//! characters, to its slot: 63 bytes for `Title`, `Event` and `TimeRule`,
//! 15 for the others) and `Result`. XQF has no place for the side to move
//! (a start with Black to move and no moves reads back with Red to move),
//! for NAGs, for comments before a move, or for other headers: they are
//! not written. The kind byte is 0 (full game) for the standard start and 3
//! (endgame) for any other.

mod decrypt;
mod error;
mod header;
mod records;
mod resolve;
mod write;

pub use error::{XqfError, XqfErrorKind};

use alloc::vec::Vec;

use crate::records::tree::GameTree;
use crate::records::xqf::resolve::Faults;

/// Reads an XQF file (any version, 1.0 to 1.8, encrypted or not), dropping
/// the records cchess drops (see the [module](self) documentation).
///
/// ```
/// use xiangqi::xqf::{self, XqfErrorKind};
/// let err = xqf::read(b"PK\x03\x04").unwrap_err();
/// assert_eq!((err.offset, err.kind), (0, XqfErrorKind::BadMagic));
/// ```
pub fn read(bytes: &[u8]) -> Result<GameTree, XqfError> {
    resolve::read_tree(bytes, Faults::Cchess).map(|(tree, _)| tree)
}

/// Reads an XQF file like [`read`], but refuses a record that is no move
/// of the piece on its origin instead of dropping it.
///
/// ```
/// use xiangqi::tree::GameTree;
/// use xiangqi::xqf;
/// let bytes = xqf::write(&GameTree::default())?;
/// assert_eq!(xqf::read_strict(&bytes)?, xqf::read(&bytes)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_strict(bytes: &[u8]) -> Result<GameTree, XqfError> {
    resolve::read_tree(bytes, Faults::Strict).map(|(tree, _)| tree)
}

/// Reads an XQF file like [`read`], but where `read` fails on an illegal
/// move (one cchess keeps: a move of the side not to move, or one leaving
/// its own general attacked), skips that move and every move after it in
/// its line and its variations, and reports it: the tree, and one
/// [`XqfErrorKind::IllegalMove`] per move skipped. Faults of the bytes are
/// still errors.
///
/// ```
/// use xiangqi::tree::GameTree;
/// use xiangqi::xqf;
/// let bytes = xqf::write(&GameTree::default())?;
/// let (tree, skipped) = xqf::read_skipping(&bytes)?;
/// assert_eq!(tree, xqf::read(&bytes)?);
/// assert!(skipped.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_skipping(bytes: &[u8]) -> Result<(GameTree, Vec<XqfError>), XqfError> {
    resolve::read_tree(bytes, Faults::Skip)
}

/// Writes a game tree as an unencrypted XQF 1.8 file (see the
/// [module](self) documentation for what XQF keeps).
///
/// ```
/// use xiangqi::tree::GameTree;
/// use xiangqi::xqf;
/// let bytes = xqf::write(&GameTree::default())?;
/// assert_eq!(&bytes[..3], b"XQ\x12");
/// assert_eq!(bytes.len(), 1024 + 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(tree: &GameTree) -> Result<Vec<u8>, XqfError> {
    write::write_tree(tree)
}
