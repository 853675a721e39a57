//! Xiangqi (Chinese chess) for Rust: exact rules, games with repetition
//! adjudication, notation, and a pluggable search.
//!
//! ```
//! use xiangqi::{Move, Position};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let central_cannon: Move = "h2e2".parse()?;
//! pos.play(central_cannon)?;
//! assert_eq!(
//!     pos.to_string(),
//!     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Squares are named the ICCS way: files `a`..`i` from Red's left, ranks
//! `0`..`9` from Red's back rank. An untrusted [`Setup`] (for example parsed
//! from FEN) becomes a [`Position`] only through a checked constructor, so a
//! `Position` is always legal. A side with no legal move loses, in check or
//! not.
//!
//! - Rules: [`Position`] (legal moves, check, [`perft`]), [`Setup`], [`fen`].
//! - Games: [`Game`] records moves, undoes them and adjudicates under
//!   [`Rules`] (perpetual check and chase, repetition, move limit,
//!   insufficient material) with a self-explaining [`Verdict`].
//! - Notation: [`notation`] (ICCS/UCI, WXF, Chinese) and [`pgn`].
//! - Search: [`Searcher`] with any [`Evaluator`] (default [`MaterialPst`]).
//!
//! The library does no I/O and prints nothing. It spawns no threads, except
//! the helper threads of a [`Searcher`] explicitly given more than one
//! thread ([`Searcher::set_threads`]), which run scoped inside the call to
//! [`Searcher::search`].

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod attacks;
mod bitboard;
mod board;
mod chase;
mod color;
mod eval;
pub mod fen;
mod game;
#[cfg(feature = "serde")]
mod game_serde;
mod material;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
pub mod pgn;
mod piece;
mod position;
mod repetition;
mod role;
mod rules;
mod search;
mod setup;
mod square;
mod verdict;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use eval::{EVAL_LIMIT, Evaluator, MaterialPst};
pub use fen::FenError;
pub use game::{Game, GameError, PlyRecord};
pub use material::is_insufficient_material;
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::{EndReason, Outcome};
pub use perft::{perft, perft_divide};
pub use piece::Piece;
pub use position::{ParsePositionError, PlayError, Position};
pub use role::Role;
pub use rules::Rules;
pub use search::{
    ChaseDetector, Clock, HistoryEntry, Limits, MATE_SCORE, Repetition, Score, SearchInfo,
    SearchResult, Searcher, judge_repetition,
};
pub use setup::{PositionError, Problem, Setup, Validation};
pub use square::{File, ParseSquareError, Rank, Square};
pub use verdict::{Conduct, Cycle, Placed, Verdict};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
