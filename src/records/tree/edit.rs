//! Editing a tree: adding a main line, reordering variations, removing
//! them.

use super::{GameTree, NodeId, TreeError};
use crate::base::Move;

impl GameTree {
    /// Adds `m` as the first child of `parent`: the new main line's
    /// continuation, the former one becoming a variation. The move is
    /// checked as by [`GameTree::add_variation`].
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_main_variation(root, "b2e2".parse()?)?;
    /// assert_eq!(tree.children(root), &[b, a]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_main_variation(&mut self, parent: NodeId, m: Move) -> Result<NodeId, TreeError> {
        let pos = self.position(parent)?;
        self.push_child(parent, &pos, m, true)
    }

    /// The parent of `id` and the index of `id` among its children.
    fn place(&self, id: NodeId) -> Result<(NodeId, usize), TreeError> {
        if !self.contains(id) {
            return Err(TreeError::NoSuchNode(id));
        }
        let parent = self.parent(id).ok_or(TreeError::Root)?;
        let at = self
            .children(parent)
            .iter()
            .position(|&c| c == id)
            .ok_or(TreeError::NoSuchNode(id))?;
        Ok((parent, at))
    }

    /// Moves `id` from index `from` to index `to` among its parent's
    /// children.
    fn reorder(&mut self, parent: NodeId, from: usize, to: usize) -> Result<(), TreeError> {
        let children = &mut self.node_mut(parent)?.children;
        if from < children.len() && to < children.len() {
            let id = children.remove(from);
            children.insert(to, id);
        }
        Ok(())
    }

    /// Makes `id` the first child of its parent: the main line there, the
    /// others keeping their order after it (python-chess's
    /// `promote_to_main`). Its ancestors keep their places: see
    /// [`GameTree::make_mainline`].
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// let c = tree.add_variation(root, "c3c4".parse()?)?;
    /// tree.promote_to_main(c)?;
    /// assert_eq!(tree.children(root), &[c, a, b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn promote_to_main(&mut self, id: NodeId) -> Result<(), TreeError> {
        let (parent, at) = self.place(id)?;
        self.reorder(parent, at, 0)
    }

    /// Makes `id` part of the main line: it and each of its ancestors
    /// becomes the first child of its parent.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// tree.add_variation(b, "h9g7".parse()?)?;
    /// let d = tree.add_variation(b, "b9c7".parse()?)?;
    /// tree.make_mainline(d)?;
    /// assert_eq!(tree.mainline().collect::<Vec<_>>(), vec![b, d]);
    /// assert!(tree.starts_variation(a));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make_mainline(&mut self, id: NodeId) -> Result<(), TreeError> {
        if !self.contains(id) {
            return Err(TreeError::NoSuchNode(id));
        }
        let mut node = id;
        while self.parent(node).is_some() {
            self.promote_to_main(node)?;
            node = self.parent(node).ok_or(TreeError::Root)?;
        }
        Ok(())
    }

    /// Moves `id` one place up among its parent's children (nothing if it
    /// is first).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// let c = tree.add_variation(root, "c3c4".parse()?)?;
    /// tree.promote(c)?;
    /// assert_eq!(tree.children(root), &[a, c, b]);
    /// tree.promote(a)?;
    /// assert_eq!(tree.children(root), &[a, c, b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn promote(&mut self, id: NodeId) -> Result<(), TreeError> {
        let (parent, at) = self.place(id)?;
        self.reorder(parent, at, at.saturating_sub(1))
    }

    /// Moves `id` one place down among its parent's children (nothing if
    /// it is last).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(root, "b2e2".parse()?)?;
    /// tree.demote(a)?;
    /// assert_eq!(tree.children(root), &[b, a]);
    /// tree.demote(a)?;
    /// assert_eq!(tree.children(root), &[b, a]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn demote(&mut self, id: NodeId) -> Result<(), TreeError> {
        let (parent, at) = self.place(id)?;
        let last = self.children(parent).len().saturating_sub(1);
        self.reorder(parent, at, (at + 1).min(last))
    }

    /// Removes `id` and everything after it (its subtree); their ids name
    /// no node any more. The root cannot be removed ([`TreeError::Root`]).
    ///
    /// ```
    /// use xiangqi::tree::{GameTree, TreeError};
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(a, "h9g7".parse()?)?;
    /// tree.remove_variation(a)?;
    /// assert_eq!(tree.node_count(), 1);
    /// assert_eq!(tree.comment(b), "");
    /// assert_eq!(tree.set_comment(b, "x"), Err(TreeError::NoSuchNode(b)));
    /// assert_eq!(tree.remove_variation(root), Err(TreeError::Root));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_variation(&mut self, id: NodeId) -> Result<(), TreeError> {
        let (parent, at) = self.place(id)?;
        self.node_mut(parent)?.children.remove(at);
        let mut stack = alloc::vec![id];
        while let Some(n) = stack.pop() {
            if let Some(node) = self.nodes.get_mut(n.index()) {
                let gone = core::mem::take(node);
                if gone.live {
                    self.live -= 1;
                }
                stack.extend(gone.children);
            }
        }
        Ok(())
    }

    /// Removes every variation: only the main line stays.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.add_variation(root, "b2e2".parse()?)?;
    /// tree.add_variation(a, "h9g7".parse()?)?;
    /// tree.remove_variations();
    /// assert_eq!(tree.node_count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_variations(&mut self) {
        let line: alloc::vec::Vec<NodeId> = core::iter::once(self.root())
            .chain(self.mainline())
            .collect();
        for n in line {
            let others = self.children(n).get(1..).unwrap_or(&[]).to_vec();
            for c in others {
                let _ = self.remove_variation(c);
            }
        }
    }
}

impl GameTree {
    /// The variation that starts with `id`, as a tree of its own: its start
    /// is the position before the move of `id`, its root's only child is a
    /// copy of `id` with everything after it (moves, comments, NAGs and
    /// variations), and it has the rules of this tree and no headers. For
    /// the root, a copy of the whole tree without its headers.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// let b = tree.add_variation(a, "h9g7".parse()?)?;
    /// let c = tree.add_variation(a, "b9c7".parse()?)?;
    /// tree.add_variation(c, "h0g2".parse()?)?;
    /// let sub = tree.variation_tree(c)?;
    /// assert_eq!(sub.start(), &tree.position(a)?);
    /// assert_eq!(sub.node_count(), 3);
    /// assert_eq!(sub.lines().count(), 1);
    /// # let _ = b;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn variation_tree(&self, id: NodeId) -> Result<GameTree, TreeError> {
        let (start, first) = match self.parent(id) {
            Some(p) => (self.position(p)?, alloc::vec![id]),
            None => (self.position(id)?, self.children(id).to_vec()),
        };
        let mut copy = GameTree::with_rules(start.clone(), self.rules().clone());
        let root = copy.root();
        if self.parent(id).is_none() {
            copy.set_comment(root, self.comment(id))?;
            for &n in self.nags(id) {
                copy.push_nag(root, n)?;
            }
        }
        // (node here, its copy's parent, the position there)
        let mut stack: alloc::vec::Vec<_> = first
            .into_iter()
            .rev()
            .map(|n| (n, root, start.clone()))
            .collect();
        while let Some((n, parent, pos)) = stack.pop() {
            let Some(m) = self.move_at(n) else { continue };
            let new = copy.push_child(parent, &pos, m, false)?;
            copy.set_comment(new, self.comment(n))?;
            copy.set_starting_comment(new, self.starting_comment(n))?;
            for &g in self.nags(n) {
                copy.push_nag(new, g)?;
            }
            let mut after = pos;
            after.play_unchecked(m);
            for &c in self.children(n).iter().rev() {
                stack.push((c, new, after.clone()));
            }
        }
        Ok(copy)
    }
}
