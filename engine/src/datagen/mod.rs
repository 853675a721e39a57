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
//! to move) and the game's result, packed by [`xiangqi_engine::data`].
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
//! command again. Progress (chunks, positions, positions per second, ETA)
//! goes to standard error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use xiangqi::nnue::Nnue;
use xiangqi::{MaterialPst, Move, Searcher};
use xiangqi_engine::data::read_chunk;
use xiangqi_engine::selfplay::{Chunk, ChunkSpec, default_openings, parse_openings, play_chunk};

use crate::cli::Args;

#[cfg(test)]
mod tests;

pub const USAGE: &str = "\
usage: xiangqi-engine datagen [--out DIR] [--chunks N] [--games-per-chunk G] [--nodes N]
                              [--threads T] [--seed S] [--openings FILE] [--network FILE]
Self-play training data: quiet positions with the search score and the game result,
32 bytes each, in chunk files DIR/s<seed>-n<nodes>-<index>.xqd (default DIR:
$XDG_CACHE_HOME/xiangqi/data or ~/.cache/xiangqi/data). Rerun the same command to resume.
--network FILE plays with that network (files g<generation>-s<seed>-...).";

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

/// Reads the command line.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        out: xiangqi_engine::data::default_dir(),
        chunks: 100,
        games_per_chunk: 100,
        nodes: 6000,
        threads: 2,
        seed: 1,
        openings: default_openings(),
        progress: true,
        network: None,
    };
    let mut a = Args::new(args);
    while let Some(flag) = a.flag() {
        match flag {
            "--out" => o.out = PathBuf::from(a.value(flag)?),
            "--chunks" => o.chunks = a.number(flag)?,
            "--games-per-chunk" => o.games_per_chunk = a.number(flag)?,
            "--nodes" => o.nodes = a.number(flag)?,
            "--threads" => o.threads = a.number(flag)?,
            "--seed" => o.seed = a.number(flag)?,
            "--openings" => {
                let path = a.value(flag)?;
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                o.openings = parse_openings(&text).map_err(|e| format!("{path}: {e}"))?;
            }
            "--network" => {
                let path = a.value(flag)?;
                let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
                o.network = Some(Nnue::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?);
            }
            other => return Err(format!("unknown flag {other}\n{USAGE}")),
        }
    }
    if o.games_per_chunk == 0 || o.threads == 0 || o.nodes == 0 {
        return Err("--games-per-chunk, --threads and --nodes must be at least 1".into());
    }
    if o.nodes > u64::from(u32::MAX) {
        return Err("--nodes: at most 4294967295".into());
    }
    if o.chunks > u32::MAX as usize {
        return Err("--chunks: at most 4294967295".into());
    }
    Ok(o)
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
    if o.progress {
        eprintln!(
            "datagen: {} of {} chunks to play ({} games each, {} nodes per move) into {}",
            todo.len(),
            o.chunks,
            o.games_per_chunk,
            o.nodes,
            o.out.display()
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
        let terminal = std::io::stderr().is_terminal();
        let mut last_line = Instant::now();
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            let every = if terminal {
                Duration::from_secs(1)
            } else {
                Duration::from_secs(60)
            };
            if o.progress && last_line.elapsed() >= every {
                last_line = Instant::now();
                let line = progress_line(&tally, todo.len(), o.games_per_chunk, start.elapsed());
                let mut err = std::io::stderr().lock();
                let _ = if terminal {
                    write!(err, "\r{line}  ")
                } else {
                    writeln!(err, "{line}")
                };
            }
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let written = tally.chunks.load(Ordering::Relaxed);
    if o.progress {
        let line = progress_line(&tally, todo.len(), o.games_per_chunk, start.elapsed());
        eprintln!("\r{line}");
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
pub fn main(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    run(&parse_args(args)?).map(|_| ())
}
