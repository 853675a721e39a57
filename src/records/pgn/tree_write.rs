//! Writing game trees as PGN, nested variations included, without
//! recursion.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use super::GameResult;
use super::write::{Lines, escape};
use crate::base::{Color, Position};
use crate::records::notation::Notation;
use crate::records::tree::{GameTree, NodeId, SEVEN_TAG_ROSTER};

/// What is left to write, the next last on a stack.
enum Step {
    /// The moves after `node` (at `pos`): its main line, with the
    /// variations of each move. `number`: the first move is numbered even
    /// if Black's (after a comment or a variation).
    Line {
        node: NodeId,
        pos: Position,
        number: bool,
    },
    /// A variation: `(`, the move of `node` (at `pos`, its parent's
    /// position) and the rest of its line.
    Variation { node: NodeId, pos: Position },
    /// The `)` of a variation.
    Close,
}

/// The suffix written for a glyph 1 to 6.
fn suffix(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

/// Writes a comment, if any: `{text}`, or, if it holds a `}`, `; text` to
/// the end of the line; one that also holds a line break is written with
/// `)` for each `}`.
fn comment(lines: &mut Lines<'_>, text: &str, buf: &mut String) {
    if text.is_empty() {
        return;
    }
    if text.contains('}') && !text.contains(['\n', '\r']) {
        lines.line_comment(text);
        return;
    }
    buf.clear();
    buf.extend(text.chars().map(|c| if c == '}' { ')' } else { c }));
    lines.unit(&["{", buf, "}"]);
}

/// The movetext writer of one tree.
struct Writer<'t> {
    tree: &'t GameTree,
    notation: Notation,
    buf: String,
}

impl Writer<'_> {
    /// Writes the move of `node` at `pos` (numbered if Red's or if
    /// `number`), its glyphs and comment; returns the position after it.
    fn node(
        &mut self,
        lines: &mut Lines<'_>,
        node: NodeId,
        pos: &Position,
        number: bool,
    ) -> Position {
        let tree = self.tree;
        let start = tree.starting_comment(node);
        comment(lines, start, &mut self.buf);
        let number = number || !start.is_empty();
        let mut after = pos.clone();
        let Some(m) = tree.move_at(node) else {
            return after;
        };
        let mut text = String::new();
        if pos.turn() == Color::Red {
            let _ = write!(text, "{}. ", pos.fullmoves());
        } else if number {
            let _ = write!(text, "{}... ", pos.fullmoves());
        }
        // Legal (checked when added): never the coordinates fallback.
        if self.notation.push(pos, m, &mut text).is_err() {
            let _ = write!(text, "{m}");
        }
        let nags = tree.nags(node);
        let first = nags.first().copied().and_then(suffix);
        text.push_str(first.unwrap_or(""));
        lines.unit(&[&text]);
        for &n in &nags[usize::from(first.is_some())..] {
            self.buf.clear();
            let _ = write!(self.buf, "${n}");
            lines.unit(&[&self.buf]);
        }
        comment(lines, tree.comment(node), &mut self.buf);
        after.play_unchecked(m);
        after
    }

    /// Writes the movetext (without the result).
    fn movetext(&mut self, lines: &mut Lines<'_>) {
        let tree = self.tree;
        let root = tree.root();
        comment(lines, tree.comment(root), &mut self.buf);
        for &n in tree.nags(root) {
            self.buf.clear();
            let _ = write!(self.buf, "${n}");
            lines.unit(&[&self.buf]);
        }
        let mut stack = alloc::vec![Step::Line {
            node: root,
            pos: tree.start().clone(),
            number: true,
        }];
        while let Some(step) = stack.pop() {
            match step {
                Step::Line { node, pos, number } => {
                    let children = tree.children(node);
                    let Some((&main, others)) = children.split_first() else {
                        continue;
                    };
                    let after = self.node(lines, main, &pos, number);
                    stack.push(Step::Line {
                        node: main,
                        pos: after,
                        number: !others.is_empty() || !tree.comment(main).is_empty(),
                    });
                    for &alt in others.iter().rev() {
                        stack.push(Step::Close);
                        stack.push(Step::Variation {
                            node: alt,
                            pos: pos.clone(),
                        });
                    }
                }
                Step::Variation { node, pos } => {
                    lines.open();
                    let after = self.node(lines, node, &pos, true);
                    stack.push(Step::Line {
                        node,
                        pos: after,
                        number: !tree.comment(node).is_empty(),
                    });
                }
                Step::Close => lines.close(),
            }
        }
    }
}

impl GameTree {
    /// Writes the tree as PGN, moves in `notation`.
    ///
    /// The tags come first: the Seven Tag Roster (Event, Site, Date,
    /// Round, Red, Black, Result), each the tree's header or its unknown
    /// value (`?`, `????.??.??` for the date, `*` for the result), then
    /// the other headers in order, then, for a start other than the
    /// standard one, `SetUp "1"` and its `FEN` (headers named `FEN` or
    /// `SetUp` are not written: the start says). Then the movetext: the
    /// root's comment and glyphs, then each move with its glyphs (the
    /// first, if 1 to 6, as the move's suffix, `h2e2!?`, the others as
    /// `$n`), its comment, and the variations beside it, each in `( )`
    /// with its starting comment, nested as deep as they are; a Black move
    /// after a comment or a variation is numbered `3...`. The movetext
    /// ends with the `Result` header's result token (`*` if it says none);
    /// lines are at most 79 characters, unless one unit is longer.
    ///
    /// Reading the output with [`GameTree::from_pgn`] gives back the tree
    /// (with [`Validation::Lenient`](crate::Validation) for a study whose
    /// start the strict validation refuses) when its headers are in PGN's
    /// order ([`GameTree::normalize_headers`], as every tree read from
    /// PGN), its comments are trimmed and none holds both a `}` and a line
    /// break (a comment with a `}` is written as a `;` comment), no header
    /// value holds a control character, and only nodes that start a
    /// variation have a starting comment.
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// tree.set_header("Red", "许银川");
    /// tree.set_header("Opening", "中炮");
    /// let root = tree.root();
    /// let cannon = tree.add_variation(root, "h2e2".parse()?)?;
    /// let horse = tree.add_variation(cannon, "h9g7".parse()?)?;
    /// tree.add_variation(horse, "h0g2".parse()?)?;
    /// let other = tree.add_variation(cannon, "b9c7".parse()?)?;
    /// tree.set_comment(other, "or the other horse")?;
    /// tree.push_nag(cannon, 1)?;
    /// assert_eq!(
    ///     tree.to_pgn(Notation::Chinese(ChineseScript::Simplified)),
    ///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    ///      [Red \"许银川\"]\n[Black \"?\"]\n[Result \"*\"]\n[Opening \"中炮\"]\n\n\
    ///      1. 炮二平五! 马8进7 (1... 马2进3 {or the other horse}) 2. 马二进三 *\n"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pgn(&self, notation: Notation) -> String {
        let mut out = String::with_capacity(256 + 10 * self.node_count());
        let mut written = Vec::new();
        for (name, unknown) in SEVEN_TAG_ROSTER {
            let at = self.headers().iter().position(|(k, _)| k == name);
            written.extend(at);
            let value = at.map_or(unknown, |i| self.headers()[i].1.as_str());
            tag(&mut out, name, value);
        }
        for (i, (k, v)) in self.headers().iter().enumerate() {
            let position = k.eq_ignore_ascii_case("FEN") || k.eq_ignore_ascii_case("SetUp");
            if !written.contains(&i) && !position {
                tag(&mut out, k, v);
            }
        }
        if *self.start() != Position::new() {
            tag(&mut out, "SetUp", "1");
            let _ = writeln!(out, "[FEN \"{}\"]", self.start());
        }
        out.push('\n');
        let mut lines = Lines::new(&mut out);
        let mut writer = Writer {
            tree: self,
            notation,
            buf: String::new(),
        };
        writer.movetext(&mut lines);
        let result = self
            .header("Result")
            .and_then(GameResult::from_tag_value)
            .unwrap_or_default();
        lines.unit(&[result.as_str()]);
        out.push('\n');
        out
    }
}

/// The movetext of `tree` in `notation`, without a result token.
pub(super) fn movetext_only(tree: &GameTree, notation: Notation) -> String {
    let mut out = String::new();
    let mut lines = Lines::new(&mut out);
    Writer {
        tree,
        notation,
        buf: String::new(),
    }
    .movetext(&mut lines);
    out
}

/// Writes a tag pair line.
fn tag(out: &mut String, name: &str, value: &str) {
    if !name.chars().any(|c| c.is_alphanumeric() || c == '_') {
        return;
    }
    out.push('[');
    // A name is a PGN symbol: anything else would not read back.
    out.extend(name.chars().filter(|&c| c.is_alphanumeric() || c == '_'));
    out.push_str(" \"");
    escape(value, out);
    out.push_str("\"]\n");
}
