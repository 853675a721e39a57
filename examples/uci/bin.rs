//! `xiangqi-engine`: the `uci` example (documented in its `main.rs`) as a
//! binary target, so that integration tests can spawn it
//! (`CARGO_BIN_EXE_xiangqi-engine`) and `cargo install` can install it.

mod engine;
mod go;
mod lines;
mod options;

fn main() -> std::io::Result<()> {
    engine::run_stdio()
}
