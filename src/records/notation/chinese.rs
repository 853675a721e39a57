//! Chinese notation: `炮二平五`, `马8进7`, `车一进一`, `前炮退二`.
//!
//! A move is four characters: the piece, the file it stands on (from the
//! mover's right: Red in Chinese numerals `一`..`九`, Black in digits
//! `1`..`9`), the direction (`进` forward, `退` back, `平` sideways) and the
//! destination file, or the number of steps for a move along a file.
//!
//! Same pieces on one file replace the file: `前`/`后` for two, `前`/`中`/`后`
//! for three soldiers, `一`..`五` (from the front) for four or five soldiers.
//! When two files both hold two or more soldiers, the piece name is dropped
//! and the file follows the marker: `前七平六`, `中七平六`, `后七平六`.
//! Two advisors or two elephants on one file keep the file number
//! (`仕六进五`, `相七退五`), as ElephantEye, Fairy-Stockfish and printed
//! records write them: their direction already tells them apart. Only in a
//! study position where it would not (two advisors side by side in the
//! palace, see [`Validation::Lenient`](crate::Validation::Lenient)) are they
//! written `前仕`/`后仕`.
//!
//! Parsing accepts simplified and traditional characters (车/車/俥, 马/馬/傌,
//! 炮/砲/包, 相/象, 仕/士, 帅/帥, 将/將, 兵/卒, 进/進, 后/後), Chinese
//! numerals, ASCII and full-width digits for either side (`炮2平5` for Red),
//! the marker after the piece (`车前平三`), both forms for two advisors or
//! elephants on a file (`仕六进五` and `后仕进五`), and spaces anywhere.

use arrayvec::ArrayVec;

use core::fmt;

use super::board_columns::{
    dir_and_target, file_column, file_number, multi_tandem, other_shift_ok,
};
use super::move_text::first_misfit;
use super::moving_role::check_legal;
use super::text_fold::significant;
use super::{
    DescriptiveMove, DescriptiveNotation, Direction, Numerals, Origin, ParseNotationError,
    ParseOptions, Which, resolve,
};
use crate::base::{Color, Move, Piece, PlayError, Position, Role};

/// The character set used when writing Chinese notation.
///
/// ```
/// use xiangqi::notation::{format_chinese, ChineseScript};
/// use xiangqi::Position;
/// let pos = Position::new();
/// let m = "b0c2".parse()?;
/// assert_eq!(format_chinese(&pos, m, ChineseScript::Simplified)?, "马八进七");
/// assert_eq!(format_chinese(&pos, m, ChineseScript::Traditional)?, "馬八進七");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ChineseScript {
    /// Simplified characters: 车 马 相/象 仕/士 帅/将 炮 兵/卒, 进 退 平, 前 中 后.
    #[default]
    Simplified,
    /// Traditional characters: 車 馬 相/象 仕/士 帥/將 炮/砲 兵/卒, 進 退 平, 前 中 後.
    Traditional,
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The character on a piece's disc: the one moves are written with, except
/// that traditional sets give Red's horse and chariot their own (`傌`, `俥`
/// against Black's `馬`, `車`). In traditional characters every role of
/// each side has its own (`帥仕相傌俥炮兵` against `將士象馬車砲卒`); in
/// simplified ones the two sides share the horse, chariot and cannon
/// (`马`, `车`, `炮`).
///
/// ```
/// use xiangqi::notation::{piece_glyph, ChineseScript};
/// use xiangqi::Piece;
/// let glyphs = |script| -> String {
///     "KABNRCPkabnrcp".chars().filter_map(Piece::from_char).map(|p| piece_glyph(p, script)).collect()
/// };
/// assert_eq!(glyphs(ChineseScript::Traditional), "帥仕相傌俥炮兵將士象馬車砲卒");
/// assert_eq!(glyphs(ChineseScript::Simplified), "帅仕相马车炮兵将士象马车炮卒");
/// ```
pub fn piece_glyph(piece: Piece, script: ChineseScript) -> char {
    match (piece.role, piece.color, script) {
        (Role::Horse, Color::Red, ChineseScript::Traditional) => '傌',
        (Role::Chariot, Color::Red, ChineseScript::Traditional) => '俥',
        _ => piece_name(piece.color, piece.role, script),
    }
}

fn piece_name(color: Color, role: Role, script: ChineseScript) -> char {
    let trad = script == ChineseScript::Traditional;
    match (role, color) {
        (Role::General, Color::Red) => ['帅', '帥'][usize::from(trad)],
        (Role::General, Color::Black) => ['将', '將'][usize::from(trad)],
        (Role::Advisor, Color::Red) => '仕',
        (Role::Advisor, Color::Black) => '士',
        (Role::Elephant, Color::Red) => '相',
        (Role::Elephant, Color::Black) => '象',
        (Role::Horse, _) => ['马', '馬'][usize::from(trad)],
        (Role::Chariot, _) => ['车', '車'][usize::from(trad)],
        (Role::Cannon, Color::Black) if trad => '砲',
        (Role::Cannon, _) => '炮',
        (Role::Soldier, Color::Red) => '兵',
        (Role::Soldier, Color::Black) => '卒',
    }
}

/// A number 1..=9 as the side writes it: Chinese numerals for Red, digits
/// for Black.
fn number(color: Color, n: u8) -> char {
    match color {
        Color::Red => NUMERALS
            .get(usize::from(n).wrapping_sub(1))
            .copied()
            .unwrap_or('?'),
        Color::Black => char::from_digit(u32::from(n), 10).unwrap_or('?'),
    }
}

/// Formats a legal move in Chinese notation.
///
/// ```
/// use xiangqi::notation::{format_chinese, ChineseScript};
/// use xiangqi::Position;
/// let mut pos = Position::new();
/// let s = ChineseScript::Simplified;
/// assert_eq!(format_chinese(&pos, "h2e2".parse()?, s)?, "炮二平五");
/// pos.play("h2e2".parse()?)?;
/// assert_eq!(format_chinese(&pos, "h9g7".parse()?, s)?, "马8进7");
/// assert_eq!(format_chinese(&pos, "i9i8".parse()?, s)?, "车9进1");
/// // Two red advisors on file 6 (d0, d2): the file is kept.
/// let pos: Position = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w".parse()?;
/// assert_eq!(format_chinese(&pos, "d0e1".parse()?, s)?, "仕六进五");
/// assert_eq!(format_chinese(&pos, "d2e1".parse()?, s)?, "仕六退五");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_chinese(pos: &Position, m: Move, script: ChineseScript) -> Result<String, PlayError> {
    let mut out = String::with_capacity(12);
    push_chinese(pos, m, script, &mut out)?;
    Ok(out)
}

/// [`format_chinese`], appending to `out`.
pub(crate) fn push_chinese(
    pos: &Position,
    m: Move,
    script: ChineseScript,
    out: &mut String,
) -> Result<(), PlayError> {
    let role = check_legal(pos, m)?;
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let trad = script == ChineseScript::Traditional;
    let (front, middle, rear) = ('前', '中', ['后', '後'][usize::from(trad)]);
    let column = file_column(pos, us, role, from.file());
    let n = column.len();
    let idx = column.iter().position(|&s| s == from).unwrap_or(0);
    let name = piece_name(us, role, script);
    let file = number(us, file_number(us, from.file()));
    let marker = match (n, idx) {
        (3, 1) => middle,
        (_, 0) => front,
        _ => rear,
    };
    // Two advisors or elephants keep their file when the direction tells
    // them apart (always, in a position reachable in a game).
    let keep_file = n == 2
        && matches!(role, Role::Advisor | Role::Elephant)
        && !other_shift_ok(us, role, column[1 - idx.min(1)], from, to);
    if n < 2 || keep_file {
        out.extend([name, file]);
    } else if role == Role::Soldier && multi_tandem(pos, us, role) {
        out.extend([marker, file]);
    } else if n >= 4 {
        out.extend([NUMERALS.get(idx).copied().unwrap_or('?'), name]);
    } else {
        out.extend([marker, name]);
    }
    let (dir, target) = dir_and_target(us, from, to);
    out.push(match dir {
        Direction::Forward => ['进', '進'][usize::from(trad)],
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    out.push(number(us, target));
    Ok(())
}

/// One character of Chinese notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Token {
    Piece(Role, char),
    Num(u8, Numerals),
    Mark(Which),
    Dir(Direction),
}

fn token(c: char) -> Option<Token> {
    use Token::*;
    Some(match c {
        '车' | '車' | '俥' => Piece(Role::Chariot, c),
        '马' | '馬' | '傌' => Piece(Role::Horse, c),
        '炮' | '砲' | '包' => Piece(Role::Cannon, c),
        '相' | '象' => Piece(Role::Elephant, c),
        '仕' | '士' => Piece(Role::Advisor, c),
        '帅' | '帥' | '将' | '將' => Piece(Role::General, c),
        '兵' | '卒' => Piece(Role::Soldier, c),
        '进' | '進' => Dir(Direction::Forward),
        '退' => Dir(Direction::Backward),
        '平' => Dir(Direction::Sideways),
        '前' => Mark(Which::Nth(0)),
        '中' => Mark(Which::Middle),
        '后' | '後' => Mark(Which::NthFromRear(0)),
        '1'..='9' => Num(c as u8 - b'0', Numerals::Digits),
        _ => Num(
            NUMERALS.iter().position(|&n| n == c)? as u8 + 1,
            Numerals::Chinese,
        ),
    })
}

/// The side whose piece a character names: `帅 帥 仕 相 兵 俥 傌` Red's,
/// `将 將 士 象 卒` Black's; the chariot, horse and cannon characters
/// written for both (`车 車 马 馬 炮 砲 包`) name no side.
pub(crate) fn glyph_side(c: char) -> Option<Color> {
    match c {
        '帅' | '帥' | '仕' | '相' | '兵' | '俥' | '傌' => Some(Color::Red),
        '将' | '將' | '士' | '象' | '卒' => Some(Color::Black),
        _ => None,
    }
}

/// Whether a character is only used in traditional writing.
fn traditional_only(c: char) -> bool {
    matches!(
        c,
        '車' | '馬' | '進' | '後' | '帥' | '將' | '砲' | '俥' | '傌'
    )
}

/// Reads Chinese notation without a position; the error is the first
/// character that is not Chinese notation, if any.
pub(crate) fn raw_syntax(s: &str) -> Result<DescriptiveMove, Option<char>> {
    let misfit = || first_misfit(s, |c| token(c).is_some());
    let chars = significant::<4>(s).ok_or_else(misfit)?;
    let mut tokens = ArrayVec::<Token, 4>::new();
    for &c in &chars {
        tokens.push(token(c).ok_or(Some(c))?);
    }
    let (a, b, direction, (target, style)) = match *tokens.as_slice() {
        [a, b, Token::Dir(d), Token::Num(t, n)] => (a, b, d, (t, n)),
        _ => return Err(None),
    };
    let mut numerals = style;
    let mut file_style = |n: Numerals| {
        if n != numerals {
            numerals = Numerals::Mixed;
        }
    };
    let (piece, origin) = match (a, b) {
        (Token::Piece(r, g), Token::Num(f, n)) => {
            file_style(n);
            (Some((r, g)), Origin::File(f))
        }
        (Token::Mark(w), Token::Piece(r, g)) | (Token::Piece(r, g), Token::Mark(w)) => (
            Some((r, g)),
            Origin::Tandem {
                file: None,
                which: w,
            },
        ),
        (Token::Num(k @ 1..=5, _), Token::Piece(r, g)) => (
            Some((r, g)),
            Origin::Tandem {
                file: None,
                which: Which::Nth(k - 1),
            },
        ),
        (Token::Mark(w), Token::Num(f, n)) | (Token::Num(f, n), Token::Mark(w)) => {
            file_style(n);
            (
                None,
                Origin::Tandem {
                    file: Some(f),
                    which: w,
                },
            )
        }
        _ => return Err(None),
    };
    let script = if chars.iter().any(|&c| traditional_only(c)) {
        ChineseScript::Traditional
    } else {
        ChineseScript::Simplified
    };
    Ok(DescriptiveMove {
        role: piece.map(|p| p.0),
        origin,
        direction,
        target,
        notation: DescriptiveNotation::Chinese(script),
        glyph: piece.map(|p| p.1),
        numerals: Some(numerals),
    })
}

/// Writes a descriptive move in Chinese characters of `script`.
pub(crate) fn write_syntax(
    d: &DescriptiveMove,
    script: ChineseScript,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let trad = script == ChineseScript::Traditional;
    let num = |n: u8| match d.numerals {
        Some(Numerals::Digits) => char::from_digit(u32::from(n), 10).unwrap_or('?'),
        _ => NUMERALS
            .get(usize::from(n).wrapping_sub(1))
            .copied()
            .unwrap_or('?'),
    };
    let glyph = d.glyph.unwrap_or('兵');
    let marker = |w: Which| match w {
        Which::Nth(0) | Which::Plus => '前',
        Which::Middle => '中',
        Which::Nth(k) => NUMERALS.get(usize::from(k)).copied().unwrap_or('?'),
        Which::NthFromRear(_) | Which::Minus => ['后', '後'][usize::from(trad)],
    };
    let [a, b] = match d.origin {
        Origin::File(n) => [glyph, num(n)],
        Origin::Tandem { file: None, which } => [marker(which), glyph],
        Origin::Tandem {
            file: Some(n),
            which,
        } => [marker(which), num(n)],
    };
    let dir = match d.direction {
        Direction::Forward => ['进', '進'][usize::from(trad)],
        Direction::Backward => '退',
        Direction::Sideways => '平',
    };
    write!(f, "{a}{b}{dir}{}", num(d.target))
}

/// Parses Chinese notation into the legal move it names.
///
/// ```
/// use xiangqi::notation::{parse_chinese, ParseNotationError};
/// use xiangqi::Position;
/// let mut pos = Position::new();
/// assert_eq!(parse_chinese(&pos, "炮二平五")?.to_string(), "h2e2");
/// pos.play("h2e2".parse()?)?;
/// assert_eq!(parse_chinese(&pos, "馬８進７")?.to_string(), "h9g7");
/// assert_eq!(parse_chinese(&pos, "车1进1")?.to_string(), "a9a8");
/// assert_eq!(parse_chinese(&pos, "车 一\u{3000}进一")?.to_string(), "a9a8");
/// assert_eq!(parse_chinese(&pos, "车1进3"), Err(ParseNotationError::Illegal));
/// assert_eq!(parse_chinese(&pos, "车1飞1"), Err(ParseNotationError::NotAMove));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// This reads Chinese only, leniently, and says less about a failure than
/// [`Position::parse_move`], which reads every notation: prefer that.
pub fn parse_chinese(pos: &Position, s: &str) -> Result<Move, ParseNotationError> {
    let d = raw_syntax(s).map_err(|_| ParseNotationError::NotAMove)?;
    Ok(resolve::descriptive(&d, pos, &ParseOptions::default())?)
}
