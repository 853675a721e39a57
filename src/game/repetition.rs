//! Repetition: finding the cycle that ends a game and judging it by the
//! Asian rules (perpetual check, perpetual chase, idle repetition).

use crate::core::{Bitboard, Color, EndReason};
use crate::game::chase;
use crate::game::game::{Node, PlyRecord};
use crate::game::verdict::{Conduct, Cycle, Placed, Verdict};

/// A repetition found at the last node: the ply of the first of the
/// `occurrences` occurrences of the current position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Found {
    first: usize,
    occurrences: usize,
}

/// Looks for `count` occurrences of the last node's position since the last
/// capture. Cost: the number of plies since the last capture.
pub(crate) fn find_cycle(nodes: &[Node], count: usize) -> Option<Found> {
    let n = nodes.len().checked_sub(1)?;
    let cur = &nodes[n];
    let oldest = n - cur.reversible.min(n);
    let mut occurrences = 1;
    let mut j = n;
    while j >= oldest + 2 {
        j -= 2;
        // A position cannot recur after fewer than four plies.
        if n - j < 4 {
            continue;
        }
        let p = &nodes[j].pos;
        if p.hash() == cur.pos.hash() && p.turn == cur.pos.turn && p.board == cur.pos.board {
            occurrences += 1;
            if occurrences >= count {
                return Some(Found {
                    first: j,
                    occurrences,
                });
            }
        }
    }
    None
}

/// The conduct of `side` in the plies `first + 1 ..= n`.
fn conduct(
    nodes: &[Node],
    records: &[PlyRecord],
    first: usize,
    side: Color,
    chase_on: bool,
) -> Conduct {
    let n = records.len();
    let mover = |k: usize| nodes[k - 1].pos.turn;
    let own: Vec<usize> = (first + 1..=n).filter(|&k| mover(k) == side).collect();
    let Some(&last_own) = own.last() else {
        return Conduct::Idle;
    };
    let final_board = &nodes[n].pos.board;
    let placed = |set: Bitboard| -> Vec<Placed> {
        set.into_iter()
            .filter_map(|square| {
                final_board
                    .piece_at(square)
                    .map(|piece| Placed { square, piece })
            })
            .collect()
    };
    if own.iter().all(|&k| records[k - 1].checkers.any()) {
        // The side's pieces do not move in a later ply of the other side.
        return Conduct::Check {
            checkers: placed(records[last_own - 1].checkers),
        };
    }
    if !chase_on {
        return Conduct::Idle;
    }
    // Intersect the newly chased pieces of every move of `side`, following
    // the chased pieces back through the other side's moves.
    let mut acc = Bitboard::FULL;
    for k in (first + 1..=n).rev() {
        let rec = &records[k - 1];
        if mover(k) == side {
            acc &= rec.chased;
        } else {
            acc = chase::unplay_squares(acc, rec.mv);
        }
        if acc.is_empty() {
            return Conduct::Idle;
        }
    }
    // `acc` is on the squares of the position at `first`, which is the
    // final position. The chasers: those of the side's last move that
    // attack these pieces (on their squares after that move).
    let mut at_last = acc;
    for k in (last_own + 1..=n).rev() {
        at_last = chase::unplay_squares(at_last, records[k - 1].mv);
    }
    let mut chasers = Bitboard::EMPTY;
    chase::for_each_chase(&nodes[last_own].pos, side, |a, t| {
        if at_last.contains(t) && records[last_own - 1].chasers.contains(a) {
            chasers = chasers.with(a);
        }
    });
    Conduct::Chase {
        chasers: placed(chasers),
        targets: placed(acc),
    }
}

/// Judges the cycle `found` ending at the last node.
pub(crate) fn judge(
    nodes: &[Node],
    records: &[PlyRecord],
    found: Found,
    chase_on: bool,
) -> Verdict {
    let n = records.len();
    let red = conduct(nodes, records, found.first, Color::Red, chase_on);
    let black = conduct(nodes, records, found.first, Color::Black, chase_on);
    let checks = |c: &Conduct| matches!(c, Conduct::Check { .. });
    let chases = |c: &Conduct| matches!(c, Conduct::Chase { .. });
    let (winner, reason) = match (checks(&red), checks(&black)) {
        (true, false) => (Some(Color::Black), EndReason::PerpetualCheck),
        (false, true) => (Some(Color::Red), EndReason::PerpetualCheck),
        (true, true) => (None, EndReason::Repetition),
        (false, false) => match (chases(&red), chases(&black)) {
            (true, false) => (Some(Color::Black), EndReason::PerpetualChase),
            (false, true) => (Some(Color::Red), EndReason::PerpetualChase),
            _ => (None, EndReason::Repetition),
        },
    };
    Verdict {
        winner,
        reason,
        ply: n,
        cycle: Some(Cycle {
            first_ply: found.first,
            last_ply: n,
            occurrences: found.occurrences,
            red,
            black,
        }),
        move_limit: None,
    }
}
