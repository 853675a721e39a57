//! A UCI front end in Pikafish's dialect, with ICCS coordinates.
//!
//! ```text
//! cargo run --release --example uci
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`,
//! `position startpos|fen <FEN> [moves <m1> <m2> ...]`, `go perft <N>`,
//! `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS
//! movestogo N] [infinite]`, `stop`, `setoption name Hash|Threads|MultiPV
//! value N`, `d`, `quit`. `d` prints the board, `Fen:`, `Key:`, `Checkers:`
//! and `Outcome: <result> <reason>` (result `*`, `1-0`, `0-1` or `1/2-1/2`;
//! an outcome reached in the middle of a `moves` list is reported and does
//! not stop the replay). A malformed command, a bad FEN or an illegal move
//! prints `info string <error>` and keeps the previous position whole.
//!
//! The search runs on its own thread (this example's, not the library's), so
//! `stop`, `isready` and `quit` are answered while it thinks; it prints
//! `info` lines after each iteration and `bestmove` at the end.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::{
    Clock, Game, HistoryEntry, Limits, Move, Position, SearchInfo, Searcher, perft_divide,
};

/// The state kept between commands.
struct Engine {
    position: Position,
    /// The game record behind `position`, for adjudication.
    game: Game,
    /// The game that led to `position` (for repetition), last entry included.
    history: Vec<HistoryEntry>,
    /// The searcher, absent while a search thread owns it.
    searcher: Option<Searcher>,
    search: Option<JoinHandle<Searcher>>,
    stop: Arc<AtomicBool>,
    multi_pv: usize,
}

impl Engine {
    fn new() -> Engine {
        let position = Position::new();
        Engine {
            history: vec![HistoryEntry::new(&position, None)],
            position,
            game: Game::new(),
            searcher: Some(Searcher::default()),
            search: None,
            stop: Arc::new(AtomicBool::new(false)),
            multi_pv: 1,
        }
    }

    /// Waits for a running search to finish and takes the searcher back.
    fn join_search(&mut self) {
        if let Some(handle) = self.search.take() {
            if let Ok(searcher) = handle.join() {
                self.searcher = Some(searcher);
            }
        }
        if self.searcher.is_none() {
            self.searcher = Some(Searcher::default());
        }
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.join_search();
        self.searcher.get_or_insert_with(Searcher::default)
    }

    fn set_option(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match args {
            ["name", name @ .., "value", value] => (name.join(" "), *value),
            _ => return writeln!(out, "info string expected: setoption name <id> value <x>"),
        };
        let Ok(n) = value.parse::<usize>() else {
            return writeln!(out, "info string bad value {value:?} for {name}");
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.searcher().set_hash_size(n.clamp(1, 65536)),
            "threads" => self.searcher().set_threads(n.clamp(1, 256)),
            "multipv" => self.multi_pv = n.clamp(1, 64),
            _ => writeln!(out, "info string unknown option {name}")?,
        }
        Ok(())
    }

    fn go(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let limits = match parse_go(args, &self.position) {
            Ok(l) => Limits {
                multi_pv: self.multi_pv,
                ..l
            },
            Err(e) => return writeln!(out, "info string {e}"),
        };
        self.join_search();
        let Some(mut searcher) = self.searcher.take() else {
            return writeln!(out, "info string no searcher");
        };
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let pos = self.position.clone();
        let history = self.history.clone();
        self.search = Some(std::thread::spawn(move || {
            let result = searcher.search(&pos, &history, &limits, &stop, print_info);
            let mut line = match result.best_move {
                Some(m) => format!("bestmove {m}"),
                None => "bestmove (none)".to_string(),
            };
            if let Some(p) = result.pv.get(1) {
                line.push_str(&format!(" ponder {p}"));
            }
            let mut out = io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
            searcher
        }));
        Ok(())
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
                writeln!(out, "option name Hash type spin default 16 min 1 max 65536")?;
                writeln!(out, "option name Threads type spin default 1 min 1 max 256")?;
                writeln!(out, "option name MultiPV type spin default 1 min 1 max 64")?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => {
                self.join_search();
                self.position = Position::new();
                self.game = Game::new();
                self.history = vec![HistoryEntry::new(&self.position, None)];
                self.searcher().clear();
            }
            "position" => {
                self.join_search();
                match parse_position(&rest) {
                    Ok((game, history)) => {
                        self.position = game.position().clone();
                        self.game = game;
                        self.history = history;
                    }
                    Err(e) => writeln!(out, "info string {e}")?,
                }
            }
            "go" => {
                self.join_search();
                match rest.as_slice() {
                    ["perft", n] => match n.parse::<u32>() {
                        Ok(depth) => self.perft(depth, out)?,
                        Err(_) => writeln!(out, "info string bad perft depth {n:?}")?,
                    },
                    _ => self.go(&rest, out)?,
                }
            }
            "stop" => {
                self.stop.store(true, Ordering::SeqCst);
                self.join_search();
            }
            "setoption" => self.set_option(&rest, out)?,
            "d" => self.display(out)?,
            "quit" => {
                self.stop.store(true, Ordering::SeqCst);
                self.join_search();
                return Ok(false);
            }
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

/// Prints one `info` line.
fn print_info(info: &SearchInfo) {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    );
    let _ = out.flush();
}

/// Parses the arguments of `go` (other than `perft`) into limits.
fn parse_go(args: &[&str], pos: &Position) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        if key == "infinite" {
            limits.infinite = true;
            continue;
        }
        if key == "ponder" {
            continue;
        }
        let value = it
            .next()
            .ok_or_else(|| format!("go {key}: missing value"))?;
        let n: u64 = value
            .parse::<i64>()
            .map(|v| v.max(0) as u64)
            .map_err(|_| format!("go {key}: bad number {value:?}"))?;
        match key {
            "depth" => limits.depth = Some(n.min(u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(n),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "wtime" => wtime = Some(n),
            "btime" => btime = Some(n),
            "winc" => winc = n,
            "binc" => binc = n,
            "movestogo" => mtg = Some(n.min(u32::MAX as u64) as u32),
            _ => return Err(format!("unsupported go parameter {key:?}")),
        }
    }
    let (time, inc) = match pos.turn() {
        xiangqi::Color::Red => (wtime, winc),
        xiangqi::Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        limits.clock = Some(Clock {
            remaining: Duration::from_millis(t),
            increment: Duration::from_millis(inc),
            moves_to_go: mtg,
        });
    }
    Ok(limits)
}

/// Parses the arguments of `position` into a new game and the search
/// history leading to its position, or says why not.
fn parse_position(args: &[&str]) -> Result<(Game, Vec<HistoryEntry>), String> {
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
    let mut history = vec![HistoryEntry::new(game.position(), None)];
    for (i, text) in moves.iter().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        game.play_on(m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        history.push(HistoryEntry::new(game.position(), Some(m)));
    }
    Ok((game, history))
}

fn main() -> io::Result<()> {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    // Not locked for the whole loop: the search thread prints too.
    let mut out = io::stdout();
    for line in stdin.lock().lines() {
        let line = line?;
        if !engine.handle(&line, &mut out)? {
            break;
        }
        out.flush()?;
    }
    // End of input: let a running search finish and print its bestmove.
    engine.join_search();
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
            "bogus",
        ] {
            let out = run(&mut e, bad);
            assert!(out.starts_with("info string "), "{bad}: {out}");
            assert_eq!(e.position, before, "{bad}");
        }
        assert!(!e.handle("quit", &mut Vec::new()).unwrap());
    }
}
