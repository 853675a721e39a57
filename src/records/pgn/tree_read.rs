//! Reading PGN into game trees: a [`PgnVisitor`] that resolves each move
//! in the position of its line, nested variations included.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::multi::{LineBuffer, next_record};
use super::read::Cursor;
use super::read::move_options;
use super::visit::{PgnLocation, PgnVisitor, movetext, visit_record};
use super::{GameResult, PgnError, ReadOptions, RecordError};
use crate::base::{ParsePositionError, Position, Setup};
use crate::records::notation::{ParseNotationError, ParseOptions};
use crate::records::tree::{GameTree, NodeId, TreeError};

/// A line being read: the main line, or an open variation.
struct Frame {
    /// The last node read in this line (at first, the node the line
    /// branches from).
    node: NodeId,
    /// The position at `node`.
    pos: Position,
    /// The position before `node`'s move, once this line has a move: a
    /// variation opened now branches from there.
    before: Option<Position>,
}

/// Builds a [`GameTree`] from a visited game.
struct TreeBuilder {
    opts: ReadOptions,
    move_opts: ParseOptions,
    /// The headers, until the tree is made at the end of them.
    headers: Vec<(String, String)>,
    tree: Option<GameTree>,
    /// The main line first, then the open variations, innermost last.
    frames: Vec<Frame>,
    /// The comment before the first move of the innermost variation.
    starting: String,
    result: Option<GameResult>,
    /// The first error: the rest of the game is not read.
    error: Option<PgnError>,
}

/// Appends a comment to `to`, a space between.
pub(super) fn append(to: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(text);
}

impl TreeBuilder {
    fn new(opts: &ReadOptions) -> TreeBuilder {
        TreeBuilder {
            opts: *opts,
            move_opts: move_options(opts),
            headers: Vec::new(),
            tree: None,
            frames: Vec::new(),
            starting: String::new(),
            result: None,
            error: None,
        }
    }

    /// The tree and the innermost line, unless the game has failed.
    fn parts(&mut self) -> Option<(&mut GameTree, &mut Frame)> {
        if self.error.is_some() {
            return None;
        }
        Some((self.tree.as_mut()?, self.frames.last_mut()?))
    }

    /// Makes the tree of the headers read.
    fn make_tree(&mut self) -> Result<GameTree, PgnError> {
        let headers = core::mem::take(&mut self.headers);
        let start = match headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
            Some((_, fen)) => {
                let setup: Setup = fen.trim().parse().map_err(ParsePositionError::from)?;
                Position::from_setup(setup, self.opts.validation)
                    .map_err(ParsePositionError::from)?
            }
            None => Position::new(),
        };
        let mut tree = GameTree::new(start);
        for (k, v) in headers {
            if !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("SetUp") {
                tree.push_header(&k, &v);
            }
        }
        tree.normalize_headers();
        Ok(tree)
    }
}

impl PgnVisitor for TreeBuilder {
    type Output = Result<GameTree, PgnError>;

    fn begin_game(&mut self) {
        *self = TreeBuilder::new(&self.opts);
    }

    fn header(&mut self, name: &str, value: &str) {
        self.headers.push((name.to_string(), value.to_string()));
    }

    fn end_headers(&mut self) -> ControlFlow<()> {
        match self.make_tree() {
            Ok(tree) => {
                self.frames.push(Frame {
                    node: tree.root(),
                    pos: tree.start().clone(),
                    before: None,
                });
                self.tree = Some(tree);
                ControlFlow::Continue(())
            }
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    fn move_text(&mut self, text: &str, at: PgnLocation) {
        let move_opts = self.move_opts;
        let starting = core::mem::take(&mut self.starting);
        let Some((tree, frame)) = self.parts() else {
            return;
        };
        let error = match frame.pos.parse_move_with(text, &move_opts) {
            Ok(m) => match tree.push_child(frame.node, &frame.pos, m, false) {
                Ok(id) => {
                    let _ = tree.set_starting_comment(id, starting);
                    let before = frame.pos.clone();
                    frame.pos.play_unchecked(m);
                    frame.before = Some(before);
                    frame.node = id;
                    return;
                }
                Err(e) => PgnError::Tree(e),
            },
            Err(reason) => PgnError::Move {
                ply: tree.ply(frame.node).unwrap_or(0) + 1,
                line: at.line,
                column: at.column,
                text: text.to_string(),
                error: ParseNotationError::from(reason.clone()),
                reason,
            },
        };
        self.error = Some(error);
    }

    fn nag(&mut self, nag: u8) {
        if let Some((tree, frame)) = self.parts() {
            let _ = tree.push_nag(frame.node, nag);
        }
    }

    fn comment(&mut self, text: &str) {
        let in_variation = self.frames.len() > 1;
        let mut starting = core::mem::take(&mut self.starting);
        if let Some((tree, frame)) = self.parts() {
            if frame.before.is_none() && in_variation {
                // Before the first move of a variation.
                append(&mut starting, text);
            } else if let Ok(comment) = tree.comment_mut(frame.node) {
                append(comment, text);
            }
        }
        self.starting = starting;
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        let tree = self.tree.as_ref();
        let Some(frame) = self.frames.last() else {
            return ControlFlow::Break(());
        };
        // A variation is another move instead of the last one read; with
        // no move read yet in this line, there is none to vary.
        let (Some(before), Some(parent)) = (&frame.before, tree.and_then(|t| t.parent(frame.node)))
        else {
            return ControlFlow::Break(());
        };
        let new = Frame {
            node: parent,
            pos: before.clone(),
            before: None,
        };
        self.frames.push(new);
        self.starting.clear();
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self) {
        // A variation of a comment only: the comment goes to the move the
        // variation follows.
        let starting = core::mem::take(&mut self.starting);
        if self.frames.len() > 1 {
            self.frames.pop();
        }
        if let Some((tree, frame)) = self.parts() {
            if let Ok(comment) = tree.comment_mut(frame.node) {
                append(comment, &starting);
            }
        }
    }

    fn outcome(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    fn end_game(&mut self) -> Result<GameTree, PgnError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let mut tree = match self.tree.take() {
            Some(t) => t,
            None => self.make_tree()?,
        };
        if let Some(r) = self.result {
            // The token says the result, unless it is `*` and the tag says
            // nothing the reader knows (then the writer writes `*` for it).
            let tag = tree.header("Result").and_then(GameResult::from_tag_value);
            if tag.is_some_and(|t| t != r) || (tag.is_none() && r != GameResult::Unknown) {
                tree.set_header("Result", r.as_str());
            }
        }
        Ok(tree)
    }
}

/// Reads the movetext at `cur` as a variation of `node` (a node with a
/// move) into `tree`.
pub(super) fn read_variation(
    tree: GameTree,
    node: NodeId,
    mut cur: Cursor<'_>,
    opts: &ReadOptions,
) -> Result<GameTree, PgnError> {
    let mut builder = TreeBuilder::new(opts);
    let parent = tree.parent(node).ok_or(TreeError::Root)?;
    builder.frames.push(Frame {
        node,
        pos: tree.position(node)?,
        before: Some(tree.position(parent)?),
    });
    builder.tree = Some(tree);
    if builder.begin_variation().is_continue() {
        movetext(&mut cur, opts, &mut builder)?;
        builder.end_variation();
    }
    builder.result = None;
    builder.end_game()
}

impl GameTree {
    /// Reads one PGN game into a tree: the main line, every variation
    /// (nested to any depth up to [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH)),
    /// the comments (`{...}` and `;`) and the glyphs (`$n`, and the
    /// suffixes `!`, `?`, `!!`, `??`, `!?`, `?!`), moves in any of the
    /// notations [`Position::parse_move`] reads, mixed as they come.
    ///
    /// The headers are the tag pairs in PGN's order
    /// ([`GameTree::normalize_headers`]: the Seven Tag Roster first), less
    /// `FEN` and `SetUp`, which give the start (validated as
    /// [`ReadOptions::validation`] says). A result token in the movetext
    /// sets the `Result` header when it disagrees with it (`*` only
    /// replaces a tag that says another result). Several comments
    /// after one move become one, a space between; a comment after a
    /// variation's `)` belongs to the move before the `(`, a comment before
    /// a variation's first move is that move's
    /// [`starting_comment`](GameTree::starting_comment). The tree is judged
    /// by the standard [`Rules`](crate::Rules) ([`GameTree::set_rules`]).
    ///
    /// The first illegal move, in the main line or a variation, is an
    /// error ([`PgnError::Move`], with its line and column); nothing
    /// panics on any text.
    ///
    /// ```
    /// use xiangqi::notation::Notation;
    /// use xiangqi::pgn::ReadOptions;
    /// use xiangqi::tree::GameTree;
    ///
    /// let text = "[Event \"Demo\"]\n\
    ///     1. 炮二平五 {central cannon} (1. c3c4 {pawn} (1. Ｃ８＝５ 马２进３)) 1... h9g7 $14 *";
    /// let tree = GameTree::from_pgn(text, &ReadOptions::default())?;
    /// let root = tree.root();
    /// // The inner variation varies 1. c3c4: another first move.
    /// let [cannon, pawn, left] = tree.children(root) else { panic!() };
    /// assert_eq!(tree.comment(*cannon), "central cannon");
    /// assert_eq!(tree.comment(*pawn), "pawn");
    /// assert_eq!(tree.move_at(*left), Some("b2e2".parse()?));
    /// assert_eq!(tree.nags(tree.children(*cannon)[0]), &[14]);
    /// assert_eq!(tree.lines().count(), 3);
    /// assert_eq!(tree.header("Event"), Some("Demo"));
    /// assert_eq!(tree.header("Site"), Some("?"));
    ///
    /// let written = tree.to_pgn(Notation::Iccs);
    /// assert_eq!(GameTree::from_pgn(&written, &ReadOptions::default())?, tree);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pgn(text: &str, opts: &ReadOptions) -> Result<GameTree, PgnError> {
        visit_record(text, opts, 1, &mut TreeBuilder::new(opts))?
    }
}

/// Reads every game of a text of many games (split as by
/// [`read_games`](super::read_games)) into trees, one at a time
/// ([`GameTree::from_pgn`]): a bad game yields a [`RecordError`] with its
/// index and first line, and reading goes on with the next.
///
/// ```
/// use xiangqi::pgn::{read_trees, PgnError, ReadOptions};
/// let text = "[Event \"a\"]\n1. h2e2 (1. b2e2) *\n\n\
///             [Event \"b\"]\n1. h2e2 (1. b2e2 b2e2) *\n\n\
///             [Event \"c\"]\n1. c3c4 *\n";
/// let games: Vec<_> = read_trees(text, &ReadOptions::default()).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().node_count(), 3);
/// let err = games[1].as_ref().unwrap_err();
/// assert_eq!((err.index, err.line), (1, 4));
/// assert!(matches!(err.error, PgnError::Move { ply: 2, line: 5, column: 18, .. }));
/// assert_eq!(games[2].as_ref().unwrap().header("Event"), Some("c"));
/// ```
pub fn read_trees<'a>(text: &'a str, opts: &ReadOptions) -> TreeGames<'a> {
    TreeGames {
        rest: text,
        line: 1,
        index: 0,
        builder: TreeBuilder::new(opts),
    }
}

/// The iterator of [`read_trees`]: each game of a text, as a tree or with
/// the reason it could not be read.
///
/// ```
/// use xiangqi::pgn::{read_trees, ReadOptions};
/// let mut games = read_trees("1. h2e2 *", &ReadOptions::default());
/// assert!(games.next().unwrap().is_ok());
/// assert!(games.next().is_none());
/// ```
pub struct TreeGames<'a> {
    rest: &'a str,
    line: usize,
    index: usize,
    builder: TreeBuilder,
}

impl core::fmt::Debug for TreeGames<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TreeGames")
            .field("line", &self.line)
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl Iterator for TreeGames<'_> {
    type Item = Result<GameTree, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let opts = self.builder.opts;
        let (text, line) = next_record(&mut self.rest, &mut self.line)?;
        let index = self.index;
        self.index += 1;
        let read = visit_record(text, &opts, line, &mut self.builder);
        Some(
            read.and_then(|tree| tree)
                .map_err(|error| RecordError { index, line, error }),
        )
    }
}

impl core::iter::FusedIterator for TreeGames<'_> {}

/// Reads game trees from lines fed one at a time, for a caller that
/// streams a file instead of reading it whole: the same trees and errors
/// as [`read_trees`] on the joined text (as [`LineReader`](super::LineReader)
/// does for records).
///
/// ```
/// use std::io::BufRead;
/// use xiangqi::pgn::{ReadOptions, TreeLineReader};
///
/// let file = std::io::Cursor::new("[Event \"a\"]\n1. h2e2 (1. b2e2\n{inside}) *\n[Event \"b\"]\n1. b0c2 *\n");
/// let mut reader = TreeLineReader::new(&ReadOptions::default());
/// let mut trees = Vec::new();
/// for line in file.lines() {
///     trees.extend(reader.push_line(&line?));
/// }
/// trees.extend(reader.finish());
/// assert_eq!(trees.len(), 2);
/// let first = trees[0].as_ref().unwrap();
/// assert_eq!(first.comment(first.children(first.root())[1]), "inside");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct TreeLineReader {
    builder: TreeBuilder,
    lines: LineBuffer,
}

impl core::fmt::Debug for TreeLineReader {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TreeLineReader")
            .field("lines", &self.lines)
            .finish_non_exhaustive()
    }
}

impl TreeLineReader {
    /// A reader with these options and nothing read yet.
    ///
    /// ```
    /// use xiangqi::pgn::{ReadOptions, TreeLineReader};
    /// assert!(TreeLineReader::new(&ReadOptions::default()).finish().is_none());
    /// ```
    pub fn new(opts: &ReadOptions) -> TreeLineReader {
        TreeLineReader {
            builder: TreeBuilder::new(opts),
            lines: LineBuffer::new(),
        }
    }

    /// Takes the next line (a trailing `\n` is ignored). Returns the
    /// previous game when this line starts a new one.
    ///
    /// ```
    /// use xiangqi::pgn::{ReadOptions, TreeLineReader};
    /// let mut reader = TreeLineReader::new(&ReadOptions::default());
    /// assert!(reader.push_line("1. h2e2 (1. b2e2) *").is_none());
    /// let first = reader.push_line("[Event \"b\"]").unwrap().unwrap();
    /// assert_eq!(first.node_count(), 3);
    /// ```
    pub fn push_line(&mut self, line: &str) -> Option<Result<GameTree, RecordError>> {
        let builder = &mut self.builder;
        let opts = builder.opts;
        self.lines.push_line(line, |text, first| {
            visit_record(text, &opts, first, builder)?
        })
    }

    /// Ends the input: returns the last game, if any.
    ///
    /// ```
    /// use xiangqi::pgn::{ReadOptions, TreeLineReader};
    /// let mut reader = TreeLineReader::new(&ReadOptions::default());
    /// reader.push_line("1. h2e2 *");
    /// assert!(reader.finish().unwrap().is_ok());
    /// assert!(reader.finish().is_none());
    /// ```
    pub fn finish(&mut self) -> Option<Result<GameTree, RecordError>> {
        let builder = &mut self.builder;
        let opts = builder.opts;
        self.lines
            .finish(|text, first| visit_record(text, &opts, first, builder)?)
    }
}
