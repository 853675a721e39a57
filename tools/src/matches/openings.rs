//! The match's openings (`match --openings FILE`): start positions as FEN
//! or EPD lines, PGN games (each game's mainline from its start or its
//! `FEN` tag), or lines of ICCS moves from the start position; played in
//! the file's order or in a seeded random order, each twice, colours
//! swapped.

use clap::ValueEnum;
use xiangqi::pgn::{ReadOptions, read_games};
use xiangqi::{Game, Move, Position, Rng, Setup, Validation};

use crate::file_error::FileError;
use crate::matches::error::{MatchError, OpeningPositionError};

/// How an openings file is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One FEN a line (`#` comments).
    Fen,
    /// One EPD a line: the FEN's first four fields (or all six), then
    /// opcodes such as `id "x";` (ignored).
    Epd,
    /// PGN games: each game's mainline, from its start or its `FEN` tag.
    Pgn,
    /// One opening a line, ICCS moves from the start position (`#`
    /// comments).
    Moves,
}

/// The order the pairs take the openings in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// Pair k plays opening k (wrapping).
    Sequential,
    /// Pair k plays opening k of an order shuffled by `--openings-seed`.
    Random,
}

/// One opening: a start position (`None`: the standard one) and moves
/// played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The start position, if not the standard one.
    pub start: Option<Position>,
    /// The moves from it.
    pub moves: Vec<Move>,
}

/// The format of the file at `path`: by its extension (`.fen`, `.epd`,
/// `.pgn`), else by its first line that is neither blank nor a `#`
/// comment: `[` starts PGN; a first word with `/` is a position (EPD if
/// the line has a `;` or a field after the FEN's, else FEN); anything else
/// is moves.
pub fn detect(path: &str, text: &str) -> Format {
    let ext = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("fen") => return Format::Fen,
        Some("epd") => return Format::Epd,
        Some("pgn") => return Format::Pgn,
        _ => {}
    }
    let first = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = first else {
        return Format::Moves;
    };
    if first.starts_with('[') || first.starts_with("1.") {
        return Format::Pgn;
    }
    let words: Vec<&str> = first.split_whitespace().collect();
    if !words[0].contains('/') {
        return Format::Moves;
    }
    let (_, opcodes) = split_epd(&words);
    if first.contains(';') || !opcodes.is_empty() {
        Format::Epd
    } else {
        Format::Fen
    }
}

/// Splits an EPD line's words into the FEN's (placement, side, up to two
/// `-`, up to two counters) and the opcodes after them.
fn split_epd<'a, 'b>(words: &'b [&'a str]) -> (&'b [&'a str], &'b [&'a str]) {
    let mut n = words.len().min(2);
    let mut dashes = 0;
    while dashes < 2 && words.get(n) == Some(&"-") {
        n += 1;
        dashes += 1;
    }
    let mut counters = 0;
    while counters < 2
        && words
            .get(n)
            .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    {
        n += 1;
        counters += 1;
    }
    words.split_at(n)
}

/// A position from FEN, leniently validated (composed positions read); a
/// position where the game is already over is refused.
fn position(fen: &str) -> Result<Position, OpeningPositionError> {
    let setup = Setup::from_fen(fen)?;
    let position = Position::from_setup(setup, Validation::Lenient)?;
    if Game::from_position(position.clone()).outcome().is_some() {
        return Err(OpeningPositionError::Over);
    }
    Ok(position)
}

/// The lines of `text` that are not blank, with their 1-based numbers,
/// `#` comments cut off when `comments`.
fn lines(text: &str, comments: bool) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(move |(i, line)| {
        let line = line.trim_start_matches('\u{feff}');
        let line = if comments {
            line.split('#').next().unwrap_or("")
        } else if line.trim_start().starts_with('#') {
            ""
        } else {
            line
        };
        let line = line.trim();
        (!line.is_empty()).then_some((i + 1, line))
    })
}

/// Reads the openings in `text` (from the file `path`, named in errors
/// with the line) written in `format`; PGN games and move lines are cut
/// after `plies` plies if given.
pub fn parse(
    path: &str,
    text: &str,
    format: Format,
    plies: Option<usize>,
) -> Result<Vec<Opening>, MatchError> {
    let cut = |mut moves: Vec<Move>| {
        if let Some(n) = plies {
            moves.truncate(n);
        }
        moves
    };
    // A FEN or EPD line's position: an opening without moves.
    let start = |n: usize, line: &str, fen: &str| {
        position(fen)
            .map(|p| Opening {
                start: Some(p),
                moves: Vec::new(),
            })
            .map_err(|source| MatchError::OpeningFen {
                path: path.to_string(),
                line: n,
                text: line.to_string(),
                source,
            })
    };
    let openings = match format {
        Format::Fen => lines(text, true)
            .map(|(n, line)| start(n, line, line))
            .collect::<Result<Vec<_>, _>>()?,
        Format::Epd => lines(text, false)
            .map(|(n, line)| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let (fen, _) = split_epd(&words);
                start(n, line, &fen.join(" "))
            })
            .collect::<Result<Vec<_>, _>>()?,
        Format::Pgn => {
            let opts = ReadOptions::default().with_validation(Validation::Lenient);
            let mut openings = Vec::new();
            for record in read_games(text, &opts) {
                let record = record.map_err(|e| MatchError::OpeningPgn {
                    path: path.to_string(),
                    line: e.line,
                    source: Box::new(e.error),
                })?;
                let moves = cut(record.moves.clone());
                let mut game = Game::from_position(record.start.clone());
                for &m in &moves {
                    // The record's moves are legal: the reader checked them.
                    let _ = game.play(m);
                }
                if game.outcome().is_some() {
                    return Err(MatchError::OpeningOver {
                        path: path.to_string(),
                        game: openings.len() + 1,
                        event: record.tag("Event").unwrap_or("no Event tag").to_string(),
                        plies: moves.len(),
                    });
                }
                let start = (record.start != Position::new()).then_some(record.start);
                openings.push(Opening { start, moves });
            }
            openings
        }
        Format::Moves => xiangqi_selfplay::parse_openings(text)
            .map_err(|why| MatchError::OpeningMoves {
                path: path.to_string(),
                why,
            })?
            .into_iter()
            .map(|moves| Opening {
                start: None,
                moves: cut(moves),
            })
            .collect(),
    };
    if openings.is_empty() {
        return Err(MatchError::NoOpenings(path.to_string()));
    }
    Ok(openings)
}

/// Reads the openings file at `path` (`None`: the built-in openings, ICCS
/// moves) in `format` (`None`: detected, see [`detect`]).
pub fn read(
    path: Option<&str>,
    format: Option<Format>,
    plies: Option<usize>,
) -> Result<Vec<Opening>, MatchError> {
    let Some(path) = path else {
        return parse(
            "built-in openings",
            xiangqi_selfplay::OPENINGS,
            Format::Moves,
            plies,
        );
    };
    let text = std::fs::read_to_string(path).map_err(FileError::at(path))?;
    let format = format.unwrap_or_else(|| detect(path, &text));
    parse(path, &text, format, plies)
}

/// The order in which pairs take `n` openings: `0..n`, or shuffled
/// (Fisher–Yates with [`xiangqi::Rng`]) by `seed` for [`Order::Random`].
pub fn order(n: usize, order: Order, seed: u64) -> Vec<usize> {
    let mut list: Vec<usize> = (0..n).collect();
    if order == Order::Random {
        let mut rng = Rng::new(seed);
        for i in (1..n).rev() {
            list.swap(i, rng.below(i + 1));
        }
    }
    list
}
