//! Singular extension with multi-cut (Stockfish's and Pikafish's, in its
//! older, simpler form): before the table's move is searched at a node of
//! depth 6 or more, the node is searched without it to half the depth
//! against a bound just below the stored score. If no other move reaches
//! the bound, the table's move is singular and is extended a ply; if
//! another move beats beta as well, the node is cut (multi-cut); if only
//! the stored score beats beta, the table's move is reduced a ply.

use crate::base::Move;
use crate::eval::Evaluator;

use super::MATE_BOUND;
use super::stack::Node;
use super::tt::{Bound, Entry};
use super::worker::Worker;

/// The smallest depth at which the singular search is tried.
const SINGULAR_DEPTH: i32 = 6;
/// How much shallower than the node the stored entry may be.
const SINGULAR_TT_SLACK: i32 = 3;

/// What the singular search decided for the table's move.
pub(super) enum Singular {
    /// Searched one ply deeper: no other move comes near it.
    Extend,
    /// Searched as usual.
    Plain,
    /// Searched one ply shallower: its stored bound alone beats beta.
    Reduce,
    /// The node fails high on this score without searching the move:
    /// another move beats beta too.
    Cut(i32),
}

impl Singular {
    /// The plies added to the move's depth (before the check extension).
    pub(super) fn extension(&self) -> i32 {
        match self {
            Singular::Extend => 1,
            Singular::Reduce => -1,
            Singular::Plain | Singular::Cut(_) => 0,
        }
    }
}

impl<E: Evaluator + ?Sized> Worker<'_, E> {
    /// The singular search for move `m` of `node` at `depth`, given the
    /// node's table entry `tt` (`tt_move` its move); `Plain` where it does
    /// not apply (not the table's move, the root, a shallow or mate entry,
    /// an upper bound, a search without a move already, or past the
    /// extension limit of twice the iteration's depth). After an abort the
    /// result is `Cut(0)`, which the caller returns as it stands.
    pub(super) fn singular(
        &mut self,
        node: Node<'_, E::State>,
        tt: Option<Entry>,
        m: Move,
        depth: i32,
        beta: i32,
    ) -> Singular {
        let ply = node.ply;
        let Some(e) = tt.filter(|e| {
            ply > 0
                && e.mv == Some(m)
                && self.stack[ply].excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && e.bound != Bound::Upper
                && e.depth >= depth - SINGULAR_TT_SLACK
                && e.score.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
        }) else {
            return Singular::Plain;
        };
        let singular_beta = e.score - depth;
        self.stack[ply].excluded = Some(m);
        let s = self.search(node, singular_beta - 1, singular_beta, (depth - 1) / 2);
        self.stack[ply].excluded = None;
        if self.aborted {
            Singular::Cut(0)
        } else if s < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if e.score >= beta {
            Singular::Reduce
        } else {
            Singular::Plain
        }
    }
}
