//! `xiangqi_rs._core.engine_client`: an engine process (ours, Pikafish,
//! Fairy-Stockfish, ElephantEye) driven over UCI or UCCI by the Rust
//! client crate [`xiangqi_client`]. The Python API on top of it, after
//! python-chess's `chess.engine`, is `xiangqi_rs.engine`.
//!
//! Every wait on the process releases the GIL. Failures raise the
//! exception classes of `xiangqi_rs.engine` (`EngineTerminatedError`,
//! `EngineTimeoutError`, `EngineError`).

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use xiangqi::Limits;
use xiangqi_client::{ClientError, EngineProcess, Info, Protocol, Spec};

use crate::board::{PyBoard, PyMove};
use crate::engine::PyScore;

/// The process, or why there is none any more.
struct State {
    /// The running engine; `None` once it has quit or died.
    engine: Option<EngineProcess>,
    /// Why the engine is gone (for the exception of later calls).
    gone: &'static str,
}

/// An engine process spoken to over UCI or UCCI (the low-level half of
/// `xiangqi_rs.engine.SimpleEngine`).
#[pyclass(module = "xiangqi_rs._core.engine_client", frozen)]
pub struct Client {
    state: Mutex<State>,
    pid: u32,
    protocol: Protocol,
}

/// What one search gave: the best move, the ponder move and the merged
/// `info` of each line, by `multipv` rank.
type Found = (
    Option<xiangqi::Move>,
    Option<xiangqi::Move>,
    BTreeMap<u32, Info>,
);

/// What `Client.search` returns: the best move, the ponder move and the
/// info dicts by rank.
type Reply<'py> = (Option<PyMove>, Option<PyMove>, Vec<Bound<'py, PyDict>>);

/// The exception class `name` of `xiangqi_rs.engine`, raised with `msg`.
fn engine_error(py: Python<'_>, name: &str, msg: String) -> PyErr {
    match py.import("xiangqi_rs.engine").and_then(|m| m.getattr(name)) {
        Ok(class) => match class.cast_into::<PyType>() {
            Ok(class) => PyErr::from_type(class, msg),
            Err(_) => PyRuntimeError::new_err(msg),
        },
        Err(_) => PyRuntimeError::new_err(msg),
    }
}

/// The Python exception for a client error.
fn failure(py: Python<'_>, e: &ClientError) -> PyErr {
    let name = match e {
        ClientError::Exited | ClientError::Write(_) => "EngineTerminatedError",
        ClientError::Timeout(_) => "EngineTimeoutError",
        ClientError::EmptyCommand => return PyValueError::new_err(e.to_string()),
        _ => "EngineError",
    };
    engine_error(py, name, e.to_string())
}

/// Folds a later `info` line of the same line (`multipv`) into `into`:
/// what it gives replaces what was there (python-chess's way).
fn merge(into: &mut Info, new: &Info) {
    macro_rules! take {
        ($($f:ident),*) => { $( if new.$f.is_some() { into.$f = new.$f; } )* };
    }
    take!(depth, seldepth, multipv, nodes, nps, time, hashfull);
    if new.score.is_some() {
        into.score = new.score;
        into.bound = new.bound;
    }
    if !new.pv.is_empty() {
        into.pv.clone_from(&new.pv);
    }
    if new.string.is_some() {
        into.string.clone_from(&new.string);
    }
}

/// An `Info` as python-chess's info dict: only the keys the engine gave.
fn info_dict<'py>(py: Python<'py>, info: &Info) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (key, value) in [
        ("depth", info.depth),
        ("seldepth", info.seldepth),
        ("multipv", info.multipv),
        ("hashfull", info.hashfull),
    ] {
        if let Some(v) = value {
            d.set_item(key, v)?;
        }
    }
    for (key, value) in [("nodes", info.nodes), ("nps", info.nps)] {
        if let Some(v) = value {
            d.set_item(key, v)?;
        }
    }
    if let Some(score) = info.score {
        d.set_item("score", PyScore(score))?;
        if info.bound {
            d.set_item("bound", true)?;
        }
    }
    if let Some(t) = info.time {
        d.set_item("time", t.as_secs_f64())?;
    }
    if !info.pv.is_empty() {
        let pv: Vec<PyMove> = info.pv.iter().copied().map(PyMove).collect();
        d.set_item("pv", pv)?;
    }
    if let Some(s) = &info.string {
        d.set_item("string", s)?;
    }
    Ok(d)
}

impl Client {
    /// Runs `f` on the engine with the GIL released; a dead process is
    /// dropped (killed and reaped), and later calls raise
    /// `EngineTerminatedError`.
    fn with_engine<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut EngineProcess) -> Result<T, ClientError> + Send,
    ) -> PyResult<T> {
        let r = py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(engine) = state.engine.as_mut() else {
                return Err(None);
            };
            let r = f(engine);
            let died = match &r {
                Err(ClientError::Exited | ClientError::Write(_)) => true,
                Err(ClientError::Hung) => !engine.healthy(),
                _ => false,
            };
            if died {
                state.engine = None;
                state.gone = "the engine process died";
            }
            r.map_err(Some)
        });
        r.map_err(|e| match e {
            Some(ClientError::Hung) if self.is_gone() => {
                engine_error(py, "EngineTerminatedError", self.gone_reason().to_string())
            }
            Some(e) => failure(py, &e),
            None => engine_error(py, "EngineTerminatedError", self.gone_reason().to_string()),
        })
    }

    fn is_gone(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .engine
            .is_none()
    }

    fn gone_reason(&self) -> &'static str {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .gone
    }
}

#[pymethods]
impl Client {
    /// Starts `argv` (the program and its arguments, none containing
    /// whitespace) and completes the handshake of `protocol` (`"uci"` or
    /// `"ucci"`) within `timeout` seconds, which is also how long each
    /// `isready` may take and half the grace a search gets past its time.
    /// `fairy_stockfish`: ranks 1-10 and `UCI_Variant xiangqi`.
    #[new]
    #[pyo3(signature = (argv, protocol, timeout, fairy_stockfish=false))]
    fn new(
        py: Python<'_>,
        argv: Vec<String>,
        protocol: &str,
        timeout: f64,
        fairy_stockfish: bool,
    ) -> PyResult<Client> {
        let protocol: Protocol = protocol
            .parse()
            .map_err(|e: xiangqi_client::UnknownProtocol| PyValueError::new_err(e.to_string()))?;
        if argv.is_empty()
            || argv
                .iter()
                .any(|a| a.is_empty() || a.contains(char::is_whitespace))
        {
            return Err(PyValueError::new_err(
                "the command is a program and arguments without whitespace",
            ));
        }
        if !(timeout.is_finite() && timeout > 0.0 && timeout <= 86_400.0) {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds above 0, not {timeout}"
            )));
        }
        let mut spec = Spec {
            protocol,
            ..Spec::uci(&argv.join(" "))
        };
        if fairy_stockfish {
            spec = spec.fairy_stockfish();
        }
        let timeout = Duration::from_secs_f64(timeout);
        let engine = py
            .detach(|| {
                let mut e = EngineProcess::start_within(&spec, timeout)?;
                e.grace = timeout / 2;
                Ok::<_, ClientError>(e)
            })
            .map_err(|e| failure(py, &e))?;
        Ok(Client {
            pid: engine.id(),
            state: Mutex::new(State {
                engine: Some(engine),
                gone: "the engine has quit",
            }),
            protocol,
        })
    }

    /// The engine's process id.
    #[getter]
    fn pid(&self) -> u32 {
        self.pid
    }

    /// `"uci"` or `"ucci"`.
    #[getter]
    fn protocol(&self) -> &'static str {
        self.protocol.name()
    }

    /// Whether the process runs and owes no late reply.
    #[getter]
    fn alive(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .engine
            .as_mut()
            .is_some_and(EngineProcess::healthy)
    }

    /// Sends each line, then waits for `readyok`.
    fn send(&self, py: Python<'_>, lines: Vec<String>) -> PyResult<()> {
        if lines.iter().any(|l| l.contains(['\n', '\r'])) {
            return Err(PyValueError::new_err("a command is one line"));
        }
        self.with_engine(py, move |e| {
            for line in &lines {
                e.send(line)?;
            }
            e.sync()
        })
    }

    /// `ucinewgame` (UCCI: `setoption newgame`), then `isready`.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, EngineProcess::new_game)
    }

    /// Searches the board's game (its start and moves) within the limits
    /// (`time` in seconds); returns the best move, the ponder move and the
    /// info dicts of the lines by rank (the last report of each, merged).
    #[pyo3(signature = (board, time=None, depth=None, nodes=None, mate=None))]
    fn search<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, PyBoard>,
        time: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        mate: Option<u32>,
    ) -> PyResult<Reply<'py>> {
        if let Some(t) = time {
            if !(t.is_finite() && (0.0..=31_536_000.0).contains(&t)) {
                return Err(PyValueError::new_err(format!(
                    "time must be a number of seconds from 0, not {t}"
                )));
            }
        }
        if time.is_none() && depth.is_none() && nodes.is_none() && mate.is_none() {
            return Err(PyValueError::new_err(
                "no limit: give time, depth, nodes or mate",
            ));
        }
        let limits = Limits::default()
            .with_movetime(time.map(Duration::from_secs_f64))
            .with_depth(depth)
            .with_nodes(nodes)
            .with_mate(mate);
        let game = board.game.clone();
        drop(board);
        let (best, ponder, lines): Found = self.with_engine(py, move |e| {
            let mut lines: BTreeMap<u32, Info> = BTreeMap::new();
            // The search-wide counts of lines without a score or a line
            // (UCCI engines report them apart: `info time 22 nodes 11277`).
            let mut counts = Info::default();
            let stop = AtomicBool::new(false);
            let reply = e.search(&game, &limits, &stop, |info| {
                if info.score.is_some() || !info.pv.is_empty() {
                    let line = lines.entry(info.multipv.unwrap_or(1));
                    merge(line.or_insert_with(|| counts.clone()), info);
                } else {
                    let c = Info {
                        nodes: info.nodes,
                        nps: info.nps,
                        time: info.time,
                        hashfull: info.hashfull,
                        ..Info::default()
                    };
                    merge(&mut counts, &c);
                    lines.values_mut().for_each(|line| merge(line, &c));
                }
            })?;
            Ok((reply.best_move, reply.ponder, lines))
        })?;
        let infos = lines
            .values()
            .map(|i| info_dict(py, i))
            .collect::<PyResult<_>>()?;
        Ok((best.map(PyMove), ponder.map(PyMove), infos))
    }

    /// Tells the engine to quit and ends the process (killed after 0.1 s).
    /// Later calls raise `EngineTerminatedError`.
    fn quit(&self, py: Python<'_>) {
        py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.engine = None;
            state.gone = "the engine has quit";
        });
    }
}

/// The `engine_client` submodule.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "engine_client")?;
    m.add_class::<Client>()?;
    Ok(m)
}
