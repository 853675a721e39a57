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
//! `0`..`9` from Red's back rank. A side with no legal move loses, in check
//! or not.
//!
//! **Valid positions.** An untrusted [`Setup`] (for example parsed from FEN)
//! becomes a [`Position`] only through a checked constructor
//! ([`Position::from_setup`], `parse`), so a `Position` starts valid: one
//! general per side in its palace, no surplus pieces, generals not facing,
//! the side not to move not in check (and, by default, every piece on a
//! square it can reach). [`Position::play`] plays only legal moves and keeps
//! it valid. [`Position::play_unchecked`], the search's fast path, trusts
//! its caller: with an illegal move the position may break those rules
//! (its documentation says what still holds), but nothing panics and
//! nothing is undefined behaviour, as everywhere in the crate (no `unsafe`).
//!
//! - Rules: [`Position`] (legal moves, check, [`perft`]), [`Setup`], [`fen`],
//!   the attack tables in [`attacks`].
//! - Games: [`Game`] records moves, undoes them and adjudicates under
//!   [`Rules`] (perpetual check and chase, repetition, move limit,
//!   insufficient material) with a self-explaining [`Verdict`].
//! - Notation: `notation` (ICCS/UCI, WXF, Chinese) and `pgn`; games with
//!   variations: `tree`; board
//!   pictures: `svg`.
//! - Search: `Searcher` with any `Evaluator`: by default the embedded
//!   network (`nnue::Nnue`); `MaterialPst` is the classical evaluator.
//!   `Searcher::search_game` continues a [`Game`] with its history.
//!
//! # Cargo features
//!
//! The rules and [`Game`] need no feature: with `default-features = false`
//! the crate depends on `arrayvec` and `thiserror` only, and builds
//! `no_std` (it needs `alloc`).
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `std` | yes | `std::error::Error` on the error types (through `thiserror`); the other features but `serde` need it |
//! | `notation` | yes | `xiangqi::notation`: ICCS/UCI, WXF and Chinese move notation |
//! | `tree` | yes | `xiangqi::tree`: games as trees of variations, with comments and NAGs |
//! | `pgn` | yes | `xiangqi::pgn`: reading and writing PGN, flat records and game trees (implies `notation` and `tree`) |
//! | `xqf` | yes | `xiangqi::xqf`: XQF records (XQStudio 1.0 to 1.8, encrypted or not) read into game trees and written (implies `tree`; adds `encoding_rs`, for GBK / GB18030 text) |
//! | `svg` | yes | `xiangqi::svg`: board pictures (implies `notation`, for the piece glyphs) |
//! | `book` | yes | `xiangqi::book`: opening books built from games, probed by position, as bytes |
//! | `search` | yes | `Searcher`, `Evaluator`, `MaterialPst`, `Limits` and the rest of the search (adds `zerocopy`, for the zeroed hash table) |
//! | `cbr` | yes | `xiangqi::cbr`: CCBridge CBR games and CBL libraries, read (adds `encoding_rs`) |
//! | `cbf` | yes | `xiangqi::cbf`: CCBridge CBF (XML) records, read (adds `encoding_rs`, `roxmltree`) |
//! | `dhtmlxq` | yes | `xiangqi::dhtmlxq`: DhtmlXQ / UBB records of Chinese web pages, read and written (adds `encoding_rs`) |
//! | `movelist` | yes | `xiangqi::movelist`: plain numbered move lists, read (adds `encoding_rs`); with any of these four, `xiangqi::detect` tells the formats apart |
//! | `formats` | yes | `xiangqi::formats`: any of the record formats above, detected and read into game trees (`formats::read`), written as PGN, XQF or DhtmlXQ (`formats::write`) |
//! | `tablebase` | no | `xiangqi::tablebase`: endgame tables probed by position, from bytes the caller provides (adds `lz4_flex`) |
//! | `serde` | no | `Serialize`/`Deserialize` for moves, squares, positions, [`Rules`] and [`Game`] |
//!
//! # Two kinds of game end
//!
//! Two functions say whether play is over, and they answer different
//! questions:
//!
//! - [`Position::outcome`] (an [`Outcome`]) applies the rules of one
//!   position, with no history: the side to move has no legal move and
//!   loses, by checkmate or stalemate. That is all a lone position can
//!   tell; use it for a position whose past is unknown (a FEN, a puzzle)
//!   or where only the board matters.
//! - [`Game::outcome`] (a [`Verdict`], whose [`Verdict::outcome`] is the
//!   same `Outcome`) judges the game: the position's rule first, then,
//!   under the game's [`Rules`], insufficient material, the move limit
//!   (with its cap on counted checks) and repetition, where a side that
//!   checked or chased perpetually loses ([`EndReason::PerpetualCheck`],
//!   [`EndReason::PerpetualChase`]) and an idle repetition is a draw. Use
//!   it for games that are played, recorded or adjudicated.
//!
//! The search follows the game: `Searcher::search_game` (and `search`)
//! asks the game's arbiter at every node, while `Searcher::search_simple`
//! takes a position and treats it as the start of a new game, so it knows
//! nothing of the repetitions and checks that led there.
//!
//! ```
//! use xiangqi::{EndReason, Game, Position};
//!
//! // Bare generals: the position goes on, the game is drawn.
//! let bare: Position = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse()?;
//! assert!(bare.outcome().is_none());
//! let drawn = Game::from_position(bare);
//! assert_eq!(drawn.outcome().unwrap().reason, EndReason::InsufficientMaterial);
//!
//! // Red checks with every move until the position occurs a third time:
//! // only the game knows, and Red loses.
//! let mut game = Game::from_position("3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?);
//! for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
//!     game.play(m.parse()?)?;
//! }
//! assert_eq!(game.outcome().unwrap().reason, EndReason::PerpetualCheck);
//! assert!(game.position().outcome().is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Threads, time and WebAssembly
//!
//! The library does no I/O and prints nothing. It spawns no threads, except
//! the helper threads of a `Searcher` explicitly given more than one
//! thread (`Searcher::set_threads`; at most one per core), which run
//! scoped inside the call to `Searcher::search`. A search reads the time
//! only through its `TimeSource` (by default the std clock), and a search
//! limited by depth or nodes only reads it just to report.
//!
//! The library, default features included, builds for
//! `wasm32-unknown-unknown`, where `std` has no clock and no threads: there
//! a `Searcher` has no time source unless given one
//! (`Searcher::set_time_source`, for example from the host's
//! `performance.now()`), depth and node limits work as everywhere, a time
//! limit without a clock becomes a node budget, and a search runs on the
//! caller's thread whatever the number of threads set. The repository's
//! CI runs searches there under Node (`tests/wasm`).

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod base;
#[cfg(feature = "search")]
mod eval;
mod game;
#[cfg(any(feature = "notation", feature = "book", feature = "tree"))]
mod records;
#[cfg(feature = "search")]
mod search;
#[cfg(feature = "tablebase")]
pub mod tablebase;

pub use crate::base::{
    Bitboard, Board, ByColor, ByRole, BySquare, Color, EndReason, FenError, File, IllegalReason,
    MAX_MOVES, Move, MoveList, Outcome, ParseMoveError, ParsePositionError, ParseSquareError,
    Piece, PlayError, Position, PositionError, Problem, Rank, Rng, Role, Setup, Square, Validation,
    fnv1a64, fnv1a64_extend, perft, perft_divide,
};
pub use crate::base::{attacks, fen};
#[cfg(feature = "search")]
pub use eval::{EVAL_LIMIT, Evaluator, MaterialPst, MaterialPstState, nnue};
pub use game::{
    Conduct, Cycle, Game, GameError, Placed, PlyRecord, Rules, Verdict, is_insufficient_material,
};
// The record modules (`book`, `pgn`, `xqf`, `detect`, ...), each under
// its own feature: `records/mod.rs` says which, in one place.
#[cfg(any(feature = "notation", feature = "book", feature = "tree"))]
pub use records::*;
#[cfg(all(
    feature = "search",
    not(all(target_arch = "wasm32", target_os = "unknown"))
))]
pub use search::StdTime;
#[cfg(feature = "search")]
pub use search::{
    Clock, Limits, MATE_SCORE, Score, SearchInfo, SearchResult, Searcher, Strength, TimeSource,
};

/// The README's examples, compiled and run as doc tests.
#[cfg(all(doctest, feature = "pgn", feature = "svg", feature = "search"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guide's examples (`docs/guide.md`), compiled and run as doc tests.
#[cfg(all(doctest, feature = "pgn", feature = "svg", feature = "search"))]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideDoctests;
