//! The arbiter: every rule that ends a game, applied in one order, for
//! [`Game`](crate::Game) and for the search alike.

use crate::core::{Color, EndReason, Position};
use crate::game::chase;
use crate::game::record::{LimitCount, PlyRecord};
use crate::game::repetition::{self, CycleRuling};
use crate::game::{Rules, is_insufficient_material};

/// Who asks the arbiter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Asker {
    /// A game after a move: every rule, the end described in full.
    Game,
    /// The search at a node of its tree, whose root is position `root` of
    /// the line. The search finds a side without legal moves itself, so it
    /// is only looked for where a draw rule would otherwise apply. A
    /// position repeated within the tree (its earlier occurrence after the
    /// root) is judged at once, as if the cycle were repeated until the
    /// game's repetition count: the side that made it can make it again.
    Search {
        /// The root's position index in the line.
        root: usize,
    },
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
    records: &mut [PlyRecord],
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
        Asker::Game => None,
        Asker::Search { root } => Some(root),
    };
    let found = repetition::find_cycle(start_hash, records, count, in_tree_after)?;
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
