//! The names by which the Python and WebAssembly packages choose a
//! notation: one table for both front ends.

use xiangqi::notation::{ChineseScript, Notation, WxfDialect};

/// Every notation name with the notation it stands for, in the order the
/// error message lists them. `"wxf"` is WXF as Fairy-Stockfish and
/// pyffish write it (`C2=5`), `"wxf_dots"` as the WXF rules do (`C2.5`).
///
/// ```
/// use xiangqi_session::NOTATION_NAMES;
/// assert_eq!(NOTATION_NAMES.map(|(name, _)| name)[..2], ["wxf", "wxf_dots"]);
/// ```
pub const NOTATION_NAMES: [(&str, Notation); 5] = [
    ("wxf", Notation::Wxf(WxfDialect::FairyStockfish)),
    ("wxf_dots", Notation::Wxf(WxfDialect::Wxf)),
    ("chinese", Notation::Chinese(ChineseScript::Simplified)),
    (
        "chinese_traditional",
        Notation::Chinese(ChineseScript::Traditional),
    ),
    ("iccs", Notation::Iccs),
];

/// A notation name that is not one of [`NOTATION_NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown notation {0:?}: expected \"wxf\", \"wxf_dots\", \"chinese\", \
     \"chinese_traditional\" or \"iccs\""
)]
pub struct UnknownNotation(pub String);

/// The notation named `name`.
///
/// ```
/// use xiangqi::notation::{ChineseScript, Notation};
/// use xiangqi_session::notation_named;
///
/// assert_eq!(notation_named("chinese"), Ok(Notation::Chinese(ChineseScript::Simplified)));
/// let e = notation_named("san").unwrap_err();
/// assert!(e.to_string().starts_with("unknown notation \"san\": expected \"wxf\""));
/// ```
pub fn notation_named(name: &str) -> Result<Notation, UnknownNotation> {
    NOTATION_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, notation)| notation)
        .ok_or_else(|| UnknownNotation(name.to_string()))
}
