//! Conversions between [`GameRecord`] (a flat main line) and
//! [`GameTree`].

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::read::Cursor;
use super::tree_read::{append, read_variation};
use super::tree_write::movetext_only;
use super::{GameRecord, GameResult, PgnError, ReadOptions};
use crate::base::Position;
use crate::records::notation::Notation;
use crate::records::tree::{GameTree, NodeId};

/// Appends `text` to the comment of `node`, a space between.
fn add_comment(tree: &mut GameTree, node: NodeId, text: &str) -> Result<(), PgnError> {
    append(tree.comment_mut(node)?, text);
    Ok(())
}

impl GameTree {
    /// A record as a tree: its start, its tags (less `FEN` and `SetUp`; in
    /// PGN's order, [`GameTree::normalize_headers`]), its result as the
    /// `Result` header (set when the tag disagrees), its main line, its
    /// comments (several after one move joined, a space between) and its
    /// glyphs, and its variations (kept as text when read with
    /// [`ReadOptions::keep_variations`]) read with `opts` into variations
    /// of the tree. A record read from PGN gives the tree
    /// [`GameTree::from_pgn`] reads from the same text.
    ///
    /// An illegal move, of the main line or of a variation, is an error.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let opts = ReadOptions::default().with_variations(true);
    /// let text = "[Event \"x\"]\n1. h2e2 {a} (1. b2e2 {b} (1. c3c4)) 1... h9g7! 1-0";
    /// let rec = GameRecord::from_pgn(text, &opts)?;
    /// let tree = GameTree::from_record(&rec, &opts)?;
    /// assert_eq!(tree, GameTree::from_pgn(text, &opts)?);
    /// assert_eq!(tree.header("Result"), Some("1-0"));
    /// assert_eq!(tree.lines().count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_record(rec: &GameRecord, opts: &ReadOptions) -> Result<GameTree, PgnError> {
        let mut tree = GameTree::new(rec.start.clone());
        for (k, v) in &rec.tags {
            if !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("SetUp") {
                tree.push_header(k, v);
            }
        }
        tree.normalize_headers();
        // As the PGN reader does: `*` only replaces a tag that says
        // another result.
        let tag = tree.header("Result").and_then(GameResult::from_tag_value);
        if tag.is_some_and(|t| t != rec.result)
            || (tag.is_none() && rec.result != GameResult::Unknown)
        {
            tree.set_header("Result", rec.result.as_str());
        }
        let root = tree.root();
        tree.add_line(root, rec.moves.iter().copied())?;
        let line: Vec<NodeId> = core::iter::once(root).chain(tree.mainline()).collect();
        let at = |ply: usize| line[ply.min(line.len() - 1)];
        for (ply, text) in &rec.comments {
            add_comment(&mut tree, at(*ply), text)?;
        }
        for &(ply, nag) in &rec.nags {
            tree.push_nag(at(ply), nag)?;
        }
        for (ply, text) in &rec.variations {
            // A variation after `ply` moves varies the `ply`-th; before
            // any move there is none to vary.
            if (1..line.len()).contains(ply) {
                let cur = Cursor::new(text, 1);
                tree = read_variation(tree, line[*ply], cur, opts)?;
            }
        }
        Ok(tree)
    }

    /// The tree as a record: its headers as tags (with `SetUp` and `FEN`
    /// for a start other than the standard one), its start, its main line
    /// with its comments (a starting comment of a main-line move as a
    /// comment before it) and glyphs, the `Result` header's result, and
    /// each variation beside the main line as raw ICCS movetext
    /// ([`GameRecord::variations`]), nested variations inside.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, GameResult, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let opts = ReadOptions::default().with_variations(true);
    /// let text = "1. 炮二平五 {a} (1. 炮八平五 {b} (1. c3c4)) 1... h9g7 1-0";
    /// let tree = GameTree::from_pgn(text, &opts)?;
    /// let rec = tree.to_record();
    /// assert_eq!(rec.moves, vec!["h2e2".parse()?, "h9g7".parse()?]);
    /// assert_eq!(rec.comments, vec![(1, "a".to_string())]);
    /// // The inner variation varies 1. b2e2: another first move.
    /// assert_eq!(
    ///     rec.variations,
    ///     vec![(1, "1. b2e2 {b}".to_string()), (1, "1. c3c4".to_string())]
    /// );
    /// assert_eq!(rec.result, GameResult::RedWins);
    /// assert_eq!(GameTree::from_record(&rec, &opts)?, tree);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_record(&self) -> GameRecord {
        let mut tags: Vec<(String, String)> = self
            .headers()
            .iter()
            .filter(|(k, _)| !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("SetUp"))
            .cloned()
            .collect();
        if *self.start() != Position::new() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), self.start().to_string()));
        }
        let root = self.root();
        let line: Vec<NodeId> = core::iter::once(root).chain(self.mainline()).collect();
        let mut rec = GameRecord {
            tags,
            start: self.start().clone(),
            moves: self.mainline_moves(),
            result: self
                .header("Result")
                .and_then(GameResult::from_tag_value)
                .unwrap_or_default(),
            ..GameRecord::default()
        };
        for (ply, &node) in line.iter().enumerate() {
            if ply > 0 {
                let start = self.starting_comment(node);
                if !start.is_empty() {
                    rec.comments.push((ply - 1, start.to_string()));
                }
            }
            let comment = self.comment(node);
            if !comment.is_empty() {
                rec.comments.push((ply, comment.to_string()));
            }
            rec.nags.extend(self.nags(node).iter().map(|&n| (ply, n)));
            for &alt in self.children(node).get(1..).unwrap_or(&[]) {
                if let Ok(sub) = self.variation_tree(alt) {
                    rec.variations
                        .push((ply + 1, movetext_only(&sub, Notation::Iccs)));
                }
            }
        }
        rec
    }
}

impl From<&GameTree> for GameRecord {
    /// [`GameTree::to_record`].
    fn from(tree: &GameTree) -> GameRecord {
        tree.to_record()
    }
}

impl TryFrom<&GameRecord> for GameTree {
    type Error = PgnError;

    /// [`GameTree::from_record`], variations read with the default
    /// [`ReadOptions`].
    fn try_from(rec: &GameRecord) -> Result<GameTree, PgnError> {
        GameTree::from_record(rec, &ReadOptions::default())
    }
}
