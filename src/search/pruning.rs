//! The pruning and reduction parameters of the alpha-beta search, the
//! late-move-reduction table, and the small rules around them (when null
//! moves are safe, how mate scores are stored in the table).

use crate::base::{Position, Role};

use super::MATE_BOUND;

/// Reverse futility pruning: at most this depth, a node whose static eval
/// beats beta by `RFP_MARGIN` per ply returns it.
pub(super) const RFP_DEPTH: i32 = 6;
pub(super) const RFP_MARGIN: i32 = 90;
/// Quiet moves searched at depth 1, 2, 3 before the rest are pruned.
pub(super) const LMP_COUNT: [usize; 4] = [0, 6, 10, 18];
/// Per depth: quiet moves are pruned when the static eval is this far below
/// alpha.
pub(super) const FUTILITY_MARGIN: i32 = 140;
/// History score above which late quiet moves are reduced one ply less.
pub(super) const HISTORY_LMR: i32 = 1 << 18;

/// The late-move reduction at `depth` for the `count`-th move: about
/// `0.5 + ln(depth) ln(count) / 2.5`, from a table.
#[inline]
pub(super) fn lmr_reduction(depth: i32, count: usize) -> i32 {
    LMR[(depth.max(0) as usize).min(31)][count.min(63)] as i32
}

/// `LMR[d][c]` = round(0.5 + ln(d) ln(c) / 2.5), with integer logarithms
/// (`const` has no `ln`): ln is approximated in eighths by a table.
static LMR: [[u8; 64]; 32] = {
    // ln(n) * 8 for n = 0..64, rounded.
    const LN8: [i32; 64] = [
        0, 0, 6, 9, 11, 13, 14, 16, 17, 18, 18, 19, 20, 21, 21, 22, 22, 23, 23, 24, 24, 24, 25, 25,
        25, 26, 26, 26, 27, 27, 27, 27, 28, 28, 28, 28, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30, 31,
        31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33,
    ];
    let mut t = [[0u8; 64]; 32];
    let mut d = 1;
    while d < 32 {
        let mut c = 1;
        while c < 64 {
            // 0.5 + a*b/(64*2.5) = (80 + a*b) / 160
            t[d][c] = ((80 + LN8[d] * LN8[c]) / 160) as u8;
            c += 1;
        }
        d += 1;
    }
    t
};

/// Whether the side to move has a chariot, horse or cannon (null-move
/// pruning is unsafe in zugzwang-prone endings without them).
pub(super) fn has_big_pieces(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(pos.turn())
        & (b.by_role(Role::Chariot) | b.by_role(Role::Horse) | b.by_role(Role::Cannon)))
    .any()
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
pub(super) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
pub(super) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
