//! Many games in one text: [`read_games`] over a `&str`, and
//! [`LineReader`] for lines fed one at a time.

use super::{GameRecord, GameResult, PgnError, ReadOptions, is_space, read};

/// A record of a many-game text that could not be read: which one, where,
/// and why.
///
/// ```
/// use xiangqi::pgn::{read_games, PgnError, ReadOptions};
/// let text = "[Event \"a\"]\n1. h2e2 *\n\n[Event \"b\"]\n1. h2h9 h9h0 *\n";
/// let errors: Vec<_> = read_games(text, &ReadOptions::default())
///     .filter_map(Result::err)
///     .collect();
/// assert_eq!(errors.len(), 1);
/// assert_eq!((errors[0].index, errors[0].line), (1, 4));
/// assert!(matches!(errors[0].error, PgnError::Move { ply: 2, .. }));
/// assert_eq!(
///     errors[0].to_string(),
///     "game 1 at line 4: bad move \"h9h0\" at ply 2 (line 5, column 9): \
///      h9h0 is not legal: that piece belongs to the side not to move"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {index} at line {line}: {error}")]
#[non_exhaustive]
pub struct RecordError {
    /// The index of the record in the text, counting from 0 (good and bad
    /// records alike).
    pub index: usize,
    /// The 1-based line of the text where the record starts.
    pub line: usize,
    /// What is wrong with it.
    pub error: PgnError,
}

/// Finds where games start, one line at a time: a tag line (`[` first,
/// outside a `{comment}`) after movetext begins a new game, and so does a
/// line of moves after a result token (for files of games without tags).
#[derive(Clone, Debug, Default)]
struct Splitter {
    in_comment: bool,
    movetext: bool,
    /// Whether the last token so far is a result.
    ended: bool,
}

impl Splitter {
    /// Takes the next line; returns whether it starts a new game.
    fn starts_game(&mut self, line: &str) -> bool {
        let t = line.trim_start_matches(is_space);
        if self.in_comment {
            self.scan(t);
            return false;
        }
        if t.starts_with('[') {
            self.ended = false;
            return std::mem::replace(&mut self.movetext, false);
        }
        if t.starts_with('%') {
            return false; // an escaped line
        }
        let new = self.ended && !t.is_empty() && !t.starts_with(['{', ';']);
        if new {
            *self = Splitter::default();
        }
        self.scan(t);
        new
    }

    /// Follows comments and tokens through a line of movetext.
    fn scan(&mut self, t: &str) {
        let mut start = None;
        let mut last = None;
        for (i, c) in t.char_indices() {
            if self.in_comment {
                self.in_comment = c != '}';
                continue;
            }
            let token_char = !(is_space(c) || matches!(c, '{' | '}' | '(' | ')' | ';'));
            match (start, token_char) {
                (None, true) => start = Some(i),
                (Some(s), false) => {
                    last = Some(&t[s..i]);
                    start = None;
                }
                _ => {}
            }
            if !is_space(c) {
                self.movetext = true;
            }
            match c {
                '{' => self.in_comment = true,
                ';' => break,
                _ => {}
            }
        }
        if let Some(s) = start {
            last = Some(&t[s..]);
        }
        if let Some(tok) = last {
            self.ended = GameResult::from_token(tok).is_some();
        }
    }
}

/// Whether a line holds nothing but whitespace.
fn blank(line: &str) -> bool {
    line.chars().all(is_space)
}

/// Reads every game of a text holding many PGN records (a database file,
/// read by the caller), one record at a time.
///
/// A record starts at a line beginning with `[` that follows movetext, at
/// a line of moves that follows a result token (files of games without
/// tags, one after another), or at the first line that is not blank; so
/// records need no result token and no blank line between them. A bad record yields a [`RecordError`]
/// with its index and first line, and reading goes on with the next.
/// Blank lines between records are skipped; each record is read as by
/// [`GameRecord::from_pgn`] with `opts`.
///
/// ```
/// use xiangqi::pgn::{read_games, GameRecord, ReadOptions};
///
/// let text = "\u{feff}[Event \"One\"]\r\n\r\n1. h2e2 h9g7\r\n\
///             [Event \"Two\"]\n[Red \"Ｘ\"]\n1. Ｃ２＝５ 炮８平５ 2. H2+3 *\n";
/// let games: Vec<GameRecord> = read_games(text, &ReadOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tag("Event"), Some("One"));
/// assert_eq!(games[1].moves.len(), 3);
///
/// // Writing many games: one record after another, a blank line between.
/// let written: Vec<String> = games
///     .iter()
///     .map(|g| g.to_pgn(xiangqi::notation::Notation::Iccs))
///     .collect::<Result<_, _>>()?;
/// let back: Vec<GameRecord> = read_games(&written.join("\n"), &ReadOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(back.len(), 2);
/// assert_eq!(back[1].moves, games[1].moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_games<'a>(text: &'a str, opts: &ReadOptions) -> Games<'a> {
    Games {
        rest: text,
        line: 1,
        index: 0,
        opts: *opts,
    }
}

/// The iterator of [`read_games`]: each record of a text, read or with
/// the reason it could not be.
///
/// ```
/// use xiangqi::pgn::{read_games, ReadOptions};
/// let mut games = read_games("1. h2e2 *", &ReadOptions::default());
/// assert!(games.next().unwrap().is_ok());
/// assert!(games.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Games<'a> {
    rest: &'a str,
    /// The 1-based line of the start of `rest`.
    line: usize,
    index: usize,
    opts: ReadOptions,
}

/// Splits the first line off `s`: the line (without its `\n`) and the rest.
fn split_line(s: &str) -> (&str, &str) {
    match s.find('\n') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    }
}

impl Iterator for Games<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (text, first_line) = next_record(&mut self.rest, &mut self.line)?;
        let index = self.index;
        self.index += 1;
        Some(
            read::record(text, &self.opts, first_line).map_err(|error| RecordError {
                index,
                line: first_line,
                error,
            }),
        )
    }
}

/// Splits the next record off `rest` (whose first line is line `line`),
/// skipping blank lines before it: the record's text and its first line.
/// `None` when only blank lines are left.
pub(super) fn next_record<'a>(rest: &mut &'a str, line: &mut usize) -> Option<(&'a str, usize)> {
    loop {
        if rest.is_empty() {
            return None;
        }
        let (first, after) = split_line(rest);
        if !blank(first) {
            break;
        }
        *rest = after;
        *line += 1;
    }
    let first_line = *line;
    let mut splitter = Splitter::default();
    let mut end = 0;
    let mut lines = 0;
    while end < rest.len() {
        let (l, _) = split_line(&rest[end..]);
        if splitter.starts_game(l) {
            break;
        }
        end = (end + l.len() + 1).min(rest.len());
        lines += 1;
    }
    let text = &rest[..end];
    *rest = &rest[end..];
    *line += lines;
    Some((text, first_line))
}

impl core::iter::FusedIterator for Games<'_> {}

/// Reads many games from lines fed one at a time, for a caller that
/// streams a file instead of reading it whole. It yields the same records
/// and errors as [`read_games`] on the joined text.
///
/// ```
/// use std::io::BufRead;
/// use xiangqi::pgn::{LineReader, ReadOptions};
///
/// let file = std::io::Cursor::new("[Event \"a\"]\n1. h2e2\n[Event \"b\"]\n1. b0c2 *\n");
/// let mut reader = LineReader::new(&ReadOptions::default());
/// let mut games = Vec::new();
/// for line in file.lines() {
///     games.extend(reader.push_line(&line?));
/// }
/// games.extend(reader.finish());
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().moves[0].to_string(), "b0c2");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct LineReader {
    opts: ReadOptions,
    lines: LineBuffer,
}

/// The lines of the record being fed, and where records start.
#[derive(Clone, Debug)]
pub(super) struct LineBuffer {
    splitter: Splitter,
    /// The current record's lines, each followed by `\n`.
    buf: String,
    /// Lines fed so far.
    lines: usize,
    /// The 1-based line where the current record starts.
    first_line: usize,
    index: usize,
}

impl LineBuffer {
    /// A buffer with nothing fed yet.
    pub(super) fn new() -> LineBuffer {
        LineBuffer {
            splitter: Splitter::default(),
            buf: String::new(),
            lines: 0,
            first_line: 1,
            index: 0,
        }
    }

    /// Takes the next line; returns the previous record, read by `read`
    /// (from its text and first line), when this line starts a new one.
    pub(super) fn push_line<T>(
        &mut self,
        line: &str,
        read: impl FnOnce(&str, usize) -> Result<T, PgnError>,
    ) -> Option<Result<T, RecordError>> {
        self.lines += 1;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let mut done = None;
        if !self.buf.is_empty() && self.splitter.starts_game(line) {
            done = self.finish(read);
        }
        if self.buf.is_empty() {
            if blank(line) {
                return done;
            }
            self.first_line = self.lines;
            self.splitter = Splitter::default();
            self.splitter.starts_game(line);
        }
        self.buf.push_str(line);
        self.buf.push('\n');
        done
    }

    /// Ends the input: the last record, read by `read`, if any.
    pub(super) fn finish<T>(
        &mut self,
        read: impl FnOnce(&str, usize) -> Result<T, PgnError>,
    ) -> Option<Result<T, RecordError>> {
        if self.buf.is_empty() {
            return None;
        }
        let index = self.index;
        self.index += 1;
        let line = self.first_line;
        let result = read(&self.buf, line).map_err(|error| RecordError { index, line, error });
        self.buf.clear();
        self.splitter = Splitter::default();
        Some(result)
    }
}

impl LineReader {
    /// A reader with these options and nothing read yet.
    ///
    /// ```
    /// use xiangqi::pgn::{LineReader, ReadOptions};
    /// let mut reader = LineReader::new(&ReadOptions::default());
    /// assert!(reader.finish().is_none());
    /// ```
    pub fn new(opts: &ReadOptions) -> LineReader {
        LineReader {
            opts: *opts,
            lines: LineBuffer::new(),
        }
    }

    /// Takes the next line (a trailing `\n` or `\r\n` is ignored; the text
    /// is one line even if it holds more). Returns the previous record
    /// when this line starts a new one.
    ///
    /// ```
    /// use xiangqi::pgn::{LineReader, ReadOptions};
    /// let mut reader = LineReader::new(&ReadOptions::default());
    /// assert!(reader.push_line("[Event \"a\"]").is_none());
    /// assert!(reader.push_line("1. h2e2 h9g7").is_none());
    /// let first = reader.push_line("[Event \"b\"]").unwrap().unwrap();
    /// assert_eq!(first.moves.len(), 2);
    /// ```
    pub fn push_line(&mut self, line: &str) -> Option<Result<GameRecord, RecordError>> {
        let opts = self.opts;
        self.lines
            .push_line(line, |text, first| read::record(text, &opts, first))
    }

    /// Ends the input: returns the last record, if any.
    ///
    /// ```
    /// use xiangqi::pgn::{LineReader, ReadOptions};
    /// let mut reader = LineReader::new(&ReadOptions::default());
    /// reader.push_line("1. h2e2 *");
    /// assert_eq!(reader.finish().unwrap().unwrap().moves.len(), 1);
    /// assert!(reader.finish().is_none());
    /// ```
    pub fn finish(&mut self) -> Option<Result<GameRecord, RecordError>> {
        let opts = self.opts;
        self.lines
            .finish(|text, first| read::record(text, &opts, first))
    }
}
