//! `xiangqi-tools levels`: how well each strength level plays, judged on
//! the positions of real games by a deeper search.
//!
//! ```text
//! xiangqi-tools levels [--depth 12] [--every 8] [--skip 10] [--seed 1]
//!     [--threads 1] [--levels 0-19] GAMES.pgn...
//! ```
//!
//! Every `--every`-th position of each game after its first `--skip`
//! plies (while the game goes on) is searched to `--depth` at full
//! strength; then each level (a [`xiangqi::Strength`], seeded from
//! `--seed` and the position) chooses its move there, as it would in a
//! game (the game's history counts), and the position after a move other
//! than the best is searched to the same depth. A move loses what the
//! evaluation drops for its side (clipped to ±10 pawns, never below 0; the
//! best move loses nothing), as `analyze` marks moves. Prints, for each
//! level, the positions, the average loss in centipawns and the rates of
//! moves that lose 50, 100 and 200 or more. The same games, depth and seed
//! give the same table, whatever the number of threads.

use std::collections::HashMap;
use std::convert::Infallible;

use xiangqi::pgn::{ReadOptions, read_games};
use xiangqi::{Game, Limits, Move, Rules, Searcher, Strength};

use crate::analyze::analysis::search_ply;
use crate::analyze::losses::Losses;
use crate::cli::LevelsArgs;
use crate::progress;
use crate::work::Queue;

#[cfg(test)]
mod tests;

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelsOptions {
    /// The judging depth.
    pub depth: u32,
    /// Every how many plies a position is taken.
    pub every: usize,
    /// Plies skipped at the start of each game.
    pub skip: usize,
    /// The seed of the levels' choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The levels, lowest first.
    pub levels: Vec<u8>,
    /// The PGN files.
    pub files: Vec<String>,
}

/// The options of the command line.
pub fn options(a: &LevelsArgs) -> LevelsOptions {
    LevelsOptions {
        depth: a.depth,
        every: usize::from(a.every),
        skip: usize::from(a.skip),
        seed: a.seed,
        threads: usize::from(a.threads),
        levels: a.levels.clone().collect(),
        files: a.files.clone(),
    }
}

/// The positions of `text`'s games to judge: each game with the plies
/// taken from it.
pub fn positions(text: &str, every: usize, skip: usize) -> Vec<(Game, usize)> {
    let mut out = Vec::new();
    for rec in read_games(text, &ReadOptions::default()).flatten() {
        let Ok(game) = rec.to_game(Rules::default()) else {
            continue;
        };
        for ply in (skip..game.ply()).step_by(every.max(1)) {
            let mut g = game.clone();
            g.undo_to(ply);
            if g.outcome().is_none() {
                out.push((game.clone(), ply));
            }
        }
    }
    out
}

/// The move `level` plays in `game`, its choices seeded by `seed`.
fn level_move(game: &Game, level: u8, seed: u64) -> Option<Move> {
    let mut s = Searcher::default();
    s.set_hash_size(1);
    s.set_strength(Strength::skill(level).with_seed(seed));
    let stop = std::sync::atomic::AtomicBool::new(false);
    s.search(game, &Limits::default(), &stop, |_| {}).best_move
}

/// Judges every level on every position, `threads` at a time, calling
/// `on_done` with the positions done and their total.
pub fn judge(
    positions: &[(Game, usize)],
    levels: &[u8],
    depth: u32,
    seed: u64,
    threads: usize,
    mut on_done: impl FnMut(usize, usize),
) -> Vec<Losses> {
    let limits = Limits::depth(depth);
    let mut tallies = vec![Losses::default(); levels.len()];
    let mut done = 0;
    let judged = Queue::new(threads).run(
        positions.len(),
        |_| Ok(()),
        |(), i| Ok::<_, Infallible>(level_losses(&positions[i], i, levels, &limits, seed)),
        |_, losses| {
            for (tally, loss) in tallies.iter_mut().zip(losses) {
                if let Some(loss) = loss {
                    tally.add(loss);
                }
            }
            done += 1;
            on_done(done, positions.len());
            Ok(true)
        },
    );
    let Ok(()) = judged;
    tallies
}

/// What each level loses at position `i`, `(game, ply)` (`None`: the level
/// has no move there).
fn level_losses(
    (game, ply): &(Game, usize),
    i: usize,
    levels: &[u8],
    limits: &Limits,
    seed: u64,
) -> Vec<Option<i32>> {
    let mut g = game.clone();
    g.undo_to(*ply);
    let mover = g.position().turn();
    let best = search_ply(&g, *ply, limits);
    let before = best.eval.for_side(mover);
    let mut after: HashMap<Move, i32> = HashMap::new();
    let mut losses = Vec::with_capacity(levels.len());
    for &level in levels {
        let s = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add((i as u64) << 8 | u64::from(level));
        let Some(m) = level_move(&g, level, s) else {
            losses.push(None);
            continue;
        };
        if best.pv.first() == Some(&m) {
            losses.push(Some(0));
            continue;
        }
        let value = *after.entry(m).or_insert_with(|| {
            let mut a = g.clone();
            match a.play(m) {
                Ok(_) => search_ply(&a, a.ply(), limits).eval.for_side(mover),
                Err(_) => before,
            }
        });
        losses.push(Some(before - value));
    }
    losses
}

/// The table printed: a line per level.
pub fn table(levels: &[u8], tallies: &[Losses]) -> String {
    let mut out = format!(
        "{:>5} {:>9} {:>9} {:>7} {:>7} {:>7}\n",
        "level", "positions", "avg loss", ">=50", ">=100", ">=200"
    );
    for (level, t) in levels.iter().zip(tallies) {
        out.push_str(&format!(
            "{level:>5} {:>9} {:>9.1} {:>6.1}% {:>6.1}% {:>6.1}%\n",
            t.moves,
            t.average(),
            t.rate(0),
            t.rate(1),
            t.rate(2)
        ));
    }
    out
}

/// Why `levels` failed.
#[derive(Debug, thiserror::Error)]
pub enum LevelsError {
    /// A games file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A games file is not text.
    #[error("{path} is not UTF-8 text")]
    NotText {
        /// The file.
        path: String,
    },
    /// The files hold no position to judge.
    #[error("no position to judge in the files")]
    NoPosition,
}

/// Runs `xiangqi-tools levels` with its arguments.
pub fn main(args: &LevelsArgs) -> Result<(), LevelsError> {
    let o = options(args);
    let mut all = Vec::new();
    for file in &o.files {
        let bytes = std::fs::read(file).map_err(|source| LevelsError::Read {
            path: file.clone(),
            source,
        })?;
        let text =
            String::from_utf8(bytes).map_err(|_| LevelsError::NotText { path: file.clone() })?;
        all.extend(positions(&text, o.every, o.skip));
    }
    if all.is_empty() {
        return Err(LevelsError::NoPosition);
    }
    let bar = progress::bar("levels: positions", all.len() as u64);
    let tallies = judge(&all, &o.levels, o.depth, o.seed, o.threads, |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    print!("{}", table(&o.levels, &tallies));
    Ok(())
}
