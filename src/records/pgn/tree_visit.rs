//! A game tree visited as its PGN text is: `GameTree::accept`, as
//! python-chess's `Game.accept`.

use alloc::string::String;
use core::fmt::Write as _;

use super::GameResult;
use super::tree_write::written_tags;
use super::visit::{PgnLocation, PgnVisitor};
use crate::base::Position;
use crate::records::notation::Notation;
use crate::records::tree::{GameTree, NodeId};

/// What is left to visit, the next last on a stack.
enum Step {
    /// The moves after `node` (at `pos`): its main line, with the
    /// variations of each move.
    Line { node: NodeId, pos: Position },
    /// A variation: the move of `node` (at `pos`) and the rest of its line.
    Variation { node: NodeId, pos: Position },
    /// The end of a variation.
    Close,
}

/// Where the moves of a tree are: nowhere in a text.
const NOWHERE: PgnLocation = PgnLocation { line: 0, column: 0 };

impl GameTree {
    /// Visits the tree as a reader visits its PGN text
    /// ([`GameTree::to_pgn`] in `notation`): the tags as written (the
    /// Seven Tag Roster first, `SetUp` and `FEN` for a set-up start), the
    /// root's comment and glyphs, then each move (as `notation` writes it,
    /// at line and column 0: it is in no text), its glyphs and comment,
    /// and the variations beside it, each between
    /// [`PgnVisitor::begin_variation`] (which may skip it) and
    /// [`PgnVisitor::end_variation`], with the comment before its first
    /// move; then the result, and [`PgnVisitor::end_game`]'s output.
    /// Nothing recurses, however deep the variations.
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::pgn::{PgnLocation, PgnVisitor, ReadOptions};
    /// use xiangqi::tree::GameTree;
    ///
    /// /// The moves of the main line, as written.
    /// struct MainLine(Vec<String>);
    /// impl PgnVisitor for MainLine {
    ///     type Output = Vec<String>;
    ///     fn move_text(&mut self, text: &str, _: PgnLocation) { self.0.push(text.to_string()); }
    ///     fn begin_variation(&mut self) -> std::ops::ControlFlow<()> {
    ///         std::ops::ControlFlow::Break(())
    ///     }
    ///     fn end_game(&mut self) -> Vec<String> { std::mem::take(&mut self.0) }
    /// }
    ///
    /// let tree = GameTree::from_pgn("1. h2e2 (1. b2e2 b9c7) h9g7 2. h0g2 *", &ReadOptions::default())?;
    /// let notation = Notation::Chinese(ChineseScript::Simplified);
    /// assert_eq!(tree.accept(notation, &mut MainLine(vec![])), ["炮二平五", "马8进7", "马二进三"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn accept<V: PgnVisitor>(&self, notation: Notation, visitor: &mut V) -> V::Output {
        visitor.begin_game();
        for (name, value) in written_tags(self) {
            visitor.header(&name, &value);
        }
        if visitor.end_headers().is_break() {
            return visitor.end_game();
        }
        let root = self.root();
        self.visit_notes(root, visitor);
        let mut text = String::new();
        let mut stack = alloc::vec![Step::Line {
            node: root,
            pos: self.start().clone(),
        }];
        while let Some(step) = stack.pop() {
            match step {
                Step::Line { node, pos } => {
                    let Some((&main, others)) = self.children(node).split_first() else {
                        continue;
                    };
                    let after = self.visit_move(main, &pos, notation, &mut text, visitor);
                    stack.push(Step::Line {
                        node: main,
                        pos: after,
                    });
                    for &alt in others.iter().rev() {
                        stack.push(Step::Variation {
                            node: alt,
                            pos: pos.clone(),
                        });
                    }
                }
                Step::Variation { node, pos } => {
                    if visitor.begin_variation().is_continue() {
                        stack.push(Step::Close);
                        let after = self.visit_move(node, &pos, notation, &mut text, visitor);
                        stack.push(Step::Line { node, pos: after });
                    }
                }
                Step::Close => visitor.end_variation(),
            }
        }
        let result = self
            .header("Result")
            .and_then(GameResult::from_tag_value)
            .unwrap_or_default();
        visitor.outcome(result);
        visitor.end_game()
    }

    /// Visits the glyphs and the comment of `node`.
    fn visit_notes<V: PgnVisitor>(&self, node: NodeId, visitor: &mut V) {
        let comment = self.comment(node);
        if node == self.root() && !comment.is_empty() {
            visitor.comment(comment);
        }
        for &n in self.nags(node) {
            visitor.nag(n);
        }
        if node != self.root() && !comment.is_empty() {
            visitor.comment(comment);
        }
    }

    /// Visits the starting comment and the move of `node` at `pos`, then its
    /// notes; returns the position after the move.
    fn visit_move<V: PgnVisitor>(
        &self,
        node: NodeId,
        pos: &Position,
        notation: Notation,
        text: &mut String,
        visitor: &mut V,
    ) -> Position {
        let start = self.starting_comment(node);
        if !start.is_empty() {
            visitor.comment(start);
        }
        let mut after = pos.clone();
        if let Some(m) = self.move_at(node) {
            text.clear();
            // Legal (checked when added): never the coordinates fallback.
            if notation.push(pos, m, text).is_err() {
                let _ = write!(text, "{m}");
            }
            visitor.move_text(text, NOWHERE);
            after.play_unchecked(m);
        }
        self.visit_notes(node, visitor);
        after
    }
}
