//! The rules core: squares, pieces, bitboards, attack tables ([`attacks`]), boards,
//! unchecked [`Setup`]s and FEN, validated [`Position`]s, legal move
//! generation, Zobrist hashing and perft.
//!
//! Nothing here knows about games, notation or search: a [`Position`] holds
//! the placement, the side to move, the counters, its hash and its checkers,
//! and nothing else.

pub mod attacks;
mod bitboard;
mod board;
mod by;
mod checksum;
mod color;
pub mod fen;
mod legality;
mod movegen;
#[cfg(feature = "search")]
pub(crate) use movegen::RiskSquares;
mod moves;
mod outcome;
mod perft;
mod piece;
pub(crate) mod position;
mod rng;
mod role;
pub(crate) mod setup;
mod square;
pub(crate) mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
#[cfg(any(feature = "xqf", feature = "dhtmlxq"))]
pub(crate) use board::PIECE_SLOTS;
pub use by::{ByColor, ByRole, BySquare};
pub use checksum::{fnv1a64, fnv1a64_extend};
pub use color::Color;
pub use fen::FenError;
pub use legality::{IllegalReason, PlayError};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use outcome::{EndReason, Outcome};
pub use perft::{perft, perft_divide};
pub use piece::Piece;
pub use position::{ParsePositionError, Position};
pub use rng::Rng;
pub use role::Role;
pub use setup::{PositionError, Problem, Setup, Validation};
pub use square::{File, ParseSquareError, Rank, Square};
