//! From the records to a [`GameTree`]: the start position from the 32 piece
//! squares, the side to move from the first move, and the records' tree
//! (each record's continuation, then its siblings, depth first) walked
//! with an explicit stack, so no file can drive the recursion deep.

use alloc::vec;
use alloc::vec::Vec;

use crate::base::{
    Board, Color, File, IllegalReason, Move, PIECE_SLOTS, Piece, Position, Rank, Setup, Square,
    Validation, attacks,
};
use crate::records::tree::{GameTree, NodeId};
use crate::records::xqf::error::{XqfError, XqfErrorKind};
use crate::records::xqf::header::{
    HEADER_LEN, Header, PIECES_AT, decode_text, read_header, result_token,
};
use crate::records::xqf::records::{Record, RecordReader};

/// The square XQF numbers `x * 10 + y` (file `x` from Red's left, rank `y`
/// from Red's side); `None` past 89.
pub(crate) fn square(v: u8) -> Option<Square> {
    if v > 89 {
        return None;
    }
    Some(Square::new(
        File::new(u32::from(v / 10))?,
        Rank::new(u32::from(v % 10))?,
    ))
}

/// XQF's number of `sq`.
pub(crate) fn square_number(sq: Square) -> u8 {
    // At most 8 * 10 + 9.
    (sq.file().index() * 10 + sq.rank().index()) as u8
}

/// The board of the 32 piece squares (over 89: not on the board).
fn start_board(pieces: &[u8; 32]) -> Result<Board, XqfError> {
    let mut board = Board::empty();
    let mut slot_at = [usize::MAX; 90];
    for (i, &v) in pieces.iter().enumerate() {
        let Some(sq) = square(v) else { continue };
        let color = if i < 16 { Color::Red } else { Color::Black };
        if slot_at[usize::from(v)] != usize::MAX {
            return Err(XqfError::new(
                PIECES_AT + i,
                XqfErrorKind::SquareTwice {
                    first: slot_at[usize::from(v)],
                    second: i,
                },
            ));
        }
        slot_at[usize::from(v)] = i;
        board.set_piece_at(sq, Piece::new(color, PIECE_SLOTS[i % 16]));
    }
    Ok(board)
}

/// Whether the piece on `m`'s origin moves that way on `board`, whoever is
/// to move and whatever becomes of its general: the test by which cchess
/// keeps a record as a move (it drops the others, see [`crate::xqf`]).
fn moves_that_way(board: &Board, m: Move) -> bool {
    let (from, to) = (m.from(), m.to());
    let Some(p) = board.piece_at(from) else {
        return false;
    };
    let us = p.color;
    if board.by_color(us).contains(to) {
        return false;
    }
    let occ = board.occupancy();
    let targets = attacks::move_targets(p.role, us, from, occ, board.by_color(!us));
    targets.contains(to)
}

/// The move of a record, if both squares are on the board.
fn record_move(r: &Record) -> Option<Move> {
    Some(Move::new(square(r.from)?, square(r.to)?))
}

/// The side to move at the start: the side of the first move kept (the
/// first record, or the first after records dropped at the root), Red if
/// there is none. ElephantEye and cchess do the same.
fn first_mover(mut reader: RecordReader<'_>, board: &Board, strict: bool) -> Color {
    while !reader.at_end() {
        let Ok(r) = reader.next_record() else {
            break;
        };
        if let Some(m) = record_move(&r) {
            if let Some(p) = board.piece_at(m.from()) {
                if strict || moves_that_way(board, m) {
                    return p.color;
                }
            }
        }
        if strict || !(r.next || r.sibling) {
            break;
        }
    }
    Color::Red
}

/// What a reader does with a record that is not a legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Faults {
    /// Drops what cchess drops, refuses the illegal moves cchess keeps.
    Cchess,
    /// Refuses both.
    Strict,
    /// Drops what cchess drops, and an illegal move with what follows it,
    /// reporting each illegal move.
    Skip,
}

/// Reads `bytes` into a tree, with the moves skipped (only with
/// [`Faults::Skip`]).
pub(crate) fn read_tree(
    bytes: &[u8],
    faults: Faults,
) -> Result<(GameTree, Vec<XqfError>), XqfError> {
    let strict = faults == Faults::Strict;
    let header: Header = read_header(bytes)?;
    let raw = &bytes[HEADER_LEN..];
    let body = if header.version >= 11 {
        header.keys.decrypt_body(raw)
    } else {
        raw.to_vec()
    };
    let mut reader = RecordReader::new(&body, header.version, &header.keys);
    let board = start_board(&header.pieces)?;
    // The record before the first move: its comment is the game's.
    let first = reader.next_record()?;
    let turn = first_mover(reader.clone(), &board, strict);
    let setup = Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    let start = Position::from_setup(setup, Validation::Lenient)
        .map_err(|e| XqfError::new(PIECES_AT, XqfErrorKind::InvalidStart(e)))?;
    let mut tree = GameTree::new(start.clone());
    for (name, text) in &header.texts {
        tree.set_header(name, text);
    }
    tree.set_header("Result", result_token(header.result));
    let root = tree.root();
    set_comment(&mut tree, root, &reader, &first);

    // cchess reads on after the first record whatever its flags say, and
    // stops where a record has neither continuation nor sibling: bytes
    // after that are not read (so neither are they checked).
    let mut skipped = Vec::new();
    // The positions from the start to the current parent.
    let mut path: Vec<Position> = vec![start];
    // A frame: the parent of the next record (`None` inside a skipped
    // subtree) and its depth; the siblings still to read, the last first.
    let mut pending: Vec<(Option<NodeId>, usize)> = Vec::new();
    // The first record's flag says whether moves follow: the file must not
    // end if so.
    if reader.at_end() && first.next {
        return Err(XqfError::new(bytes.len(), XqfErrorKind::Truncated));
    }
    let mut next = (!reader.at_end()).then_some((Some(root), 0usize));
    while let Some((frame, depth)) = next.take().or_else(|| pending.pop()) {
        let r = reader.next_record()?;
        if r.sibling {
            pending.push((frame, depth));
        }
        let Some(parent) = frame else {
            // Inside a skipped subtree: read, not kept.
            if r.next {
                next = Some((None, depth));
            }
            continue;
        };
        path.truncate(depth + 1);
        // Every frame's depth is on the path (the frames after one are
        // deeper or as deep); checked all the same.
        let Some(pos) = path.get(depth) else {
            return Err(XqfError::new(r.offset, XqfErrorKind::TooLarge));
        };
        let kept = match record_move(&r) {
            Some(m) if pos.is_legal(m) => Some(m),
            Some(m) if moves_that_way(pos.board(), m) => {
                let reason = pos.illegal_reason(m).unwrap_or(IllegalReason::NotYourPiece);
                let error = XqfError::new(r.offset, XqfErrorKind::IllegalMove { mv: m, reason });
                if faults != Faults::Skip {
                    return Err(error);
                }
                skipped.push(error);
                if r.next {
                    next = Some((None, depth));
                }
                continue;
            }
            _ if strict => {
                return Err(XqfError::new(
                    r.offset,
                    XqfErrorKind::NotAMove {
                        from: r.from,
                        to: r.to,
                    },
                ));
            }
            // Dropped, as cchess drops it: what follows it hangs from its
            // parent.
            _ => None,
        };
        let (node, node_depth) = match kept {
            Some(m) => {
                let id = tree
                    .push_child(parent, pos, m, false)
                    .map_err(|_| XqfError::new(r.offset, XqfErrorKind::TooLarge))?;
                set_comment(&mut tree, id, &reader, &r);
                let mut after = pos.clone();
                after.play_unchecked(m);
                path.push(after);
                (id, depth + 1)
            }
            None => (parent, depth),
        };
        if r.next {
            next = Some((Some(node), node_depth));
        }
    }
    Ok((tree, skipped))
}

fn set_comment(tree: &mut GameTree, id: NodeId, reader: &RecordReader<'_>, r: &Record) {
    if let Some(bytes) = reader.body().get(r.comment.clone()) {
        if !bytes.is_empty() {
            // The node was just made: it exists.
            let _ = tree.set_comment(id, decode_text(bytes));
        }
    }
}
