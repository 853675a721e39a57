//! The escapes of DhtmlXQ text: `||` for a line break, `\uXXXX` for a
//! character. The writer escapes `[`, `|` and `\` that way, so a value
//! never closes its tag early and reads back the same.

use alloc::string::String;

/// The text of a tag's value: `||` becomes a line break, `\uXXXX` (four hex
/// digits) the character, and a CR LF or lone CR a line feed.
pub(crate) fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(['|', '\\']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if let Some(r) = rest.strip_prefix("||") {
            out.push('\n');
            rest = r;
        } else if let Some(c) = rest
            .strip_prefix("\\u")
            .and_then(|r| r.get(..4))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            out.push(c);
            rest = &rest[6..];
        } else {
            let c = rest.chars().next().unwrap_or('|');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out.push_str(rest);
    if out.contains('\r') {
        out = out.replace("\r\n", "\n").replace('\r', "\n");
    }
    out
}

/// `s` written for a tag's value (see [`unescape`]).
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("||"),
            '[' => out.push_str("\\u005b"),
            ']' => out.push_str("\\u005d"),
            '|' => out.push_str("\\u007c"),
            '\\' => out.push_str("\\u005c"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for s in [
            "",
            "a||b",
            "x\\u0041y",
            "[/DhtmlXQ_comment1]",
            "a\nb|c\\d\\u0041",
            "末\\u",
        ] {
            assert_eq!(
                unescape(&escape(s)),
                s.replace("\r\n", "\n").replace('\r', "\n"),
                "{s}"
            );
        }
        assert_eq!(unescape("a||b\\u4e2d\\uZZ"), "a\nb中\\uZZ");
    }
}
