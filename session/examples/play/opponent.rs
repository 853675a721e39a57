//! The engine's side of the game: the engine session
//! ([`xiangqi_session::Session`]) at a skill level, playing from the
//! masters' opening book first (`OwnBook`) and searching when the book has
//! no move, its random choices seeded.

use std::time::Duration;

use xiangqi::{Game, Limits, Move};
use xiangqi_session::{OptionValue, SessionConfig, Source};

/// The strongest level: the search's own best move.
pub const MAX_LEVEL: u8 = 20;

/// The engine as an opponent.
pub struct Opponent {
    session: xiangqi_session::Session,
    level: u8,
    book: bool,
    movetime: Duration,
}

impl Opponent {
    /// An opponent at skill `level` (0-20; 20 is full strength), playing
    /// from the masters' book while the game is in it when `book` is set,
    /// thinking at most `movetime` a move; `seed` makes its choices
    /// repeatable.
    pub fn new(level: u8, book: bool, seed: u64, movetime: Duration) -> Opponent {
        let mut o = Opponent {
            session: xiangqi_session::Session::with_config(SessionConfig::new().seed(seed)),
            level: 0,
            book,
            movetime,
        };
        o.configure(level.min(MAX_LEVEL), book);
        o
    }

    /// Sets the session's `Skill Level` and `OwnBook` (both always in
    /// range: the session cannot refuse them).
    fn configure(&mut self, level: u8, book: bool) {
        let options = [
            ("Skill Level", OptionValue::Int(i64::from(level))),
            ("OwnBook", OptionValue::Bool(book)),
        ];
        if self.session.configure(options).is_ok() {
            self.level = level;
        }
    }

    /// The skill level, 0-20.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Sets the skill level (0-20; larger is 20).
    pub fn set_level(&mut self, level: u8) {
        self.configure(level.min(MAX_LEVEL), self.book);
    }

    /// Forgets the last game's search tables (a new game).
    pub fn clear(&mut self) {
        self.session.new_game();
    }

    /// The reply in `game`, and whether it came from the book; `None` when
    /// the side to move has no move.
    pub fn reply(&mut self, game: &Game) -> Option<(Move, bool)> {
        self.session.set_game(game);
        let outcome = self
            .session
            .search(&Limits::movetime(self.movetime).into(), |_| {})
            .ok()?;
        Some((outcome.best_move()?, outcome.source == Source::Book))
    }

    /// The best move the engine finds at full strength, without the book.
    pub fn hint(&mut self, game: &Game) -> Option<Move> {
        let level = self.level;
        self.configure(MAX_LEVEL, false);
        self.session.set_game(game);
        let m = self
            .session
            .search(&Limits::movetime(self.movetime).into(), |_| {})
            .ok()
            .and_then(|o| o.best_move());
        self.configure(level, self.book);
        m
    }
}
