//! What an engine says of itself during the handshake: its `id` lines
//! ([`EngineProcess::identity`](crate::EngineProcess::identity)) and its
//! options ([`DeclaredOption`], parsed by [`parse_option`]).

/// An option an engine declared (UCI `option name Hash type spin default
/// 16 min 1 max 1024`, UCCI `option hashsize type spin min 0 max 1024
/// default 0`).
///
/// ```
/// use xiangqi_client::{DeclaredOption, Protocol, parse_option};
///
/// let uci = parse_option("option name Skill Level type spin default 20 min 0 max 20", Protocol::Uci);
/// assert_eq!(
///     uci,
///     Some(DeclaredOption {
///         name: "Skill Level".to_string(),
///         kind: "spin".to_string(),
///         default: Some("20".to_string()),
///         min: Some(0),
///         max: Some(20),
///         vars: vec![],
///     })
/// );
/// let ucci = parse_option("option idle type combo var none var small default none", Protocol::Ucci);
/// let idle = ucci.expect("an option line");
/// assert_eq!((idle.name.as_str(), idle.vars.len()), ("idle", 2));
/// assert_eq!(parse_option("info depth 3", Protocol::Uci), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredOption {
    /// The name, as declared (UCI names may hold spaces).
    pub name: String,
    /// The type: `spin`, `check`, `combo`, `button`, `string`, ... (in
    /// lower case).
    pub kind: String,
    /// The default value, if declared (`<empty>` for an empty string).
    pub default: Option<String>,
    /// The least value of a spin.
    pub min: Option<i64>,
    /// The greatest value of a spin.
    pub max: Option<i64>,
    /// The choices of a combo.
    pub vars: Vec<String>,
}

/// The keywords of an option line after its name.
const KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// An `option` line read as a [`DeclaredOption`]; `None` for another line
/// or an option line without a name or a type.
pub fn parse_option(line: &str, protocol: crate::Protocol) -> Option<DeclaredOption> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rest = words.strip_prefix(&["option"])?;
    // UCI: `option name <words> type ...`; UCCI: `option <name> type ...`.
    let rest = match (protocol, rest.first()) {
        (crate::Protocol::Uci, Some(&"name")) => &rest[1..],
        _ => rest,
    };
    let type_at = rest.iter().position(|w| *w == "type")?;
    if type_at == 0 {
        return None;
    }
    let name = rest[..type_at].join(" ");
    let mut option = DeclaredOption {
        name,
        kind: String::new(),
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    let mut i = type_at;
    while i < rest.len() {
        let key = rest[i];
        let end = rest[i + 1..]
            .iter()
            .position(|w| KEYWORDS.contains(w))
            .map_or(rest.len(), |p| i + 1 + p);
        let value = rest[i + 1..end].join(" ");
        match key {
            "type" => option.kind = value.to_lowercase(),
            "default" => option.default = Some(value),
            "min" => option.min = value.parse().ok(),
            "max" => option.max = value.parse().ok(),
            "var" => option.vars.push(value),
            _ => {}
        }
        i = end;
    }
    (!option.kind.is_empty()).then_some(option)
}

/// An `id` line (`id name Pikafish 2024`, `id author ...`) as its key and
/// value; `None` for another line.
///
/// ```
/// use xiangqi_client::parse_id;
///
/// assert_eq!(parse_id("id name xiangqi-engine 0.1.0"), Some(("name".to_string(), "xiangqi-engine 0.1.0".to_string())));
/// assert_eq!(parse_id("uciok"), None);
/// ```
pub fn parse_id(line: &str) -> Option<(String, String)> {
    let mut words = line.split_whitespace();
    if words.next()? != "id" {
        return None;
    }
    let key = words.next()?.to_string();
    Some((key, words.collect::<Vec<_>>().join(" ")))
}
