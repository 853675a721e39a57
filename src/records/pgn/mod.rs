//! PGN game records, read from and written to strings (no file I/O).
//!
//! A record is tag pairs (`[Event "..."]`), an optional `FEN` tag for a
//! set-up start position, and movetext with move numbers, `{comments}`,
//! `;` line comments, `(variations)`, `$n` glyphs and a result. Moves may be
//! written in ICCS, WXF or Chinese notation, even mixed, in ASCII or
//! full-width forms (`Ｃ２＝５`). Reading a record is all-or-nothing: the
//! first bad move is reported with its ply, line and column, and why it
//! was rejected (moves are read by [`Position::parse_move`]).
//!
//! ```
//! use xiangqi::notation::Notation;
//! use xiangqi::pgn::{GameRecord, GameResult, ReadOptions};
//!
//! let text = "[Event \"Demo\"]\n\n1. 炮二平五 马８进７ {a comment} 2. h0g2 Ｒ９＝８ 1-0";
//! let rec = GameRecord::from_pgn(text, &ReadOptions::default())?;
//! assert_eq!(rec.moves.len(), 4);
//! assert_eq!(rec.result, GameResult::RedWins);
//! assert_eq!(rec.comments, vec![(2, "a comment".to_string())]);
//! let iccs = rec.to_pgn(Notation::Iccs)?;
//! assert!(iccs.contains("1. h2e2 h9g7 {a comment} 2. h0g2 i9h9 1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A text of many games — a database file — is read by [`read_games`], one
//! record at a time; a bad record is reported with its index and line and
//! the reader goes on with the next. The library opens no file: read the
//! text in the caller, or feed it line by line to a [`LineReader`].
//!
//! ```no_run
//! use xiangqi::pgn::{read_games, ReadOptions};
//!
//! let text = std::fs::read_to_string("games.pgn")?;
//! for game in read_games(&text, &ReadOptions::default()) {
//!     match game {
//!         Ok(rec) => println!("{} moves", rec.moves.len()),
//!         Err(e) => eprintln!("skipped: {e}"), // "game 7 at line 120: bad move ..."
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! **Variations.** A [`GameRecord`] is the main line; its variations are
//! skipped, or kept as raw text ([`ReadOptions::keep_variations`]). To read
//! them, nested, with the comments and glyphs inside them, read a game
//! tree: [`GameTree::from_pgn`](crate::records::tree::GameTree::from_pgn),
//! or [`read_trees`] for many games, and write it back with
//! [`GameTree::to_pgn`](crate::records::tree::GameTree::to_pgn). Under
//! both readers lies the syntax, visited before it is resolved: a
//! [`PgnVisitor`] ([`visit_pgn`], [`visit_games`]) streams a large text
//! without building any game.
//!
//! ```
//! use xiangqi::notation::Notation;
//! use xiangqi::pgn::ReadOptions;
//! use xiangqi::tree::GameTree;
//!
//! let text = "1. h2e2 {the cannon} (1. c3c4 (1. b0c2) h9g7) 1... h9g7 *";
//! let mut tree = GameTree::from_pgn(text, &ReadOptions::default())?;
//! let pawn = tree.children(tree.root())[1];
//! tree.promote_to_main(pawn)?;
//! assert_eq!(
//!     tree.to_pgn(Notation::Iccs).lines().last(),
//!     Some("1. c3c4 (1. h2e2 {the cannon} 1... h9g7) (1. b0c2) 1... h9g7 *")
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Real databases.** By default tag pairs are read leniently, as real
//! files write them: unescaped quotes inside a value
//! (`[Event ""Huangshan Cup" National GM,CM Tournament 2002"]`), a missing
//! closing `]`, an unquoted value, trailing spaces, CRLF line ends, a byte
//! order mark, full-width characters and the ideographic space of text
//! decoded from GBK, and no `Result` tag or result token at all.
//! [`ReadOptions::strict`] rejects tag pairs that break the PGN standard.
//! The text is UTF-8: a GBK file (as many Chinese programs save) is decoded
//! by the caller, for example with the `encoding_rs` crate; one decoded
//! the wrong way gives typed errors for its Chinese moves, never a panic.

mod convert;
mod multi;
mod read;
mod tree_convert;
mod tree_read;
#[cfg(test)]
mod tree_tests;
mod tree_write;
mod visit;
mod write;

pub use convert::CheckedRecord;
pub use multi::{Games, LineReader, RecordError, read_games};
pub use tree_read::{TreeGames, TreeLineReader, read_trees};
pub use visit::{MAX_VARIATION_DEPTH, PgnLocation, PgnVisitor, VisitGames, visit_games, visit_pgn};

use crate::base::{Move, ParsePositionError, PlayError, Position, Validation};
use crate::records::notation::{
    MoveError, ParseNotationError, UciRanks, WxfDialect, fold, significant,
};
use crate::records::tree::TreeError;

/// The result of a game, as written at the end of PGN movetext.
///
/// ```
/// use xiangqi::pgn::GameResult;
/// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
/// assert_eq!(GameResult::from_token("0-1"), Some(GameResult::BlackWins));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown or unfinished.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// assert_eq!(GameResult::Unknown.as_str(), "*");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result token: `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or
    /// `*`, in ASCII or full-width forms (`１－０`), with surrounding spaces.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// assert_eq!(GameResult::from_token("1-0"), Some(GameResult::RedWins));
    /// assert_eq!(GameResult::from_token("１／２－１／２"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_token("2-0"), None);
    /// ```
    pub fn from_token(s: &str) -> Option<GameResult> {
        let chars = significant::<7>(s)?;
        let is = |t: &str| chars.iter().copied().eq(t.chars());
        Some(if is("1-0") {
            GameResult::RedWins
        } else if is("0-1") {
            GameResult::BlackWins
        } else if is("1/2-1/2") || is("½-½") {
            GameResult::Draw
        } else if is("*") {
            GameResult::Unknown
        } else {
            return None;
        })
    }

    /// Reads the value of a `Result` tag: a result token, or the Chinese
    /// words some programs write there (`红胜`/`紅勝`, `黑胜`/`黑勝`,
    /// `和棋`/`和局`/`和`).
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// assert_eq!(GameResult::from_tag_value("0-1"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::from_tag_value("红胜"), Some(GameResult::RedWins));
    /// assert_eq!(GameResult::from_tag_value("?"), None);
    /// ```
    pub fn from_tag_value(s: &str) -> Option<GameResult> {
        GameResult::from_token(s).or_else(|| match s.trim() {
            "红胜" | "紅勝" | "红方胜" | "紅方勝" => Some(GameResult::RedWins),
            "黑胜" | "黑勝" | "黑方胜" | "黑方勝" => Some(GameResult::BlackWins),
            "和棋" | "和局" | "和" => Some(GameResult::Draw),
            _ => None,
        })
    }
}

/// A game record: tags, start position, moves, comments and result.
///
/// The moves are checked to be legal from `start` when read. A
/// [`Game`](crate::Game), with the repetition rules, is made from a record
/// by [`GameRecord::to_game`], and a record from a game by
/// [`GameRecord::from_game`].
///
/// `tags` holds every tag pair as read, in file order, the `FEN` and
/// `Result` tags included; read and set them by name with
/// [`GameRecord::tag`], [`GameRecord::set_tag`] and
/// [`GameRecord::with_tag`], so that a record written by
/// [`GameRecord::to_pgn`] and read back has the same tags. `start` and
/// `result` are authoritative: when writing, a `FEN` or `Result` tag that
/// disagrees with them is written with their value.
///
/// ```
/// use xiangqi::pgn::{GameRecord, GameResult};
/// use xiangqi::Position;
/// let rec = GameRecord {
///     tags: vec![("Event".into(), "Demo".into())],
///     start: Position::new(),
///     moves: vec!["h2e2".parse()?],
///     comments: vec![],
///     variations: vec![],
///     nags: vec![(1, 6)],
///     result: GameResult::Unknown,
/// };
/// assert_eq!(rec.end()?.turn(), xiangqi::Color::Black);
/// assert!(rec.to_pgn(xiangqi::notation::Notation::Iccs)?.contains("1. h2e2?! *"));
/// assert_eq!(rec.tag("Event"), Some("Demo"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Tag pairs in file order, `FEN` and `Result` included.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the standard start).
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// Comments, each after the given number of main-line moves.
    pub comments: Vec<(usize, String)>,
    /// Variations as raw movetext (not checked), each after the given
    /// number of main-line moves; empty unless kept when reading.
    pub variations: Vec<(usize, String)>,
    /// Numeric annotation glyphs (NAGs), each after the given number of
    /// main-line moves: `$n` tokens, and the move suffixes `!` (1), `?`
    /// (2), `!!` (3), `??` (4), `!?` (5) and `?!` (6). The writer writes a
    /// move's first glyph as its suffix (`h2e2?!`) if it is 1 to 6, the
    /// others as `$n`. Malformed glyphs (`$x`, `$300`, `?!?`) are skipped
    /// when reading.
    pub nags: Vec<(usize, u8)>,
    /// The result: the movetext's result token, else the `Result` tag,
    /// else [`GameResult::Unknown`].
    pub result: GameResult,
}

/// Options for reading PGN ([`GameRecord::from_pgn`], [`read_games`],
/// [`LineReader`]).
///
/// ```
/// use xiangqi::pgn::ReadOptions;
/// use xiangqi::Validation;
/// let opts = ReadOptions::default().with_validation(Validation::Lenient).with_strict(true);
/// assert_eq!(opts.validation, Validation::Lenient);
/// assert!(opts.strict);
/// assert!(!opts.keep_variations);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Keep variations (as raw text) instead of skipping them.
    pub keep_variations: bool,
    /// How to read WXF's two-equal-digit soldier form (`33.4`).
    pub wxf_dialect: WxfDialect,
    /// How coordinate moves number the ranks: `0`-`9` as ICCS (the
    /// default) or `1`-`10` as Fairy-Stockfish's UCI (`h3e3`).
    pub coordinates: UciRanks,
    /// How the `FEN` tag's position is validated: [`Validation::Strict`]
    /// (the default) or [`Validation::Lenient`] for studies, so that a
    /// study written by [`GameRecord::to_pgn`] reads back.
    pub validation: Validation,
    /// Read tag pairs by the PGN standard only (`[Name "value"]`, with `\"`
    /// and `\\` the only escapes, a closing `]`), instead of leniently as
    /// real databases write them (the default, `false`). Whitespace, CRLF,
    /// a byte order mark and full-width forms are accepted either way.
    pub strict: bool,
}

impl ReadOptions {
    /// These options with `keep_variations` set.
    ///
    /// ```
    /// use xiangqi::pgn::ReadOptions;
    /// assert!(ReadOptions::default().with_variations(true).keep_variations);
    /// ```
    pub fn with_variations(mut self, keep: bool) -> ReadOptions {
        self.keep_variations = keep;
        self
    }

    /// These options with `wxf_dialect` set.
    ///
    /// ```
    /// use xiangqi::notation::WxfDialect;
    /// use xiangqi::pgn::ReadOptions;
    /// let opts = ReadOptions::default().with_wxf_dialect(WxfDialect::Wxf);
    /// assert_eq!(opts.wxf_dialect, WxfDialect::Wxf);
    /// ```
    pub fn with_wxf_dialect(mut self, dialect: WxfDialect) -> ReadOptions {
        self.wxf_dialect = dialect;
        self
    }

    /// These options with `coordinates` set.
    ///
    /// ```
    /// use xiangqi::notation::UciRanks;
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let opts = ReadOptions::default().with_coordinates(UciRanks::OneToTen);
    /// let rec = GameRecord::from_pgn("1. h3e3 h10g8 *", &opts)?;
    /// assert_eq!(rec.moves[1].to_string(), "h9g7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_coordinates(mut self, ranks: UciRanks) -> ReadOptions {
        self.coordinates = ranks;
        self
    }

    /// These options with `validation` set.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// use xiangqi::Validation;
    /// // A study: a red advisor on e0, off the palace diagonals.
    /// let text = "[FEN \"4k4/9/9/9/9/9/9/9/9/3KA4 w\"]\n1. e0f1 *";
    /// assert!(GameRecord::from_pgn(text, &ReadOptions::default()).is_err());
    /// let lenient = ReadOptions::default().with_validation(Validation::Lenient);
    /// assert_eq!(GameRecord::from_pgn(text, &lenient)?.moves.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_validation(mut self, validation: Validation) -> ReadOptions {
        self.validation = validation;
        self
    }

    /// These options with `strict` set.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
    /// let text = "[Event \"\"Huangshan Cup\" 2002\"]\n1. h2e2 *";
    /// let rec = GameRecord::from_pgn(text, &ReadOptions::default())?;
    /// assert_eq!(rec.tag("Event"), Some("\"Huangshan Cup\" 2002"));
    /// let strict = ReadOptions::default().with_strict(true);
    /// assert_eq!(GameRecord::from_pgn(text, &strict), Err(PgnError::Tag { line: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_strict(mut self, strict: bool) -> ReadOptions {
        self.strict = strict;
        self
    }
}

/// Why a PGN record could not be read.
///
/// ```
/// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
/// let opts = ReadOptions::default();
/// assert_eq!(GameRecord::from_pgn("1. h2e2 {open", &opts), Err(PgnError::Unterminated));
/// assert_eq!(
///     GameRecord::from_pgn("[Event \"a\"]\n1. h2e2\n\n[Event \"b\"]\n1. b0c2", &opts),
///     Err(PgnError::SeveralGames { line: 4 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnError {
    /// A tag pair is malformed.
    #[error("malformed tag pair at line {line}")]
    Tag {
        /// The 1-based line (of the whole text, for [`read_games`]).
        line: usize,
    },
    /// The `FEN` tag is not a legal position (under
    /// [`ReadOptions::validation`]).
    #[error("bad FEN tag: {0}")]
    Fen(#[from] ParsePositionError),
    /// A comment or variation is not closed.
    #[error("unterminated comment or variation")]
    Unterminated,
    /// A move is not a legal move (the first bad one is reported), with
    /// where it is written.
    ///
    /// ```
    /// use xiangqi::notation::{IllegalReason, MoveError};
    /// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
    /// let text = "[Event \"x\"]\n\n1. h2e2 h9g7\n2. h0g2 i9h9 3. b2b7 *\n";
    /// let err = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap_err();
    /// let PgnError::Move { ply, line, column, reason, .. } = &err else { panic!() };
    /// assert_eq!((*ply, *line, *column), (5, 4, 17));
    /// assert!(matches!(reason, MoveError::Illegal { reason: IllegalReason::NoScreen, .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "bad move \"b2b7\" at ply 5 (line 4, column 17): \
    ///      b2b7 is not legal: a cannon captures only by jumping over one piece"
    /// );
    /// ```
    #[error("bad move {text:?} at ply {ply} (line {line}, column {column}): {reason}")]
    Move {
        /// The 1-based ply of the move: in the main line, or, for a move
        /// of a variation read into a game tree, in its line from the start.
        ply: usize,
        /// The 1-based line of the move (of the whole text, for
        /// [`read_games`]).
        line: usize,
        /// The 1-based column of the move's first character (after its
        /// move number), counted in characters.
        column: usize,
        /// The move as written.
        text: String,
        /// Why it was rejected, coarsely (as the readers of one notation
        /// say it).
        error: ParseNotationError,
        /// Why it was rejected: [`Position::parse_move`]'s reason.
        reason: MoveError,
    },
    /// Text follows the result token (comments may, unless
    /// [`ReadOptions::strict`]).
    #[error("text after the result")]
    AfterResult,
    /// Variations nested deeper than
    /// [`MAX_VARIATION_DEPTH`].
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = format!("1. h2e2 {}{} *", "(1. b2e2 ".repeat(300), ")".repeat(300));
    /// assert_eq!(
    ///     GameTree::from_pgn(&text, &ReadOptions::default()),
    ///     Err(PgnError::TooDeep { line: 1 })
    /// );
    /// ```
    #[error("variations nested too deep at line {line}")]
    TooDeep {
        /// The 1-based line of the `(` too many.
        line: usize,
    },
    /// A `)` closes no variation.
    ///
    /// ```
    /// use xiangqi::pgn::{PgnError, ReadOptions};
    /// use xiangqi::tree::GameTree;
    /// let text = "1. h2e2 (1. b2e2) h9g7\n2. h0g2) *";
    /// assert_eq!(
    ///     GameTree::from_pgn(text, &ReadOptions::default()),
    ///     Err(PgnError::Unbalanced { line: 2 })
    /// );
    /// ```
    #[error("a `)` closes no variation at line {line}")]
    Unbalanced {
        /// The 1-based line of the `)`.
        line: usize,
    },
    /// The game does not fit in a [`GameTree`](crate::records::tree::GameTree).
    #[error("{0}")]
    Tree(#[from] TreeError),
    /// Tag pairs after movetext: the text holds more than one game, which
    /// [`GameRecord::from_pgn`] does not read; use [`read_games`].
    #[error("another game starts at line {line} (read several games with read_games)")]
    SeveralGames {
        /// The 1-based line where the next game's tags start.
        line: usize,
    },
}

/// Whitespace, the ideographic space included, and the byte order mark.
pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// Whether `c` is `wanted` after folding full-width forms.
pub(crate) fn folds_to(c: char, wanted: char) -> bool {
    fold(c) == wanted
}

impl GameRecord {
    /// Reads one PGN record. Nothing is built unless every move is legal.
    /// A text of several games is an error ([`PgnError::SeveralGames`]):
    /// read it with [`read_games`].
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, PgnError, ReadOptions};
    /// use xiangqi::notation::ParseNotationError;
    /// let bad = GameRecord::from_pgn("1. h2e2 h9g7 2. h0h5 *", &ReadOptions::default());
    /// assert!(matches!(bad, Err(PgnError::Move { ply: 3, error: ParseNotationError::Illegal, .. })));
    /// ```
    pub fn from_pgn(text: &str, opts: &ReadOptions) -> Result<GameRecord, PgnError> {
        read::record(text, opts, 1)
    }

    /// The value of the first tag named `name` (exactly), if any.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let rec = GameRecord::from_pgn("[Red \"许银川\"]\n1. h2e2 *", &ReadOptions::default())?;
    /// assert_eq!(rec.tag("Red"), Some("许银川"));
    /// assert_eq!(rec.tag("Black"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag named `name` (exactly): the first such tag gets
    /// `value` and keeps its place, or a new tag is added after the
    /// others.
    ///
    /// The `FEN` and `Result` tags follow [`GameRecord::start`] and
    /// [`GameRecord::result`] when written ([`GameRecord::to_pgn`]):
    /// change those fields, not the tags, to change the game.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let mut rec = GameRecord::from_pgn("[Event \"?\"]\n1. h2e2 *", &ReadOptions::default())?;
    /// rec.set_tag("Event", "Club match");
    /// rec.set_tag("Red", "许银川");
    /// assert_eq!(rec.tag("Event"), Some("Club match"));
    /// assert_eq!(rec.tags[1], ("Red".to_string(), "许银川".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => {
                v.clear();
                v.push_str(value);
            }
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// This record with the tag named `name` set ([`GameRecord::set_tag`]).
    ///
    /// ```
    /// use xiangqi::pgn::GameRecord;
    /// use xiangqi::Game;
    /// let rec = GameRecord::from_game(&Game::new())
    ///     .with_tag("Event", "Demo")
    ///     .with_tag("Red", "me");
    /// assert_eq!(rec.tag("Red"), Some("me"));
    /// assert_eq!(rec.tags.len(), 3); // Result, Event, Red
    /// ```
    #[must_use]
    pub fn with_tag(mut self, name: &str, value: &str) -> GameRecord {
        self.set_tag(name, value);
        self
    }

    /// Removes every tag named `name` (exactly) and returns the first
    /// one's value, if any.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let mut rec = GameRecord::from_pgn("[Site \"x\"]\n1. h2e2 *", &ReadOptions::default())?;
    /// assert_eq!(rec.remove_tag("Site"), Some("x".to_string()));
    /// assert_eq!(rec.tag("Site"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let mut first = None;
        self.tags.retain_mut(|(k, v)| {
            if k != name {
                return true;
            }
            if first.is_none() {
                first = Some(core::mem::take(v));
            }
            false
        });
        first
    }

    /// The position after all moves.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// let rec = GameRecord::from_pgn("1. h2e2 *", &ReadOptions::default())?;
    /// assert_eq!(rec.end()?.fullmoves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Result<Position, PlayError> {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play(m)?;
        }
        Ok(pos)
    }
}
