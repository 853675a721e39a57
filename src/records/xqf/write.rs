//! A [`GameTree`] written as XQF: version 1.8 with keys all zero, which is
//! no encryption (every derived key is zero, but for the 767 added to each
//! comment length and the rotation of the piece slots by one that 1.2 and
//! later apply): XQStudio's own layout, which cchess reads back.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::base::{Board, Color, PIECE_SLOTS, Position};
use crate::records::tree::{GameTree, NodeId};
use crate::records::xqf::error::{XqfError, XqfErrorKind};
use crate::records::xqf::header::{
    HEADER_LEN, KIND_AT, PIECES_AT, RESULT_AT, TEXT_FIELDS, result_byte,
};
use crate::records::xqf::resolve::square_number;

/// The version written: 1.8.
const VERSION: u8 = 18;
/// The comment-length key of all-zero key bytes.
const COMMENT_KEY: u32 = 767;

/// GB18030 bytes of `text`, at most `max` of them, cut between characters.
fn encode_cut(text: &str, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for ch in text.chars() {
        let (bytes, _, _) = encoding_rs::GB18030.encode(ch.encode_utf8(&mut buf));
        if out.len() + bytes.len() > max {
            break;
        }
        out.extend_from_slice(&bytes);
    }
    out
}

/// The 32 piece slots of a board (XQF squares, 0xFF for an empty slot).
fn piece_slots(board: &Board) -> Result<[u8; 32], XqfError> {
    let mut slots = [0xFFu8; 32];
    for (sq, piece) in board.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| PIECE_SLOTS[i] == piece.role && slots[base + i] == 0xFF);
        let Some(i) = free else {
            return Err(XqfError::new(
                PIECES_AT,
                XqfErrorKind::Unwritable(String::from("more pieces of a kind than XQF has slots")),
            ));
        };
        slots[base + i] = square_number(sq);
    }
    Ok(slots)
}

/// Appends the record of a node: its squares, flags and comment.
fn push_record(
    out: &mut Vec<u8>,
    squares: (u8, u8),
    next: bool,
    sibling: bool,
    comment: &str,
) -> Result<(), XqfError> {
    let mut tag = 0u8;
    if next {
        tag |= 0x80;
    }
    if sibling {
        tag |= 0x40;
    }
    let text = if comment.is_empty() {
        Vec::new()
    } else {
        encoding_rs::GB18030.encode(comment).0.into_owned()
    };
    if !text.is_empty() {
        tag |= 0x20;
    }
    out.extend_from_slice(&[squares.0, squares.1, tag, 0]);
    if !text.is_empty() {
        let len = u32::try_from(text.len())
            .ok()
            .and_then(|n| n.checked_add(COMMENT_KEY))
            .ok_or_else(|| {
                XqfError::new(
                    out.len(),
                    XqfErrorKind::Unwritable(String::from("a comment over 4 GB")),
                )
            })?;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&text);
    }
    Ok(())
}

/// Writes `tree` as XQF (see [`crate::xqf`] for what is kept).
pub(crate) fn write_tree(tree: &GameTree) -> Result<Vec<u8>, XqfError> {
    let mut out = vec![0u8; HEADER_LEN];
    out[..3].copy_from_slice(&[b'X', b'Q', VERSION]);
    // Key bytes 3 to 15 stay zero: no encryption.
    let start: &Position = tree.start();
    let slots = piece_slots(start.board())?;
    // From 1.2, slot `i` is read from byte `(key + i + 1) mod 32`: key 0.
    for i in 0..32 {
        out[PIECES_AT + i] = slots[(i + 1) % 32];
    }
    out[RESULT_AT] = result_byte(tree.header("Result").unwrap_or("*"));
    let standard = *start.board() == Board::new() && start.turn() == Color::Red;
    out[KIND_AT] = if standard { 0 } else { 3 };
    for (name, at, size) in TEXT_FIELDS {
        if let Some(value) = tree.header(name) {
            let bytes = encode_cut(value, size - 1);
            // At most 63.
            out[at] = bytes.len() as u8;
            out[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
        }
    }

    let root = tree.root();
    push_record(
        &mut out,
        (b'X', b'Q'),
        !tree.children(root).is_empty(),
        false,
        tree.comment(root),
    )?;
    // Depth first: a node, its children's subtrees in order, then its next
    // sibling; `sibling` says whether one follows.
    let mut stack: Vec<(NodeId, bool)> = Vec::new();
    let push_children = |stack: &mut Vec<(NodeId, bool)>, id: NodeId| {
        let children = tree.children(id);
        for (k, &c) in children.iter().enumerate().rev() {
            stack.push((c, k + 1 < children.len()));
        }
    };
    push_children(&mut stack, root);
    while let Some((id, sibling)) = stack.pop() {
        let Some(m) = tree.move_at(id) else { continue };
        let squares = (square_number(m.from()) + 24, square_number(m.to()) + 32);
        push_record(
            &mut out,
            squares,
            !tree.children(id).is_empty(),
            sibling,
            tree.comment(id),
        )?;
        push_children(&mut stack, id);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_between_characters() {
        // "北京" is 4 GBK bytes: 3 keep one character.
        assert_eq!(encode_cut("北京", 3), [0xB1, 0xB1]);
        assert_eq!(encode_cut("北京", 4), [0xB1, 0xB1, 0xBE, 0xA9]);
    }

    #[test]
    fn standard_slots_as_xqf_txt_gives_them() {
        // XQF.TXT: "(80,70,60,50,40,30,20,10,00,72,12,83,63,43,23,03,
        // 09,19,29,39,49,59,69,79,89,17,77,06,26,46,66,86)", pieces of a
        // kind in any order.
        let slots = piece_slots(&Board::new()).unwrap();
        let mut got: Vec<u8> = slots.to_vec();
        let mut want = vec![
            80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59,
            69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
        ];
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }
}
