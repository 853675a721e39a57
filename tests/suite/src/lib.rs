//! The repository's test suite (`tests/`): integration tests of the
//! `xiangqi` crate with reference data that the published crate does not
//! ship. This library holds what they share: reading the committed data
//! files, the list of notations, pseudo-random network weights (the
//! benches use them too), and the bodies of the fuzz targets (so that
//! `fuzz/` runs them under libFuzzer and the suite replays their corpora on
//! a stable toolchain).

mod data;
pub mod fuzz;
mod weights;

pub use data::*;
pub use weights::weights;
