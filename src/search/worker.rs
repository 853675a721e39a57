//! One search thread ([`Worker`]): the PVS alpha-beta search proper
//! ([`Worker::search`]) with a transposition table, null-move pruning,
//! late-move reductions, check and singular extensions (`singular.rs`),
//! mate-distance scores and the game's own arbiter at every node, on the
//! per-ply stack of `stack.rs`; the node plumbing (make and unmake, limits,
//! the evaluation) shared with quiescence (`qsearch.rs`). What the threads
//! share is in `shared.rs`, what a thread keeps between searches in
//! `tables.rs`.

use std::sync::atomic::Ordering;

use crate::base::{Move, Piece, Position, Role};
use crate::eval::Evaluator;
use crate::game::arbiter::{self, Asker};
use crate::game::record::{LimitCount, PlyRecord};

use super::history::{PieceTo, piece_to, structure_key};
use super::picker::Picker;
use super::pruning::{
    FUTILITY_MARGIN, HISTORY_LMR, LMP_COUNT, RFP_DEPTH, RFP_MARGIN, has_big_pieces, lmr_reduction,
    score_from_tt, score_to_tt,
};
use super::shared::{Line, Shared};
use super::singular::Singular;
use super::stack::{EMPTY_FRAME, Frame, Node};
use super::tables::Tables;
use super::tt::Bound;
use super::{INFINITY, MATE_BOUND, MATE_SCORE, MAX_PLY};

/// The best root move of the current iteration so far.
#[derive(Clone, Debug)]
pub(crate) struct RootBest {
    pub(crate) score: i32,
    pub(crate) pv: Vec<Move>,
}

/// The state of one search thread.
pub(crate) struct Worker<'a, E: Evaluator + ?Sized> {
    pub(super) sh: Shared<'a, E>,
    pub(crate) nodes: u64,
    pub(crate) seldepth: usize,
    pub(crate) aborted: bool,
    /// The line: the game's reversible tail, then the current search path.
    start_hash: u64,
    start_limit: LimitCount,
    records: Vec<PlyRecord>,
    /// The root's position index in the line.
    root: usize,
    pub(super) tables: &'a mut Tables,
    /// The per-ply stack of the current path, by ply.
    pub(super) stack: Box<[Frame; MAX_PLY + 1]>,
    /// Root moves excluded from this iteration (multi-PV).
    pub(crate) excluded: Vec<Move>,
    /// The root moves to search (all if empty).
    pub(crate) root_moves: Vec<Move>,
    /// Main thread: may be told to check limits; helpers only the flags.
    is_main: bool,
    /// The depth of the current iteration.
    pub(crate) root_depth: i32,
    /// The best fully searched root move of the current iteration (first
    /// line only), kept when the iteration is cut short.
    pub(crate) root_best: Option<RootBest>,
}

impl<'a, E: Evaluator + ?Sized> Worker<'a, E> {
    pub(crate) fn new(
        sh: Shared<'a, E>,
        tables: &'a mut Tables,
        line: &Line,
        is_main: bool,
    ) -> Self {
        let mut records = Vec::with_capacity(line.records.len() + MAX_PLY + 2);
        records.extend_from_slice(&line.records);
        Worker {
            sh,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            start_hash: line.start_hash,
            start_limit: line.start_limit,
            root: records.len(),
            records,
            tables,
            stack: Box::new([EMPTY_FRAME; MAX_PLY + 1]),
            excluded: Vec::new(),
            root_moves: Vec::new(),
            is_main,
            root_depth: 1,
            root_best: None,
        }
    }

    /// The principal variation of the last completed root search.
    pub(crate) fn pv(&self) -> &[Move] {
        &self.stack[0].pv[..self.stack[0].pv_len]
    }

    /// Checks the stop flags, the node limit and (every 1024 nodes) the clock.
    #[inline]
    pub(super) fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(limit) = self.sh.node_limit {
            if self.is_main && self.nodes >= limit {
                self.aborted = true;
                return true;
            }
        }
        if self.nodes & 1023 == 0
            && (self.sh.stop.load(Ordering::Relaxed)
                || self.sh.helpers_stop.load(Ordering::Relaxed)
                || (self.is_main && !self.pondering() && self.sh.deadlines.hard_passed(self.nodes)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The static evaluation of `pos` (cached), within the evaluation
    /// limit.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position, st: &E::State) -> i32 {
        let eval = self.sh.eval;
        self.tables.evals.get_or_insert(pos.hash(), || {
            eval.evaluate(pos, st)
                .clamp(-crate::eval::EVAL_LIMIT, crate::eval::EVAL_LIMIT)
        })
    }

    /// The move-limit counters at the current node.
    #[inline]
    fn limit(&self) -> LimitCount {
        self.records.last().map_or(self.start_limit, |r| r.limit)
    }

    /// What the game's arbiter rules at this node (not the root), as a
    /// score for the side to move: the same rules, in the same order, as
    /// [`Game::outcome`](crate::Game::outcome), with a repetition inside the
    /// tree judged at once.
    #[inline]
    pub(crate) fn arbiter_score(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        let limit = self.limit();
        let ruling = arbiter::adjudicate(
            pos,
            self.start_hash,
            &mut self.records,
            limit,
            self.sh.rules,
            Asker::Search { root: self.root },
        )?;
        Some(match ruling.winner {
            None => 0,
            Some(c) if c == pos.turn() => MATE_SCORE - ply as i32,
            Some(_) => -(MATE_SCORE - ply as i32),
        })
    }

    /// Plays `m` (legal) on `child` and `cs`, copies of a position and its
    /// evaluator state, and pushes the move's record on the line; returns
    /// the piece moved. Undo with `pop`.
    #[inline]
    pub(crate) fn make(&mut self, child: &mut Position, cs: &mut E::State, m: Move) -> Piece {
        let piece = child.board().piece_at(m.from());
        let piece = piece.unwrap_or(Piece::new(child.turn(), Role::General));
        let captured = child.play_unchecked(m);
        let rec = PlyRecord::new(m, piece, captured, child, self.limit(), self.sh.rules);
        self.sh.eval.play(cs, &rec, child);
        self.records.push(rec);
        piece
    }

    /// The line: the game's reversible tail, then the current path.
    #[cfg(test)]
    pub(crate) fn records(&self) -> &[PlyRecord] {
        &self.records
    }

    /// The (piece, destination) of the moves one and two plies before the
    /// node at `ply` (none across a null move or the root).
    #[inline]
    fn context(&self, ply: usize) -> [Option<PieceTo>; 2] {
        let at = |back: usize| {
            if back > ply {
                return None;
            }
            self.stack[ply - back].current
        };
        [at(1), at(2)]
    }

    /// Takes back the last move made; whether the search was aborted
    /// meanwhile (the caller then returns at once: no score of an aborted
    /// search is used).
    #[inline]
    #[must_use]
    pub(super) fn pop_aborted(&mut self) -> bool {
        self.records.pop();
        self.aborted
    }

    /// The principal variation from `ply`: `m`, then the child's.
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let (frame, child) = (&mut head[ply], &tail[0]);
        let child_len = child.pv_len.max(ply + 1);
        frame.pv[ply] = m;
        frame.pv[ply + 1..child_len].copy_from_slice(&child.pv[ply + 1..child_len]);
        frame.pv_len = child_len;
    }

    /// The time since the search started, for reports (zero without a
    /// clock; reads the clock).
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        self.sh.deadlines.elapsed()
    }

    /// Whether the search has a clock.
    pub(crate) fn has_clock(&self) -> bool {
        self.sh.deadlines.has_clock()
    }

    /// Whether the search still ponders (no time limit yet). When the
    /// ponder hit is first seen, the clock starts.
    #[inline]
    fn pondering(&mut self) -> bool {
        match self.sh.ponderhit {
            Some(flag) if flag.load(Ordering::Relaxed) => {
                self.sh.ponderhit = None;
                self.sh.deadlines.restart(self.nodes);
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Whether the main thread should not start another iteration.
    pub(crate) fn soft_deadline_passed(&mut self, percent: u32) -> bool {
        self.is_main && !self.pondering() && self.sh.deadlines.soft_passed(percent, self.nodes)
    }

    /// Transposition table use, in permille.
    pub(crate) fn hashfull(&self) -> u32 {
        self.sh.tt.hashfull()
    }

    /// Resets per-search state before an iteration from the root.
    pub(crate) fn start_iteration(&mut self) {
        self.records.truncate(self.root);
    }

    pub(crate) fn new_search(&mut self) {
        self.tables.new_search();
    }

    /// The evaluator state of the root.
    pub(crate) fn root_state(&self, pos: &Position) -> E::State {
        self.sh.eval.new_state(pos)
    }

    /// The alpha-beta search proper: the score of `node` searched to
    /// `depth` within the window `alpha..beta` (a bound outside it).
    pub(crate) fn search(
        &mut self,
        node: Node<'_, E::State>,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
    ) -> i32 {
        let Node {
            pos,
            state: st,
            ply,
        } = node;
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv_len = ply;
        if ply > 0 {
            if let Some(score) = self.arbiter_score(pos, ply) {
                return score;
            }
            #[cfg(feature = "tablebase")]
            if let Some(tables) = self.sh.tablebase {
                if let Some(score) = table_score(tables, pos, ply) {
                    return score;
                }
            }
            // Mate-distance pruning.
            alpha = alpha.max(-MATE_SCORE + ply as i32);
            beta = beta.min(MATE_SCORE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 {
            return self.qsearch(node, alpha, beta, 0);
        }
        if let Some(score) = self.enter_node(pos, st, ply) {
            return score;
        }
        let in_check = pos.is_check();
        let key = pos.hash();
        // A singular-extension search of this node without one move: no
        // table cut-off or store, no pruning of the whole node.
        let excluded = self.stack[ply].excluded;
        let tt = self.sh.tt.probe(key);
        let tt_move = tt.and_then(|e| e.mv);
        if let Some(e) = tt {
            if !pv_node && excluded.is_none() && e.depth >= depth && ply > 0 {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let structure = structure_key(pos);
        let raw_eval = if in_check {
            -INFINITY
        } else {
            self.evaluate(pos, st)
        };
        // The static evaluation corrected by what earlier searches of this
        // structure found.
        let static_eval = if in_check {
            raw_eval
        } else {
            (raw_eval + self.tables.history.correction(structure))
                .clamp(-crate::eval::EVAL_LIMIT, crate::eval::EVAL_LIMIT)
        };
        if !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility pruning.
            if depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
                return static_eval;
            }
            // Null-move pruning (not at the root, not twice in a row).
            let null_ok = ply > 0 && self.stack[ply - 1].current.is_some();
            if null_ok && depth >= 3 && static_eval >= beta && has_big_pieces(pos) {
                let r = 3 + depth / 4;
                let mut child = pos.clone();
                child.play_null();
                let mut cs = st.clone();
                self.sh.eval.play_null(&mut cs, &child);
                let rec = PlyRecord::null(pos.turn(), &child, self.limit(), self.sh.rules);
                self.records.push(rec);
                self.stack[ply].current = None;
                let s = -self.search(node.child(&child, &cs), -beta, -beta + 1, depth - 1 - r);
                if self.pop_aborted() {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: a node without a TT move is searched
        // a ply shallower (its move ordering is poor; a later visit with the
        // TT move filled in goes deeper).
        let depth = if depth >= 4 && tt_move.is_none() && !in_check {
            depth - 1
        } else {
            depth
        };
        // At shallow depth far below alpha, quiet moves cannot help: only
        // captures are generated (futility pruning of the whole node).
        let futility = static_eval + FUTILITY_MARGIN * depth;
        let futile =
            !pv_node && !in_check && depth <= 3 && futility <= alpha && alpha.abs() < MATE_BOUND;
        let mut picker = Picker::new(pos, tt_move, futile);
        let mut quiets_tried = arrayvec::ArrayVec::<Move, 64>::new();
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut count = 0;
        let mut quiets_seen = 0;
        let orig_alpha = alpha;
        let context = self.context(ply);
        while let Some(m) = picker.next_move(
            pos,
            ply,
            &self.tables.killers,
            &self.tables.history,
            context,
        ) {
            if ply == 0
                && (self.excluded.contains(&m)
                    || !(self.root_moves.is_empty() || self.root_moves.contains(&m)))
            {
                continue;
            }
            if excluded == Some(m) {
                continue;
            }
            let quiet = pos.board().piece_at(m.to()).is_none();
            // Late-move pruning: at shallow depth, only the first quiet moves
            // are searched; the rest are skipped (the losing captures after
            // them still come). A move already searched keeps `best` off a
            // mated score.
            if !pv_node
                && !in_check
                && quiet
                && count > 0
                && depth <= 3
                && best > -MATE_BOUND
                && quiets_seen >= LMP_COUNT[depth as usize]
            {
                picker.skip_quiets();
                continue;
            }
            // Singular extension and multi-cut (`singular.rs`).
            let singular = match self.singular(node, tt, m, depth, beta) {
                Singular::Cut(score) => return score,
                s => s.extension(),
            };
            let mut child = pos.clone();
            let mut cs = st.clone();
            let piece = self.make(&mut child, &mut cs, m);
            self.stack[ply].current = Some(piece_to(piece, m.to()));
            let child_node = node.child(&child, &cs);
            let gives_check = child.is_check();
            quiets_seen += usize::from(quiet);
            count += 1;
            // Check extension, bounded so perpetual checks cannot run away;
            // with a singular extension still one ply in all.
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + (ext + singular).min(1);
            let score = if count == 1 {
                -self.search(child_node, -beta, -alpha, new_depth)
            } else {
                let mut r = 0;
                if depth >= 3
                    && count > 2 + usize::from(pv_node)
                    && quiet
                    && !gives_check
                    && !in_check
                    && !self.tables.killers.contains(ply, m)
                {
                    r = lmr_reduction(depth, count);
                    if pv_node {
                        r -= 1;
                    }
                    // Moves with a good history are reduced less.
                    if self.tables.history.history(pos, m) > HISTORY_LMR {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(child_node, -alpha - 1, -alpha, new_depth - r);
                if s > alpha && r > 0 {
                    s = -self.search(child_node, -alpha - 1, -alpha, new_depth);
                }
                if s > alpha && s < beta {
                    s = -self.search(child_node, -beta, -alpha, new_depth);
                }
                s
            };
            if self.pop_aborted() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if ply == 0 && self.excluded.is_empty() {
                        self.root_best = Some(RootBest {
                            score,
                            pv: self.pv().to_vec(),
                        });
                    }
                    if score >= beta {
                        if quiet {
                            self.tables.killers.record(ply, m);
                            let tried = &quiets_tried;
                            self.tables.history.reward(pos, m, tried, depth, context);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
        }
        if count == 0 {
            if excluded.is_some() && picker.had_moves() {
                // The left-out move was the only one searched.
                return alpha;
            }
            if !picker.had_moves() {
                if futile && pos.has_legal_moves() {
                    // Only futile quiet moves: fail low.
                    return futility;
                }
                // No legal move loses, in check or not.
                return -(MATE_SCORE - ply as i32);
            }
            // Every root move excluded (multi-PV beyond the move count).
            return -INFINITY;
        }
        if futile && best < futility {
            // The quiet moves were not searched: the node's score is the
            // futility estimate, never a mate found among the captures.
            best = futility;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Learn how far the static evaluation was off, from results it could
        // not have seen coming: quiet best moves, bounds on the right side.
        let quiet_best = best_move.is_none_or(|m| pos.board().piece_at(m.to()).is_none());
        if excluded.is_some() {
            return best;
        }
        if !in_check
            && quiet_best
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.tables
                .history
                .update_correction(structure, best - raw_eval, depth);
        }
        if ply != 0 || self.excluded.is_empty() {
            self.sh.tt.store(
                key,
                best_move.or(tt_move),
                score_to_tt(best, ply),
                depth,
                bound,
            );
        }
        best
    }

    /// Counts a node entered at `ply`; `Some(score)` if the search must
    /// return at once (stopped, or too deep to go on).
    #[inline]
    pub(super) fn enter_node(&mut self, pos: &Position, st: &E::State, ply: usize) -> Option<i32> {
        self.nodes += 1;
        if self.should_stop() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate(pos, st));
        }
        None
    }
}

/// The most pieces (kings included) of a table the tree probes: positions
/// with more are not looked up.
#[cfg(feature = "tablebase")]
const TABLE_PIECES: usize = 7;

/// The tables' score of `pos` at `ply`: the exact mate score from the
/// distance to mate (a mate too far for the mate range scores just below
/// it), 0 for a draw; `None` when no table covers it.
#[cfg(feature = "tablebase")]
fn table_score(
    tables: &crate::tablebase::Tablebase<'_>,
    pos: &Position,
    ply: usize,
) -> Option<i32> {
    use crate::tablebase::Dtm;
    if pos.board().occupied().count() > TABLE_PIECES {
        return None;
    }
    let to_mate = |n: u16| (MATE_SCORE - ply as i32 - i32::from(n)).max(MATE_BOUND - 1);
    Some(match tables.probe(pos)? {
        Dtm::Win(n) => to_mate(n),
        Dtm::Draw => 0,
        Dtm::Loss(n) => -to_mate(n),
    })
}
