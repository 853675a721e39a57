//! A UCI front end in Pikafish's dialect, with ICCS coordinates.
//!
//! ```text
//! cargo run --release --example uci
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`,
//! `position startpos|fen <FEN> [moves <m1> <m2> ...]`, `go perft <N>`,
//! `d`, `quit`. `d` prints the board, `Fen:`, `Key:`, `Checkers:` and
//! `Outcome: <result> <reason>` (result `*`, `1-0`, `0-1` or `1/2-1/2`; an
//! outcome reached in the middle of a `moves` list is reported and does not
//! stop the replay). A malformed command, a bad FEN or an illegal move prints
//! `info string <error>` and keeps the previous position whole.

use std::io::{self, BufRead, Write};

use xiangqi::{Game, Move, Position, perft_divide};

/// The state kept between commands.
struct Engine {
    position: Position,
    /// The game record behind `position`, for adjudication.
    game: Game,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            position: Position::new(),
            game: Game::new(),
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
            "ucinewgame" => *self = Engine::new(),
            "position" => match parse_position(&rest) {
                Ok(game) => {
                    self.position = game.position().clone();
                    self.game = game;
                }
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
        writeln!(out, "Checkers: {}", checkers.join(" "))?;
        // The first verdict of the replay decides the game.
        match (0..=self.game.ply()).find_map(|p| self.game.verdict_at(p)) {
            Some(verdict) => writeln!(out, "Outcome: {verdict}"),
            None => writeln!(out, "Outcome: * game goes on"),
        }
    }
}

/// Parses the arguments of `position` into a new game, or says why not.
fn parse_position(args: &[&str]) -> Result<Game, String> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match setup {
        ["startpos"] => Position::new(),
        ["fen", fen @ ..] if !fen.is_empty() => fen
            .join(" ")
            .parse::<Position>()
            .map_err(|e| format!("bad fen: {e}"))?,
        _ => return Err("expected: position startpos|fen <FEN> [moves ...]".to_string()),
    };
    let mut game = Game::from_position(start);
    for (i, text) in moves.iter().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        game.play_on(m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
    }
    Ok(game)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut Engine, script: &str) -> String {
        let mut out = Vec::new();
        for line in script.lines() {
            engine.handle(line, &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake() {
        let out = run(&mut Engine::new(), "uci\nisready");
        assert!(out.contains("uciok\n"));
        assert!(out.ends_with("readyok\n"));
    }

    #[test]
    fn perft_divide_lines_then_total() {
        let out = run(&mut Engine::new(), "position startpos\ngo perft 2");
        let divide: Vec<(&str, u64)> = out
            .lines()
            .take_while(|l| !l.is_empty())
            .map(|l| {
                let (m, n) = l.split_once(": ").unwrap();
                (m, n.parse().unwrap())
            })
            .collect();
        assert_eq!(divide.len(), 44);
        assert!(divide.iter().all(|(m, _)| m.parse::<Move>().is_ok()));
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1920);
        assert!(out.contains("\nNodes searched: 1920\n"));
    }

    #[test]
    fn display_fen_key_checkers() {
        let mut e = Engine::new();
        let out = run(
            &mut e,
            "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\nd",
        );
        assert!(out.contains("Fen: 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n"));
        assert!(out.contains(&format!("Key: {:016X}\n", e.position.hash())));
        assert!(out.contains("Checkers: e1\n"));
        let out = run(&mut Engine::new(), "d");
        assert!(out.contains("Checkers: \n"));
    }

    #[test]
    fn outcome_line() {
        let out = run(&mut Engine::new(), "position startpos\nd");
        assert!(out.contains("\nOutcome: * game goes on\n"));
        // Perpetual check by the Red chariot, then play goes on.
        let cycle = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
        let script =
            format!("position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves {cycle} e1e2\nd");
        let out = run(&mut Engine::new(), &script);
        assert!(out.contains("\nOutcome: 0-1 black wins by "), "{out}");
        // Checkmate.
        let out = run(
            &mut Engine::new(),
            "position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b\nd",
        );
        assert!(
            out.contains("\nOutcome: 1-0 red wins by checkmate"),
            "{out}"
        );
    }

    #[test]
    fn bad_input_keeps_position() {
        let mut e = Engine::new();
        run(&mut e, "position startpos moves h2e2");
        let before = e.position.clone();
        for bad in [
            "position fen rnbakabnr/9 w",
            "position startpos moves h2e2 h2e2",
            "position startpos moves zz",
            "position",
            "go perft x",
            "go",
            "bogus",
        ] {
            let out = run(&mut e, bad);
            assert!(out.starts_with("info string "), "{bad}: {out}");
            assert_eq!(e.position, before, "{bad}");
        }
        assert!(!e.handle("quit", &mut Vec::new()).unwrap());
    }
}
