//! The protocol line by line: a process started without the handshake
//! ([`EngineProcess::spawn_raw`]), bytes in as they are, lines out until
//! one is wanted (with a timeout), end of input, and the exit status. For
//! tests of an engine's own lines (the `xiangqi-engine` tests), a console,
//! or a protocol this crate does not speak; [`EngineProcess::start`] and
//! [`EngineProcess::search`] use the same pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::{ClientError, EngineProcess, FIXED_TIMEOUT, GRACE, READY_TIMEOUT, Spec, UcciTime};

/// How long [`EngineProcess::wait_exit`] waits for each line the process
/// left in its output pipe after it exited.
const LEFTOVER_TIMEOUT: Duration = Duration::from_secs(10);

impl EngineProcess {
    /// Starts `spec`'s command and says nothing to it: no `uci` or `ucci`,
    /// no init commands (the [`Spec`]'s protocol and init lines are kept
    /// for [`EngineProcess::restart`], which does the handshake). Its
    /// standard error is dropped.
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_client::{ClientError, EngineProcess, Spec};
    ///
    /// // `cat` says back what it reads.
    /// let mut cat = EngineProcess::spawn_raw(&Spec::uci("cat"))?;
    /// let second = Duration::from_secs(1);
    /// assert_eq!(cat.read_until(Duration::ZERO, |_| true), Err(ClientError::Timeout("line")));
    /// cat.send("uci")?; // not a handshake: a line like any other
    /// assert_eq!(cat.read_until(second, |_| true)?, "uci");
    /// # Ok::<(), ClientError>(())
    /// ```
    pub fn spawn_raw(spec: &Spec) -> Result<EngineProcess, ClientError> {
        if spec.program.as_os_str().is_empty() {
            return Err(ClientError::EmptyCommand);
        }
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ClientError::Spawn {
                command: spec.program.to_string_lossy().into_owned(),
                reason: e.to_string(),
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ClientError::Exited);
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            spec: spec.clone(),
            child,
            stdin: Some(stdin),
            lines,
            grace: GRACE,
            ucci_time: UcciTime::Stop,
            hung: false,
            search_timeout: Some(FIXED_TIMEOUT),
            ready_timeout: READY_TIMEOUT,
            last_info: None,
            identity: Vec::new(),
            options: Vec::new(),
        })
    }

    /// Writes `bytes` as they are: they need not be UTF-8, nor end a line
    /// ([`EngineProcess::send`] writes one line).
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut cat = EngineProcess::spawn_raw(&Spec::uci("cat"))?;
    /// cat.send_bytes(b"is")?;
    /// cat.send_bytes(b"ready\n")?;
    /// assert_eq!(cat.read_until(Duration::from_secs(1), |_| true)?, "isready");
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn send_bytes(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ClientError::Write("the input is closed".to_string()))?;
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .map_err(|e| ClientError::Write(e.to_string()))
    }

    /// Reads the engine's lines until `done` accepts one, and returns that
    /// one; `done` sees every line on the way (to collect them, say).
    /// [`ClientError::Timeout`] (`"line"`) if none is accepted within
    /// `timeout` (the lines read so far are gone from the pipe), and
    /// [`ClientError::Exited`] if the output closes first.
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut cat = EngineProcess::spawn_raw(&Spec::uci("cat"))?;
    /// for line in ["info depth 1", "info depth 2", "bestmove h2e2"] {
    ///     cat.send(line)?;
    /// }
    /// let mut seen = Vec::new();
    /// let last = cat.read_until(Duration::from_secs(1), |line| {
    ///     seen.push(line.to_string());
    ///     line.starts_with("bestmove")
    /// })?;
    /// assert_eq!((last.as_str(), seen.len()), ("bestmove h2e2", 3));
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn read_until(
        &mut self,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, ClientError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(ClientError::Timeout("line")),
                Err(RecvTimeoutError::Disconnected) => {
                    // Its output is closed: nothing more will come.
                    self.hung = true;
                    return Err(ClientError::Exited);
                }
            }
        }
    }

    /// Closes the engine's standard input: it reads the end of input.
    /// Later writes fail with [`ClientError::Write`].
    ///
    /// ```
    /// use xiangqi_client::{ClientError, EngineProcess, Spec};
    ///
    /// let mut cat = EngineProcess::spawn_raw(&Spec::uci("cat"))?;
    /// cat.close_input();
    /// assert!(matches!(cat.send("isready"), Err(ClientError::Write(_))));
    /// # Ok::<(), ClientError>(())
    /// ```
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Closes the engine's input ([`EngineProcess::close_input`]) and waits
    /// up to `timeout` for the process to exit; returns its exit status
    /// and the lines it printed that were not read yet.
    /// [`ClientError::Timeout`] (`"exit"`) if it is still running then.
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut cat = EngineProcess::spawn_raw(&Spec::uci("cat"))?;
    /// cat.send("bye")?;
    /// let (status, rest) = cat.wait_exit(Duration::from_secs(5))?;
    /// assert!(status.success()); // `cat` ends at the end of its input
    /// assert_eq!(rest, ["bye"]);
    /// assert!(!cat.healthy());
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn wait_exit(
        &mut self,
        timeout: Duration,
    ) -> Result<(ExitStatus, Vec<String>), ClientError> {
        self.close_input();
        let deadline = Instant::now() + timeout;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Ok(None) | Err(_) => return Err(ClientError::Timeout("exit")),
            }
        };
        // The reader ends at the pipe's end: collect what it has left.
        let rest = std::iter::from_fn(|| self.lines.recv_timeout(LEFTOVER_TIMEOUT).ok()).collect();
        Ok((status, rest))
    }
}
