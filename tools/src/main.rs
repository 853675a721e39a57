//! `xiangqi-tools`: the tools of the xiangqi engine, one subcommand each.
//!
//! ```text
//! xiangqi-tools match ...            # a match between two engines (--help)
//! xiangqi-tools sprt ...             # the SPRT and Elo of a match's results
//! xiangqi-tools analyze GAME.pgn     # annotate a game with evaluations (--help)
//! xiangqi-tools tune gen|fit ...     # self-play data, evaluator fitting
//! xiangqi-tools datagen ...          # training data for the network (--help)
//! xiangqi-tools train ...            # the network from that data (--help)
//! xiangqi-tools book build|probe ... # opening books from PGN databases (--help)
//! xiangqi-tools levels GAMES.pgn     # each strength level's move quality (--help)
//! xiangqi-tools help                 # the list of tools
//! xiangqi-tools --version            # xiangqi-tools 0.1.0
//! ```
//!
//! The engine itself is the binary `xiangqi-engine` (crate of that name).

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use xiangqi_tools::cli::Cli;

fn main() -> ExitCode {
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let cli = match command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        // Help and the version on standard output (status 0), errors on
        // standard error (status 2).
        Err(e) => e.exit(),
    };
    let name = cli.command.name();
    match cli.command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xiangqi-tools {name}: {e}");
            ExitCode::from(2)
        }
    }
}
