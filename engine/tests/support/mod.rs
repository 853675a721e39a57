//! What the engine's tests share: the binary under test, temporary folders,
//! and [`Engine`], which drives the binary through real OS pipes line by
//! line (the engine is a child process, commands go to its standard input
//! and its standard output is read line by line). `Engine` is for the
//! tests of the protocol's own lines; tests of searches drive the engine
//! through `xiangqi_client` (`client.rs`, `searches.rs`).
//!
//! Cargo builds the binary before the integration tests that name it
//! (`CARGO_BIN_EXE_xiangqi-engine`), in the profile of the test run.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, in order.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts the engine.
    pub fn spawn() -> Engine {
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's standard input (end of input).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Reads lines until one satisfies `done`; returns the lines read by
    /// this call, that one last. Panics after [`TIMEOUT`] or if the engine
    /// exits first.
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    got.push(line.clone());
                    if done(&line) {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {what} within {TIMEOUT:?}; read: {got:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine exited before {what}; read: {got:#?}")
                }
            }
        }
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

    /// Waits for the process to exit (after `quit` or end of input);
    /// returns its status and the lines it printed meanwhile.
    pub fn wait_exit(&mut self) -> (ExitStatus, Vec<String>) {
        self.close();
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                // The reader thread ends at the pipe's end: collect the rest.
                let mut rest = Vec::new();
                while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(10)) {
                    self.seen.push(line.clone());
                    rest.push(line);
                }
                return (status, rest);
            }
            assert!(Instant::now() < deadline, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (`(none)` included).
pub fn best(line: &str) -> &str {
    assert!(line.starts_with("bestmove "), "not a bestmove line: {line}");
    line.split_whitespace().nth(1).unwrap_or("")
}
