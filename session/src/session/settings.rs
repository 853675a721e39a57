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
    pub(super) fn apply_strength(&mut self) {
        let strength = self.strength().with_seed(self.rng.next_u64());
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_strength(strength);
        }
    }

    /// Adopts `rules` and replays the current game under them.
    fn set_rules(&mut self, rules: Rules) -> Result<(), OptionError> {
        if let Some(old) = &self.game {
            self.game = Some(super::position::replay(old, &rules));
        }
        self.rules = rules;
        Ok(())
    }
}
