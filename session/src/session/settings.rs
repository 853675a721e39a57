//! The session's options: listing, reading, checking and setting them,
//! and what setting one changes (the searcher, its strength, the rules).

use std::time::Duration;

use crate::network::Network;
use xiangqi::book::Book;
use xiangqi::notation::UciRanks;
use xiangqi::{Rules, Strength};

use crate::error::OptionError;
use crate::options::{EMBEDDED, OptionId, OptionSpec, OptionValue};
use crate::searcher::EngineSearcher;

use super::Session;

impl Session {
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
        let spec = OptionSpec::named(name)?;
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
            OptionId::SkillLevel => int(self.strength_options.skill as usize),
            OptionId::LimitStrength => OptionValue::Bool(self.strength_options.limit),
            OptionId::Elo => int(self.strength_options.elo as usize),
            OptionId::UseNnue => OptionValue::Bool(self.use_nnue),
            OptionId::EvalFile => text(&self.network_name),
        })
    }

    /// Sets the option called `name` (either protocol's name, any case,
    /// with or without spaces: [`OptionSpec::find`]) to `value`, or says
    /// why not and changes nothing. The value is the option's type or text
    /// as a protocol line gives it ([`OptionSpec::check`]). A network or a
    /// book is given as [`OptionValue::File`] (the front end reads the
    /// file: [`crate::FileSource`]), or as [`OptionValue::Text`]
    /// `"<embedded>"` for the built-in one.
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
        let ready = self.prepare(name, value)?;
        self.apply(ready);
        Ok(())
    }

    /// Sets an option from text as a protocol line gives it (`64`,
    /// `true`, `asian`): [`Session::set_option`] with the text.
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
        self.set_option(name, OptionValue::Text(text.to_string()))
    }

    /// Sets several options, all or none: each name is looked up and each
    /// value checked (its type and range, a file's contents, the memory
    /// guard, a search out) before any is set, so one bad option refuses
    /// them all and changes nothing. The options are set in the order
    /// given.
    ///
    /// ```
    /// use xiangqi_session::{OptionError, OptionValue, Session};
    ///
    /// let mut s = Session::new();
    /// s.configure([("threads", OptionValue::Int(2)), ("UCI_Elo", OptionValue::Text("1500".into()))])?;
    /// assert_eq!(s.option("Threads"), Ok(OptionValue::Int(2)));
    /// let junk = OptionValue::File { name: "junk.nnue".into(), bytes: vec![1, 2, 3] };
    /// let err = s.configure([("Threads", OptionValue::Int(3)), ("EvalFile", junk)]).unwrap_err();
    /// assert!(matches!(err, OptionError::BadFile { option: "EvalFile", .. }));
    /// assert_eq!(s.option("Threads"), Ok(OptionValue::Int(2)));
    /// # Ok::<(), OptionError>(())
    /// ```
    pub fn configure<N: AsRef<str>>(
        &mut self,
        options: impl IntoIterator<Item = (N, OptionValue)>,
    ) -> Result<(), OptionError> {
        let ready = options
            .into_iter()
            .map(|(name, value)| self.prepare(name.as_ref(), value))
            .collect::<Result<Vec<_>, _>>()?;
        for r in ready {
            self.apply(r);
        }
        Ok(())
    }

    /// Whether [`Session::set_option`] would take `value` for `name`,
    /// without setting it: the type, the range, a file's contents, the
    /// memory guard and a search out are checked.
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
        self.prepare(name, value.clone()).map(drop)
    }

    /// Looks `name` up, checks `value` against the option and the session
    /// (the memory guard, a search out), and reads a file's contents: what
    /// is left cannot fail.
    fn prepare(&self, name: &str, value: OptionValue) -> Result<Ready, OptionError> {
        let spec = OptionSpec::named(name)?;
        let value = spec.check(value)?;
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
        let bad_file = |name: &str, reason: String| OptionError::BadFile {
            option: spec.name,
            name: name.to_string(),
            reason,
        };
        let mut loaded = None;
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
                let net = Network::from_bytes(bytes).map_err(|e| bad_file(name, e.to_string()))?;
                loaded = Some(Loaded::Network(net));
            }
            (OptionId::BookFile, OptionValue::File { name, bytes }) => {
                let book = Book::from_bytes(bytes).map_err(|e| bad_file(name, e.to_string()))?;
                loaded = Some(Loaded::Book(book));
            }
            (OptionId::UseNnue, OptionValue::Bool(true)) if self.network.is_none() => {
                return Err(OptionError::NoNetwork);
            }
            _ => {}
        }
        Ok(Ready {
            spec,
            value,
            loaded,
        })
    }

    /// Sets an option [`Session::prepare`] has checked.
    fn apply(&mut self, ready: Ready) {
        let Ready {
            spec,
            value,
            loaded,
        } = ready;
        let int = |v: &OptionValue| match v {
            OptionValue::Int(n) => *n,
            _ => 0,
        };
        let flag = |v: &OptionValue| matches!(v, OptionValue::Bool(true));
        let count = |v: &OptionValue| u32::try_from(int(v)).unwrap_or(u32::MAX);
        let file_name = |v: OptionValue| match v {
            OptionValue::File { name, .. } => name,
            _ => EMBEDDED.to_string(),
        };
        match spec.id {
            OptionId::Hash => self.hash_mb = usize::try_from(int(&value)).unwrap_or(1),
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
                self.set_rules(self.rules.clone().with_move_limit((n > 0).then_some(n)));
            }
            OptionId::CheckCap => {
                let n = count(&value);
                self.set_rules(self.rules.clone().with_check_cap((n > 0).then_some(n)));
            }
            OptionId::RepetitionCount => {
                self.set_rules(self.rules.clone().with_repetition_count(count(&value)));
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
                self.set_rules(rules);
            }
            OptionId::OwnBook => self.own_book = flag(&value),
            OptionId::BookFile => {
                self.book = match loaded {
                    Some(Loaded::Book(book)) => book,
                    _ => Book::masters(),
                };
                self.book_name = file_name(value);
            }
            OptionId::SkillLevel => {
                self.strength_options.skill = count(&value).min(20) as u8;
                self.apply_strength();
            }
            OptionId::LimitStrength => {
                self.strength_options.limit = flag(&value);
                self.apply_strength();
            }
            OptionId::Elo => {
                self.strength_options.elo = count(&value);
                self.apply_strength();
            }
            OptionId::UseNnue => {
                let on = flag(&value) && self.network.is_some();
                self.use_nnue = on;
                if self.searcher_mut().uses_network() != on {
                    let next = match &self.network {
                        Some(net) if on => EngineSearcher::network(net.clone()),
                        _ => EngineSearcher::classical(),
                    };
                    self.switch_searcher(next);
                }
            }
            OptionId::EvalFile => {
                let net = match loaded {
                    Some(Loaded::Network(net)) => net,
                    _ => Network::default(),
                };
                self.network = Some(net.clone());
                self.network_name = file_name(value);
                if self.use_nnue {
                    self.switch_searcher(EngineSearcher::network(net));
                }
            }
        }
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
        self.strength_options.strength()
    }

    /// Gives the searcher the strength the options ask for, seeded from
    /// the session's generator.
    pub(super) fn apply_strength(&mut self) {
        let strength = self.strength().with_seed(self.rng.next_u64());
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_strength(strength);
        }
    }

    /// Adopts `rules` and replays the current game under them.
    fn set_rules(&mut self, rules: Rules) {
        if let Some(old) = &self.game {
            self.game = Some(super::position::replay(old, &rules));
        }
        self.rules = rules;
    }
}

/// An option checked and ready to set: its value, and the network or book
/// a file's contents made.
struct Ready {
    spec: &'static OptionSpec,
    value: OptionValue,
    loaded: Option<Loaded>,
}

/// What a file option's contents were read into.
enum Loaded {
    Network(Network),
    Book(Book),
}

/// The options that set the playing strength.
#[derive(Copy, Clone, Debug)]
pub(crate) struct StrengthOptions {
    /// `Skill Level`, 0 to 20.
    pub(crate) skill: u8,
    /// `UCI_LimitStrength`: `elo` decides, not `skill`.
    pub(crate) limit: bool,
    /// `UCI_Elo`.
    pub(crate) elo: u32,
}

impl Default for StrengthOptions {
    /// Full strength: skill 20, no limit, the lowest Elo.
    fn default() -> StrengthOptions {
        StrengthOptions {
            skill: 20,
            limit: false,
            elo: Strength::MIN_ELO,
        }
    }
}

impl StrengthOptions {
    /// `elo`'s level with `limit` on, else `skill`'s.
    fn strength(self) -> Strength {
        if self.limit {
            Strength::from_elo(self.elo)
        } else {
            Strength::skill(self.skill)
        }
    }
}
