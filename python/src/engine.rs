//! `Session` (Python `xiangqi_rs.Session`, formerly `Engine`), `Score` and `SearchResult`: the engine session
//! ([`xiangqi_session::Session`]), the same engine as `xiangqi-engine`'s.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt};
use xiangqi::Limits;
use xiangqi_session::{
    FileSource, OptionKind, OptionSpec, OptionValue, Session, SessionConfig, Signals,
};

use crate::board::{PyBoard, PyMove};

/// A search score from the side to move's point of view: either
/// centipawns (`cp`, with `mate` `None`; a soldier that has not crossed the
/// river is about 90) or a mate distance (`mate`, with `cp` `None`: mate in
/// this many moves, negative when the side to move gets mated; also used
/// for wins and losses by perpetual check or chase found by the search).
#[pyclass(module = "xiangqi_rs", name = "Score", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyScore(pub(crate) xiangqi::Score);

#[pymethods]
impl PyScore {
    /// Centipawns, or `None` for a mate score.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.0 {
            xiangqi::Score::Cp(c) => Some(c),
            xiangqi::Score::Mate(_) => None,
        }
    }

    /// Moves to mate (negative: getting mated), or `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.0 {
            xiangqi::Score::Mate(m) => Some(m),
            xiangqi::Score::Cp(_) => None,
        }
    }

    /// Whether this is a mate score.
    fn is_mate(&self) -> bool {
        self.0.is_mate()
    }

    /// The same score from the other side's view (`-Score(cp=35)` is
    /// `Score(cp=-35)`).
    fn __neg__(&self) -> PyScore {
        PyScore(match self.0 {
            xiangqi::Score::Cp(c) => xiangqi::Score::Cp(c.saturating_neg()),
            xiangqi::Score::Mate(m) => xiangqi::Score::Mate(m.saturating_neg()),
        })
    }

    /// The UCI form, `"cp 35"` or `"mate -2"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            xiangqi::Score::Cp(c) => format!("Score(cp={c})"),
            xiangqi::Score::Mate(m) => format!("Score(mate={m})"),
        }
    }
}

/// What a search found.
#[pyclass(module = "xiangqi_rs", name = "SearchResult", frozen, get_all)]
pub struct PySearchResult {
    /// The move to play; `None` only if the side to move has no legal move.
    best_move: Option<PyMove>,
    /// Its `Score`.
    score: PyScore,
    /// The last completed depth, in plies (0 if even depth 1 was cut
    /// short).
    depth: u32,
    /// Nodes searched by all threads.
    nodes: u64,
    /// The principal variation, starting with `best_move`.
    pv: Vec<PyMove>,
    /// Time spent, in seconds.
    time: f64,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |m| format!("'{}'", m.0));
        format!(
            "SearchResult(best_move={best}, score={}, depth={}, nodes={})",
            self.score.__repr__(),
            self.depth,
            self.nodes
        )
    }
}

/// One of the engine's options, as `Session.options` lists them (the
/// shape of python-chess's `chess.engine.Option`).
#[pyclass(module = "xiangqi_rs", name = "EngineOption", frozen, get_all)]
pub struct EngineOption {
    /// The option's name (the UCI name).
    name: &'static str,
    /// `"spin"`, `"check"`, `"combo"`, `"button"` or `"file"`.
    r#type: &'static str,
    /// The value before any change (`None` for a button).
    default: Option<Py<PyAny>>,
    /// The smallest value of a spin.
    min: Option<i64>,
    /// The largest value of a spin.
    max: Option<i64>,
    /// The words a combo takes.
    var: Vec<&'static str>,
}

#[pymethods]
impl EngineOption {
    fn __repr__(&self, py: Python<'_>) -> String {
        let default = self
            .default
            .as_ref()
            .and_then(|d| d.bind(py).repr().ok())
            .map_or("None".to_string(), |r| r.to_string());
        format!(
            "EngineOption(name={:?}, type={:?}, default={default}, min={:?}, max={:?}, var={:?})",
            self.name, self.r#type, self.min, self.max, self.var
        )
    }
}

/// The engine session of `xiangqi-engine` in this process (the same
/// options, levels, book and network), with a transposition table of
/// `hash_mb` megabytes and `threads` search threads, kept between
/// searches.
///
/// `configure({...})` sets options by the engine's own names, UCI or UCCI
/// (`Hash`, `Threads`, `MultiPV`, `Skill Level`, `UCI_LimitStrength`,
/// `UCI_Elo`, `OwnBook`, `BookFile`, `Use NNUE`, `EvalFile`, `Move Limit`,
/// `hashsize`, ...); `EvalFile` and `BookFile` take a path (read here),
/// bytes or `"<embedded>"`.
///
/// `search` releases the GIL; `stop()`, from another thread, ends the
/// search under way. One session runs one search at a time (a second
/// `search` call waits); use several sessions to search in parallel.
///
/// Named `Session` (it wraps the Rust `xiangqi_session::Session` one to
/// one) so that it cannot be taken for the `xiangqi_rs.engine` module,
/// which drives engine processes; `xiangqi_rs.Engine` is its deprecated
/// alias.
#[pyclass(module = "xiangqi_rs", name = "Session", frozen)]
pub struct PySession {
    session: Arc<Mutex<Session>>,
    /// The session's signals, which stop whichever search runs.
    signals: Arc<Signals>,
}

/// A Python integer argument read as `i128`: a bad type, or a value past
/// even that, is a `ValueError` naming the argument (never an
/// `OverflowError`).
fn int_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyValueError::new_err(format!(
            "{name} must be an integer, not a bool"
        )));
    }
    value.extract::<i128>().map_err(|_| {
        let shown = value.repr().map_or("?".to_string(), |r| r.to_string());
        PyValueError::new_err(format!("{name} must be an integer in range, not {shown}"))
    })
}

/// A search limit: a non-negative integer that fits in 64 bits, else a
/// `ValueError` naming it (the session's rule judges the value).
fn count_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    let n = int_arg(value, name)?;
    u64::try_from(n).map_err(|_| {
        PyValueError::new_err(format!("{name} must be a non-negative integer, not {n}"))
    })
}

/// A Python value as a session option's value, by its type alone (the
/// session checks it against the option): `None` a press, a bool, an int,
/// a string. `EvalFile` and `BookFile` take bytes, or a path (read here)
/// or `"<embedded>"`.
fn option_value(spec: &'static OptionSpec, value: &Bound<'_, PyAny>) -> PyResult<OptionValue> {
    let bad = |what: String| PyValueError::new_err(format!("option {}: {what}", spec.name));
    if let OptionKind::File { .. } = spec.kind {
        let source = if let Ok(bytes) = value.cast::<PyBytes>() {
            FileSource::Bytes {
                name: "<bytes>".to_string(),
                bytes: bytes.as_bytes().to_vec(),
            }
        } else {
            let path: std::path::PathBuf = value
                .extract()
                .map_err(|_| bad("expected a path, bytes or \"<embedded>\"".to_string()))?;
            FileSource::parse(&path.to_string_lossy())
        };
        return source
            .load(spec)
            .map_err(|e| PyValueError::new_err(e.to_string()));
    }
    if value.is_none() {
        return Ok(OptionValue::Press);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(OptionValue::Bool(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        let n = int_arg(value, spec.name)?;
        return Ok(OptionValue::Int(i64::try_from(n).unwrap_or(i64::MAX)));
    }
    if let Ok(text) = value.extract::<String>() {
        return Ok(OptionValue::Text(text));
    }
    Err(bad(format!(
        "cannot take a {}",
        value
            .get_type()
            .name()
            .map_or("?".to_string(), |n| n.to_string())
    )))
}

#[pymethods]
impl PySession {
    #[new]
    #[pyo3(signature = (threads=None, hash_mb=None), text_signature = "(threads=1, hash_mb=16)")]
    fn new(
        threads: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySession> {
        let mut options = Vec::new();
        for (name, arg, value) in [
            ("Threads", "threads", threads),
            ("Hash", "hash_mb", hash_mb),
        ] {
            if let Some(v) = value {
                let n = int_arg(v, arg)?;
                options.push((name, OptionValue::Int(i64::try_from(n).unwrap_or(i64::MAX))));
            }
        }
        let mut session = Session::with_config(SessionConfig::native());
        session
            .configure(options)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let signals = session.signals();
        Ok(PySession {
            session: Arc::new(Mutex::new(session)),
            signals,
        })
    }

    /// Sets options by the engine's names (UCI or UCCI, any case), all or
    /// none: a bad name or value raises `ValueError` naming the option,
    /// and nothing changes. Waits for a search under way to end.
    fn configure(&self, py: Python<'_>, options: &Bound<'_, PyDict>) -> PyResult<()> {
        let mut values = Vec::new();
        for (key, value) in options.iter() {
            let name: String = key
                .extract()
                .map_err(|_| PyValueError::new_err("option names are strings"))?;
            let spec =
                OptionSpec::named(&name).map_err(|e| PyValueError::new_err(e.to_string()))?;
            values.push((spec.name, option_value(spec, &value)?));
        }
        let session = Arc::clone(&self.session);
        py.detach(move || {
            let mut s = session.lock().unwrap_or_else(PoisonError::into_inner);
            s.configure(values)
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The options, by name: each an `EngineOption` with its type,
    /// default and range.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for spec in Session::options() {
            let default: Option<Py<PyAny>> = match spec.default_value() {
                OptionValue::Int(n) => Some(n.into_pyobject(py)?.into_any().unbind()),
                OptionValue::Bool(b) => Some(PyBool::new(py, b).to_owned().into_any().unbind()),
                OptionValue::Text(t) => Some(t.into_pyobject(py)?.into_any().unbind()),
                _ => None,
            };
            let (min, max) = match spec.kind {
                OptionKind::Spin { min, max, .. } => (Some(min), Some(max)),
                _ => (None, None),
            };
            let var = match spec.kind {
                OptionKind::Combo { vars, .. } => vars.to_vec(),
                _ => Vec::new(),
            };
            let option = EngineOption {
                name: spec.name,
                r#type: spec.kind.type_name(),
                default,
                min,
                max,
                var,
            };
            dict.set_item(spec.name, Py::new(py, option)?)?;
        }
        Ok(dict)
    }

    /// Searches the board's position (with its game history, so that
    /// repetitions count) until every given limit is reached: a time in
    /// milliseconds, a depth in plies (1 to 255), a number of nodes (at
    /// least 1). At least one limit is needed (`ValueError` otherwise):
    /// the session's one rule for limits. With `OwnBook` on, a book move
    /// may answer at once. Returns a `SearchResult`.
    #[pyo3(signature = (board, movetime_ms=None, depth=None, nodes=None))]
    fn search(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        movetime_ms: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySearchResult> {
        let movetime_ms = movetime_ms
            .map(|v| count_arg(v, "movetime_ms"))
            .transpose()?;
        let depth = depth.map(|v| count_arg(v, "depth")).transpose()?;
        let nodes = nodes.map(|v| count_arg(v, "nodes")).transpose()?;
        let limits = Limits::default()
            .with_movetime(movetime_ms.map(Duration::from_millis))
            .with_depth(depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)))
            .with_nodes(nodes);
        let game = board.game.clone();
        drop(board);
        let session = Arc::clone(&self.session);
        let r = py
            .detach(move || {
                let mut s = session.lock().unwrap_or_else(PoisonError::into_inner);
                s.set_game(&game);
                s.search(&limits.into(), |_| {})
            })
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PySearchResult {
            best_move: r.best_move.map(PyMove),
            score: PyScore(r.score),
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv.iter().copied().map(PyMove).collect(),
            time: r.time.as_secs_f64(),
        })
    }

    /// Ends the search under way, if any (it then returns its best move so
    /// far). Safe to call from any thread.
    fn stop(&self) {
        self.signals.stop();
    }

    /// Forgets the transposition table and move-ordering statistics (for a
    /// new game), from the next search on. Waits for a search under way to
    /// end.
    fn clear(&self, py: Python<'_>) {
        let session = Arc::clone(&self.session);
        py.detach(move || {
            let _ = session
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .set_option("Clear Hash", OptionValue::Press);
        });
    }
}
