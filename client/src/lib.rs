//! An engine process spoken to in UCI or UCCI: the `xiangqi` crate's
//! `xiangqi-engine`, Pikafish, Fairy-Stockfish, ElephantEye, ... (what
//! `xiangqi-tools match` and `analyze --engine` drive).
//!
//! [`EngineProcess::start`] runs the program and completes the handshake (with
//! the [`Spec`]'s init commands, such as `setoption name UCI_Variant value
//! xiangqi`); [`EngineProcess::search`] sets a [`Game`]'s position, searches with
//! any [`Limits`], streams the `info` lines as [`Info`] values and returns
//! the best move, stopping at a stop flag or a timeout. A process that dies
//! gives [`ClientError::Exited`] (never a hang) and [`EngineProcess::restart`]
//! starts a fresh one. Line by line, [`EngineProcess::spawn_raw`] starts a
//! process without the handshake, and [`EngineProcess::send_bytes`],
//! [`EngineProcess::read_until`], [`EngineProcess::close_input`] and
//! [`EngineProcess::wait_exit`] speak to it (the engine's own tests of
//! its protocol lines use them).
//!
//! ```no_run
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//! use xiangqi::{Game, Limits};
//! use xiangqi_client::{EngineProcess, Spec};
//!
//! let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
//! let limits = Limits::movetime(Duration::from_millis(100));
//! let reply = engine.search(&Game::new(), &limits, &AtomicBool::new(false), |info| {
//!     if let (Some(d), Some(s)) = (info.depth, info.score) {
//!         println!("depth {d} score {s} pv {:?}", info.pv);
//!     }
//! })?;
//! println!("best move {:?}", reply.best_move);
//! # Ok::<(), xiangqi_client::ClientError>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod clocked;
mod declared;
mod error;
mod info;
mod raw;
mod search;
mod spec;

use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use xiangqi::notation::{UciMove, UciRanks, format_uci};
use xiangqi::{Game, Limits, Move};

pub use clocked::GameClocks;
pub use declared::{DeclaredOption, parse_id, parse_option};
pub use error::ClientError;
pub use info::{Info, parse_info};
pub use search::SearchReply;
pub use spec::{Spec, Think, UcciTime};

/// The old name of [`EngineProcess`] (`Engine` named five different things
/// across the workspace).
#[deprecated(note = "renamed `EngineProcess`; removed in the next release")]
pub type Engine = EngineProcess;
/// The protocol an engine speaks: the session's one [`Protocol`] type.
pub use xiangqi_session::{Protocol, UnknownProtocol};

/// Extra time allowed beyond three times the move time.
pub const GRACE: Duration = Duration::from_secs(5);
/// How long a fixed-depth or fixed-node move may take.
pub const FIXED_TIMEOUT: Duration = Duration::from_secs(120);
/// How long the handshake and `isready` may take.
const READY_TIMEOUT: Duration = Duration::from_secs(30);

/// A running engine.
///
/// The process is told to quit, and killed, when the `EngineProcess` is dropped.
///
/// ```no_run
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::{Game, Limits};
/// use xiangqi_client::{EngineProcess, Spec};
///
/// // The engine plays both sides of a game, 10 000 nodes a move.
/// let mut engine = EngineProcess::start(&Spec::uci("pikafish"))?;
/// engine.new_game()?;
/// let mut game = Game::new();
/// let stop = AtomicBool::new(false);
/// while game.outcome().is_none() && game.ply() < 300 {
///     let reply = engine.search(&game, &Limits::nodes(10_000), &stop, |_| {})?;
///     game.play(reply.best_move.expect("a legal move"))?;
/// }
/// assert!(engine.healthy());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct EngineProcess {
    /// How it was started.
    pub spec: Spec,
    child: Child,
    /// `None` once [`EngineProcess::close_input`] closed it.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Extra time allowed for a reply beyond three times the move time.
    pub grace: Duration,
    /// How a UCCI engine is given a move time.
    pub ucci_time: UcciTime,
    /// A reply timed out and was never collected, or the output closed:
    /// restart before reuse.
    hung: bool,
    /// How long a search without a time limit (depth, nodes, mate) may
    /// take before it is stopped (default two minutes); `None`: no limit
    /// (stop it with the stop flag).
    pub search_timeout: Option<Duration>,
    /// How long the handshake and each `isready` may take (default 30 s;
    /// set at the start by [`EngineProcess::start_within`]).
    pub ready_timeout: Duration,
    /// The last `info` line with a score since the last move was asked.
    last_info: Option<String>,
    /// The `id` lines of the handshake, as (key, value).
    identity: Vec<(String, String)>,
    /// The options declared in the handshake.
    options: Vec<DeclaredOption>,
}

impl EngineProcess {
    /// Starts `spec`'s command and completes the handshake.
    ///
    /// ```no_run
    /// use xiangqi::notation::UciRanks;
    /// use xiangqi_client::{ClientError, EngineProcess, Spec};
    ///
    /// // Fairy-Stockfish: ranks 1-10, and told the variant after `uciok`.
    /// let mut spec = Spec::uci("fairy-stockfish");
    /// spec.ranks = UciRanks::OneToTen;
    /// spec.init.push("setoption name UCI_Variant value xiangqi".to_string());
    /// let mut engine = EngineProcess::start(&spec)?;
    /// assert!(engine.healthy());
    /// assert!(matches!(EngineProcess::start(&Spec::uci("")), Err(ClientError::EmptyCommand)));
    /// # Ok::<(), ClientError>(())
    /// ```
    pub fn start(spec: &Spec) -> Result<EngineProcess, ClientError> {
        EngineProcess::start_within(spec, READY_TIMEOUT)
    }

    /// [`EngineProcess::start`], with `ready_timeout` for the handshake and every
    /// later `isready` instead of 30 s: a program that never answers gives
    /// [`ClientError::Timeout`] after that long (and is killed).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use xiangqi_client::{ClientError, EngineProcess, Spec};
    ///
    /// // `cat` echoes `uci` but never says `uciok`.
    /// let t = Instant::now();
    /// let err = EngineProcess::start_within(&Spec::uci("cat"), Duration::from_secs(1)).err();
    /// assert_eq!(err, Some(ClientError::Timeout("uciok")));
    /// assert!(t.elapsed() < Duration::from_secs(3));
    /// ```
    pub fn start_within(
        spec: &Spec,
        ready_timeout: Duration,
    ) -> Result<EngineProcess, ClientError> {
        let mut e = EngineProcess::spawn_raw(spec)?;
        e.ready_timeout = ready_timeout;
        let (hello, ok) = match spec.protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ucci => ("ucci", "ucciok"),
        };
        e.send(hello)?;
        let (mut identity, mut options) = (Vec::new(), Vec::new());
        e.wait_until(ok, ready_timeout, |line| {
            if let Some(id) = parse_id(line) {
                identity.push(id);
            } else if let Some(option) = parse_option(line, spec.protocol) {
                options.push(option);
            }
            line.starts_with(ok)
        })?;
        (e.identity, e.options) = (identity, options);
        for line in &spec.init {
            e.send(line)?;
        }
        e.sync()?;
        Ok(e)
    }

    /// The rank numbering of its moves.
    ///
    /// ```no_run
    /// use xiangqi::notation::UciRanks;
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// assert_eq!(engine.ranks(), UciRanks::ZeroToNine); // Spec::uci's
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn ranks(&self) -> UciRanks {
        self.spec.ranks
    }

    /// What the engine said of itself in the handshake: its `id` lines
    /// (`name`, `author`) as (key, value), in order.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let name = engine.identity().iter().find(|(k, _)| k == "name");
    /// assert!(name.is_some_and(|(_, v)| v.starts_with("xiangqi-engine")));
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn identity(&self) -> &[(String, String)] {
        &self.identity
    }

    /// The options the engine declared in the handshake, in order.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let hash = engine.options().iter().find(|o| o.name == "Hash").expect("declared");
    /// assert_eq!(hash.kind, "spin");
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn options(&self) -> &[DeclaredOption] {
        &self.options
    }

    /// The process id.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let spec = Spec::uci("xiangqi-engine");
    /// let (a, b) = (EngineProcess::start(&spec)?, EngineProcess::start(&spec)?);
    /// assert_ne!(a.id(), b.id()); // two processes
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the engine can play another game: running, and not owing a
    /// late reply.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// engine.send("quit")?;
    /// std::thread::sleep(std::time::Duration::from_millis(500));
    /// assert!(!engine.healthy()); // it has exited
    /// engine.restart()?;
    /// assert!(engine.healthy());
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn healthy(&mut self) -> bool {
        !self.hung && matches!(self.child.try_wait(), Ok(None))
    }

    /// A fresh process of the same engine.
    ///
    /// ```no_run
    /// use std::time::Duration;
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// engine.grace = Duration::from_secs(1);
    /// let old = engine.id();
    /// engine.restart()?;
    /// // Another process, with the same settings.
    /// assert_ne!(engine.id(), old);
    /// assert_eq!(engine.grace, Duration::from_secs(1));
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn restart(&mut self) -> Result<(), ClientError> {
        let mut fresh = EngineProcess::start_within(&self.spec, self.ready_timeout)?;
        fresh.grace = self.grace;
        fresh.ucci_time = self.ucci_time;
        fresh.search_timeout = self.search_timeout;
        *self = fresh; // drops (quits and kills) the old process
        Ok(())
    }

    /// Sends one line (a command).
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// engine.send("setoption name Hash value 64")?;
    /// engine.sync()?; // the engine has read it
    /// assert!(engine.healthy());
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Waits for a line that `wanted` accepts; returns it
    /// ([`EngineProcess::read_until`], with `what` in the timeout error).
    fn wait_until(
        &mut self,
        what: &'static str,
        timeout: Duration,
        wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, ClientError> {
        self.read_until(timeout, wanted).map_err(|e| match e {
            ClientError::Timeout(_) => ClientError::Timeout(what),
            e => e,
        })
    }

    /// Waits for a line starting with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &'static str, timeout: Duration) -> Result<String, ClientError> {
        self.wait_until(prefix, timeout, |l| l.starts_with(prefix))
    }

    /// `isready` and its `readyok`: everything the engine printed before
    /// is read and dropped.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec, Think};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// engine.send("uci")?; // its `id` lines and `uciok` again...
    /// engine.sync()?; // ...read and dropped here
    /// let text = engine.best_move_from(None, &[], Think::Depth(3))?;
    /// assert_eq!(text.len(), 4); // a move such as h2e2, not a stray line
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn sync(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        self.wait_for("readyok", self.ready_timeout).map(|_| ())
    }

    /// Prepares a new game.
    ///
    /// ```no_run
    /// use xiangqi_client::{EngineProcess, Spec, Think};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// for _ in 0..2 {
    ///     engine.new_game()?; // `ucinewgame`, then `isready`
    ///     let first = engine.best_move_from(None, &[], Think::Depth(4))?;
    ///     assert!(!first.is_empty());
    /// }
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        match self.spec.protocol {
            Protocol::Uci => self.send("ucinewgame")?,
            Protocol::Ucci => self.send("setoption newgame")?,
        }
        self.sync()
    }

    /// Waits for the answer to `go`: a `bestmove` line, or UCCI's
    /// `nobestmove`.
    /// Waits for a `bestmove` (or `nobestmove`) line; keeps the last
    /// `info` line with a score on the way (see [`EngineProcess::last_info`]).
    fn wait_reply(&mut self, timeout: Duration) -> Result<String, ClientError> {
        let mut last = None;
        let reply = self.wait_until("bestmove", timeout, |l| {
            if l.starts_with("info") && l.contains(" score ") {
                last = Some(l.to_string());
            }
            l.starts_with("bestmove") || l.trim() == "nobestmove"
        });
        if last.is_some() {
            self.last_info = last;
        }
        reply
    }

    /// Asks for a move after `moves` from the position `fen` (None: the
    /// start position; sent as `position fen FEN`); returns the move text
    /// of the `bestmove` line, or why there is none (`nobestmove`
    /// included). Anything after the move (`ponder`, UCCI `draw` or
    /// `resign`) is ignored: the game's rules decide.
    ///
    /// ```no_run
    /// use xiangqi::Position;
    /// use xiangqi::notation::{UciMove, parse_uci};
    /// use xiangqi_client::{EngineProcess, Spec, Think};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let mut pos = Position::new();
    /// let central_cannon = "h2e2".parse()?;
    /// let text = engine.best_move_from(None, &[central_cannon], Think::Nodes(10_000))?;
    /// // The reply is text in the engine's rank numbering: read it after the moves.
    /// pos.play(central_cannon)?;
    /// assert!(matches!(parse_uci(&pos, &text, engine.ranks()), Ok(UciMove::Move(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move_from(
        &mut self,
        fen: Option<&str>,
        moves: &[Move],
        think: Think,
    ) -> Result<String, ClientError> {
        self.last_info = None;
        let pos = self.position_command(fen, moves);
        self.send(&pos)?;
        let ucci = self.spec.protocol == Protocol::Ucci;
        let (go, timeout) = match think {
            Think::MoveTime(t) if ucci && self.ucci_time == UcciTime::Stop => {
                return self.timed_by_stop(t);
            }
            Think::MoveTime(t) if ucci => (
                format!("go time {t} movestogo 1"),
                Duration::from_millis(t.saturating_mul(3)) + self.grace,
            ),
            Think::MoveTime(t) => (
                format!("go movetime {t}"),
                Duration::from_millis(t.saturating_mul(3)) + self.grace,
            ),
            Think::Depth(d) => (format!("go depth {d}"), FIXED_TIMEOUT + self.grace),
            Think::Nodes(n) => (format!("go nodes {n}"), FIXED_TIMEOUT + self.grace),
        };
        self.send(&go)?;
        match self.wait_reply(timeout) {
            Ok(line) => reply_move(&line),
            Err(e) => {
                // Collect the late reply so it is not taken for the next
                // move; if it does not come, restart before the next game.
                if self.send("stop").is_err() || self.wait_reply(Duration::from_secs(1)).is_err() {
                    self.hung = true;
                }
                Err(e)
            }
        }
    }

    /// UCCI with a fixed move time: search without a limit and `stop`
    /// after `t` ms (see [`UcciTime::Stop`]).
    fn timed_by_stop(&mut self, t: u64) -> Result<String, ClientError> {
        self.send("go depth 32")?;
        let t = Duration::from_millis(t);
        match self.wait_reply(t) {
            Ok(line) => return reply_move(&line),
            Err(ClientError::Exited) => return Err(ClientError::Exited),
            Err(_) => {}
        }
        self.send("stop")?;
        let reply = self.wait_reply(t.saturating_mul(2) + self.grace);
        // A `stop` that crossed the reply makes ElephantEye print a stray
        // `nobestmove`: `isready` drains it before the next move.
        if reply.is_err() || self.sync().is_err() {
            self.hung = true;
        }
        reply.and_then(|line| reply_move(&line))
    }
}

/// The move of a reply line, or why there is none.
fn reply_move(line: &str) -> Result<String, ClientError> {
    if line.trim() == "nobestmove" {
        return Err(ClientError::NoBestMove);
    }
    Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
}

impl EngineProcess {
    /// The `position` command for `moves` after `fen` (None: the start).
    fn position_command(&self, fen: Option<&str>, moves: &[Move]) -> String {
        let list: Vec<String> = moves
            .iter()
            .map(|&m| format_uci(UciMove::Move(m), self.spec.ranks))
            .collect();
        let base = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if list.is_empty() {
            base
        } else {
            format!("{base} moves {}", list.join(" "))
        }
    }

    /// The `position` command of a game: its start and its moves.
    fn game_position(&self, game: &Game) -> String {
        let moves: Vec<Move> = game.moves().collect();
        let start = game.start();
        if *start == xiangqi::Position::new() {
            self.position_command(None, &moves)
        } else {
            self.position_command(Some(&start.to_string()), &moves)
        }
    }

    /// The `go` command for `limits` (see [`EngineProcess::search`]).
    fn go_command(&self, limits: &Limits) -> String {
        let ucci = self.spec.protocol == Protocol::Ucci;
        let mut go = String::from("go");
        if limits.infinite {
            go.push_str(if ucci { " depth infinite" } else { " infinite" });
            return go;
        }
        if let Some(d) = limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let (Some(m), false) = (limits.mate, ucci) {
            go.push_str(&format!(" mate {m}"));
        }
        if let Some(t) = limits.movetime {
            let ms = t.as_millis();
            go.push_str(&if ucci {
                format!(" time {ms} movestogo 1")
            } else {
                format!(" movetime {ms}")
            });
        } else if let Some(c) = limits.clock {
            let (t, inc) = (c.remaining.as_millis(), c.increment.as_millis());
            if ucci {
                go.push_str(&format!(" time {t} increment {inc}"));
                if let Some(m) = c.moves_to_go {
                    go.push_str(&format!(" movestogo {m}"));
                }
            } else {
                go.push_str(&format!(" wtime {t} btime {t} winc {inc} binc {inc}"));
                if let Some(m) = c.moves_to_go {
                    go.push_str(&format!(" movestogo {m}"));
                }
            }
        }
        if go == "go" {
            go.push_str(if ucci { " depth infinite" } else { " infinite" });
        }
        go
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
