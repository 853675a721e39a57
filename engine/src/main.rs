//! `xiangqi-engine`: the UCI/UCCI engine of the `xiangqi` crate, and the
//! tools of `xiangqi-tools` as subcommands.
//!
//! ```text
//! xiangqi-engine                      # the engine: UCI or UCCI on stdin/stdout
//! xiangqi-engine match ...            # a match between two engines (--help)
//! xiangqi-engine analyze GAME.pgn     # annotate a game with evaluations (--help)
//! xiangqi-engine tune gen|fit ...     # self-play data, evaluator fitting
//! xiangqi-engine datagen ...          # training data for the network (--help)
//! xiangqi-engine train ...            # the network from that data (--help)
//! xiangqi-engine book build|probe ... # opening books from PGN databases (--help)
//! xiangqi-engine levels GAMES.pgn     # each strength level's move quality (--help)
//! xiangqi-engine help                 # the list of commands
//! xiangqi-engine --version            # xiangqi-engine 0.1.0
//! ```
//!
//! Started without arguments (as GUIs start engines) it is the engine; the
//! first argument names a tool otherwise (clap reads the command line).

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use xiangqi_tools::cli::Cli;

mod uci;

fn main() -> ExitCode {
    if std::env::args_os().len() <= 1 {
        return match uci::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    // The package's name and version for `--version`: `xiangqi-engine 0.1.0`.
    let command = Cli::command()
        .name(env!("CARGO_PKG_NAME"))
        .version(env!("CARGO_PKG_VERSION"));
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
            eprintln!("xiangqi-engine {name}: {e}");
            ExitCode::from(2)
        }
    }
}
