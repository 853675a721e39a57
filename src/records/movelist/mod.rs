//! Plain move lists, read: numbered moves as Chinese sites paste them.
//!
//! `1. 炮二平五 马８进７ 2. 马二进三 车９平８ ...`: move numbers (`1.`,
//! `1、`, `１．`, `第1回合`) are skipped, each other word is a move in
//! Chinese notation (or WXF, or ICCS: whatever [`Position::parse_move`]
//! reads), `{...}`, `(...)`, `（...）` and `【...】` are comments on the move
//! before, and a result (`1-0`, `0-1`, `1/2-1/2`, 红胜, 黑胜, 和棋...) ends
//! the list. Words before the first move number (a title, the players) are
//! skipped when the list is numbered (but `key: value` lines there, as 东萍
//! writes them, give headers: `标题` Title, `赛事` Event, `轮次` Round, `布局`
//! Opening, `红方` Red, `黑方` Black, `结果` Result, `日期` Date, `地点`
//! Site), and so are words after the last move
//! that are not moves at all (`棋谱由 ... 生成`), when no move follows them. The game starts from the position of
//! the first line if it is a FEN (cchess's move files), else from the
//! standard position; [`read_str_from`] takes another.
//!
//! ```
//! use xiangqi::movelist::{PlainError, read_str};
//!
//! let tree = read_str("1. 炮二平五 马８进７ (屏风马)\n2. 马二进三 车９平８ 红胜")?;
//! let mut node = tree.root();
//! let mut moves = Vec::new();
//! while let Some(&next) = tree.children(node).first() {
//!     moves.push(tree.move_at(next).unwrap().to_string());
//!     node = next;
//! }
//! assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
//! assert_eq!(tree.header("Result"), Some("1-0"));
//!
//! let err = read_str("1. 炮二平五 马８进７\n2. 马二进四").unwrap_err();
//! assert_eq!(err.to_string(), "move list: line 2, column 4, move 3 \"马二进四\": h0f1 is not legal: the horse's leg is blocked on g0");
//! # Ok::<(), PlainError>(())
//! ```
//!
//! [`Position::parse_move`]: crate::Position::parse_move

mod syntax;

use alloc::string::{String, ToString};

use crate::base::{Position, Setup, Validation};
use crate::records::notation::{MoveError, MoveText};
use crate::records::tree::GameTree;
use crate::records::{grow, text};
use syntax::Kind;

/// Why a move list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlainError {
    /// The text holds no move.
    #[error("move list: no move")]
    Empty,
    /// A word is not a legal move where it stands.
    #[error("move list: line {line}, column {column}, move {ply} {text:?}: {reason}")]
    BadMove {
        /// Line, from 1.
        line: u32,
        /// Column in characters, from 1.
        column: u32,
        /// The move's number from the start, from 1.
        ply: usize,
        /// The word.
        text: String,
        /// Why it is not a move here.
        reason: String,
    },
}

/// Whether a move number or a word written like a move is among `tokens`.
fn moves_follow(tokens: &[syntax::Token]) -> bool {
    tokens.iter().any(|t| match &t.kind {
        Kind::Number(_) => true,
        Kind::Move(w) => MoveText::parse(w).is_ok(),
        _ => false,
    })
}

/// Reads a move list from bytes in whatever encoding they have (UTF-8,
/// GBK / GB18030, Big5 where declared, UTF-16 with or without a mark).
pub fn read(bytes: &[u8]) -> Result<GameTree, PlainError> {
    read_str(&text::decode(bytes))
}

/// Reads a move list from the standard start position, or from the
/// position of its first line when that line is a FEN.
///
/// ```
/// let text = "4k4/9/9/9/9/9/9/9/R8/3K5 w\n车九进七\n将５平６";
/// let tree = xiangqi::movelist::read_str(text)?;
/// assert_eq!(tree.start().to_string(), "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
/// assert_eq!(tree.node_count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_str(text: &str) -> Result<GameTree, PlainError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let fen = first
        .trim()
        .parse::<Setup>()
        .ok()
        .and_then(|s| Position::from_setup(s, Validation::Lenient).ok());
    match fen {
        // The FEN's line stays, empty, so that lines keep their numbers.
        Some(start) => read_str_from(&alloc::format!("\n{rest}"), start),
        None => read_str_from(text, Position::new()),
    }
}

/// Reads a move list from `start`.
///
/// ```
/// use xiangqi::Position;
/// let start: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 w".parse()?;
/// let tree = xiangqi::movelist::read_str_from("1. 车九进七", start)?;
/// assert_eq!(tree.node_count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_str_from(text: &str, start: Position) -> Result<GameTree, PlainError> {
    let tokens = syntax::tokens(text);
    let skip = tokens
        .iter()
        .position(|t| t.kind == Kind::Number(1))
        .unwrap_or(0);
    let mut tree = GameTree::new(start);
    if skip > 0 {
        for (name, value) in syntax::preamble(text) {
            tree.set_header(name, &value);
        }
    }
    let mut node = tree.root();
    let mut pos = tree.start().clone();
    let mut ply = 0;
    for (i, t) in tokens.iter().enumerate().skip(skip) {
        match &t.kind {
            Kind::Number(_) => {}
            Kind::Comment(c) => {
                let c = c.trim();
                if !c.is_empty() {
                    let mut text = tree.comment(node).to_string();
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(c);
                    let _ = tree.set_comment(node, text);
                }
            }
            Kind::Result(r) => {
                tree.set_header("Result", r);
                break;
            }
            Kind::Move(word) => {
                ply += 1;
                let bad = |reason: String| PlainError::BadMove {
                    line: t.line,
                    column: t.column,
                    ply,
                    text: word.clone(),
                    reason,
                };
                let m = match pos.parse_move(word) {
                    Ok(m) => m,
                    // Text after the list ("棋谱由 ... 生成"): no move follows.
                    Err(MoveError::Syntax(_)) if ply > 1 && !moves_follow(&tokens[i + 1..]) => {
                        break;
                    }
                    Err(e) => return Err(bad(e.to_string())),
                };
                node = grow::push(&mut tree, node, &mut pos, m).map_err(|e| bad(e.to_string()))?;
            }
        }
    }
    if ply == 0 {
        return Err(PlainError::Empty);
    }
    Ok(tree)
}
