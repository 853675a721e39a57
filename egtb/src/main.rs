//! `xiangqi-egtb`: the tablebase generator's command line.

use std::process::ExitCode;

fn main() -> ExitCode {
    match xiangqi_egtb::run_cli(std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
