//! The option listing of the handshake, in each protocol's form: the
//! session's table ([`xiangqi_session::OPTIONS`]) plus UCCI's own dialect
//! options (`usemillisec`, `newgame`, `repetition`).

use xiangqi_session::{OPTIONS, OptionKind, Protocol};

/// The values of UCCI's `repetition` option that this engine supports
/// (`alwaysdraw` is not: perpetual check always loses under
/// [`xiangqi::Rules`]); they set the session's `Chase Rule` to `asian`,
/// `fairy-stockfish` and `none`.
pub const REPETITION_RULES: &[&str] = &["asianrule", "chineserule", "checkban"];

/// UCCI's options that are the dialect's, not the engine's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UcciOption {
    /// Times in milliseconds (true) or seconds (false).
    UseMillisec,
    /// A new game starts.
    NewGame,
    /// The repetition rule, as words for `Chase Rule`.
    Repetition,
}

impl UcciOption {
    /// The dialect option called `name` (any case).
    pub fn find(name: &str) -> Option<UcciOption> {
        match name.to_ascii_lowercase().as_str() {
            "usemillisec" => Some(UcciOption::UseMillisec),
            "newgame" => Some(UcciOption::NewGame),
            "repetition" => Some(UcciOption::Repetition),
            _ => None,
        }
    }
}

/// The `option ...` lines of the handshake, in `protocol`'s form.
pub fn listing(protocol: Protocol) -> Vec<String> {
    let mut lines = Vec::new();
    if protocol == Protocol::Ucci {
        lines.push("option usemillisec type check default true".to_string());
    }
    for spec in OPTIONS {
        let name = match protocol {
            Protocol::Uci => spec.name,
            Protocol::Ucci => match spec.ucci {
                Some(name) => name,
                None => continue,
            },
        };
        lines.push(match (protocol, spec.kind) {
            (Protocol::Uci, OptionKind::Spin { default, min, max }) => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            (Protocol::Ucci, OptionKind::Spin { default, min, max }) => {
                format!("option {name} type spin min {min} max {max} default {default}")
            }
            (Protocol::Uci, OptionKind::Check { default }) => {
                format!("option name {name} type check default {default}")
            }
            (Protocol::Ucci, OptionKind::Check { default }) => {
                format!("option {name} type check default {default}")
            }
            (Protocol::Uci, OptionKind::Combo { default, vars }) => {
                let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                format!(
                    "option name {name} type combo default {default} {}",
                    vars.join(" ")
                )
            }
            (Protocol::Ucci, OptionKind::Combo { default, vars }) => {
                let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                format!(
                    "option {name} type combo {} default {default}",
                    vars.join(" ")
                )
            }
            (Protocol::Uci, OptionKind::Button) => format!("option name {name} type button"),
            (Protocol::Ucci, OptionKind::Button) => format!("option {name} type button"),
            (Protocol::Uci, OptionKind::File { default }) => {
                format!("option name {name} type string default {default}")
            }
            (Protocol::Ucci, OptionKind::File { default }) => {
                format!("option {name} type string default {default}")
            }
        });
    }
    // The endgame tables' directories, read by the front end (the
    // session takes bytes).
    lines.push(match protocol {
        Protocol::Uci => "option name EgtbPath type string default <empty>".to_string(),
        Protocol::Ucci => "option egtbpath type string default <empty>".to_string(),
    });
    if protocol == Protocol::Ucci {
        let vars: Vec<String> = REPETITION_RULES
            .iter()
            .map(|v| format!("var {v}"))
            .collect();
        lines.push("option newgame type button".to_string());
        lines.push(format!(
            "option repetition type combo {} default asianrule",
            vars.join(" ")
        ));
    }
    lines
}
