//! The opening book options, `OwnBook` (UCCI `usebook`, default off) and
//! `BookFile` (UCCI `bookfiles`, default the embedded book), and the
//! strength options `Skill Level` (UCCI `skilllevel`, 0-20, default 20: full
//! strength), `UCI_LimitStrength` (UCCI `limitstrength`, default off) and
//! `UCI_Elo` (UCCI `elo`): with `UCI_LimitStrength` on, the level is the one
//! whose measured Elo is nearest `UCI_Elo` ([`Strength::from_elo`]), else
//! `Skill Level` decides, as in Stockfish. A book file that cannot be read or
//! is no valid book gets an `info string` and changes nothing.

use std::io::{self, Write};

use xiangqi::book::Book;
use xiangqi::{Move, Strength};

use crate::uci::engine::Engine;

/// How the embedded book is named.
pub const EMBEDDED_BOOK: &str = "<embedded>";

/// The book built into the engine.
pub fn embedded_book() -> Book {
    Book::masters()
}

/// A seed that differs from run to run (the book's and the skill's
/// choices vary between games, as a person's do).
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x9E37_79B9, |d| d.as_nanos() as u64)
        | 1
}

impl Engine {
    /// `BookFile`: loads the book at `path` (or the embedded one).
    pub(super) fn set_book_file(&mut self, path: &str, out: &mut impl Write) -> io::Result<()> {
        let loaded = if path == EMBEDDED_BOOK || path.is_empty() {
            Ok(embedded_book())
        } else {
            std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| Book::from_bytes(&bytes).map_err(|e| e.to_string()))
        };
        match loaded {
            Ok(book) => {
                writeln!(
                    out,
                    "info string BookFile {path}: {} positions, {} moves",
                    book.positions(),
                    book.len()
                )?;
                self.book = book;
                Ok(())
            }
            Err(e) => writeln!(
                out,
                "info string BookFile {path}: {e}; keeping the book in use ({} positions)",
                self.book.positions()
            ),
        }
    }

    /// The strength the options ask for: `UCI_Elo`'s level with
    /// `UCI_LimitStrength` on, else `Skill Level`.
    pub(super) fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::from_elo(self.elo)
        } else {
            Strength::skill(self.skill)
        }
    }

    /// Gives the searcher the strength the options ask for, from the next
    /// search on (seeded anew, so that games differ).
    pub(super) fn apply_strength(&mut self) {
        let strength = self.strength().with_seed(time_seed());
        self.searcher().set_strength(strength);
    }

    /// The book move to play now, if `OwnBook` is on and the position is in
    /// the book (among `allowed`, when given).
    pub(super) fn book_move(&mut self, allowed: &[Move]) -> Option<Move> {
        if !self.own_book {
            return None;
        }
        let pos = self.game.position().clone();
        let moves: Vec<_> = self
            .book
            .probe(&pos)
            .into_iter()
            .filter(|m| allowed.is_empty() || allowed.contains(&m.mv))
            .collect();
        Book::choose_from(&moves, self.book_rng.next_u64())
    }
}
