//! A UCI front end in Pikafish's dialect, with ICCS coordinates.
//!
//! ```text
//! cargo run --release --example uci
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`,
//! `position startpos|fen <FEN> [moves <m1> <m2> ...]`, `go perft <N>`,
//! `d`, `quit`. A malformed command, a bad FEN or an illegal move prints
//! `info string <error>` and keeps the previous position whole.

use std::io::{self, BufRead, Write};

use xiangqi::{perft_divide, Move, Position};

/// The state kept between commands.
struct Engine {
    position: Position,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            position: Position::new(),
        }
    }

    /// Handles one line; returns false on `quit`.
    fn handle(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let mut tokens = line.split_ascii_whitespace();
        let Some(cmd) = tokens.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = tokens.collect();
        match cmd {
            "uci" => {
                writeln!(out, "id name xiangqi-rs {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the xiangqi developers")?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => self.position = Position::new(),
            "position" => match parse_position(&rest) {
                Ok(pos) => self.position = pos,
                Err(e) => writeln!(out, "info string {e}")?,
            },
            "go" => match rest.as_slice() {
                ["perft", n] => match n.parse::<u32>() {
                    Ok(depth) => self.perft(depth, out)?,
                    Err(_) => writeln!(out, "info string bad perft depth {n:?}")?,
                },
                _ => writeln!(
                    out,
                    "info string unsupported go command: {}",
                    rest.join(" ")
                )?,
            },
            "d" => self.display(out)?,
            "quit" => return Ok(false),
            _ => writeln!(out, "info string unknown command: {cmd}")?,
        }
        Ok(true)
    }

    fn perft(&self, depth: u32, out: &mut impl Write) -> io::Result<()> {
        let lines = perft_divide(&self.position, depth);
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        let total: u64 = if depth == 0 {
            1
        } else {
            lines.iter().map(|(_, n)| n).sum()
        };
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")?;
        writeln!(out)
    }

    fn display(&self, out: &mut impl Write) -> io::Result<()> {
        let pos = &self.position;
        writeln!(out)?;
        writeln!(out, "{:?}", pos.board())?;
        writeln!(out)?;
        writeln!(out, "Fen: {pos}")?;
        writeln!(out, "Key: {:016X}", pos.hash())?;
        let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
        writeln!(out, "Checkers: {}", checkers.join(" "))
    }
}

/// Parses the arguments of `position` into a new position, or says why not.
fn parse_position(args: &[&str]) -> Result<Position, String> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut pos = match setup {
        ["startpos"] => Position::new(),
        ["fen", fen @ ..] if !fen.is_empty() => fen
            .join(" ")
            .parse::<Position>()
            .map_err(|e| format!("bad fen: {e}"))?,
        _ => return Err("expected: position startpos|fen <FEN> [moves ...]".to_string()),
    };
    for (i, text) in moves.iter().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        pos.play(m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
    }
    Ok(pos)
}

fn main() -> io::Result<()> {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if !engine.handle(&line, &mut out)? {
            break;
        }
        out.flush()?;
    }
    Ok(())
}
