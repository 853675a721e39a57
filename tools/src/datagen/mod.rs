//! `xiangqi-tools datagen`: training data for the network from self-play.
//!
//! ```text
//! xiangqi-tools datagen [--out DIR] [--chunks N] [--games-per-chunk G] [--nodes N]
//!                        [--threads T] [--seed S] [--openings FILE] [--network FILE]
//!                        [--format games|chunks|both]
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
//! is 1500 centipawns up or mates. The games are kept whole in game files
//! ([`xiangqi_selfplay::games`], `--format games`, the default: moves,
//! per-ply scores and results, a few bytes a training position), and/or
//! their quiet positions (not in check, best move no capture, score no
//! mate) with the search score (side to move) and the game's result in
//! chunk files ([`xiangqi_selfplay::data`], `--format chunks`, 32 bytes a
//! position; `--format both` writes both). The trainer reads either, and a
//! game file gives the same positions as the chunk file of its games.
//!
//! The output is `--chunks` chunks (default 100) of `--games-per-chunk`
//! games each (default 100) in `--out` (default
//! `$XDG_CACHE_HOME/xiangqi/data`, else `~/.cache/xiangqi/data`), named
//! `s<seed>-n<nodes>-<index>.xqg` / `.xqd` (with a network of generation
//! `g`, `g<g>-s<seed>-n<nodes>-<index>.xqg`). Chunk `k`'s games are seeded
//! from the seed and `k` alone and searched by one thread, so a chunk's
//! bytes are the same on every run and machine; `--threads` workers take
//! chunks in turn. A file is written to a temporary file and renamed when
//! complete, so a stop loses at most the chunks in progress, and a rerun
//! with the same flags skips the files already there: resuming is running
//! the same command again. A chunk file missing beside its game file is
//! replayed from the games, not played again (`--format chunks` over a
//! folder of game files writes their chunk files in seconds). Progress (chunks, games, positions, positions per second,
//! ETA) goes to standard error: an `indicatif` bar on a terminal, else a
//! line a minute, and a last line at the end.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use xiangqi::Move;
use xiangqi::nnue::NetworkError;
use xiangqi_selfplay::data::read_chunk;
use xiangqi_selfplay::engine;
use xiangqi_selfplay::games::GamesError;
use xiangqi_selfplay::games::{
    GamesInfo, NetworkId, check_games, network_id, read_games, write_games,
};
use xiangqi_selfplay::{
    Chunk, ChunkSpec, ReplayError, SelfPlayRecord, default_openings, parse_openings,
};
use xiangqi_session::Network;

use crate::cli::{DataFormat, DatagenArgs};
use crate::file_error::FileError;
use crate::progress;
use crate::work::Queue;

#[cfg(test)]
mod tests;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct DatagenOptions {
    /// The folder of the chunk files.
    pub out: PathBuf,
    /// How many chunks (their indices are below this).
    pub chunks: usize,
    /// The first chunk's index: chunks `first_chunk..chunks` are played.
    pub first_chunk: usize,
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
    /// The network that plays, if not the classical evaluator, and its id
    /// in game files.
    pub network: Option<(Network, NetworkId)>,
    /// Which files to write.
    pub format: DataFormat,
}

/// Why `datagen` failed: each error names the file it is about.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] FileError),
    /// The openings file does not hold openings.
    #[error("{}: {why}", path.display())]
    Openings {
        /// The openings file.
        path: PathBuf,
        /// The line that is wrong and why.
        why: String,
    },
    /// The network file is not a network.
    #[error("{}: {source}", path.display())]
    Network {
        /// The network file.
        path: PathBuf,
        /// What is wrong with it.
        source: NetworkError,
    },
    /// The games could not be packed in a game file.
    #[error("{}: {source}", path.display())]
    Games {
        /// The game file.
        path: PathBuf,
        /// What went wrong.
        source: GamesError,
    },
    /// The games do not replay into a chunk.
    #[error("{}: {source}", path.display())]
    Chunk {
        /// The chunk file.
        path: PathBuf,
        /// What went wrong.
        source: ReplayError,
    },
}

/// The options of the command line (the openings and network files read).
pub fn options(a: &DatagenArgs) -> Result<DatagenOptions, DatagenError> {
    let openings = match &a.openings {
        None => default_openings(),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(FileError::at(path))?;
            parse_openings(&text).map_err(|why| DatagenError::Openings {
                path: path.clone(),
                why,
            })?
        }
    };
    let network = match &a.network {
        None => None,
        Some(path) => {
            let bytes = std::fs::read(path).map_err(FileError::at(path))?;
            let net = Network::from_bytes(&bytes).map_err(|source| DatagenError::Network {
                path: path.clone(),
                source,
            })?;
            let id = NetworkId {
                generation: net.generation(),
                id: network_id(&bytes),
            };
            Some((net, id))
        }
    };
    Ok(DatagenOptions {
        out: a
            .out
            .clone()
            .unwrap_or_else(xiangqi_selfplay::data::default_dir),
        chunks: a.chunks,
        first_chunk: a.first_chunk,
        games_per_chunk: a.games_per_chunk,
        nodes: u64::from(a.nodes),
        threads: a.threads,
        seed: a.seed,
        openings,
        progress: true,
        network,
        format: a.format,
    })
}

/// The spec of chunk `index`.
fn spec(o: &DatagenOptions, index: usize) -> ChunkSpec {
    ChunkSpec {
        seed: o.seed,
        index: index as u32,
        games: o.games_per_chunk,
        nodes: o.nodes as u32,
    }
}

/// The chunk file (`.xqd`) of chunk `index`.
pub fn chunk_path(o: &DatagenOptions, index: usize) -> PathBuf {
    let generation = o.network.as_ref().map(|(_, id)| id.generation);
    o.out.join(spec(o, index).file_name(generation))
}

/// The game file (`.xqg`) of chunk `index`.
pub fn games_path(o: &DatagenOptions, index: usize) -> PathBuf {
    let generation = o.network.as_ref().map(|(_, id)| id.generation);
    o.out.join(spec(o, index).games_file_name(generation))
}

/// Whether the chunk file is there and reads back whole.
fn finished(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| read_chunk(&bytes).is_ok())
}

/// Whether the game file is there, whole (its header and checksum).
fn finished_games(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| check_games(&bytes).is_ok())
}

/// Whether chunk `index`'s files are all there.
fn done(o: &DatagenOptions, index: usize) -> bool {
    (!o.format.games() || finished_games(&games_path(o, index)))
        && (!o.format.chunks() || finished(&chunk_path(o, index)))
}

/// Counters the workers share with the progress line.
#[derive(Default)]
struct Tally {
    chunks: AtomicUsize,
    games: AtomicUsize,
    positions: AtomicU64,
}

/// Plays chunk `index`'s games (`None`: stopped).
fn play(
    o: &DatagenOptions,
    index: usize,
    tally: &Tally,
    stop: &AtomicBool,
) -> Option<Vec<SelfPlayRecord>> {
    let on_game = |g: &SelfPlayRecord| {
        tally.games.fetch_add(1, Ordering::Relaxed);
        let positions = g.records().map_or(0, |r| r.len());
        tally
            .positions
            .fetch_add(positions as u64, Ordering::Relaxed);
    };
    let spec = spec(o, index);
    let mut searcher = engine::searcher(o.network.as_ref().map(|(net, _)| net.clone()));
    engine::play_engine_games(&mut searcher, &spec, &o.openings, stop, on_game)
}

/// The games of chunk `index` from its game file, if it is there whole
/// and of these options' chunk.
fn saved_games(o: &DatagenOptions, index: usize) -> Option<Vec<SelfPlayRecord>> {
    let bytes = std::fs::read(games_path(o, index)).ok()?;
    let file = read_games(&bytes).ok()?;
    let spec = spec(o, index);
    (file.info.chunk() == spec.info() && file.games.len() == spec.games).then_some(file.games)
}

/// Makes chunk `index`'s missing files: from its game file when that is
/// there and only the chunk file is missing, else by playing its games.
/// `Ok(false)`: stopped.
fn generate(
    o: &DatagenOptions,
    index: usize,
    tally: &Tally,
    stop: &AtomicBool,
) -> Result<bool, DatagenError> {
    let (games_file, chunk_file) = (games_path(o, index), chunk_path(o, index));
    let saved = if o.format.chunks() && !finished(&chunk_file) {
        saved_games(o, index)
    } else {
        None
    };
    let games = match saved {
        Some(games) => {
            let positions: usize = games
                .iter()
                .map(|g| g.records().map_or(0, |r| r.len()))
                .sum();
            tally.games.fetch_add(games.len(), Ordering::Relaxed);
            tally
                .positions
                .fetch_add(positions as u64, Ordering::Relaxed);
            games
        }
        None => match play(o, index, tally, stop) {
            Some(games) => games,
            None => return Ok(false),
        },
    };
    let spec = spec(o, index);
    if o.format.games() && !finished_games(&games_file) {
        let info = GamesInfo::new(spec.info(), o.network.as_ref().map(|(_, id)| *id));
        let bytes = write_games(&info, &games).map_err(|source| DatagenError::Games {
            path: games_file.clone(),
            source,
        })?;
        write_atomically(&games_file, &bytes).map_err(FileError::at(&games_file))?;
    }
    if o.format.chunks() && !finished(&chunk_file) {
        let chunk =
            Chunk::from_games(spec.info(), &games).map_err(|source| DatagenError::Chunk {
                path: chunk_file.clone(),
                source,
            })?;
        write_atomically(&chunk_file, &chunk.to_bytes()).map_err(FileError::at(&chunk_file))?;
    }
    Ok(true)
}

/// Writes `bytes` to `path` through a temporary file (`path` and `.tmp`)
/// renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

fn duration(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

/// Generates the chunks that are missing; returns how many it wrote.
pub fn run(o: &DatagenOptions) -> Result<usize, DatagenError> {
    std::fs::create_dir_all(&o.out).map_err(FileError::at(&o.out))?;
    let todo: Vec<usize> = (o.first_chunk..o.chunks).filter(|&k| !done(o, k)).collect();
    let bar = progress::bar("datagen", (todo.len() * o.games_per_chunk) as u64);
    if !o.progress {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    } else {
        progress::line(
            &bar,
            &format!(
                "datagen: {} of {} chunks to play ({} games each, {} nodes per move) into {}",
                todo.len(),
                o.chunks.saturating_sub(o.first_chunk),
                o.games_per_chunk,
                o.nodes,
                o.out.display()
            ),
        );
    }
    let tally = Tally::default();
    let queue = Queue::new(o.threads);
    let start = Instant::now();
    let generated = std::thread::scope(|scope| {
        let workers = scope.spawn(|| {
            queue.run::<_, _, DatagenError>(
                todo.len(),
                |_| Ok(()),
                |(), i| {
                    // `false`: stopped by another worker's failure.
                    if generate(o, todo[i], &tally, queue.stop_flag())? {
                        tally.chunks.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(())
                },
                |_, ()| Ok(true),
            )
        });
        // A terminal shows the bar; a log gets a line a minute.
        let mut last_line = Instant::now();
        while !workers.is_finished() {
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
        workers
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    bar.finish_and_clear();
    generated?;
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

/// Runs `xiangqi-tools datagen` with its arguments.
pub fn main(args: &DatagenArgs) -> Result<(), DatagenError> {
    run(&options(args)?).map(|_| ())
}
