//! What the engine's tests share: the binary under test, temporary folders,
//! and [`RawEngine`], the binary spoken to line by line through
//! `xiangqi_client`'s [`EngineProcess`] (its raw lines: no handshake, every
//! line the engine prints read and kept). `RawEngine` is for the tests of
//! the protocol's own lines; tests of searches drive the engine through
//! the client's searches (`client.rs`, `searches.rs`).
//!
//! Cargo builds the binary before the integration tests that name it
//! (`CARGO_BIN_EXE_xiangqi-engine`), in the profile of the test run.

use std::process::ExitStatus;
use std::time::Duration;

use xiangqi_client::{EngineProcess, Spec};

/// Generous: a loaded two-core machine running a debug build.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// The engine binary under test (the one definition of the tests).
pub const ENGINE: &str = env!("CARGO_BIN_EXE_xiangqi-engine");

/// A fresh folder under the system's temporary folder, removed with
/// everything in it when the value is dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("xiangqi-engine-test-")
        .tempdir()
        .expect("a temporary folder")
}

/// The engine binary, spoken to line by line; every call panics (the test
/// fails) on a write error, a timeout ([`TIMEOUT`]) or an early exit.
pub struct RawEngine {
    process: EngineProcess,
    /// Every line read so far, in order.
    pub seen: Vec<String>,
}

impl RawEngine {
    /// Starts the engine (nothing said to it yet).
    pub fn spawn() -> RawEngine {
        RawEngine {
            process: EngineProcess::spawn_raw(&Spec::uci(ENGINE))
                .expect("the engine binary starts"),
            seen: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.process.send(line).expect("write to the engine");
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.process.send_bytes(bytes).expect("write to the engine");
    }

    /// Closes the engine's standard input (end of input).
    pub fn close(&mut self) {
        self.process.close_input();
    }

    /// Reads lines until one satisfies `done`; returns the lines read by
    /// this call, that one last.
    pub fn read_until(&mut self, what: &str, mut done: impl FnMut(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        let read = self.process.read_until(TIMEOUT, |line| {
            got.push(line.to_string());
            done(line)
        });
        self.seen.extend(got.iter().cloned());
        if let Err(e) = read {
            panic!("no {what} ({e}); read: {got:#?}");
        }
        got
    }

    /// Reads lines up to the first starting with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        self.read_until(prefix, |l| l.starts_with(prefix))
    }

    /// Reads up to the next line starting with `prefix` and returns it.
    pub fn expect(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().unwrap_or_default()
    }

    /// Sends `isready` and reads up to `readyok`: every line the engine
    /// printed before handling `isready` is read by then.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }

    /// While a search waits (infinite, or pondering): `isready` is
    /// answered, and nothing printed before `readyok` answers the `go`
    /// (`bestmove`, UCCI's `nobestmove`).
    pub fn no_answer_yet(&mut self) {
        let lines = self.sync();
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("bestmove") || l == "nobestmove"),
            "{lines:#?}"
        );
    }

    /// After garbage: the engine still answers `isready`, and said so, in
    /// at least `complaints` `info string` lines since it started.
    pub fn still_answers(&mut self, complaints: usize) {
        self.sync();
        let said = self
            .seen
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count();
        assert!(said >= complaints, "{:#?}", self.seen);
    }

    /// Closes the input and waits for the process to exit (after `quit`
    /// or end of input); returns its status and the lines it printed
    /// meanwhile.
    pub fn wait_exit(&mut self) -> (ExitStatus, Vec<String>) {
        let (status, rest) = self.process.wait_exit(TIMEOUT).expect("the engine exits");
        self.seen.extend(rest.iter().cloned());
        (status, rest)
    }
}

/// The score of the `info depth DEPTH score S` line among `lines`, as
/// UCCI (ElephantEye) writes it: a plain number, no `cp`.
pub fn plain_score(lines: &[String], depth: u32) -> Option<i32> {
    let prefix = format!("info depth {depth} score ");
    lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// The move of a `bestmove` line (`(none)` included).
pub fn best(line: &str) -> &str {
    assert!(line.starts_with("bestmove "), "not a bestmove line: {line}");
    line.split_whitespace().nth(1).unwrap_or("")
}
