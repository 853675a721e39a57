//! The bodies of the fuzz targets in `fuzz/fuzz_targets/`.

pub mod book;
pub mod fen;
pub mod nnue;
pub mod notation;
pub mod records_cb;
pub mod tablebase;
pub mod tree;
pub mod xqf;
