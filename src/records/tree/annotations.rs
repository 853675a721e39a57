//! Comments and annotation glyphs (NAGs) on the nodes of a tree.

use alloc::string::String;

use super::{GameTree, NodeId, TreeError};

impl GameTree {
    /// The comment after the move of `id` (for the root: the comment before
    /// the first move); empty if none or for an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// tree.set_comment(root, "a famous game")?;
    /// assert_eq!(tree.comment(root), "a famous game");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn comment(&self, id: NodeId) -> &str {
        self.node(id).map_or("", |n| n.comment.as_str())
    }

    /// Sets the comment after the move of `id` (for the root: before the
    /// first move); an empty text removes it.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.set_comment(node, "the central cannon")?;
    /// assert_eq!(tree.comment(node), "the central cannon");
    /// tree.set_comment(node, "")?;
    /// assert_eq!(tree.comment(node), "");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_comment(&mut self, id: NodeId, text: impl Into<String>) -> Result<(), TreeError> {
        self.node_mut(id)?.comment = text.into();
        Ok(())
    }

    /// The comment before the move of `id`, which PGN writes at the start of
    /// a variation (`( {the quiet way} 1. c3c4 )`); empty if none, for the
    /// root or for an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// tree.add_variation(root, "h2e2".parse()?)?;
    /// let alt = tree.add_variation(root, "c3c4".parse()?)?;
    /// tree.set_starting_comment(alt, "the quiet way")?;
    /// assert_eq!(tree.starting_comment(alt), "the quiet way");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn starting_comment(&self, id: NodeId) -> &str {
        self.node(id).map_or("", |n| n.starting_comment.as_str())
    }

    /// Sets the comment before the move of `id` (see
    /// [`GameTree::starting_comment`]). PGN keeps it only for a node that
    /// starts a variation (not the first child of its parent): before a
    /// main-line move it reads back as part of the previous node's comment.
    /// The root has none: [`TreeError::Root`].
    ///
    /// ```
    /// use xiangqi::tree::{GameTree, TreeError};
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// assert_eq!(tree.set_starting_comment(root, "x"), Err(TreeError::Root));
    /// ```
    pub fn set_starting_comment(
        &mut self,
        id: NodeId,
        text: impl Into<String>,
    ) -> Result<(), TreeError> {
        if id == self.root() {
            return Err(TreeError::Root);
        }
        self.node_mut(id)?.starting_comment = text.into();
        Ok(())
    }

    /// The numeric annotation glyphs (NAGs) of `id`, in order: 1 `!`, 2 `?`,
    /// 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, and the others of the PGN standard;
    /// empty for an unknown id.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let node = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.push_nag(node, 1)?;
    /// tree.push_nag(node, 14)?;
    /// assert_eq!(tree.nags(node), &[1, 14]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nags(&self, id: NodeId) -> &[u8] {
        self.node(id).map_or(&[], |n| n.nags.as_slice())
    }

    /// Adds a NAG to `id`, after its others.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// tree.push_nag(root, 13)?;
    /// assert_eq!(tree.nags(root), &[13]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_nag(&mut self, id: NodeId, nag: u8) -> Result<(), TreeError> {
        self.node_mut(id)?.nags.push(nag);
        Ok(())
    }

    /// Removes every NAG of `id`.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// tree.push_nag(root, 13)?;
    /// tree.clear_nags(root)?;
    /// assert!(tree.nags(root).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_nags(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.node_mut(id)?.nags.clear();
        Ok(())
    }

    /// The comment after the move of `id`, to change in place (appending
    /// to a long comment without copying it).
    pub(crate) fn comment_mut(&mut self, id: NodeId) -> Result<&mut String, TreeError> {
        Ok(&mut self.node_mut(id)?.comment)
    }
}
