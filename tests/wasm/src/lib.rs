//! The library's search on `wasm32-unknown-unknown`, exported to a host as
//! plain `extern "C"` functions (no wasm-bindgen): `tests/wasm/run.mjs`
//! loads the module under Node and checks what the searches return.
//!
//! Each search starts from the start position with the default searcher
//! (the embedded network, one thread) and returns its best move packed as
//! `from_file | from_rank << 4 | to_file << 8 | to_rank << 12` (files and
//! ranks from 0, ICCS: `a0` is 0), or `0xFFFF` for none; [`last_depth`]
//! and [`last_nodes`] tell the depth and nodes of the last search.
//!
//! The time-limited search reads the host's clock, the import `env.now_ms`
//! (milliseconds as a float, any origin), through a
//! [`TimeSource`]. Exporting functions under fixed names needs
//! `#[unsafe(no_mangle)]`, and declaring the import an `unsafe extern`
//! block (its one function declared `safe`), both of which the
//! `unsafe_code` lint counts: this test crate allows the lint on those
//! items only, and has no unsafe block.

#![deny(unsafe_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use xiangqi::{Limits, Move, Position, Searcher, TimeSource};

#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)] // declaring an import is an `unsafe extern` block
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The host's clock, in milliseconds since any origin.
    safe fn now_ms() -> f64;
}

/// Off wasm (a native `cargo check` of the workspace): the std clock.
#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1000.0
}

/// The host's clock as the search's time source.
struct HostClock;

impl TimeSource for HostClock {
    fn now(&self) -> Duration {
        Duration::try_from_secs_f64(now_ms() / 1000.0).unwrap_or(Duration::ZERO)
    }
}

static LAST_DEPTH: AtomicU32 = AtomicU32::new(0);
static LAST_NODES: AtomicU64 = AtomicU64::new(0);

/// Runs a search of the start position and returns its packed move.
fn run(searcher: &mut Searcher, limits: &Limits) -> u32 {
    let r = searcher.search_simple(&Position::new(), limits);
    LAST_DEPTH.store(r.depth, Ordering::Relaxed);
    LAST_NODES.store(r.nodes, Ordering::Relaxed);
    r.best_move.map_or(0xFFFF, pack)
}

fn pack(m: Move) -> u32 {
    let (f, t) = (m.from(), m.to());
    let part = |i: usize| u32::try_from(i).unwrap_or(0xF);
    part(f.file().index())
        | part(f.rank().index()) << 4
        | part(t.file().index()) << 8
        | part(t.rank().index()) << 12
}

/// The number of legal moves at the start (44).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn legal_move_count() -> u32 {
    Position::new().legal_moves().len() as u32
}

/// A search to `depth` plies, without any clock (none is given).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn search_depth(depth: u32) -> u32 {
    run(&mut Searcher::default(), &Limits::depth(depth))
}

/// A search of `nodes` nodes, asked for on `threads` threads (the search
/// runs one: the target has no threads, and nothing may be spawned).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn search_nodes(nodes: u32, threads: u32) -> u32 {
    let mut s = Searcher::default();
    s.set_threads(threads as usize);
    run(&mut s, &Limits::nodes(u64::from(nodes)))
}

/// A search of `movetime_ms` milliseconds on the host's clock (`env.now_ms`).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn search_time(movetime_ms: u32) -> u32 {
    let mut s = Searcher::default();
    s.set_time_source(Some(Arc::new(HostClock)));
    run(
        &mut s,
        &Limits::movetime(Duration::from_millis(movetime_ms.into())),
    )
}

/// A search of `movetime_ms` milliseconds without a clock: the library
/// turns the time into a node budget.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn search_time_without_clock(movetime_ms: u32) -> u32 {
    let limits = Limits::movetime(Duration::from_millis(movetime_ms.into()));
    run(&mut Searcher::default(), &limits)
}

/// The depth of the last search.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn last_depth() -> u32 {
    LAST_DEPTH.load(Ordering::Relaxed)
}

/// The nodes of the last search (a float: exact below 2^53).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn last_nodes() -> f64 {
    LAST_NODES.load(Ordering::Relaxed) as f64
}
