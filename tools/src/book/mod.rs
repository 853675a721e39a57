//! `xiangqi-tools book`: opening books from PGN databases, and probing them.
//!
//! ```text
//! xiangqi-tools book build --out BOOK.xqb [--max-plies 30] [--min-games 2] PGN...
//! xiangqi-tools book probe BOOK.xqb [FEN] [--moves M...]
//! ```
//!
//! `build` reads every game of the PGN files (UTF-8 text; a record that
//! cannot be read is counted and skipped), keeps the first `--max-plies` plies of each, and writes
//! the moves played in at least `--min-games` games as an
//! [`xiangqi::book::Book`] file, mirror images merged. `probe` lists a
//! position's book moves with their games and score; the book `default` is
//! the embedded one, [`DEFAULT`].

use xiangqi::book::{Book, BookBuilder, BookError, BookResult};
use xiangqi::pgn::{GameResult, ReadOptions, read_games};
use xiangqi::{Move, ParseMoveError, ParsePositionError, PlayError, Position};

use crate::cli::{BookBuildArgs, BookCommand, BookProbeArgs};
use crate::file_error::FileError;

/// The default book: the library's masters' book ([`xiangqi::book::MASTERS`]:
/// the first 30 plies of the 2 425 distinct master games of
/// maksimKorzh/wukong-xiangqi's `xqdb/` (MIT), moves of at least two games;
/// `docs/book.md` has its provenance and the command).
pub const DEFAULT: &[u8] = xiangqi::book::MASTERS;

fn result_of(r: GameResult) -> BookResult {
    match r {
        GameResult::RedWins => BookResult::RedWins,
        GameResult::BlackWins => BookResult::BlackWins,
        GameResult::Draw => BookResult::Draw,
        _ => BookResult::Unknown,
    }
}

/// What `build` read and wrote.
#[derive(Debug, PartialEq, Eq)]
pub struct Built {
    /// Games added.
    pub games: usize,
    /// Games left out as copies of one added before (the same event,
    /// players and moves: databases of two players share their games).
    pub duplicates: usize,
    /// Records that could not be read.
    pub skipped: usize,
    /// The book.
    pub book: Book,
}

/// Builds a book from PGN texts.
pub fn build(texts: &[String], max_plies: usize, min_games: u32) -> Built {
    let mut builder = BookBuilder::new().with_max_plies(max_plies);
    let (mut skipped, mut duplicates) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    for text in texts {
        for record in read_games(text, &ReadOptions::default()) {
            match record {
                Ok(g) => {
                    let tag = |name| g.tag(name).unwrap_or("").to_string();
                    let id = (
                        tag("Event"),
                        tag("Red"),
                        tag("Black"),
                        g.start.to_string(),
                        g.moves.clone(),
                    );
                    if seen.insert(id) {
                        builder.add_game(&g.start, &g.moves, result_of(g.result));
                    } else {
                        duplicates += 1;
                    }
                }
                Err(_) => skipped += 1,
            }
        }
    }
    Built {
        games: builder.games(),
        duplicates,
        skipped,
        book: builder.build(min_games),
    }
}

/// Why `book` failed: each error names the file, the position or the move
/// it is about.
#[derive(Debug, thiserror::Error)]
pub enum BookToolError {
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] FileError),
    /// A games file is not text.
    #[error("{path}: not UTF-8 text")]
    NotText {
        /// The file.
        path: String,
    },
    /// The book file is not a book.
    #[error("{path}: {source}")]
    NotABook {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: BookError,
    },
    /// The position to probe is not a position.
    #[error("{fen}: {source}")]
    Position {
        /// The position given.
        fen: String,
        /// What is wrong with it.
        source: ParsePositionError,
    },
    /// A move to play before probing is not a move.
    #[error("{text}: {source}")]
    Move {
        /// The move given.
        text: String,
        /// What is wrong with it.
        source: ParseMoveError,
    },
    /// A move to play before probing is not legal.
    #[error("{text}: {source}")]
    Illegal {
        /// The move given.
        text: String,
        /// Why it cannot be played.
        source: PlayError,
    },
}

fn run_build(args: &BookBuildArgs) -> Result<(), BookToolError> {
    let BookBuildArgs {
        out,
        max_plies,
        min_games,
        files,
    } = args;
    let (max_plies, min_games) = (*max_plies, *min_games);
    let texts = files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).map_err(FileError::at(f))?;
            String::from_utf8(bytes).map_err(|_| BookToolError::NotText { path: f.clone() })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let built = build(&texts, max_plies, min_games);
    let bytes = built.book.to_bytes();
    std::fs::write(out, &bytes).map_err(FileError::at(out))?;
    eprintln!(
        "book: {} games from {} files ({} duplicates, {} records skipped), first {max_plies} plies, moves of at least {min_games} games: {} positions, {} entries, {} bytes written to {out}",
        built.games,
        files.len(),
        built.duplicates,
        built.skipped,
        built.book.positions(),
        built.book.len(),
        bytes.len()
    );
    Ok(())
}

fn run_probe(args: &BookProbeArgs) -> Result<(), BookToolError> {
    let path = &args.book;
    let bytes = if path == "default" {
        DEFAULT.to_vec()
    } else {
        std::fs::read(path).map_err(FileError::at(path))?
    };
    let book = Book::from_bytes(&bytes).map_err(|source| BookToolError::NotABook {
        path: path.clone(),
        source,
    })?;
    let mut pos = if args.fen.is_empty() {
        Position::new()
    } else {
        let text = args.fen.join(" ");
        text.parse()
            .map_err(|source| BookToolError::Position { fen: text, source })?
    };
    for a in &args.moves {
        let m: Move = a.parse().map_err(|source| BookToolError::Move {
            text: a.clone(),
            source,
        })?;
        pos.play(m).map_err(|source| BookToolError::Illegal {
            text: a.clone(),
            source,
        })?;
    }
    let found = book.probe(&pos);
    if found.is_empty() {
        println!("{pos}: not in the book");
    }
    for m in found {
        println!("{} games {} score {:.1}%", m.mv, m.games, 100.0 * m.score());
    }
    Ok(())
}

/// Runs `xiangqi-tools book` with its arguments.
pub fn main(command: &BookCommand) -> Result<(), BookToolError> {
    match command {
        BookCommand::Build(args) => run_build(args),
        BookCommand::Probe(args) => run_probe(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first ten plies of eight games of Hu Ronghua's database
    /// (maksimKorzh/wukong-xiangqi `xqdb/`, MIT), results unknown.
    const SAMPLE: &str = include_str!("sample.pgn");

    #[test]
    fn a_book_from_the_sample_games() {
        let text = SAMPLE.to_string();
        let built = build(
            &[text.clone(), "[Event \"bad\"]\n1. a0a5 *\n".into()],
            10,
            1,
        );
        assert_eq!((built.games, built.duplicates, built.skipped), (8, 0, 1));
        let twice = build(&[text.clone(), text.clone()], 10, 1);
        assert_eq!((twice.games, twice.duplicates), (8, 8));
        assert_eq!(twice.book, build(std::slice::from_ref(&text), 10, 1).book);
        // The first moves of the games, counted from the text: in the start
        // position (its own mirror image) a move shows its games and its
        // mirror image's.
        let mut first = std::collections::HashMap::new();
        for line in text.lines().filter(|l| l.starts_with("1. ")) {
            *first.entry(line[3..7].to_string()).or_insert(0u32) += 1;
        }
        assert_eq!(first.values().sum::<u32>(), 8);
        let mirror = |m: &str| -> String {
            m.chars()
                .map(|c| {
                    if c.is_ascii_lowercase() {
                        (b'a' + b'i' - c as u8) as char
                    } else {
                        c
                    }
                })
                .collect()
        };
        let start = built.book.probe(&Position::new());
        for m in &start {
            let text = m.mv.to_string();
            let own = first.get(&text).copied().unwrap_or(0);
            let other = if mirror(&text) == text {
                0
            } else {
                first.get(&mirror(&text)).copied().unwrap_or(0)
            };
            assert_eq!(m.games, own + other, "{text}");
        }
        assert!(
            first
                .keys()
                .all(|k| start.iter().any(|m| m.mv.to_string() == *k))
        );
        let again = build(&[text], 10, 1);
        assert_eq!(again.book, built.book);
        assert_eq!(
            Book::from_bytes(&again.book.to_bytes()).unwrap(),
            built.book
        );
    }

    #[test]
    fn the_default_book() {
        let book = Book::from_bytes(DEFAULT).unwrap();
        assert_eq!((book.positions(), book.len()), (4998, 5860));
        // The masters' first moves: the central cannon (h2e2 or its mirror
        // b2e2) in 1 426 of the 2 425 games, then c3c4 (or g3g4) in 476.
        let start = book.probe(&Position::new());
        let games = |m: &str| {
            start
                .iter()
                .find(|b| b.mv.to_string() == m)
                .map(|b| b.games)
        };
        assert_eq!((games("h2e2"), games("b2e2")), (Some(1426), Some(1426)));
        assert_eq!(games("c3c4"), Some(476));
        assert_eq!(start[0].games, 1426);
        // The screen horse answers the central cannon most.
        let mut pos = Position::new();
        pos.play("h2e2".parse().unwrap()).unwrap();
        assert_eq!(book.probe(&pos)[0].mv.to_string(), "h9g7");
    }
}
