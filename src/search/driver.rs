//! The driver of a search: [`Searcher::search_inner`] starts the worker
//! threads (the main thread and the Lazy SMP helpers), each of which runs
//! iterative deepening ([`iterate`]: one iteration per depth, multi-PV
//! lines, time management between iterations) over aspiration-window root
//! searches ([`aspiration`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::base::{Move, Position};
use crate::eval::Evaluator;
use crate::game::Game;

use super::limits::{Deadlines, Limits};
use super::shared::{Line, Shared};
use super::stack::Node;
use super::strength;
use super::tables::Tables;
use super::worker::Worker;
use super::{
    INFINITY, MATE_BOUND, MATE_SCORE, MAX_DEPTH, Score, SearchInfo, SearchResult, Searcher,
};

impl<E: Evaluator> Searcher<E> {
    /// Runs a search on `self.threads` threads (the calling one and scoped
    /// helpers) and gathers the main thread's result.
    pub(super) fn search_inner(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        mut on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let strength = self.strength;
        let weakened;
        let asked_lines = limits.multi_pv.max(1);
        let limits = if strength.is_full() {
            limits
        } else {
            let mut l = limits.clone();
            l.multi_pv = strength.lines(asked_lines);
            weakened = l;
            &weakened
        };
        // Below full strength: the last iteration's lines, to pick from;
        // the caller hears only the lines it asked for.
        let mut last_lines: Vec<SearchInfo> = Vec::new();
        let mut on_iteration = |info: &SearchInfo| {
            if !strength.is_full() {
                if info.multipv == 1 {
                    last_lines.clear();
                }
                last_lines.push(info.clone());
            }
            if info.multipv <= asked_lines {
                on_iteration(info);
            }
        };
        self.tt.new_search();
        let pos = game.position();
        let line = game_line(game);
        let helpers_stop = AtomicBool::new(false);
        let deadlines = Deadlines::new(limits, self.time.as_deref());
        let shared = Shared {
            eval: &self.evaluator,
            tt: &self.tt,
            stop,
            helpers_stop: &helpers_stop,
            deadlines,
            node_limit: limits.nodes,
            deepen_nodes: strength.deepen_nodes(),
            rules: game.rules(),
            ponderhit,
            #[cfg(feature = "tablebase")]
            tablebase: self.tablebase.as_deref(),
        };
        // Helpers beyond the cores would only take time from the main
        // thread (which checks the clock): at most one thread per core.
        let threads = self.threads.min(self.cores).max(1);
        while self.tables.len() < threads {
            self.tables.push(Box::new(Tables::new()));
        }
        let line = &line;
        let (main_tables, helper_tables) = self.tables.split_at_mut(1);
        let main_tables = &mut main_tables[0];
        let mut result = if threads == 1 {
            // One thread: the caller's, and no scope (nothing is spawned).
            let mut main = Worker::new(shared, main_tables, line, true);
            iterate(&mut main, pos, limits, 0, &mut on_iteration)
        } else {
            std::thread::scope(|scope| {
                let mut handles = Vec::new();
                for (id, tables) in (1..threads).zip(helper_tables.iter_mut()) {
                    let sh = shared.clone_refs();
                    handles.push(scope.spawn(move || {
                        let mut w = Worker::new(sh, tables, line, false);
                        let r = iterate(&mut w, pos, limits, id, &mut |_| {});
                        r.nodes
                    }));
                }
                let mut main = Worker::new(shared, main_tables, line, true);
                let mut r = iterate(&mut main, pos, limits, 0, &mut on_iteration);
                helpers_stop.store(true, Ordering::Relaxed);
                for h in handles {
                    r.nodes = r.nodes.saturating_add(h.join().unwrap_or(0));
                }
                r
            })
        };
        if let Some((m, line)) = strength::chosen(strength, &last_lines, &mut self.strength_rng) {
            result.best_move = Some(m);
            result.score = line.score;
            result.pv = line.pv.clone();
        }
        result.time = deadlines.elapsed();
        result
    }
}

/// The reversible tail of `game` (since its last irreversible ply) as the
/// search's line.
pub(super) fn game_line(game: &Game) -> Line {
    let records = game.records();
    let tail = records
        .iter()
        .rposition(|r| r.is_irreversible())
        .map_or(0, |i| i + 1);
    let start_hash = game
        .position_at(tail)
        .map_or(game.position().hash(), |p| p.hash());
    Line {
        start_hash,
        records: records[tail..].to_vec(),
        start_limit: if tail == 0 {
            game.start_limit()
        } else {
            records[tail - 1].limit
        },
    }
}

/// Iterative deepening on one thread. `id` 0 is the main thread, which
/// reports and respects the limits; helpers vary their depths.
fn iterate<E: Evaluator + ?Sized>(
    w: &mut Worker<'_, E>,
    pos: &Position,
    limits: &Limits,
    id: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let mut legal = pos.legal_moves();
    if legal.iter().any(|m| limits.search_moves.contains(m)) {
        legal.retain(|m| limits.search_moves.contains(m));
        w.root_moves = legal.to_vec();
    }
    let mut result = SearchResult::unsearched(legal.first().copied());
    if legal.is_empty() {
        return result;
    }
    let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    if let Some(n) = limits.mate {
        max_depth = max_depth.min(Limits::mate_depth(n).max(1));
    }
    let lines = limits.multi_pv.clamp(1, legal.len());
    let state = w.root_state(pos);
    w.new_search();
    let mut prev = 0;
    let (mut last_best, mut stable, mut last_score) = (None, 0u32, 0);
    for depth in 1..=max_depth {
        // Helpers search some iterations one ply deeper to diversify.
        let d = if id % 2 == 1 { depth + 1 } else { depth } as i32;
        w.root_depth = d;
        w.excluded.clear();
        w.root_best = None;
        let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(lines);
        for k in 0..lines {
            w.start_iteration();
            let guess = if k == 0 { prev } else { found[k - 1].0 };
            let score = aspiration(w, pos, &state, d, guess);
            if w.aborted || w.pv().is_empty() {
                break;
            }
            let pv = w.pv().to_vec();
            w.excluded.push(pv[0]);
            found.push((score, pv));
        }
        if w.aborted {
            // The best root move of the interrupted iteration, if one was
            // fully searched (it raised alpha or failed high): it beat the
            // moves searched before it at this depth, the last iteration's
            // choice first among them.
            if let Some(best) = w.root_best.take() {
                if let Some(&m) = best.pv.first() {
                    result.best_move = Some(m);
                    result.score = Score::from_value(best.score);
                    result.pv = best.pv;
                }
            }
            break;
        }
        // Lines searched later may score above earlier ones (each search
        // excludes the lines before it, and the table has moved on): report
        // them best first, as Stockfish sorts its root moves.
        found.sort_by_key(|line| core::cmp::Reverse(line.0));
        let Some((best_score, best_pv)) = found.first().cloned() else {
            break;
        };
        prev = best_score;
        result.best_move = Some(best_pv[0]);
        result.score = Score::from_value(best_score);
        result.depth = depth;
        result.pv = best_pv;
        // Only the main thread reports, and reads the clock for it.
        let time = if id == 0 { w.elapsed() } else { Duration::ZERO };
        let nps = match w.has_clock() {
            true => (u128::from(w.nodes) * 1_000_000 / time.as_micros().max(1)) as u64,
            false => 0,
        };
        for (i, (score, pv)) in found.into_iter().enumerate() {
            report(&SearchInfo {
                depth,
                seldepth: w.seldepth as u32,
                multipv: i + 1,
                score: Score::from_value(score),
                nodes: w.nodes,
                nps,
                time,
                hashfull: w.hashfull(),
                pv,
            });
        }
        if w.sh.deepen_nodes.is_some_and(|n| w.nodes >= n) {
            break; // a strength below full: enough nodes to stop deepening
        }
        let mate_plies = MATE_SCORE - best_score.abs();
        if !limits.infinite && best_score.abs() >= MATE_BOUND && mate_plies <= depth as i32 {
            break; // the shortest mate is proven
        }
        let mate_moves = u32::try_from((mate_plies + 1) / 2).unwrap_or(u32::MAX);
        if best_score >= MATE_BOUND && limits.mate.is_some_and(|n| mate_moves <= n) {
            break; // the mate asked for
        }
        // Time management on a clock: stop early once the best move has
        // held for several iterations, go on longer when it just changed or
        // the score fell.
        if result.best_move == last_best {
            stable += 1;
        } else {
            stable = 0;
        }
        last_best = result.best_move;
        let fell = depth > 1 && best_score < last_score - 30;
        last_score = best_score;
        let percent = match (stable, fell) {
            (_, true) => 90,
            (0, false) if depth > 4 => 75,
            (0..=2, false) => 55,
            (3..=5, false) => 40,
            _ => 30,
        };
        if w.soft_deadline_passed(percent) {
            break;
        }
    }
    result.nodes = w.nodes;
    result
}

/// One root search at `depth`, with an aspiration window around `guess`.
fn aspiration<E: Evaluator + ?Sized>(
    w: &mut Worker<'_, E>,
    pos: &Position,
    state: &E::State,
    depth: i32,
    guess: i32,
) -> i32 {
    if depth < 4 || guess.abs() >= MATE_BOUND {
        return w.search(Node::root(pos, state), -INFINITY, INFINITY, depth);
    }
    let mut delta = 30;
    let mut alpha = (guess - delta).max(-INFINITY);
    let mut beta = (guess + delta).min(INFINITY);
    loop {
        let s = w.search(Node::root(pos, state), alpha, beta, depth);
        if w.aborted {
            return s;
        }
        if s <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (s - delta).max(-INFINITY);
        } else if s >= beta {
            beta = (s + delta).min(INFINITY);
        } else {
            return s;
        }
        delta += delta;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::base::Position;
    use crate::search::{Limits, Searcher};

    /// The node counts of fixed-depth searches of the positions of
    /// `benches/search.rs` (and the start position with a full FEN): the
    /// search is deterministic on one thread, so any change to these counts
    /// is a change of behaviour (update them only with a deliberate change
    /// of the search, measured).
    #[test]
    fn fixed_depth_node_counts() {
        let cases: [(&str, u32, u64); 4] = [
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                11,
                151_698,
            ),
            (
                "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w",
                10,
                196_833,
            ),
            ("3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w", 12, 82_143),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                9,
                99_993,
            ),
        ];
        for (fen, depth, nodes) in cases {
            let pos: Position = fen.parse().unwrap();
            let r = Searcher::new(crate::eval::MaterialPst::default())
                .search_simple(&pos, &Limits::depth(depth));
            assert_eq!((r.depth, r.nodes), (depth, nodes), "{fen}");
        }
    }
}
