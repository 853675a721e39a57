//! CBF XML read into raw fields: the `<Head>` elements, the FEN, and the
//! `<Move value="xy-xy">` elements of `<MoveList>` with their text (the
//! comment after the move). The first `Move`, `00-00`, holds the comment
//! before the first move.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::records::cbf::CbfError;

/// One `<Move>` element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawMove {
    /// The line of the element in the text, from 1.
    pub line: u32,
    /// Column and row (from the top) of the from and to squares.
    pub squares: [u32; 4],
    /// The comment after the move.
    pub comment: String,
}

/// A CBF record's fields, not yet checked against the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RawCbf {
    /// The non-empty `<Head>` elements but `FEN`, as (element, text).
    pub head: Vec<(String, String)>,
    /// The `FEN` element and its line.
    pub fen: Option<(String, u32)>,
    /// The comment before the first move.
    pub comment: String,
    /// The moves, in order.
    pub moves: Vec<RawMove>,
}

/// The text of an element: its text and CDATA children, joined.
fn text_of(node: roxmltree::Node<'_, '_>) -> String {
    node.children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect()
}

/// Column/row digits of `xy-xy`.
fn squares(value: &str) -> Option<[u32; 4]> {
    let b = value.trim().as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let d = |i: usize| (b[i] as char).to_digit(10);
    Some([d(0)?, d(1)?, d(3)?, d(4)?])
}

/// Reads CBF text.
pub(crate) fn parse(text: &str) -> Result<RawCbf, CbfError> {
    let doc = roxmltree::Document::parse(text).map_err(|e| CbfError::Xml {
        line: e.pos().row,
        column: e.pos().col,
        message: e.to_string(),
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "ChineseChessRecord" {
        return Err(CbfError::NotCbf);
    }
    let line = |n: roxmltree::Node<'_, '_>| doc.text_pos_at(n.range().start).row;
    let mut raw = RawCbf::default();
    for section in root.children().filter(|n| n.is_element()) {
        match section.tag_name().name() {
            "Head" => {
                for field in section.children().filter(|n| n.is_element()) {
                    let name = field.tag_name().name();
                    let value = text_of(field).trim().to_string();
                    if name == "FEN" {
                        raw.fen = Some((value, line(field)));
                    } else if !value.is_empty() {
                        raw.head.push((name.to_string(), value));
                    }
                }
            }
            "MoveList" => {
                let moves = section
                    .children()
                    .filter(|n| n.is_element() && n.tag_name().name() == "Move");
                for (i, node) in moves.enumerate() {
                    let value = node.attribute("value").unwrap_or("");
                    let comment = text_of(node);
                    if i == 0 && value.trim() == "00-00" {
                        raw.comment = comment;
                        continue;
                    }
                    let squares = squares(value).ok_or_else(|| CbfError::BadMove {
                        line: line(node),
                        value: value.to_string(),
                    })?;
                    raw.moves.push(RawMove {
                        line: line(node),
                        squares,
                        comment,
                    });
                }
            }
            _ => {}
        }
    }
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_moves() {
        let text = "<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">\n<Head><Name>T</Name><URL /><FEN>x</FEN></Head>\n<MoveList>\n<Move value=\"00-00\"><![CDATA[start]]></Move>\n<Move value=\"77-47\" />\n<Move value=\"70-62\" end=\"1\">ok</Move>\n</MoveList></ChineseChessRecord>";
        let raw = parse(text).unwrap();
        assert_eq!(raw.head, vec![("Name".to_string(), "T".to_string())]);
        assert_eq!(raw.fen, Some(("x".to_string(), 3)));
        assert_eq!(raw.comment, "start");
        assert_eq!(raw.moves.len(), 2);
        assert_eq!(raw.moves[1].squares, [7, 0, 6, 2]);
        assert_eq!(raw.moves[1].line, 7);
        assert_eq!(raw.moves[1].comment, "ok");
        let bad = text.replace("70-62", "7062");
        assert_eq!(
            parse(&bad),
            Err(CbfError::BadMove {
                line: 7,
                value: "7062".into()
            })
        );
        assert!(matches!(parse("<a>"), Err(CbfError::Xml { line: 1, .. })));
        assert_eq!(parse("<a/>"), Err(CbfError::NotCbf));
    }
}
