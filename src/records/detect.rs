//! Which record format some bytes hold, judged from magic bytes and markers
//! only (cheap: at most the first few kilobytes are looked at, nothing is
//! parsed).
//!
//! ```
//! use xiangqi::detect::{RecordFormat, detect};
//!
//! assert_eq!(detect(b"CCBridge Record\0..."), Some(RecordFormat::Cbr));
//! assert_eq!(detect(b"[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"), Some(RecordFormat::DhtmlXq));
//! assert_eq!(detect("1. 炮二平五 马８进７".as_bytes()), Some(RecordFormat::MoveList));
//! assert_eq!(detect(b"[Event \"x\"]\n\n1. h2e2 *"), Some(RecordFormat::Pgn));
//! assert_eq!(detect(b"\x00\x01\x02"), None);
//! ```

use crate::records::text;

/// A game-record format [`detect`] can tell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordFormat {
    /// PGN text (tag pairs `[Name "value"]`).
    Pgn,
    /// XQF (象棋演播室), binary, starting with `XQ`.
    Xqf,
    /// A CCBridge (象棋桥) game, binary, starting with `CCBridge Record`.
    Cbr,
    /// A CCBridge library of games, binary, starting with `CCBridgeLibrary`.
    Cbl,
    /// A CCBridge record in XML (`<ChineseChessRecord>`).
    Cbf,
    /// A DhtmlXQ / UBB record of a Chinese web page (`[DhtmlXQ_movelist]`).
    DhtmlXq,
    /// A plain move list: numbered moves in Chinese (or other) notation.
    MoveList,
}

impl RecordFormat {
    /// The format's usual name.
    ///
    /// ```
    /// assert_eq!(xiangqi::detect::RecordFormat::DhtmlXq.name(), "DhtmlXQ");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "PGN",
            RecordFormat::Xqf => "XQF",
            RecordFormat::Cbr => "CBR",
            RecordFormat::Cbl => "CBL",
            RecordFormat::Cbf => "CBF",
            RecordFormat::DhtmlXq => "DhtmlXQ",
            RecordFormat::MoveList => "move list",
        }
    }
}

impl core::fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// How many leading bytes of a text format are looked at.
const WINDOW: usize = 8192;

/// The format of `bytes`, or `None` when no format's marker is found. Binary
/// formats are told by their magic bytes; text (in any encoding the readers
/// take) by its markers: `<ChineseChessRecord` for CBF, `[DhtmlXQ` for
/// DhtmlXQ, a tag pair at the start of a line for PGN, and moves in Chinese
/// notation (a piece, then 进 / 退 / 平) for a move list.
pub fn detect(bytes: &[u8]) -> Option<RecordFormat> {
    if bytes.starts_with(b"CCBridge Record\0") {
        return Some(RecordFormat::Cbr);
    }
    if bytes.starts_with(b"CCBridgeLibrary\0") {
        return Some(RecordFormat::Cbl);
    }
    if bytes.starts_with(b"XQ") && bytes.len() >= 1024 {
        return Some(RecordFormat::Xqf);
    }
    let head = &bytes[..bytes.len().min(WINDOW)];
    let text = text::decode(head);
    if text.contains("<ChineseChessRecord") {
        return Some(RecordFormat::Cbf);
    }
    if text.contains("[DhtmlXQ") {
        return Some(RecordFormat::DhtmlXq);
    }
    if text.lines().any(is_tag_pair) {
        return Some(RecordFormat::Pgn);
    }
    if has_chinese_move(&text) {
        return Some(RecordFormat::MoveList);
    }
    None
}

/// A PGN tag pair: `[Name "` at the start of the line.
fn is_tag_pair(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let name_len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    name_len > 0 && rest[name_len..].trim_start().starts_with('"')
}

/// A move in Chinese notation: a direction character (进 / 退 / 平, simplified
/// or traditional) two characters after a piece or position character.
fn has_chinese_move(text: &str) -> bool {
    const PIECES: &str = "车車俥马馬傌相象仕士帅帥将將炮砲包兵卒前中后後";
    let chars: alloc::vec::Vec<char> = text.chars().take(WINDOW).collect();
    chars
        .windows(4)
        .any(|w| PIECES.contains(w[0]) && matches!(w[2], '进' | '進' | '退' | '平'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn formats() {
        assert_eq!(detect(b"CCBridgeLibrary\0"), Some(RecordFormat::Cbl));
        let mut xqf = b"XQ\x0a".to_vec();
        xqf.resize(1024, 0);
        assert_eq!(detect(&xqf), Some(RecordFormat::Xqf));
        let cbf = "\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">";
        assert_eq!(detect(cbf.as_bytes()), Some(RecordFormat::Cbf));
        let gbk = encoding_rs::GB18030.encode("1. 炮二平五 马８进７").0;
        assert_eq!(detect(&gbk), Some(RecordFormat::MoveList));
        let utf16: Vec<u8> = "[DhtmlXQ_binit]"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(detect(&utf16), Some(RecordFormat::DhtmlXq));
        assert_eq!(detect(b""), None);
        assert_eq!(detect(b"hello [world]"), None);
    }
}
