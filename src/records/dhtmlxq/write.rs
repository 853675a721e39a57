//! A [`GameTree`] written as DhtmlXQ.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::base::{Color, PIECE_SLOTS, Position, Square};
use crate::records::dhtmlxq::escape::escape;
use crate::records::dhtmlxq::resolve::{HEADERS, is_structural};
use crate::records::screen_grid::col_row;
use crate::records::tree::{GameTree, NodeId};

/// The `binit` digits of `pos`: each piece in the first free slot of its
/// role, `99` for the slots left.
fn binit(pos: &Position) -> String {
    let mut slots: [Option<Square>; 32] = [None; 32];
    for (sq, piece) in pos.board().pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(i) =
            (0..16).find(|&i| PIECE_SLOTS[i] == piece.role && slots[base + i].is_none())
        {
            slots[base + i] = Some(sq);
        }
    }
    let mut out = String::with_capacity(64);
    for slot in slots {
        match slot {
            Some(sq) => {
                let (c, r) = col_row(sq);
                let _ = write!(out, "{c}{r}");
            }
            None => out.push_str("99"),
        }
    }
    out
}

/// The DhtmlXQ result of a PGN result token.
fn result_text(token: &str) -> &str {
    match token {
        "1-0" => "红胜",
        "0-1" => "黑胜",
        "1/2-1/2" => "和棋",
        "*" => "未知",
        other => other,
    }
}

/// A tag name a header can be written under: letters, digits, `_`, and not
/// one of the record's structural tags.
fn tag_name(header: &str) -> Option<String> {
    if let Some((tag, _)) = HEADERS.iter().find(|(_, h)| *h == header) {
        return Some(String::from(*tag));
    }
    let ok = !header.is_empty()
        && header
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !is_structural(header)
        && !HEADERS
            .iter()
            .any(|(tag, _)| tag.eq_ignore_ascii_case(header));
    ok.then(|| String::from(header))
}

fn tag(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]");
}

/// A branch: its number, its parent's, the ply of its first move, and its
/// nodes (the first and its first-child chain).
struct Branch {
    id: u32,
    parent: u32,
    ply: u32,
    nodes: Vec<NodeId>,
}

/// The main line and every branch, numbered in the order they are met.
fn branches(tree: &GameTree) -> Vec<Branch> {
    let chain = |first: NodeId| {
        let mut nodes = Vec::from([first]);
        let mut at = first;
        while let Some(&next) = tree.children(at).first() {
            nodes.push(next);
            at = next;
        }
        nodes
    };
    let root = tree.root();
    let mut out = Vec::new();
    let main = tree
        .children(root)
        .first()
        .map_or(Vec::new(), |&f| chain(f));
    out.push(Branch {
        id: 0,
        parent: 0,
        ply: 1,
        nodes: main,
    });
    let mut i = 0;
    while i < out.len() {
        let (id, ply) = (out[i].id, out[i].ply);
        // The node before each move of the branch, and that move's ply.
        let mut forks: Vec<(NodeId, u32)> = Vec::new();
        if id == 0 {
            forks.push((root, 1));
        }
        for (k, &n) in out[i].nodes.iter().enumerate() {
            forks.push((n, ply + k as u32 + 1));
        }
        for (node, next_ply) in forks {
            for &alt in tree.children(node).iter().skip(1) {
                let id_new = out.len() as u32;
                out.push(Branch {
                    id: id_new,
                    parent: id,
                    ply: next_ply,
                    nodes: chain(alt),
                });
            }
        }
        i += 1;
    }
    out
}

/// Writes `tree` as a DhtmlXQ record: `[DhtmlXQ]`, the headers, `binit`
/// (and `fen` when the start is not the standard one, for the side to move
/// and the counters), the main line, every branch, every comment,
/// `[/DhtmlXQ]`.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::dhtmlxq::write;
/// use xiangqi::tree::GameTree;
///
/// let mut tree = GameTree::new(Position::new());
/// tree.set_header("Red", "甲");
/// let first = tree.add_variation(tree.root(), "h2e2".parse()?)?;
/// tree.set_comment(first, "中炮")?;
/// let text = write(&tree);
/// assert!(text.contains("[DhtmlXQ_red]甲[/DhtmlXQ_red]"));
/// assert!(text.contains("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"));
/// assert!(text.contains("[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(tree: &GameTree) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    for (name, value) in tree.headers() {
        let Some(tag_name) = tag_name(name) else {
            continue;
        };
        let value = if name == "Result" {
            result_text(value)
        } else {
            value
        };
        tag(&mut out, &tag_name, &escape(value));
    }
    tag(&mut out, "binit", &binit(tree.start()));
    if *tree.start() != Position::new() {
        tag(&mut out, "fen", &tree.start().to_string());
    }
    let all = branches(tree);
    let digits = |nodes: &[NodeId]| {
        let mut s = String::with_capacity(nodes.len() * 4);
        for m in nodes.iter().filter_map(|&n| tree.move_at(n)) {
            let (a, b) = col_row(m.from());
            let (c, d) = col_row(m.to());
            let _ = write!(s, "{a}{b}{c}{d}");
        }
        s
    };
    for b in &all {
        if b.id == 0 {
            tag(&mut out, "movelist", &digits(&b.nodes));
            tag(&mut out, "length", &itoa(b.nodes.len() as u32));
        } else {
            let name = alloc::format!("move_{}_{}_{}", b.parent, b.ply, b.id);
            tag(&mut out, &name, &digits(&b.nodes));
        }
    }
    let root_comment = tree.comment(tree.root());
    if !root_comment.is_empty() {
        tag(&mut out, "comment0", &escape(root_comment));
    }
    for b in &all {
        for (k, &n) in b.nodes.iter().enumerate() {
            let text = tree.comment(n);
            if text.is_empty() {
                continue;
            }
            let ply = b.ply + k as u32;
            let name = if b.id == 0 {
                alloc::format!("comment{ply}")
            } else {
                alloc::format!("comment{}_{ply}", b.id)
            };
            tag(&mut out, &name, &escape(text));
        }
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

fn itoa(n: u32) -> String {
    alloc::format!("{n}")
}
