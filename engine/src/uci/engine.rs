//! The engine's state and commands, for both protocols.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::Rng;
use xiangqi::nnue::Nnue;
use xiangqi::notation::{UciMove, UciRanks, format_uci, parse_uci};
use xiangqi::{Game, Limits, Move, Position, Rules, Searcher};
use xiangqi_session::EngineSearcher;

use crate::uci::go::{parse_ucci_go, parse_uci_go};
use crate::uci::lines;
use crate::uci::options;
use crate::uci::output::ucci_score;
use crate::uci::position::parse_position;

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
pub(super) struct Flags {
    /// The library's stop flag: raised to end the search now.
    pub(super) stop: AtomicBool,
    /// `stop` or `quit` arrived: a waiting search may print `bestmove`.
    pub(super) halt: AtomicBool,
    /// `ponderhit` arrived while pondering.
    pub(super) ponderhit: AtomicBool,
    /// A draw was offered (UCCI `go draw`, `ponderhit draw`).
    pub(super) draw: AtomicBool,
}

/// How the search thread writes moves and scores.
#[derive(Copy, Clone, Debug)]
pub(super) struct Style {
    pub(super) protocol: Protocol,
    pub(super) ranks: UciRanks,
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
    pub(super) searcher: Option<EngineSearcher>,
    /// The running search, if any.
    pub search: Option<JoinHandle<EngineSearcher>>,
    /// The `Hash` option, in MiB (kept when the evaluator changes).
    pub(super) hash_mb: usize,
    /// The network `Use NNUE` switches to (`EvalFile`'s, or the embedded
    /// one).
    pub(super) network: Option<Nnue>,
    /// The `Use NNUE` option (default on: the embedded network).
    pub(super) use_nnue: bool,
    pub(super) flags: Arc<Flags>,
    /// The running search holds its `bestmove` until `stop` (infinite, or
    /// pondering before `ponderhit`).
    pub(super) waits_for_stop: bool,
    /// The running search is pondering and waits for `ponderhit`.
    pub(super) pondering: bool,
    /// Whether the running search was `go infinite`.
    pub(super) infinite: bool,
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
    pub(super) book_rng: Rng,
    /// `Skill Level` (UCCI `skilllevel`), 0-20.
    pub(super) skill: u8,
    /// `UCI_LimitStrength` (UCCI `limitstrength`): `UCI_Elo` sets the
    /// strength instead of `Skill Level`.
    pub(super) limit_strength: bool,
    /// `UCI_Elo` (UCCI `elo`).
    pub(super) elo: u32,
    pub(super) sink: Sink,
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
            book_rng: Rng::new(crate::uci::book_skill::time_seed()),
            skill: 20,
            limit_strength: false,
            elo: xiangqi::Strength::MIN_ELO,
            sink,
        }
    }

    pub(super) fn style(&self) -> Style {
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

    /// Adopts `rules` and replays the current game under them.
    pub(super) fn set_rules(&mut self, rules: Rules) {
        self.halt_search();
        let mut game = Game::with_rules(self.game.start().clone(), rules.clone());
        for m in self.game.moves() {
            // Legal in the old game, so legal here.
            let _ = game.play_on(m);
        }
        self.game = game;
        self.rules = rules;
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
