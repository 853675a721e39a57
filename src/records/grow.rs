//! Growing a [`GameTree`] move by move with the position kept beside it:
//! [`GameTree::add_variation`] replays the game from the start for every
//! move, which makes reading a long record quadratic; the readers of the
//! Chinese formats know the position already.

use crate::base::{Move, Position};
use crate::records::tree::{GameTree, NodeId, TreeError};

/// Adds `m` as the last child of `parent`, whose position is `pos`, after
/// checking it is legal there; `pos` becomes the new node's position.
pub(crate) fn push(
    tree: &mut GameTree,
    parent: NodeId,
    pos: &mut Position,
    m: Move,
) -> Result<NodeId, TreeError> {
    let node = tree.push_child(parent, pos, m, false)?;
    pos.play_unchecked(m);
    Ok(node)
}
