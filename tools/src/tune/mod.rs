//! Texel tuning of the default evaluator: self-play data, then a logistic
//! fit of its piece-square tables and weights to the game results.
//!
//! ```text
//! cargo run --release -p xiangqi-tools -- tune gen --games 4000 --nodes 10000 --threads 2 --out target/tune.txt
//! cargo run --release -p xiangqi-tools -- tune fit --data target/tune.txt --tables-only
//! ```
//!
//! `gen` plays self-play games of the default engine from random openings
//! (4 to 9 random plies, kept only if a depth-6 search finds them within
//! 1.2 soldiers of balance) at `--nodes` nodes per move, and writes the
//! quiet positions of each game (side to move not in check, best move not
//! a capture, no mate score) with the game's result for Red, one
//! `FEN;result` line each (1, 0.5 or 0). A game ends by the
//! [`xiangqi::Game`] rules, at 400 plies (a draw), or when both sides'
//! searches agree for eight plies that one side is 1500 centipawns up or mates.
//!
//! `fit` reads such a file and minimises the mean squared error between
//! each result and `1 / (1 + 10^(-K e / 400))`, `e` the evaluation from
//! Red's side, over the evaluator's parameters: the piece-square tables
//! (material included, left-right symmetric: 50 entries per role) and the
//! scalar weights of [`xiangqi::MaterialPst`] (kept as they are with
//! `--tables-only`, or fit alone with `--scalars battery,horse_threat`,
//! which keeps the tables; fitting them all lowered the error but lost 38 Elo in
//! self-play, so the shipped tables were fitted without them). Entries
//! seen in fewer than `--min-count` positions keep their value; an L2
//! pull of `--lambda` per squared centipawn holds the rest near their
//! start. It starts from the current
//! tables (read back through the evaluator), fits `K` first, holds out
//! every tenth position to report the error on unseen data, and prints the
//! tuned tables as Rust source for `src/eval/pst.rs`.

mod fit;
mod selfplay;

use crate::cli::{TuneCommand, TuneFitArgs, TuneGenArgs};
use crate::file_error::FileError;

/// Why `tune` failed.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A file could not be read or written.
    #[error(transparent)]
    Io(#[from] FileError),
    /// A line of the data file is not `FEN;result`.
    #[error("bad line: {line}")]
    BadLine {
        /// The line.
        line: String,
    },
    /// The features and the starting weights do not give the evaluator's
    /// scores on the data's first positions.
    #[error("the features do not reproduce the evaluator")]
    NotReproduced,
    /// `--scalars` names a weight there is not.
    #[error("--scalars: no weight named {name} (known: {known:?})")]
    UnknownScalar {
        /// The name given.
        name: String,
        /// The weights there are.
        known: &'static [&'static str],
    },
}

/// Runs `xiangqi-tools tune gen|fit` with its arguments.
pub fn main(command: &TuneCommand) -> Result<(), TuneError> {
    match command {
        TuneCommand::Gen(args) => selfplay::run(&gen_options(args)),
        TuneCommand::Fit(args) => fit::run(&fit_options(args)),
    }
}

/// The options of `tune gen`.
fn gen_options(a: &TuneGenArgs) -> selfplay::TuneSelfPlayOptions {
    selfplay::TuneSelfPlayOptions {
        games: a.games,
        nodes: a.nodes,
        threads: a.threads,
        seed: a.seed,
        out: a.out.clone(),
    }
}

/// The options of `tune fit`.
fn fit_options(a: &TuneFitArgs) -> fit::FitOptions {
    fit::FitOptions {
        data: a.data.clone(),
        iterations: a.iterations,
        lambda: a.lambda,
        min_count: a.min_count,
        tables_only: a.tables_only,
        scalars: a.scalars.clone(),
    }
}
