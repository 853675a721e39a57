//! How to start and talk to an engine ([`Spec`]), and how much each move
//! may think ([`Think`], [`UcciTime`]).

use std::path::PathBuf;

use xiangqi::notation::UciRanks;

use crate::Protocol;

/// How to start and talk to an engine: a program (a path, never split at
/// whitespace, so it may hold spaces) and its arguments.
///
/// ```
/// use std::path::Path;
/// use xiangqi::notation::UciRanks;
/// use xiangqi_client::{Protocol, Spec};
///
/// assert_eq!(Spec::uci("pikafish").protocol, Protocol::Uci);
/// // A path with a space, and arguments of its own.
/// let spec = Spec::uci("/opt/my engines/fairy-stockfish").with_args(["--threads", "2"]);
/// assert_eq!(spec.program, Path::new("/opt/my engines/fairy-stockfish"));
/// assert_eq!(spec.args, ["--threads", "2"]);
/// // ElephantEye speaks UCCI (`--engine2-protocol ucci` on the command line).
/// let eleeye = Spec {
///     protocol: "ucci".parse()?,
///     init: vec!["setoption hashsize 64".to_string()],
///     ..Spec::uci("eleeye")
/// };
/// assert_eq!((eleeye.protocol, eleeye.ranks), (Protocol::Ucci, UciRanks::ZeroToNine));
/// # Ok::<(), xiangqi_client::UnknownProtocol>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The program: a path, or a name looked up on `PATH`.
    pub program: PathBuf,
    /// Its arguments, each passed as it is.
    pub args: Vec<String>,
    /// UCI or UCCI.
    pub protocol: Protocol,
    /// The rank numbering of its moves.
    pub ranks: UciRanks,
    /// Commands sent after the handshake, before `isready` (for example
    /// `setoption name UCI_Variant value xiangqi`).
    pub init: Vec<String>,
}

impl Spec {
    /// The same engine as Fairy-Stockfish in UCI needs it (`--engine2-fsf`
    /// on the command line): ranks 1-10 and `setoption name UCI_Variant
    /// value xiangqi` as an init command.
    ///
    /// ```
    /// use xiangqi::notation::UciRanks;
    /// use xiangqi_client::Spec;
    ///
    /// let fsf = Spec::uci("fairy-stockfish").fairy_stockfish();
    /// assert_eq!(fsf.ranks, UciRanks::OneToTen);
    /// assert_eq!(fsf.init, ["setoption name UCI_Variant value xiangqi"]);
    /// ```
    pub fn fairy_stockfish(mut self) -> Spec {
        self.ranks = UciRanks::OneToTen;
        self.init
            .push("setoption name UCI_Variant value xiangqi".to_string());
        self
    }

    /// A UCI engine with ranks 0-9 and no init commands.
    ///
    /// ```
    /// use xiangqi::notation::UciRanks;
    /// use xiangqi_client::{Protocol, Spec};
    ///
    /// let spec = Spec::uci("xiangqi-engine");
    /// assert_eq!((spec.protocol, spec.ranks), (Protocol::Uci, UciRanks::ZeroToNine));
    /// assert!(spec.init.is_empty());
    /// ```
    pub fn uci(program: impl Into<PathBuf>) -> Spec {
        Spec {
            program: program.into(),
            args: Vec::new(),
            protocol: Protocol::Uci,
            ranks: UciRanks::ZeroToNine,
            init: Vec::new(),
        }
    }

    /// The same engine with these arguments.
    ///
    /// ```
    /// use xiangqi_client::Spec;
    ///
    /// let spec = Spec::uci("fairy-stockfish").with_args(["load", "my file.nnue"]);
    /// assert_eq!(spec.args, ["load", "my file.nnue"]);
    /// ```
    pub fn with_args<S: Into<String>>(mut self, args: impl IntoIterator<Item = S>) -> Spec {
        self.args = args.into_iter().map(Into::into).collect();
        self
    }

    /// A UCI engine from a command line split at whitespace (the old
    /// `Spec::uci("prog arg")` form, which cannot name a path with spaces).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use xiangqi_client::Spec;
    ///
    /// let spec = Spec::from_command_line("fairy-stockfish --threads 2");
    /// assert_eq!(spec, Spec::uci("fairy-stockfish").with_args(["--threads", "2"]));
    /// ```
    #[deprecated(note = "give the program and its arguments: `Spec::uci(program).with_args(args)`")]
    pub fn from_command_line(cmd: &str) -> Spec {
        let mut words = cmd.split_whitespace();
        Spec::uci(words.next().unwrap_or("")).with_args(words)
    }

    /// The program and its arguments as one line, for messages (an
    /// argument or a program holding whitespace is quoted).
    ///
    /// ```
    /// use xiangqi_client::Spec;
    ///
    /// let spec = Spec::uci("/opt/my engines/eleeye").with_args(["-v"]);
    /// assert_eq!(spec.command_line(), "\"/opt/my engines/eleeye\" -v");
    /// ```
    pub fn command_line(&self) -> String {
        let quote = |s: &str| {
            if s.is_empty() || s.contains(char::is_whitespace) {
                format!("{s:?}")
            } else {
                s.to_string()
            }
        };
        std::iter::once(quote(&self.program.to_string_lossy()))
            .chain(self.args.iter().map(|a| quote(a)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// How much each move may think.
///
/// ```no_run
/// use xiangqi_client::{EngineProcess, Spec, Think};
///
/// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
/// let moves = ["h2e2".parse().expect("an ICCS move")];
/// // The same position searched three ways: by time, by depth, by nodes.
/// for think in [Think::MoveTime(200), Think::Depth(6), Think::Nodes(10_000)] {
///     let reply = engine.best_move_from(None, &moves, think)?;
///     assert_eq!(reply.len(), 4); // a move in ICCS, such as h9g7
/// }
/// # Ok::<(), xiangqi_client::ClientError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Think {
    /// Milliseconds per move.
    MoveTime(u64),
    /// A fixed depth.
    Depth(u32),
    /// A fixed node count.
    Nodes(u64),
}

/// How a UCCI engine gets a fixed time per move (UCCI has no `movetime`).
///
/// ElephantEye 3.31 budgets `go time T increment I` as T/20 + I with a hard
/// limit of min(T/2, 10 × budget), stopping between iterations once the
/// budget (halved when the score is steady, halved again when the best
/// move is) is spent: `go time 200 increment 0` thinks about 15 ms.
/// `go time T movestogo 1` budgets T with a hard limit of T and thinks
/// T/4 to T (about 110 ms of 200).
///
/// ```no_run
/// use xiangqi_client::{EngineProcess, Protocol, Spec, Think, UcciTime};
///
/// let spec = Spec { protocol: Protocol::Ucci, ..Spec::uci("eleeye") };
/// let mut engine = EngineProcess::start(&spec)?;
/// assert_eq!(engine.ucci_time, UcciTime::Stop); // the default
/// // Let ElephantEye budget its 200 ms itself: `go time 200 movestogo 1`.
/// engine.ucci_time = UcciTime::MovesToGo;
/// let reply = engine.best_move_from(None, &[], Think::MoveTime(200))?;
/// assert_eq!(reply.len(), 4); // a move such as h2e2
/// # Ok::<(), xiangqi_client::ClientError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UcciTime {
    /// `go depth 32` (ElephantEye's deepest, so in effect unlimited), then
    /// `stop` after the move time unless a move came first: exactly the
    /// move time, as UCI `go movetime` (the default).
    Stop,
    /// `go time T movestogo 1`: the engine's own budget for T, at most T.
    MovesToGo,
}
