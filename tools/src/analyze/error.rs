//! [`AnalyzeError`]: why `xiangqi-tools analyze` failed, naming the file,
//! the game, the ply or the move it is about.

use std::path::PathBuf;

use xiangqi::pgn::PgnError;
use xiangqi::tablebase::TablebaseError;
use xiangqi::{Move, PlayError};
use xiangqi_client::ClientError;

use crate::convert::ConvertError;
use crate::file_error::FileWriteError;

/// Why a game could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalyzeError {
    /// The games file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The graph could not be written.
    #[error(transparent)]
    Write(#[from] FileWriteError),
    /// The annotated PGN could not be written to standard output.
    #[error("cannot write the PGN: {0}")]
    WritePgn(#[source] std::io::Error),
    /// `--engine` is empty.
    #[error("--engine: an empty command line")]
    EmptyEngine,
    /// The file is not a record the tools read.
    #[error("{}: {source}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        source: ConvertError,
    },
    /// The games of a file could not be analysed.
    #[error("{}: {source}", path.display())]
    InFile {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: Box<AnalyzeError>,
    },
    /// The game to analyse does not read.
    #[error("game {game} (line {line}): {source}")]
    Game {
        /// The game's number (from 1).
        game: usize,
        /// The line where it goes wrong.
        line: usize,
        /// What is wrong with it.
        source: Box<PgnError>,
    },
    /// The file holds no game.
    #[error("no game in the file")]
    NoGame,
    /// The file holds fewer games than the number asked for.
    #[error("no game {game}: the file holds {count}")]
    NoSuchGame {
        /// The game asked for (from 1).
        game: usize,
        /// The games in the file.
        count: usize,
    },
    /// The game has no moves.
    #[error("game {0} has no moves")]
    NoMoves(usize),
    /// The game's moves do not replay under the rules.
    #[error("game {game}: {source}")]
    Replay {
        /// The game's number (from 1).
        game: usize,
        /// The move that cannot be played.
        source: PlayError,
    },
    /// A move of the game is not legal in its position.
    #[error("move {number} ({played}) is not legal: {source}")]
    Illegal {
        /// The move's number (from 1).
        number: usize,
        /// The move.
        played: Move,
        /// Why it is not legal.
        source: PlayError,
    },
    /// The annotated game cannot be written in the notation.
    #[error(transparent)]
    Notation(#[from] PlayError),
    /// The engine could not be started.
    #[error("{command}: {source}")]
    EngineStart {
        /// The engine's command line.
        command: String,
        /// Why it did not start.
        source: ClientError,
    },
    /// The engine failed before a search.
    #[error(transparent)]
    Engine(#[from] ClientError),
    /// The engine failed in a search.
    #[error("ply {ply}: {source}")]
    Search {
        /// The position searched (its ply).
        ply: usize,
        /// What went wrong.
        source: ClientError,
    },
    /// A position was left without an analysis (a bug).
    #[error("ply {0} was not analysed")]
    NotAnalysed(usize),
    /// The analyses do not match the positions (a bug).
    #[error("internal error: one analysis per position expected")]
    AnalysisCount,
    /// The `--egtb` folder could not be read.
    #[error("--egtb {}: {source}", path.display())]
    TablesDir {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A table file is not a table.
    #[error("{}: {source}", path.display())]
    Table {
        /// The table file.
        path: PathBuf,
        /// What is wrong with it.
        source: TablebaseError,
    },
    /// The annotated game does not read back (a bug).
    #[error("internal error: the annotated game does not read back: {0}")]
    ReadBack(#[source] Box<PgnError>),
}

impl AnalyzeError {
    /// This error, said of the file `path`.
    pub fn in_file(self, path: impl Into<PathBuf>) -> AnalyzeError {
        AnalyzeError::InFile {
            path: path.into(),
            source: Box::new(self),
        }
    }
}
