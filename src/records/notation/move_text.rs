//! Move syntax in any notation: [`MoveText`] (coordinates or a
//! descriptive move), [`CoordinateMove`], and [`SyntaxError`] for a text
//! that is no move. Reading needs no position; a position turns the
//! syntax into a [`Move`] ([`MoveText::resolve`]).

use core::fmt;
use core::str::FromStr;

use super::{DescriptiveMove, MoveError, ParseOptions, UciRanks, chinese, iccs, wxf};
use crate::base::{Move, Position, Square};

/// A coordinate move as written: ICCS (`h2e2`, `H2-E2`) or UCI with ranks
/// 1 to 10 (`h3e3`).
///
/// ```
/// use xiangqi::notation::{CoordinateMove, UciRanks};
/// use xiangqi::Position;
/// let c: CoordinateMove = "H2-E2".parse()?;
/// assert_eq!(c.mv.to_string(), "h2e2");
/// assert_eq!(c.to_string(), "h2e2");
/// assert_eq!(c.explain().to_string(), "from h2 to e2");
/// let c = CoordinateMove::parse_uci("h3e3", UciRanks::OneToTen)?;
/// assert_eq!(c.to_string(), "h3e3");
/// assert_eq!(c.resolve(&Position::new())?.to_string(), "h2e2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CoordinateMove {
    /// The squares (in ICCS terms, ranks 0 to 9).
    pub mv: Move,
    /// How the text numbered the ranks.
    pub ranks: UciRanks,
}

impl CoordinateMove {
    /// Reads coordinates with the given rank numbering (`0000` is not a
    /// move here; see [`parse_uci`](super::parse_uci) for the null move).
    ///
    /// ```
    /// use xiangqi::notation::{CoordinateMove, UciRanks};
    /// assert!(CoordinateMove::parse_uci("a10a9", UciRanks::OneToTen).is_ok());
    /// assert!(CoordinateMove::parse_uci("a10a9", UciRanks::ZeroToNine).is_err());
    /// ```
    pub fn parse_uci(text: &str, ranks: UciRanks) -> Result<CoordinateMove, SyntaxError> {
        iccs::raw_syntax(text, ranks)
            .map_err(|u| SyntaxError::single(NotationKind::Coordinates, text, u))
    }

    /// The move if it is legal in `pos`, else why not.
    ///
    /// ```
    /// use xiangqi::notation::{CoordinateMove, IllegalReason, MoveError};
    /// use xiangqi::Position;
    /// let c: CoordinateMove = "b0b2".parse()?;
    /// assert!(matches!(
    ///     c.resolve(&Position::new()),
    ///     Err(MoveError::Illegal { reason: IllegalReason::OwnPiece, .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveError> {
        match pos.illegal_reason(self.mv) {
            None => Ok(self.mv),
            Some(reason) => Err(MoveError::Illegal {
                mv: self.mv,
                reason,
            }),
        }
    }

    /// What the move means: `from h2 to e2` (ranks 0 to 9).
    ///
    /// ```
    /// use xiangqi::notation::CoordinateMove;
    /// let c: CoordinateMove = "ｂ０ｃ２".parse()?;
    /// assert_eq!(c.explain().to_string(), "from b0 to c2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self) -> impl fmt::Display {
        let (from, to): (Square, Square) = (self.mv.from(), self.mv.to());
        ExplainSquares(from, to)
    }
}

struct ExplainSquares(Square, Square);

impl fmt::Display for ExplainSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "from {} to {}", self.0, self.1)
    }
}

impl fmt::Display for CoordinateMove {
    /// The move in its rank numbering (`h2e2`, or `h3e3` for 1 to 10).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::format_uci(
            super::UciMove::Move(self.mv),
            self.ranks,
        ))
    }
}

impl FromStr for CoordinateMove {
    type Err = SyntaxError;

    /// Reads ICCS coordinates, ranks 0 to 9.
    fn from_str(s: &str) -> Result<CoordinateMove, SyntaxError> {
        CoordinateMove::parse_uci(s, UciRanks::ZeroToNine)
    }
}

/// A notation a move text can be read in, as named by a [`SyntaxError`].
///
/// ```
/// use xiangqi::notation::NotationKind;
/// assert_eq!(NotationKind::Chinese.to_string(), "Chinese");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotationKind {
    /// Coordinates: ICCS or UCI.
    Coordinates,
    /// WXF.
    Wxf,
    /// Chinese.
    Chinese,
}

impl fmt::Display for NotationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotationKind::Coordinates => "coordinates",
            NotationKind::Wxf => "WXF",
            NotationKind::Chinese => "Chinese",
        })
    }
}

/// A text that is not a move in the notations tried: which they were,
/// which one the text looks like, and the first character that fits none.
///
/// ```
/// use xiangqi::notation::{MoveText, NotationKind};
/// let e = MoveText::parse("车1飞1").unwrap_err();
/// assert_eq!(e.closest, Some(NotationKind::Chinese));
/// assert_eq!(e.unexpected, Some('飞'));
/// assert_eq!(
///     e.to_string(),
///     "not a move in coordinates, WXF or Chinese (it looks like Chinese, but '飞' is not part of it)"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub struct SyntaxError {
    /// The notations the text was read as.
    pub tried: &'static [NotationKind],
    /// The notation the text looks most like, by its characters.
    pub closest: Option<NotationKind>,
    /// The first character that is not part of that notation; `None`
    /// if every character is, but not in a move's order or number.
    pub unexpected: Option<char>,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a move in ")?;
        let n = self.tried.len();
        for (i, k) in self.tried.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == n => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{k}")?;
        }
        match (self.closest, self.unexpected) {
            (Some(k), Some(c)) => write!(f, " (it looks like {k}, but {c:?} is not part of it)"),
            (Some(k), None) => write!(f, " (it looks like {k}, but is not well formed)"),
            _ => Ok(()),
        }
    }
}

/// A move read from text in any notation, before it meets a position:
/// "parse, then resolve".
///
/// ```
/// use xiangqi::notation::MoveText;
/// use xiangqi::Position;
/// let pos = Position::new();
/// for s in ["h2e2", "Ｃ２＝５", "炮二平五", "砲二平五"] {
///     let text: MoveText = s.parse()?;
///     assert_eq!(text.resolve(&pos)?.to_string(), "h2e2");
/// }
/// assert_eq!(MoveText::parse("炮二平五")?.explain().to_string(), "cannon from file 2 to file 5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveText {
    /// Coordinates (`h2e2`).
    Coordinates(CoordinateMove),
    /// WXF or Chinese (`C2=5`, `炮二平五`).
    Descriptive(DescriptiveMove),
}

impl MoveText {
    /// Reads a move in any notation with the default options: ICCS
    /// coordinates (ranks 0 to 9), WXF (every dialect) and Chinese
    /// (simplified, traditional, full-width forms, spaces anywhere). The
    /// notations share no text, so at most one reads it.
    ///
    /// ```
    /// use xiangqi::notation::MoveText;
    /// assert!(matches!(MoveText::parse("h2e2")?, MoveText::Coordinates(_)));
    /// assert!(matches!(MoveText::parse("H2+3")?, MoveText::Descriptive(_)));
    /// assert!(MoveText::parse("hello").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<MoveText, SyntaxError> {
        MoveText::parse_with(text, &ParseOptions::default())
    }

    /// [`MoveText::parse`] with the rank numbering of coordinates and the
    /// WXF dialect of `options`.
    ///
    /// ```
    /// use xiangqi::notation::{MoveText, ParseOptions, UciRanks};
    /// let opts = ParseOptions::default().with_coordinates(UciRanks::OneToTen);
    /// assert_eq!(MoveText::parse_with("a10a9", &opts)?.to_string(), "a10a9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_with(text: &str, options: &ParseOptions) -> Result<MoveText, SyntaxError> {
        let coords = match iccs::raw_syntax(text, options.coordinates) {
            Ok(c) => return Ok(MoveText::Coordinates(c)),
            Err(e) => e,
        };
        let chinese = match chinese::raw_syntax(text) {
            Ok(d) => return Ok(MoveText::Descriptive(d)),
            Err(e) => e,
        };
        let wxf = match wxf::raw_syntax(text, options.wxf_dialect) {
            Ok(d) => return Ok(MoveText::Descriptive(d)),
            Err(e) => e,
        };
        let closest = closest(text);
        let unexpected = match closest {
            Some(NotationKind::Coordinates) => coords,
            Some(NotationKind::Wxf) => wxf,
            Some(NotationKind::Chinese) => chinese,
            None => None,
        };
        Err(SyntaxError {
            tried: ALL,
            closest,
            unexpected,
        })
    }

    /// The descriptive move, if this is one.
    ///
    /// ```
    /// use xiangqi::notation::MoveText;
    /// assert!(MoveText::parse("h2e2")?.descriptive().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn descriptive(&self) -> Option<&DescriptiveMove> {
        match self {
            MoveText::Descriptive(d) => Some(d),
            MoveText::Coordinates(_) => None,
        }
    }

    /// The legal move this names in `pos`, read leniently.
    ///
    /// ```
    /// use xiangqi::notation::MoveText;
    /// use xiangqi::Position;
    /// assert_eq!(MoveText::parse("马二进三")?.resolve(&Position::new())?.to_string(), "h0g2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveError> {
        self.resolve_with(pos, &ParseOptions::default())
    }

    /// [`MoveText::resolve`] under `options`.
    ///
    /// ```
    /// use xiangqi::notation::{MoveError, MoveText, ParseOptions};
    /// use xiangqi::Position;
    /// let strict = ParseOptions::default().with_strict(true);
    /// let text = MoveText::parse("卒五进一")?;
    /// let got = text.resolve_with(&Position::new(), &strict);
    /// assert!(matches!(got, Err(MoveError::WrongSideGlyph { glyph: '卒', .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_with(&self, pos: &Position, options: &ParseOptions) -> Result<Move, MoveError> {
        match self {
            MoveText::Coordinates(c) => c.resolve(pos),
            MoveText::Descriptive(d) => d.resolve_with(pos, options),
        }
    }

    /// What the move means, in plain English.
    ///
    /// ```
    /// use xiangqi::notation::MoveText;
    /// assert_eq!(MoveText::parse("h2-e2")?.explain().to_string(), "from h2 to e2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self) -> impl fmt::Display + '_ {
        ExplainText(self)
    }
}

struct ExplainText<'a>(&'a MoveText);

impl fmt::Display for ExplainText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MoveText::Coordinates(c) => write!(f, "{}", c.explain()),
            MoveText::Descriptive(d) => write!(f, "{}", d.explain()),
        }
    }
}

impl fmt::Display for MoveText {
    /// The move in the notation it was written in (canonical characters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Coordinates(c) => c.fmt(f),
            MoveText::Descriptive(d) => d.fmt(f),
        }
    }
}

impl FromStr for MoveText {
    type Err = SyntaxError;

    /// [`MoveText::parse`].
    fn from_str(s: &str) -> Result<MoveText, SyntaxError> {
        MoveText::parse(s)
    }
}

/// Every notation, in the order [`MoveText::parse`] tries them.
const ALL: &[NotationKind] = &[
    NotationKind::Coordinates,
    NotationKind::Wxf,
    NotationKind::Chinese,
];

/// The notation `text` looks like by its characters: Chinese if it has a
/// character outside ASCII and its full-width forms, coordinates if it
/// starts with a file letter, a digit and a file letter or `-`, WXF if it
/// starts with a piece letter, a sign or a digit.
pub(crate) fn closest(text: &str) -> Option<NotationKind> {
    let chars = text.chars().map(super::fold).filter(|c| !c.is_whitespace());
    if chars.clone().any(|c| !c.is_ascii()) {
        return Some(NotationKind::Chinese);
    }
    let mut lower = chars.map(|c| c.to_ascii_lowercase());
    let first: [char; 3] = core::array::from_fn(|_| lower.next().unwrap_or(' '));
    match first {
        ['a'..='i', '0'..='9', 'a'..='i' | '-'] => Some(NotationKind::Coordinates),
        [
            'k' | 'a' | 'e' | 'h' | 'r' | 'c' | 'p' | 'g' | 'b' | 'n' | 's',
            ..,
        ]
        | ['+' | '-' | '1'..='9', ..] => Some(NotationKind::Wxf),
        _ => None,
    }
}

impl SyntaxError {
    /// The error of a reader of one notation, `kind`, on `text`, whose
    /// first character outside the notation is `unexpected`.
    pub(crate) fn single(kind: NotationKind, text: &str, unexpected: Option<char>) -> SyntaxError {
        const ONE: [&[NotationKind]; 3] = [
            &[NotationKind::Coordinates],
            &[NotationKind::Wxf],
            &[NotationKind::Chinese],
        ];
        let closest = closest(text);
        SyntaxError {
            tried: ONE[kind as usize],
            closest,
            unexpected: unexpected.filter(|_| closest == Some(kind)),
        }
    }
}

/// The first character of `text` (folded, spaces skipped) that `fits`
/// rejects.
pub(crate) fn first_misfit(text: &str, fits: impl Fn(char) -> bool) -> Option<char> {
    text.chars()
        .map(super::fold)
        .filter(|c| !c.is_whitespace())
        .find(|&c| !fits(c))
}
