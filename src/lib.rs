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
//! - Notation: [`notation`] (ICCS/UCI, WXF, Chinese) and [`pgn`]; board
//!   pictures: [`svg`].
//! - Search: [`Searcher`] with any [`Evaluator`] (default [`MaterialPst`]).
//!
//! The library does no I/O and prints nothing. It spawns no threads, except
//! the helper threads of a [`Searcher`] explicitly given more than one
//! thread ([`Searcher::set_threads`]), which run scoped inside the call to
//! [`Searcher::search`].

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod base;
#[cfg(feature = "search")]
mod engine;
mod game;
#[cfg(feature = "notation")]
mod records;

pub use crate::base::{
    Bitboard, Board, ByColor, ByRole, BySquare, Color, EndReason, FenError, File, IllegalReason,
    MAX_MOVES, Move, MoveList, Outcome, ParseMoveError, ParsePositionError, ParseSquareError,
    Piece, PlayError, Position, PositionError, Problem, Rank, Role, Setup, Square, Validation,
    perft, perft_divide,
};
pub use crate::base::{attacks, fen};
#[cfg(feature = "search")]
pub use engine::{
    Clock, EVAL_LIMIT, Evaluator, Limits, MATE_SCORE, MaterialPst, MaterialPstState, Score,
    SearchInfo, SearchResult, Searcher,
};
pub use game::{
    Conduct, Cycle, Game, GameError, Placed, PlyRecord, Rules, Verdict, is_insufficient_material,
};
#[cfg(feature = "notation")]
pub use records::notation;
#[cfg(feature = "pgn")]
pub use records::pgn;
#[cfg(feature = "svg")]
pub use records::svg;

/// The README's examples, compiled and run as doc tests.
#[cfg(all(doctest, feature = "pgn", feature = "svg", feature = "search"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
