//! `xiangqi-engine datagen`: training data for the network from self-play.
//!
//! ```text
//! xiangqi-engine datagen [--out DIR] [--chunks N] [--games-per-chunk G] [--nodes N]
//!                        [--threads T] [--seed S] [--openings FILE] [--network FILE]
//! ```
//!
//! Plays games of the engine against itself (with the classical evaluator,
//! or with the network `--network FILE` for the next generation's data) at `--nodes` nodes per
//! move (default 6000), each from a line of the openings file (the match
//! openings by default) followed by 2 to 6 random plies, kept when a depth-6
//! search finds it within 1.2 soldiers of balance. Games are adjudicated by
//! [`xiangqi::Game`] (checkmate, stalemate, perpetual check and chase,
//! repetition, the 60-move limit, insufficient material), at 400 plies (a
//! draw), or when both sides' searches agree for eight plies that one side
//! is 1500 centipawns up or mates. Every quiet position (not in check, best
//! move no capture, score no mate) is recorded with the search score (side
//! to move) and the game's result, packed by [`xiangqi_selfplay::data`].
//!
//! The output is `--chunks` files (default 100) of `--games-per-chunk`
//! games each (default 100) in `--out` (default
//! `$XDG_CACHE_HOME/xiangqi/data`, else `~/.cache/xiangqi/data`), named
//! `s<seed>-n<nodes>-<index>.xqd` (with a network of generation `g`,
//! `g<g>-s<seed>-n<nodes>-<index>.xqd`). Chunk `k`'s games are seeded from the
//! seed and `k` alone and searched by one thread, so a chunk's bytes are the
//! same on every run and machine; `--threads` workers take chunks in turn.
//! A chunk is written to a temporary file and renamed when complete, so a
//! stop loses at most the chunks in progress, and a rerun with the same
//! flags skips the chunks already there: resuming is running the same
//! command again. Progress (chunks, games, positions, positions per second,
//! ETA) goes to standard error: an `indicatif` bar on a terminal, else a
//! line a minute, and a last line at the end.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use xiangqi::nnue::Nnue;
use xiangqi::{MaterialPst, Move, Searcher};
use xiangqi_selfplay::data::read_chunk;
use xiangqi_selfplay::{Chunk, ChunkSpec, default_openings, parse_openings, play_chunk};

use crate::cli::DatagenArgs;
use crate::progress;

#[cfg(test)]
mod tests;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The folder of the chunk files.
    pub out: PathBuf,
    /// How many chunks.
    pub chunks: usize,
    /// Games per chunk.
    pub games_per_chunk: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Worker threads.
    pub threads: usize,
    /// The seed of every chunk's games.
    pub seed: u64,
    /// The opening lines (ICCS moves from the start).
    pub openings: Vec<Vec<Move>>,
    /// Whether to print progress.
    pub progress: bool,
    /// The network that plays, if not the classical evaluator.
    pub network: Option<Nnue>,
}

/// The options of the command line (the openings and network files read).
pub fn options(a: &DatagenArgs) -> Result<Options, String> {
    let openings = match &a.openings {
        None => default_openings(),
        Some(path) => {
            let p = path.display();
            let text = std::fs::read_to_string(path).map_err(|e| format!("{p}: {e}"))?;
            parse_openings(&text).map_err(|e| format!("{p}: {e}"))?
        }
    };
    let network = match &a.network {
        None => None,
        Some(path) => {
            let p = path.display();
            let bytes = std::fs::read(path).map_err(|e| format!("{p}: {e}"))?;
            Some(Nnue::from_bytes(&bytes).map_err(|e| format!("{p}: {e}"))?)
        }
    };
    Ok(Options {
        out: a
            .out
            .clone()
            .unwrap_or_else(xiangqi_selfplay::data::default_dir),
        chunks: a.chunks,
        games_per_chunk: a.games_per_chunk,
        nodes: u64::from(a.nodes),
        threads: a.threads,
        seed: a.seed,
        openings,
        progress: true,
        network,
    })
}

/// The spec of chunk `index`.
fn spec(o: &Options, index: usize) -> ChunkSpec {
    ChunkSpec {
        seed: o.seed,
        index: index as u32,
        games: o.games_per_chunk,
        nodes: o.nodes as u32,
    }
}

/// The file of chunk `index`.
pub fn chunk_path(o: &Options, index: usize) -> PathBuf {
    let generation = o.network.as_ref().map(Nnue::generation);
    o.out.join(spec(o, index).file_name(generation))
}

/// Whether the chunk file is there and reads back whole.
fn finished(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| read_chunk(&bytes).is_ok())
}

/// Counters the workers share with the progress line.
#[derive(Default)]
struct Tally {
    chunks: AtomicUsize,
    games: AtomicUsize,
    positions: AtomicU64,
}

/// Plays chunk `index`'s games (`None`: stopped).
fn generate_chunk(o: &Options, index: usize, tally: &Tally, stop: &AtomicBool) -> Option<Chunk> {
    let on_game = |positions: usize| {
        tally.games.fetch_add(1, Ordering::Relaxed);
        tally
            .positions
            .fetch_add(positions as u64, Ordering::Relaxed);
    };
    let spec = spec(o, index);
    match &o.network {
        Some(net) => play_chunk(
            &mut Searcher::new(net.clone()),
            &spec,
            &o.openings,
            stop,
            on_game,
        ),
        None => play_chunk(
            &mut Searcher::new(MaterialPst::default()),
            &spec,
            &o.openings,
            stop,
            on_game,
        ),
    }
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("xqd.tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

fn duration(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

/// Generates the chunks that are missing; returns how many it wrote.
pub fn run(o: &Options) -> Result<usize, String> {
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out.display()))?;
    let todo: Vec<usize> = (0..o.chunks)
        .filter(|&k| !finished(&chunk_path(o, k)))
        .collect();
    let bar = progress::bar("datagen", (todo.len() * o.games_per_chunk) as u64);
    if !o.progress {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    } else {
        progress::line(
            &bar,
            &format!(
                "datagen: {} of {} chunks to play ({} games each, {} nodes per move) into {}",
                todo.len(),
                o.chunks,
                o.games_per_chunk,
                o.nodes,
                o.out.display()
            ),
        );
    }
    let tally = Tally::default();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let error: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.threads.min(todo.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    while let Some(&k) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let Some(chunk) = generate_chunk(o, k, &tally, &stop) else {
                            return;
                        };
                        let path = chunk_path(o, k);
                        if let Err(e) = write_atomically(&path, &chunk.to_bytes()) {
                            *error.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(format!("{}: {e}", path.display()));
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        tally.chunks.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        // A terminal shows the bar; a log gets a line a minute.
        let mut last_line = Instant::now();
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            bar.set_position(tally.games.load(Ordering::Relaxed) as u64);
            bar.set_message(format!(
                "games, {}/{} chunks, {} positions",
                tally.chunks.load(Ordering::Relaxed),
                todo.len(),
                tally.positions.load(Ordering::Relaxed)
            ));
            if o.progress && bar.is_hidden() && last_line.elapsed() >= Duration::from_secs(60) {
                last_line = Instant::now();
                eprintln!(
                    "{}",
                    progress_line(&tally, todo.len(), o.games_per_chunk, start.elapsed())
                );
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let written = tally.chunks.load(Ordering::Relaxed);
    if o.progress {
        let line = progress_line(&tally, todo.len(), o.games_per_chunk, start.elapsed());
        eprintln!("{line}");
    }
    Ok(written)
}

fn progress_line(
    tally: &Tally,
    chunks: usize,
    games_per_chunk: usize,
    elapsed: Duration,
) -> String {
    let games = tally.games.load(Ordering::Relaxed);
    let positions = tally.positions.load(Ordering::Relaxed);
    let secs = elapsed.as_secs_f64().max(1e-3);
    let total_games = chunks * games_per_chunk;
    let eta = if games == 0 {
        "?".to_string()
    } else {
        let left = total_games.saturating_sub(games) as f64 * secs / games as f64;
        duration(Duration::from_secs_f64(left))
    };
    format!(
        "{}/{chunks} chunks, {games}/{total_games} games, {positions} positions, {:.0} positions/s, {:.0} per hour, elapsed {}, ETA {eta}",
        tally.chunks.load(Ordering::Relaxed),
        positions as f64 / secs,
        positions as f64 / secs * 3600.0,
        duration(elapsed),
    )
}

/// Runs `xiangqi-engine datagen` with its arguments.
pub fn main(args: &DatagenArgs) -> Result<(), String> {
    run(&options(args)?).map(|_| ())
}
