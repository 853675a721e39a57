//! Games as trees: a main line with variations inside variations, a
//! comment and annotation glyphs (NAGs) on any move.
//!
//! A [`GameTree`] holds the headers (tag pairs), the start position, the
//! [`Rules`] its games are judged by, and nodes. The root stands for the
//! start; every other node holds a move, legal in its parent's position
//! (checked when it is added), the comment after it, the comment before it
//! (for a node that starts a variation), its NAGs and its children: the
//! first child continues the main line, the others are variations. The
//! operations are those of python-chess's `chess.pgn`: the main line,
//! variations, adding, promoting, demoting and removing them, the position
//! and the [`Game`](crate::Game) (with its verdict) at any node, and every
//! line from the root to a leaf.
//!
//! Nodes are named by [`NodeId`]s, valid for the tree that gave them;
//! nothing panics on an id of another tree or of a removed node: edits give
//! [`TreeError::NoSuchNode`], queries an empty answer.
//!
//! ```
//! use xiangqi::tree::GameTree;
//! use xiangqi::Position;
//!
//! let mut tree = GameTree::new(Position::new());
//! tree.set_header("Event", "Demo");
//! let root = tree.root();
//! let cannon = tree.add_variation(root, "h2e2".parse()?)?;
//! let horse = tree.add_variation(cannon, "h9g7".parse()?)?;
//! // An alternative first move: a variation beside the cannon.
//! let elephant = tree.add_variation(root, "c0e2".parse()?)?;
//! tree.set_comment(elephant, "the elephant opening")?;
//! tree.push_nag(cannon, 1)?; // "!"
//!
//! assert_eq!(tree.children(root), &[cannon, elephant]);
//! assert_eq!(tree.parent(horse), Some(cannon));
//! assert_eq!(tree.move_at(horse), Some("h9g7".parse()?));
//! assert_eq!(tree.position(horse)?.fullmoves(), 2);
//! assert_eq!(tree.node_count(), 4);
//! // A move must be legal where it is played.
//! assert!(tree.add_variation(horse, "h9g7".parse()?).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With the `pgn` feature, trees are read from and written to PGN with
//! nested variations (`xiangqi::pgn`), and converted to and from
//! `GameRecord`s.

mod annotations;
mod convert;
mod edit;
mod headers;
mod walk;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::base::{Move, PlayError, Position};
use crate::game::Rules;

pub use headers::SEVEN_TAG_ROSTER;
pub use walk::{TreeLines, TreeNodes};

/// A node of one [`GameTree`]: an index, only meaningful for the tree that
/// gave it. The root is [`GameTree::root`].
///
/// ```
/// use xiangqi::tree::GameTree;
/// let tree = GameTree::default();
/// assert_eq!(tree.root().to_string(), "node 0");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The index of the node in its tree's storage.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// assert_eq!(GameTree::default().root().index(), 0);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}", self.0)
    }
}

/// Why an edit of a [`GameTree`] was refused.
///
/// ```
/// use xiangqi::tree::{GameTree, TreeError};
/// use xiangqi::IllegalReason;
/// let mut tree = GameTree::default();
/// let root = tree.root();
/// let err = tree.add_variation(root, "h2h7".parse()?).unwrap_err();
/// let TreeError::IllegalMove { parent, error } = &err else { panic!() };
/// assert_eq!(*parent, root);
/// assert_eq!(error.reason, IllegalReason::NoScreen);
/// assert_eq!(
///     err.to_string(),
///     "illegal move h2h7: a cannon captures only by jumping over one piece (after node 0)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// The id names no node of this tree (another tree's, or removed).
    #[error("no {0} in this tree")]
    NoSuchNode(NodeId),
    /// The move is not legal in the position of the node it was to follow.
    #[error("{error} (after {parent})")]
    IllegalMove {
        /// The node the move was to follow.
        parent: NodeId,
        /// Why it is illegal: the library's reason.
        error: PlayError,
    },
    /// The operation needs a node with a move, and was given the root.
    #[error("the root has no move, no parent and no siblings")]
    Root,
    /// The tree holds as many nodes as a [`NodeId`] can name.
    #[error("the tree is full")]
    TooManyNodes,
}

/// One node's data.
#[derive(Clone, Debug, Default)]
struct TreeNode {
    /// `None` for the root and for removed nodes.
    parent: Option<NodeId>,
    /// `None` for the root.
    mv: Option<Move>,
    /// The comment after the move (for the root: before the first move).
    comment: String,
    /// The comment before the move (written for a node that starts a
    /// variation).
    starting_comment: String,
    nags: Vec<u8>,
    children: Vec<NodeId>,
    /// Whether the node is in the tree (not removed).
    live: bool,
}

/// A game as a tree: headers, the start position, and nodes each holding a
/// move, the comment after it, NAGs, and children (the first child
/// continues the main line).
///
/// Two trees are equal when their headers (in order), start, rules and
/// nodes are: the same moves, comments and NAGs, with the children in the
/// same order, whatever the ids of their nodes.
///
/// ```
/// use xiangqi::tree::GameTree;
/// use xiangqi::{Position, Rules};
/// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// let mut tree = GameTree::with_rules(start.clone(), Rules::default().with_move_limit(None));
/// assert_eq!(tree.start(), &start);
/// assert_eq!(tree.rules().move_limit, None);
/// let root = tree.root();
/// let check = tree.add_variation(root, "e1d1".parse()?)?;
/// assert!(tree.position(check)?.is_check());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    headers: Vec<(String, String)>,
    start: Position,
    rules: Rules,
    /// The arena: index 0 is the root; removed nodes stay, not live.
    nodes: Vec<TreeNode>,
    /// The number of live nodes.
    live: usize,
}

impl Default for GameTree {
    /// A tree of the standard start, with no moves and no headers.
    fn default() -> GameTree {
        GameTree::new(Position::new())
    }
}

impl GameTree {
    /// A tree of `start` with no moves and no headers, judged by the
    /// standard [`Rules`].
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Position;
    /// let tree = GameTree::new(Position::new());
    /// assert_eq!(tree.node_count(), 1);
    /// assert!(tree.headers().is_empty());
    /// ```
    pub fn new(start: Position) -> GameTree {
        GameTree::with_rules(start, Rules::default())
    }

    /// A tree of `start` with no moves and no headers, judged by `rules`.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::{Position, Rules};
    /// let rules = Rules::default().with_repetition_count(4);
    /// let tree = GameTree::with_rules(Position::new(), rules.clone());
    /// assert_eq!(tree.rules(), &rules);
    /// ```
    pub fn with_rules(start: Position, rules: Rules) -> GameTree {
        let root = TreeNode {
            live: true,
            ..TreeNode::default()
        };
        GameTree {
            headers: Vec::new(),
            start,
            rules,
            nodes: alloc::vec![root],
            live: 1,
        }
    }

    /// The start position (the root's).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Position;
    /// assert_eq!(GameTree::default().start(), &Position::new());
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rules the tree's games are judged by ([`GameTree::game_at`]).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Rules;
    /// assert_eq!(GameTree::default().rules(), &Rules::default());
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets the rules the tree's games are judged by. The moves stay: they
    /// are legal under any rules.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Rules;
    /// let mut tree = GameTree::default();
    /// tree.set_rules(Rules::default().with_move_limit(Some(50)));
    /// assert_eq!(tree.rules().move_limit, Some(50));
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The root: the start position, before any move. Always valid.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let tree = GameTree::default();
    /// assert_eq!(tree.parent(tree.root()), None);
    /// assert_eq!(tree.move_at(tree.root()), None);
    /// ```
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The node of `id`, if it is in the tree.
    fn node(&self, id: NodeId) -> Option<&TreeNode> {
        self.nodes.get(id.index()).filter(|n| n.live)
    }

    /// The node of `id` to change, if it is in the tree.
    fn node_mut(&mut self, id: NodeId) -> Result<&mut TreeNode, TreeError> {
        self.nodes
            .get_mut(id.index())
            .filter(|n| n.live)
            .ok_or(TreeError::NoSuchNode(id))
    }

    /// Whether `id` names a node of this tree.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert!(tree.contains(node));
    /// tree.remove_variation(node)?;
    /// assert!(!tree.contains(node));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_some()
    }

    /// The node whose child `id` is; `None` for the root or an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.parent(node), Some(root));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id)?.parent
    }

    /// The children of `id`, the main line's continuation first; empty for
    /// an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// assert_eq!(tree.children(root), &[a, b]);
    /// assert!(tree.children(a).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| n.children.as_slice())
    }

    /// The move of `id`; `None` for the root or an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.move_at(node).map(|m| m.to_string()), Some("h2e2".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_at(&self, id: NodeId) -> Option<Move> {
        self.node(id)?.mv
    }

    /// Adds `m` as the last child of `parent` (a variation, or the main
    /// line's continuation if it is the first), after checking it is legal
    /// in the parent's position: the library's legality, so a move that
    /// leaves the generals facing is refused.
    ///
    /// ```
    /// use xiangqi::tree::{GameTree, TreeError};
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.children(root), &[node]);
    /// assert!(matches!(
    ///     tree.add_variation(node, "h2e2".parse()?),
    ///     Err(TreeError::IllegalMove { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_variation(&mut self, parent: NodeId, m: Move) -> Result<NodeId, TreeError> {
        let pos = self.position(parent)?;
        self.push_child(parent, &pos, m, false)
    }

    /// Adds `moves` after `parent`, one after another (the first as the
    /// last child of `parent`, each next as the only child of the one
    /// before), and returns the last node (`parent` for no moves). The
    /// position is replayed once, not once per move. Nothing is added
    /// unless every move is legal.
    ///
    /// ```
    /// use xiangqi::tree::{GameTree, TreeError};
    /// use xiangqi::Move;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let line: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse()).collect::<Result<_, _>>()?;
    /// let end = tree.add_line(root, line)?;
    /// assert_eq!(tree.ply(end), Some(3));
    /// let bad: Vec<Move> = vec!["b0c2".parse()?, "b0c2".parse()?];
    /// assert!(matches!(tree.add_line(root, bad), Err(TreeError::IllegalMove { .. })));
    /// assert_eq!(tree.node_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_line(
        &mut self,
        parent: NodeId,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<NodeId, TreeError> {
        let start = self.position(parent)?;
        let moves: Vec<Move> = moves.into_iter().collect();
        let mut pos = start.clone();
        for &m in &moves {
            // The error names `parent`: the nodes before the bad move are
            // not added.
            pos.play(m)
                .map_err(|error| TreeError::IllegalMove { parent, error })?;
        }
        let mut pos = start;
        let mut node = parent;
        for m in moves {
            node = self.push_child(node, &pos, m, false)?;
            pos.play_unchecked(m);
        }
        Ok(node)
    }

    /// Adds `m`, legal in `pos` (the position of `parent`), as a child of
    /// `parent`: the first when `first`, else the last.
    pub(crate) fn push_child(
        &mut self,
        parent: NodeId,
        pos: &Position,
        m: Move,
        first: bool,
    ) -> Result<NodeId, TreeError> {
        if !pos.is_legal(m) {
            return Err(TreeError::IllegalMove {
                parent,
                error: PlayError::new(pos, m),
            });
        }
        self.node_mut(parent)?;
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i < u32::MAX)
            .map(NodeId)
            .ok_or(TreeError::TooManyNodes)?;
        self.nodes.push(TreeNode {
            parent: Some(parent),
            mv: Some(m),
            live: true,
            ..TreeNode::default()
        });
        self.live += 1;
        let children = &mut self.node_mut(parent)?.children;
        if first {
            children.insert(0, id);
        } else {
            children.push(id);
        }
        Ok(id)
    }

    /// The moves from the root to `id`, in order.
    pub(crate) fn path_moves(&self, id: NodeId) -> Result<Vec<Move>, TreeError> {
        let mut node = self.node(id).ok_or(TreeError::NoSuchNode(id))?;
        let mut moves = Vec::new();
        while let (Some(m), Some(p)) = (node.mv, node.parent) {
            moves.push(m);
            node = self.node(p).ok_or(TreeError::NoSuchNode(p))?;
        }
        moves.reverse();
        Ok(moves)
    }

    /// The position after the move of `id` (the start position for the
    /// root), replayed from the start.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Color;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.position(root)?, *tree.start());
    /// assert_eq!(tree.position(node)?.turn(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, id: NodeId) -> Result<Position, TreeError> {
        let mut pos = self.start.clone();
        for m in self.path_moves(id)? {
            // Legal: checked when the node was added.
            pos.play(m)
                .map_err(|error| TreeError::IllegalMove { parent: id, error })?;
        }
        Ok(pos)
    }

    /// The number of nodes, the root included.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.node_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_count(&self) -> usize {
        self.live
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.headers != other.headers
            || self.start != other.start
            || self.rules != other.rules
            || self.live != other.live
        {
            return false;
        }
        // Walk both trees at once, without recursion.
        let mut stack = alloc::vec![(self.root(), other.root())];
        while let Some((a, b)) = stack.pop() {
            let (Some(x), Some(y)) = (self.node(a), other.node(b)) else {
                return false;
            };
            if x.mv != y.mv
                || x.comment != y.comment
                || x.starting_comment != y.starting_comment
                || x.nags != y.nags
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

#[cfg(test)]
mod tests;
