//! [`Session`]: the engine's whole state (options, evaluator, book,
//! strength, position) and the calls that change it.

use std::sync::Arc;
use std::time::Duration;

use crate::network::Network;
use xiangqi::book::Book;
use xiangqi::notation::{UciMove, UciRanks, parse_uci};
use xiangqi::{Game, Move, Position, Rng, Rules, Setup, Strength, TimeSource, Validation};

use crate::error::{OptionError, PositionError};
use crate::options::{EMBEDDED, OptionId, OptionSpec, OptionValue};
use crate::search::Signals;
use crate::searcher::EngineSearcher;

/// Finds how much memory is free, in MiB (`None`: unknown). Given to
/// [`Session::set_memory_probe`] by a front end that can tell.
pub type MemoryProbe = Box<dyn Fn() -> Option<usize> + Send>;

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
    skill: u8,
    limit_strength: bool,
    elo: u32,
    pub(crate) signals: Arc<Signals>,
    memory_probe: Option<MemoryProbe>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session with every option at its default: the embedded network
    /// and book, 16 MiB of hash (allocated at the first search), one
    /// thread, full strength, the start position; seeded with 0 (see
    /// [`Session::set_seed`]).
    ///
    /// ```
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let session = Session::new();
    /// assert_eq!(session.option("Hash"), Ok(OptionValue::Int(16)));
    /// assert_eq!(session.game().unwrap().ply(), 0);
    /// ```
    pub fn new() -> Session {
        Session {
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
            skill: 20,
            limit_strength: false,
            elo: Strength::MIN_ELO,
            signals: Arc::new(Signals::default()),
            memory_probe: None,
        }
    }

    /// Seeds the session's random choices (the book's pick, the pushes of
    /// a reduced strength): the same seed, the same choices. Front ends
    /// seed from the time, so that games differ.
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
    /// `probe` tells how much is free, in MiB, when `Hash` is set.
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

    /// The options, in the table's order (the `uci` listing's).
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let names: Vec<&str> = Session::options().iter().map(|o| o.name).collect();
    /// assert!(names.contains(&"UCI_Elo") && names.contains(&"EvalFile"));
    /// ```
    pub fn options() -> &'static [OptionSpec] {
        crate::options::OPTIONS
    }

    /// The value of the option called `name` (either protocol's name). A
    /// file option gives the name it was loaded under.
    ///
    /// ```
    /// use xiangqi_session::{OptionError, OptionValue, Session};
    ///
    /// let s = Session::new();
    /// assert_eq!(s.option("Skill Level"), Ok(OptionValue::Int(20)));
    /// assert_eq!(s.option("usennue"), Ok(OptionValue::Bool(true)));
    /// assert_eq!(s.option("Contempt"), Err(OptionError::Unknown("Contempt".into())));
    /// ```
    pub fn option(&self, name: &str) -> Result<OptionValue, OptionError> {
        let spec = OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let int = |n: usize| OptionValue::Int(i64::try_from(n).unwrap_or(i64::MAX));
        let text = |t: &str| OptionValue::Text(t.to_string());
        Ok(match spec.id {
            OptionId::Hash => int(self.hash_mb),
            OptionId::Threads => int(self.threads),
            OptionId::MultiPv => int(self.multi_pv),
            OptionId::Ponder => OptionValue::Bool(self.ponder),
            OptionId::ClearHash => OptionValue::Press,
            OptionId::MoveOverhead => int(self.overhead.as_millis() as usize),
            OptionId::Variant => text("xiangqi"),
            OptionId::MoveRanks => text(match self.ranks {
                UciRanks::OneToTen => "1-10",
                _ => "0-9",
            }),
            OptionId::MoveLimit => int(self.rules.move_limit.unwrap_or(0) as usize),
            OptionId::CheckCap => int(self.rules.check_cap.unwrap_or(0) as usize),
            OptionId::RepetitionCount => int(self.rules.repetition_count as usize),
            OptionId::ChaseRule => text(
                match (self.rules.chase_detection, self.rules.checks_also_chase) {
                    (false, _) => "none",
                    (true, true) => "fairy-stockfish",
                    (true, false) => "asian",
                },
            ),
            OptionId::OwnBook => OptionValue::Bool(self.own_book),
            OptionId::BookFile => text(&self.book_name),
            OptionId::SkillLevel => int(self.skill as usize),
            OptionId::LimitStrength => OptionValue::Bool(self.limit_strength),
            OptionId::Elo => int(self.elo as usize),
            OptionId::UseNnue => OptionValue::Bool(self.use_nnue),
            OptionId::EvalFile => text(&self.network_name),
        })
    }

    /// Sets the option called `name` (either protocol's name) to `value`,
    /// or says why not and changes nothing. A network or a book is given
    /// as [`OptionValue::File`] (the front end reads the file), or as
    /// [`OptionValue::Text`] `"<embedded>"` for the built-in one. Text
    /// from a protocol line is read with [`Session::set_option_text`].
    ///
    /// The table is resized or cleared at the start of the next search,
    /// on the thread that runs it: setting `Hash` returns at once.
    ///
    /// ```
    /// use xiangqi_session::{OptionError, OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// s.set_option("UCI_LimitStrength", OptionValue::Bool(true))?;
    /// s.set_option("UCI_Elo", OptionValue::Int(1500))?;
    /// let err = s.set_option("MultiPV", OptionValue::Int(0)).unwrap_err();
    /// assert_eq!(err.to_string(), r#"option MultiPV: expected a whole number from 1 to 64, not "0""#);
    /// let junk = OptionValue::File { name: "junk.nnue".into(), bytes: vec![1, 2, 3] };
    /// assert!(matches!(s.set_option("EvalFile", junk), Err(OptionError::BadFile { .. })));
    /// assert_eq!(s.option("EvalFile"), Ok(OptionValue::Text("<embedded>".into())));
    /// # Ok::<(), OptionError>(())
    /// ```
    pub fn set_option(&mut self, name: &str, value: OptionValue) -> Result<(), OptionError> {
        let spec = OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let value = spec.check(value)?;
        self.apply(spec, value)
    }

    /// Sets an option from text as a protocol line gives it (`64`,
    /// `true`, `asian`): [`OptionSpec::parse`], then
    /// [`Session::set_option`].
    ///
    /// ```
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// s.set_option_text("movelimit", "50")?;
    /// assert_eq!(s.option("Move Limit"), Ok(OptionValue::Int(50)));
    /// assert!(s.set_option_text("Threads", "many").is_err());
    /// # Ok::<(), xiangqi_session::OptionError>(())
    /// ```
    pub fn set_option_text(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let value = spec.parse(text)?;
        self.apply(spec, value)
    }

    /// Whether [`Session::set_option`] would take `value` for `name`,
    /// without setting it: the type, the range, a file's contents and the
    /// memory guard are checked. For front ends that set several options
    /// at once and must refuse them all if one is bad.
    ///
    /// ```
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let s = Session::new();
    /// assert!(s.check_option("Threads", &OptionValue::Int(2)).is_ok());
    /// assert!(s.check_option("Threads", &OptionValue::Int(0)).is_err());
    /// let junk = OptionValue::File { name: "x.xqb".into(), bytes: vec![0; 3] };
    /// assert!(s.check_option("BookFile", &junk).is_err());
    /// assert_eq!(s.option("Threads"), Ok(OptionValue::Int(1)));
    /// ```
    pub fn check_option(&self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        let spec = OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let value = spec.check(value.clone())?;
        let bad_file = |name: &str, reason: String| OptionError::BadFile {
            option: spec.name,
            name: name.to_string(),
            reason,
        };
        match (spec.id, &value) {
            (OptionId::Hash, OptionValue::Int(mb)) => {
                let asked = usize::try_from(*mb).unwrap_or(1);
                if let Some(free) = self.memory_probe.as_ref().and_then(|probe| probe()) {
                    if asked > free / 2 {
                        return Err(OptionError::NotEnoughMemory { asked, free });
                    }
                }
            }
            (OptionId::EvalFile, OptionValue::File { name, bytes }) => {
                Network::from_bytes(bytes).map_err(|e| bad_file(name, e.to_string()))?;
            }
            (OptionId::BookFile, OptionValue::File { name, bytes }) => {
                Book::from_bytes(bytes).map_err(|e| bad_file(name, e.to_string()))?;
            }
            (OptionId::UseNnue, OptionValue::Bool(true)) if self.network.is_none() => {
                return Err(OptionError::NoNetwork);
            }
            _ => {}
        }
        Ok(())
    }

    fn apply(&mut self, spec: &'static OptionSpec, value: OptionValue) -> Result<(), OptionError> {
        let needs_searcher = matches!(
            spec.id,
            OptionId::Threads
                | OptionId::SkillLevel
                | OptionId::LimitStrength
                | OptionId::Elo
                | OptionId::UseNnue
                | OptionId::EvalFile
        );
        if needs_searcher && self.searcher.is_none() {
            return Err(OptionError::Busy);
        }
        let int = |v: &OptionValue| match v {
            OptionValue::Int(n) => *n,
            _ => 0,
        };
        let flag = |v: &OptionValue| matches!(v, OptionValue::Bool(true));
        let count = |v: &OptionValue| u32::try_from(int(v)).unwrap_or(u32::MAX);
        match spec.id {
            OptionId::Hash => {
                let asked = usize::try_from(int(&value)).unwrap_or(1);
                if let Some(free) = self.memory_probe.as_ref().and_then(|probe| probe()) {
                    if asked > free / 2 {
                        return Err(OptionError::NotEnoughMemory { asked, free });
                    }
                }
                self.hash_mb = asked;
            }
            OptionId::Threads => {
                let threads = usize::try_from(int(&value)).unwrap_or(1);
                self.threads = threads;
                self.searcher_mut().set_threads(threads);
            }
            OptionId::MultiPv => self.multi_pv = usize::try_from(int(&value)).unwrap_or(1),
            OptionId::Ponder => self.ponder = flag(&value),
            OptionId::ClearHash => self.clear_pending = true,
            OptionId::MoveOverhead => {
                self.overhead = Duration::from_millis(u64::try_from(int(&value)).unwrap_or(0));
            }
            OptionId::Variant => {}
            OptionId::MoveRanks => {
                self.ranks = if value == OptionValue::Text("1-10".into()) {
                    UciRanks::OneToTen
                } else {
                    UciRanks::ZeroToNine
                };
            }
            OptionId::MoveLimit => {
                let n = count(&value);
                self.set_rules(self.rules.clone().with_move_limit((n > 0).then_some(n)))?;
            }
            OptionId::CheckCap => {
                let n = count(&value);
                self.set_rules(self.rules.clone().with_check_cap((n > 0).then_some(n)))?;
            }
            OptionId::RepetitionCount => {
                self.set_rules(self.rules.clone().with_repetition_count(count(&value)))?;
            }
            OptionId::ChaseRule => {
                let (detect, checks) = match &value {
                    OptionValue::Text(t) if t == "none" => (false, false),
                    OptionValue::Text(t) if t == "fairy-stockfish" => (true, true),
                    _ => (true, false),
                };
                let rules = self
                    .rules
                    .clone()
                    .with_chase_detection(detect)
                    .with_checks_also_chase(checks);
                self.set_rules(rules)?;
            }
            OptionId::OwnBook => self.own_book = flag(&value),
            OptionId::BookFile => {
                let (book, name) = match value {
                    OptionValue::File { name, bytes } => {
                        let book = Book::from_bytes(&bytes).map_err(|e| OptionError::BadFile {
                            option: spec.name,
                            name: name.clone(),
                            reason: e.to_string(),
                        })?;
                        (book, name)
                    }
                    _ => (Book::masters(), EMBEDDED.to_string()),
                };
                self.book = book;
                self.book_name = name;
            }
            OptionId::SkillLevel => {
                self.skill = count(&value).min(20) as u8;
                self.apply_strength();
            }
            OptionId::LimitStrength => {
                self.limit_strength = flag(&value);
                self.apply_strength();
            }
            OptionId::Elo => {
                self.elo = count(&value);
                self.apply_strength();
            }
            OptionId::UseNnue => {
                let on = flag(&value);
                let next = match (on, &self.network) {
                    (true, Some(net)) => EngineSearcher::network(net.clone()),
                    (true, None) => return Err(OptionError::NoNetwork),
                    (false, _) => EngineSearcher::classical(),
                };
                self.use_nnue = on;
                if self.searcher_mut().uses_network() != on {
                    self.switch_searcher(next);
                }
            }
            OptionId::EvalFile => {
                let (net, name) = match value {
                    OptionValue::File { name, bytes } => {
                        let net =
                            Network::from_bytes(&bytes).map_err(|e| OptionError::BadFile {
                                option: spec.name,
                                name: name.clone(),
                                reason: e.to_string(),
                            })?;
                        (net, name)
                    }
                    _ => (Network::default(), EMBEDDED.to_string()),
                };
                self.network = Some(net.clone());
                self.network_name = name;
                if self.use_nnue {
                    self.switch_searcher(EngineSearcher::network(net));
                }
            }
        }
        Ok(())
    }

    /// The searcher, which is at home (checked by the callers).
    fn searcher_mut(&mut self) -> &mut EngineSearcher {
        self.searcher.get_or_insert_with(EngineSearcher::default)
    }

    /// Puts `next` in the searcher's place, with the same threads and
    /// strength; its table is sized at the next search.
    fn switch_searcher(&mut self, mut next: EngineSearcher) {
        let old = self.searcher_mut();
        next.set_threads(old.threads());
        next.set_strength(old.strength());
        next.set_time_source(old.time_source());
        self.searcher = Some(next);
        self.applied_hash_mb = None;
    }

    /// The strength the options ask for: `UCI_Elo`'s level with
    /// `UCI_LimitStrength` on, else `Skill Level`.
    ///
    /// ```
    /// use xiangqi::Strength;
    /// use xiangqi_session::{OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// assert_eq!(s.strength(), Strength::FULL);
    /// s.set_option("Skill Level", OptionValue::Int(3))?;
    /// assert_eq!(s.strength(), Strength::skill(3));
    /// # Ok::<(), xiangqi_session::OptionError>(())
    /// ```
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::from_elo(self.elo)
        } else {
            Strength::skill(self.skill)
        }
    }

    /// Gives the searcher the strength the options ask for, seeded from
    /// the session's generator.
    fn apply_strength(&mut self) {
        let strength = self.strength().with_seed(self.rng.next_u64());
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_strength(strength);
        }
    }

    /// Adopts `rules` and replays the current game under them.
    fn set_rules(&mut self, rules: Rules) -> Result<(), OptionError> {
        if let Some(old) = &self.game {
            let mut game = Game::with_rules(old.start().clone(), rules.clone());
            for m in old.moves() {
                // Legal in the old game, so legal here.
                let _ = game.play_on(m);
            }
            self.game = Some(game);
        }
        self.rules = rules;
        Ok(())
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

    /// The game to search, or `None` after a refused position.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// assert!(s.set_position(Some("not a fen"), &[]).is_err());
    /// assert!(s.game().is_none());
    /// ```
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Sets the game to search: from `fen` (`None`: the start position)
    /// with `moves` played (ICCS coordinates, ranks as `Move Ranks` says),
    /// under the session's rules. Composed positions are accepted
    /// ([`Validation::Lenient`]: a soldier on its own back rank, an
    /// elephant off its points). A refused position leaves the session
    /// with **no** position, so that no search answers for a position the
    /// caller never set; banned moves are cleared either way.
    ///
    /// ```
    /// use xiangqi_session::{PositionError, Session};
    ///
    /// let mut s = Session::new();
    /// // A composed study: a black soldier on Black's own back rank (rank 9).
    /// s.set_position(Some("3k1p3/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"), &[])?;
    /// assert!(s.game().is_some());
    /// let err = s.set_position(None, &["h2e2", "h2e2"]).unwrap_err();
    /// assert!(matches!(err, PositionError::Move { number: 2, .. }));
    /// assert!(s.game().is_none());
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        self.banned.clear();
        self.game = None;
        let start = match fen {
            None => Position::new(),
            Some(fen) => fen
                .parse::<Setup>()
                .map_err(|e| e.to_string())
                .and_then(|setup| {
                    Position::from_setup(setup, Validation::Lenient).map_err(|e| e.to_string())
                })
                .map_err(PositionError::Fen)?,
        };
        let mut game = Game::with_rules(start, self.rules.clone());
        for (i, text) in moves.iter().enumerate() {
            let bad = |reason: String| PositionError::Move {
                number: i + 1,
                text: text.to_string(),
                reason,
            };
            let m = match parse_uci(game.position(), text, self.ranks) {
                Ok(UciMove::Move(m)) => m,
                Ok(UciMove::Null) => return Err(bad("null move".to_string())),
                Err(e) => return Err(bad(e.to_string())),
            };
            game.play_on(m).map_err(|e| bad(e.to_string()))?;
        }
        self.game = Some(game);
        Ok(())
    }

    /// Drops the position: what a front end does with a `position` it
    /// could not even read, so that the next search is refused rather than
    /// answered for the position before.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// s.clear_position();
    /// assert!(s.game().is_none());
    /// ```
    pub fn clear_position(&mut self) {
        self.game = None;
        self.banned.clear();
    }

    /// Sets the game to search to `game`, played on under the session's
    /// rules (its start position and moves are kept).
    ///
    /// ```
    /// use xiangqi::Game;
    /// use xiangqi_session::Session;
    ///
    /// let mut game = Game::new();
    /// game.play("h2e2".parse().unwrap()).unwrap();
    /// let mut s = Session::new();
    /// s.set_game(&game);
    /// assert_eq!(s.game().unwrap().ply(), 1);
    /// ```
    pub fn set_game(&mut self, game: &Game) {
        let mut ours = Game::with_rules(game.start().clone(), self.rules.clone());
        for m in game.moves() {
            // A move the library's game took; under other rules it may end
            // the game earlier, which the search then sees.
            let _ = ours.play_on(m);
        }
        self.banned.clear();
        self.game = Some(ours);
    }

    /// Root moves the next searches leave out (UCCI `banmoves`), until the
    /// next position; moves not legal here are refused, whole.
    ///
    /// ```
    /// use xiangqi::Move;
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// let m: Move = "h2e2".parse().unwrap();
    /// s.set_banned(vec![m]).unwrap();
    /// assert!(s.set_banned(vec!["a0a5".parse().unwrap()]).is_err());
    /// ```
    pub fn set_banned(&mut self, moves: Vec<Move>) -> Result<(), Move> {
        if let Some(game) = &self.game {
            if let Some(&bad) = moves.iter().find(|&&m| !game.position().is_legal(m)) {
                return Err(bad);
            }
        }
        self.banned = moves;
        Ok(())
    }

    /// The root moves the next searches leave out.
    ///
    /// ```
    /// assert!(xiangqi_session::Session::new().banned().is_empty());
    /// ```
    pub fn banned(&self) -> &[Move] {
        &self.banned
    }

    /// A new game: the start position, and the table cleared at the next
    /// search.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// s.set_position(None, &["h2e2"]).unwrap();
    /// s.new_game();
    /// assert_eq!(s.game().unwrap().ply(), 0);
    /// ```
    pub fn new_game(&mut self) {
        self.game = Some(Game::with_rules(Position::new(), self.rules.clone()));
        self.banned.clear();
        self.clear_pending = true;
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
