//! What the match and `analyze --engine` share about an engine process:
//! its rank numbering on the command line, and its [`Spec`] from the flags.

use xiangqi::notation::UciRanks;
use xiangqi_client::{Protocol, Spec};

use crate::cli::FlagValueError;

/// Reads `--engineN-ranks`: `0-9` (or `0`) or `1-10` (or `1`).
///
/// ```
/// use xiangqi::notation::UciRanks;
/// use xiangqi_tools::cli::parse_ranks;
///
/// assert_eq!(parse_ranks("1-10"), Ok(UciRanks::OneToTen));
/// assert_eq!(parse_ranks("0"), Ok(UciRanks::ZeroToNine));
/// assert!(parse_ranks("2-11").is_err());
/// ```
pub fn parse_ranks(text: &str) -> Result<UciRanks, FlagValueError> {
    match text {
        "0-9" | "0" => Ok(UciRanks::ZeroToNine),
        "1-10" | "1" => Ok(UciRanks::OneToTen),
        _ => Err(FlagValueError::Ranks),
    }
}

/// An engine process from its flags: the command line, the protocol,
/// Fairy-Stockfish's setup (`-fsf`: ranks 1-10 and its variant, sent
/// first), the ranks (overriding `-fsf`'s) and the init commands in order.
pub(crate) fn spec(
    cmd: &str,
    protocol: Protocol,
    ranks: Option<UciRanks>,
    init: &[String],
    fsf: bool,
) -> Spec {
    let mut spec = Spec {
        protocol,
        ..Spec::uci(cmd)
    };
    if fsf {
        spec = spec.fairy_stockfish();
    }
    if let Some(ranks) = ranks {
        spec.ranks = ranks;
    }
    spec.init.extend(init.iter().cloned());
    spec
}
