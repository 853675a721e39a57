//! [`MatchError`]: why `xiangqi-tools match` or `sprt` failed, each case
//! naming the flag, the file and line, or the engine it is about.

use std::path::PathBuf;

use xiangqi::pgn::PgnError;
use xiangqi::{FenError, PlayError, PositionError};
use xiangqi_client::ClientError;

use crate::file_error::{FileError, FileWriteError};
use crate::matches::sprt::SprtError;

/// Why a match (or the `sprt` report of its results) failed.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A file could not be read.
    #[error(transparent)]
    Read(#[from] FileError),
    /// A file could not be opened for appending.
    #[error("cannot open {}: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error(transparent)]
    Write(#[from] FileWriteError),
    /// The `--pgn-dir` folder could not be made.
    #[error("cannot create {}: {source}", path.display())]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The unfinished last line of a results file could not be cut off.
    #[error("cannot cut the unfinished last line of {}: {source}", path.display())]
    Cut {
        /// The results file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The report could not be written to standard output.
    #[error("cannot write the report: {0}")]
    Report(#[source] std::io::Error),
    /// `--engineN` is empty.
    #[error("--engine{0}: an empty command line")]
    EmptyEngine(usize),
    /// `--st` is not a positive number of seconds.
    #[error("--st {0}: not a positive number of seconds")]
    MoveSeconds(f64),
    /// `--engineN-movetime 0`.
    #[error("--engine{0}-movetime 0: at least 1 ms")]
    ZeroMoveTime(usize),
    /// The `--sprt` parameters do not make a test.
    #[error("--sprt: {0}")]
    Sprt(#[source] SprtError),
    /// The `sprt` tool's `--elo0`, `--elo1`, `--alpha`, `--beta` and
    /// `--model` do not make a test.
    #[error(transparent)]
    SprtTool(SprtError),
    /// A word of `--resign` or `--draw` is not `key=value`.
    #[error("{0:?}: not key=value")]
    RuleWord(String),
    /// A key of `--resign` or `--draw` is not one of the rule's.
    #[error("{word:?}: unknown key (known: {})", known.join(", "))]
    RuleKey {
        /// The word.
        word: String,
        /// The rule's keys.
        known: &'static [&'static str],
    },
    /// A value of `--resign` or `--draw` is not a number.
    #[error("{key}={value}: not a number")]
    RuleNumber {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// `--resign` lacks a key or has a value out of range.
    #[error("--resign needs movecount=N (N > 0) and score=S (S >= 0)")]
    ResignRule,
    /// `--draw` lacks a key or has a value out of range.
    #[error("--draw needs movenumber=M, movecount=N (N > 0) and score=S (S >= 0)")]
    DrawRule,
    /// A FEN or EPD line of the openings is not a position.
    #[error("{path}:{line}: {text:?}: {source}")]
    OpeningFen {
        /// The openings file.
        path: String,
        /// The line number (from 1).
        line: usize,
        /// The line.
        text: String,
        /// What is wrong with it.
        source: OpeningPositionError,
    },
    /// A PGN game of the openings does not read.
    #[error("{path}:{line}: {source}")]
    OpeningPgn {
        /// The openings file.
        path: String,
        /// The line number (from 1) where the game goes wrong.
        line: usize,
        /// What is wrong with it.
        source: Box<PgnError>,
    },
    /// A PGN game of the openings ends before the engines get to play.
    #[error(
        "{path}: game {game} ({event:?}): the game is over at ply {plies} \
         (cut it with --opening-plies)"
    )]
    OpeningOver {
        /// The openings file.
        path: String,
        /// The game number (from 1).
        game: usize,
        /// The game's `Event` tag.
        event: String,
        /// The plies played.
        plies: usize,
    },
    /// A line of ICCS moves of the openings does not read.
    #[error("{path}: {why}")]
    OpeningMoves {
        /// The openings file.
        path: String,
        /// The line that is wrong and why.
        why: String,
    },
    /// The openings file holds no opening.
    #[error("{0}: no openings")]
    NoOpenings(String),
    /// `--pyffish` with openings from other positions.
    #[error(
        "--pyffish replays games from the start position only: \
         these openings have other start positions"
    )]
    PyffishStart,
    /// An engine could not be started.
    #[error(transparent)]
    Engine(#[from] ClientError),
    /// A game could not be written as PGN.
    #[error("game {game}: {source}")]
    Pgn {
        /// The game number (from 1).
        game: usize,
        /// The move that could not be written.
        source: PlayError,
    },
    /// A line of a results file does not read.
    #[error("{path}:{line}: {source}")]
    ResultsLine {
        /// The results file.
        path: String,
        /// The line number (from 1).
        line: usize,
        /// What is wrong with it.
        source: ResultLineError,
    },
}

/// Why a FEN or EPD opening is not a start position.
#[derive(Debug, thiserror::Error)]
pub enum OpeningPositionError {
    /// The FEN does not read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The position is not one a game can have.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The game is already over there.
    #[error("the game is over in this position")]
    Over,
}

/// Why a line of a results file (`match --results`) does not read.
#[derive(Debug, thiserror::Error)]
pub enum ResultLineError {
    /// Not a JSON value.
    #[error("not JSON: {0}")]
    NotJson(#[from] serde_json::Error),
    /// A key that must hold a number does not.
    #[error("no number {0:?}")]
    NoNumber(&'static str),
    /// Engine 1's points are not 0, ½ or 1.
    #[error("score1 {0}: not 0, 0.5 or 1")]
    Score(f64),
}

/// Why pyffish could not judge a match's games (`match --pyffish`).
#[derive(Debug, thiserror::Error)]
pub enum PyffishError {
    /// The Python could not be started.
    #[error("{python}: {source}")]
    Start {
        /// The Python command.
        python: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Its standard input or output could not be taken.
    #[error("no {0}")]
    Pipe(&'static str),
    /// Waiting for it failed.
    #[error(transparent)]
    Wait(std::io::Error),
    /// It did not answer for every game.
    #[error("{answers} answers for {games} games: {last}")]
    Answers {
        /// The answers.
        answers: usize,
        /// The games.
        games: usize,
        /// The last line it wrote on standard error.
        last: String,
    },
}
