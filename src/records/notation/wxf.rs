//! WXF notation: `C2.5`, `H8+7`, `R1-1`, `A4+5`, with tandem pieces.
//!
//! A move is a piece letter (`K A E H R C P`), the file it stands on (1-9
//! from the mover's right), a direction (`+` forward, `-` back, `.` or `=`
//! sideways) and the destination file, or the number of steps for a move
//! along a file. Two dialects differ in how pieces sharing a file are told
//! apart; see [`WxfDialect`]. Parsing accepts every dialect at once (only
//! the two-digit soldier form `33.4` needs the dialect to be read).

use core::fmt;

use super::board_columns::{
    dir_and_target, file_column, file_number, multi_tandem, other_shift_ok,
};
use super::move_text::first_misfit;
use super::moving_role::check_legal;
use super::text_fold::significant;
use super::{
    DescriptiveMove, DescriptiveNotation, Direction, Origin, ParseNotationError, ParseOptions,
    Which, resolve,
};
use crate::base::{PlayError, Position, Role};

/// The WXF output dialect.
///
/// ```
/// use xiangqi::notation::{format_wxf, WxfDialect};
/// use xiangqi::Position;
/// // Two red cannons on the c-file (from tests/suite/tests/data/wxf.txt).
/// let pos: Position = "1nC2abnr/rc2a4/c3k4/p1p1p1p1p/8P/2P6/P3P1P2/2C6/R8/1NBAKABNR w".parse()?;
/// let m = "c2a2".parse()?;
/// assert_eq!(format_wxf(&pos, m, WxfDialect::FairyStockfish)?, "C-=9");
/// assert_eq!(format_wxf(&pos, m, WxfDialect::Wxf)?, "C-.9");
/// assert_eq!(format_wxf(&pos, m, WxfDialect::WxfPrefix)?, "-C.9");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum WxfDialect {
    /// Fairy-Stockfish (`pyffish.get_san(.., NOTATION_XIANGQI_WXF)`), exactly:
    /// `=` sideways; two pieces on a file are `C+`/`C-` only if the other
    /// piece, shifted by the same vector, would stay on the board and in its
    /// region (so advisors and elephants keep their file digit); three or
    /// more soldiers on a file, or two on a file while another file also has
    /// two, are numbered from the front with the file kept (`15+1`, `27=6`).
    #[default]
    FairyStockfish,
    /// The WXF rules (wxf.org): `.` sideways; two pieces on a file are
    /// `R+.3`/`R-.3` (but two advisors or elephants keep their file,
    /// `E7+5`, as in the federation's own records); three soldiers `P+ P3 P-`, four `++ P+ P- --`, five
    /// `++ P+ P3 P- --`; with tandem soldiers on two files, the file then
    /// `+`, `-` or the file again for the middle one (`3+.4`, `33.4`, `3-.4`).
    Wxf,
    /// As [`WxfDialect::Wxf`], with the marker before the letter: `+C.5`.
    WxfPrefix,
}

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn role_of_letter(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' | 'S' => Role::Soldier,
        _ => return None,
    })
}

fn digit(n: usize) -> char {
    char::from_digit(n as u32, 10).unwrap_or('?')
}

/// Formats a legal move in WXF notation.
///
/// ```
/// use xiangqi::notation::{format_wxf, WxfDialect};
/// use xiangqi::Position;
/// let mut pos = Position::new();
/// let d = WxfDialect::Wxf;
/// assert_eq!(format_wxf(&pos, "h2e2".parse()?, d)?, "C2.5");
/// pos.play("h2e2".parse()?)?;
/// assert_eq!(format_wxf(&pos, "h9g7".parse()?, d)?, "H8+7");
/// assert!(format_wxf(&pos, "h2e2".parse()?, d).is_err()); // not legal here
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_wxf(
    pos: &Position,
    m: crate::base::Move,
    dialect: WxfDialect,
) -> Result<String, PlayError> {
    let mut out = String::with_capacity(4);
    push_wxf(pos, m, dialect, &mut out)?;
    Ok(out)
}

/// [`format_wxf`], appending to `out`.
pub(crate) fn push_wxf(
    pos: &Position,
    m: crate::base::Move,
    dialect: WxfDialect,
    out: &mut String,
) -> Result<(), PlayError> {
    let role = check_legal(pos, m)?;
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let (dir, target) = dir_and_target(us, from, to);
    let file = digit(usize::from(file_number(us, from.file())));
    let column = file_column(pos, us, role, from.file());
    let n = column.len();
    let idx = column.iter().position(|&s| s == from).unwrap_or(0);
    let multi = multi_tandem(pos, us, role);
    let l = letter(role);
    let sideways = match dialect {
        WxfDialect::FairyStockfish => {
            if n >= 3 || (multi && n >= 2) {
                out.push(digit(idx + 1));
                out.push(file);
            } else if n == 2 && other_shift_ok(us, role, column[1 - idx], from, to) {
                out.push(l);
                out.push(if idx == 0 { '+' } else { '-' });
            } else {
                out.push(l);
                out.push(file);
            }
            '='
        }
        WxfDialect::Wxf | WxfDialect::WxfPrefix => {
            let prefix = dialect == WxfDialect::WxfPrefix;
            // Two advisors or elephants keep their file when the direction
            // tells them apart, as wxf.ca's own records write them (`E7+5`).
            let keep_file = n == 2
                && matches!(role, Role::Advisor | Role::Elephant)
                && !other_shift_ok(us, role, column[1 - idx.min(1)], from, to);
            let marks: &str = match (n, role == Role::Soldier && multi) {
                _ if keep_file => "FF",
                (0 | 1, _) => "F",
                (_, true) => ["+F-", "+-"][usize::from(n == 2)],
                (2, false) => "+-",
                (3, false) => "+F-",
                (4, false) => "#+-_",
                _ => "#+F-_",
            };
            let mark = marks.chars().nth(idx).unwrap_or('F');
            let pair = match (mark, role == Role::Soldier && multi && n >= 2) {
                ('F', false) => [l, file],
                ('F', true) => [file, file],
                (c, true) => [file, c],
                ('#', _) => ['+', '+'],
                ('_', _) => ['-', '-'],
                (c, false) if prefix => [c, l],
                (c, false) => [l, c],
            };
            out.extend(pair);
            '.'
        }
    };
    out.push(match dir {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => sideways,
    });
    out.push(digit(usize::from(target)));
    Ok(())
}

/// Reads a digit `1`-`9`.
fn nonzero_digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn which_of_sign(c: char) -> Option<Which> {
    match c {
        '+' => Some(Which::Plus),
        '-' => Some(Which::Minus),
        _ => None,
    }
}

fn tandem(file: Option<u8>, which: Which) -> Origin {
    Origin::Tandem { file, which }
}

/// Reads the first two characters: which piece moves.
fn designator(a: char, b: char, dialect: WxfDialect) -> Option<(Option<Role>, Origin)> {
    if let Some(role) = role_of_letter(a) {
        if let Some(f) = nonzero_digit(b) {
            return Some((Some(role), Origin::File(f)));
        }
        return Some((Some(role), tandem(None, which_of_sign(b)?)));
    }
    if let (Some(w), Some(role)) = (which_of_sign(a), role_of_letter(b)) {
        return Some((Some(role), tandem(None, w)));
    }
    match (a, b) {
        ('+', '+') => return Some((None, tandem(None, Which::Nth(0)))),
        ('-', '-') => return Some((None, tandem(None, Which::NthFromRear(0)))),
        _ => {}
    }
    let first = nonzero_digit(a)?;
    if let Some(w) = which_of_sign(b) {
        return Some((None, tandem(Some(first), w)));
    }
    let second = nonzero_digit(b)?;
    // Fairy-Stockfish numbers at most five soldiers: `99.8` can only be
    // the WXF middle soldier.
    if first == second && (dialect != WxfDialect::FairyStockfish || first > 5) {
        return Some((None, tandem(Some(first), Which::Middle)));
    }
    (first <= 5).then_some((None, tandem(Some(second), Which::Nth(first - 1))))
}

/// Whether `c` is a character of WXF notation.
fn wxf_char(c: char) -> bool {
    role_of_letter(c).is_some() || c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | '=')
}

/// Reads WXF notation without a position; the error is the first
/// character that is not WXF, if any.
pub(crate) fn raw_syntax(s: &str, dialect: WxfDialect) -> Result<DescriptiveMove, Option<char>> {
    let misfit = || first_misfit(s, wxf_char);
    let chars = significant::<4>(s).ok_or_else(misfit)?;
    let (a, b, dir, t) = match *chars.as_slice() {
        [a, b, d, t] => (a, b, d, t),
        [a, b, t] => (a, b, '.', t),
        _ => return Err(misfit()),
    };
    let (role, origin) = designator(a, b, dialect).ok_or_else(misfit)?;
    let direction = match dir {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '.' | '=' => Direction::Sideways,
        _ => return Err(misfit()),
    };
    let target = nonzero_digit(t).ok_or_else(misfit)?;
    Ok(DescriptiveMove {
        role,
        origin,
        direction,
        target,
        notation: DescriptiveNotation::Wxf,
        glyph: None,
        numerals: None,
    })
}

/// Writes a descriptive move in WXF, `.` sideways, markers after the
/// letter.
pub(crate) fn write_syntax(d: &DescriptiveMove, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let n = |k: u8| digit(usize::from(k));
    let sign = |w: Which| match w {
        Which::Nth(0) | Which::Plus => '+',
        _ => '-',
    };
    let [a, b] = match (d.role, d.origin) {
        (Some(r), Origin::File(k)) => [letter(r), n(k)],
        (Some(r), Origin::Tandem { which, .. }) => [letter(r), sign(which)],
        (None, Origin::Tandem { file: None, which }) => [sign(which); 2],
        (
            None,
            Origin::Tandem {
                file: Some(k),
                which,
            },
        ) => match which {
            Which::Plus | Which::Minus => [n(k), sign(which)],
            Which::Middle => [n(k), n(k)],
            Which::Nth(i) => [n(i + 1), n(k)],
            Which::NthFromRear(_) => [n(k), '-'],
        },
        (None, Origin::File(k)) => ['P', n(k)],
    };
    let dir = match d.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    };
    write!(f, "{a}{b}{dir}{}", n(d.target))
}

/// Parses WXF notation into the legal move it names.
///
/// All dialects are accepted: `C2.5`, `C2=5`, `C25`, `C+.5`, `+C.5`,
/// `15+1`, `++.4`, `3-.4`, in either case, in full-width forms
/// (`Ｃ２＝５`, `＋Ｐ＋１`) and with spaces anywhere (`C2 = 5`). The dialect is only used to read two equal
/// digits (`33.4`: the middle soldier on file 3 for the WXF rules, the third
/// soldier on file 3 for Fairy-Stockfish).
///
/// This reads WXF only, leniently, and says less about a failure than
/// [`Position::parse_move`], which reads every notation: prefer that.
///
/// ```
/// use xiangqi::notation::{parse_wxf, ParseNotationError, WxfDialect};
/// use xiangqi::Position;
/// let pos = Position::new();
/// let d = WxfDialect::Wxf;
/// assert_eq!(parse_wxf(&pos, "C2.5", d)?.to_string(), "h2e2");
/// assert_eq!(parse_wxf(&pos, "c2=5", d)?.to_string(), "h2e2");
/// assert_eq!(parse_wxf(&pos, "Ｃ２＝５", d)?.to_string(), "h2e2");
/// assert_eq!(parse_wxf(&pos, " C2 . 5\t", d)?.to_string(), "h2e2");
/// assert_eq!(parse_wxf(&pos, "H2+3", d)?.to_string(), "h0g2");
/// assert_eq!(parse_wxf(&pos, "R1-1", d), Err(ParseNotationError::Illegal));
/// assert_eq!(parse_wxf(&pos, "X2.5", d), Err(ParseNotationError::NotAMove));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_wxf(
    pos: &Position,
    s: &str,
    dialect: WxfDialect,
) -> Result<crate::base::Move, ParseNotationError> {
    let d = raw_syntax(s, dialect).map_err(|_| ParseNotationError::NotAMove)?;
    Ok(resolve::descriptive(&d, pos, &ParseOptions::default())?)
}
