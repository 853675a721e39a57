//! Why talking to an engine failed.

/// What went wrong with an engine process.
///
/// ```
/// use xiangqi_client::{ClientError, EngineProcess, Spec};
///
/// let err = EngineProcess::start(&Spec::uci("")).err().unwrap();
/// assert_eq!(err, ClientError::EmptyCommand);
/// assert_eq!(err.to_string(), "empty engine command");
/// // A program that does not exist: its path, and the system's reason.
/// let spec = Spec::uci("/no/such/my engine").with_args(["-v"]);
/// let err = EngineProcess::start(&spec).err().unwrap();
/// assert!(matches!(&err, ClientError::Spawn { command, .. } if command == "/no/such/my engine"));
/// assert!(err.to_string().starts_with("/no/such/my engine: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The program is empty.
    #[error("empty engine command")]
    EmptyCommand,
    /// The program could not be started.
    #[error("{command}: {reason}")]
    Spawn {
        /// The program's path.
        command: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The process ended (or closed its output).
    #[error("engine exited")]
    Exited,
    /// A line could not be written to the engine.
    #[error("cannot write to the engine: {0}")]
    Write(String),
    /// An expected reply did not come in time.
    #[error("no {0} in time")]
    Timeout(&'static str),
    /// The engine owes a reply from before (it timed out): restart it.
    #[error("the engine did not answer an earlier command: restart it")]
    Hung,
    /// A `bestmove` that does not read, or is not legal in the position.
    #[error("bad best move {0:?}")]
    BadMove(String),
    /// UCCI's `nobestmove` where a move was wanted.
    #[error("sent nobestmove")]
    NoBestMove,
}
