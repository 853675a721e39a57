//! A UCI front end in Pikafish's dialect, with ICCS coordinates.
//!
//! ```text
//! cargo run --release --example uci
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`,
//! `position startpos|fen <FEN> [moves <m1> <m2> ...]`, `go perft <N>`,
//! `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS
//! movestogo N] [infinite] [ponder]`, `stop`, `ponderhit`, `setoption name
//! Hash|Threads|MultiPV value N`, `setoption name Ponder value true|false`,
//! `d`, `quit`. `d` prints the board, `Fen:`, `Key:`, `Checkers:`
//! and `Outcome: <result> <reason>` (result `*`, `1-0`, `0-1` or `1/2-1/2`;
//! an outcome reached in the middle of a `moves` list is reported and does
//! not stop the replay). A malformed command, a bad FEN or an illegal move
//! prints `info string <error>` and keeps the previous position whole.
//!
//! The search runs on its own thread (this example's, not the library's), so
//! `stop`, `ponderhit`, `isready` and `quit` are answered while it thinks;
//! it prints `info` lines after each iteration and `bestmove` at the end.
//! As UCI requires, after `go infinite` the `bestmove` waits for `stop` (or
//! `quit`) even if the search ended early (a mate found, the depth limit
//! reached, no legal move). `go ponder` searches without a time limit and
//! likewise holds its `bestmove`: `stop` prints the move found, `ponderhit`
//! (the opponent played the expected move) starts a search under the `go`
//! command's own limits, helped by the transposition table the pondering
//! filled, and prints its `bestmove`. A command that needs the searcher
//! while such a search waits (`go`, `position`, `ucinewgame`, `setoption`,
//! end of input) stops it first.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::{Clock, Game, Limits, Move, Position, SearchInfo, Searcher, perft_divide};

/// Where the search thread prints its `info` and `bestmove` lines.
type Sink = Arc<Mutex<dyn Write + Send>>;

/// The flags shared with the search thread.
#[derive(Default)]
struct Flags {
    /// The library's stop flag: raised to end the search now.
    stop: AtomicBool,
    /// `stop` or `quit` arrived: a waiting search may print `bestmove`.
    halt: AtomicBool,
    /// `ponderhit` arrived while pondering.
    ponderhit: AtomicBool,
}

/// The state kept between commands.
struct Engine {
    position: Position,
    /// The game record behind `position`, for adjudication.
    game: Game,
    /// The searcher, absent while a search thread owns it.
    searcher: Option<Searcher>,
    search: Option<JoinHandle<Searcher>>,
    flags: Arc<Flags>,
    /// The running search holds its `bestmove` until `stop` (infinite, or
    /// pondering before `ponderhit`).
    waits_for_stop: bool,
    /// The running search is pondering and waits for `ponderhit`.
    pondering: bool,
    /// Whether the running search was `go infinite`.
    infinite: bool,
    multi_pv: usize,
    ponder: bool,
    sink: Sink,
}

impl Engine {
    fn new() -> Engine {
        Engine::with_sink(Arc::new(Mutex::new(io::stdout())))
    }

    /// An engine whose search thread prints to `sink`.
    fn with_sink(sink: Sink) -> Engine {
        let position = Position::new();
        Engine {
            position,
            game: Game::new(),
            searcher: Some(Searcher::default()),
            search: None,
            flags: Arc::new(Flags::default()),
            waits_for_stop: false,
            pondering: false,
            infinite: false,
            multi_pv: 1,
            ponder: false,
            sink,
        }
    }

    /// Ends the running search now: it prints its `bestmove`.
    fn stop_search(&mut self) {
        // `halt` before `stop`: the search thread clears `stop` after a
        // `ponderhit` only if `halt` is still down.
        self.flags.halt.store(true, Ordering::SeqCst);
        self.flags.stop.store(true, Ordering::SeqCst);
    }

    /// Waits for a running search to finish and takes the searcher back;
    /// a search that would wait for `stop` is stopped first.
    fn join_search(&mut self) {
        if self.search.is_some() && self.waits_for_stop {
            self.stop_search();
        }
        self.waits_for_stop = false;
        self.pondering = false;
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
        if name.eq_ignore_ascii_case("ponder") {
            match value {
                "true" | "false" => self.ponder = value == "true",
                _ => writeln!(out, "info string bad value {value:?} for {name}")?,
            }
            return Ok(());
        }
        let Ok(n) = value.parse::<usize>() else {
            return writeln!(out, "info string bad value {value:?} for {name}");
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.searcher().set_hash_size(n.clamp(1, 65536));
            }
            "threads" => self.searcher().set_threads(n.clamp(1, 256)),
            "multipv" => self.multi_pv = n.clamp(1, 64),
            _ => writeln!(out, "info string unknown option {name}")?,
        }
        Ok(())
    }

    fn go(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (limits, ponder) = match parse_go(args, &self.position) {
            Ok((l, ponder)) => (
                Limits {
                    multi_pv: self.multi_pv,
                    ..l
                },
                ponder,
            ),
            Err(e) => return writeln!(out, "info string {e}"),
        };
        self.join_search();
        let Some(mut searcher) = self.searcher.take() else {
            return writeln!(out, "info string no searcher");
        };
        // No search thread runs now: the flags are ours to reset.
        self.flags = Arc::new(Flags::default());
        self.infinite = limits.infinite;
        self.pondering = ponder;
        self.waits_for_stop = ponder || limits.infinite;
        let flags = Arc::clone(&self.flags);
        let sink = Arc::clone(&self.sink);
        let game = self.game.clone();
        self.search = Some(std::thread::spawn(move || {
            let info = |i: &SearchInfo| print_info(&sink, i);
            // Pondering runs on the opponent's time: no time limit.
            let first = if ponder {
                Limits {
                    infinite: true,
                    ..limits.clone()
                }
            } else {
                limits.clone()
            };
            let mut result = searcher.search(&game, &first, &flags.stop, info);
            if ponder || limits.infinite {
                // UCI: no bestmove before `stop`, even if the search ended.
                let released = || {
                    flags.halt.load(Ordering::SeqCst)
                        || (ponder && flags.ponderhit.load(Ordering::SeqCst))
                };
                while !released() {
                    std::thread::sleep(Duration::from_millis(2));
                }
                if ponder && !flags.halt.load(Ordering::SeqCst) {
                    // Ponderhit: think on our own clock now.
                    flags.stop.store(false, Ordering::SeqCst);
                    if !flags.halt.load(Ordering::SeqCst) {
                        result = searcher.search(&game, &limits, &flags.stop, info);
                        while limits.infinite && !flags.halt.load(Ordering::SeqCst) {
                            std::thread::sleep(Duration::from_millis(2));
                        }
                    }
                }
            }
            let mut line = match result.best_move {
                Some(m) => format!("bestmove {m}"),
                None => "bestmove (none)".to_string(),
            };
            if let Some(p) = result.pv.get(1) {
                line.push_str(&format!(" ponder {p}"));
            }
            if let Ok(mut out) = sink.lock() {
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
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
                writeln!(out, "option name Ponder type check default false")?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => {
                self.join_search();
                self.position = Position::new();
                self.game = Game::new();
                self.searcher().clear();
            }
            "position" => {
                self.join_search();
                match parse_position(&rest) {
                    Ok(game) => {
                        self.position = game.position().clone();
                        self.game = game;
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
                self.stop_search();
                self.join_search();
            }
            "ponderhit" => {
                if self.search.is_some() && self.pondering {
                    // `stop` interrupts the pondering search; raised before
                    // `ponderhit` so the thread's clearing of it comes after.
                    self.flags.stop.store(true, Ordering::SeqCst);
                    self.flags.ponderhit.store(true, Ordering::SeqCst);
                    self.pondering = false;
                    self.waits_for_stop = self.infinite;
                }
            }
            "setoption" => self.set_option(&rest, out)?,
            "d" => self.display(out)?,
            "quit" => {
                self.stop_search();
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
fn print_info(sink: &Sink, info: &SearchInfo) {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let Ok(mut out) = sink.lock() else { return };
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

/// Parses the arguments of `go` (other than `perft`) into limits and
/// whether to ponder.
fn parse_go(args: &[&str], pos: &Position) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut ponder = false;
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        if key == "infinite" {
            limits.infinite = true;
            continue;
        }
        if key == "ponder" {
            ponder = true;
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
    Ok((limits, ponder))
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
    // Not locked for the whole loop: the search thread prints too.
    let mut out = io::stdout();
    for line in stdin.lock().lines() {
        let line = line?;
        if !engine.handle(&line, &mut out)? {
            break;
        }
        out.flush()?;
    }
    // End of input: let a running search finish and print its bestmove (an
    // infinite or pondering one is stopped: no `stop` can come any more).
    engine.join_search();
    Ok(())
}

#[cfg(test)]
mod tests;
