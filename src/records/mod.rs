//! Game records: move notations ([`notation`]) and PGN ([`pgn`]). They read
//! positions and games; they never reach into the engine.

pub mod notation;
pub mod pgn;
