//! Writing a record as PGN.

use core::fmt::Write as _;

use super::{GameRecord, GameResult};
use crate::base::{Color, PlayError, Position, Setup, Validation};
use crate::records::notation::Notation;

/// The longest line the writer makes, unless one token is longer.
pub(super) const LINE_WIDTH: usize = 79;

/// Movetext laid out in lines of at most [`LINE_WIDTH`] characters,
/// breaking only between units (a move number stays with its move).
pub(super) struct Lines<'a> {
    out: &'a mut String,
    /// Characters on the current line.
    len: usize,
    /// Whether the current line has a unit.
    started: bool,
    /// Whether the next unit opens a variation: `(` written before it.
    glued: bool,
}

impl<'a> Lines<'a> {
    /// Lines written at the end of `out`.
    pub(super) fn new(out: &'a mut String) -> Lines<'a> {
        Lines {
            out,
            len: 0,
            started: false,
            glued: false,
        }
    }

    /// Opens a variation: `(`, written with the next unit.
    pub(super) fn open(&mut self) {
        self.glued = true;
    }

    /// Closes a variation: `)` right after the last unit, or at the start
    /// of the next line if this one is full.
    pub(super) fn close(&mut self) {
        if self.len >= LINE_WIDTH {
            self.out.push('\n');
            self.len = 0;
        }
        self.out.push(')');
        self.len += 1;
    }

    /// Appends a `;` comment, to the end of the line: for a comment that
    /// holds a `}` (and no line break), which a `{}` comment cannot.
    pub(super) fn line_comment(&mut self, text: &str) {
        self.unit(&["; ", text]);
        self.out.push('\n');
        self.len = 0;
        self.started = false;
    }

    /// Appends a unit whose text is the concatenation of `parts`.
    pub(super) fn unit(&mut self, parts: &[&str]) {
        let open = core::mem::replace(&mut self.glued, false);
        let width: usize =
            parts.iter().map(|p| p.chars().count()).sum::<usize>() + usize::from(open);
        if self.started {
            if self.len + 1 + width > LINE_WIDTH {
                self.out.push('\n');
                self.len = 0;
            } else {
                self.out.push(' ');
                self.len += 1;
            }
        }
        if open {
            self.out.push('(');
        }
        for p in parts {
            self.out.push_str(p);
        }
        self.len += width;
        self.started = true;
    }
}

/// A tag value as written: quotes and backslashes escaped, line breaks and
/// other control characters (which a tag cannot hold) as spaces.
pub(super) fn escape(v: &str, out: &mut String) {
    for c in v.chars() {
        match c {
            '"' | '\\' => out.extend(['\\', c]),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
}

/// Whether a `FEN` tag's value describes `start` (read leniently, so a
/// study's own FEN text is kept).
fn fen_describes(value: &str, start: &Position) -> bool {
    value
        .trim()
        .parse::<Setup>()
        .ok()
        .and_then(|s| Position::from_setup(s, Validation::Lenient).ok())
        .is_some_and(|p| &p == start)
}

impl GameRecord {
    /// Writes the record as PGN with moves in `notation`. An illegal move
    /// (in a record made by hand) is an error; a [`Game`](crate::Game)'s
    /// record is written without one by
    /// [`CheckedRecord`](super::CheckedRecord).
    ///
    /// The tags are written in order as they are, except that a `FEN` tag
    /// that does not describe `start` is written with `start`'s FEN, and a
    /// `Result` tag that does not say `result` is written with `result`. A
    /// missing `Result` tag is added after the others, and so is a `FEN`
    /// tag (after a `SetUp "1"` tag, unless there is one) for a start other
    /// than the standard one, so a record read from
    /// the output equals the record written once it has them (as every
    /// record read from PGN or made by [`GameRecord::from_game`] has).
    /// Lines of movetext are at most 79 characters (unless a single move or
    /// comment is longer), and a move number is never split from its move.
    /// After a move come its glyphs ([`GameRecord::nags`]: the first, if it
    /// is 1 to 6, as the move's suffix, `h2e2?`, the others as `$n`), then its
    /// comments, then its variations; a Black move after a comment or a
    /// variation is numbered `12...`.
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let text = "[Event \"Demo\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r\"]\n\n1. h2e2 h9g7 *";
    /// let rec = GameRecord::from_pgn(text, &ReadOptions::default())?;
    /// let pgn = rec.to_pgn(Notation::Chinese(ChineseScript::Simplified))?;
    /// assert_eq!(
    ///     pgn,
    ///     "[Event \"Demo\"]\n\
    ///      [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r\"]\n\
    ///      [Result \"*\"]\n\n1. 炮二平五 马8进7 *\n"
    /// );
    /// assert_eq!(GameRecord::from_pgn(&pgn, &ReadOptions::default())?.tags.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pgn(&self, notation: Notation) -> Result<String, PlayError> {
        let mut out = String::with_capacity(256 + 8 * self.moves.len());
        self.write_into(notation, &mut out, false)?;
        Ok(out)
    }

    /// Writes the record into `out`. An illegal move is an error, or, when
    /// `lossy`, written as its coordinates (for records whose moves are
    /// known to be legal: then it never happens, and this never fails).
    pub(super) fn write_into(
        &self,
        notation: Notation,
        out: &mut String,
        lossy: bool,
    ) -> Result<(), PlayError> {
        let standard = self.start == Position::new();
        let (mut has_result, mut has_fen, mut has_setup) = (false, false, false);
        for (k, v) in &self.tags {
            out.push('[');
            out.push_str(k);
            out.push_str(" \"");
            if k.eq_ignore_ascii_case("FEN") {
                has_fen = true;
                if fen_describes(v, &self.start) {
                    escape(v, out);
                } else {
                    let _ = write!(out, "{}", self.start);
                }
            } else if k == "Result" {
                has_result = true;
                if GameResult::from_tag_value(v) == Some(self.result) {
                    escape(v, out);
                } else {
                    out.push_str(self.result.as_str());
                }
            } else {
                has_setup |= k.eq_ignore_ascii_case("SetUp");
                escape(v, out);
            }
            out.push_str("\"]\n");
        }
        if !has_result {
            let _ = writeln!(out, "[Result \"{}\"]", self.result.as_str());
        }
        if !has_fen && !standard {
            if !has_setup {
                out.push_str("[SetUp \"1\"]\n");
            }
            let _ = writeln!(out, "[FEN \"{}\"]", self.start);
        }
        out.push('\n');
        self.movetext(notation, out, lossy)?;
        out.push('\n');
        Ok(())
    }

    /// Writes the movetext (without the final line break).
    fn movetext(&self, notation: Notation, out: &mut String, lossy: bool) -> Result<(), PlayError> {
        let mut lines = Lines::new(out);
        let mut text = String::new();
        // The glyph written as the suffix of the move that ends at `ply`:
        // its first, if 1 to 6 (so that the glyphs read back in order).
        let suffix = |ply: usize| {
            let k = self.nags.iter().position(|&(p, _)| p == ply)?;
            (ply > 0 && (1..=6).contains(&self.nags[k].1)).then_some(k)
        };
        let extras = |ply: usize, lines: &mut Lines<'_>, text: &mut String| {
            let skip = suffix(ply);
            for (k, &(p, n)) in self.nags.iter().enumerate() {
                if p == ply && Some(k) != skip {
                    text.clear();
                    let _ = write!(text, "${n}");
                    lines.unit(&[text]);
                }
            }
            for (_, c) in self.comments.iter().filter(|(p, _)| *p == ply) {
                text.clear();
                text.extend(c.chars().map(|c| if c == '}' { ')' } else { c }));
                lines.unit(&["{", text, "}"]);
            }
            for (_, v) in self.variations.iter().filter(|(p, _)| *p == ply) {
                lines.unit(&["(", v, ")"]);
            }
        };
        extras(0, &mut lines, &mut text);
        let mut pos = self.start.clone();
        let mut number = String::new();
        let mut mv = String::new();
        for (i, &m) in self.moves.iter().enumerate() {
            number.clear();
            if pos.turn() == Color::Red {
                let _ = write!(number, "{}. ", pos.fullmoves());
            } else if i == 0
                || self.comments.iter().any(|(p, _)| *p == i)
                || self.variations.iter().any(|(p, _)| *p == i)
            {
                let _ = write!(number, "{}... ", pos.fullmoves());
            }
            mv.clear();
            if let Err(e) = notation.push(&pos, m, &mut mv) {
                if !lossy {
                    return Err(e);
                }
                let _ = write!(mv, "{m}");
            }
            if let Some(k) = suffix(i + 1) {
                mv.push_str(match self.nags[k].1 {
                    1 => "!",
                    2 => "?",
                    3 => "!!",
                    4 => "??",
                    5 => "!?",
                    _ => "?!",
                });
            }
            lines.unit(&[&number, &mv]);
            pos.play_unchecked(m);
            extras(i + 1, &mut lines, &mut text);
        }
        lines.unit(&[self.result.as_str()]);
        Ok(())
    }
}
