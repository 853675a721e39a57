//! PGN game records, read from and written to strings (no file I/O).
//!
//! A record is tag pairs (`[Event "..."]`), an optional `FEN` tag for a
//! set-up start position, and movetext with move numbers, `{comments}`,
//! `;` line comments, `(variations)`, `$n` glyphs and a result. Moves may be
//! written in ICCS, WXF or Chinese notation, even mixed. Reading is
//! all-or-nothing: the first bad move is reported with its ply.
//!
//! ```
//! use xiangqi::notation::Notation;
//! use xiangqi::pgn::{GameRecord, GameResult, ReadOptions};
//!
//! let text = "[Event \"Demo\"]\n\n1. 炮二平五 马８进７ {a comment} 2. h0g2 R9=8 1-0";
//! let rec = GameRecord::from_pgn(text, &ReadOptions::default())?;
//! assert_eq!(rec.moves.len(), 4);
//! assert_eq!(rec.result, GameResult::RedWins);
//! assert_eq!(rec.comments, vec![(2, "a comment".to_string())]);
//! let iccs = rec.to_pgn(Notation::Iccs)?;
//! assert!(iccs.contains("1. h2e2 h9g7 {a comment} 2. h0g2 i9h9 1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write as _;

use crate::core::{Move, ParsePositionError, PlayError, Position};
use crate::records::notation::{
    Notation, ParseNotationError, WxfDialect, parse_chinese, parse_iccs, parse_wxf,
};

/// The result of a game, as written at the end of PGN movetext.
///
/// ```
/// use xiangqi::pgn::GameResult;
/// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
/// assert_eq!(GameResult::from_token("0-1"), Some(GameResult::BlackWins));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown or unfinished.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// assert_eq!(GameResult::Unknown.as_str(), "*");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result token.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// assert_eq!(GameResult::from_token("1-0"), Some(GameResult::RedWins));
    /// assert_eq!(GameResult::from_token("2-0"), None);
    /// ```
    pub fn from_token(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

/// A game record: tags, start position, moves, comments and result.
///
/// The moves are checked to be legal from `start` when read; `Game` (with
/// repetition rules) can be built from `start` and `moves`.
///
/// ```
/// use xiangqi::pgn::{GameRecord, GameResult};
/// use xiangqi::Position;
/// let rec = GameRecord {
///     tags: vec![("Event".into(), "Demo".into())],
///     start: Position::new(),
///     moves: vec!["h2e2".parse()?],
///     comments: vec![],
///     variations: vec![],
///     result: GameResult::Unknown,
/// };
/// assert_eq!(rec.end()?.turn(), xiangqi::Color::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Tag pairs in file order, without `FEN` (kept in `start`).
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the standard start).
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// Comments, each after the given number of main-line moves.
    pub comments: Vec<(usize, String)>,
    /// Variations as raw movetext (not checked), each after the given
    /// number of main-line moves; empty unless kept when reading.
    pub variations: Vec<(usize, String)>,
    /// The result token.
    pub result: GameResult,
}

/// Options for [`GameRecord::from_pgn`].
///
/// ```
/// use xiangqi::pgn::ReadOptions;
/// let opts = ReadOptions { keep_variations: true, ..ReadOptions::default() };
/// assert!(opts.keep_variations);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ReadOptions {
    /// Keep variations (as raw text) instead of skipping them.
    pub keep_variations: bool,
    /// How to read WXF's two-equal-digit soldier form (`33.4`).
    pub wxf_dialect: WxfDialect,
}

/// Why a PGN record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag pair is malformed.
    #[error("malformed tag pair at line {line}")]
    Tag {
        /// The 1-based line.
        line: usize,
    },
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag: {0}")]
    Fen(#[from] ParsePositionError),
    /// A comment or variation is not closed.
    #[error("unterminated comment or variation")]
    Unterminated,
    /// A move is not a legal move (the first bad one is reported).
    #[error("bad move {text:?} at ply {ply}: {error}")]
    Move {
        /// The 1-based ply of the move in the main line.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it was rejected.
        error: ParseNotationError,
    },
    /// Text follows the result token.
    #[error("text after the result")]
    AfterResult,
}

/// Parses one move in any notation: ICCS, then Chinese, then WXF.
fn parse_any(pos: &Position, s: &str, dialect: WxfDialect) -> Result<Move, ParseNotationError> {
    let mut worst = ParseNotationError::NotAMove;
    for attempt in [
        parse_iccs(pos, s),
        parse_chinese(pos, s),
        parse_wxf(pos, s, dialect),
    ] {
        match attempt {
            Ok(m) => return Ok(m),
            Err(ParseNotationError::NotAMove) => {}
            Err(e) => worst = e,
        }
    }
    Err(worst)
}

/// Tag pairs in file order.
type Tags = Vec<(String, String)>;

/// Reads the tag section; returns the tags and the rest of the text.
fn read_tags(text: &str) -> Result<(Tags, &str), PgnError> {
    let mut tags = Vec::new();
    let mut rest = text;
    let mut line = 1;
    loop {
        let trimmed = rest.trim_start();
        line += rest
            .get(..rest.len() - trimmed.len())
            .unwrap_or("")
            .matches('\n')
            .count();
        rest = trimmed;
        let Some(body) = rest.strip_prefix('[') else {
            return Ok((tags, rest));
        };
        let name_len = body
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(body.len());
        let (name, after) = body.split_at(name_len);
        let after = after.trim_start();
        let Some(mut value_part) = after.strip_prefix('"') else {
            return Err(PgnError::Tag { line });
        };
        if name.is_empty() {
            return Err(PgnError::Tag { line });
        }
        let mut value = String::new();
        loop {
            let mut chars = value_part.chars();
            match chars.next() {
                None | Some('\n') => return Err(PgnError::Tag { line }),
                Some('\\') => match chars.next() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(PgnError::Tag { line }),
                },
                Some('"') => {
                    value_part = chars.as_str();
                    break;
                }
                Some(c) => value.push(c),
            }
            value_part = chars.as_str();
        }
        let Some(tail) = value_part.trim_start().strip_prefix(']') else {
            return Err(PgnError::Tag { line });
        };
        tags.push((name.to_string(), value));
        rest = tail;
    }
}

/// Splits a variation `(...)` (nested, with `{comments}` inside) off the
/// front of `s`: its inside and the rest. `None` if unterminated.
fn take_balanced(s: &str) -> Option<(&str, &str)> {
    let mut depth = 0usize;
    let mut in_comment = false;
    for (i, c) in s.char_indices() {
        match (in_comment, c) {
            (true, '}') => in_comment = false,
            (true, _) => {}
            (false, '{') => in_comment = true,
            (false, '(') => depth += 1,
            (false, ')') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some((s.get(1..i)?, s.get(i + 1..)?));
                }
            }
            _ => {}
        }
    }
    None
}

/// Strips a leading move number (`12.`, `12...`) from a token.
fn strip_move_number(tok: &str) -> &str {
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match tok.get(digits..) {
        Some(rest) if digits > 0 && rest.starts_with('.') => {
            let after = rest.trim_start_matches('.');
            // "33.4" is a WXF soldier move, not move 33.
            if after.starts_with(|c: char| c.is_ascii_digit()) {
                tok
            } else {
                after
            }
        }
        _ => tok,
    }
}

impl GameRecord {
    /// Reads one PGN record. Nothing is built unless every move is legal.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
    /// use xiangqi::notation::ParseNotationError;
    /// let bad = GameRecord::from_pgn("1. h2e2 h9g7 2. h0h5 *", &ReadOptions::default());
    /// assert!(matches!(bad, Err(PgnError::Move { ply: 3, error: ParseNotationError::Illegal, .. })));
    /// ```
    pub fn from_pgn(text: &str, opts: &ReadOptions) -> Result<GameRecord, PgnError> {
        let (mut tags, mut rest) = read_tags(text)?;
        let start = match tags.iter().position(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
            Some(i) => tags.remove(i).1.parse()?,
            None => Position::new(),
        };
        let mut rec = GameRecord {
            tags,
            start: start.clone(),
            ..GameRecord::default()
        };
        let mut pos = start;
        let mut result = None;
        loop {
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            if result.is_some() {
                return Err(PgnError::AfterResult);
            }
            match c {
                '{' => {
                    let end = rest.find('}').ok_or(PgnError::Unterminated)?;
                    let body = rest.get(1..end).unwrap_or("").trim();
                    rec.comments.push((rec.moves.len(), body.to_string()));
                    rest = rest.get(end + 1..).unwrap_or("");
                }
                ';' => rest = rest.find('\n').and_then(|i| rest.get(i..)).unwrap_or(""),
                '(' => {
                    let (inner, tail) = take_balanced(rest).ok_or(PgnError::Unterminated)?;
                    if opts.keep_variations {
                        rec.variations
                            .push((rec.moves.len(), inner.trim().to_string()));
                    }
                    rest = tail;
                }
                _ => {
                    let end = rest
                        .find(|c: char| c.is_whitespace() || "{}();".contains(c))
                        .unwrap_or(rest.len());
                    let (tok, tail) = rest.split_at(end.max(c.len_utf8()));
                    rest = tail;
                    if let Some(r) = GameResult::from_token(tok) {
                        result = Some(r);
                        continue;
                    }
                    let tok = strip_move_number(tok);
                    if tok.is_empty() || tok.starts_with('$') {
                        continue;
                    }
                    let m =
                        parse_any(&pos, tok, opts.wxf_dialect).map_err(|error| PgnError::Move {
                            ply: rec.moves.len() + 1,
                            text: tok.to_string(),
                            error,
                        })?;
                    pos.play_unchecked(m);
                    rec.moves.push(m);
                }
            }
        }
        rec.result = result
            .or_else(|| {
                rec.tags
                    .iter()
                    .find(|(k, _)| k == "Result")
                    .and_then(|(_, v)| GameResult::from_token(v))
            })
            .unwrap_or_default();
        Ok(rec)
    }

    /// The position after all moves.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let rec = GameRecord::from_pgn("1. h2e2 *", &ReadOptions::default())?;
    /// assert_eq!(rec.end()?.fullmoves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Result<Position, PlayError> {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play(m)?;
        }
        Ok(pos)
    }

    /// Writes the record as PGN with moves in `notation`. The `FEN` tag is
    /// written for a non-standard start; the `Result` tag follows `result`.
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let rec = GameRecord::from_pgn("1. h2e2 h9g7 *", &ReadOptions::default())?;
    /// let pgn = rec.to_pgn(Notation::Chinese(ChineseScript::Simplified))?;
    /// assert!(pgn.ends_with("1. 炮二平五 马8进7 *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pgn(&self, notation: Notation) -> Result<String, PlayError> {
        let mut out = String::new();
        let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
        for (k, v) in &self.tags {
            if k != "Result" && !k.eq_ignore_ascii_case("FEN") {
                let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
            }
        }
        let _ = writeln!(out, "[Result \"{}\"]", self.result.as_str());
        if self.start != Position::new() {
            let _ = writeln!(out, "[FEN \"{}\"]", self.start);
        }
        out.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        let mut pos = self.start.clone();
        let extras = |ply: usize, tokens: &mut Vec<String>| {
            for (_, c) in self.comments.iter().filter(|(p, _)| *p == ply) {
                tokens.push(format!("{{{}}}", c.replace('}', ")")));
            }
            for (_, v) in self.variations.iter().filter(|(p, _)| *p == ply) {
                tokens.push(format!("({v})"));
            }
        };
        extras(0, &mut tokens);
        for (i, &m) in self.moves.iter().enumerate() {
            let red = pos.turn() == crate::core::Color::Red;
            if red {
                tokens.push(format!("{}.", pos.fullmoves()));
            } else if i == 0 || self.comments.iter().any(|(p, _)| *p == i) {
                tokens.push(format!("{}...", pos.fullmoves()));
            }
            tokens.push(notation.format(&pos, m)?);
            pos.play_unchecked(m);
            extras(i + 1, &mut tokens);
        }
        tokens.push(self.result.as_str().to_string());
        let mut line_len = 0;
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 {
                if line_len + 1 + t.chars().count() > 79 {
                    out.push('\n');
                    line_len = 0;
                } else {
                    out.push(' ');
                    line_len += 1;
                }
            }
            out.push_str(t);
            line_len += t.chars().count();
        }
        out.push('\n');
        Ok(out)
    }
}
