//! Opening books: the moves played in a position, weighted by how often
//! they were played and how they scored, aware of the board's left-right
//! mirror, in a compact checked file format.
//!
//! A [`Book`] is built from games by a [`BookBuilder`] (or read from bytes
//! by [`Book::from_bytes`]) and probed by position ([`Book::probe`],
//! [`Book::choose`]). No I/O: files are the caller's.
//!
//! A position and its left-right mirror image (files a..i reversed) share
//! one entry: the book stores each position in the orientation with the
//! smaller [`key`], with its moves mirrored to match, and a probe of either
//! orientation finds them (mirrored back). So a line played on the left
//! wing teaches the book the same line on the right.
//!
//! ```
//! use xiangqi::book::{Book, BookBuilder, BookResult};
//! use xiangqi::{Move, Position};
//!
//! let line = |s: &str| -> Vec<Move> { s.split(' ').map(|m| m.parse().unwrap()).collect() };
//! let mut builder = BookBuilder::new();
//! builder.add_game(&Position::new(), &line("h2e2 h9g7 h0g2"), BookResult::RedWins);
//! builder.add_game(&Position::new(), &line("h2e2 b9c7 h0g2"), BookResult::Draw);
//! builder.add_game(&Position::new(), &line("b2e2 h9g7"), BookResult::BlackWins);
//! let book = builder.build(1);
//!
//! // The central cannon from either side: h2e2 and its mirror b2e2 count together.
//! let moves = book.probe(&Position::new());
//! assert_eq!(moves.len(), 2);
//! assert!(moves.iter().all(|m| m.games == 3));
//!
//! let bytes = book.to_bytes();
//! assert_eq!(Book::from_bytes(&bytes)?, book);
//! assert!(book.choose(&Position::new(), 12345).is_some());
//! # Ok::<(), xiangqi::book::BookError>(())
//! ```

mod builder;
mod format;

#[cfg(test)]
mod tests;

pub use builder::{BookBuilder, BookResult};
pub use format::BookError;

use crate::base::{Color, Move, Position, Square, fnv1a64};

/// The bytes of the masters' book that ships with the crate (94 KB): the
/// first 30 plies of 2 425 distinct master games (maksimKorzh/wukong-xiangqi
/// `xqdb/`, MIT), the moves of at least two games, in the book file format.
/// `docs/book.md` in the repository records its provenance and the command
/// that built it. [`Book::masters`] reads it.
///
/// ```
/// use xiangqi::book::{Book, MASTERS};
/// use xiangqi::Position;
/// let book = Book::from_bytes(MASTERS)?;
/// assert!(book.len() > 1000);
/// assert!(!book.probe(&Position::new()).is_empty()); // the start is in it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MASTERS: &[u8] = include_bytes!("masters.xqb");

/// One move of a book position.
///
/// ```
/// use xiangqi::book::{BookBuilder, BookMove, BookResult};
/// use xiangqi::{Move, Position};
///
/// let line: Vec<Move> = vec!["h2e2".parse()?, "h9g7".parse()?];
/// let mut builder = BookBuilder::new();
/// builder.add_game(&Position::new(), &line, BookResult::RedWins);
/// builder.add_game(&Position::new(), &line, BookResult::Draw);
/// let mut pos = Position::new();
/// pos.play(line[0])?;
/// // Black's reply, scored for Black: a loss and a draw.
/// let reply: BookMove = builder.build(1).probe(&pos)[0];
/// assert_eq!((reply.mv, reply.games, reply.half_points), (line[1], 2, 1));
/// assert_eq!(reply.score(), 0.25);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move (legal in the probed position).
    pub mv: Move,
    /// How many games played it here (at most 65 535 a stored entry). In a
    /// position that is its own mirror image, such as the start, a move and
    /// its mirror image are one move: each shows the games of both.
    pub games: u32,
    /// The points those games gave the side that played it, in halves: 2 a
    /// win, 1 a draw, 0 a loss (games of unknown result count 1).
    pub half_points: u32,
}

impl BookMove {
    /// The average score of the move for the side that played it, 0 to 1.
    ///
    /// ```
    /// use xiangqi::book::BookMove;
    /// let m = BookMove { mv: "h2e2".parse().unwrap(), games: 4, half_points: 6 };
    /// assert_eq!(m.score(), 0.75);
    /// ```
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            f64::from(self.half_points) / (2.0 * f64::from(self.games))
        }
    }
}

/// A stored entry: a position key and one of its moves, in the position's
/// stored orientation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Entry {
    key: u64,
    mv: u16,
    games: u16,
    half_points: u16,
}

/// An opening book: entries sorted by position key and move.
///
/// Build one with [`BookBuilder`], read one with [`Book::from_bytes`].
///
/// ```
/// use xiangqi::book::Book;
/// use xiangqi::Position;
///
/// let book = Book::masters();
/// // Four plies of the masters' most played moves.
/// let mut pos = Position::new();
/// for _ in 0..4 {
///     pos.play(book.probe(&pos)[0].mv)?;
/// }
/// assert!(!book.probe(&pos).is_empty()); // the masters went on from here
/// assert_eq!(Book::from_bytes(&book.to_bytes())?, book);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<Entry>,
}

/// The book key of a position: FNV-1a (64 bits) over 91 bytes, the piece
/// on each square `a0`, `b0`, .. `i9` (0 for none, else
/// `1 + Piece::index()`: 1-7 Red's general, advisor, elephant, horse,
/// chariot, cannon, soldier, 8-14 Black's), then the side to move (0 Red,
/// 1 Black). Part of the file format: it never changes within a version.
///
/// ```
/// use xiangqi::Position;
/// assert_eq!(xiangqi::book::key(&Position::new()), xiangqi::book::key(&Position::new()));
/// ```
pub fn key(pos: &Position) -> u64 {
    key_of(pos, false)
}

/// [`key`] of `pos`, or of its mirror image.
fn key_of(pos: &Position, mirrored: bool) -> u64 {
    let board = pos.board();
    let mut bytes = [0u8; 91];
    for (byte, sq) in bytes.iter_mut().zip(Square::ALL) {
        let at = if mirrored { sq.flip_horizontal() } else { sq };
        *byte = board.piece_at(at).map_or(0, |p| 1 + p.index() as u8);
    }
    bytes[90] = u8::from(pos.turn() == Color::Black);
    fnv1a64(&bytes)
}

/// The move mirrored left-right.
fn mirror(m: Move) -> Move {
    Move::new(m.from().flip_horizontal(), m.to().flip_horizontal())
}

/// Where a position is stored: its key in the stored orientation, and
/// whether that orientation is the mirror image.
fn stored(pos: &Position) -> (u64, bool) {
    let (plain, mirrored) = (key_of(pos, false), key_of(pos, true));
    if mirrored < plain {
        (mirrored, true)
    } else {
        (plain, false)
    }
}

impl Book {
    /// The masters' book that ships with the crate ([`MASTERS`]).
    ///
    /// ```
    /// use xiangqi::book::Book;
    /// use xiangqi::Position;
    /// let book = Book::masters();
    /// assert_eq!(book.positions(), 4998);
    /// // From the start, the central cannon is the masters' first choice.
    /// let first = book.probe(&Position::new())[0].mv.to_string();
    /// assert!(first == "h2e2" || first == "b2e2");
    /// ```
    pub fn masters() -> Book {
        // The bytes are a valid book (a test reads them); were they not,
        // an empty book would play no book move rather than panic.
        Book::from_bytes(MASTERS).unwrap_or_default()
    }

    /// The number of stored entries (position-move pairs).
    ///
    /// ```
    /// use xiangqi::book::Book;
    /// assert_eq!(Book::default().len(), 0);
    /// assert!(Book::masters().len() > Book::masters().positions());
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    ///
    /// ```
    /// use xiangqi::book::Book;
    /// assert!(Book::default().is_empty());
    /// assert!(!Book::masters().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number of distinct stored positions (a position and its mirror
    /// image count once).
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new();
    /// builder.add_game(&Position::new(), &moves, BookResult::RedWins);
    /// // The start and the position after h2e2, a move each.
    /// assert_eq!(builder.build(1).positions(), 2);
    /// ```
    pub fn positions(&self) -> usize {
        let mut n = 0;
        let mut last = None;
        for e in &self.entries {
            if last != Some(e.key) {
                n += 1;
                last = Some(e.key);
            }
        }
        n
    }

    /// The book's moves in `pos`, most played first (ties: the better
    /// scoring first, then by move), each legal in `pos`; empty when the
    /// position is not in the book.
    ///
    /// ```
    /// use xiangqi::book::Book;
    /// use xiangqi::Position;
    /// let book = Book::masters();
    /// let moves = book.probe(&Position::new());
    /// assert!(moves.windows(2).all(|w| w[0].games >= w[1].games));
    /// assert!(moves.iter().all(|m| Position::new().is_legal(m.mv)));
    /// // A position no master reached.
    /// let odd: Position = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
    /// assert!(book.probe(&odd).is_empty());
    /// ```
    pub fn probe(&self, pos: &Position) -> Vec<BookMove> {
        let (key, mirrored) = stored(pos);
        // A position that is its own mirror image (the start): a move and
        // its mirror are the same move, and share their games.
        let symmetric = key_of(pos, false) == key_of(pos, true);
        let start = self.entries.partition_point(|e| e.key < key);
        let legal = pos.legal_moves();
        let mut out: Vec<BookMove> = Vec::new();
        let mut add = |mv: Move, e: &Entry| {
            if !legal.contains(&mv) {
                // A key collision: another position's move.
                return;
            }
            match out.iter_mut().find(|b| b.mv == mv) {
                Some(b) => {
                    b.games += u32::from(e.games);
                    b.half_points += u32::from(e.half_points);
                }
                None => out.push(BookMove {
                    mv,
                    games: u32::from(e.games),
                    half_points: u32::from(e.half_points),
                }),
            }
        };
        for e in self.entries[start..].iter().take_while(|e| e.key == key) {
            let Some(m) = Move::from_u16(e.mv) else {
                continue;
            };
            let mv = if mirrored { mirror(m) } else { m };
            add(mv, e);
            if symmetric && mirror(mv) != mv {
                add(mirror(mv), e);
            }
        }
        out.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(b.half_points.cmp(&a.half_points))
                .then(a.mv.to_u16().cmp(&b.mv.to_u16()))
        });
        out
    }

    /// A book move for `pos` picked at random, each with a chance in
    /// proportion to its games; `random` is any random number (the same
    /// number picks the same move). `None` when the position is not in the
    /// book.
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::Position;
    ///
    /// let mut builder = BookBuilder::new();
    /// builder.add_game(&Position::new(), &["h2e2".parse().unwrap()], BookResult::Unknown);
    /// let book = builder.build(1);
    /// assert_eq!(book.choose(&Position::new(), 7), Some("h2e2".parse().unwrap()));
    /// ```
    pub fn choose(&self, pos: &Position, random: u64) -> Option<Move> {
        Book::choose_from(&self.probe(pos), random)
    }

    /// One of `moves` (a [`Book::probe`] result, perhaps filtered) picked
    /// as [`Book::choose`] picks: a chance in proportion to its games.
    ///
    /// ```
    /// use xiangqi::book::{Book, BookMove};
    /// let m = BookMove { mv: "h2e2".parse().unwrap(), games: 3, half_points: 3 };
    /// assert_eq!(Book::choose_from(&[m], 99), Some(m.mv));
    /// assert_eq!(Book::choose_from(&[], 99), None);
    /// ```
    pub fn choose_from(moves: &[BookMove], random: u64) -> Option<Move> {
        let total: u64 = moves.iter().map(|m| u64::from(m.games)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = random % total;
        for m in moves {
            let w = u64::from(m.games);
            if pick < w {
                return Some(m.mv);
            }
            pick -= w;
        }
        None
    }
}
