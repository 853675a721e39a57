//! `xiangqi_rs.data`: training data from self-play, in the chunk format of
//! `xiangqi-tools datagen` and its compact game files (the same bytes for
//! the same seed), and reading them back.

use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use xiangqi::{Color, Move};
use xiangqi_selfplay::data::{ChunkInfo, Record, read_chunk as read_chunk_bytes};
use xiangqi_selfplay::games::write_games;
use xiangqi_selfplay::games::{GamesInfo, NetworkId, network_id, read_games as read_games_bytes};
use xiangqi_selfplay::{ChunkSpec, default_openings, engine, parse_openings};
use xiangqi_session::Network;

pyo3::create_exception!(
    xiangqi_rs.data,
    NetworkError,
    PyValueError,
    "Bytes that are not a valid network file (bad magic, version, size or checksum)."
);
pyo3::create_exception!(
    xiangqi_rs.data,
    ChunkError,
    PyValueError,
    "Bytes that are not a valid chunk or game file (bad magic, version, size or checksum)."
);

/// The network read from `bytes` (of any width the engine plays), or
/// `None` for the classical evaluator.
fn network(bytes: Option<&[u8]>) -> PyResult<Option<Network>> {
    bytes
        .map(|b| Network::from_bytes(b).map_err(|e| NetworkError::new_err(e.to_string())))
        .transpose()
}

/// The spec, with its arguments checked.
fn spec(seed: u64, index: u32, games: usize, nodes: u32) -> PyResult<ChunkSpec> {
    if nodes == 0 {
        return Err(PyValueError::new_err("nodes must be at least 1"));
    }
    Ok(ChunkSpec {
        seed,
        index,
        games,
        nodes,
    })
}

/// A chunk to play, from the arguments of `generate_chunk` and
/// `generate_games`, checked (by the functions `generator!` declares).
struct ChunkRun {
    spec: ChunkSpec,
    network: Option<Network>,
    /// The network's identity for a game file's header.
    network_id: Option<NetworkId>,
    openings: Vec<Vec<Move>>,
}

impl ChunkRun {
    /// The chunk file's bytes.
    fn chunk(self) -> PyResult<Vec<u8>> {
        let stop = AtomicBool::new(false);
        let mut searcher = engine::searcher(self.network);
        let chunk =
            engine::play_engine_chunk(&mut searcher, &self.spec, &self.openings, &stop, |_| {});
        chunk.map(|c| c.to_bytes()).ok_or_else(stopped)
    }

    /// The game file's bytes.
    fn games(self) -> PyResult<Vec<u8>> {
        let stop = AtomicBool::new(false);
        let mut searcher = engine::searcher(self.network);
        let games =
            engine::play_engine_games(&mut searcher, &self.spec, &self.openings, &stop, |_| {});
        let games = games.ok_or_else(stopped)?;
        write_games(&GamesInfo::new(self.spec.info(), self.network_id), &games)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

fn stopped() -> PyErr {
    PyValueError::new_err("the chunk was stopped")
}

/// Declares a Python function with the arguments of a chunk to play that
/// checks them, plays the chunk with the GIL released and returns the bytes
/// `$play` makes of it: `generate_chunk` and `generate_games`.
macro_rules! generator {
    ($(#[doc = $doc:expr])* fn $name:ident => $play:path) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (*, seed, index, games, nodes=6000, network=None, openings=None))]
        fn $name<'py>(
            py: Python<'py>,
            seed: u64,
            index: u32,
            games: usize,
            nodes: u32,
            network: Option<&[u8]>,
            openings: Option<&str>,
        ) -> PyResult<Bound<'py, PyBytes>> {
            let spec = spec(seed, index, games, nodes)?;
            let net = self::network(network)?;
            let network_id = net.as_ref().zip(network).map(|(n, bytes)| NetworkId {
                generation: n.generation(),
                id: network_id(bytes),
            });
            let openings = match openings {
                Some(text) => parse_openings(text).map_err(PyValueError::new_err)?,
                None => default_openings(),
            };
            let run = ChunkRun {
                spec,
                network: net,
                network_id,
                openings,
            };
            let bytes = py.detach(move || $play(run))?;
            Ok(PyBytes::new(py, &bytes))
        }
    };
}

generator! {
    /// Plays chunk `index` of a self-play run seeded with `seed`: `games` games
    /// at `nodes` nodes per move, by the classical evaluator or, with
    /// `network` (the bytes of a `.nnue` file, 128 or 256 wide), by that network, each from a
    /// line of `openings` (text: one line of ICCS moves each, `#` comments;
    /// by default the engine's match openings) and 2 to 6 random plies.
    /// Returns the chunk file's bytes, exactly what `xiangqi-tools datagen
    /// --seed SEED --nodes NODES --games-per-chunk GAMES` writes for chunk
    /// `index` (name it with `chunk_name`). One thread; releases the GIL.
    fn generate_chunk => ChunkRun::chunk
}

generator! {
    /// Plays chunk `index` as `generate_chunk` does and returns the bytes of
    /// its game file: the games themselves (moves, per-ply scores, results), a
    /// few bytes a position, exactly what `xiangqi-tools datagen --format
    /// games` writes (name it with `games_name`). `read_games` gives back the
    /// positions of the chunk file of the same games. One thread; releases the
    /// GIL.
    fn generate_games => ChunkRun::games
}

/// The file name `xiangqi-tools datagen` gives chunk `index`:
/// `s<seed>-n<nodes>-<index>.xqd`, prefixed `g<generation>-` when
/// `network` (the bytes of a `.nnue` file) plays.
#[pyfunction]
#[pyo3(signature = (*, seed, index, nodes=6000, network=None))]
fn chunk_name(seed: u64, index: u32, nodes: u32, network: Option<&[u8]>) -> PyResult<String> {
    let generation = self::network(network)?.map(|n| n.generation());
    Ok(spec(seed, index, 0, nodes)?.file_name(generation))
}

/// The file name `xiangqi-tools datagen` gives chunk `index`'s game file:
/// `chunk_name`'s, ending `.xqg`.
#[pyfunction]
#[pyo3(signature = (*, seed, index, nodes=6000, network=None))]
fn games_name(seed: u64, index: u32, nodes: u32, network: Option<&[u8]>) -> PyResult<String> {
    let generation = self::network(network)?.map(|n| n.generation());
    Ok(spec(seed, index, 0, nodes)?.games_file_name(generation))
}

/// A chunk file read back: its header and its positions.
#[pyclass(module = "xiangqi_rs.data", frozen, get_all)]
struct Chunk {
    /// The generator's seed.
    seed: u64,
    /// The chunk's index.
    index: u32,
    /// Nodes per move of the search that scored the positions.
    nodes: u32,
    /// The positions: `(fen, score, winner, ply)` tuples, `score` the
    /// search score in centipawns from the side to move's view, `winner`
    /// the game's (`"red"`, `"black"` or `None` for a draw), `ply` the
    /// game's ply at the position (capped at 255).
    positions: Vec<(String, i16, Option<&'static str>, u8)>,
}

#[pymethods]
impl Chunk {
    fn __len__(&self) -> usize {
        self.positions.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Chunk(seed={}, index={}, nodes={}, positions={})",
            self.seed,
            self.index,
            self.nodes,
            self.positions.len()
        )
    }
}

/// The `Chunk` of a header and its records.
fn chunk_of(info: ChunkInfo, records: &[Record]) -> PyResult<Chunk> {
    let err = |e: xiangqi_selfplay::data::DataError| ChunkError::new_err(e.to_string());
    let positions = records
        .iter()
        .map(|r| {
            let pos = r.position().map_err(err)?;
            let winner = r.result().winner().map(Color::name);
            Ok((pos.to_string(), r.score(), winner, r.ply()))
        })
        .collect::<PyResult<_>>()?;
    Ok(Chunk {
        seed: info.seed,
        index: info.index,
        nodes: info.nodes,
        positions,
    })
}

/// Reads a chunk file's bytes; raises `ChunkError` for anything that is not
/// a whole, valid chunk (a partial file from a stop, a flipped bit).
#[pyfunction]
fn read_chunk(data: &[u8]) -> PyResult<Chunk> {
    let (info, records) = read_chunk_bytes(data).map_err(|e| ChunkError::new_err(e.to_string()))?;
    chunk_of(info, &records)
}

/// Reads a game file's bytes: its header and the positions its games give
/// (the chunk file's of the same games); raises `ChunkError` for anything
/// that is not a whole, valid game file.
#[pyfunction]
fn read_games(data: &[u8]) -> PyResult<Chunk> {
    let file = read_games_bytes(data).map_err(|e| ChunkError::new_err(e.to_string()))?;
    chunk_of(file.info.chunk(), &file.records)
}

/// The `data` submodule.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "data")?;
    m.add_class::<Chunk>()?;
    m.add_function(wrap_pyfunction!(generate_chunk, &m)?)?;
    m.add_function(wrap_pyfunction!(chunk_name, &m)?)?;
    m.add_function(wrap_pyfunction!(read_chunk, &m)?)?;
    m.add_function(wrap_pyfunction!(generate_games, &m)?)?;
    m.add_function(wrap_pyfunction!(games_name, &m)?)?;
    m.add_function(wrap_pyfunction!(read_games, &m)?)?;
    m.add("NetworkError", py.get_type::<NetworkError>())?;
    m.add("ChunkError", py.get_type::<ChunkError>())?;
    Ok(m)
}
