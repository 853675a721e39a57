//! FEN: parsing into a [`Setup`] and canonical formatting.
//!
//! The form is the one Pikafish and Fairy-Stockfish write:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//! Rows run from rank 9 (Black's back rank) down to rank 0; uppercase is Red.
//! On input the side may be `w`, `r` or `b`, the fields after the placement
//! may be missing, `h`/`e` are accepted for horse/elephant, and the two `-`
//! fields may be left out before the counters. Output is always canonical.
//!
//! ```
//! use xiangqi::{Position, Setup};
//! // Red may be `w` or `r`, and the trailing fields may be missing.
//! let setup: Setup = "3k5/9/9/9/9/9/9/9/4R4/5K3 r".parse()?;
//! assert_eq!(setup.to_fen(), "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
//! let fen = Position::new().to_string();
//! assert_eq!(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
//! assert_eq!(fen.parse::<Position>()?, Position::new());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::base::{Board, Color, File, Piece, Rank, Setup, Square};

/// Why a FEN string could not be parsed. Every variant says what and where.
///
/// ```
/// use xiangqi::{FenError, Setup};
///
/// assert_eq!(Setup::from_fen("  "), Err(FenError::Empty));
/// // Row 3 (rank 7) has an `x` where Black's cannon stands.
/// let fen = "rnbakabnr/9/1x5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// let err = Setup::from_fen(fen).unwrap_err();
/// assert_eq!(err, FenError::BadChar { ch: 'x', row: 3, rank: 7 });
/// assert_eq!(err.to_string(), "bad character 'x' in the placement, row 3 (rank 7)");
/// // Row 2 (rank 8) describes 8 of its 9 points.
/// let fen = "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// assert_eq!(Setup::from_fen(fen), Err(FenError::RankTooShort { row: 2, rank: 8, points: 8 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The input is empty.
    #[error("empty FEN")]
    Empty,
    /// A character in the placement that is neither a piece letter, a digit
    /// 1-9 nor `/`.
    #[error("bad character {ch:?} in the placement, row {row} (rank {rank})")]
    BadChar {
        /// The offending character.
        ch: char,
        /// 1-based row in the FEN (row 1 is rank 9).
        row: usize,
        /// The rank of that row.
        rank: usize,
    },
    /// The placement does not have exactly 10 rows.
    #[error("the placement has {found} rows, expected 10")]
    RankCount {
        /// Rows found.
        found: usize,
    },
    /// A row describes more than 9 points.
    #[error("row {row} (rank {rank}) is too long: it describes more than 9 points")]
    RankTooLong {
        /// 1-based row in the FEN.
        row: usize,
        /// The rank of that row.
        rank: usize,
    },
    /// A row describes fewer than 9 points.
    #[error("row {row} (rank {rank}) is too short: it describes {points} of 9 points")]
    RankTooShort {
        /// 1-based row in the FEN.
        row: usize,
        /// The rank of that row.
        rank: usize,
        /// Points described.
        points: usize,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("bad side to move {found:?} (expected w, r or b)")]
    BadSide {
        /// The field as found.
        found: String,
    },
    /// A field where `-` is expected (castling / en passant) holds something else.
    #[error("bad field {index} {found:?} (expected -)")]
    BadPlaceholder {
        /// 1-based field number.
        index: usize,
        /// The field as found.
        found: String,
    },
    /// The half-move or full-move counter is not a number in range.
    #[error("bad {name} counter {found:?} (expected a non-negative integer)")]
    BadCounter {
        /// `halfmove` or `fullmove`.
        name: &'static str,
        /// The field as found.
        found: String,
    },
    /// More fields than a FEN has.
    #[error("unexpected field {found:?} after the full-move counter")]
    TooManyFields {
        /// The first extra field.
        found: String,
    },
}

fn parse_board(placement: &str) -> Result<Board, FenError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount { found: rows.len() });
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let (row_no, rank_no) = (i + 1, 9 - i);
        let rank = Rank::ALL[rank_no];
        let mut file = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                if file < 9 {
                    board.set_piece_at(Square::new(File::ALL[file], rank), piece);
                }
                file += 1;
            } else {
                return Err(FenError::BadChar {
                    ch,
                    row: row_no,
                    rank: rank_no,
                });
            }
            if file > 9 {
                return Err(FenError::RankTooLong {
                    row: row_no,
                    rank: rank_no,
                });
            }
        }
        if file < 9 {
            return Err(FenError::RankTooShort {
                row: row_no,
                rank: rank_no,
                points: file,
            });
        }
    }
    Ok(board)
}

fn parse_counter(name: &'static str, field: &str) -> Result<u32, FenError> {
    // Plain ASCII digits only ("+1" is not a counter).
    if !field.is_empty() && field.len() <= 9 && field.bytes().all(|b| b.is_ascii_digit()) {
        field.parse().map_err(|_| unreachable_counter(name, field))
    } else {
        Err(unreachable_counter(name, field))
    }
}

fn unreachable_counter(name: &'static str, field: &str) -> FenError {
    FenError::BadCounter {
        name,
        found: field.to_string(),
    }
}

impl Setup {
    /// Parses FEN. See the [module docs](crate::fen) for what is accepted.
    ///
    /// ```
    /// use xiangqi::{FenError, Setup};
    /// assert!(Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r").is_ok());
    /// assert_eq!(
    ///     Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
    ///     Err(FenError::BadSide { found: "x".into() })
    /// );
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let board = parse_board(placement)?;
        let turn = match fields.next() {
            None => Color::Red,
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Color::from_fen_char), chars.next()) {
                    (Some(c), None) => c,
                    _ => {
                        return Err(FenError::BadSide {
                            found: s.to_string(),
                        });
                    }
                }
            }
        };
        let rest: Vec<&str> = fields.collect();
        // Either "- - half full" (Pikafish / Fairy-Stockfish) or "half full".
        let is_num = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let mut skip = 0;
        while skip < 2 && skip < rest.len() && !is_num(rest[skip]) {
            if rest[skip] != "-" {
                return Err(FenError::BadPlaceholder {
                    index: 3 + skip,
                    found: rest[skip].to_string(),
                });
            }
            skip += 1;
        }
        let counters = &rest[skip..];
        let halfmoves = match counters.first() {
            Some(f) => parse_counter("halfmove", f)?,
            None => 0,
        };
        let fullmoves = match counters.get(1) {
            Some(f) => parse_counter("fullmove", f)?.max(1),
            None => 1,
        };
        if let Some(extra) = counters.get(2) {
            return Err(FenError::TooManyFields {
                found: extra.to_string(),
            });
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }

    /// Formats the setup as canonical FEN.
    ///
    /// ```
    /// use xiangqi::Setup;
    /// let s = Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
    /// assert_eq!(s.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    /// ```
    pub fn to_fen(&self) -> String {
        struct Fen<'a>(&'a Setup);
        impl fmt::Display for Fen<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let s = self.0;
                write_fen(f, &s.board, s.turn, s.halfmoves, s.fullmoves)
            }
        }
        Fen(self).to_string()
    }
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

/// Writes the board part of a FEN.
pub(crate) fn write_placement(f: &mut impl fmt::Write, board: &Board) -> fmt::Result {
    for (i, rank) in Rank::ALL.iter().rev().enumerate() {
        if i > 0 {
            f.write_char('/')?;
        }
        let mut empty = 0;
        for file in File::ALL {
            match board.piece_at(Square::new(file, *rank)) {
                Some(p) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(p.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
    }
    Ok(())
}

/// Writes a full canonical FEN.
pub(crate) fn write_fen(
    f: &mut impl fmt::Write,
    board: &Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
) -> fmt::Result {
    write_placement(f, board)?;
    write!(f, " {} - - {} {}", turn.fen_char(), halfmoves, fullmoves)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn round_trip_start() {
        assert_eq!(Setup::from_fen(START).unwrap().to_fen(), START);
    }

    #[test]
    fn counters_without_placeholders() {
        let s = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b 12 40").unwrap();
        assert_eq!((s.halfmoves, s.fullmoves), (12, 40));
    }

    #[test]
    fn errors_say_where() {
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K6 w").unwrap_err();
        assert_eq!(e, FenError::RankTooLong { row: 10, rank: 0 });
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/8/3K5 w").unwrap_err();
        assert_eq!(
            e,
            FenError::RankTooShort {
                row: 9,
                rank: 1,
                points: 8
            }
        );
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9 w").unwrap_err();
        assert_eq!(e, FenError::RankCount { found: 9 });
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K4x w").unwrap_err();
        assert!(matches!(
            e,
            FenError::BadChar {
                ch: 'x',
                row: 10,
                rank: 0
            }
        ));
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 x").unwrap_err();
        assert!(matches!(
            e,
            FenError::BadCounter {
                name: "fullmove",
                ..
            }
        ));
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 7").unwrap_err();
        assert!(matches!(e, FenError::TooManyFields { .. }));
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w KQ - 0 1").unwrap_err();
        assert!(matches!(e, FenError::BadPlaceholder { index: 3, .. }));
        assert_eq!(Setup::from_fen("   "), Err(FenError::Empty));
        let e = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - -1 1").unwrap_err();
        assert!(matches!(e, FenError::BadCounter { .. }));
    }
}
