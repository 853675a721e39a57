//! The engine's options: one table for both protocols, printed in each
//! protocol's form and looked up by either name.
//!
//! Names are matched without regard to case, spaces, underscores or
//! hyphens, so `setoption name Move Limit value 50` (UCI) and
//! `setoption movelimit 50` (UCCI) set the same option, in either protocol.

use xiangqi::Strength;

use crate::uci::book_skill::EMBEDDED_BOOK;
use crate::uci::engine::Protocol;

/// What an option controls.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Id {
    /// Transposition table size in MiB.
    Hash,
    /// Search threads.
    Threads,
    /// Lines reported (UCI).
    MultiPv,
    /// Whether the GUI may ponder (informative).
    Ponder,
    /// Clears the transposition table.
    ClearHash,
    /// Milliseconds kept back from the clock for communication delays.
    MoveOverhead,
    /// The variant: `xiangqi` only.
    Variant,
    /// Ranks `0-9` (ICCS) or `1-10` (Fairy-Stockfish) in move strings.
    Ranks,
    /// [`xiangqi::Rules::move_limit`] in moves, 0 for none.
    MoveLimit,
    /// [`xiangqi::Rules::check_cap`], 0 for none.
    CheckCap,
    /// [`xiangqi::Rules::repetition_count`].
    RepetitionCount,
    /// The chase rule: `asian`, `fairy-stockfish` or `none`.
    ChaseRule,
    /// UCCI's `repetition`: `asianrule`, `chineserule` or `checkban`.
    Repetition,
    /// UCCI: times in milliseconds (true) or seconds (false).
    UseMillisec,
    /// Whether the engine plays from its opening book (UCI `OwnBook`,
    /// UCCI `usebook`).
    OwnBook,
    /// The opening book file (`<embedded>`: the built-in book; UCI
    /// `BookFile`, UCCI `bookfiles`).
    BookFile,
    /// The skill level, 0-20 (20: full strength).
    SkillLevel,
    /// Whether `UCI_Elo` sets the strength (else `Skill Level` does).
    LimitStrength,
    /// The strength as an Elo rating, when `UCI_LimitStrength` is on.
    Elo,
    /// UCCI: a new game starts (clears the transposition table).
    NewGame,
    /// A network file to load (`<embedded>`: the built-in network).
    EvalFile,
    /// Whether the network evaluates (else the classical evaluator).
    UseNnue,
}

/// An option's type, default and range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer.
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// A boolean.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// One of a few words.
    Combo {
        /// The value before any `setoption`.
        default: &'static str,
        /// The values accepted.
        vars: &'static [&'static str],
    },
    /// An action without a value.
    Button,
    /// Free text (a path).
    Text {
        /// The value before any `setoption`.
        default: &'static str,
    },
}

/// One option.
#[derive(Copy, Clone, Debug)]
pub struct Spec {
    /// What it controls.
    pub id: Id,
    /// Its name in the `uci` listing, if listed there.
    pub uci: Option<&'static str>,
    /// Its name in the `ucci` listing, if listed there.
    pub ucci: Option<&'static str>,
    /// Its type.
    pub kind: Kind,
}

/// The chase-rule values of the `Chase Rule` option.
pub const CHASE_RULES: &[&str] = &["asian", "fairy-stockfish", "none"];
/// The values of UCCI's `repetition` option that this engine supports
/// (`alwaysdraw` is not: perpetual check always loses under
/// [`xiangqi::Rules`]).
pub const REPETITION_RULES: &[&str] = &["asianrule", "chineserule", "checkban"];

/// The `EvalFile` value that names the network built into the engine.
pub const EMBEDDED_NET: &str = "<embedded>";

/// Every option.
pub const OPTIONS: &[Spec] = &[
    Spec {
        id: Id::UseMillisec,
        uci: None,
        ucci: Some("usemillisec"),
        kind: Kind::Check { default: true },
    },
    Spec {
        id: Id::Hash,
        uci: Some("Hash"),
        ucci: Some("hashsize"),
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 65536,
        },
    },
    Spec {
        id: Id::Threads,
        uci: Some("Threads"),
        ucci: Some("threads"),
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        id: Id::MultiPv,
        uci: Some("MultiPV"),
        ucci: None,
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 64,
        },
    },
    Spec {
        id: Id::Ponder,
        uci: Some("Ponder"),
        ucci: Some("ponder"),
        kind: Kind::Check { default: false },
    },
    Spec {
        id: Id::OwnBook,
        uci: Some("OwnBook"),
        ucci: Some("usebook"),
        kind: Kind::Check { default: false },
    },
    Spec {
        id: Id::BookFile,
        uci: Some("BookFile"),
        ucci: Some("bookfiles"),
        kind: Kind::Text {
            default: EMBEDDED_BOOK,
        },
    },
    Spec {
        id: Id::SkillLevel,
        uci: Some("Skill Level"),
        ucci: Some("skilllevel"),
        kind: Kind::Spin {
            default: 20,
            min: 0,
            max: 20,
        },
    },
    Spec {
        id: Id::LimitStrength,
        uci: Some("UCI_LimitStrength"),
        ucci: Some("limitstrength"),
        kind: Kind::Check { default: false },
    },
    Spec {
        id: Id::Elo,
        uci: Some("UCI_Elo"),
        ucci: Some("elo"),
        kind: Kind::Spin {
            default: Strength::MIN_ELO as i64,
            min: Strength::MIN_ELO as i64,
            max: Strength::MAX_ELO as i64,
        },
    },
    Spec {
        id: Id::ClearHash,
        uci: Some("Clear Hash"),
        ucci: None,
        kind: Kind::Button,
    },
    Spec {
        id: Id::NewGame,
        uci: None,
        ucci: Some("newgame"),
        kind: Kind::Button,
    },
    Spec {
        id: Id::MoveOverhead,
        uci: Some("Move Overhead"),
        ucci: Some("moveoverhead"),
        kind: Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
        },
    },
    Spec {
        id: Id::Variant,
        uci: Some("UCI_Variant"),
        ucci: None,
        kind: Kind::Combo {
            default: "xiangqi",
            vars: &["xiangqi"],
        },
    },
    Spec {
        id: Id::Ranks,
        uci: Some("Move Ranks"),
        ucci: None,
        kind: Kind::Combo {
            default: "0-9",
            vars: &["0-9", "1-10"],
        },
    },
    Spec {
        id: Id::MoveLimit,
        uci: Some("Move Limit"),
        ucci: Some("movelimit"),
        kind: Kind::Spin {
            default: 60,
            min: 0,
            max: 10000,
        },
    },
    Spec {
        id: Id::CheckCap,
        uci: Some("Check Cap"),
        ucci: Some("checkcap"),
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 10000,
        },
    },
    Spec {
        id: Id::RepetitionCount,
        uci: Some("Repetition Count"),
        ucci: Some("repetitioncount"),
        kind: Kind::Spin {
            default: 3,
            min: 2,
            max: 100,
        },
    },
    Spec {
        id: Id::ChaseRule,
        uci: Some("Chase Rule"),
        ucci: None,
        kind: Kind::Combo {
            default: "asian",
            vars: CHASE_RULES,
        },
    },
    Spec {
        id: Id::Repetition,
        uci: None,
        ucci: Some("repetition"),
        kind: Kind::Combo {
            default: "asianrule",
            vars: REPETITION_RULES,
        },
    },
    Spec {
        id: Id::UseNnue,
        uci: Some("Use NNUE"),
        ucci: Some("usennue"),
        kind: Kind::Check { default: true },
    },
    Spec {
        id: Id::EvalFile,
        uci: Some("EvalFile"),
        ucci: Some("evalfile"),
        kind: Kind::Text {
            default: EMBEDDED_NET,
        },
    },
];

/// A parsed option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A spin value, within range.
    Int(i64),
    /// A check value.
    Bool(bool),
    /// A combo value, as listed.
    Choice(&'static str),
    /// A button press.
    Press,
    /// A text value, trimmed.
    Text(String),
}

/// `name` without case, spaces, underscores or hyphens.
fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The option called `name` (either protocol's name, or an alias).
pub fn find(name: &str) -> Option<&'static Spec> {
    let key = normalize(name);
    let alias = match key.as_str() {
        "hashsize" => "hash",
        "ranks" | "uciranks" => "moveranks",
        other => other,
    };
    OPTIONS.iter().find(|s| {
        s.uci.is_some_and(|n| normalize(n) == alias)
            || s.ucci.is_some_and(|n| normalize(n) == alias)
    })
}

/// Reads `value` for `spec`, or says why it is not acceptable.
pub fn parse_value(spec: &Spec, value: &str) -> Result<Value, String> {
    let value = value.trim();
    match spec.kind {
        Kind::Button => Ok(Value::Press),
        Kind::Text { .. } => Ok(Value::Text(value.to_string())),
        Kind::Check { .. } => match value.to_ascii_lowercase().as_str() {
            "true" | "on" => Ok(Value::Bool(true)),
            "false" | "off" => Ok(Value::Bool(false)),
            _ => Err(format!("expected true or false, not {value:?}")),
        },
        Kind::Spin { min, max, .. } => match value.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Value::Int(n)),
            _ => Err(format!(
                "expected a whole number from {min} to {max}, not {value:?}"
            )),
        },
        Kind::Combo { vars, .. } => vars
            .iter()
            .find(|v| v.eq_ignore_ascii_case(value))
            .map(|v| Value::Choice(v))
            .ok_or_else(|| format!("expected one of {}, not {value:?}", vars.join(", "))),
    }
}

/// The `option ...` lines of the handshake, in `protocol`'s form.
pub fn listing(protocol: Protocol) -> Vec<String> {
    OPTIONS
        .iter()
        .filter_map(|spec| {
            let name = match protocol {
                Protocol::Uci => spec.uci?,
                Protocol::Ucci => spec.ucci?,
            };
            Some(match (protocol, spec.kind) {
                (Protocol::Uci, Kind::Spin { default, min, max }) => {
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                (Protocol::Ucci, Kind::Spin { default, min, max }) => {
                    format!("option {name} type spin min {min} max {max} default {default}")
                }
                (Protocol::Uci, Kind::Check { default }) => {
                    format!("option name {name} type check default {default}")
                }
                (Protocol::Ucci, Kind::Check { default }) => {
                    format!("option {name} type check default {default}")
                }
                (Protocol::Uci, Kind::Combo { default, vars }) => {
                    let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                    format!(
                        "option name {name} type combo default {default} {}",
                        vars.join(" ")
                    )
                }
                (Protocol::Ucci, Kind::Combo { default, vars }) => {
                    let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                    format!(
                        "option {name} type combo {} default {default}",
                        vars.join(" ")
                    )
                }
                (Protocol::Uci, Kind::Button) => format!("option name {name} type button"),
                (Protocol::Ucci, Kind::Button) => format!("option {name} type button"),
                (Protocol::Uci, Kind::Text { default }) => {
                    format!("option name {name} type string default {default}")
                }
                (Protocol::Ucci, Kind::Text { default }) => {
                    format!("option {name} type string default {default}")
                }
            })
        })
        .collect()
}
