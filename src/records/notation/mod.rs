//! Move notations: coordinates (ICCS and UCI), WXF and Chinese.
//!
//! Every notation works both ways against a [`Position`]: formatting a legal
//! move, and parsing a string into the unique legal move it describes.
//! Parsing never panics; it fails with a [`ParseNotationError`] saying
//! whether the text is not a move at all, names no legal move here, or fits
//! several legal moves.
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
//! allocates nothing (except the list of candidates of an
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

pub(crate) mod chinese;
mod iccs;
mod wxf;

pub use chinese::{ChineseScript, format_chinese, parse_chinese};
pub use iccs::{UciMove, UciRanks, format_uci, parse_iccs, parse_uci};
pub use wxf::{WxfDialect, format_wxf, parse_wxf};

use arrayvec::ArrayVec;

use crate::base::{Bitboard, Color, File, Move, PlayError, Position, Rank, Role, Square};

/// Folds one input character to the form the parsers read: full-width
/// ASCII forms (`U+FF01`..`U+FF5E`) to ASCII, the ideographic space to a
/// space, the minus sign and dashes to `-`.
pub(crate) fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        _ => c,
    }
}

/// The folded characters of a move string with all whitespace dropped, or
/// `None` if there are more than `N` of them.
pub(crate) fn significant<const N: usize>(s: &str) -> Option<ArrayVec<char, N>> {
    let mut out = ArrayVec::new();
    for c in s.chars().map(fold).filter(|c| !c.is_whitespace()) {
        out.try_push(c).ok()?;
    }
    Some(out)
}

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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

    /// Parses a move string into the legal move it names.
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

/// The role of the moving piece if `m` is legal in `pos`, else the error.
pub(crate) fn check_legal(pos: &Position, m: Move) -> Result<Role, PlayError> {
    match pos.board().piece_at(m.from()) {
        Some(p) if pos.is_legal(m) => Ok(p.role),
        _ => Err(PlayError::new(pos, m)),
    }
}

/// The traditional file number (1..=9, from `color`'s right) of `file`.
pub(crate) fn file_number(color: Color, file: File) -> u8 {
    match color {
        Color::Red => 9 - file.index() as u8,
        Color::Black => file.index() as u8 + 1,
    }
}

/// Direction of a move seen from the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Forward,
    Backward,
    Sideways,
}

/// How far a rank is from `color`'s back rank.
fn rel_rank(color: Color, rank: Rank) -> i32 {
    rank.relative_to(color).index() as i32
}

/// The direction and the last element (steps or destination file number)
/// of a move of a `color` piece, whatever its role.
pub(crate) fn dir_and_target(color: Color, from: Square, to: Square) -> (Dir, u8) {
    let (rf, rt) = (rel_rank(color, from.rank()), rel_rank(color, to.rank()));
    let dir = match rt.cmp(&rf) {
        core::cmp::Ordering::Greater => Dir::Forward,
        core::cmp::Ordering::Less => Dir::Backward,
        core::cmp::Ordering::Equal => Dir::Sideways,
    };
    let target = if from.file() == to.file() {
        (rt - rf).unsigned_abs() as u8
    } else {
        file_number(color, to.file())
    };
    (dir, target)
}

/// The pieces of `color` and `role` on one file, most advanced first.
pub(crate) type Column = ArrayVec<Square, 10>;

/// The pieces of `color` and `role` on `file`, most advanced first.
pub(crate) fn file_column(pos: &Position, color: Color, role: Role, file: File) -> Column {
    let pieces = pos.board().by_color(color) & pos.board().by_role(role) & Bitboard::file(file);
    let mut v: Column = pieces.into_iter().collect();
    v.sort_unstable_by_key(|sq| core::cmp::Reverse(rel_rank(color, sq.rank())));
    v
}

/// Fairy-Stockfish's test for telling two pieces on a file apart by
/// `+`/`-` (前/后): would the other piece on the file, moved by the same
/// vector, land on the board inside its role's region? For advisors and
/// elephants of a legal game it never does, so their file is kept
/// (`A6+5`, `仕六进五`).
pub(crate) fn other_shift_ok(
    color: Color,
    role: Role,
    other: Square,
    from: Square,
    to: Square,
) -> bool {
    let r = other.rank().index() as i32 + to.rank().index() as i32 - from.rank().index() as i32;
    let Some(rank) = (0..10).contains(&r).then(|| Rank::new(r as u32)).flatten() else {
        return false;
    };
    let sq = Square::new(to.file(), rank);
    match role {
        Role::Advisor | Role::General => sq.in_palace(color),
        Role::Elephant => sq.on_own_half(color),
        _ => true,
    }
}

/// Whether two or more files hold two or more pieces of `color` and `role`.
pub(crate) fn multi_tandem(pos: &Position, color: Color, role: Role) -> bool {
    let pieces = pos.board().by_color(color) & pos.board().by_role(role);
    File::ALL
        .iter()
        .filter(|&&f| (pieces & Bitboard::file(f)).more_than_one())
        .count()
        >= 2
}

/// Which of several same pieces on one file a notation designates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Which {
    /// The `k`-th from the front (0 is the most advanced).
    Nth(u8),
    /// The `k`-th from the rear (0 is the rearmost).
    NthFromRear(u8),
    /// The middle one of an odd number.
    Middle,
    /// WXF `+`: the front one, or the second of four or five.
    Plus,
    /// WXF `-`: the rear one, or the second last of four or five.
    Minus,
}

impl Which {
    fn matches(self, idx: usize, n: usize) -> bool {
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

/// Which piece moves, as a notation says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The piece on this file (traditional number).
    File(u8),
    /// One of several on a file, optionally naming the file.
    Tandem(Option<u8>, Which),
}

/// A move as a notation describes it, before matching legal moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Descriptor {
    /// The role, or `None` for a soldier designated without its name.
    pub role: Option<Role>,
    pub origin: Origin,
    pub dir: Dir,
    pub target: u8,
}

impl Descriptor {
    /// The square a `color` piece of `role` on `from` would reach by this
    /// direction and target, if it is on the board.
    fn destination(self, color: Color, role: Role, from: Square) -> Option<Square> {
        let forward = if color == Color::Red { 1 } else { -1 };
        let target_file = || {
            let n = i32::from(self.target);
            let index = if color == Color::Red { 9 - n } else { n - 1 };
            u32::try_from(index).ok().and_then(File::new)
        };
        let (file, rank) = (from.file().index() as i32, from.rank().index() as i32);
        let (to_file, to_rank) = match self.dir {
            Dir::Sideways => (target_file()?.index() as i32, rank),
            Dir::Forward | Dir::Backward => {
                let sign = if self.dir == Dir::Forward {
                    forward
                } else {
                    -forward
                };
                match role {
                    Role::Horse | Role::Advisor | Role::Elephant => {
                        let to_file = target_file()?.index() as i32;
                        let ranks = match (role, (to_file - file).abs()) {
                            (Role::Advisor, 1) | (Role::Horse, 2) => 1,
                            (Role::Elephant, 2) | (Role::Horse, 1) => 2,
                            _ => return None,
                        };
                        (to_file, rank + sign * ranks)
                    }
                    _ => (file, rank + sign * i32::from(self.target)),
                }
            }
        };
        let to_file = u32::try_from(to_file).ok().and_then(File::new)?;
        let to_rank = u32::try_from(to_rank).ok().and_then(Rank::new)?;
        Some(Square::new(to_file, to_rank))
    }

    /// Finds the unique legal move this descriptor names.
    pub(crate) fn resolve(self, pos: &Position) -> Result<Move, ParseNotationError> {
        let us = pos.turn();
        let role = self.role.unwrap_or(Role::Soldier);
        // Each piece of the role has at most one destination that fits the
        // direction and target: test those for legality (no move list).
        let mut found: ArrayVec<(Move, usize, usize), 16> = ArrayVec::new();
        let pieces = pos.board().by_color(us) & pos.board().by_role(role);
        for from in pieces {
            let Some(to) = self.destination(us, role, from) else {
                continue;
            };
            let m = Move::new(from, to);
            if dir_and_target(us, from, to) != (self.dir, self.target) || !pos.is_legal(m) {
                continue;
            }
            let column = file_column(pos, us, role, from.file());
            let idx = column.iter().position(|&s| s == from).unwrap_or(0);
            let n = column.len();
            let ok = match self.origin {
                Origin::File(f) => file_number(us, from.file()) == f,
                Origin::Tandem(file, which) => {
                    file.is_none_or(|f| file_number(us, from.file()) == f) && which.matches(idx, n)
                }
            };
            if ok {
                // At most one entry per piece: never full.
                let _ = found.try_push((m, idx, n));
            }
        }
        if found.len() > 1 {
            // A plain file number on a file of three or five soldiers is
            // the middle one (WXF `P3.4`).
            if matches!(self.origin, Origin::File(_)) && role == Role::Soldier {
                let mut mid = found
                    .iter()
                    .filter(|&&(_, idx, n)| Which::Middle.matches(idx, n));
                if let (Some(only), None) = (mid.next(), mid.next()) {
                    return Ok(only.0);
                }
            }
            return Err(ParseNotationError::Ambiguous(
                found.into_iter().map(|f| f.0).collect(),
            ));
        }
        match found.first() {
            Some(&(m, _, _)) => Ok(m),
            None => Err(ParseNotationError::Illegal),
        }
    }
}
