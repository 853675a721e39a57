//! DhtmlXQ text read into its tags: `[DhtmlXQ_name]value[/DhtmlXQ_name]`,
//! anywhere in the text (a web page, a forum post), in order. The wrapper
//! `[DhtmlXQ]` ... `[/DhtmlXQ]` (or `[DhtmlXQiFrame]`) is optional.

use alloc::string::String;
use alloc::vec::Vec;

use crate::records::dhtmlxq::DhtmlXqError;

/// One tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawTag<'a> {
    /// The name after `DhtmlXQ_`, as written.
    pub name: &'a str,
    /// The text between the tags, as written.
    pub value: &'a str,
    /// The line of the opening tag, from 1.
    pub line: u32,
}

const OPEN: &str = "[DhtmlXQ_";

/// Every `[DhtmlXQ_name]value[/DhtmlXQ_name]` of `text`, in order.
pub(crate) fn tags(text: &str) -> Result<Vec<RawTag<'_>>, DhtmlXqError> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut line = 1u32;
    let mut counted = 0;
    while let Some(found) = text[at..].find(OPEN) {
        let start = at + found;
        line += count_lines(&text[counted..start]);
        counted = start;
        let name_start = start + OPEN.len();
        let name_len = text[name_start..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let name = &text[name_start..name_start + name_len];
        let after = name_start + name_len;
        if name.is_empty() || !text[after..].starts_with(']') {
            at = name_start;
            continue;
        }
        let value_start = after + 1;
        let mut close = String::with_capacity(name.len() + 11);
        close.push_str("[/DhtmlXQ_");
        close.push_str(name);
        close.push(']');
        let Some(len) = text[value_start..].find(close.as_str()) else {
            return Err(DhtmlXqError::Unclosed {
                line,
                tag: name.into(),
            });
        };
        out.push(RawTag {
            name,
            value: &text[value_start..value_start + len],
            line,
        });
        at = value_start + len + close.len();
    }
    Ok(out)
}

fn count_lines(s: &str) -> u32 {
    s.bytes().filter(|&b| b == b'\n').count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_in_a_page() {
        let text = "<p>[DhtmlXQ]\n[DhtmlXQ_title]A [b] B[/DhtmlXQ_title]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_x [/DhtmlXQ]</p>";
        let t = tags(text).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].name, t[0].value, t[0].line), ("title", "A [b] B", 2));
        assert_eq!((t[1].name, t[1].value, t[1].line), ("movelist", "7747", 3));
        assert_eq!(
            tags("\n[DhtmlXQ_title]x"),
            Err(DhtmlXqError::Unclosed {
                line: 2,
                tag: "title".into()
            })
        );
    }
}
