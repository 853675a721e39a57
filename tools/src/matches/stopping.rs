//! When the match stops: after its games (`--first`, `--games`), or as soon
//! as the SPRT accepts a hypothesis on the pairs played (`--sprt`).

use std::ops::Range;

use crate::matches::config::Config;
use crate::matches::sprt_report;
use crate::matches::tally::Pairing;

/// The numbers (0-based) of the games this run covers: `--games` of them
/// from `--first`.
pub fn game_range(config: &Config) -> Range<usize> {
    config.first..config.first.saturating_add(config.games)
}

/// The decision line when `--sprt` is set and its log-likelihood ratio on
/// `pairs` has crossed a bound: the match stops after printing it.
pub fn sprt_decision(config: &Config, pairs: &Pairing) -> Option<String> {
    let sprt = config.sprt.as_ref()?;
    let d = sprt.decision(sprt.llr(&pairs.counts.0))?;
    Some(sprt_report::decision_line(sprt, d))
}
