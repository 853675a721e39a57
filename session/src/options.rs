//! The engine's options: one table, keyed by the UCI names (`Hash`,
//! `Threads`, `MultiPV`, `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`,
//! `OwnBook`, `Use NNUE`, `Move Limit`, `Move Overhead`, ...), with each
//! option's type, default and range, and its UCCI name where UCCI has one.
//!
//! Names are looked up without regard to case, spaces, underscores or
//! hyphens, and by either protocol's name, so `Move Limit`, `movelimit` and
//! `move_limit` are the same option.

use xiangqi::Strength;

use crate::error::OptionError;

/// What an option controls.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionId {
    /// Transposition table size in MiB.
    Hash,
    /// Search threads.
    Threads,
    /// Lines searched and reported.
    MultiPv,
    /// Whether the GUI may ponder (informative: the session ponders when
    /// asked to).
    Ponder,
    /// Clears the transposition table.
    ClearHash,
    /// Milliseconds kept back from the clock for communication delays.
    MoveOverhead,
    /// The variant: `xiangqi` only.
    Variant,
    /// Ranks `0-9` (ICCS) or `1-10` (Fairy-Stockfish) in move strings.
    MoveRanks,
    /// [`xiangqi::Rules::move_limit`] in moves, 0 for none.
    MoveLimit,
    /// [`xiangqi::Rules::check_cap`], 0 for none.
    CheckCap,
    /// [`xiangqi::Rules::repetition_count`].
    RepetitionCount,
    /// The chase rule: `asian`, `fairy-stockfish` or `none`.
    ChaseRule,
    /// Whether the engine plays from its opening book.
    OwnBook,
    /// The opening book: `<embedded>` or a file's bytes.
    BookFile,
    /// The skill level, 0-20 (20: full strength).
    SkillLevel,
    /// Whether `UCI_Elo` sets the strength (else `Skill Level` does).
    LimitStrength,
    /// The strength as an Elo rating, when `UCI_LimitStrength` is on.
    Elo,
    /// Whether the network evaluates (else the classical evaluator).
    UseNnue,
    /// The network: `<embedded>` or a file's bytes.
    EvalFile,
}

/// An option's type, default and range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer.
    Spin {
        /// The value before any change.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// A boolean.
    Check {
        /// The value before any change.
        default: bool,
    },
    /// One of a few words.
    Combo {
        /// The value before any change.
        default: &'static str,
        /// The values accepted.
        vars: &'static [&'static str],
    },
    /// An action without a value.
    Button,
    /// A file's contents, given as bytes ([`OptionValue::File`]), or
    /// [`EMBEDDED`] for the one built in. The session reads no files: the
    /// front end reads the file the user names.
    File {
        /// The value before any change.
        default: &'static str,
    },
}

impl OptionKind {
    /// The type's name: `spin`, `check`, `combo`, `button` or `file` (as
    /// the Python and JavaScript option listings give it).
    ///
    /// ```
    /// use xiangqi_session::OptionSpec;
    ///
    /// assert_eq!(OptionSpec::find("Hash").unwrap().kind.type_name(), "spin");
    /// assert_eq!(OptionSpec::find("EvalFile").unwrap().kind.type_name(), "file");
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            OptionKind::Spin { .. } => "spin",
            OptionKind::Check { .. } => "check",
            OptionKind::Combo { .. } => "combo",
            OptionKind::Button => "button",
            OptionKind::File { .. } => "file",
        }
    }
}

/// One option of the table.
#[derive(Copy, Clone, Debug)]
pub struct OptionSpec {
    /// What it controls.
    pub id: OptionId,
    /// Its name: the UCI name, the table's key.
    pub name: &'static str,
    /// Its UCCI name, if UCCI lists it.
    pub ucci: Option<&'static str>,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A spin's value.
    Int(i64),
    /// A check's value.
    Bool(bool),
    /// A combo's value (one of its words), or [`EMBEDDED`] for a file.
    Text(String),
    /// A file's contents, with the name to report it by.
    File {
        /// The name given (a path, for messages only).
        name: String,
        /// The contents.
        bytes: Vec<u8>,
    },
    /// A button press.
    Press,
}

impl OptionValue {
    /// The value in a few words, for messages (a file by its name and
    /// size, not its bytes).
    ///
    /// ```
    /// use xiangqi_session::OptionValue;
    ///
    /// assert_eq!(OptionValue::Int(3).describe(), "3");
    /// let file = OptionValue::File { name: "g2a.nnue".into(), bytes: vec![0; 10] };
    /// assert_eq!(file.describe(), "g2a.nnue (10 bytes)");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            OptionValue::Int(n) => n.to_string(),
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Text(t) => format!("{t:?}"),
            OptionValue::File { name, bytes } => format!("{name} ({} bytes)", bytes.len()),
            OptionValue::Press => "a press".to_string(),
        }
    }
}

/// The name of the network and of the book built in: the default of
/// `EvalFile` and `BookFile`.
pub const EMBEDDED: &str = "<embedded>";

/// The values of `Chase Rule`.
pub const CHASE_RULES: &[&str] = &["asian", "fairy-stockfish", "none"];

/// Every option, in the order a `uci` listing prints them.
pub const OPTIONS: &[OptionSpec] = &[
    spin(OptionId::Hash, "Hash", Some("hashsize"), 16, 1, 65536),
    spin(OptionId::Threads, "Threads", Some("threads"), 1, 1, 256),
    spin(OptionId::MultiPv, "MultiPV", None, 1, 1, 64),
    check(OptionId::Ponder, "Ponder", Some("ponder"), false),
    check(OptionId::OwnBook, "OwnBook", Some("usebook"), false),
    OptionSpec {
        id: OptionId::BookFile,
        name: "BookFile",
        ucci: Some("bookfiles"),
        kind: OptionKind::File { default: EMBEDDED },
    },
    spin(
        OptionId::SkillLevel,
        "Skill Level",
        Some("skilllevel"),
        20,
        0,
        20,
    ),
    check(
        OptionId::LimitStrength,
        "UCI_LimitStrength",
        Some("limitstrength"),
        false,
    ),
    spin(
        OptionId::Elo,
        "UCI_Elo",
        Some("elo"),
        Strength::MIN_ELO as i64,
        Strength::MIN_ELO as i64,
        Strength::MAX_ELO as i64,
    ),
    OptionSpec {
        id: OptionId::ClearHash,
        name: "Clear Hash",
        ucci: None,
        kind: OptionKind::Button,
    },
    spin(
        OptionId::MoveOverhead,
        "Move Overhead",
        Some("moveoverhead"),
        10,
        0,
        5000,
    ),
    combo(
        OptionId::Variant,
        "UCI_Variant",
        None,
        "xiangqi",
        &["xiangqi"],
    ),
    combo(
        OptionId::MoveRanks,
        "Move Ranks",
        None,
        "0-9",
        &["0-9", "1-10"],
    ),
    spin(
        OptionId::MoveLimit,
        "Move Limit",
        Some("movelimit"),
        60,
        0,
        10000,
    ),
    spin(
        OptionId::CheckCap,
        "Check Cap",
        Some("checkcap"),
        0,
        0,
        10000,
    ),
    spin(
        OptionId::RepetitionCount,
        "Repetition Count",
        Some("repetitioncount"),
        3,
        2,
        100,
    ),
    combo(
        OptionId::ChaseRule,
        "Chase Rule",
        None,
        "asian",
        CHASE_RULES,
    ),
    check(OptionId::UseNnue, "Use NNUE", Some("usennue"), true),
    OptionSpec {
        id: OptionId::EvalFile,
        name: "EvalFile",
        ucci: Some("evalfile"),
        kind: OptionKind::File { default: EMBEDDED },
    },
];

const fn spin(
    id: OptionId,
    name: &'static str,
    ucci: Option<&'static str>,
    default: i64,
    min: i64,
    max: i64,
) -> OptionSpec {
    OptionSpec {
        id,
        name,
        ucci,
        kind: OptionKind::Spin { default, min, max },
    }
}

const fn check(
    id: OptionId,
    name: &'static str,
    ucci: Option<&'static str>,
    default: bool,
) -> OptionSpec {
    OptionSpec {
        id,
        name,
        ucci,
        kind: OptionKind::Check { default },
    }
}

const fn combo(
    id: OptionId,
    name: &'static str,
    ucci: Option<&'static str>,
    default: &'static str,
    vars: &'static [&'static str],
) -> OptionSpec {
    OptionSpec {
        id,
        name,
        ucci,
        kind: OptionKind::Combo { default, vars },
    }
}

/// `name` without case, spaces, underscores or hyphens.
fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl OptionSpec {
    /// The option called `name`: its UCI name or its UCCI name, in any
    /// case, with or without spaces, underscores and hyphens.
    ///
    /// ```
    /// use xiangqi_session::{OptionId, OptionSpec};
    ///
    /// assert_eq!(OptionSpec::find("Skill Level").unwrap().id, OptionId::SkillLevel);
    /// assert_eq!(OptionSpec::find("skilllevel").unwrap().id, OptionId::SkillLevel);
    /// assert_eq!(OptionSpec::find("hashsize").unwrap().name, "Hash");
    /// assert!(OptionSpec::find("Contempt").is_none());
    /// ```
    pub fn find(name: &str) -> Option<&'static OptionSpec> {
        let key = normalize(name);
        let key = match key.as_str() {
            "ranks" | "uciranks" => "moveranks",
            other => other,
        };
        OPTIONS
            .iter()
            .find(|s| normalize(s.name) == key || s.ucci.is_some_and(|n| normalize(n) == key))
    }

    /// The option called `name`, as [`OptionSpec::find`] finds it, or
    /// [`OptionError::Unknown`]: the one lookup of every front end.
    ///
    /// ```
    /// use xiangqi_session::{OptionError, OptionSpec};
    ///
    /// assert_eq!(OptionSpec::named("UCI_ELO")?.name, "UCI_Elo");
    /// assert_eq!(OptionSpec::named("Contempt").unwrap_err(), OptionError::Unknown("Contempt".into()));
    /// # Ok::<(), OptionError>(())
    /// ```
    pub fn named(name: &str) -> Result<&'static OptionSpec, OptionError> {
        OptionSpec::find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))
    }

    /// The option with this id.
    ///
    /// ```
    /// use xiangqi_session::{OptionId, OptionSpec};
    ///
    /// assert_eq!(OptionSpec::of(OptionId::Elo).name, "UCI_Elo");
    /// ```
    pub fn of(id: OptionId) -> &'static OptionSpec {
        OPTIONS.iter().find(|s| s.id == id).unwrap_or(&OPTIONS[0])
    }

    /// The option's default value.
    ///
    /// ```
    /// use xiangqi_session::{OptionSpec, OptionValue};
    ///
    /// let hash = OptionSpec::find("Hash").unwrap();
    /// assert_eq!(hash.default_value(), OptionValue::Int(16));
    /// let eval = OptionSpec::find("EvalFile").unwrap();
    /// assert_eq!(eval.default_value(), OptionValue::Text("<embedded>".into()));
    /// ```
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Spin { default, .. } => OptionValue::Int(default),
            OptionKind::Check { default } => OptionValue::Bool(default),
            OptionKind::Combo { default, .. } | OptionKind::File { default } => {
                OptionValue::Text(default.to_string())
            }
            OptionKind::Button => OptionValue::Press,
        }
    }

    /// Reads `text` as a value of this option, as a text protocol gives
    /// it: `true`/`false` (or `on`/`off`) for a check, a whole number in
    /// range for a spin, one of the words for a combo. A file option takes
    /// only [`EMBEDDED`] (or nothing) as text: its contents come as
    /// [`OptionValue::File`].
    ///
    /// ```
    /// use xiangqi_session::{OptionSpec, OptionValue};
    ///
    /// let hash = OptionSpec::find("Hash").unwrap();
    /// assert_eq!(hash.parse("64"), Ok(OptionValue::Int(64)));
    /// let err = hash.parse("0").unwrap_err();
    /// assert_eq!(err.to_string(), r#"option Hash: expected a whole number from 1 to 65536, not "0""#);
    /// ```
    pub fn parse(&'static self, text: &str) -> Result<OptionValue, OptionError> {
        let text = text.trim();
        let value = match self.kind {
            OptionKind::Button => OptionValue::Press,
            OptionKind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" | "on" => OptionValue::Bool(true),
                "false" | "off" => OptionValue::Bool(false),
                _ => return Err(self.bad(text, "true or false".to_string())),
            },
            OptionKind::Spin { .. } => match text.parse::<i64>() {
                Ok(n) => OptionValue::Int(n),
                Err(_) => return Err(self.bad(text, self.expected())),
            },
            OptionKind::Combo { .. } | OptionKind::File { .. } => {
                OptionValue::Text(text.to_string())
            }
        };
        self.check(value)
    }

    /// `value` if this option accepts it, else why not: the option's own
    /// type, or text as a protocol line gives it (read by
    /// [`OptionSpec::parse`]); a combo's word is given its listed
    /// spelling. This is the one conversion of every front end: each
    /// turns its own values into [`OptionValue`]s by their type alone.
    ///
    /// ```
    /// use xiangqi_session::{OptionSpec, OptionValue};
    ///
    /// let rule = OptionSpec::find("Chase Rule").unwrap();
    /// assert_eq!(rule.check(OptionValue::Text("ASIAN".into())), Ok(OptionValue::Text("asian".into())));
    /// assert!(rule.check(OptionValue::Bool(true)).is_err());
    /// let hash = OptionSpec::find("hashsize").unwrap();
    /// assert_eq!(hash.check(OptionValue::Text("64".into())), Ok(OptionValue::Int(64)));
    /// ```
    pub fn check(&'static self, value: OptionValue) -> Result<OptionValue, OptionError> {
        match (self.kind, value) {
            (OptionKind::Button, _) => Ok(OptionValue::Press),
            (OptionKind::Check { .. }, v @ OptionValue::Bool(_)) => Ok(v),
            (OptionKind::Spin { min, max, .. }, OptionValue::Int(n)) => {
                if (min..=max).contains(&n) {
                    Ok(OptionValue::Int(n))
                } else {
                    Err(self.bad(&n.to_string(), self.expected()))
                }
            }
            (OptionKind::Combo { vars, .. }, OptionValue::Text(t)) => vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(t.trim()))
                .map(|v| OptionValue::Text(v.to_string()))
                .ok_or_else(|| self.bad(&t, self.expected())),
            (OptionKind::File { .. }, OptionValue::Text(t)) => {
                if t.trim().is_empty() || t.trim() == EMBEDDED {
                    Ok(OptionValue::Text(EMBEDDED.to_string()))
                } else {
                    Err(self.bad(&t, self.expected()))
                }
            }
            (OptionKind::File { .. }, v @ OptionValue::File { .. }) => Ok(v),
            // A number or a flag as text, as a protocol line gives it.
            (OptionKind::Spin { .. } | OptionKind::Check { .. }, OptionValue::Text(t)) => {
                self.parse(&t)
            }
            (_, v) => Err(OptionError::WrongType {
                option: self.name,
                expected: self.expected(),
                given: v.describe(),
            }),
        }
    }

    /// What the option accepts, in words.
    fn expected(&self) -> String {
        match self.kind {
            OptionKind::Spin { min, max, .. } => format!("a whole number from {min} to {max}"),
            OptionKind::Check { .. } => "true or false".to_string(),
            OptionKind::Combo { vars, .. } => format!("one of {}", vars.join(", ")),
            OptionKind::Button => "no value".to_string(),
            OptionKind::File { .. } => format!("a file's contents or {EMBEDDED}"),
        }
    }

    fn bad(&'static self, given: &str, expected: String) -> OptionError {
        OptionError::BadValue {
            option: self.name,
            expected,
            given: given.to_string(),
        }
    }
}
