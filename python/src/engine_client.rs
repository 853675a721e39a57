//! `xiangqi_rs._core.engine_client`: an engine process (ours, Pikafish,
//! Fairy-Stockfish, ElephantEye) driven over UCI or UCCI by the Rust
//! client crate [`xiangqi_client`]. The Python API on top of it, after
//! python-chess's `chess.engine`, is `xiangqi_rs.engine`.
//!
//! Every wait on the process releases the GIL. Failures raise the
//! exception classes of `xiangqi_rs.engine` (`EngineTerminatedError`,
//! `EngineTimeoutError`, `EngineError`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use xiangqi::Limits;
use xiangqi_client::{
    ClientError, DeclaredOption, EngineProcess, GameClocks, Info, Protocol, Spec,
};

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
    /// The `id` lines of the handshake.
    identity: Vec<(String, String)>,
    /// The options declared in the handshake.
    options: Vec<DeclaredOption>,
    /// Set by `stop()`: the search under way sends `stop`.
    stop: Arc<AtomicBool>,
}

/// A declared option as Python gets it: (name, type, default, min, max,
/// choices).
type OptionTuple = (
    String,
    String,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Vec<String>,
);

/// A Python number of seconds as a duration, or a `ValueError` naming it.
fn seconds(name: &str, t: f64) -> PyResult<Duration> {
    if t.is_finite() && (0.0..=31_536_000.0).contains(&t) {
        Ok(Duration::from_secs_f64(t))
    } else {
        Err(PyValueError::new_err(format!(
            "{name} must be a number of seconds from 0, not {t}"
        )))
    }
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
    /// Starts `argv` (the program, a path that may hold spaces, and its
    /// arguments, each passed as it is) and completes the handshake of `protocol` (`"uci"` or
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
        let Some((program, args)) = argv.split_first().filter(|(p, _)| !p.is_empty()) else {
            return Err(PyValueError::new_err("empty engine command"));
        };
        if !(timeout.is_finite() && timeout > 0.0 && timeout <= 86_400.0) {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds above 0, not {timeout}"
            )));
        }
        let mut spec = Spec {
            protocol,
            ..Spec::uci(program).with_args(args.iter().cloned())
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
            identity: engine.identity().to_vec(),
            options: engine.options().to_vec(),
            stop: Arc::new(AtomicBool::new(false)),
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

    /// The engine's `id` lines, as (key, value) pairs.
    #[getter]
    fn id(&self) -> Vec<(String, String)> {
        self.identity.clone()
    }

    /// The options the engine declared: (name, type, default, min, max,
    /// choices).
    #[getter]
    fn options(&self) -> Vec<OptionTuple> {
        self.options
            .iter()
            .map(|o| {
                let o = o.clone();
                (o.name, o.kind, o.default, o.min, o.max, o.vars)
            })
            .collect()
    }

    /// Asks the search under way, if any, to stop (from any thread).
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
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
    /// (`time` in seconds; `clocks`: Red's and Black's seconds left and
    /// increments, with `moves_to_go`; `infinite`: until `stop()`); returns
    /// the best move, the ponder move and the info dicts of the lines by
    /// rank (the last report of each, merged). `on_info`, if given, is
    /// called with each info dict as it comes.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (board, time=None, depth=None, nodes=None, mate=None, clocks=None, moves_to_go=None, infinite=false, on_info=None))]
    fn search<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, PyBoard>,
        time: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        mate: Option<u32>,
        clocks: Option<(f64, f64, f64, f64)>,
        moves_to_go: Option<u32>,
        infinite: bool,
        on_info: Option<Py<PyAny>>,
    ) -> PyResult<Reply<'py>> {
        let time = time.map(|t| seconds("time", t)).transpose()?;
        let clocks = match clocks {
            Some((w, b, wi, bi)) => Some(GameClocks {
                remaining: [seconds("white_clock", w)?, seconds("black_clock", b)?],
                increment: [seconds("white_inc", wi)?, seconds("black_inc", bi)?],
                moves_to_go,
                turn: board.game.position().turn(),
            }),
            None => None,
        };
        let limited = time.is_some()
            || depth.is_some()
            || nodes.is_some()
            || mate.is_some()
            || clocks.is_some();
        if !limited && !infinite {
            return Err(PyValueError::new_err(
                "no limit: give time, depth, nodes, mate or clocks",
            ));
        }
        let limits = Limits::default()
            .with_movetime(time)
            .with_depth(depth)
            .with_nodes(nodes)
            .with_mate(mate)
            .with_infinite(infinite && !limited);
        let game = board.game.clone();
        drop(board);
        let stop = Arc::clone(&self.stop);
        let result = self.with_engine(py, move |e| {
            let mut lines: BTreeMap<u32, Info> = BTreeMap::new();
            // The search-wide counts of lines without a score or a line
            // (UCCI engines report them apart: `info time 22 nodes 11277`).
            let mut counts = Info::default();
            let report = |info: &Info| {
                if let Some(callback) = &on_info {
                    let called = Python::attach(|py| {
                        info_dict(py, info).and_then(|d| callback.call1(py, (d,)).map(|_| ()))
                    });
                    if called.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            };
            let mut each = |info: &Info| {
                report(info);
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
            };
            let reply = match &clocks {
                Some(clocks) => e.search_clocked(&game, clocks, &limits, &stop, &mut each),
                None => e.search(&game, &limits, &stop, &mut each),
            };
            stop.store(false, Ordering::Relaxed);
            let reply = reply?;
            Ok((reply.best_move, reply.ponder, lines))
        });
        let (best, ponder, lines): Found = result?;
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
