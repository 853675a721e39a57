//! Perft: counting the leaf nodes of the legal move tree, to test move
//! generation against published numbers.

use arrayvec::ArrayVec;

use crate::base::moves::MAX_MOVES;
use crate::base::{Move, Position};

/// The number of leaf nodes of the legal move tree `depth` plies deep.
/// The last ply is bulk-counted (moves are counted, not played).
///
/// ```
/// use xiangqi::{perft, Position};
/// let pos = Position::new();
/// assert_eq!(perft(&pos, 1), 44);
/// assert_eq!(perft(&pos, 2), 1920);
/// assert_eq!(perft(&pos, 3), 79666);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move ("divide"): each legal move with the leaf count
/// below it, in generation order. Depth 0 gives an empty list.
///
/// ```
/// use xiangqi::{perft_divide, Position};
/// let divide = perft_divide(&Position::new(), 2);
/// assert_eq!(divide.len(), 44);
/// assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1920);
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> ArrayVec<(Move, u64), MAX_MOVES> {
    let mut out = ArrayVec::new();
    if depth == 0 {
        return out;
    }
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        out.push((m, perft(&child, depth - 1)));
    }
    out
}
