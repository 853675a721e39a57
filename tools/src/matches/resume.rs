//! `--resume`: the games of this run already in the results file, counted
//! and not played again.

use std::collections::BTreeSet;
use std::ops::Range;

use crate::matches::config::Config;
use crate::matches::error::MatchError;
use crate::matches::results;
use crate::matches::tally::Standing;

/// What was read back: the games found, and the numbers still to play.
pub struct Resumed {
    /// How many games of the range the results file holds.
    pub games: usize,
    /// The games of the range still to play, in order.
    pub to_play: Vec<usize>,
}

/// With `--resume` and `--results`, counts into `standing` the games of
/// `range` the results file holds; every game of the range not there is
/// still to play.
pub fn resume(
    config: &Config,
    range: Range<usize>,
    standing: &mut Standing,
) -> Result<Resumed, MatchError> {
    let resumed = match (&config.results, config.resume) {
        (Some(path), true) => results::resume(path)?
            .into_iter()
            .filter(|s| usize::try_from(s.game).is_ok_and(|g| range.contains(&g)))
            .collect(),
        _ => Vec::new(),
    };
    let mut done = BTreeSet::new();
    for s in &resumed {
        let g = s.game as usize;
        done.insert(g);
        standing.add_scored(g, (2.0 * s.score1).round() as u32, s.kind);
    }
    Ok(Resumed {
        games: resumed.len(),
        to_play: range.filter(|g| !done.contains(g)).collect(),
    })
}
