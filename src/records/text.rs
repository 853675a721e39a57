//! Text as the Chinese record files have it: a byte-order mark (UTF-8,
//! UTF-16LE, UTF-16BE), UTF-8, UTF-16LE without a mark, GBK / GB18030, or
//! Big5 where the text says so (`charset=big5`, `encoding="big5"`). The
//! decoding is `encoding_rs`'s; malformed sequences become U+FFFD, never an
//! error: a record's markers are ASCII, so a bad byte in a comment must not
//! lose the game.

use alloc::borrow::Cow;
#[cfg(feature = "cbr")]
use alloc::string::String;

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8, UTF_16LE};

/// How many leading bytes are searched for a charset declaration.
const DECLARATION_WINDOW: usize = 1024;

/// The encoding of `bytes`, judged from their start: a byte-order mark, a
/// charset declaration naming Big5 or GBK / GB2312 / GB18030, UTF-16LE by its
/// zero high bytes, valid UTF-8, and GB18030 for anything else.
pub(crate) fn sniff(bytes: &[u8]) -> &'static Encoding {
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        return enc;
    }
    if looks_utf16le(bytes) {
        return UTF_16LE;
    }
    let head = &bytes[..bytes.len().min(DECLARATION_WINDOW)];
    if let Some(enc) = declared(head) {
        return enc;
    }
    if core::str::from_utf8(bytes).is_ok() {
        UTF_8
    } else {
        GB18030
    }
}

/// Decodes `bytes` whole in the encoding [`sniff`] finds (a byte-order mark
/// is removed).
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let enc = sniff(bytes);
    let (text, _) = enc.decode_with_bom_removal(bytes);
    text
}

/// A fixed-size UTF-16LE field: the text up to its first NUL code unit (or
/// the whole field), with unpaired surrogates as U+FFFD.
#[cfg(feature = "cbr")]
pub(crate) fn utf16le_field(bytes: &[u8]) -> String {
    let mut end = bytes.len() & !1;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == 0 && bytes[i + 1] == 0 {
            end = i;
            break;
        }
        i += 2;
    }
    let (text, _) = UTF_16LE.decode_without_bom_handling(&bytes[..end]);
    text.into_owned()
}

/// UTF-16LE without a mark: text whose first code units are ASCII (a zero
/// high byte) with a non-zero low byte.
fn looks_utf16le(bytes: &[u8]) -> bool {
    let units = bytes.len().min(64) / 2;
    units >= 2 && (0..units).all(|i| bytes[2 * i + 1] == 0) && (0..units).all(|i| bytes[2 * i] != 0)
}

/// A `charset=` or `encoding=` declaration in `head` that names Big5, GBK,
/// GB2312 or GB18030 (ASCII case ignored).
fn declared(head: &[u8]) -> Option<&'static Encoding> {
    for key in [&b"charset"[..], &b"encoding"[..]] {
        let mut from = 0;
        while let Some(at) = find_ascii_ci(&head[from..], key) {
            let mut i = from + at + key.len();
            while i < head.len() && matches!(head[i], b' ' | b'=' | b'"' | b'\'' | b':') {
                i += 1;
            }
            let start = i;
            while i < head.len() && (head[i].is_ascii_alphanumeric() || head[i] == b'-') {
                i += 1;
            }
            if let Some(enc) = Encoding::for_label(&head[start..i]) {
                if enc == BIG5 {
                    return Some(BIG5);
                }
                if enc == GB18030 || enc.name() == "GBK" {
                    return Some(GB18030);
                }
            }
            from = i.max(from + at + 1);
        }
    }
    None
}

/// Where `needle` (lower-case ASCII) first occurs in `hay`, ASCII case ignored.
pub(crate) fn find_ascii_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_told_apart() {
        assert_eq!(sniff("炮二平五".as_bytes()), UTF_8);
        let (gbk, _, _) = GB18030.encode("炮二平五 马８进７");
        assert_eq!(sniff(&gbk), GB18030);
        assert_eq!(decode(&gbk), "炮二平五 马８进７");
        let mut big5 = b"<meta charset=\"big5\">".to_vec();
        big5.extend_from_slice(&BIG5.encode("砲二平五").0);
        assert_eq!(sniff(&big5), BIG5);
        assert!(decode(&big5).ends_with("砲二平五"));
        let utf16: Vec<u8> = "[DhtmlXQ]"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(sniff(&utf16), UTF_16LE);
        assert_eq!(decode(&utf16), "[DhtmlXQ]");
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice("中".as_bytes());
        assert_eq!(decode(&bom), "中");
    }

    #[test]
    #[cfg(feature = "cbr")]
    fn utf16_fields_stop_at_nul() {
        let mut field = [0u8; 16];
        field[..4].copy_from_slice(&[0x4e, 0x67, 0x31, 0x00]);
        assert_eq!(utf16le_field(&field), "李1");
        assert_eq!(utf16le_field(&[0x4e, 0x67, 0x31]), "李");
        assert_eq!(utf16le_field(&[0x00, 0xd8]), "\u{fffd}");
    }
}
