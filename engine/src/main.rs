//! `xiangqi-engine`: the UCI/UCCI engine of the `xiangqi` crate.
//!
//! ```text
//! xiangqi-engine                      # the engine: UCI or UCCI on stdin/stdout
//! xiangqi-engine bench [DEPTH]        # fixed searches: nodes and nodes a second
//! xiangqi-engine perft DEPTH [FEN]    # leaf nodes of each root move, then the total
//! xiangqi-engine --help               # this list
//! xiangqi-engine --version            # xiangqi-engine 0.1.0
//! ```
//!
//! Started without arguments (as GUIs start engines) it is the engine. The
//! tools (matches, analysis, self-play data, training, tuning, books) are the
//! binary `xiangqi-tools` of the crate of that name.

use std::process::ExitCode;

mod bench;
mod command_line;
mod uci;

use command_line::Invocation;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match command_line::parse(&args) {
        Invocation::Engine => match uci::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Invocation::Help => {
            print!("{}", command_line::HELP);
            ExitCode::SUCCESS
        }
        Invocation::Version => {
            println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Invocation::Bench { depth } => {
            print!("{}", bench::bench(depth));
            ExitCode::SUCCESS
        }
        Invocation::Perft { depth, position } => {
            print!("{}", bench::perft(&position, depth));
            ExitCode::SUCCESS
        }
        Invocation::Error(message) => {
            eprintln!("xiangqi-engine: {message}");
            ExitCode::from(2)
        }
    }
}
