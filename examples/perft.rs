//! Perft from the command line.
//!
//! ```text
//! cargo run --release --example perft -- [--fen FEN] [--divide] DEPTH
//! ```
//!
//! Prints divide lines `h2e2: 1234` (with `--divide`), then
//! `Nodes searched: N`, then the speed in nodes per second.

use std::process::ExitCode;
use std::time::Instant;

use xiangqi::{Position, perft, perft_divide};

fn usage() -> ExitCode {
    eprintln!("usage: perft [--fen FEN] [--divide] DEPTH");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut fen = None;
    let mut divide = false;
    let mut depth = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--fen" => match args.next() {
                Some(f) => fen = Some(f),
                None => return usage(),
            },
            "--divide" => divide = true,
            "-h" | "--help" => {
                usage();
                return ExitCode::SUCCESS;
            }
            d => match d.parse::<u32>() {
                Ok(d) if depth.is_none() => depth = Some(d),
                _ => return usage(),
            },
        }
    }
    let Some(depth) = depth else {
        return usage();
    };
    let pos = match fen {
        None => Position::new(),
        Some(f) => match f.parse::<Position>() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let start = Instant::now();
    let nodes = if divide {
        let lines = perft_divide(&pos, depth);
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        if depth == 0 {
            1
        } else {
            lines.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!();
    println!("Nodes searched: {nodes}");
    println!("Time: {:.3} s", secs);
    println!("Nodes/second: {:.0}", nodes as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}
