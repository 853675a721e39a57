//! Reading one record: the tag section, then the movetext.

use super::{GameRecord, GameResult, PgnError, ReadOptions, folds_to, is_space};
use crate::base::{ParsePositionError, Position, Setup};
use crate::records::notation::{ParseNotationError, ParseOptions, fold};

/// The options of [`Position::parse_move_with`] that `opts` implies.
pub(super) fn move_options(opts: &ReadOptions) -> ParseOptions {
    ParseOptions::default()
        .with_wxf_dialect(opts.wxf_dialect)
        .with_coordinates(opts.coordinates)
}

/// Tag pairs in file order.
pub(super) type Tags = Vec<(String, String)>;

/// A cursor over the text of one record that counts lines and columns.
pub(super) struct Cursor<'a> {
    pub(super) rest: &'a str,
    /// The 1-based line of the start of `rest`.
    pub(super) line: usize,
    /// The characters between the start of its line and the start of
    /// `rest`.
    col: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, whose first line is line `line`.
    pub(super) fn new(text: &'a str, line: usize) -> Cursor<'a> {
        Cursor {
            rest: text,
            line,
            col: 0,
        }
    }

    pub(super) fn advance(&mut self, n: usize) {
        let mut n = n.min(self.rest.len());
        while !self.rest.is_char_boundary(n) {
            n -= 1;
        }
        let (gone, rest) = self.rest.split_at(n);
        match gone.rfind('\n') {
            Some(i) => {
                self.line += gone.bytes().filter(|&b| b == b'\n').count();
                self.col = gone[i + 1..].chars().count();
            }
            None => self.col += gone.chars().count(),
        }
        self.rest = rest;
    }

    /// Skips whitespace; returns whether a line break was crossed.
    pub(super) fn skip_space(&mut self) -> bool {
        let line = self.line;
        let n = self.rest.len() - self.rest.trim_start_matches(is_space).len();
        self.advance(n);
        self.line != line
    }

    /// The 1-based column (in characters) of the byte `offset` of `rest`,
    /// on the current line.
    pub(super) fn column(&self, offset: usize) -> usize {
        let upto = self.rest.get(..offset).unwrap_or(self.rest);
        self.col + upto.chars().count() + 1
    }

    /// Skips whitespace to the next token of the movetext and returns its
    /// first character and whether it opens a line, or `None` at the end of
    /// the text. `at_line_start` carries from call to call whether the
    /// cursor is at the start of a line. Fails on a `[` that opens a line
    /// (the tags of another game) and, once the result was read (`ended`),
    /// on anything but a comment (on anything at all when `strict`).
    pub(super) fn next_token(
        &mut self,
        at_line_start: &mut bool,
        ended: bool,
        strict: bool,
    ) -> Result<Option<(char, bool)>, PgnError> {
        *at_line_start |= self.skip_space();
        let Some(c) = self.rest.chars().next() else {
            return Ok(None);
        };
        let line_start = core::mem::replace(at_line_start, false);
        if line_start && c == '[' {
            return Err(PgnError::SeveralGames { line: self.line });
        }
        let is_comment = matches!(c, '{' | ';') || (line_start && c == '%');
        if ended && (strict || !is_comment) {
            return Err(PgnError::AfterResult);
        }
        Ok(Some((c, line_start)))
    }

    /// The length in bytes of the token at the cursor: up to the first
    /// character after the first that ends a token, or the end of the text.
    pub(super) fn token_len(&self) -> usize {
        self.rest
            .char_indices()
            .skip(1)
            .find(|&(_, c)| ends_token(c))
            .map_or(self.rest.len(), |(i, _)| i)
    }

    /// The rest of the current line (without the newline).
    pub(super) fn line_rest(&self) -> &'a str {
        self.rest.split('\n').next().unwrap_or("")
    }
}

/// Reads one tag pair at the cursor (which is on its `[`).
fn tag_pair(cur: &mut Cursor<'_>, strict: bool) -> Result<(String, String), PgnError> {
    let err = PgnError::Tag { line: cur.line };
    let line = cur.line_rest();
    let body = line.get(1..).ok_or(err.clone())?;
    let name_len = body
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let (name, after) = body.split_at(name_len);
    if name.is_empty() {
        return Err(err);
    }
    let spaced = after.trim_start_matches(is_space);
    let (value, tail) = match spaced.strip_prefix('"') {
        Some(quoted) => match quoted_value(quoted, strict) {
            Some(v) => v,
            // No closing quote, but a closing `]`: the value is up to it.
            None if !strict => match quoted.rfind(']') {
                Some(i) => (
                    quoted[..i].trim_end_matches(is_space).to_string(),
                    &quoted[i..],
                ),
                None => return Err(err),
            },
            None => return Err(err),
        },
        None if strict => return Err(err),
        // An unquoted value: up to the last `]` of the line.
        None => match spaced.rfind(']') {
            Some(i) => (
                spaced[..i].trim_end_matches(is_space).to_string(),
                &spaced[i..],
            ),
            None => (spaced.trim_end_matches(is_space).to_string(), ""),
        },
    };
    let tail = tail.trim_start_matches(is_space);
    let tail = match tail.strip_prefix(']') {
        Some(t) => t,
        // A missing `]` at the end of the line.
        None if !strict && tail.is_empty() => tail,
        None => return Err(err),
    };
    cur.advance(line.len() - tail.len());
    Ok((name.to_string(), value))
}

/// Reads a quoted tag value after its opening quote: the value and the
/// text after the closing quote. Leniently, a quote not followed by `]`
/// or the end of the line is part of the value, and a backslash before
/// anything but `"` or `\` is kept.
fn quoted_value(s: &str, strict: bool) -> Option<(String, &str)> {
    let mut value = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => value.push(e),
                Some((_, e)) if !strict => value.extend(['\\', e]),
                _ => return None,
            },
            '"' => {
                let after = &s[i + 1..];
                let next = after.trim_start_matches(is_space);
                if strict || next.is_empty() || next.starts_with(']') {
                    return Some((value, after));
                }
                value.push('"');
            }
            c => value.push(c),
        }
    }
    None
}

/// Reads the tag section.
pub(super) fn tags(cur: &mut Cursor<'_>, strict: bool) -> Result<Tags, PgnError> {
    let mut tags = Vec::new();
    loop {
        cur.skip_space();
        if !cur.rest.starts_with('[') {
            return Ok(tags);
        }
        tags.push(tag_pair(cur, strict)?);
    }
}

/// Splits a variation `(...)` (nested, with `{comments}` inside) off the
/// front of `s`: its inside and the length taken. `None` if unterminated.
fn take_balanced(s: &str) -> Option<(&str, usize)> {
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
                    return Some((s.get(1..i)?, i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// Strips a leading move number (`12.`, `12...`, `１２．`, `12、`, `12…`)
/// from a token.
pub(super) fn strip_move_number(tok: &str) -> &str {
    let after_digits = tok.trim_start_matches(|c: char| fold(c).is_ascii_digit());
    if after_digits.len() == tok.len() {
        return tok;
    }
    let after =
        after_digits.trim_start_matches(|c: char| matches!(fold(c), '.' | '、' | '。' | '…'));
    if after.len() == after_digits.len() {
        return tok;
    }
    // "33.4" is a WXF soldier move, not move 33.
    if after.starts_with(|c: char| fold(c).is_ascii_digit()) {
        tok
    } else {
        after
    }
}

/// The glyph of a move suffix (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!`
/// 6, full-width forms too); `None` for no suffix or another combination.
pub(super) fn suffix_nag(s: &str) -> Option<u8> {
    let mut chars = s.chars().map(fold);
    let pair = (chars.next()?, chars.next(), chars.next());
    Some(match pair {
        ('!', None, None) => 1,
        ('?', None, None) => 2,
        ('!', Some('!'), None) => 3,
        ('?', Some('?'), None) => 4,
        ('!', Some('?'), None) => 5,
        ('?', Some('!'), None) => 6,
        _ => return None,
    })
}

/// The glyph of a `$n` token (`n` at most 255, full-width digits too);
/// `None` if malformed.
pub(super) fn dollar_nag(tok: &str) -> Option<u8> {
    let mut n: u8 = 0;
    let mut digits = 0;
    for c in tok.chars().skip(1).map(fold) {
        let d = c.to_digit(10)?;
        n = n.checked_mul(10)?.checked_add(u8::try_from(d).ok()?)?;
        digits += 1;
    }
    (digits > 0).then_some(n)
}

/// Whether a character ends a movetext token.
pub(super) fn ends_token(c: char) -> bool {
    is_space(c) || matches!(c, '{' | '}' | '(' | ')' | ';')
}

/// Reads one record whose first line is line `first_line` of the text.
pub(crate) fn record(
    text: &str,
    opts: &ReadOptions,
    first_line: usize,
) -> Result<GameRecord, PgnError> {
    let mut cur = Cursor::new(text, first_line);
    let tags = tags(&mut cur, opts.strict)?;
    let start = match tags.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => {
            let setup: Setup = fen.trim().parse().map_err(ParsePositionError::from)?;
            Position::from_setup(setup, opts.validation).map_err(ParsePositionError::from)?
        }
        None => Position::new(),
    };
    let mut rec = GameRecord {
        tags,
        start: start.clone(),
        ..GameRecord::default()
    };
    let mut pos = start;
    let move_opts = move_options(opts);
    let mut result = None;
    let mut at_line_start = true;
    loop {
        let Some((c, _)) = cur.next_token(&mut at_line_start, result.is_some(), opts.strict)?
        else {
            break;
        };
        match c {
            '{' => {
                let end = cur.rest.find('}').ok_or(PgnError::Unterminated)?;
                let body = cur.rest.get(1..end).unwrap_or("").trim_matches(is_space);
                rec.comments.push((rec.moves.len(), body.to_string()));
                cur.advance(end + 1);
            }
            // A line comment, or an escaped line (`%` in the first column).
            ';' | '%' => {
                let n = cur.line_rest().len();
                cur.advance(n);
            }
            '(' => {
                let (inner, n) = take_balanced(cur.rest).ok_or(PgnError::Unterminated)?;
                if opts.keep_variations {
                    rec.variations
                        .push((rec.moves.len(), inner.trim_matches(is_space).to_string()));
                }
                cur.advance(n);
            }
            _ => {
                let end = cur.token_len();
                let tok = &cur.rest[..end];
                if let Some(r) = GameResult::from_token(tok) {
                    cur.advance(end);
                    result = Some(r);
                    continue;
                }
                let whole = tok.len();
                let tok = strip_move_number(tok);
                // Where the move starts (after its number), for errors.
                let at = whole - tok.len();
                // Annotation glyphs: `$1`, and `!`/`?` suffixes.
                let body = tok.trim_end_matches(|c: char| matches!(fold(c), '!' | '?'));
                let suffix = suffix_nag(&tok[body.len()..]);
                let tok = body;
                if tok.is_empty() || folds_to(tok.chars().next().unwrap_or('$'), '$') {
                    let nag = if tok.is_empty() {
                        suffix
                    } else {
                        dollar_nag(tok)
                    };
                    rec.nags.extend(nag.map(|n| (rec.moves.len(), n)));
                    cur.advance(end);
                    continue;
                }
                let m = match pos.parse_move_with(tok, &move_opts) {
                    Ok(m) => m,
                    Err(reason) => {
                        return Err(PgnError::Move {
                            ply: rec.moves.len() + 1,
                            line: cur.line,
                            column: cur.column(at),
                            text: tok.to_string(),
                            error: ParseNotationError::from(reason.clone()),
                            reason,
                        });
                    }
                };
                cur.advance(end);
                pos.play_unchecked(m);
                rec.moves.push(m);
                rec.nags.extend(suffix.map(|n| (rec.moves.len(), n)));
            }
        }
    }
    rec.result = result
        .or_else(|| {
            rec.tags
                .iter()
                .find(|(k, _)| k == "Result")
                .and_then(|(_, v)| GameResult::from_tag_value(v))
        })
        .unwrap_or_default();
    Ok(rec)
}
