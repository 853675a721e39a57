//! The 1024-byte XQF header: the `XQ` mark, the version, the key bytes, the
//! 32 piece squares of the start position, the result, the kind of record,
//! and the text fields (a length byte, then GBK / GB18030 text, in fixed
//! slots).

use alloc::string::String;
use alloc::vec::Vec;

use crate::records::xqf::decrypt::Keys;
use crate::records::xqf::error::{XqfError, XqfErrorKind};

/// The header's size; the move records start at this offset.
pub(crate) const HEADER_LEN: usize = 0x400;
/// Offset of the 32 piece squares.
pub(crate) const PIECES_AT: usize = 0x10;
/// Offset of the result byte.
pub(crate) const RESULT_AT: usize = 0x33;
/// Offset of the kind byte (0 full game, 1 opening, 2 middle game, 3 endgame).
pub(crate) const KIND_AT: usize = 0x40;

/// The text fields: the game-tree header name, the slot's offset and size
/// (the length byte included).
pub(crate) const TEXT_FIELDS: [(&str, usize, usize); 11] = [
    ("Title", 0x50, 64),
    ("Event", 0xD0, 64),
    ("Date", 0x110, 16),
    ("Site", 0x120, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("TimeRule", 0x150, 64),
    ("RedTime", 0x190, 16),
    ("BlackTime", 0x1A0, 16),
    ("Annotator", 0x1D0, 16),
    ("Author", 0x1E0, 16),
];

/// The results XQF numbers, by byte (4, a second draw, occurs in real files).
pub(crate) fn result_token(byte: u8) -> &'static str {
    match byte {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    }
}

/// The result byte of a PGN result token.
pub(crate) fn result_byte(token: &str) -> u8 {
    match token {
        "1-0" => 1,
        "0-1" => 2,
        "1/2-1/2" => 3,
        _ => 0,
    }
}

/// A header, read.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    /// The version byte (10 to 18).
    pub(crate) version: u8,
    /// The keys (none for version 10).
    pub(crate) keys: Keys,
    /// The 32 piece squares, decrypted (slot order: Red's R N B A K A B N R
    /// C C P P P P P, then Black's; over 89: not on the board).
    pub(crate) pieces: [u8; 32],
    /// The result byte.
    pub(crate) result: u8,
    /// The text fields that are not empty, as (header name, text).
    pub(crate) texts: Vec<(&'static str, String)>,
}

/// Decodes GBK / GB18030 text (never fails: a byte sequence that is no
/// character becomes U+FFFD).
pub(crate) fn decode_text(bytes: &[u8]) -> String {
    encoding_rs::GB18030
        .decode_without_bom_handling(bytes)
        .0
        .into_owned()
}

/// Reads the header of `bytes`.
pub(crate) fn read_header(bytes: &[u8]) -> Result<Header, XqfError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        if bytes.len() < 2 && b"XQ".starts_with(bytes) {
            return Err(XqfError::new(
                bytes.len(),
                XqfErrorKind::TooShort { len: bytes.len() },
            ));
        }
        return Err(XqfError::new(0, XqfErrorKind::BadMagic));
    }
    let Some(head) = bytes.get(..HEADER_LEN) else {
        return Err(XqfError::new(
            bytes.len(),
            XqfErrorKind::TooShort { len: bytes.len() },
        ));
    };
    let version = head[2];
    if !(10..=18).contains(&version) {
        return Err(XqfError::new(2, XqfErrorKind::UnsupportedVersion(version)));
    }
    let mut first = [0u8; 16];
    first.copy_from_slice(&head[..16]);
    let keys = if version >= 11 {
        Keys::from_header(&first)
    } else {
        Keys::NONE
    };
    let mut raw = [0u8; 32];
    raw.copy_from_slice(&head[PIECES_AT..PIECES_AT + 32]);
    let pieces = keys.decrypt_pieces(version, &raw);
    let mut texts = Vec::new();
    for (name, at, size) in TEXT_FIELDS {
        // A length past the slot is cut to the slot, as cchess does.
        let len = usize::from(head[at]).min(size - 1);
        if len > 0 {
            texts.push((name, decode_text(&head[at + 1..at + 1 + len])));
        }
    }
    Ok(Header {
        version,
        keys,
        pieces,
        result: head[RESULT_AT],
        texts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(version: u8) -> Vec<u8> {
        let mut h = alloc::vec![0u8; HEADER_LEN];
        h[..3].copy_from_slice(&[b'X', b'Q', version]);
        h
    }

    #[test]
    fn texts_are_gbk() {
        let mut h = blank(10);
        // "北京" in GBK, from XQF.TXT's example header (offset 0x120).
        h[0x120..0x125].copy_from_slice(&[4, 0xB1, 0xB1, 0xBE, 0xA9]);
        // A length byte past its 16-byte slot is cut to 15.
        h[0x130] = 200;
        h[0x131..0x140].fill(b'a');
        let head = read_header(&h).unwrap();
        assert_eq!(head.texts[0], ("Site", "北京".into()));
        assert_eq!(head.texts[1], ("Red", "a".repeat(15)));
        assert_eq!(head.texts.len(), 2);
    }

    #[test]
    fn bad_headers() {
        let kind = |b: &[u8]| read_header(b).unwrap_err().kind;
        assert_eq!(kind(b""), XqfErrorKind::TooShort { len: 0 });
        assert_eq!(kind(b"XY"), XqfErrorKind::BadMagic);
        assert_eq!(kind(b"XQ\x0a"), XqfErrorKind::TooShort { len: 3 });
        assert_eq!(kind(&blank(9)), XqfErrorKind::UnsupportedVersion(9));
        assert_eq!(kind(&blank(19)), XqfErrorKind::UnsupportedVersion(19));
        assert!(read_header(&blank(18)).is_ok());
    }
}
