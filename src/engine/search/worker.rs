//! One search thread: PVS alpha-beta with a transposition table, null-move
//! pruning, late-move reductions, check extension, quiescence on captures,
//! mate-distance scores, and the game's own arbiter at every node.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::base::{Move, Position, Role, Square};
use crate::engine::eval::{Evaluator, piece_value};
use crate::game::Rules;
use crate::game::arbiter::{self, Asker};
use crate::game::record::{LimitCount, PlyRecord};

use super::limits::Deadlines;
use super::ordering::{Heuristics, Picker, PieceTo, structure_key};
use super::see::see;
use super::tt::{Bound, Table};
use super::{INFINITY, MATE_BOUND, MATE_SCORE, MAX_PLY};

/// What all threads of one search share.
pub(crate) struct Shared<'a, E: ?Sized> {
    pub(crate) eval: &'a E,
    pub(crate) tt: &'a Table,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) helpers_stop: &'a AtomicBool,
    pub(crate) deadlines: Deadlines,
    pub(crate) node_limit: Option<u64>,
    pub(crate) rules: &'a Rules,
    /// While this flag is down the search ponders: no time limit applies
    /// (the clock starts when it is raised).
    pub(crate) ponderhit: Option<&'a AtomicBool>,
}

impl<'a, E: ?Sized> Shared<'a, E> {
    pub(crate) fn clone_refs(&self) -> Shared<'a, E> {
        Shared {
            eval: self.eval,
            tt: self.tt,
            stop: self.stop,
            helpers_stop: self.helpers_stop,
            deadlines: self.deadlines,
            node_limit: self.node_limit,
            rules: self.rules,
            ponderhit: self.ponderhit,
        }
    }
}

/// The game a search starts from: the reversible tail of its history.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// The hash of the first position of the tail.
    pub(crate) start_hash: u64,
    /// The plies from there to the root.
    pub(crate) records: Vec<PlyRecord>,
    /// The move-limit counters at the first position.
    pub(crate) start_limit: LimitCount,
}

const NO_MOVE: Move = Move::new(Square::A0, Square::A0);
/// Evasions searched in quiescence before standing pat even in check.
const QS_CHECK_PLIES: usize = 4;

/// The best root move of the current iteration so far.
#[derive(Clone, Debug)]
pub(crate) struct RootBest {
    pub(crate) score: i32,
    pub(crate) pv: Vec<Move>,
}

/// The state of one search thread.
pub(crate) struct Worker<'a, E: Evaluator + ?Sized> {
    sh: Shared<'a, E>,
    pub(crate) nodes: u64,
    pub(crate) seldepth: usize,
    pub(crate) aborted: bool,
    /// The line: the game's reversible tail, then the current search path.
    start_hash: u64,
    start_limit: LimitCount,
    records: Vec<PlyRecord>,
    /// The root's position index in the line.
    root: usize,
    heur: &'a mut Heuristics,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
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
        heur: &'a mut Heuristics,
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
            heur,
            pv: Box::new([[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            excluded: Vec::new(),
            root_moves: Vec::new(),
            is_main,
            root_depth: 1,
            root_best: None,
        }
    }

    /// The principal variation of the last completed root search.
    pub(crate) fn pv(&self) -> &[Move] {
        &self.pv[0][..self.pv_len[0]]
    }

    /// Checks the stop flags, the node limit and (every 1024 nodes) the clock.
    #[inline]
    fn should_stop(&mut self) -> bool {
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
                || (self.is_main && !self.pondering() && self.sh.deadlines.hard_passed()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    fn evaluate(&mut self, pos: &Position, st: &E::State) -> i32 {
        let eval = self.sh.eval;
        self.heur.cached_eval(pos.hash(), || {
            eval.evaluate(pos, st)
                .clamp(-crate::engine::EVAL_LIMIT, crate::engine::EVAL_LIMIT)
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
    /// evaluator state, and pushes the move's record on the line. Undo
    /// with `pop`.
    #[inline]
    pub(crate) fn make(&mut self, child: &mut Position, cs: &mut E::State, m: Move) {
        let piece = child.board().piece_at(m.from());
        let piece = piece.unwrap_or(crate::base::Piece::new(child.turn(), Role::General));
        let captured = child.play_unchecked(m);
        let rec = PlyRecord::new(m, piece, captured, child, self.limit(), self.sh.rules);
        self.sh.eval.play(cs, &rec, child);
        self.records.push(rec);
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
        let n = self.records.len();
        let at = |back: usize| {
            if back > ply || back > n {
                return None;
            }
            let r = &self.records[n - back];
            (r.mv.from() != r.mv.to())
                .then(|| (r.piece.index() * 90 + r.mv.to().index()) as PieceTo)
        };
        [at(1), at(2)]
    }

    #[inline]
    fn pop(&mut self) {
        self.records.pop();
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// When the search started.
    pub(crate) fn deadlines_start(&self) -> std::time::Instant {
        self.sh.deadlines.start
    }

    /// Whether the search still ponders (no time limit yet). When the
    /// ponder hit is first seen, the clock starts.
    #[inline]
    fn pondering(&mut self) -> bool {
        match self.sh.ponderhit {
            Some(flag) if flag.load(Ordering::Relaxed) => {
                self.sh.ponderhit = None;
                self.sh.deadlines.restart();
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Whether the main thread should not start another iteration.
    pub(crate) fn soft_deadline_passed(&mut self, percent: u32) -> bool {
        self.is_main && !self.pondering() && self.sh.deadlines.soft_passed(percent)
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
        self.heur.new_search();
    }

    /// The evaluator state of the root.
    pub(crate) fn root_state(&self, pos: &Position) -> E::State {
        self.sh.eval.new_state(pos)
    }

    /// The alpha-beta search proper.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        st: &E::State,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if ply > 0 {
            if let Some(score) = self.arbiter_score(pos, ply) {
                return score;
            }
            // Mate-distance pruning.
            alpha = alpha.max(-MATE_SCORE + ply as i32);
            beta = beta.min(MATE_SCORE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 {
            return self.qsearch(pos, st, alpha, beta, ply, 0);
        }
        if let Some(score) = self.enter_node(pos, st, ply) {
            return score;
        }
        let in_check = pos.is_check();
        let key = pos.hash();
        let tt = self.sh.tt.probe(key);
        let tt_move = tt.and_then(|e| e.mv);
        if let Some(e) = tt {
            if !pv_node && e.depth >= depth && ply > 0 {
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
            (raw_eval + self.heur.correction(structure))
                .clamp(-crate::engine::EVAL_LIMIT, crate::engine::EVAL_LIMIT)
        };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility pruning.
            if depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
                return static_eval;
            }
            // Null-move pruning.
            if null_ok && depth >= 3 && static_eval >= beta && has_big_pieces(pos) {
                let r = 3 + depth / 4;
                let mut child = pos.clone();
                child.play_null();
                let mut cs = st.clone();
                self.sh.eval.play_null(&mut cs, &child);
                let rec = PlyRecord::null(pos.turn(), &child, self.limit(), self.sh.rules);
                self.records.push(rec);
                let s = -self.search(&child, &cs, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.pop();
                if self.aborted {
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
        while let Some(m) = picker.next_move(pos, ply, self.heur, context) {
            if ply == 0
                && (self.excluded.contains(&m)
                    || !(self.root_moves.is_empty() || self.root_moves.contains(&m)))
            {
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
            let (mut child, mut cs) = (pos.clone(), st.clone());
            self.make(&mut child, &mut cs, m);
            let gives_check = child.is_check();
            quiets_seen += usize::from(quiet);
            count += 1;
            // Check extension, bounded so perpetual checks cannot run away.
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + ext;
            let score = if count == 1 {
                -self.search(&child, &cs, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3
                    && count > 2 + usize::from(pv_node)
                    && quiet
                    && !gives_check
                    && !in_check
                    && !self.heur.is_killer(ply, m)
                {
                    r = lmr_reduction(depth, count);
                    if pv_node {
                        r -= 1;
                    }
                    // Moves with a good history are reduced less.
                    if self.heur.history(pos, m) > HISTORY_LMR {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(
                    &child,
                    &cs,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if s > alpha && r > 0 {
                    s = -self.search(&child, &cs, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, &cs, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.pop();
            if self.aborted {
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
                            self.heur.reward(pos, ply, m, &quiets_tried, depth, context);
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
        if !in_check
            && quiet_best
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.heur
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
    fn enter_node(&mut self, pos: &Position, st: &E::State, ply: usize) -> Option<i32> {
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

    /// Quiescence: stand pat, then captures (all evasions when in check, for
    /// a few plies).
    fn qsearch(
        &mut self,
        pos: &Position,
        st: &E::State,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
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
            stand = (self.evaluate(pos, st) + self.heur.correction(structure_key(pos)))
                .clamp(-crate::engine::EVAL_LIMIT, crate::engine::EVAL_LIMIT);
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
            let (mut child, mut cs) = (pos.clone(), st.clone());
            self.make(&mut child, &mut cs, m);
            let score = -self.qsearch(&child, &cs, -beta, -alpha, ply + 1, qply + 1);
            self.pop();
            if self.aborted {
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

/// Reverse futility pruning: at most this depth, a node whose static eval
/// beats beta by `RFP_MARGIN` per ply returns it.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
/// Quiet moves searched at depth 1, 2, 3 before the rest are pruned.
const LMP_COUNT: [usize; 4] = [0, 6, 10, 18];
/// Per depth: quiet moves are pruned when the static eval is this far below
/// alpha.
const FUTILITY_MARGIN: i32 = 140;
/// History score above which late quiet moves are reduced one ply less.
const HISTORY_LMR: i32 = 1 << 18;

/// The late-move reduction at `depth` for the `count`-th move: about
/// `0.5 + ln(depth) ln(count) / 2.5`, from a table.
#[inline]
fn lmr_reduction(depth: i32, count: usize) -> i32 {
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
fn has_big_pieces(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(pos.turn())
        & (b.by_role(Role::Chariot) | b.by_role(Role::Horse) | b.by_role(Role::Cannon)))
    .any()
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
