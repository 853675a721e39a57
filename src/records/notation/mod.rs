//! Move notations: coordinates (ICCS and UCI), WXF and Chinese.
//!
//! **One way in.** [`Position::parse_move`] reads a move in any notation
//! and returns the one legal move it names, or a [`MoveError`] saying why
//! there is none: not a move in any notation (and which one it looks
//! like), ambiguous between which moves, no such piece on that file, or
//! illegal and why (the horse's leg is blocked, it leaves the general in
//! check, the generals would face each other, ...). [`Game::play_str`]
//! reads and plays.
//!
//! ```
//! use xiangqi::notation::{IllegalReason, MoveError};
//! use xiangqi::{Game, Position};
//!
//! let pos = Position::new();
//! assert_eq!(pos.parse_move("炮二平五")?.to_string(), "h2e2");
//! assert_eq!(pos.parse_move("Ｃ２＝５")?.to_string(), "h2e2");
//! assert_eq!(pos.parse_move("h2e2")?.to_string(), "h2e2");
//! assert!(matches!(
//!     pos.parse_move("马二进四"),
//!     Err(MoveError::Illegal { reason: IllegalReason::HorseLegBlocked { .. }, .. })
//! ));
//! let mut game = Game::new();
//! game.play_str("炮二平五")?;
//! game.play_str("马8进7")?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Parse, then resolve.** Underneath, a text is first read without a
//! position into a syntax value, [`MoveText`]: a [`CoordinateMove`] or a
//! [`DescriptiveMove`] (the piece, the file or the front/middle/rear
//! marker, the direction, the target, and how it was written: notation,
//! script, the side its piece character and numerals belong to). The
//! syntax value can be shown ([`DescriptiveMove::explain`]: "cannon from
//! file 2 to file 5") and then resolved against a [`Position`]
//! ([`MoveText::resolve`]). Reading is lenient by default, as records are
//! written; [`ParseOptions::strict`] rejects the other side's piece
//! characters (`将五进一` for Red) and numerals (`马八进七` for Black).
//!
//! ```
//! use xiangqi::notation::{DescriptiveMove, Origin};
//! use xiangqi::{Position, Role};
//!
//! let d: DescriptiveMove = "Ｃ２＝５".parse()?;
//! assert_eq!((d.role, d.origin, d.target), (Some(Role::Cannon), Origin::File(2), 5));
//! assert_eq!(format!("{d} means {}", d.explain()), "C2.5 means cannon from file 2 to file 5");
//! assert_eq!(d.resolve(&Position::new())?.to_string(), "h2e2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Writing, and one notation at a time.** [`Notation`] formats a legal
//! move in a chosen notation, and parses in that notation only; the free
//! functions ([`format_chinese`], [`parse_wxf`], ...) do the same. Their
//! parsers answer with the coarser [`ParseNotationError`]; for reading,
//! prefer [`Position::parse_move`].
//!
//! ```
//! use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
//! use xiangqi::Position;
//!
//! let pos = Position::new();
//! let m = Notation::Chinese(ChineseScript::Simplified).parse(&pos, "炮二平五")?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(Notation::Wxf(WxfDialect::FairyStockfish).format(&pos, m)?, "C2=5");
//! assert_eq!(Notation::Wxf(WxfDialect::Wxf).format(&pos, m)?, "C2.5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Files are counted the traditional way, 1 to 9 from the mover's right:
//! Red's file 1 is ICCS file `i`, Black's file 1 is ICCS file `a`.
//!
//! Input is read as people type it and as sites print it: full-width
//! letters, digits and signs (`Ｃ２＝５`, `ｈ２ｅ２`, `马８进７`) are read as
//! their ASCII forms, the minus sign and dashes (`−`, `–`, `—`) as `-`, and
//! spaces anywhere in a move (tabs, the ideographic space `U+3000`) are
//! ignored. Output is always canonical ASCII or Chinese. Parsing a move
//! allocates nothing (except the list of candidates of a
//! [`ParseNotationError::Ambiguous`] error).
//!
//! ```
//! use xiangqi::notation::{parse_chinese, parse_iccs, parse_wxf, WxfDialect};
//! use xiangqi::Position;
//!
//! let pos = Position::new();
//! let d = WxfDialect::default();
//! assert_eq!(parse_wxf(&pos, "Ｃ２＝５", d)?.to_string(), "h2e2");
//! assert_eq!(parse_iccs(&pos, "ｈ２ｅ２")?.to_string(), "h2e2");
//! assert_eq!(parse_chinese(&pos, "炮\t二 平五")?.to_string(), "h2e2");
//! assert_eq!(parse_chinese(&pos, "炮2平5")?.to_string(), "h2e2"); // Red in digits
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module is the face: the re-exports, [`Notation`] and
//! [`ParseNotationError`]. Inside: `move_text` and `descriptive` (the
//! syntax values), `iccs`, `wxf`, `chinese` (one notation each),
//! `resolve` and `parse_move` (from syntax to the legal move, with the
//! reasons), `play_str`; with the helpers they share: `text_fold` (input
//! characters folded, whitespace dropped), `board_columns` (file numbers,
//! a role's pieces on a file, direction and target, telling pieces on a
//! file apart) and `moving_role` (a move to write is legal, and its role).
//!
//! [`Game::play_str`]: crate::Game::play_str

mod board_columns;
pub(crate) mod chinese;
mod descriptive;
mod iccs;
mod move_text;
mod moving_role;
mod parse_move;
mod play_str;
mod resolve;
mod text_fold;
mod wxf;

/// Why a move is illegal; the rules core's type, here too since
/// [`MoveError::Illegal`] carries it.
pub use crate::base::IllegalReason;
pub use chinese::{ChineseScript, format_chinese, parse_chinese, piece_glyph};
pub use descriptive::{DescriptiveMove, DescriptiveNotation, Direction, Numerals, Origin, Which};
pub use iccs::{UciMove, UciRanks, format_uci, parse_iccs, parse_uci};
pub use move_text::{CoordinateMove, MoveText, NotationKind, SyntaxError};
pub use parse_move::{Candidates, MoveError, ParseOptions};
pub use play_str::PlayStrError;
pub use wxf::{WxfDialect, format_wxf, parse_wxf};

pub(crate) use text_fold::fold;
#[cfg(feature = "pgn")]
pub(crate) use text_fold::significant;

use crate::base::{Move, PlayError, Position};
use moving_role::check_legal;

/// Why a move string could not be turned into a legal move.
///
/// ```
/// use xiangqi::notation::{parse_wxf, ParseNotationError, WxfDialect};
/// use xiangqi::Position;
/// let pos = Position::new();
/// let d = WxfDialect::FairyStockfish;
/// assert_eq!(parse_wxf(&pos, "hello", d), Err(ParseNotationError::NotAMove));
/// assert_eq!(parse_wxf(&pos, "C2+1", d).map(|m| m.to_string()), Ok("h2h3".into()));
/// assert_eq!(parse_wxf(&pos, "R1=2", d), Err(ParseNotationError::Illegal));
/// ```
///
/// The readers of one notation answer with this coarse error; the reason
/// behind [`ParseNotationError::Illegal`] is a [`MoveError`] from
/// [`Position::parse_move`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseNotationError {
    /// The text is not a move in this notation.
    #[error("not a move in this notation")]
    NotAMove,
    /// The text is well formed but describes no legal move in this position.
    #[error("no legal move matches")]
    Illegal,
    /// The text fits more than one legal move.
    #[error("ambiguous: {} legal moves match", .0.len())]
    Ambiguous(Vec<Move>),
}

impl From<MoveError> for ParseNotationError {
    /// The coarse error of a reason: a syntax error is
    /// [`ParseNotationError::NotAMove`], an ambiguity
    /// [`ParseNotationError::Ambiguous`], anything else
    /// [`ParseNotationError::Illegal`].
    ///
    /// ```
    /// use xiangqi::notation::ParseNotationError;
    /// use xiangqi::Position;
    /// let e = Position::new().parse_move("车五进一").unwrap_err();
    /// assert_eq!(ParseNotationError::from(e), ParseNotationError::Illegal);
    /// ```
    fn from(e: MoveError) -> ParseNotationError {
        match e {
            MoveError::Syntax(_) => ParseNotationError::NotAMove,
            MoveError::Ambiguous(moves) => ParseNotationError::Ambiguous(moves.to_vec()),
            _ => ParseNotationError::Illegal,
        }
    }
}

/// A move notation, to format and parse moves against a position.
///
/// ```
/// use xiangqi::notation::{Notation, UciRanks};
/// use xiangqi::Position;
/// let pos = Position::new();
/// let n = Notation::Uci(UciRanks::OneToTen);
/// let m = n.parse(&pos, "h3e3")?;
/// assert_eq!(Notation::Iccs.format(&pos, m)?, "h2e2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// ICCS coordinates `h2e2` (input also `H2-E2`).
    Iccs,
    /// UCI coordinates with the given rank numbering.
    Uci(UciRanks),
    /// WXF notation in the given output dialect (input accepts all).
    Wxf(WxfDialect),
    /// Chinese notation in the given script (input accepts both).
    Chinese(ChineseScript),
}

impl Notation {
    /// Formats a legal move; an illegal one is an error.
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::Position;
    /// let pos = Position::new();
    /// let n = Notation::Chinese(ChineseScript::Traditional);
    /// assert_eq!(n.format(&pos, "b0c2".parse()?)?, "馬八進七");
    /// assert!(n.format(&pos, "b0b1".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn format(self, pos: &Position, m: Move) -> Result<String, PlayError> {
        let mut out = String::with_capacity(12);
        self.push(pos, m, &mut out)?;
        Ok(out)
    }

    /// [`Notation::format`], appending to `out` (nothing is appended for
    /// an illegal move).
    pub(crate) fn push(self, pos: &Position, m: Move, out: &mut String) -> Result<(), PlayError> {
        use core::fmt::Write as _;
        match self {
            Notation::Iccs | Notation::Uci(UciRanks::ZeroToNine) => {
                check_legal(pos, m)?;
                let _ = write!(out, "{m}");
                Ok(())
            }
            Notation::Uci(UciRanks::OneToTen) => {
                check_legal(pos, m)?;
                for sq in [m.from(), m.to()] {
                    let _ = write!(out, "{}{}", sq.file().char(), sq.rank().index() + 1);
                }
                Ok(())
            }
            Notation::Wxf(d) => wxf::push_wxf(pos, m, d, out),
            Notation::Chinese(s) => chinese::push_chinese(pos, m, s, out),
        }
    }

    /// Parses a move string in this notation into the legal move it
    /// names. To read any notation, with the reason of a failure, use
    /// [`Position::parse_move`].
    ///
    /// ```
    /// use xiangqi::notation::{Notation, ParseNotationError};
    /// use xiangqi::Position;
    /// let pos = Position::new();
    /// assert_eq!(Notation::Iccs.parse(&pos, "H2-E2")?.to_string(), "h2e2");
    /// assert_eq!(Notation::Iccs.parse(&pos, "h2h9")?.to_string(), "h2h9");
    /// assert_eq!(Notation::Iccs.parse(&pos, "h2h8"), Err(ParseNotationError::Illegal));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(self, pos: &Position, s: &str) -> Result<Move, ParseNotationError> {
        match self {
            Notation::Iccs => parse_iccs(pos, s),
            Notation::Uci(ranks) => match parse_uci(pos, s, ranks)? {
                UciMove::Move(m) => Ok(m),
                UciMove::Null => Err(ParseNotationError::Illegal),
            },
            Notation::Wxf(d) => parse_wxf(pos, s, d),
            Notation::Chinese(_) => parse_chinese(pos, s),
        }
    }
}
