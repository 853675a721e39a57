//! `SessionEngine`: the engine session (`xiangqi_session::Session`) for
//! the worker of `xiangqi-wasm/engine` (`engine-worker.js`). The search
//! runs on the calling thread, reading the time from the host's
//! `performance.now()`.

use std::time::Duration;

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::{Limits, Move, Score, SearchInfo};
use xiangqi_session::{
    FileSource, OptionKind, OptionSpec, OptionValue, Session, SessionConfig, Source,
};

use crate::board::set;
use crate::errors::{Kind, argument, error};

#[wasm_bindgen]
extern "C" {
    /// The host's monotonic clock in milliseconds (a browser's, a worker's,
    /// Node's).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The time since the host's time origin, read from `performance.now()`
/// (a reading that is not a finite, non-negative number of milliseconds
/// below a year counts as zero).
fn host_time() -> Duration {
    let ms = performance_now();
    if ms.is_finite() && (0.0..3.2e10).contains(&ms) {
        Duration::from_secs_f64(ms / 1000.0)
    } else {
        Duration::ZERO
    }
}

/// The memory a 32-bit WebAssembly instance may still grow into, in MiB:
/// at most 2 GiB in all (what browsers grant reliably), less what the
/// instance has.
fn free_mib() -> Option<usize> {
    const LIMIT_MIB: usize = 2048;
    #[cfg(target_arch = "wasm32")]
    let used_mib = core::arch::wasm32::memory_size::<0>() * 64 / 1024;
    #[cfg(not(target_arch = "wasm32"))]
    let used_mib = 0;
    Some(LIMIT_MIB.saturating_sub(used_mib))
}

/// A score as `{cp}` or `{mate}`.
fn score_object(score: Score) -> Object {
    let o = Object::new();
    match score {
        Score::Cp(cp) => set(&o, "cp", cp),
        Score::Mate(m) => set(&o, "mate", m),
    }
    o
}

/// Moves as an array of ICCS strings.
fn moves_array(moves: &[Move]) -> Array {
    moves
        .iter()
        .map(|m| JsValue::from_str(&m.to_string()))
        .collect()
}

/// One iteration's report as a plain object.
fn info_object(info: &SearchInfo) -> Object {
    let o = Object::new();
    set(&o, "depth", info.depth);
    set(&o, "seldepth", info.seldepth);
    set(&o, "multipv", info.multipv as f64);
    set(&o, "score", score_object(info.score));
    set(&o, "nodes", info.nodes as f64);
    set(&o, "nps", info.nps as f64);
    set(&o, "timeMs", info.time.as_secs_f64() * 1000.0);
    set(&o, "hashfull", info.hashfull);
    set(&o, "pv", moves_array(&info.pv));
    o
}

/// The property `key` of `obj` (`undefined` if missing).
fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A limit: a non-negative integer, or `None` when missing.
fn count(obj: &JsValue, key: &str) -> Result<Option<u64>, JsValue> {
    let v = get(obj, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_f64()
        .filter(|n| n.fract() == 0.0 && (0.0..=9.0e15).contains(n))
        .map(|n| Some(n as u64))
        .ok_or_else(|| argument(format!("search limit {key} must be a non-negative integer")))
}

/// The search limits of `{movetime, depth, nodes, infinite}` (milliseconds
/// for `movetime`). None given is a search until `stop()`, as the
/// JavaScript `search()` documents; the session checks the rest by its one
/// rule (a depth from 1 to 255, nodes at least 1).
fn limits_of(obj: &JsValue) -> Result<Limits, JsValue> {
    if obj.is_undefined() || obj.is_null() {
        return Ok(Limits::infinite());
    }
    if !obj.is_object() {
        return Err(argument(
            "search limits must be an object such as {movetime: 1000}",
        ));
    }
    let movetime = count(obj, "movetime")?;
    let depth = count(obj, "depth")?;
    let nodes = count(obj, "nodes")?;
    let infinite = get(obj, "infinite").is_truthy();
    if movetime.is_none() && depth.is_none() && nodes.is_none() {
        return Ok(Limits::infinite());
    }
    Ok(Limits::default()
        .with_movetime(movetime.map(Duration::from_millis))
        .with_depth(depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)))
        .with_nodes(nodes)
        .with_infinite(infinite))
}

/// A JavaScript value as an option's value, by its type alone (the session
/// checks it against the option): a number, a boolean, a string, `null`
/// for a button; a file option takes `{name, bytes}` (bytes a
/// `Uint8Array`) or `"<embedded>"` (there are no files to read here).
fn option_value(spec: &'static OptionSpec, value: &JsValue) -> Result<OptionValue, JsValue> {
    let bad = |expected: &str| argument(format!("option {}: expected {expected}", spec.name));
    if let OptionKind::File { .. } = spec.kind {
        let source = match value.as_string() {
            Some(text) => FileSource::parse(&text),
            None => {
                let bytes = get(value, "bytes");
                if !bytes.is_instance_of::<js_sys::Uint8Array>() {
                    return Err(bad(
                        "{name, bytes} with bytes a Uint8Array, or \"<embedded>\"",
                    ));
                }
                FileSource::Bytes {
                    name: get(value, "name")
                        .as_string()
                        .unwrap_or_else(|| "file".into()),
                    bytes: js_sys::Uint8Array::from(bytes).to_vec(),
                }
            }
        };
        let no_files = |_: &str| {
            Err(std::io::Error::other(
                "no files here: give {name, bytes} with bytes a Uint8Array",
            ))
        };
        return source
            .into_value(spec, no_files)
            .map_err(|e| argument(e.to_string()));
    }
    if value.is_undefined() || value.is_null() {
        return Ok(OptionValue::Press);
    }
    if let Some(b) = value.as_bool() {
        return Ok(OptionValue::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        // A whole number is an integer; anything else goes to the session
        // as text, which says what the option expects.
        return Ok(if n.fract() == 0.0 && n.abs() <= 9.0e15 {
            OptionValue::Int(n as i64)
        } else {
            OptionValue::Text(n.to_string())
        });
    }
    if let Some(text) = value.as_string() {
        return Ok(OptionValue::Text(text));
    }
    Err(bad("a number, a boolean or a string"))
}

/// The engine session, driven by `engine-worker.js`.
#[wasm_bindgen]
pub struct SessionEngine {
    session: Session,
}

impl Default for SessionEngine {
    fn default() -> SessionEngine {
        SessionEngine::new()
    }
}

#[wasm_bindgen]
impl SessionEngine {
    /// A session with the default options (embedded network and book).
    #[wasm_bindgen(constructor)]
    pub fn new() -> SessionEngine {
        let config = SessionConfig::new()
            // The book's choices vary from game to game.
            .seed((js_sys::Math::random() * 9.0e15) as u64)
            // A table larger than memory can hold would abort (a trap): the
            // session refuses a Hash over half of what is free.
            .memory_probe(Box::new(free_mib))
            // The search's clock: the host's `performance.now()`.
            .time_source(std::sync::Arc::new(host_time));
        let session = Session::with_config(config);
        SessionEngine { session }
    }

    /// The options: `[{name, type, default, min, max, vars}]`.
    pub fn options() -> Array {
        Session::options()
            .iter()
            .map(|spec| {
                let o = Object::new();
                set(&o, "name", spec.name);
                set(&o, "type", spec.kind.type_name());
                match spec.default_value() {
                    OptionValue::Int(n) => set(&o, "default", n as f64),
                    OptionValue::Bool(b) => set(&o, "default", b),
                    OptionValue::Text(t) => set(&o, "default", t),
                    _ => {}
                }
                match spec.kind {
                    OptionKind::Spin { min, max, .. } => {
                        set(&o, "min", min as f64);
                        set(&o, "max", max as f64);
                    }
                    OptionKind::Combo { vars, .. } => {
                        let a: Array = vars.iter().map(|v| JsValue::from_str(v)).collect();
                        set(&o, "vars", a);
                    }
                    _ => {}
                }
                JsValue::from(o)
            })
            .collect()
    }

    /// Sets options by their names, UCI or UCCI, in any case (`"Hash"`,
    /// `"MultiPV"`, `"Skill Level"`, `"UCI_Elo"`, `"hashsize"`,
    /// `"usebook"`, ...), given as `[name, value]` pairs, values numbers,
    /// booleans or strings: all or none (a bad one throws
    /// `InvalidArgumentError` naming it, and nothing changes).
    pub fn configure(&mut self, options: Vec<JsValue>) -> Result<(), JsValue> {
        let mut values = Vec::with_capacity(options.len());
        for pair in &options {
            let pair = Array::from(pair);
            let name = pair
                .get(0)
                .as_string()
                .ok_or_else(|| argument("options are [name, value] pairs, names strings"))?;
            let spec = OptionSpec::named(&name).map_err(|e| argument(e.to_string()))?;
            values.push((spec.name, option_value(spec, &pair.get(1))?));
        }
        self.session
            .configure(values)
            .map_err(|e| argument(e.to_string()))
    }

    /// Sets the game to search: a FEN (`undefined` for the start; composed
    /// studies accepted) and the moves played from it, in ICCS.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&mut self, fen: Option<String>, moves: Vec<String>) -> Result<(), JsValue> {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.session
            .set_position(fen.as_deref(), &moves)
            .map_err(|e| error(Kind::Fen, e.to_string()))
    }

    /// Forgets what earlier games taught the search (its table).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.session.new_game();
    }

    /// Searches the game under `{movetime, depth, nodes}` on this thread,
    /// calling `onInfo` with each iteration's report, and returns
    /// `{bestMove, ponder, score, depth, nodes, timeMs, pv, source}`
    /// (`bestMove` `null` when the side to move has no move).
    pub fn search(
        &mut self,
        limits: JsValue,
        on_info: Option<Function>,
    ) -> Result<Object, JsValue> {
        let limits = limits_of(&limits)?;
        let this = JsValue::NULL;
        let outcome = self
            .session
            .search(&limits.into(), |info| {
                if let Some(f) = &on_info {
                    // An exception in the callback is the caller's: the
                    // search goes on.
                    let _ = f.call1(&this, &info_object(info));
                }
            })
            .map_err(|e| argument(e.to_string()))?;
        let o = Object::new();
        let best = outcome.best_move();
        set(
            &o,
            "bestMove",
            best.map_or(JsValue::NULL, |m| JsValue::from_str(&m.to_string())),
        );
        set(
            &o,
            "ponder",
            outcome
                .ponder_move()
                .map_or(JsValue::NULL, |m| JsValue::from_str(&m.to_string())),
        );
        set(&o, "score", score_object(outcome.score));
        set(&o, "depth", outcome.depth);
        set(&o, "nodes", outcome.nodes as f64);
        set(&o, "timeMs", outcome.time.as_secs_f64() * 1000.0);
        set(&o, "pv", moves_array(&outcome.pv));
        set(
            &o,
            "source",
            match outcome.source {
                Source::Book => "book",
                Source::NoMove => "none",
                _ => "search",
            },
        );
        Ok(o)
    }
}
