//! [`Session`]: the engine's whole state (options, evaluator, book,
//! strength, position) and the calls that change it: the state and its
//! accessors here, the options in [`settings`], the game in [`position`].

mod position;
mod settings;

use std::sync::Arc;
use std::time::Duration;

use crate::network::Network;
use xiangqi::book::Book;
use xiangqi::notation::UciRanks;
use xiangqi::{Game, Move, Rng, Rules, TimeSource};

use crate::config::{MemoryProbe, SessionConfig};
use crate::error::OptionError;
use crate::options::EMBEDDED;
use crate::searcher::EngineSearcher;
use crate::signals::Signals;
use settings::StrengthOptions;

/// The engine: its options, its evaluator and book, its strength, the game
/// it searches, and the search itself ([`Session::search`], or
/// [`Session::start`] for a search on another thread).
///
/// It prints nothing, reads no file and starts no process: the UCI/UCCI
/// text loop, the Python package and the WebAssembly package are front
/// ends that turn their input into calls on it. A refused call returns a
/// typed error and changes nothing.
///
/// ```
/// use xiangqi::Limits;
/// use xiangqi_session::{OptionValue, Session};
///
/// let mut session = Session::new();
/// session.set_option("MultiPV", OptionValue::Int(2))?;
/// session.set_position(None, &["h2e2", "h9g7"])?;
/// let outcome = session.search(&Limits::depth(3).into(), |_info| {})?;
/// assert!(outcome.best_move().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Session {
    /// The game set by [`Session::set_position`]; `None` after a refused
    /// position.
    pub(crate) game: Option<Game>,
    pub(crate) rules: Rules,
    /// Root moves not searched until the next position (UCCI `banmoves`).
    pub(crate) banned: Vec<Move>,
    /// The searcher; `None` while a [`crate::SearchJob`] has it.
    pub(crate) searcher: Option<EngineSearcher>,
    /// The `Hash` asked for; the table is resized on the search's thread,
    /// at the start of the next search.
    pub(crate) hash_mb: usize,
    /// The table's size now, once a search has resized it.
    pub(crate) applied_hash_mb: Option<usize>,
    /// The table's size in MiB as the last resize got it (smaller than
    /// asked when memory ran short).
    pub(crate) table_mb: usize,
    /// `Clear Hash` or a new game: the table is cleared at the next search.
    pub(crate) clear_pending: bool,
    pub(crate) threads: usize,
    network: Option<Network>,
    network_name: String,
    use_nnue: bool,
    pub(crate) multi_pv: usize,
    ponder: bool,
    pub(crate) overhead: Duration,
    pub(crate) ranks: UciRanks,
    pub(crate) book: Book,
    book_name: String,
    pub(crate) own_book: bool,
    pub(crate) rng: Rng,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`.
    strength_options: StrengthOptions,
    pub(crate) signals: Arc<Signals>,
    memory_probe: Option<MemoryProbe>,
    /// The endgame tables ([`Session::set_tablebases`]); `None`: no table.
    pub(crate) tablebases: Option<std::sync::Arc<xiangqi::tablebase::Tablebase<'static>>>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session with every option at its default: the embedded network
    /// and book, 16 MiB of hash (allocated at the first search), one
    /// thread, full strength, the start position; seeded with 0, no memory
    /// guard, the default clock ([`SessionConfig::new`]).
    ///
    /// ```
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let session = Session::new();
    /// assert_eq!(session.option("Hash"), Ok(OptionValue::Int(16)));
    /// assert_eq!(session.game().unwrap().ply(), 0);
    /// ```
    pub fn new() -> Session {
        Session::with_config(SessionConfig::new())
    }

    /// A session with every option at its default, set up by `config`:
    /// its seed, its memory probe, its clock. The one constructor of the
    /// front ends (the UCI/UCCI binary and the Python package give
    /// [`SessionConfig::native`]).
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::{OptionValue, Session, SessionConfig};
    ///
    /// let first_move = |seed| {
    ///     let mut s = Session::with_config(SessionConfig::new().seed(seed));
    ///     s.set_option("OwnBook", OptionValue::Bool(true)).unwrap();
    ///     s.search(&Limits::depth(1).into(), |_| {}).unwrap().best_move()
    /// };
    /// assert_eq!(first_move(7), first_move(7));
    /// ```
    pub fn with_config(config: SessionConfig) -> Session {
        let mut session = Session {
            game: Some(Game::new()),
            rules: Rules::default(),
            banned: Vec::new(),
            searcher: Some(EngineSearcher::default()),
            hash_mb: 16,
            applied_hash_mb: None,
            table_mb: 0,
            clear_pending: false,
            threads: 1,
            network: Some(Network::default()),
            network_name: EMBEDDED.to_string(),
            use_nnue: true,
            multi_pv: 1,
            ponder: false,
            overhead: xiangqi::Limits::default().move_overhead,
            ranks: UciRanks::ZeroToNine,
            book: Book::masters(),
            book_name: EMBEDDED.to_string(),
            own_book: false,
            rng: Rng::new(0),
            strength_options: StrengthOptions::default(),
            signals: Arc::new(Signals::default()),
            memory_probe: config.memory_probe,
            tablebases: None,
        };
        session.set_seed(config.seed);
        if let (Some(source), Some(searcher)) = (config.time_source, session.searcher.as_mut()) {
            searcher.set_time_source(Some(source));
        }
        session
    }

    /// Seeds the session's random choices again (the book's pick, the
    /// pushes of a reduced strength): the same seed, the same choices.
    /// Front ends seed once, from the time, through
    /// [`SessionConfig::seed`].
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let first_move = |seed| {
    ///     let mut s = Session::new();
    ///     s.set_seed(seed);
    ///     s.set_option("OwnBook", OptionValue::Bool(true)).unwrap();
    ///     s.search(&Limits::depth(1).into(), |_| {}).unwrap().best_move()
    /// };
    /// assert_eq!(first_move(7), first_move(7));
    /// ```
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.apply_strength();
    }

    /// Where the search reads the time: the std clock by default on native
    /// targets, none on `wasm32-unknown-unknown` (a front end there gives
    /// one, such as `performance.now()`; without one, time limits become
    /// node budgets). Refused with [`OptionError::Busy`] while a search is
    /// out.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use xiangqi::Limits;
    /// use xiangqi_session::Session;
    ///
    /// // A clock that moves 1 ms each time it is read.
    /// let ticks = Arc::new(std::sync::atomic::AtomicU64::new(0));
    /// let clock = move || {
    ///     let t = ticks.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    ///     Duration::from_millis(t)
    /// };
    /// let mut s = Session::new();
    /// s.set_time_source(Some(Arc::new(clock)))?;
    /// let limits = Limits::movetime(Duration::from_millis(50));
    /// assert!(s.search(&limits.into(), |_| {})?.best_move().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_time_source(
        &mut self,
        source: Option<Arc<dyn TimeSource + Send + Sync>>,
    ) -> Result<(), OptionError> {
        let searcher = self.searcher.as_mut().ok_or(OptionError::Busy)?;
        searcher.set_time_source(source);
        Ok(())
    }

    /// Lets the session refuse a `Hash` above half the free memory:
    /// `probe` tells how much is free, in MiB, when `Hash` is set (as
    /// [`SessionConfig::memory_probe`] does from the start).
    ///
    /// ```
    /// use xiangqi_session::{OptionError, OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// s.set_memory_probe(Box::new(|| Some(1000)));
    /// assert!(s.set_option("Hash", OptionValue::Int(400)).is_ok());
    /// assert_eq!(
    ///     s.set_option("Hash", OptionValue::Int(600)),
    ///     Err(OptionError::NotEnoughMemory { asked: 600, free: 1000 })
    /// );
    /// assert_eq!(s.option("Hash"), Ok(OptionValue::Int(400)));
    /// ```
    pub fn set_memory_probe(&mut self, probe: MemoryProbe) {
        self.memory_probe = Some(probe);
    }

    /// The network loaded (`EvalFile`'s, or the embedded one), whether
    /// or not it evaluates now ([`Session::uses_network`]).
    ///
    /// ```
    /// let s = xiangqi_session::Session::new();
    /// assert!(s.network().is_some_and(|net| net.generation() >= 1));
    /// ```
    pub fn network(&self) -> Option<&Network> {
        self.network.as_ref()
    }

    /// Whether the network evaluates (`Use NNUE`; else the classical
    /// evaluator).
    ///
    /// ```
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// assert!(s.uses_network());
    /// s.set_option("Use NNUE", OptionValue::Bool(false))?;
    /// assert!(!s.uses_network());
    /// # Ok::<(), xiangqi_session::OptionError>(())
    /// ```
    pub fn uses_network(&self) -> bool {
        self.use_nnue && self.network.is_some()
    }

    /// The opening book (used when `OwnBook` is on).
    ///
    /// ```
    /// let s = xiangqi_session::Session::new();
    /// assert!(s.book().positions() > 1000);
    /// ```
    pub fn book(&self) -> &Book {
        &self.book
    }

    /// How move strings number the ranks (`Move Ranks`).
    ///
    /// ```
    /// use xiangqi::notation::UciRanks;
    ///
    /// assert_eq!(xiangqi_session::Session::new().ranks(), UciRanks::ZeroToNine);
    /// ```
    pub fn ranks(&self) -> UciRanks {
        self.ranks
    }

    /// The rules the options set, which the game and the search play by.
    ///
    /// ```
    /// let s = xiangqi_session::Session::new();
    /// assert_eq!(s.rules().move_limit, Some(60));
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The transposition table's size in MiB as the last search that
    /// resized it got it (0 before the first search): smaller than `Hash`
    /// when the memory could not be had.
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// assert_eq!(s.table_size(), 0);
    /// s.search(&Limits::depth(1).into(), |_| {}).unwrap();
    /// assert_eq!(s.table_size(), 16);
    /// ```
    pub fn table_size(&self) -> usize {
        self.table_mb
    }

    /// Whether a search is out ([`Session::start`] without
    /// [`Session::finish`]).
    ///
    /// ```
    /// assert!(!xiangqi_session::Session::new().is_searching());
    /// ```
    pub fn is_searching(&self) -> bool {
        self.searcher.is_none()
    }
}
