//! Repetition: the one cycle finder and the one cycle judge (perpetual
//! check, perpetual chase, idle repetition under the Asian rules), shared
//! by [`Game`](crate::Game) and the search.
//!
//! Both work on a *line*: the hash of a first position and the
//! [`PlyRecord`]s of the plies played from it. Position `k` of the line is
//! the position after `k` plies (position 0 is the first one); no cycle
//! reaches back across an irreversible ply (a capture).

use crate::base::{Bitboard, ByColor, Color, Position};
use crate::game::chase;
use crate::game::record::{Chases, PlyRecord};

/// A repetition found at the last position of a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The index of the first occurrence of the judged span.
    pub(crate) first: usize,
    /// How many times the position occurred from `first` to the end.
    pub(crate) occurrences: usize,
    /// The index of the latest earlier occurrence (the last cycle).
    pub(crate) nearest: usize,
}

/// Looks for the repetition count of the last position of the line
/// (`start_hash` then `records`), not reaching back across an irreversible
/// ply. Positions are told apart by hash. Cost: the number of reversible
/// plies scanned.
///
/// With `count` occurrences (at least 2), the span judged starts at the
/// first of the last `count`. With `in_tree_after: Some(root)` (the
/// search), fewer occurrences are enough if the latest earlier one is after
/// position `root`: the side that made that cycle can repeat it until the
/// count, and the game would then judge the span from the oldest occurrence
/// found, which is the span returned (its cycles repeated add nothing new).
#[inline]
pub(crate) fn find_cycle(
    start_hash: u64,
    records: &[PlyRecord],
    count: usize,
    in_tree_after: Option<usize>,
) -> Option<Found> {
    let n = records.len();
    let hash = records.last()?.hash;
    let count = count.max(2);
    let mut occurrences = 1;
    let mut oldest = n;
    let mut nearest = n;
    let mut j = n;
    // Positions j - 1 and j - 2 are reachable from j only if plies j and
    // j - 1 are reversible.
    while occurrences < count
        && j >= 2
        && !records[j - 1].is_irreversible()
        && !records[j - 2].is_irreversible()
    {
        j -= 2;
        let h = if j == 0 {
            start_hash
        } else {
            records[j - 1].hash
        };
        // A position cannot recur after fewer than four plies.
        if h == hash && n - j >= 4 {
            occurrences += 1;
            oldest = j;
            if occurrences == 2 {
                nearest = j;
            }
        }
    }
    let in_tree = occurrences >= 2 && in_tree_after.is_some_and(|root| nearest > root);
    (occurrences >= count || in_tree).then_some(Found {
        first: oldest,
        occurrences,
        nearest,
    })
}

/// What one side did with every one of its moves in a judged span.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SideConduct {
    /// Neither checked with every move nor chased one piece with every move.
    Idle,
    /// Checked with every move; the checkers after its last move.
    Check {
        /// Squares of the checking pieces in the final position.
        checkers: Bitboard,
    },
    /// Chased the same pieces with every move.
    Chase {
        /// The pieces chased by every move, on their final squares.
        targets: Bitboard,
        /// The position index after the side's last move of the span.
        last_own: usize,
    },
}

/// The judge's findings on a cycle: each side's conduct, and the loser.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CycleRuling {
    /// The cycle found.
    pub(crate) found: Found,
    /// Red's and Black's conduct.
    pub(crate) conduct: ByColor<SideConduct>,
}

impl CycleRuling {
    /// The loser and whether by perpetual check (`true`) or chase.
    pub(crate) fn loser(&self) -> Option<(Color, bool)> {
        let checks = |c: &SideConduct| matches!(c, SideConduct::Check { .. });
        let chases = |c: &SideConduct| matches!(c, SideConduct::Chase { .. });
        let (red, black) = (&self.conduct[Color::Red], &self.conduct[Color::Black]);
        match (checks(red), checks(black)) {
            (true, false) => Some((Color::Red, true)),
            (false, true) => Some((Color::Black, true)),
            (true, true) => None,
            (false, false) => match (chases(red), chases(black)) {
                (true, false) => Some((Color::Red, false)),
                (false, true) => Some((Color::Black, false)),
                _ => None,
            },
        }
    }
}

/// Works out, by replaying the span from `pos` (which is also the position
/// at `first`), the chases of the records of plies `first + 1 ..= n` that
/// have none yet. `false` if the replay does not come back to `pos` (the
/// hashes collided: no real cycle).
fn fill_chases(
    pos: &Position,
    records: &mut [PlyRecord],
    first: usize,
    reading: chase::Reading,
) -> bool {
    if records[first..].iter().all(|r| r.chases.is_some()) {
        return true;
    }
    let mut p = pos.clone();
    for rec in &mut records[first..] {
        if !p.is_legal(rec.mv) {
            return false;
        }
        let before = p.clone();
        p.play_unchecked(rec.mv);
        if rec.chases.is_none() {
            let (chased, chasers) = chase::new_chases(&before, &p, reading);
            rec.chases = Some(Chases { chased, chasers });
        }
    }
    p.board() == pos.board() && p.turn() == pos.turn()
}

/// Judges the cycle `found` ending at `pos`, the last position of the line
/// `records`. Perpetual check is read from the records; chases are worked
/// out (and kept in the records) only if `chase_on` and no side checked
/// with every move (or, with `full`, to describe the conduct of a side
/// that did not check). `None` if the cycle is not real (a hash collision).
pub(crate) fn judge_cycle(
    pos: &Position,
    records: &mut [PlyRecord],
    found: Found,
    chase_on: bool,
    reading: chase::Reading,
    full: bool,
) -> Option<CycleRuling> {
    let n = records.len();
    let first = found.first;
    // The mover of ply k (1-based) is the side to move at position k - 1;
    // the side to move at `n` is `pos.turn()`.
    let mover = |k: usize| {
        if (n - k) % 2 == 0 {
            !pos.turn()
        } else {
            pos.turn()
        }
    };
    let last_own = |side: Color| (first + 1..=n).rev().find(|&k| mover(k) == side);
    let checking = |side: Color| {
        (first + 1..=n)
            .filter(|&k| mover(k) == side)
            .all(|k| records[k - 1].gives_check())
    };
    let mut conduct = ByColor::new([SideConduct::Idle; Color::COUNT]);
    for side in [Color::Red, Color::Black] {
        if let Some(last) = last_own(side) {
            if checking(side) {
                conduct[side] = SideConduct::Check {
                    checkers: records[last - 1].checkers,
                };
            }
        }
    }
    let checks = conduct
        .as_array()
        .iter()
        .filter(|c| matches!(c, SideConduct::Check { .. }))
        .count();
    // Chases decide only if neither side checked with every move; `full`
    // works them out anyway, to describe both sides' conduct.
    if !chase_on || (checks > 0 && !full) || checks == 2 {
        return Some(CycleRuling { found, conduct });
    }
    if !fill_chases(pos, records, first, reading) {
        return None;
    }
    for side in [Color::Red, Color::Black] {
        if matches!(conduct[side], SideConduct::Check { .. }) {
            continue;
        }
        let Some(last) = last_own(side) else {
            continue;
        };
        // Intersect the pieces newly chased by every move of `side`,
        // following them back through the other side's moves to their
        // squares at `first`, which are their squares at `n`.
        let mut acc = Bitboard::FULL;
        for k in (first + 1..=n).rev() {
            let rec = &records[k - 1];
            if mover(k) == side {
                acc &= rec.chases.map_or(Bitboard::EMPTY, |c| c.chased);
            } else {
                acc = chase::unplay_squares(acc, rec.mv);
            }
            if acc.is_empty() {
                break;
            }
        }
        if acc.any() {
            conduct[side] = SideConduct::Chase {
                targets: acc,
                last_own: last,
            };
        }
    }
    Some(CycleRuling { found, conduct })
}
