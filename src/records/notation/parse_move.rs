//! One way into notation: [`Position::parse_move`] reads a move in any
//! notation and says why a text names no legal move ([`MoveError`]).

use core::fmt;

use arrayvec::ArrayVec;

use super::descriptive::write_piece;
use super::{IllegalReason, MoveText, Numerals, Origin, SyntaxError, UciRanks, WxfDialect};
use crate::base::{Color, Move, Position, Role};

/// How [`Position::parse_move_with`] reads a move.
///
/// By default reading is lenient, as records are written: either side's
/// piece characters and numerals are read for the side to move. Strict
/// reading rejects the other side's characters (`将五进一` for Red) and
/// numerals (`马八进七` for Black, `炮2平5` for Red).
///
/// ```
/// use xiangqi::notation::{ParseOptions, UciRanks, WxfDialect};
/// let opts = ParseOptions::default()
///     .with_strict(true)
///     .with_wxf_dialect(WxfDialect::Wxf)
///     .with_coordinates(UciRanks::OneToTen);
/// assert!(opts.strict);
/// assert_eq!(opts.wxf_dialect, WxfDialect::Wxf);
/// assert!(!ParseOptions::default().strict);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Reject the other side's piece characters and numerals in Chinese
    /// moves (default `false`).
    pub strict: bool,
    /// How to read WXF's two-equal-digit soldier form (`33.4`).
    pub wxf_dialect: WxfDialect,
    /// How coordinates number the ranks: `0`-`9` as ICCS (the default)
    /// or `1`-`10` (`h3e3`).
    pub coordinates: UciRanks,
}

impl ParseOptions {
    /// These options with `strict` set.
    ///
    /// ```
    /// use xiangqi::notation::ParseOptions;
    /// assert!(ParseOptions::default().with_strict(true).strict);
    /// ```
    pub fn with_strict(mut self, strict: bool) -> ParseOptions {
        self.strict = strict;
        self
    }

    /// These options with `wxf_dialect` set.
    ///
    /// ```
    /// use xiangqi::notation::{ParseOptions, WxfDialect};
    /// let opts = ParseOptions::default().with_wxf_dialect(WxfDialect::Wxf);
    /// assert_eq!(opts.wxf_dialect, WxfDialect::Wxf);
    /// ```
    pub fn with_wxf_dialect(mut self, dialect: WxfDialect) -> ParseOptions {
        self.wxf_dialect = dialect;
        self
    }

    /// These options with `coordinates` set.
    ///
    /// ```
    /// use xiangqi::notation::{ParseOptions, UciRanks};
    /// use xiangqi::Position;
    /// let opts = ParseOptions::default().with_coordinates(UciRanks::OneToTen);
    /// assert_eq!(Position::new().parse_move_with("h3e3", &opts)?.to_string(), "h2e2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_coordinates(mut self, ranks: UciRanks) -> ParseOptions {
        self.coordinates = ranks;
        self
    }
}

/// The legal moves an ambiguous text fits (at most one per piece).
///
/// ```
/// use xiangqi::notation::{Candidates, MoveError};
/// use xiangqi::Position;
///
/// // Two red chariots on file 9 (a0, a3): "车九进一" fits both.
/// let pos: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/R1P1P1P1P/1C5C1/9/RNBAKABN1 w".parse()?;
/// let candidates: Candidates = match pos.parse_move("车九进一") {
///     Err(MoveError::Ambiguous(moves)) => moves,
///     other => panic!("not ambiguous: {other:?}"),
/// };
/// let texts: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts, ["a0a1", "a3a4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Candidates = ArrayVec<Move, 16>;

/// Why a move text names no legal move: [`Position::parse_move`]'s error.
///
/// Every reason is a value a program can act on (and its `Display` a
/// sentence a GUI can show); none allocates.
///
/// ```
/// use xiangqi::notation::{IllegalReason, MoveError};
/// use xiangqi::Position;
/// let pos = Position::new();
/// assert!(matches!(pos.parse_move("hello"), Err(MoveError::Syntax(_))));
/// assert!(matches!(pos.parse_move("车五进一"), Err(MoveError::NoPiece { .. })));
/// let e = pos.parse_move("车九进五").unwrap_err();
/// assert!(matches!(e, MoveError::Illegal { reason: IllegalReason::PathBlocked { .. }, .. }));
/// assert_eq!(e.to_string(), "a0a5 is not legal: the path is blocked on a3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in any notation tried.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text fits several legal moves.
    #[error("ambiguous: it fits {}", MoveList(.0))]
    Ambiguous(Candidates),
    /// Strict reading: the piece character is the other side's (`将` for
    /// Red, `兵` for Black).
    #[error("{glyph} is {}'s piece, but {} is to move", side_name(*side), side_name(!*side))]
    WrongSideGlyph {
        /// The character written.
        glyph: char,
        /// The side it names.
        side: Color,
    },
    /// Strict reading: the numbers are not the mover's (Red writes
    /// Chinese numerals, Black digits).
    #[error("{} writes files in {}, not {numerals}", side_name(*mover), own_numerals(*mover))]
    WrongSideNumerals {
        /// The numerals written.
        numerals: Numerals,
        /// The side to move.
        mover: Color,
    },
    /// No piece of the mover's stands where the text says (`车五进一`
    /// with no chariot on file 5, `前马` with no two horses on a file).
    #[error("there is no {}", Piece(*role, *origin))]
    NoPiece {
        /// The role named (a soldier, when none is).
        role: Role,
        /// Where the text says it stands.
        origin: Origin,
    },
    /// The piece exists but no move of it fits the text: off the board
    /// (`车一退一` on the back rank) or not a move of its kind (`马二进五`,
    /// three files across).
    #[error("the {} cannot move that way", Piece(*role, *origin))]
    NoSuchMove {
        /// The role named.
        role: Role,
        /// Where the text says it stands.
        origin: Origin,
    },
    /// The move the text names is against the rules, for this reason.
    #[error("{mv} is not legal: {reason}")]
    Illegal {
        /// The move the text describes.
        mv: Move,
        /// Why it is not legal.
        reason: IllegalReason,
    },
}

/// `Red` or `Black`, to begin a sentence.
fn side_name(side: Color) -> &'static str {
    match side {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn own_numerals(side: Color) -> Numerals {
    match side {
        Color::Red => Numerals::Chinese,
        Color::Black => Numerals::Digits,
    }
}

/// A piece named by role and origin, for messages.
struct Piece(Role, Origin);

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Origin::Tandem {
                file: None,
                which: super::Which::Nth(0) | super::Which::NthFromRear(0),
            } => {
                write_piece(f, self.0, self.1)?;
                write!(f, " (no file holds two {}s)", self.0)
            }
            origin => write_piece(f, self.0, origin),
        }
    }
}

/// Moves written `a0a1 or a3a4`.
struct MoveList<'a>(&'a Candidates);

impl fmt::Display for MoveList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == self.0.len() => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{m}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads a move in any notation and returns the one legal move it
    /// names: ICCS coordinates (`h2e2`, `H2-E2`, ranks 0 to 9), WXF in
    /// every dialect (`C2=5`, `C2.5`, `+C.5`, `15+1`), Chinese in
    /// simplified or traditional characters (`炮二平五`, `馬８進７`),
    /// full-width forms and spaces anywhere. Reading is lenient (see
    /// [`ParseOptions`]); the error says why no legal move fits.
    ///
    /// ```
    /// use xiangqi::notation::{IllegalReason, MoveError};
    /// use xiangqi::Position;
    /// let pos = Position::new();
    /// for text in ["h2e2", "Ｃ２＝５", "C2.5", "炮二平五", "炮２平５"] {
    ///     assert_eq!(pos.parse_move(text)?.to_string(), "h2e2");
    /// }
    /// // Two red chariots on file 9 (a0, a3): "车九进一" fits both.
    /// let pos: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/R1P1P1P1P/1C5C1/9/RNBAKABN1 w".parse()?;
    /// assert_eq!(
    ///     pos.parse_move("车九进一").unwrap_err().to_string(),
    ///     "ambiguous: it fits a0a1 or a3a4"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_with(text, &ParseOptions::default())
    }

    /// [`Position::parse_move`] under `options`.
    ///
    /// ```
    /// use xiangqi::notation::{MoveError, ParseOptions};
    /// use xiangqi::{Color, Position};
    /// let pos = Position::new();
    /// let strict = ParseOptions::default().with_strict(true);
    /// assert_eq!(pos.parse_move("将五进一")?.to_string(), "e0e1"); // lenient: Red's general
    /// assert_eq!(
    ///     pos.parse_move_with("将五进一", &strict),
    ///     Err(MoveError::WrongSideGlyph { glyph: '将', side: Color::Black })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move_with(&self, text: &str, options: &ParseOptions) -> Result<Move, MoveError> {
        MoveText::parse_with(text, options)?.resolve_with(self, options)
    }
}
