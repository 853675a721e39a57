//! The bodies of the fuzz targets in `fuzz/fuzz_targets/`.

pub mod fen;
pub mod nnue;
pub mod notation;
