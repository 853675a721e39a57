//! The library of the `xiangqi-engine` tools: what the engine binary's
//! subcommands share, and what other programs can use to drive xiangqi
//! engines.
//!
//! - [`data`]: training positions packed in 32 bytes, in checked chunk files
//!   (written by `xiangqi-engine datagen`, read by the trainer).
//! - [`client`]: an engine process (this crate's `xiangqi-engine`,
//!   Pikafish, Fairy-Stockfish, ElephantEye, ...) started and spoken to over
//!   UCI or UCCI through pipes, as `xiangqi-engine match` does.
//!
//! - [`selfplay`]: self-play games and whole chunks of training data, the
//!   same bytes for the same seed on every machine (what `datagen` and the
//!   Python package's cluster script play).
//!
//! The rules, games, notation and search are the [`xiangqi`] crate's; the
//! binary `xiangqi-engine` (without arguments the UCI/UCCI engine GUIs
//! start) is built from `src/main.rs`:
//!
//! ```text
//! xiangqi-engine                      # the UCI/UCCI engine on stdin/stdout
//! xiangqi-engine match --help         # a match between two engines
//! xiangqi-engine analyze GAME.pgn     # a game annotated with evaluations
//! xiangqi-engine tune gen|fit ...     # self-play data and evaluator fitting
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod client;
pub mod data;
pub mod selfplay;
