//! The engine's state and commands, for both protocols.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::notation::{UciMove, UciRanks, format_uci, parse_uci};
use xiangqi::{Game, Limits, Move, Position, Rules, Score, SearchInfo, SearchResult, Searcher};

use crate::uci::go::{Go, parse_ucci_go, parse_uci_go};
use crate::uci::lines;
use crate::uci::options::{self, Id, Value};
use xiangqi::nnue::Nnue;
use xiangqi_engine::searcher::EngineSearcher;

/// Where the search thread prints its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<dyn Write + Send>>;

/// The protocol spoken, chosen by the first command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI in Pikafish's dialect (also any first command but `ucci`).
    Uci,
    /// UCCI in ElephantEye 3.31's dialect (first command `ucci`).
    Ucci,
}

/// The flags shared with the search thread.
#[derive(Default)]
struct Flags {
    /// The library's stop flag: raised to end the search now.
    stop: AtomicBool,
    /// `stop` or `quit` arrived: a waiting search may print `bestmove`.
    halt: AtomicBool,
    /// `ponderhit` arrived while pondering.
    ponderhit: AtomicBool,
    /// A draw was offered (UCCI `go draw`, `ponderhit draw`).
    draw: AtomicBool,
}

/// How the search thread writes moves and scores.
#[derive(Copy, Clone, Debug)]
struct Style {
    protocol: Protocol,
    ranks: UciRanks,
}

/// The longest line read; longer ones are ignored with a message.
pub const MAX_LINE: usize = 1 << 20;

/// The state kept between commands.
pub struct Engine {
    /// The protocol, once the first command chose it.
    pub protocol: Option<Protocol>,
    /// The game set by `position`, under `rules`; the search starts from
    /// its last position and knows its history.
    pub game: Game,
    /// The rules set by the options.
    pub rules: Rules,
    /// UCCI `banmoves`: root moves excluded until the next `position`.
    pub banned: Vec<Move>,
    /// The searcher, absent while a search thread owns it.
    searcher: Option<EngineSearcher>,
    /// The running search, if any.
    pub search: Option<JoinHandle<EngineSearcher>>,
    /// The `Hash` option, in MiB (kept when the evaluator changes).
    pub(super) hash_mb: usize,
    /// The network `Use NNUE` switches to (`EvalFile`'s, or the embedded
    /// one).
    pub(super) network: Option<Nnue>,
    /// The `Use NNUE` option (default on: the embedded network).
    pub(super) use_nnue: bool,
    flags: Arc<Flags>,
    /// The running search holds its `bestmove` until `stop` (infinite, or
    /// pondering before `ponderhit`).
    waits_for_stop: bool,
    /// The running search is pondering and waits for `ponderhit`.
    pondering: bool,
    /// Whether the running search was `go infinite`.
    infinite: bool,
    /// UCI `MultiPV`.
    pub multi_pv: usize,
    /// The `Ponder` option.
    pub ponder: bool,
    /// `Move Overhead`, taken off the clock.
    pub overhead: Duration,
    /// How move strings number the ranks.
    pub ranks: UciRanks,
    /// UCCI `usemillisec`: times in milliseconds (else seconds).
    pub millisec: bool,
    /// The opening book (`BookFile`; the embedded one by default).
    pub(super) book: xiangqi::book::Book,
    /// `OwnBook` (UCCI `usebook`): play book moves where the book has one.
    pub(super) own_book: bool,
    /// The state of the book's random choices.
    pub(super) book_rng: u64,
    /// `Skill Level` (UCCI `skilllevel`), 0-20.
    pub(super) skill: u8,
    /// `UCI_LimitStrength` (UCCI `limitstrength`): `UCI_Elo` sets the
    /// strength instead of `Skill Level`.
    pub(super) limit_strength: bool,
    /// `UCI_Elo` (UCCI `elo`).
    pub(super) elo: u32,
    sink: Sink,
}

impl Engine {
    /// An engine printing its search output to standard output.
    pub fn new() -> Engine {
        Engine::with_sink(Arc::new(Mutex::new(io::stdout())))
    }

    /// An engine whose search thread prints to `sink`.
    pub fn with_sink(sink: Sink) -> Engine {
        Engine {
            protocol: None,
            game: Game::new(),
            rules: Rules::default(),
            banned: Vec::new(),
            searcher: Some(EngineSearcher::default()),
            search: None,
            hash_mb: 16,
            network: crate::uci::evaluation::embedded_net(),
            use_nnue: true,
            flags: Arc::new(Flags::default()),
            waits_for_stop: false,
            pondering: false,
            infinite: false,
            multi_pv: 1,
            ponder: false,
            overhead: Limits::default().move_overhead,
            ranks: UciRanks::ZeroToNine,
            millisec: true,
            book: crate::uci::book_skill::embedded_book(),
            own_book: false,
            book_rng: crate::uci::book_skill::time_seed(),
            skill: 20,
            limit_strength: false,
            elo: xiangqi::Strength::MIN_ELO,
            sink,
        }
    }

    fn style(&self) -> Style {
        Style {
            protocol: self.protocol.unwrap_or(Protocol::Uci),
            ranks: self.ranks,
        }
    }

    /// Ends the running search now: it prints its `bestmove`.
    fn stop_search(&mut self) {
        // `halt` before `stop`: the search thread clears `stop` after a
        // `ponderhit` only if `halt` is still down.
        self.flags.halt.store(true, Ordering::SeqCst);
        self.flags.stop.store(true, Ordering::SeqCst);
    }

    /// Waits for a running search to finish by itself and takes the
    /// searcher back; a search that would wait for `stop` is stopped first.
    /// The commands never call this (they [`halt_search`](Self::halt_search)):
    /// it is for callers that want a search's full result.
    pub fn join_search(&mut self) {
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
    }

    /// Ends any running search now (it prints its `bestmove`) and takes
    /// the searcher back: what every command that needs the search to end
    /// does first, so that none waits for a search to finish by itself.
    pub fn halt_search(&mut self) {
        if self.search.is_some() {
            self.stop_search();
        }
        self.join_search();
    }

    /// The searcher, once no search runs (a fresh one if a search thread
    /// was lost).
    pub(super) fn searcher(&mut self) -> &mut EngineSearcher {
        self.halt_search();
        self.searcher.get_or_insert_with(EngineSearcher::default)
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Ok(true);
        };
        let protocol = *self.protocol.get_or_insert(if cmd == "ucci" {
            Protocol::Ucci
        } else {
            Protocol::Uci
        });
        match protocol {
            Protocol::Uci => self.uci_command(cmd, args, out),
            Protocol::Ucci => self.ucci_command(cmd, args, out),
        }
    }

    /// End of input or `quit`: stops the search (it prints its
    /// `bestmove`) and, in UCCI, says `bye`.
    pub fn quit(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        if self.protocol == Some(Protocol::Ucci) {
            writeln!(out, "bye")?;
        }
        out.flush()
    }

    fn uci_command(&mut self, cmd: &str, args: &[&str], out: &mut impl Write) -> io::Result<bool> {
        match cmd {
            "uci" => {
                writeln!(out, "id name xiangqi-rs {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the xiangqi developers")?;
                for line in options::listing(Protocol::Uci) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => {
                self.halt_search();
                self.game = Game::with_rules(Position::new(), self.rules.clone());
                self.searcher().clear();
            }
            "position" => self.set_position(args, out)?,
            "go" => {
                self.halt_search();
                let (go, warnings) =
                    parse_uci_go(args, self.game.position(), self.ranks, self.overhead);
                for w in warnings {
                    writeln!(out, "info string {w}")?;
                }
                self.go(go, out)?;
            }
            "stop" => self.halt_search(),
            "ponderhit" => self.ponderhit(false),
            "setoption" => self.set_option(args, out)?,
            "d" => self.display(out)?,
            "quit" => {
                self.quit(out)?;
                return Ok(false);
            }
            _ => writeln!(out, "info string unknown command: {cmd}")?,
        }
        Ok(true)
    }

    fn ucci_command(&mut self, cmd: &str, args: &[&str], out: &mut impl Write) -> io::Result<bool> {
        match cmd {
            "ucci" => {
                writeln!(out, "id name xiangqi-rs")?;
                writeln!(out, "id version {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the xiangqi developers")?;
                for line in options::listing(Protocol::Ucci) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "ucciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "position" => self.set_position(args, out)?,
            "banmoves" => {
                self.halt_search();
                let pos = self.game.position().clone();
                self.banned.clear();
                for text in args {
                    match parse_uci(&pos, text, self.ranks) {
                        Ok(UciMove::Move(m)) => self.banned.push(m),
                        _ => writeln!(out, "info string banmoves: {text} is not a legal move")?,
                    }
                }
            }
            "go" => {
                self.halt_search();
                let (go, warnings) = parse_ucci_go(args, self.overhead, self.millisec);
                for w in warnings {
                    writeln!(out, "info string {w}")?;
                }
                self.go(go, out)?;
            }
            "ponderhit" => self.ponderhit(args.first() == Some(&"draw")),
            // With no search running, nothing: an answer would be taken
            // for the answer to the next `go` (ElephantEye prints
            // `nobestmove` here).
            "stop" => self.halt_search(),
            "probe" => self.probe(args, out)?,
            "setoption" => self.set_option(args, out)?,
            "d" => self.display(out)?,
            "quit" => {
                self.quit(out)?;
                return Ok(false);
            }
            _ => writeln!(out, "info string unknown command: {cmd}")?,
        }
        Ok(true)
    }

    fn set_position(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        match parse_position(args, &self.rules, self.ranks) {
            Ok(game) => {
                self.game = game;
                self.banned.clear();
                Ok(())
            }
            Err(e) => writeln!(out, "info string {e}"),
        }
    }

    fn ponderhit(&mut self, draw: bool) {
        if self.search.is_some() && self.pondering {
            if draw {
                self.flags.draw.store(true, Ordering::SeqCst);
            }
            // The pondering search goes on, now on our own clock.
            self.flags.ponderhit.store(true, Ordering::SeqCst);
            self.pondering = false;
            self.waits_for_stop = self.infinite;
        }
    }

    /// `setoption name <id> [value <x>]` (UCI) or `setoption <id> [<x>]`
    /// (UCCI); either form is read in either protocol.
    fn set_option(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match args {
            [first, rest @ ..] if first.eq_ignore_ascii_case("name") => {
                match rest.iter().position(|t| t.eq_ignore_ascii_case("value")) {
                    Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                }
            }
            [first, rest @ ..] => (first.to_string(), rest.join(" ")),
            [] => return writeln!(out, "info string expected: setoption name <id> value <x>"),
        };
        let Some(spec) = options::find(&name) else {
            return writeln!(out, "info string unknown option {name:?}");
        };
        let value = match options::parse_value(spec, &value) {
            Ok(v) => v,
            Err(e) => return writeln!(out, "info string option {name}: {e}"),
        };
        let int = |v: Value| match v {
            Value::Int(n) => u32::try_from(n).unwrap_or(u32::MAX),
            _ => 0,
        };
        match (spec.id, value) {
            (Id::Hash, Value::Int(mb)) => {
                let asked = usize::try_from(mb).unwrap_or(1);
                if let Some(free) = available_mib().filter(|&free| asked > free / 2) {
                    return writeln!(
                        out,
                        "info string Hash {asked} MiB: more than half of the {free} MiB this machine has free; keeping {} MiB",
                        self.hash_mb
                    );
                }
                let got = self.searcher().set_hash_size(asked);
                self.hash_mb = got;
                if got < asked {
                    writeln!(
                        out,
                        "info string hash table of {got} MiB (not enough memory for {asked})"
                    )?;
                }
            }
            (Id::Threads, Value::Int(n)) => {
                self.searcher().set_threads(usize::try_from(n).unwrap_or(1));
            }
            (Id::MultiPv, Value::Int(n)) => self.multi_pv = usize::try_from(n).unwrap_or(1),
            (Id::Ponder, Value::Bool(b)) => self.ponder = b,
            (Id::UseMillisec, Value::Bool(b)) => self.millisec = b,
            (Id::OwnBook, Value::Bool(b)) => self.own_book = b,
            (Id::BookFile, Value::Text(path)) => self.set_book_file(&path, out)?,
            (Id::SkillLevel, v) => {
                self.skill = int(v).min(20) as u8;
                self.apply_strength();
            }
            (Id::LimitStrength, Value::Bool(b)) => {
                self.limit_strength = b;
                self.apply_strength();
            }
            (Id::Elo, v) => {
                self.elo = int(v);
                self.apply_strength();
            }
            (Id::Variant, _) => {} // xiangqi only
            (Id::ClearHash | Id::NewGame, _) => self.searcher().clear(),
            (Id::MoveOverhead, Value::Int(n)) => {
                self.overhead = Duration::from_millis(u64::try_from(n).unwrap_or(0));
            }
            (Id::Ranks, Value::Choice(r)) => {
                self.ranks = if r == "1-10" {
                    UciRanks::OneToTen
                } else {
                    UciRanks::ZeroToNine
                };
            }
            (Id::MoveLimit, v) => {
                let n = int(v);
                self.set_rules(self.rules.clone().with_move_limit((n > 0).then_some(n)));
            }
            (Id::CheckCap, v) => {
                let n = int(v);
                self.set_rules(self.rules.clone().with_check_cap((n > 0).then_some(n)));
            }
            (Id::RepetitionCount, v) => {
                self.set_rules(self.rules.clone().with_repetition_count(int(v)));
            }
            (Id::ChaseRule | Id::Repetition, Value::Choice(rule)) => {
                let (detect, checks) = match rule {
                    "none" | "checkban" => (false, false),
                    "fairy-stockfish" | "chineserule" => (true, true),
                    _ => (true, false),
                };
                let rules = self
                    .rules
                    .clone()
                    .with_chase_detection(detect)
                    .with_checks_also_chase(checks);
                self.set_rules(rules);
            }
            (Id::UseNnue, Value::Bool(on)) => self.set_use_nnue(on, out)?,
            (Id::EvalFile, Value::Text(path)) => self.set_eval_file(&path, out)?,
            (id, v) => writeln!(out, "info string option {name}: cannot set {id:?} to {v:?}")?,
        }
        Ok(())
    }

    /// Adopts `rules` and replays the current game under them.
    fn set_rules(&mut self, rules: Rules) {
        self.halt_search();
        let mut game = Game::with_rules(self.game.start().clone(), rules.clone());
        for m in self.game.moves() {
            // Legal in the old game, so legal here.
            let _ = game.play_on(m);
        }
        self.game = game;
        self.rules = rules;
    }

    /// Starts the search (or the perft) `go` asks for.
    fn go(&mut self, go: Go, out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        if let Some(depth) = go.perft {
            return self.perft(depth, out);
        }
        let style = self.style();
        let mut limits = go.limits.with_multi_pv(if style.protocol == Protocol::Uci {
            self.multi_pv
        } else {
            1
        });
        let legal = self.game.position().legal_moves();
        let mut no_move = legal.is_empty();
        if !self.banned.is_empty() {
            limits.search_moves = legal
                .iter()
                .copied()
                .filter(|m| !self.banned.contains(m))
                .collect();
            no_move |= limits.search_moves.is_empty();
        }
        // A book move, if the book is in use and has one here (not while
        // pondering or searching without end: those wait for `stop`).
        let book_move = if no_move || go.ponder || limits.infinite {
            None
        } else {
            self.book_move(&limits.search_moves)
        };
        let Some(mut searcher) = self.searcher.take() else {
            return writeln!(out, "info string no searcher");
        };
        // No search thread runs now: the flags are ours to reset.
        self.flags = Arc::new(Flags::default());
        self.flags.draw.store(go.draw, Ordering::SeqCst);
        let ponder = go.ponder;
        self.infinite = limits.infinite;
        self.pondering = ponder;
        self.waits_for_stop = ponder || limits.infinite;
        let flags = Arc::clone(&self.flags);
        let sink = Arc::clone(&self.sink);
        let game = self.game.clone();
        self.search = Some(std::thread::spawn(move || {
            let info = |i: &SearchInfo| print_info(&sink, style, i);
            if no_move && style.protocol == Protocol::Uci {
                emit(&sink, "info depth 0 score mate 0");
            }
            // Pondering runs on the opponent's time: no time limit until
            // `ponderhit`, then the search goes on under the limits.
            if let Some(m) = book_move {
                emit(&sink, "info string book move");
                emit(&sink, &format!("bestmove {}", mv(style, m)));
                return searcher;
            }
            let result = (!no_move).then(|| {
                if ponder {
                    searcher.search_pondering(&game, &limits, &flags.stop, &flags.ponderhit, info)
                } else {
                    searcher.search(&game, &limits, &flags.stop, info)
                }
            });
            if ponder || limits.infinite {
                // UCI: no bestmove before `stop` (or, pondering, before
                // `ponderhit`), even if the search ended.
                let released = || {
                    flags.halt.load(Ordering::SeqCst)
                        || (ponder && !limits.infinite && flags.ponderhit.load(Ordering::SeqCst))
                };
                while !released() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            let draw = flags.draw.load(Ordering::SeqCst);
            if let Ok(mut out) = sink.lock() {
                let _ = writeln!(out, "{}", bestmove_line(style, result.as_ref(), draw));
                let _ = out.flush();
            }
            searcher
        }));
        Ok(())
    }

    /// `go perft N` on the search thread: the count of each root move,
    /// then `Nodes searched: N`; `stop` (or any command that needs the
    /// thread) ends it early, with an `info string` saying so and the count
    /// so far.
    fn perft(&mut self, depth: u32, out: &mut impl Write) -> io::Result<()> {
        let Some(searcher) = self.searcher.take() else {
            return writeln!(out, "info string no searcher");
        };
        self.flags = Arc::new(Flags::default());
        self.infinite = false;
        self.pondering = false;
        self.waits_for_stop = false;
        let flags = Arc::clone(&self.flags);
        let sink = Arc::clone(&self.sink);
        let pos = self.game.position().clone();
        let ranks = self.ranks;
        self.search = Some(std::thread::spawn(move || {
            let mut total = 0u64;
            let moves = pos.legal_moves();
            let mut done = 0;
            if depth == 0 {
                total = 1;
            } else {
                for &m in &moves {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    let Some(n) = stoppable_perft(&next, depth - 1, &flags.stop) else {
                        break;
                    };
                    emit(
                        &sink,
                        &format!("{}: {n}", format_uci(UciMove::Move(m), ranks)),
                    );
                    total += n;
                    done += 1;
                }
            }
            let mut text = String::new();
            if depth > 0 && done < moves.len() {
                text.push_str(&format!(
                    "info string perft stopped after {done} of {} moves\n",
                    moves.len()
                ));
            }
            text.push_str(&format!("\nNodes searched: {total}\n"));
            emit(&sink, &text);
            searcher
        }));
        Ok(())
    }

    /// UCCI `probe [startpos | fen <FEN>] [moves ...]`: what a one-ply
    /// search of that position (the current one without arguments) finds,
    /// in the form of ElephantEye's hash probe: `pophash [bestmove M]
    /// lowerbound S depth D upperbound S depth D`.
    fn probe(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let game = if args.is_empty() {
            self.game.clone()
        } else {
            match parse_position(args, &self.rules, self.ranks) {
                Ok(game) => game,
                Err(e) => return writeln!(out, "info string {e}"),
            }
        };
        let mut searcher = Searcher::default();
        searcher.set_hash_size(1);
        let r = searcher.search(&game, &Limits::depth(1), &AtomicBool::new(false), |_| {});
        let score = ucci_score(r.score);
        let mut line = "pophash".to_string();
        if let Some(m) = r.best_move {
            line.push_str(&format!(
                " bestmove {}",
                format_uci(UciMove::Move(m), self.ranks)
            ));
        }
        let d = r.depth;
        line.push_str(&format!(
            " lowerbound {score} depth {d} upperbound {score} depth {d}"
        ));
        writeln!(out, "{line}")
    }

    fn display(&self, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
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

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// Runs the engine on standard input and output until `quit` or the end of
/// input.
pub fn run_stdio() -> io::Result<()> {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    // Not locked for the whole loop: the search thread prints too.
    let mut out = io::stdout();
    loop {
        match lines::read_line(&mut input, MAX_LINE) {
            Ok(Some(line)) if line.truncated => {
                let start = lines::shorten(&line, 40);
                writeln!(out, "info string line too long, ignored: {start}")?;
            }
            Ok(Some(line)) => {
                if !engine.handle(&line.text, &mut out)? {
                    return Ok(());
                }
            }
            // End of input, or input that cannot be read any more.
            Ok(None) | Err(_) => break,
        }
        out.flush()?;
    }
    engine.quit(&mut out)
}

/// The memory the system has free for a new allocation, in MiB (Linux:
/// `MemAvailable` of `/proc/meminfo`; elsewhere unknown).
fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The leaf count of `pos` at `depth`, or `None` once `stop` is raised
/// (looked at every node three plies or more above the leaves).
fn stoppable_perft(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 3 {
        return Some(xiangqi::perft(pos, depth));
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        total += stoppable_perft(&next, depth - 1, stop)?;
    }
    Some(total)
}

/// Prints one line to the sink and flushes it.
fn emit(sink: &Sink, line: &str) {
    if let Ok(mut out) = sink.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// A move in the engine's rank numbering.
fn mv(style: Style, m: Move) -> String {
    format_uci(UciMove::Move(m), style.ranks)
}

/// A score as UCCI writes it (ElephantEye): centipawns as a plain number,
/// a mate as 10000 minus the plies to it (negative when mated).
pub fn ucci_score(score: Score) -> i32 {
    const MATE: i64 = 10_000;
    let value = match score {
        Score::Cp(c) => return c,
        Score::Mate(n) if n > 0 => MATE - (2 * i64::from(n) - 1).min(MATE),
        Score::Mate(n) => -(MATE - (-2 * i64::from(n)).min(MATE)),
    };
    // Within ±10000: fits.
    value as i32
}

/// Prints the `info` line(s) of one iteration.
fn print_info(sink: &Sink, style: Style, info: &SearchInfo) {
    let pv: Vec<String> = info.pv.iter().map(|&m| mv(style, m)).collect();
    match style.protocol {
        Protocol::Uci => emit(
            sink,
            &format!(
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
            ),
        ),
        Protocol::Ucci if info.multipv == 1 => {
            emit(
                sink,
                &format!("info time {} nodes {}", info.time.as_millis(), info.nodes),
            );
            emit(
                sink,
                &format!(
                    "info depth {} score {} pv {}",
                    info.depth,
                    ucci_score(info.score),
                    pv.join(" ")
                ),
            );
        }
        Protocol::Ucci => {}
    }
}

/// The final line of a search: `bestmove ...` (UCI `bestmove (none)` or
/// UCCI `nobestmove` without a move). UCCI adds `resign` when the search
/// proved a loss, and `draw` to accept an offered draw when not ahead.
fn bestmove_line(style: Style, result: Option<&SearchResult>, draw: bool) -> String {
    let best = result.and_then(|r| r.best_move.map(|m| (r, m)));
    let Some((r, m)) = best else {
        return match style.protocol {
            Protocol::Uci => "bestmove (none)".to_string(),
            Protocol::Ucci => "nobestmove".to_string(),
        };
    };
    let mut line = format!("bestmove {}", mv(style, m));
    if let Some(&p) = r.pv.get(1) {
        line.push_str(&format!(" ponder {}", mv(style, p)));
    }
    if style.protocol == Protocol::Ucci {
        match r.score {
            Score::Mate(n) if n < 0 => line.push_str(" resign"),
            Score::Cp(c) if draw && c <= 0 => line.push_str(" draw"),
            _ => {}
        }
    }
    line
}

/// Parses the arguments of `position` into a new game under `rules`, or
/// says why not. Moves use `ranks`.
pub fn parse_position(args: &[&str], rules: &Rules, ranks: UciRanks) -> Result<Game, String> {
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
    let mut game = Game::with_rules(start, rules.clone());
    for (i, text) in moves.iter().enumerate() {
        let m = match parse_uci(game.position(), text, ranks) {
            Ok(UciMove::Move(m)) => m,
            Ok(UciMove::Null) => return Err(format!("move {} {text:?}: null move", i + 1)),
            Err(e) => return Err(format!("move {} {text:?}: {e}", i + 1)),
        };
        game.play_on(m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
    }
    Ok(game)
}
