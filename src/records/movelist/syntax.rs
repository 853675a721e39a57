//! A pasted move list cut into tokens: move numbers (`1.`, `1、`, `１．`,
//! `第1回合`), moves, comments (`{...}`, `(...)`, `（...）`, `【...】`) and
//! a result (`1-0`, `0-1`, `1/2-1/2`, `*`, 红胜, 黑胜, 和棋...).

use alloc::string::String;
use alloc::vec::Vec;

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A move number (its value).
    Number(u32),
    /// A move, not yet read.
    Move(String),
    /// A comment.
    Comment(String),
    /// A result, as a PGN token.
    Result(&'static str),
}

/// A token and where it starts (line and column from 1, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// What it is.
    pub kind: Kind,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub column: u32,
}

/// The result token a word stands for.
fn result(word: &str) -> Option<&'static str> {
    Some(match word {
        "1-0" | "红胜" | "紅勝" | "红先胜" | "紅先勝" | "黑负" | "黑負" => "1-0",
        "0-1" | "黑胜" | "黑勝" | "红先负" | "紅先負" | "红负" | "紅負" => "0-1",
        "1/2-1/2" | "和棋" | "和局" | "红先和" | "紅先和" | "和" => "1/2-1/2",
        "*" | "未知" => "*",
        _ => return None,
    })
}

fn closing(open: char) -> Option<char> {
    Some(match open {
        '{' => '}',
        '(' => ')',
        '（' => '）',
        '【' => '】',
        '[' => ']',
        _ => return None,
    })
}

fn digit(c: char) -> Option<u32> {
    c.to_digit(10).or_else(|| {
        let n = c as u32;
        (0xFF10..=0xFF19).contains(&n).then(|| n - 0xFF10)
    })
}

/// Splits a word into a leading move number and the rest: `12.` →
/// (12, ""), `1.炮二平五` → (1, "炮二平五"), `第3回合` → (3, "").
fn number(word: &str) -> Option<(u32, &str)> {
    let w = word.strip_prefix('第').unwrap_or(word);
    let digits: usize = w
        .chars()
        .take_while(|&c| digit(c).is_some())
        .map(char::len_utf8)
        .sum();
    if digits == 0 {
        return None;
    }
    let value = w[..digits]
        .chars()
        .try_fold(0u32, |n, c| n.checked_mul(10)?.checked_add(digit(c)?))?;
    let rest = &w[digits..];
    for sep in ["回合", "步", ".", "．", "、", ")", "）", ":", "："] {
        if let Some(r) = rest.strip_prefix(sep) {
            let r = r.trim_start_matches(['.', '．']);
            return Some((value, r));
        }
    }
    None
}

/// The PGN result a result phrase says (`黑方胜`, `红先负`, `和棋`...).
pub(crate) fn result_phrase(text: &str) -> Option<&'static str> {
    let win = text.contains('胜') || text.contains('勝');
    let loss = text.contains('负') || text.contains('負');
    if text.contains('和') {
        Some("1/2-1/2")
    } else if text.contains('红') || text.contains('紅') {
        (win || loss).then_some(if win { "1-0" } else { "0-1" })
    } else if text.contains('黑') {
        (win || loss).then_some(if win { "0-1" } else { "1-0" })
    } else {
        result(text.trim())
    }
}

/// The `key: value` lines before the list (as 东萍 writes them: `标题:`,
/// `赛事:`, `红方:`, `黑方:`, `结果:`...), as tree headers.
pub(crate) fn preamble(text: &str) -> Vec<(&'static str, String)> {
    const KEYS: [(&str, &str); 9] = [
        ("标题", "Title"),
        ("赛事", "Event"),
        ("轮次", "Round"),
        ("布局", "Opening"),
        ("红方", "Red"),
        ("黑方", "Black"),
        ("结果", "Result"),
        ("日期", "Date"),
        ("地点", "Site"),
    ];
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.chars().next().is_some_and(|c| digit(c).is_some()) {
            break;
        }
        let Some((key, value)) = line.split_once([':', '：']) else {
            continue;
        };
        let value = value.trim();
        if let Some(&(_, name)) = KEYS.iter().find(|(k, _)| *k == key.trim()) {
            if name == "Result" {
                if let Some(r) = result_phrase(value) {
                    out.push((name, r.into()));
                }
            } else if !value.is_empty() {
                out.push((name, value.into()));
            }
        }
    }
    out
}

/// The tokens of `text`.
pub(crate) fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut line = 1u32;
    let mut column = 0u32;
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let mut word_at = (1, 1);
    let flush = |word: &mut String, at: (u32, u32), out: &mut Vec<Token>| {
        if word.is_empty() {
            return;
        }
        let mut w = word.as_str();
        let mut col = at.1;
        while let Some((n, rest)) = number(w) {
            out.push(Token {
                kind: Kind::Number(n),
                line: at.0,
                column: col,
            });
            col += (w.chars().count() - rest.chars().count()) as u32;
            w = rest;
        }
        let w = w.trim_start_matches(['.', '．', '…']);
        if !w.is_empty() {
            let kind = match result(w) {
                Some(r) => Kind::Result(r),
                None => Kind::Move(w.into()),
            };
            out.push(Token {
                kind,
                line: at.0,
                column: col,
            });
        }
        word.clear();
    };
    while let Some(c) = chars.next() {
        column += 1;
        if let Some(close) = closing(c) {
            flush(&mut word, word_at, &mut out);
            let at = (line, column);
            let mut comment = String::new();
            for c in chars.by_ref() {
                column += 1;
                if c == '\n' {
                    line += 1;
                    column = 0;
                }
                if c == close {
                    break;
                }
                comment.push(c);
            }
            out.push(Token {
                kind: Kind::Comment(comment),
                line: at.0,
                column: at.1,
            });
        } else if c.is_whitespace() || c == ',' || c == '，' || c == ';' || c == '；' {
            flush(&mut word, word_at, &mut out);
            if c == '\n' {
                line += 1;
                column = 0;
            }
        } else {
            if word.is_empty() {
                word_at = (line, column);
            }
            word.push(c);
        }
    }
    flush(&mut word, word_at, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        tokens(text).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn words() {
        assert_eq!(
            kinds("1.炮二平五 马８进７\n２．马二进三{好} 第3回合 红胜"),
            vec![
                Kind::Number(1),
                Kind::Move("炮二平五".into()),
                Kind::Move("马８进７".into()),
                Kind::Number(2),
                Kind::Move("马二进三".into()),
                Kind::Comment("好".into()),
                Kind::Number(3),
                Kind::Result("1-0"),
            ]
        );
        let t = tokens("1. h2e2\n  h9g7");
        assert_eq!((t[2].line, t[2].column), (2, 3));
        assert_eq!(
            kinds("1... 马８进７"),
            vec![Kind::Number(1), Kind::Move("马８进７".into())]
        );
        assert_eq!(
            kinds("99999999999."),
            vec![Kind::Move("99999999999.".into())]
        );
    }

    #[test]
    fn preamble_lines() {
        let text = "标题: 甲 负 乙\n红方： 甲\n结果: 黑方胜\n备注: x\n 1.炮二平五\n结果: 和";
        assert_eq!(
            preamble(text),
            vec![
                ("Title", "甲 负 乙".to_string()),
                ("Red", "甲".to_string()),
                ("Result", "0-1".to_string())
            ]
        );
        assert_eq!(result_phrase("红先负"), Some("0-1"));
        assert_eq!(result_phrase("?"), None);
    }
}
