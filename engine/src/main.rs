//! `xiangqi-engine`: the UCI/UCCI engine of the `xiangqi` crate, and its
//! tools as subcommands.
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
//! xiangqi-engine help                 # this list
//! ```
//!
//! Started without arguments (as GUIs start engines) it is the engine; the
//! first argument names a tool otherwise.

use std::process::ExitCode;

mod analyze;
mod book;
mod cli;
mod datagen;
mod levels;
mod matches;
mod train;
mod tune;
mod uci;

const USAGE: &str = "\
usage: xiangqi-engine [COMMAND [ARGS...]]

Without a command: the UCI/UCCI engine on standard input and output (the
first line, `uci` or `ucci`, picks the protocol).

Commands:
  match ARGS     play a match between two engines (`match --help`)
  analyze ARGS   annotate a PGN game with evaluations (`analyze --help`)
  tune ARGS      self-play data (`tune gen`) and evaluator fitting (`tune fit`)
  datagen ARGS   self-play training data for the network (`datagen --help`)
  train ARGS     train the network on that data (`train --help`)
  book ARGS      build an opening book from PGN files, or probe one (`book --help`)
  levels ARGS    each strength level's move quality on real games (`levels --help`)
  help           this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        return match uci::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    };
    let result = match command.as_str() {
        "match" => matches::main(rest),
        "analyze" => {
            analyze::main(rest);
            Ok(())
        }
        "tune" => tune::main(rest),
        "datagen" => datagen::main(rest),
        "train" => train::main(rest),
        "book" => book::main(rest),
        "levels" => levels::main(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xiangqi-engine {command}: {e}");
            ExitCode::from(2)
        }
    }
}
