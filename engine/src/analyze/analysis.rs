//! Searching every position of a game, on one or more threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use xiangqi::{Game, Limits, Searcher};

use crate::analyze::annotate::{Analysis, Eval};

/// Searches position `ply` of `game` (before its move `ply + 1`) with a
/// fresh searcher, so that the result does not depend on what was searched
/// before.
pub fn search_ply(game: &Game, ply: usize, limits: &Limits) -> Analysis {
    let mut g = game.clone();
    g.undo_to(ply);
    let mut searcher = Searcher::default();
    let r = searcher.search(&g, limits, &AtomicBool::new(false), |_| {});
    Analysis {
        eval: Eval::from_score(r.score, g.position().turn()),
        pv: r.pv,
    }
}

/// Searches every position of `game`, from the start to after its last
/// move, `threads` at a time (each worker thread with its own searcher),
/// calling `on_done` on this thread as each search ends. The analyses come
/// back in ply order, whatever the number of threads.
pub fn analyze(
    game: &Game,
    limits: &Limits,
    threads: usize,
    mut on_done: impl FnMut(),
) -> Vec<Analysis> {
    let total = game.ply() + 1;
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    let mut results: Vec<Option<Analysis>> = vec![None; total];
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let ply = next.fetch_add(1, Ordering::Relaxed);
                    if ply >= total {
                        break;
                    }
                    if send.send((ply, search_ply(game, ply, limits))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (ply, analysis) in receive {
            results[ply] = Some(analysis);
            on_done();
        }
    });
    // Every ply was searched (a worker that panicked has ended the scope
    // with its panic already); a missing one would be a draw with no line.
    results
        .into_iter()
        .map(|a| {
            a.unwrap_or(Analysis {
                eval: Eval::Cp(0),
                pv: Vec::new(),
            })
        })
        .collect()
}
