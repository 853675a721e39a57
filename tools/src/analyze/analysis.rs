//! Searching every position of a game, on one or more threads.

use std::convert::Infallible;
use std::sync::atomic::AtomicBool;

use xiangqi::{Game, Limits, Score, Searcher};
use xiangqi_client::{EngineProcess, Spec};

use crate::analyze::annotate::{Analysis, Eval};
use crate::analyze::error::AnalyzeError;
use crate::work::Queue;

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
    let mut results = vec![None; total];
    let searched = Queue::new(threads).run(
        total,
        |_| Ok(()),
        |(), ply| Ok::<_, Infallible>(search_ply(game, ply, limits)),
        |ply, analysis| {
            results[ply] = Some(analysis);
            on_done();
            Ok(true)
        },
    );
    let Ok(()) = searched;
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

/// Searches position `ply` of `game` with the engine process `engine`
/// (after `ucinewgame`, so that the result does not depend on what it
/// searched before). A position without a legal move is not sent: the side
/// to move has lost.
pub fn search_ply_with(
    engine: &mut EngineProcess,
    game: &Game,
    ply: usize,
    limits: &Limits,
) -> Result<Analysis, AnalyzeError> {
    let mut g = game.clone();
    g.undo_to(ply);
    let turn = g.position().turn();
    if g.position().legal_moves().is_empty() {
        return Ok(Analysis {
            eval: Eval::from_score(Score::Mate(0), turn),
            pv: Vec::new(),
        });
    }
    engine.new_game()?;
    let r = engine
        .search(&g, limits, &AtomicBool::new(false), |_| {})
        .map_err(|source| AnalyzeError::Search { ply, source })?;
    let info = r.info.unwrap_or_default();
    let mut pv = info.pv;
    if pv.first() != r.best_move.as_ref() {
        pv = r.best_move.into_iter().collect();
    }
    Ok(Analysis {
        eval: Eval::from_score(info.score.unwrap_or(Score::Cp(0)), turn),
        pv,
    })
}

/// [`analyze`] with engine processes started from `spec` (one a thread)
/// instead of this crate's search; the first failure (the engine cannot
/// start, dies, or answers nonsense) ends it with an error.
pub fn analyze_with(
    spec: &Spec,
    game: &Game,
    limits: &Limits,
    threads: usize,
    mut on_done: impl FnMut(),
) -> Result<Vec<Analysis>, AnalyzeError> {
    let total = game.ply() + 1;
    let mut results = vec![None; total];
    Queue::new(threads).run(
        total,
        |_| {
            EngineProcess::start(spec).map_err(|source| AnalyzeError::EngineStart {
                command: spec.command_line(),
                source,
            })
        },
        |engine, ply| search_ply_with(engine, game, ply, limits),
        |ply, analysis| {
            results[ply] = Some(analysis);
            on_done();
            Ok(true)
        },
    )?;
    results
        .into_iter()
        .enumerate()
        .map(|(ply, a)| a.ok_or(AnalyzeError::NotAnalysed(ply)))
        .collect()
}
