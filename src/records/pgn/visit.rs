//! The syntax of PGN, visited: tag pairs and movetext tokens (moves as
//! written, comments, glyphs, variations, the result) handed to a
//! [`PgnVisitor`] before anything is resolved, as shakmaty's `pgn-reader`
//! does. Reading game trees is one such visitor; a visitor that only
//! counts, or only reads the tags, streams a large text without building
//! any game.

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::multi::next_record;
use super::read::{Cursor, dollar_nag, strip_move_number, suffix_nag, tags};
use super::{GameResult, PgnError, ReadOptions, RecordError, folds_to};
use crate::records::notation::fold;

/// The deepest nesting of variations read: a deeper one is an error
/// ([`PgnError::TooDeep`]), so that no input makes a reader use unbounded
/// memory for its stack of open variations.
pub const MAX_VARIATION_DEPTH: usize = 255;

/// Where a token is in the text: its 1-based line (of the whole text, for
/// many games) and its 1-based column, counted in characters.
///
/// ```
/// use xiangqi::pgn::PgnLocation;
/// let at = PgnLocation { line: 3, column: 7 };
/// assert_eq!(at.to_string(), "line 3, column 7");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PgnLocation {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
}

impl core::fmt::Display for PgnLocation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What a PGN reader meets in a game, in order, before it is resolved:
/// moves come as written (any notation, move numbers and `!`/`?` suffixes
/// taken off), with where they are. Every method but
/// [`PgnVisitor::end_game`] does nothing by default.
///
/// A game is visited as: `begin_game`, `header` for each tag pair,
/// `end_headers`, then the movetext's `move_text`, `nag`, `comment`,
/// `begin_variation` / `end_variation` (nested, balanced) and `outcome`
/// in the order written, then `end_game`. A game whose syntax is bad (an
/// unterminated comment, a malformed tag, an unbalanced `)`) stops where it
/// is bad: the reader reports a [`PgnError`] instead of `end_game`'s
/// output, and the next game starts with `begin_game` again.
///
/// ```
/// use std::ops::ControlFlow;
/// use xiangqi::pgn::{visit_games, PgnLocation, PgnVisitor, ReadOptions};
///
/// /// Counts the moves of each game, variations included, and reads the
/// /// `Event` tag.
/// #[derive(Default)]
/// struct Count { event: String, moves: usize, deepest: usize, depth: usize }
///
/// impl PgnVisitor for Count {
///     type Output = (String, usize, usize);
///     fn begin_game(&mut self) { *self = Count::default(); }
///     fn header(&mut self, name: &str, value: &str) {
///         if name == "Event" { self.event = value.to_string(); }
///     }
///     fn move_text(&mut self, _text: &str, _at: PgnLocation) { self.moves += 1; }
///     fn begin_variation(&mut self) -> ControlFlow<()> {
///         self.depth += 1;
///         self.deepest = self.deepest.max(self.depth);
///         ControlFlow::Continue(())
///     }
///     fn end_variation(&mut self) { self.depth -= 1; }
///     fn end_game(&mut self) -> Self::Output {
///         (std::mem::take(&mut self.event), self.moves, self.deepest)
///     }
/// }
///
/// let text = "[Event \"a\"]\n1. h2e2 (1. b2e2 (1. c3c4) h9g7) h9g7 *\n\n\
///             [Event \"b\"]\n1. 炮二平五 {no variation} *\n";
/// let counts: Vec<_> = visit_games(text, &ReadOptions::default(), Count::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(counts, [("a".to_string(), 5, 2), ("b".to_string(), 1, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait PgnVisitor {
    /// What a game gives.
    type Output;

    /// A game starts.
    fn begin_game(&mut self) {}

    /// A tag pair, as read.
    fn header(&mut self, name: &str, value: &str) {
        let _ = (name, value);
    }

    /// The tag pairs are over. `Break` skips the movetext (straight to
    /// [`PgnVisitor::end_game`]).
    fn end_headers(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A move as written, without its move number and `!`/`?` suffix (which
    /// comes next as a [`PgnVisitor::nag`]), and where it starts.
    fn move_text(&mut self, text: &str, at: PgnLocation) {
        let _ = (text, at);
    }

    /// A numeric annotation glyph: `$n`, or a move suffix (`!` 1, `?` 2,
    /// `!!` 3, `??` 4, `!?` 5, `?!` 6). Malformed glyphs are not visited.
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// A comment: `{...}` or `;` to the end of the line, trimmed.
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// A variation opens: `(`. `Break` skips it, to its matching `)`
    /// (and then [`PgnVisitor::end_variation`] is not called for it).
    fn begin_variation(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A variation closes: `)`.
    fn end_variation(&mut self) {}

    /// The result token ending the movetext (outside variations).
    fn outcome(&mut self, result: GameResult) {
        let _ = result;
    }

    /// The game is over: what it gives.
    fn end_game(&mut self) -> Self::Output;
}

/// Visits one game's text, whose first line is line `first_line`.
pub(super) fn visit_record<V: PgnVisitor>(
    text: &str,
    opts: &ReadOptions,
    first_line: usize,
    v: &mut V,
) -> Result<V::Output, PgnError> {
    let mut cur = Cursor::new(text, first_line);
    v.begin_game();
    for (name, value) in tags(&mut cur, opts.strict)? {
        v.header(&name, &value);
    }
    if v.end_headers().is_continue() {
        movetext(&mut cur, opts, v)?;
    }
    Ok(v.end_game())
}

/// Visits the movetext at the cursor.
pub(super) fn movetext<V: PgnVisitor>(
    cur: &mut Cursor<'_>,
    opts: &ReadOptions,
    v: &mut V,
) -> Result<(), PgnError> {
    let mut ended = false;
    let mut at_line_start = true;
    // The lines of the open variations' `(`, and of them the number of
    // innermost ones skipped.
    let mut open: Vec<usize> = Vec::new();
    let mut skipped = 0usize;
    loop {
        let Some((c, line_start)) = cur.next_token(&mut at_line_start, ended, opts.strict)? else {
            break;
        };
        match c {
            '{' => {
                let end = cur
                    .rest
                    .find('}')
                    .ok_or(PgnError::UnclosedComment { line: cur.line })?;
                let body = cur.rest.get(1..end).unwrap_or("");
                if skipped == 0 {
                    v.comment(body.trim_matches(super::is_space));
                }
                cur.advance(end + 1);
            }
            ';' => {
                let rest = cur.line_rest();
                let body = rest.get(1..).unwrap_or("").trim_matches(super::is_space);
                if skipped == 0 && !body.is_empty() {
                    v.comment(body);
                }
                cur.advance(rest.len());
            }
            // An escaped line (`%` in the first column).
            '%' if line_start => {
                let n = cur.line_rest().len();
                cur.advance(n);
            }
            '(' => {
                if open.len() >= MAX_VARIATION_DEPTH {
                    return Err(PgnError::TooDeep { line: cur.line });
                }
                open.push(cur.line);
                if skipped > 0 || v.begin_variation().is_break() {
                    skipped += 1;
                }
                cur.advance(1);
            }
            ')' => {
                if open.pop().is_none() {
                    return Err(PgnError::Unbalanced { line: cur.line });
                }
                if skipped > 0 {
                    skipped -= 1;
                } else {
                    v.end_variation();
                }
                cur.advance(1);
            }
            _ => {
                let end = cur.token_len();
                let tok = &cur.rest[..end];
                if let Some(r) = GameResult::from_token(tok) {
                    // A result inside a variation ends nothing.
                    if open.is_empty() {
                        v.outcome(r);
                        ended = true;
                    }
                    cur.advance(end);
                    continue;
                }
                if skipped > 0 {
                    cur.advance(end);
                    continue;
                }
                token(cur, tok, v);
                cur.advance(end);
            }
        }
    }
    if let Some(&line) = open.last() {
        return Err(PgnError::UnclosedVariation { line });
    }
    Ok(())
}

/// Visits a move or glyph token (with its move number, if any).
fn token<V: PgnVisitor>(cur: &Cursor<'_>, tok: &str, v: &mut V) {
    let whole = tok.len();
    let tok = strip_move_number(tok);
    let at = whole - tok.len();
    let body = tok.trim_end_matches(|c: char| matches!(fold(c), '!' | '?'));
    let suffix = suffix_nag(&tok[body.len()..]);
    if body.is_empty() || folds_to(body.chars().next().unwrap_or('$'), '$') {
        let nag = if body.is_empty() {
            suffix
        } else {
            dollar_nag(body)
        };
        if let Some(n) = nag {
            v.nag(n);
        }
        return;
    }
    v.move_text(
        body,
        PgnLocation {
            line: cur.line,
            column: cur.column(at),
        },
    );
    if let Some(n) = suffix {
        v.nag(n);
    }
}

/// Visits one game: the whole text is one record (a text of several
/// games is an error, [`PgnError::SeveralGames`]; visit it with
/// [`visit_games`]).
///
/// ```
/// use xiangqi::pgn::{visit_pgn, PgnVisitor, ReadOptions};
///
/// /// The tags only: the movetext is skipped.
/// struct Tags(Vec<String>);
/// impl PgnVisitor for Tags {
///     type Output = Vec<String>;
///     fn header(&mut self, name: &str, _: &str) { self.0.push(name.to_string()); }
///     fn end_headers(&mut self) -> std::ops::ControlFlow<()> { std::ops::ControlFlow::Break(()) }
///     fn end_game(&mut self) -> Vec<String> { std::mem::take(&mut self.0) }
/// }
/// let text = "[Event \"x\"]\n[Red \"y\"]\n1. h2e2 {never read} *";
/// assert_eq!(visit_pgn(text, &ReadOptions::default(), &mut Tags(vec![]))?, ["Event", "Red"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn visit_pgn<V: PgnVisitor>(
    text: &str,
    opts: &ReadOptions,
    visitor: &mut V,
) -> Result<V::Output, PgnError> {
    visit_record(text, opts, 1, visitor)
}

/// Visits every game of a text of many games (split as by
/// [`read_games`](super::read_games)), one at a time: the iterator yields
/// each game's [`PgnVisitor::end_game`], or a [`RecordError`] with its
/// index and first line for a game whose syntax is bad, and goes on with
/// the next. See [`PgnVisitor`] for an example.
pub fn visit_games<'a, V: PgnVisitor>(
    text: &'a str,
    opts: &ReadOptions,
    visitor: V,
) -> VisitGames<'a, V> {
    VisitGames {
        rest: text,
        line: 1,
        index: 0,
        opts: *opts,
        visitor,
    }
}

/// The iterator of [`visit_games`].
///
/// ```
/// use xiangqi::pgn::{visit_games, PgnVisitor, ReadOptions};
/// struct Nothing;
/// impl PgnVisitor for Nothing {
///     type Output = ();
///     fn end_game(&mut self) {}
/// }
/// let games = visit_games("1. h2e2 *\n1. b0c2 {x *\n", &ReadOptions::default(), Nothing);
/// let results: Vec<_> = games.collect();
/// assert!(results[0].is_ok() && results[1].is_err());
/// ```
#[derive(Clone, Debug)]
pub struct VisitGames<'a, V> {
    rest: &'a str,
    /// The 1-based line of the start of `rest`.
    line: usize,
    index: usize,
    opts: ReadOptions,
    visitor: V,
}

impl<V> VisitGames<'_, V> {
    /// The visitor.
    ///
    /// ```
    /// use xiangqi::pgn::{visit_games, PgnVisitor, ReadOptions};
    /// struct Games(usize);
    /// impl PgnVisitor for Games {
    ///     type Output = ();
    ///     fn end_game(&mut self) { self.0 += 1; }
    /// }
    /// let mut games = visit_games("1. h2e2 *\n1. b0c2 *\n", &ReadOptions::default(), Games(0));
    /// games.by_ref().for_each(drop);
    /// assert_eq!(games.into_visitor().0, 2);
    /// ```
    pub fn into_visitor(self) -> V {
        self.visitor
    }
}

impl<V: PgnVisitor> Iterator for VisitGames<'_, V> {
    type Item = Result<V::Output, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (text, line) = next_record(&mut self.rest, &mut self.line)?;
        let index = self.index;
        self.index += 1;
        Some(
            visit_record(text, &self.opts, line, &mut self.visitor).map_err(|error| RecordError {
                index,
                line,
                error,
            }),
        )
    }
}

impl<V: PgnVisitor> core::iter::FusedIterator for VisitGames<'_, V> {}
