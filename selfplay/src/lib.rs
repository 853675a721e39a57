//! Self-play training data for the `xiangqi` crate's network: games of the
//! engine against itself (either evaluator) under the [`Game`](xiangqi::Game)
//! rules, and their quiet positions packed in checked chunk files.
//!
//! - [`data`]: the chunk format, positions packed in 32 bytes each with
//!   the search score and the game's [`SelfPlayResult`] (written by
//!   `xiangqi-tools datagen`, read by `xiangqi-tools train` and the
//!   Python package).
//! - [`games`]: the compact form, the games themselves ([`SelfPlayRecord`]:
//!   moves, per-ply scores, result) compressed in checked game files, a few
//!   bytes a position; the same training records replayed from them.
//! - Self-play: balanced random [`opening`]s, one game at a fixed number of
//!   nodes per move ([`play_game`]), and a whole chunk ([`play_chunk`])
//!   whose bytes depend on its [`ChunkSpec`] alone: the same bytes for the
//!   same seed on every machine. The random choices come from
//!   [`xiangqi::Rng`], the library's one seeded generator.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi::{MaterialPst, Searcher};
//! use xiangqi_selfplay::data::read_chunk;
//! use xiangqi_selfplay::{ChunkSpec, default_openings, play_chunk};
//!
//! let spec = ChunkSpec { seed: 7, index: 0, games: 1, nodes: 200 };
//! let mut searcher = Searcher::new(MaterialPst::default());
//! let stop = AtomicBool::new(false);
//! let chunk = play_chunk(&mut searcher, &spec, &default_openings(), &stop, |_| {})
//!     .expect("not stopped");
//! let (info, records) = read_chunk(&chunk.to_bytes())?;
//! assert_eq!((info.seed, info.index, info.nodes), (7, 0, 200));
//! assert_eq!(records.len(), chunk.records.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod data;
pub mod engine;
mod game_record;
pub mod games;
mod play;
mod result;
mod searched;

pub use game_record::{ReplayError, SelfPlayRecord};
pub use play::{
    Chunk, ChunkSpec, OPENINGS, default_openings, opening, parse_openings, play_chunk, play_game,
    play_games, red_cp,
};
pub use result::SelfPlayResult;
pub use searched::{Searched, training_record};

/// The old name of [`SelfPlayRecord`] (it repeated `xiangqi::pgn::GameRecord`).
#[deprecated(note = "renamed `SelfPlayRecord`; removed in the next release")]
pub type GameRecord = SelfPlayRecord;
/// The old name of [`SelfPlayResult`] (it repeated `xiangqi::pgn::GameResult`).
#[deprecated(note = "renamed `SelfPlayResult`; removed in the next release")]
pub type GameResult = SelfPlayResult;
