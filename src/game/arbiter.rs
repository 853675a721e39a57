//! The arbiter: every rule that ends a game, applied in one order, for
//! [`Game`](crate::Game) and for the search alike.

use crate::base::{Color, EndReason, Position};
use crate::game::chase;
use crate::game::record::{LimitCount, PlyRecord};
use crate::game::repetition::{self, CycleRuling, Found};
use crate::game::{Rules, is_insufficient_material};
use alloc::vec::Vec;

/// Who asks the arbiter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Asker {
    /// A game after a move: every rule, the end described in full.
    Game,
    /// The search at a node of its tree, whose root is position `root` of
    /// the line. The search finds a side without legal moves itself, so it
    /// is only looked for where a draw rule would otherwise apply. A
    /// position repeated within the tree (its latest earlier occurrence
    /// after the root) ends the line at once, with the verdict the game
    /// would give if that cycle were played again until the game ends: the
    /// side that made it can make it again.
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    Search {
        /// The root's position index in the line.
        root: usize,
    },
    /// Playing out such a cycle: every rule but "no legal move" (each
    /// position of the cycle had a move played from it).
    Replay,
}

/// The arbiter's decision: winner, reason and, for a repetition, the
/// cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ruling {
    /// The winner, `None` for a draw.
    pub(crate) winner: Option<Color>,
    /// Why the game ends.
    pub(crate) reason: EndReason,
    /// The repetition cycle, for repetition rulings.
    pub(crate) cycle: Option<CycleRuling>,
}

impl Ruling {
    fn plain(winner: Option<Color>, reason: EndReason) -> Ruling {
        Ruling {
            winner,
            reason,
            cycle: None,
        }
    }

    /// The side to move of `pos` has no legal move: it loses.
    fn no_moves(pos: &Position) -> Ruling {
        let reason = if pos.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        Ruling::plain(Some(!pos.turn()), reason)
    }
}

/// Adjudicates `pos`, the last position of the line `start_hash` +
/// `records` (see [`repetition`]), under `rules`. `limit` is the move-limit
/// count at `pos`. In order (as Fairy-Stockfish does): no legal move loses;
/// insufficient material draws; the move limit draws; a repetition is
/// judged.
#[inline]
pub(crate) fn adjudicate(
    pos: &Position,
    start_hash: u64,
    records: &mut Vec<PlyRecord>,
    limit: LimitCount,
    rules: &Rules,
    asker: Asker,
) -> Option<Ruling> {
    if asker == Asker::Game && !pos.has_legal_moves() {
        return Some(Ruling::no_moves(pos));
    }
    let draw = if rules.insufficient_material && is_insufficient_material(pos.board()) {
        Some(EndReason::InsufficientMaterial)
    } else if rules
        .limit_plies()
        .is_some_and(|plies| limit.counted >= plies)
    {
        Some(EndReason::MoveLimit)
    } else {
        None
    };
    if let Some(reason) = draw {
        if asker != Asker::Game && !pos.has_legal_moves() {
            return Some(Ruling::no_moves(pos));
        }
        return Some(Ruling::plain(None, reason));
    }
    let count = rules.occurrences();
    let in_tree_after = match asker {
        Asker::Search { root } => Some(root),
        Asker::Game | Asker::Replay => None,
    };
    let found = repetition::find_cycle(start_hash, records, count, in_tree_after)?;
    if found.occurrences < count {
        return play_out(pos, start_hash, records, found, rules);
    }
    let full = asker == Asker::Game;
    let cycle = repetition::judge_cycle(
        pos,
        records,
        found,
        rules.chase_detection,
        chase::Reading::of(rules),
        full,
    )?;
    let (winner, reason) = match cycle.loser() {
        Some((loser, true)) => (Some(!loser), EndReason::PerpetualCheck),
        Some((loser, false)) => (Some(!loser), EndReason::PerpetualChase),
        None => (None, EndReason::Repetition),
    };
    Some(Ruling {
        winner,
        reason,
        cycle: Some(cycle),
    })
}

/// The verdict the game would reach if the last cycle of `found` (from its
/// latest earlier occurrence to `pos`) were played again and again: the
/// game ends when some position of it reaches the repetition count, or
/// earlier on the move limit. The replayed plies are pushed on `records`
/// and taken off again. `None` if the cycle's moves do not replay (a hash
/// collision).
fn play_out(
    pos: &Position,
    start_hash: u64,
    records: &mut Vec<PlyRecord>,
    found: Found,
    rules: &Rules,
) -> Option<Ruling> {
    let n = records.len();
    let cycle = n - found.nearest;
    // The current position recurs once per cycle: the count is reached
    // after this many plies at the latest.
    let plies = (rules.occurrences() - found.occurrences) * cycle;
    let mut p = pos.clone();
    let mut ruling = None;
    for step in 0..plies {
        let mut rec = records[found.nearest + step % cycle].clone();
        if !p.is_legal(rec.mv) {
            break;
        }
        p.play_unchecked(rec.mv);
        let prev = records[records.len() - 1].limit;
        rec.limit = prev.after(rec.piece.color, false, rec.gives_check(), rules);
        let limit = rec.limit;
        records.push(rec);
        ruling = adjudicate(&p, start_hash, records, limit, rules, Asker::Replay);
        if ruling.is_some() {
            break;
        }
    }
    records.truncate(n);
    ruling
}
