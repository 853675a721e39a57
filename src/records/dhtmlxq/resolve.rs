//! DhtmlXQ tags checked against the rules and made a [`GameTree`].

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::base::{Board, Color, Move, PIECE_SLOTS, Piece, Position, Setup, Validation};
use crate::records::dhtmlxq::DhtmlXqError;
use crate::records::dhtmlxq::escape::unescape;
use crate::records::dhtmlxq::syntax::RawTag;
use crate::records::grow;
use crate::records::screen_grid::{first_mover, square};
use crate::records::tree::{GameTree, NodeId};

/// Header names of the tags that have a PGN counterpart: (tag, header).
pub(crate) const HEADERS: [(&str, &str); 12] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("timerule", "TimeControl"),
    ("result", "Result"),
];

/// Tags that are the record's structure, never headers.
pub(crate) fn is_structural(tag: &str) -> bool {
    let t = tag.to_ascii_lowercase();
    matches!(t.as_str(), "binit" | "fen" | "movelist" | "length")
        || t.starts_with("move_")
        || t.starts_with("comment")
}

/// The PGN result token of a DhtmlXQ result.
fn result_token(value: &str) -> &'static str {
    let v = value.trim();
    if matches!(v, "1-0" | "0-1" | "1/2-1/2") {
        return match v {
            "1-0" => "1-0",
            "0-1" => "0-1",
            _ => "1/2-1/2",
        };
    }
    if v.contains('和') {
        "1/2-1/2"
    } else if v.contains("红胜") || v.contains("紅勝") || v.contains("红先胜") || v.contains("黑负")
    {
        "1-0"
    } else if v.contains("黑胜") || v.contains("黑勝") || v.contains("红先负") || v.contains("红负")
    {
        "0-1"
    } else {
        "*"
    }
}

/// Digits of a move list, 4 a move; whitespace is ignored.
fn moves(tag: &RawTag<'_>) -> Result<Vec<Move>, DhtmlXqError> {
    let bad = |reason| DhtmlXqError::BadMoves {
        line: tag.line,
        tag: tag.name.into(),
        reason,
    };
    let digits: Vec<u32> = tag
        .value
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).ok_or(bad("not digits")))
        .collect::<Result<_, _>>()?;
    if digits.len() % 4 != 0 {
        return Err(bad("the digits are not groups of 4"));
    }
    digits
        .chunks_exact(4)
        .map(|d| {
            let from = square(d[0], d[1]).ok_or(bad("a square off the board"))?;
            let to = square(d[2], d[3]).ok_or(bad("a square off the board"))?;
            Ok(Move::new(from, to))
        })
        .collect()
}

/// The placement of `binit`.
fn binit(tag: &RawTag<'_>) -> Result<Board, DhtmlXqError> {
    let bad = |reason: &str| DhtmlXqError::BadStart {
        line: tag.line,
        tag: tag.name.into(),
        reason: reason.into(),
    };
    let digits: Vec<u32> = tag
        .value
        .trim()
        .chars()
        .map(|c| c.to_digit(10).ok_or_else(|| bad("not digits")))
        .collect::<Result<_, _>>()?;
    if digits.len() != 64 {
        return Err(bad("not 64 digits"));
    }
    let mut board = Board::empty();
    for (i, d) in digits.chunks_exact(2).enumerate() {
        if d == [9, 9] {
            continue;
        }
        let sq = square(d[0], d[1]).ok_or_else(|| bad("a square off the board"))?;
        let color = if i < 16 { Color::Red } else { Color::Black };
        if board
            .set_piece_at(sq, Piece::new(color, PIECE_SLOTS[i % 16]))
            .is_some()
        {
            return Err(bad("two pieces on one square"));
        }
    }
    Ok(board)
}

/// `move_P_S_B` as (P, S, B).
fn branch_id(name: &str) -> Option<(u32, u32, u32)> {
    let mut it = name.get(5..)?.split('_').map(|p| p.parse::<u32>().ok());
    let id = (it.next()??, it.next()??, it.next()??);
    it.next().is_none().then_some(id)
}

/// `commentN` as (0, N), `commentB_N` as (B, N).
fn comment_id(name: &str) -> Option<(u32, u32)> {
    let rest = name.get(7..)?;
    match rest.split_once('_') {
        Some((b, n)) => Some((b.parse().ok()?, n.parse().ok()?)),
        None => Some((0, rest.parse().ok()?)),
    }
}

/// The tree of `tags`.
pub(crate) fn tree(tags: &[RawTag<'_>]) -> Result<GameTree, DhtmlXqError> {
    let find = |n: &str| tags.iter().find(|t| t.name.eq_ignore_ascii_case(n));
    let main = find("movelist");
    let main_moves = main.map(moves).transpose()?.unwrap_or_default();
    let (mut setup, start_tag) = if let Some(t) = find("fen").filter(|t| !t.value.trim().is_empty())
    {
        let setup = t
            .value
            .trim()
            .parse::<Setup>()
            .map_err(|e| DhtmlXqError::BadStart {
                line: t.line,
                tag: t.name.into(),
                reason: e.to_string(),
            })?;
        (setup, Some(t))
    } else if let Some(t) = find("binit").filter(|t| !t.value.trim().is_empty()) {
        let setup = Setup {
            board: binit(t)?,
            ..Setup::default()
        };
        (setup, Some(t))
    } else {
        (Setup::default(), None)
    };
    if let Some(side) = main_moves
        .first()
        .and_then(|m| first_mover(&setup, m.from()))
    {
        setup.turn = side;
    }
    let start =
        Position::from_setup(setup, Validation::Lenient).map_err(|e| DhtmlXqError::BadStart {
            line: start_tag.map_or(0, |t| t.line),
            tag: start_tag.map_or("binit", |t| t.name).into(),
            reason: e.to_string(),
        })?;
    let mut tree = GameTree::new(start);
    for t in tags.iter().filter(|t| !is_structural(t.name)) {
        let lower = t.name.to_ascii_lowercase();
        let value = unescape(t.value);
        match HEADERS.iter().find(|(tag, _)| *tag == lower) {
            Some((_, "Result")) => tree.set_header("Result", result_token(&value)),
            Some((_, name)) => tree.set_header(name, &value),
            None => tree.set_header(t.name, &value),
        }
    }
    // (branch, ply) -> the node after that ply of the branch.
    let mut nodes: BTreeMap<(u32, u32), NodeId> = BTreeMap::new();
    nodes.insert((0, 0), tree.root());
    let main_tag = main.map_or("movelist", |t| t.name);
    add_line(
        &mut tree,
        &mut nodes,
        (0, 1),
        &main_moves,
        main_tag,
        main.map_or(0, |t| t.line),
    )?;
    // Branches, each once its parent branch is in the tree.
    let mut branches: BTreeMap<u32, Vec<(u32, u32, &RawTag<'_>)>> = BTreeMap::new();
    let mut seen = BTreeMap::new();
    for t in tags
        .iter()
        .filter(|t| t.name.to_ascii_lowercase().starts_with("move_"))
    {
        let Some((p, s, b)) = branch_id(t.name) else {
            return Err(DhtmlXqError::BadMoves {
                line: t.line,
                tag: t.name.into(),
                reason: "a branch tag is move_P_S_B",
            });
        };
        if b == 0 || seen.insert(b, ()).is_some() {
            return Err(DhtmlXqError::BadBranch {
                line: t.line,
                tag: t.name.into(),
                reason: "the branch number is 0 or used twice",
            });
        }
        branches.entry(p).or_default().push((s, b, t));
    }
    let mut queue = alloc::collections::VecDeque::from([0u32]);
    while let Some(p) = queue.pop_front() {
        for (s, b, t) in branches.remove(&p).unwrap_or_default() {
            let Some(&parent) = s.checked_sub(1).and_then(|s1| nodes.get(&(p, s1))) else {
                return Err(DhtmlXqError::BadBranch {
                    line: t.line,
                    tag: t.name.into(),
                    reason: "it hangs from a move its parent branch does not have",
                });
            };
            nodes.insert((b, s - 1), parent);
            add_line(&mut tree, &mut nodes, (b, s), &moves(t)?, t.name, t.line)?;
            queue.push_back(b);
        }
    }
    if let Some((_, list)) = branches.into_iter().next() {
        let t = list[0].2;
        return Err(DhtmlXqError::BadBranch {
            line: t.line,
            tag: t.name.into(),
            reason: "its parent branch does not exist",
        });
    }
    for t in tags
        .iter()
        .filter(|t| t.name.to_ascii_lowercase().starts_with("comment"))
    {
        let text = unescape(t.value);
        if let Some(&node) = comment_id(t.name).and_then(|id| nodes.get(&id)) {
            if !text.is_empty() {
                let _ = tree.set_comment(node, text);
            }
        }
    }
    Ok(tree)
}

/// Adds `moves` as a line of branch `b` whose first move is ply `s`.
fn add_line(
    tree: &mut GameTree,
    nodes: &mut BTreeMap<(u32, u32), NodeId>,
    (b, s): (u32, u32),
    moves: &[Move],
    tag: &str,
    line: u32,
) -> Result<(), DhtmlXqError> {
    let mut parent = nodes.get(&(b, s - 1)).copied().unwrap_or(tree.root());
    let mut pos = tree
        .position(parent)
        .map_err(|e| DhtmlXqError::IllegalMove {
            line,
            tag: String::from(tag),
            ply: s as usize,
            iccs: String::new(),
            reason: e.to_string(),
        })?;
    for (i, &m) in moves.iter().enumerate() {
        let ply = s as usize + i;
        parent = grow::push(tree, parent, &mut pos, m).map_err(|e| DhtmlXqError::IllegalMove {
            line,
            tag: String::from(tag),
            ply,
            iccs: m.to_string(),
            reason: e.to_string(),
        })?;
        nodes.insert((b, ply as u32), parent);
    }
    Ok(())
}
