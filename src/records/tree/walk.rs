//! Walking a tree: the main line, variations, the end of a line, every
//! node and every line.

use alloc::vec::Vec;

use super::{GameTree, NodeId};
use crate::base::Move;

impl GameTree {
    /// The `i`-th child of `id` (0: the main line's continuation), if any.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// assert_eq!(tree.variation(root, 1), Some(b));
    /// assert_eq!(tree.variation(root, 2), None);
    /// # let _ = a;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn variation(&self, id: NodeId, i: usize) -> Option<NodeId> {
        self.children(id).get(i).copied()
    }

    /// The child of `id` whose move is `m`, if any (python-chess's
    /// `variation(move)`): the first such, since the same move may be added
    /// twice.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.child_with_move(root, "h2e2".parse()?), Some(a));
    /// assert_eq!(tree.child_with_move(root, "b2e2".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn child_with_move(&self, id: NodeId, m: Move) -> Option<NodeId> {
        self.children(id)
            .iter()
            .copied()
            .find(|&c| self.move_at(c) == Some(m))
    }

    /// The nodes of the main line after the root, in order.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.add_variation(root, "b2e2".parse()?)?;
    /// let b = tree.add_variation(a, "h9g7".parse()?)?;
    /// assert_eq!(tree.mainline().collect::<Vec<_>>(), vec![a, b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.line_from(self.root())
    }

    /// The nodes that continue the main line of `id` (first children), in
    /// order, `id` excluded.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(a, "h9g7".parse()?)?;
    /// assert_eq!(tree.line_from(a).collect::<Vec<_>>(), vec![b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_from(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.variation(id, 0), |&n| self.variation(n, 0))
    }

    /// The moves of the main line.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.add_variation(a, "h9g7".parse()?)?;
    /// assert_eq!(tree.mainline_moves(), vec!["h2e2".parse()?, "h9g7".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.mainline().filter_map(|n| self.move_at(n)).collect()
    }

    /// The last node of the main line of `id`: following first children
    /// from `id` to a node without children (`id` itself if it has none).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(a, "h9g7".parse()?)?;
    /// assert_eq!(tree.end(root), b);
    /// assert_eq!(tree.end(b), b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self, id: NodeId) -> NodeId {
        self.line_from(id).last().unwrap_or(id)
    }

    /// The number of moves from the root to `id` (0 for the root); `None`
    /// for an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert_eq!(tree.ply(root), Some(0));
    /// assert_eq!(tree.ply(a), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ply(&self, id: NodeId) -> Option<usize> {
        if !self.contains(id) {
            return None;
        }
        Some(core::iter::successors(self.parent(id), |&p| self.parent(p)).count())
    }

    /// Whether `id` is on the main line: it and each of its ancestors is
    /// the first child of its parent (the root is).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// assert!(tree.is_mainline(root) && tree.is_mainline(a));
    /// assert!(!tree.is_mainline(b));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_mainline(&self, id: NodeId) -> bool {
        self.contains(id)
            && core::iter::successors(Some(id), |&n| self.parent(n))
                .all(|n| !self.starts_variation(n))
    }

    /// Whether `id` starts a variation: it is a child of its parent, but
    /// not the first.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// assert!(!tree.starts_variation(a));
    /// assert!(tree.starts_variation(b));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn starts_variation(&self, id: NodeId) -> bool {
        self.parent(id)
            .is_some_and(|p| self.children(p).first() != Some(&id))
    }

    /// Whether `id` ends a line: it has no children (an unknown id is no
    /// node, and ends nothing).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// assert!(tree.is_end(root));
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// assert!(!tree.is_end(root) && tree.is_end(a));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_end(&self, id: NodeId) -> bool {
        self.contains(id) && self.children(id).is_empty()
    }

    /// Every node, the root first, each node before its children and the
    /// main line before the variations (depth first, in PGN order).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// let c = tree.add_variation(a, "h9g7".parse()?)?;
    /// assert_eq!(tree.nodes().collect::<Vec<_>>(), vec![root, a, c, b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> TreeNodes<'_> {
        TreeNodes {
            tree: self,
            stack: alloc::vec![self.root()],
        }
    }

    /// Every line: the moves from the root to each node without children,
    /// the main line first (in the order of [`GameTree::nodes`]). A tree
    /// without moves has one line, empty.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.add_variation(a, "h9g7".parse()?)?;
    /// tree.add_variation(a, "b9c7".parse()?)?;
    /// let lines: Vec<String> = tree
    ///     .lines()
    ///     .map(|l| l.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "))
    ///     .collect();
    /// assert_eq!(lines, ["h2e2 h9g7", "h2e2 b9c7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lines(&self) -> TreeLines<'_> {
        TreeLines {
            nodes: self.nodes(),
        }
    }
}

/// The nodes of a tree, depth first: [`GameTree::nodes`].
///
/// ```
/// use xiangqi::tree::GameTree;
/// assert_eq!(GameTree::default().nodes().count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct TreeNodes<'a> {
    tree: &'a GameTree,
    /// The nodes still to visit, the next last.
    stack: Vec<NodeId>,
}

impl Iterator for TreeNodes<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.stack.pop()?;
        self.stack
            .extend(self.tree.children(id).iter().rev().copied());
        Some(id)
    }
}

impl core::iter::FusedIterator for TreeNodes<'_> {}

/// The lines of a tree, each the moves from the root to a node without
/// children: [`GameTree::lines`].
///
/// ```
/// use xiangqi::tree::GameTree;
/// assert_eq!(GameTree::default().lines().collect::<Vec<_>>(), vec![vec![]]);
/// ```
#[derive(Clone, Debug)]
pub struct TreeLines<'a> {
    nodes: TreeNodes<'a>,
}

impl Iterator for TreeLines<'_> {
    type Item = Vec<Move>;

    fn next(&mut self) -> Option<Vec<Move>> {
        let tree = self.nodes.tree;
        let leaf = self.nodes.by_ref().find(|&n| tree.is_end(n))?;
        // Every node of the walk is in the tree, so its path is too.
        tree.path_moves(leaf).ok()
    }
}

impl core::iter::FusedIterator for TreeLines<'_> {}
