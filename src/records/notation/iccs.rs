//! Coordinate notations: ICCS (`h2e2`, `H2-E2`) and UCI with ranks `0-9`
//! (Pikafish) or `1-10` (Fairy-Stockfish), with the null move `0000`.

use core::fmt;

use super::move_text::first_misfit;
use super::text_fold::significant;
use super::{CoordinateMove, ParseNotationError, Position};
use crate::base::{File, Move, Rank, Square};

/// How UCI move strings number the ranks.
///
/// ```
/// use xiangqi::notation::{format_uci, UciMove, UciRanks};
/// let m = UciMove::Move("h2e2".parse()?);
/// assert_eq!(format_uci(m, UciRanks::ZeroToNine), "h2e2");
/// assert_eq!(format_uci(m, UciRanks::OneToTen), "h3e3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum UciRanks {
    /// Ranks `0`..`9` from Red's side, as ICCS (Pikafish, most engines).
    #[default]
    ZeroToNine,
    /// Ranks `1`..`10` from Red's side (Fairy-Stockfish `UCI_Variant xiangqi`).
    OneToTen,
}

/// A UCI move: a real move or the null move `0000`.
///
/// ```
/// use xiangqi::notation::UciMove;
/// assert_eq!(UciMove::Null.to_string(), "0000");
/// assert_eq!(UciMove::Move("b0c2".parse()?).to_string(), "b0c2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another.
    Move(Move),
    /// The null move (pass), written `0000`.
    Null,
}

impl fmt::Display for UciMove {
    /// Ranks `0`-`9`; see [`format_uci`] for the other numbering.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_uci(*self, UciRanks::ZeroToNine))
    }
}

/// Formats a UCI move with the given rank numbering.
///
/// ```
/// use xiangqi::notation::{format_uci, UciMove, UciRanks};
/// let m = UciMove::Move("a9a8".parse()?);
/// assert_eq!(format_uci(m, UciRanks::OneToTen), "a10a9");
/// assert_eq!(format_uci(UciMove::Null, UciRanks::OneToTen), "0000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_uci(m: UciMove, ranks: UciRanks) -> String {
    match (m, ranks) {
        (UciMove::Null, _) => "0000".to_string(),
        (UciMove::Move(m), UciRanks::ZeroToNine) => m.to_string(),
        (UciMove::Move(m), UciRanks::OneToTen) => {
            let sq = |s: Square| format!("{}{}", s.file().char(), s.rank().index() + 1);
            format!("{}{}", sq(m.from()), sq(m.to()))
        }
    }
}

/// Splits a square off the front of `s`: a file letter and a rank number.
fn take_square(s: &[u8], ranks: UciRanks) -> Option<(Square, &[u8])> {
    let (&f, rest) = s.split_first()?;
    let file = File::from_char(f as char)?;
    let (rank, rest) = match ranks {
        UciRanks::ZeroToNine => {
            let (&r, rest) = rest.split_first()?;
            (Rank::from_char(r as char)?, rest)
        }
        UciRanks::OneToTen => match rest {
            [b'1', b'0', tail @ ..] => (Rank::Nine, tail),
            [r @ b'1'..=b'9', tail @ ..] => (Rank::new(u32::from(r - b'1'))?, tail),
            _ => return None,
        },
    };
    Some((Square::new(file, rank), rest))
}

/// The folded ASCII bytes of a coordinate move (spaces dropped, full-width
/// forms folded, letters lower-cased), if it has at most six and all are
/// ASCII.
fn ascii_move(s: &str) -> Option<([u8; 6], usize)> {
    let chars = significant::<6>(s)?;
    let mut out = [0u8; 6];
    for (o, c) in out.iter_mut().zip(&chars) {
        *o = u8::try_from(u32::from(*c)).ok()?.to_ascii_lowercase();
    }
    Some((out, chars.len()))
}

/// Reads a UCI move string without a position (`0000` is the null move).
fn uci_syntax(s: &str, ranks: UciRanks) -> Option<UciMove> {
    let (buf, n) = ascii_move(s)?;
    let s = buf.get(..n)?;
    if s == b"0000" {
        return Some(UciMove::Null);
    }
    let (from, rest) = take_square(s, ranks)?;
    let (to, rest) = take_square(rest, ranks)?;
    (rest.is_empty() && from != to).then(|| UciMove::Move(Move::new(from, to)))
}

/// Reads coordinates (ICCS `h2e2`, `H2-E2`, or UCI with `ranks`) without
/// a position; the error is the first character that is not part of
/// coordinates, if any.
pub(crate) fn raw_syntax(s: &str, ranks: UciRanks) -> Result<CoordinateMove, Option<char>> {
    let misfit = || {
        first_misfit(
            s,
            |c| matches!(c.to_ascii_lowercase(), 'a'..='i' | '0'..='9' | '-'),
        )
    };
    let mv = match ranks {
        UciRanks::ZeroToNine => iccs_syntax(s),
        UciRanks::OneToTen => match uci_syntax(s, ranks) {
            Some(UciMove::Move(m)) => Some(m),
            _ => None,
        },
    };
    match mv {
        Some(mv) => Ok(CoordinateMove { mv, ranks }),
        None => Err(misfit()),
    }
}

/// Reads ICCS coordinates (`h2e2`, `H2-E2`) without a position.
fn iccs_syntax(s: &str) -> Option<Move> {
    let (buf, n) = ascii_move(s)?;
    let b = buf.get(..n)?;
    let (from, to) = match b {
        [f1, r1, f2, r2] | [f1, r1, b'-', f2, r2] => ([*f1, *r1], [*f2, *r2]),
        _ => return None,
    };
    let (from, _) = take_square(&from, UciRanks::ZeroToNine)?;
    let (to, _) = take_square(&to, UciRanks::ZeroToNine)?;
    (from != to).then(|| Move::new(from, to))
}

/// Parses a UCI move against a position: `0000` is the null move, anything
/// else must be a legal move.
///
/// ```
/// use xiangqi::notation::{parse_uci, ParseNotationError, UciMove, UciRanks};
/// use xiangqi::Position;
/// let pos = Position::new();
/// assert_eq!(parse_uci(&pos, "h3e3", UciRanks::OneToTen)?, UciMove::Move("h2e2".parse()?));
/// assert_eq!(parse_uci(&pos, "0000", UciRanks::ZeroToNine)?, UciMove::Null);
/// assert_eq!(parse_uci(&pos, "a10a9", UciRanks::OneToTen), Err(ParseNotationError::Illegal));
/// assert_eq!(parse_uci(&pos, "a10a9", UciRanks::ZeroToNine), Err(ParseNotationError::NotAMove));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_uci(pos: &Position, s: &str, ranks: UciRanks) -> Result<UciMove, ParseNotationError> {
    match uci_syntax(s, ranks) {
        None => Err(ParseNotationError::NotAMove),
        Some(UciMove::Null) => Ok(UciMove::Null),
        Some(UciMove::Move(m)) if pos.is_legal(m) => Ok(UciMove::Move(m)),
        Some(UciMove::Move(_)) => Err(ParseNotationError::Illegal),
    }
}

/// Parses ICCS coordinates (`h2e2`, `H2-E2`) into a legal move. Full-width
/// forms (`ｈ２ｅ２`) and spaces (`h2 e2`) are accepted.
///
/// ```
/// use xiangqi::notation::{parse_iccs, ParseNotationError};
/// use xiangqi::Position;
/// let pos = Position::new();
/// assert_eq!(parse_iccs(&pos, "B0-C2")?.to_string(), "b0c2");
/// assert_eq!(parse_iccs(&pos, "ｂ０ｃ２")?.to_string(), "b0c2");
/// assert_eq!(parse_iccs(&pos, "b0c3"), Err(ParseNotationError::Illegal));
/// assert_eq!(parse_iccs(&pos, "b0"), Err(ParseNotationError::NotAMove));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_iccs(pos: &Position, s: &str) -> Result<Move, ParseNotationError> {
    let m = iccs_syntax(s).ok_or(ParseNotationError::NotAMove)?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(ParseNotationError::Illegal)
    }
}
