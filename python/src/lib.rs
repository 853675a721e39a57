//! Python bindings for the `xiangqi` crate: the extension module
//! `xiangqi_rs._core`, re-exported by the package `xiangqi_rs`.
//!
//! The API follows python-chess where the game allows: [`board::PyBoard`]
//! wraps a [`xiangqi::Game`], so its verdicts (perpetual check and chase,
//! repetition, the move limit) are the library's.

#![forbid(unsafe_code)]

use pyo3::prelude::*;

mod batch;
mod board;
mod data;
mod engine;
mod engine_client;
mod errors;
mod habits;
mod pgn;
mod records;
mod svg;
mod tablebase;
mod training;

/// Xiangqi (Chinese chess): rules, Asian-rules verdicts, notation and a
/// search engine, implemented in Rust.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::PyBoard>()?;
    m.add_class::<board::PyMove>()?;
    m.add_class::<board::PyOutcome>()?;
    m.add_class::<habits::PyPiece>()?;
    m.add_class::<habits::LegalMoveGenerator>()?;
    m.add_class::<engine::PySession>()?;
    m.add_class::<engine::EngineOption>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<engine::PySearchResult>()?;
    errors::register(m)?;
    m.add_submodule(&pgn::module(m.py())?)?;
    m.add_submodule(&records::module(m.py())?)?;
    m.add_submodule(&svg::module(m.py())?)?;
    m.add_submodule(&tablebase::module(m.py())?)?;
    m.add_submodule(&data::module(m.py())?)?;
    m.add_submodule(&engine_client::module(m.py())?)?;
    m.add_class::<batch::BatchEnv>()?;
    m.add_function(wrap_pyfunction!(training::move_to_index, m)?)?;
    m.add_function(wrap_pyfunction!(training::index_to_move, m)?)?;
    m.add("ACTION_SPACE", training::ACTION_SPACE)?;
    m.add("STARTING_FEN", xiangqi::Position::new().to_string())?;
    Ok(())
}
