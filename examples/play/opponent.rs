//! The engine's side of the game: a searcher at a strength level, the
//! masters' opening book, and the seed of their random choices.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use xiangqi::book::Book;
use xiangqi::{Game, Limits, Move, Rng, Searcher, Strength};

/// The strongest level: the search's own best move.
pub const MAX_LEVEL: u8 = 20;

/// The engine as an opponent.
pub struct Opponent {
    searcher: Searcher,
    level: u8,
    book: Option<Book>,
    movetime: Duration,
    /// The state of the random choices (book moves, the level's picks).
    rng: Rng,
}

impl Opponent {
    /// An opponent at skill `level` (0-20; 20 is full strength), playing
    /// from the masters' book while the game is in it when `book` is set,
    /// thinking at most `movetime` a move; `seed` makes its choices
    /// repeatable.
    pub fn new(level: u8, book: bool, seed: u64, movetime: Duration) -> Opponent {
        let mut o = Opponent {
            searcher: Searcher::default(),
            level: 0,
            book: book.then(Book::masters),
            movetime,
            rng: Rng::new(seed),
        };
        o.set_level(level);
        o
    }

    /// The skill level, 0-20.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Sets the skill level (0-20; larger is 20).
    pub fn set_level(&mut self, level: u8) {
        self.level = level.min(MAX_LEVEL);
        let seed = self.rng.next_u64();
        self.searcher
            .set_strength(Strength::skill(self.level).with_seed(seed));
    }

    /// Forgets the last game's search tables (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// The reply in `game`, and whether it came from the book; `None` when
    /// the side to move has no move.
    pub fn reply(&mut self, game: &Game) -> Option<(Move, bool)> {
        let random = self.rng.next_u64();
        if let Some(book) = &self.book {
            if let Some(m) = book.choose(game.position(), random) {
                return Some((m, true));
            }
        }
        self.search(game).map(|m| (m, false))
    }

    /// The best move the engine finds at full strength.
    pub fn hint(&mut self, game: &Game) -> Option<Move> {
        let strength = self.searcher.strength();
        self.searcher.set_strength(Strength::FULL);
        let m = self.search(game);
        let seed = self.rng.next_u64();
        self.searcher.set_strength(strength.with_seed(seed));
        m
    }

    fn search(&mut self, game: &Game) -> Option<Move> {
        let stop = AtomicBool::new(false);
        let limits = Limits::movetime(self.movetime);
        self.searcher.search(game, &limits, &stop, |_| {}).best_move
    }
}
