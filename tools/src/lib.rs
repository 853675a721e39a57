//! The tools of the `xiangqi` engine, which the `xiangqi-tools` binary
//! runs as subcommands (the engine itself is the binary `xiangqi-engine`,
//! which does not link this crate): matches between engines (through
//! [`xiangqi_client`]), game analysis, self-play training data and network
//! training (through [`xiangqi_selfplay`]), evaluator tuning, the strength
//! levels' move quality, and opening books.
//!
//! They sit beside the engine's front ends, not under them: the Python and
//! WebAssembly packages depend on the engine session, never on this crate.
//! [`cli`] holds the command line (clap's derive): parse it, then
//! [`Command::run`](cli::Command::run) the tool.
//!
//! ```text
//! xiangqi-tools match --help         # a match between two engines
//! xiangqi-tools analyze GAME.pgn     # a game annotated with evaluations
//! xiangqi-tools tune gen|fit ...     # self-play data and evaluator fitting
//! xiangqi-tools datagen ...          # training data for the network
//! xiangqi-tools train ...            # the network from that data
//! xiangqi-tools book build|probe ... # opening books from PGN databases
//! xiangqi-tools levels GAMES.pgn     # each strength level's move quality
//! xiangqi-tools convert IN OUT       # records between PGN, XQF, CBL, DhtmlXQ...
//! ```
//!
//! Long work shows its progress on standard error (an `indicatif` bar when
//! standard error is a terminal); what a tool prints on standard output is
//! its result.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod cli;

mod analyze;
mod book;
pub mod convert;
mod datagen;
mod file_error;
mod levels;
mod matches;
pub mod openings_check;
pub use matches::sprt;
mod progress;
mod train;
mod tune;
mod work;

// Each tool's error, as [`cli::ToolError`] holds it.
pub use analyze::AnalyzeError;
pub use book::BookToolError;
pub use datagen::DatagenError;
pub use file_error::{FileError, FileWriteError};
pub use levels::LevelsError;
pub use matches::clock::TimeControlError;
pub use matches::{MatchError, OpeningPositionError, PyffishError, ResultLineError};
pub use train::TrainError;
pub use train::checkpoint::CheckpointError;
pub use tune::TuneError;
