//! Descriptive move syntax (WXF, Chinese): [`DescriptiveMove`] and its
//! parts, what a text says before it meets a position.

use core::fmt;
use core::str::FromStr;

use super::{
    ChineseScript, MoveError, MoveText, NotationKind, ParseOptions, SyntaxError, WxfDialect,
    chinese, wxf,
};
use crate::base::{Color, Move, Position, Role};

/// Which way a descriptive move goes, seen from the mover.
///
/// ```
/// use xiangqi::notation::{Direction, MoveText};
/// let text: MoveText = "炮二平五".parse()?;
/// assert_eq!(text.descriptive().map(|d| d.direction), Some(Direction::Sideways));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the opponent: WXF `+`, Chinese `进`.
    Forward,
    /// Towards the mover's own side: WXF `-`, Chinese `退`.
    Backward,
    /// Along the rank: WXF `.` or `=`, Chinese `平`.
    Sideways,
}

/// Which of several same pieces on one file a move names.
///
/// ```
/// use xiangqi::notation::{MoveText, Origin, Which};
/// let text: MoveText = "前炮平五".parse()?;
/// let origin = text.descriptive().map(|d| d.origin);
/// assert_eq!(origin, Some(Origin::Tandem { file: None, which: Which::Nth(0) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The `k`-th from the front, counting from 0 (`前` is `Nth(0)`; the
    /// Chinese `一`..`五` for four or five soldiers, WXF `15+1`).
    Nth(u8),
    /// The `k`-th from the rear, counting from 0 (`后` is
    /// `NthFromRear(0)`, WXF `--` too).
    NthFromRear(u8),
    /// The middle one of three or five (`中`, WXF `33.4`).
    Middle,
    /// WXF `+`: the front one, or the second of four or five.
    Plus,
    /// WXF `-`: the rear one, or the second last of four or five.
    Minus,
}

impl Which {
    /// Whether the piece at `idx` (0 is the most advanced) of `n` on a
    /// file is the one meant.
    pub(crate) fn matches(self, idx: usize, n: usize) -> bool {
        if n < 2 {
            return false;
        }
        match self {
            Which::Nth(k) => idx == usize::from(k),
            Which::NthFromRear(k) => idx + 1 + usize::from(k) == n,
            Which::Middle => n % 2 == 1 && idx == n / 2,
            Which::Plus => idx == usize::from(n >= 4),
            Which::Minus => idx + 1 + usize::from(n >= 4) == n,
        }
    }
}

impl fmt::Display for Which {
    /// In English: `front`, `rear`, `middle`, `second from the front`, ...
    ///
    /// ```
    /// use xiangqi::notation::Which;
    /// assert_eq!(Which::Nth(0).to_string(), "front");
    /// assert_eq!(Which::Nth(2).to_string(), "third from the front");
    /// assert_eq!(Which::Plus.to_string(), "front (+)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NTH: [&str; 5] = ["front", "second", "third", "fourth", "fifth"];
        let name = |k: u8| NTH.get(usize::from(k)).copied().unwrap_or("last");
        match *self {
            Which::Nth(0) => f.write_str("front"),
            Which::NthFromRear(0) => f.write_str("rear"),
            Which::Nth(k) => write!(f, "{} from the front", name(k)),
            Which::NthFromRear(k) => write!(f, "{} from the rear", name(k)),
            Which::Middle => f.write_str("middle"),
            Which::Plus => f.write_str("front (+)"),
            Which::Minus => f.write_str("rear (-)"),
        }
    }
}

/// Which piece a descriptive move moves: the one on a file, or one of
/// several on a file.
///
/// Files are numbered 1 to 9 from the mover's right.
///
/// ```
/// use xiangqi::notation::{MoveText, Origin};
/// let text: MoveText = "C2=5".parse()?;
/// assert_eq!(text.descriptive().map(|d| d.origin), Some(Origin::File(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The piece on this file.
    File(u8),
    /// One of several same pieces on a file, and the file if it is named
    /// (`前七平六`, WXF `3+.4`).
    Tandem {
        /// The file, when written.
        file: Option<u8>,
        /// Which piece of the file.
        which: Which,
    },
}

/// The number style of a Chinese move: Red writes `一`..`九`, Black
/// `1`..`9` (ASCII or full-width).
///
/// ```
/// use xiangqi::notation::{MoveText, Numerals};
/// use xiangqi::Color;
/// let text: MoveText = "马８进７".parse()?;
/// let numerals = text.descriptive().and_then(|d| d.numerals);
/// assert_eq!(numerals, Some(Numerals::Digits));
/// assert_eq!(Numerals::Digits.side(), Some(Color::Black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Numerals {
    /// Chinese numerals `一`..`九`, as Red writes them.
    Chinese,
    /// Digits, as Black writes them.
    Digits,
    /// Both in one move (`炮二平5`).
    Mixed,
}

impl Numerals {
    /// The side that writes its moves in these numerals (`None` for
    /// [`Numerals::Mixed`]).
    ///
    /// ```
    /// use xiangqi::notation::Numerals;
    /// use xiangqi::Color;
    /// assert_eq!(Numerals::Chinese.side(), Some(Color::Red));
    /// assert_eq!(Numerals::Mixed.side(), None);
    /// ```
    pub const fn side(self) -> Option<Color> {
        match self {
            Numerals::Chinese => Some(Color::Red),
            Numerals::Digits => Some(Color::Black),
            Numerals::Mixed => None,
        }
    }
}

impl fmt::Display for Numerals {
    /// `Chinese numerals`, `digits`, `mixed numerals and digits`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Numerals::Chinese => "Chinese numerals",
            Numerals::Digits => "digits",
            Numerals::Mixed => "mixed numerals and digits",
        })
    }
}

/// The notation a descriptive move is written in.
///
/// ```
/// use xiangqi::notation::{ChineseScript, DescriptiveNotation, MoveText};
/// let text: MoveText = "馬八進七".parse()?;
/// assert_eq!(
///     text.descriptive().map(|d| d.notation),
///     Some(DescriptiveNotation::Chinese(ChineseScript::Traditional))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DescriptiveNotation {
    /// WXF letters and signs (`C2=5`, `C2.5`, `+C.5`, `15+1`).
    Wxf,
    /// Chinese characters, in this script (traditional if any character
    /// is traditional only, such as `車 馬 進 後 帥 將`).
    Chinese(ChineseScript),
}

/// A descriptive move (WXF or Chinese) as written: which piece, which
/// way, how far or to which file, and how it was written.
///
/// The text is read without a position; [`DescriptiveMove::resolve`] finds
/// the legal move it names. [`DescriptiveMove::explain`] says in English
/// what it means, and [`Display`](fmt::Display) writes it back in its
/// notation (canonical forms: `C2.5`, `炮二平五`).
///
/// ```
/// use xiangqi::notation::{DescriptiveMove, Direction, Origin};
/// use xiangqi::{Position, Role};
/// let d: DescriptiveMove = "Ｃ２＝５".parse()?;
/// assert_eq!(d.role, Some(Role::Cannon));
/// assert_eq!((d.origin, d.direction, d.target), (Origin::File(2), Direction::Sideways, 5));
/// assert_eq!(d.explain().to_string(), "cannon from file 2 to file 5");
/// assert_eq!(d.to_string(), "C2.5");
/// assert_eq!(d.resolve(&Position::new())?.to_string(), "h2e2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DescriptiveMove {
    /// The moving piece's role, or `None` for soldiers named by their
    /// file and place only (`前七平六`, WXF `15+1`).
    pub role: Option<Role>,
    /// Which piece moves.
    pub origin: Origin,
    /// Which way it goes.
    pub direction: Direction,
    /// The destination file (sideways moves, and forward or back for
    /// horses, advisors and elephants) or the number of steps, 1 to 9.
    pub target: u8,
    /// The notation it was written in.
    pub notation: DescriptiveNotation,
    /// The piece character as written, for Chinese (`帅`, `卒`, `車`).
    pub glyph: Option<char>,
    /// The number style, for Chinese.
    pub numerals: Option<Numerals>,
}

impl DescriptiveMove {
    /// The side whose piece the written character names, if it names one
    /// (`帅 帥 仕 相 兵 俥 傌` are Red's, `将 將 士 象 卒` Black's; `车 马
    /// 炮` and WXF letters name no side).
    ///
    /// ```
    /// use xiangqi::notation::DescriptiveMove;
    /// use xiangqi::Color;
    /// let d: DescriptiveMove = "将5进1".parse()?;
    /// assert_eq!(d.glyph_side(), Some(Color::Black));
    /// let d: DescriptiveMove = "车1进1".parse()?;
    /// assert_eq!(d.glyph_side(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn glyph_side(&self) -> Option<Color> {
        self.glyph.and_then(chinese::glyph_side)
    }

    /// Reads WXF notation (every dialect; `dialect` only decides how two
    /// equal digits such as `33.4` are read).
    ///
    /// ```
    /// use xiangqi::notation::{DescriptiveMove, Origin, Which, WxfDialect};
    /// let d = DescriptiveMove::parse_wxf("33.4", WxfDialect::Wxf)?;
    /// assert_eq!(d.origin, Origin::Tandem { file: Some(3), which: Which::Middle });
    /// let d = DescriptiveMove::parse_wxf("33.4", WxfDialect::FairyStockfish)?;
    /// assert_eq!(d.origin, Origin::Tandem { file: Some(3), which: Which::Nth(2) });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_wxf(text: &str, dialect: WxfDialect) -> Result<DescriptiveMove, SyntaxError> {
        wxf::raw_syntax(text, dialect).map_err(|u| SyntaxError::single(NotationKind::Wxf, text, u))
    }

    /// Reads Chinese notation, simplified or traditional.
    ///
    /// ```
    /// use xiangqi::notation::{DescriptiveMove, Numerals};
    /// let d = DescriptiveMove::parse_chinese("炮二平五")?;
    /// assert_eq!(d.numerals, Some(Numerals::Chinese));
    /// assert!(DescriptiveMove::parse_chinese("C2=5").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_chinese(text: &str) -> Result<DescriptiveMove, SyntaxError> {
        chinese::raw_syntax(text).map_err(|u| SyntaxError::single(NotationKind::Chinese, text, u))
    }

    /// The legal move this names in `pos`, read leniently
    /// ([`ParseOptions::default`]).
    ///
    /// ```
    /// use xiangqi::notation::{DescriptiveMove, MoveError};
    /// use xiangqi::Position;
    /// let d: DescriptiveMove = "车五进一".parse()?;
    /// assert!(matches!(d.resolve(&Position::new()), Err(MoveError::NoPiece { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveError> {
        super::resolve::descriptive(self, pos, &ParseOptions::default())
    }

    /// [`DescriptiveMove::resolve`] under `options` (strict reading
    /// rejects the other side's glyph and numerals).
    ///
    /// ```
    /// use xiangqi::notation::{DescriptiveMove, MoveError, ParseOptions};
    /// use xiangqi::Position;
    /// let d: DescriptiveMove = "炮2平5".parse()?;
    /// let strict = ParseOptions::default().with_strict(true);
    /// assert!(d.resolve(&Position::new()).is_ok());
    /// assert!(matches!(
    ///     d.resolve_with(&Position::new(), &strict),
    ///     Err(MoveError::WrongSideNumerals { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_with(&self, pos: &Position, options: &ParseOptions) -> Result<Move, MoveError> {
        super::resolve::descriptive(self, pos, options)
    }

    /// What the move means, in plain English, for a display: `cannon
    /// from file 2 to file 5`, `horse on file 8 forward to file 7`,
    /// `rear chariot forward 3 steps`.
    ///
    /// ```
    /// use xiangqi::notation::DescriptiveMove;
    /// let d: DescriptiveMove = "马８进７".parse()?;
    /// assert_eq!(d.explain().to_string(), "horse on file 8 forward to file 7");
    /// let d: DescriptiveMove = "前车退三".parse()?;
    /// assert_eq!(d.explain().to_string(), "front chariot back 3 steps");
    /// let d: DescriptiveMove = "R1+1".parse()?;
    /// assert_eq!(d.explain().to_string(), "chariot on file 1 forward 1 step");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self) -> impl fmt::Display + '_ {
        Explain(self)
    }
}

/// English text of a descriptive move.
struct Explain<'a>(&'a DescriptiveMove);

/// Writes `origin` with the piece's name: `cannon on file 2`, `front
/// horse`, `middle soldier on file 7`.
pub(crate) fn write_piece(f: &mut fmt::Formatter<'_>, role: Role, origin: Origin) -> fmt::Result {
    let name = role;
    match origin {
        Origin::File(n) => write!(f, "{name} on file {n}"),
        Origin::Tandem { file, which } => {
            write!(f, "{which} {name}")?;
            match file {
                Some(n) => write!(f, " on file {n}"),
                None => Ok(()),
            }
        }
    }
}

impl fmt::Display for Explain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        let role = d.role.unwrap_or(Role::Soldier);
        let by_file = matches!(role, Role::Horse | Role::Advisor | Role::Elephant);
        match (d.direction, d.origin) {
            (Direction::Sideways, Origin::File(n)) => {
                return write!(f, "{role} from file {n} to file {}", d.target);
            }
            _ => write_piece(f, role, d.origin)?,
        }
        let way = match d.direction {
            Direction::Forward => "forward",
            Direction::Backward => "back",
            Direction::Sideways => "sideways",
        };
        let t = d.target;
        if d.direction == Direction::Sideways || by_file {
            write!(f, " {way} to file {t}")
        } else {
            write!(f, " {way} {t} step{}", if t == 1 { "" } else { "s" })
        }
    }
}

impl fmt::Display for DescriptiveMove {
    /// The move in its notation, in canonical characters: WXF with `.`
    /// sideways (`C2.5`, `+C.5`, `3-.4`), Chinese in its script, with the
    /// piece character and numbers as written (`炮二平五`, `马8进7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation {
            DescriptiveNotation::Chinese(script) => chinese::write_syntax(self, script, f),
            _ => wxf::write_syntax(self, f),
        }
    }
}

impl FromStr for DescriptiveMove {
    type Err = SyntaxError;

    /// Reads WXF (Fairy-Stockfish's reading of `33.4`) or Chinese.
    fn from_str(s: &str) -> Result<DescriptiveMove, SyntaxError> {
        match MoveText::parse(s)? {
            MoveText::Descriptive(d) => Ok(d),
            MoveText::Coordinates(_) => Err(SyntaxError {
                tried: &[NotationKind::Wxf, NotationKind::Chinese],
                closest: Some(NotationKind::Coordinates),
                unexpected: None,
            }),
        }
    }
}
