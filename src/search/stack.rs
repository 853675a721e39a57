//! The per-ply stack of a search (Stockfish's `Stack`): what the worker
//! keeps for each ply of its current path ([`Frame`]), and the node a
//! search function is called on ([`Node`]: position, evaluator state,
//! ply), which replaces a long argument list.

use crate::base::{Move, Position, Square};

use super::MAX_PLY;
use super::history::PieceTo;

const NO_MOVE: Move = Move::new(Square::A0, Square::A0);

/// What the search keeps for one ply of its current path (Stockfish's
/// `Stack`): the move being searched from there and the principal
/// variation found from there.
#[derive(Copy, Clone)]
pub(crate) struct Frame {
    /// The (piece, destination) of the move being searched from this ply,
    /// the continuation-history context of the plies below; `None` for a
    /// null move.
    pub(super) current: Option<PieceTo>,
    /// The move a singular-extension search at this ply leaves out.
    pub(super) excluded: Option<Move>,
    /// The principal variation from this ply is `pv[ply..pv_len]`.
    pub(super) pv_len: usize,
    pub(super) pv: [Move; MAX_PLY + 1],
}

pub(super) const EMPTY_FRAME: Frame = Frame {
    current: None,
    excluded: None,
    pv_len: 0,
    pv: [NO_MOVE; MAX_PLY + 1],
};

/// A node of the search: its position, the evaluator's state for it, and
/// its distance from the root.
pub(crate) struct Node<'p, S> {
    pub(crate) pos: &'p Position,
    pub(crate) state: &'p S,
    pub(crate) ply: usize,
}

impl<S> Clone for Node<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Node<'_, S> {}

impl<'p, S> Node<'p, S> {
    /// The root.
    pub(crate) fn root(pos: &'p Position, state: &'p S) -> Node<'p, S> {
        Node { pos, state, ply: 0 }
    }

    /// A child of this node, one ply further.
    #[inline]
    pub(crate) fn child<'c>(&self, pos: &'c Position, state: &'c S) -> Node<'c, S> {
        Node {
            pos,
            state,
            ply: self.ply + 1,
        }
    }
}
