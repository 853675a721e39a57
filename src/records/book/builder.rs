//! Building a book from games.

use std::collections::HashMap;

use super::{Book, Entry, mirror, stored};
use crate::base::{Color, Move, Position};

/// A game's result, for the points of its book moves.
///
/// ```
/// use xiangqi::book::{BookBuilder, BookResult};
/// use xiangqi::Position;
///
/// let mut builder = BookBuilder::new();
/// let central_cannon = ["h2e2".parse().unwrap()];
/// builder.add_game(&Position::new(), &central_cannon, BookResult::RedWins); // 2 half-points
/// builder.add_game(&Position::new(), &central_cannon, BookResult::Unknown); // 1, as a draw
/// let m = builder.build(1).probe(&Position::new())[0];
/// assert_eq!((m.games, m.half_points), (2, 3));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BookResult {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// Not known: each move counts as half a point.
    Unknown,
}

impl BookResult {
    /// The half-points the result gives `side`.
    fn half_points(self, side: Color) -> u16 {
        match (self, side) {
            (BookResult::RedWins, Color::Red) | (BookResult::BlackWins, Color::Black) => 2,
            (BookResult::RedWins, Color::Black) | (BookResult::BlackWins, Color::Red) => 0,
            (BookResult::Draw | BookResult::Unknown, _) => 1,
        }
    }
}

/// Collects games' opening moves into a [`Book`].
///
/// ```
/// use xiangqi::book::{BookBuilder, BookResult};
/// use xiangqi::Position;
///
/// let mut builder = BookBuilder::new().with_max_plies(1);
/// let moves: Vec<xiangqi::Move> = vec!["h2e2".parse().unwrap(), "h9g7".parse().unwrap()];
/// assert_eq!(builder.add_game(&Position::new(), &moves, BookResult::Draw), 1);
/// assert_eq!(builder.games(), 1);
/// assert_eq!(builder.build(1).len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct BookBuilder {
    max_plies: usize,
    games: usize,
    counts: HashMap<(u64, u16), (u32, u32)>,
}

impl Default for BookBuilder {
    fn default() -> Self {
        BookBuilder::new()
    }
}

impl BookBuilder {
    /// An empty builder that keeps the first 30 plies of each game.
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new();
    /// assert_eq!(builder.add_game(&Position::new(), &moves, BookResult::Unknown), 3);
    /// ```
    pub fn new() -> BookBuilder {
        BookBuilder {
            max_plies: 30,
            games: 0,
            counts: HashMap::new(),
        }
    }

    /// Keeps the first `plies` plies of each game added from now on.
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new().with_max_plies(2);
    /// assert_eq!(builder.add_game(&Position::new(), &moves, BookResult::Unknown), 2);
    /// ```
    pub fn with_max_plies(mut self, plies: usize) -> BookBuilder {
        self.max_plies = plies;
        self
    }

    /// The games added.
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new();
    /// builder.add_game(&Position::new(), &moves, BookResult::Draw);
    /// builder.add_game(&Position::new(), &moves[..1], BookResult::BlackWins);
    /// assert_eq!(builder.games(), 2);
    /// ```
    pub fn games(&self) -> usize {
        self.games
    }

    /// Adds the first plies of a game from `start`; stops at the first move
    /// that is not legal. Returns how many moves it added.
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new();
    /// // h9g7 twice is not legal the second time: two moves are added.
    /// let bad = [moves[0], moves[1], moves[1]];
    /// assert_eq!(builder.add_game(&Position::new(), &bad, BookResult::Draw), 2);
    /// ```
    pub fn add_game(&mut self, start: &Position, moves: &[Move], result: BookResult) -> usize {
        let mut pos = start.clone();
        let mut added = 0;
        for &m in moves.iter().take(self.max_plies) {
            if !pos.is_legal(m) {
                break;
            }
            let (key, mirrored) = stored(&pos);
            let mv = if mirrored { mirror(m) } else { m };
            let c = self.counts.entry((key, mv.to_u16())).or_insert((0, 0));
            c.0 += 1;
            c.1 += u32::from(result.half_points(pos.turn()));
            pos.play_unchecked(m);
            added += 1;
        }
        self.games += 1;
        added
    }

    /// The book of the moves played in at least `min_games` games (counts
    /// above 65 535 are scaled down to fit, keeping their ratio).
    ///
    /// ```
    /// use xiangqi::book::{BookBuilder, BookResult};
    /// use xiangqi::{Move, Position};
    /// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut builder = BookBuilder::new();
    /// builder.add_game(&Position::new(), &moves, BookResult::RedWins);
    /// builder.add_game(&Position::new(), &moves[..1], BookResult::Draw);
    /// let book = builder.build(2); // only h2e2 was played twice
    /// let probe = book.probe(&Position::new());
    /// assert_eq!((book.len(), probe[0].games, probe[0].half_points), (1, 2, 3));
    /// ```
    pub fn build(&self, min_games: u32) -> Book {
        let mut entries: Vec<Entry> = self
            .counts
            .iter()
            .filter(|(_, c)| c.0 >= min_games.max(1))
            .map(|(&(key, mv), &(games, half_points))| {
                let (games, half_points) = if games > u32::from(u16::MAX) {
                    let hp = u64::from(half_points) * u64::from(u16::MAX) / u64::from(games);
                    (u16::MAX, hp as u16)
                } else {
                    (games as u16, half_points as u16)
                };
                Entry {
                    key,
                    mv,
                    games,
                    half_points,
                }
            })
            .collect();
        entries.sort_unstable();
        Book { entries }
    }
}
