//! Game records: move notations ([`notation`]), PGN ([`pgn`]) and board
//! pictures ([`svg`]). They read positions and games; they never reach
//! into the engine.

pub mod notation;
#[cfg(feature = "pgn")]
pub mod pgn;
#[cfg(feature = "svg")]
pub mod svg;
