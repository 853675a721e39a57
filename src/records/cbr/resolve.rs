//! A raw CBR record checked against the rules and made a [`GameTree`].

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::base::{Board, Color, Move, Piece, Position, Setup, Validation};
use crate::records::cbr::CbrError;
use crate::records::cbr::syntax::{BOARD_AT, RawRecord};
use crate::records::grow;
use crate::records::screen_grid::{ccbridge_role, first_mover, square};
use crate::records::tree::{GameTree, NodeId};

/// The PGN result token of a CBR result byte.
fn result_token(byte: u8) -> &'static str {
    match byte {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    }
}

/// The move of squares numbered from the top left.
fn step_move(from: u8, to: u8) -> Option<Move> {
    let sq = |n: u8| square(u32::from(n % 9), u32::from(n / 9));
    Some(Move::new(sq(from)?, sq(to)?))
}

/// The start position of `raw`.
fn start(raw: &RawRecord) -> Result<Position, CbrError> {
    let mut board = Board::empty();
    for (i, &code) in raw.board.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let color = match code >> 4 {
            1 => Some(Color::Red),
            2 => Some(Color::Black),
            _ => None,
        };
        let (Some(color), Some(role), Some(sq)) = (
            color,
            ccbridge_role(code & 0x0f),
            square((i % 9) as u32, (i / 9) as u32),
        ) else {
            return Err(CbrError::BadPiece {
                offset: raw.offset + BOARD_AT + i,
                code,
            });
        };
        board.set_piece_at(sq, Piece::new(color, role));
    }
    let mut setup = Setup {
        board,
        turn: if raw.first == 2 {
            Color::Black
        } else {
            Color::Red
        },
        halfmoves: 0,
        fullmoves: 1,
    };
    if let Some(m) = raw.steps.first().and_then(|s| step_move(s.from, s.to)) {
        if let Some(side) = first_mover(&setup, m.from()) {
            setup.turn = side;
        }
    }
    Position::from_setup(setup, Validation::Lenient).map_err(|e| CbrError::BadStart {
        offset: raw.offset + BOARD_AT,
        reason: e.to_string(),
    })
}

/// The tree of `raw`: its headers, start, comments and every line.
pub(crate) fn tree(raw: &RawRecord) -> Result<GameTree, CbrError> {
    let start = start(raw)?;
    let mut pos = start.clone();
    let mut tree = GameTree::new(start);
    for (name, value) in &raw.fields {
        tree.set_header(name, value);
    }
    tree.set_header("Result", result_token(raw.result));
    let root = tree.root();
    if !raw.comment.is_empty() {
        let _ = tree.set_comment(root, raw.comment.clone());
    }
    // The parent of the next move, and the parents of the alternatives
    // still to come, the deepest last.
    let mut parent = root;
    let mut pending: Vec<(NodeId, Position)> = Vec::new();
    for step in &raw.steps {
        let illegal = |reason: String, iccs: String| CbrError::IllegalMove {
            offset: step.offset,
            iccs,
            reason,
        };
        let m = step_move(step.from, step.to).ok_or(CbrError::BadSquare {
            offset: step.offset,
            square: step.from.max(step.to),
        })?;
        let before = step.has_alternative().then(|| pos.clone());
        let node = grow::push(&mut tree, parent, &mut pos, m)
            .map_err(|e| illegal(e.to_string(), m.to_string()))?;
        if !step.comment.is_empty() {
            let _ = tree.set_comment(node, step.comment.clone());
        }
        if let Some(before) = before {
            pending.push((parent, before));
        }
        if step.ends_line() {
            match pending.pop() {
                Some((p, before)) => (parent, pos) = (p, before),
                None => break,
            }
        } else {
            parent = node;
        }
    }
    Ok(tree)
}
