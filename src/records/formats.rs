//! Any record format, read from bytes into game trees and written back:
//! the format is detected ([`crate::records::detect`]) and the matching
//! reader runs. Nothing here opens a file: read the bytes in the caller.
//!
//! ```
//! use xiangqi::detect::RecordFormat;
//! use xiangqi::formats::{self, WriteFormat};
//! use xiangqi::notation::Notation;
//!
//! let pgn = "[Event \"Demo\"]\n\n1. h2e2 (1. b2e2 b9c7) 1... h9g7 {a comment} *";
//! let read = formats::read(pgn.as_bytes())?;
//! assert_eq!(read.format, RecordFormat::Pgn);
//! assert_eq!(read.games.len(), 1);
//! let tree = &read.games[0];
//! assert_eq!(tree.lines().count(), 2);
//!
//! // The same tree as XQF bytes and as DhtmlXQ text, read back.
//! let xqf = formats::write(&read.games, WriteFormat::Xqf)?;
//! assert_eq!(formats::read(&xqf)?.format, RecordFormat::Xqf);
//! let dhtml = formats::write(&read.games, WriteFormat::DhtmlXq)?;
//! let again = formats::read(&dhtml)?;
//! assert_eq!(again.format, RecordFormat::DhtmlXq);
//! assert_eq!(again.games[0].lines().count(), 2);
//! let text = formats::write(&again.games, WriteFormat::Pgn(Notation::Iccs))?;
//! assert!(String::from_utf8(text)?.contains("h2e2"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::records::detect::{RecordFormat, detect};
use crate::records::notation::Notation;
use crate::records::pgn::{ReadOptions, RecordError, read_trees};
use crate::records::tree::GameTree;
use crate::records::{cbf, cbr, dhtmlxq, movelist, text, xqf};

/// The games read from one file: its format, the games that read, and a
/// warning for each game that did not (a library or a PGN file of many
/// games gives the others).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordFile {
    /// The format the bytes were read as.
    pub format: RecordFormat,
    /// The games, in file order.
    pub games: Vec<GameTree>,
    /// One entry per game that could not be read.
    pub warnings: Vec<SkippedGame>,
}

/// A game of a many-game file that could not be read (the others were), or
/// the part of a game that was skipped (an XQF move the rules refuse, with
/// the moves after it in its line; `index` is then the game's, 0).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{format} game {index}: {reason}")]
#[non_exhaustive]
pub struct SkippedGame {
    /// The file's format.
    pub format: RecordFormat,
    /// The index of the game in the file, from 0, good and bad games alike.
    pub index: usize,
    /// What was wrong, with its line or byte offset.
    pub reason: String,
}

/// Why bytes could not be read as a record, or games not written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// No format's marker was found in the bytes.
    #[error("not a game record this library reads (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, move list)")]
    Unknown,
    /// A PGN text held no game that could be read; the first game's error.
    #[error("PGN: {0}")]
    Pgn(Box<RecordError>),
    /// An XQF file could not be read or written.
    #[error("XQF: {0}")]
    Xqf(#[from] xqf::XqfError),
    /// A CBR game or a CBL library could not be read.
    #[error("{0}")]
    Cbr(#[from] cbr::CbrError),
    /// A CBF record could not be read.
    #[error("{0}")]
    Cbf(#[from] cbf::CbfError),
    /// A DhtmlXQ record could not be read.
    #[error("{0}")]
    DhtmlXq(#[from] dhtmlxq::DhtmlXqError),
    /// A plain move list could not be read.
    #[error("{0}")]
    MoveList(#[from] movelist::PlainError),
    /// The text was recognised but holds no game.
    #[error("{0}: no game in the text")]
    NoGames(RecordFormat),
    /// The format holds one game a file, and `count` were given.
    #[error("{format} holds one game a file, not {count}")]
    OneGameFormat {
        /// The format asked for.
        format: RecordFormat,
        /// How many games were given.
        count: usize,
    },
}

/// The formats [`write()`] writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteFormat {
    /// PGN text (UTF-8), every game, with its variations, comments and
    /// NAGs, moves in the notation given.
    Pgn(Notation),
    /// Unencrypted XQF (one game).
    Xqf,
    /// DhtmlXQ text (UTF-8; one game).
    DhtmlXq,
}

/// Reads `bytes` in the format [`detect`] finds.
///
/// # Errors
/// [`FormatError::Unknown`] when no format is recognised, else the reader's
/// error (a many-game file fails only when none of its games reads).
pub fn read(bytes: &[u8]) -> Result<RecordFile, FormatError> {
    let format = detect(bytes).ok_or(FormatError::Unknown)?;
    read_as(bytes, format)
}

/// Reads `bytes` as `format`, whatever [`detect`] would say.
///
/// ```
/// use xiangqi::detect::RecordFormat;
/// let read = xiangqi::formats::read_as("1. 炮二平五 马８进７".as_bytes(), RecordFormat::MoveList)?;
/// assert_eq!(read.games[0].mainline_moves().len(), 2);
/// # Ok::<(), xiangqi::formats::FormatError>(())
/// ```
///
/// # Errors
/// The reader's error, as [`read`].
pub fn read_as(bytes: &[u8], format: RecordFormat) -> Result<RecordFile, FormatError> {
    let one = |tree: GameTree| RecordFile {
        format,
        games: alloc::vec![tree],
        warnings: Vec::new(),
    };
    Ok(match format {
        RecordFormat::Pgn => read_pgn(bytes)?,
        RecordFormat::Xqf => {
            // A real file may hold a move cchess keeps but the rules refuse
            // (a side moving twice): the file opens, without that move and
            // what follows it in its line, and a warning says so.
            let (tree, skipped) = xqf::read_skipping(bytes)?;
            RecordFile {
                format,
                games: alloc::vec![tree],
                warnings: skipped
                    .into_iter()
                    .map(|e| SkippedGame {
                        format,
                        index: 0,
                        reason: alloc::format!("skipped with what follows in its line: {e}"),
                    })
                    .collect(),
            }
        }
        RecordFormat::Cbr => one(cbr::read(bytes)?),
        RecordFormat::Cbl => {
            let library = cbr::read_library(bytes)?;
            RecordFile {
                format,
                games: library.games.into_iter().map(|g| g.tree).collect(),
                warnings: library
                    .warnings
                    .into_iter()
                    .map(|w| SkippedGame {
                        format,
                        index: w.index,
                        reason: alloc::format!("{w}"),
                    })
                    .collect(),
            }
        }
        RecordFormat::Cbf => one(cbf::read(bytes)?),
        RecordFormat::DhtmlXq => one(dhtmlxq::read(bytes)?),
        RecordFormat::MoveList => one(movelist::read(bytes)?),
    })
}

fn read_pgn(bytes: &[u8]) -> Result<RecordFile, FormatError> {
    let text = text::decode(bytes);
    let mut games = Vec::new();
    let mut warnings = Vec::new();
    let mut first_error = None;
    for game in read_trees(&text, &ReadOptions::default()) {
        match game {
            Ok(tree) => games.push(tree),
            Err(e) => {
                warnings.push(SkippedGame {
                    format: RecordFormat::Pgn,
                    index: e.index,
                    reason: alloc::format!("line {}: {}", e.line, e.error),
                });
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) if games.is_empty() => Err(FormatError::Pgn(Box::new(e))),
        _ if games.is_empty() => Err(FormatError::NoGames(RecordFormat::Pgn)),
        _ => Ok(RecordFile {
            format: RecordFormat::Pgn,
            games,
            warnings,
        }),
    }
}

/// Writes `games` in `format`: PGN takes any number (separated by a blank
/// line), XQF and DhtmlXQ exactly one.
///
/// # Errors
/// [`FormatError::OneGameFormat`] for XQF or DhtmlXQ given other than one
/// game; [`FormatError::Xqf`] when the XQF writer refuses the tree.
pub fn write(games: &[GameTree], format: WriteFormat) -> Result<Vec<u8>, FormatError> {
    let single = |format: RecordFormat| match games {
        [tree] => Ok(tree),
        _ => Err(FormatError::OneGameFormat {
            format,
            count: games.len(),
        }),
    };
    Ok(match format {
        WriteFormat::Pgn(notation) => {
            let mut out = String::new();
            for (i, tree) in games.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&tree.to_pgn(notation));
            }
            out.into_bytes()
        }
        WriteFormat::Xqf => xqf::write(single(RecordFormat::Xqf)?)?,
        WriteFormat::DhtmlXq => dhtmlxq::write(single(RecordFormat::DhtmlXq)?).into_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_bytes_are_a_typed_error() {
        assert_eq!(
            read(b"\x00\x01\x02 not a record"),
            Err(FormatError::Unknown)
        );
        assert_eq!(read(b""), Err(FormatError::Unknown));
    }

    #[test]
    fn a_bad_pgn_game_is_a_warning_and_the_others_read() {
        let text = "[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n\n1. a0a5 *\n\n[Event \"c\"]\n\n1. b0c2 *\n";
        let file = read(text.as_bytes()).unwrap();
        assert_eq!(file.format, RecordFormat::Pgn);
        assert_eq!(file.games.len(), 2);
        assert_eq!(file.warnings.len(), 1);
        assert_eq!(file.warnings[0].index, 1);
        assert!(
            file.warnings[0].to_string().contains("a0a5"),
            "{}",
            file.warnings[0]
        );
    }

    #[test]
    fn a_pgn_with_no_good_game_is_an_error() {
        let err = read(b"[Event \"a\"]\n\n1. a0a5 *\n").unwrap_err();
        assert!(
            matches!(&err, FormatError::Pgn(e) if e.index == 0),
            "{err:?}"
        );
    }

    #[test]
    fn one_game_formats_refuse_two_games() {
        let two = read(b"[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n\n1. b0c2 *\n").unwrap();
        for format in [WriteFormat::Xqf, WriteFormat::DhtmlXq] {
            assert!(matches!(
                write(&two.games, format),
                Err(FormatError::OneGameFormat { count: 2, .. })
            ));
        }
        let pgn = write(&two.games, WriteFormat::Pgn(Notation::Iccs)).unwrap();
        assert_eq!(read(&pgn).unwrap().games, two.games);
    }

    #[test]
    fn gbk_pgn_is_decoded() {
        let (bytes, _, _) = encoding_rs::GBK.encode("[Event \"测试\"]\n\n1. 炮二平五 马８进７ *\n");
        let file = read(&bytes).unwrap();
        assert_eq!(file.games[0].header("Event"), Some("测试"));
        assert_eq!(file.games[0].mainline_moves().len(), 2);
    }
}
