//! Quiescence search: at the horizon, stand pat on the static evaluation
//! (corrected by the correction history), then search the captures that
//! can matter (delta pruning, no losing exchanges by SEE) until the
//! position is quiet; in check, all evasions for a few plies.

use crate::base::Role;
use crate::eval::{Evaluator, piece_value};

use super::history::structure_key;
use super::picker::Picker;
use super::see::see;
use super::stack::Node;
use super::worker::Worker;
use super::{INFINITY, MATE_SCORE};

/// Evasions searched in quiescence before standing pat even in check.
const QS_CHECK_PLIES: usize = 4;

impl<E: Evaluator + ?Sized> Worker<'_, E> {
    /// Quiescence: stand pat, then captures (all evasions when in check, for
    /// a few plies).
    pub(super) fn qsearch(
        &mut self,
        node: Node<'_, E::State>,
        mut alpha: i32,
        beta: i32,
        qply: usize,
    ) -> i32 {
        let Node {
            pos,
            state: st,
            ply,
        } = node;
        if qply > 0 {
            if let Some(score) = self.arbiter_score(pos, ply) {
                return score;
            }
        }
        if let Some(score) = self.enter_node(pos, st, ply) {
            return score;
        }
        let in_check = pos.is_check();
        let evasions = in_check && qply < QS_CHECK_PLIES;
        let mut best;
        let stand;
        let mut picker = if evasions {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return -(MATE_SCORE - ply as i32);
            }
            best = -INFINITY;
            stand = -INFINITY;
            Picker::captures(pos, moves)
        } else {
            let eval = self.evaluate(pos, st);
            stand = (eval + self.tables.history.correction(structure_key(pos)))
                .clamp(-crate::eval::EVAL_LIMIT, crate::eval::EVAL_LIMIT);
            if stand >= beta {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
            Picker::pseudo_captures(pos)
        };
        while let Some(m) = picker.pick(pos) {
            let victim = pos.board().piece_at(m.to());
            if !evasions {
                let Some(victim) = victim else { continue };
                let gain = piece_value(victim.role);
                // Delta pruning: even winning the piece cannot reach alpha.
                if stand + gain + 200 < alpha {
                    continue;
                }
                // Skip captures that lose material in the exchange (a
                // capture of something at least as valuable never does).
                let attacker = pos
                    .board()
                    .piece_at(m.from())
                    .map_or(Role::General, |p| p.role);
                if attacker != Role::General && piece_value(attacker) > gain && see(pos, m) < 0 {
                    continue;
                }
            }
            let mut child = pos.clone();
            let mut cs = st.clone();
            self.make(&mut child, &mut cs, m);
            let score = -self.qsearch(node.child(&child, &cs), -beta, -alpha, qply + 1);
            if self.pop_aborted() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
