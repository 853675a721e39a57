//! The text front end's state and command dispatch, for both protocols:
//! the protocol spoken, the UCCI time unit, and the thread a search runs
//! on. Everything the engine is (options, evaluator, book, strength, the
//! game, the searcher) is the [`Session`]'s.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use xiangqi::notation::{UciMove, parse_uci};
use xiangqi::{Limits, Move, Position};
use xiangqi_session::{Finished, OptionValue, SearchOutcome, Session, SessionConfig, Signals};

pub use xiangqi_session::Protocol;

use crate::uci::go::{parse_ucci_go, parse_uci_go};
use crate::uci::lines;
use crate::uci::options;
use crate::uci::output::{Sink, Style, ucci_score};
use crate::uci::position::parse_position;

/// The longest line read; longer ones are ignored with a message.
pub const MAX_LINE: usize = 1 << 20;

/// How long `quit` (or the end of input) waits for a search thread to
/// print its `bestmove` before the process leaves without it (a thread
/// still sizing a huge table, say).
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// A search (or perft) running on its own thread.
pub(super) struct Running {
    /// The thread; it gives back the searcher (`None` for a perft).
    pub(super) handle: JoinHandle<Option<Finished>>,
    /// The session's signals for this search: stop, ponderhit.
    pub(super) signals: Arc<Signals>,
    /// `stop` or `quit` arrived: a search that waits may print
    /// `bestmove`.
    pub(super) halt: Arc<AtomicBool>,
    /// A draw was offered (UCCI `go draw`, `ponderhit draw`).
    pub(super) draw: Arc<AtomicBool>,
    /// The search is pondering and waits for `ponderhit`.
    pub(super) pondering: bool,
    /// The search was `go infinite`.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) infinite: bool,
}

/// The text front end: reads commands, calls the session, prints.
pub struct UciFrontEnd {
    /// The protocol, once the first command chose it.
    pub protocol: Option<Protocol>,
    /// The engine.
    pub(super) session: Session,
    /// UCCI `usemillisec`: times in milliseconds (else seconds).
    pub millisec: bool,
    /// The running search, if any.
    pub(super) running: Option<Running>,
    pub(super) sink: Sink,
    /// The position the last finished search searched, and its answer:
    /// what UCCI `probe` reads back.
    last_search: Option<(Position, SearchOutcome)>,
}

impl UciFrontEnd {
    /// An engine printing its search output to standard output.
    pub fn new() -> UciFrontEnd {
        UciFrontEnd::with_sink(Arc::new(Mutex::new(io::stdout())))
    }

    /// An engine whose search thread prints to `sink`; its session is a
    /// native front end's ([`SessionConfig::native`]): seeded from the time
    /// (so games differ), `Hash` guarded by the machine's free memory.
    pub fn with_sink(sink: Sink) -> UciFrontEnd {
        UciFrontEnd {
            protocol: None,
            session: Session::with_config(SessionConfig::native()),
            millisec: true,
            running: None,
            sink,
            last_search: None,
        }
    }

    /// The session (the engine's state).
    #[cfg(test)]
    pub fn session(&self) -> &Session {
        &self.session
    }

    pub(super) fn style(&self) -> Style {
        Style {
            protocol: self.protocol.unwrap_or(Protocol::Uci),
            ranks: self.session.ranks(),
        }
    }

    /// Waits for a running search to finish by itself (one that would
    /// wait for `stop` is stopped) and gives the session its searcher back.
    /// The commands never call this (they [`halt_search`](Self::halt_search)):
    /// it is for callers that want a search's full result.
    #[cfg(test)]
    pub fn join_search(&mut self) {
        if let Some(running) = &self.running {
            if running.pondering || running.infinite {
                running.halt.store(true, Ordering::SeqCst);
                running.signals.stop();
            }
        }
        self.take_back();
    }

    /// Ends any running search now (it prints its `bestmove`) and gives the
    /// session its searcher back: what every command that needs the
    /// session does first, so that none waits for a search to finish by
    /// itself.
    pub fn halt_search(&mut self) {
        if let Some(running) = &self.running {
            // `halt` before `stop`: the search thread looks at `halt` once
            // the search has returned.
            running.halt.store(true, Ordering::SeqCst);
            running.signals.stop();
        }
        self.take_back();
    }

    fn take_back(&mut self) {
        if let Some(running) = self.running.take() {
            if let Ok(Some(finished)) = running.handle.join() {
                // The session's game is still the one searched: commands
                // that change it take the search back first.
                if let Some(game) = self.session.game() {
                    self.last_search = Some((game.position().clone(), finished.outcome().clone()));
                }
                self.session.finish(finished);
            }
        }
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
        let own = match protocol {
            Protocol::Uci => self.uci_command(cmd, args, out)?,
            Protocol::Ucci => self.ucci_command(cmd, args, out)?,
        };
        if own {
            return Ok(true);
        }
        self.common_command(cmd, args, out)
    }

    /// The commands both protocols share, and the unknown ones; returns
    /// false on `quit`.
    fn common_command(
        &mut self,
        cmd: &str,
        args: &[&str],
        out: &mut impl Write,
    ) -> io::Result<bool> {
        match cmd {
            "isready" => writeln!(out, "readyok")?,
            "position" => self.set_position(args, out)?,
            // With no search running, nothing: an answer would be taken
            // for the answer to the next `go` (ElephantEye prints
            // `nobestmove` here).
            "stop" => self.halt_search(),
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

    /// End of input or `quit`: stops the search, waits a moment for its
    /// `bestmove`, and in UCCI says `bye`. A search thread still busy after
    /// that (sizing a huge table) is left behind: the process may exit.
    pub fn quit(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Some(running) = &self.running {
            running.halt.store(true, Ordering::SeqCst);
            running.signals.stop();
            let deadline = Instant::now() + QUIT_GRACE;
            while !running.handle.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            if running.handle.is_finished() {
                self.take_back();
            } else {
                self.running = None; // detached: the process may exit
            }
        }
        if self.protocol == Some(Protocol::Ucci) {
            writeln!(out, "bye")?;
        }
        out.flush()
    }

    /// UCI's own commands; returns whether `cmd` was one.
    fn uci_command(&mut self, cmd: &str, args: &[&str], out: &mut impl Write) -> io::Result<bool> {
        match cmd {
            "uci" => {
                writeln!(out, "id name {}", version())?;
                writeln!(out, "id author the xiangqi developers")?;
                for line in options::listing(Protocol::Uci) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "uciok")?;
            }
            "ucinewgame" => {
                self.halt_search();
                self.session.new_game();
            }
            "go" => {
                self.halt_search();
                let Some(game) = self.session.game() else {
                    return self.refuse_go(out).map(|()| true);
                };
                let overhead = self.overhead();
                let (go, warnings) =
                    parse_uci_go(args, game.position(), self.session.ranks(), overhead);
                for w in warnings {
                    writeln!(out, "info string {w}")?;
                }
                self.go(go, out)?;
            }
            "ponderhit" => self.ponderhit(false),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// UCCI's own commands; returns whether `cmd` was one.
    fn ucci_command(&mut self, cmd: &str, args: &[&str], out: &mut impl Write) -> io::Result<bool> {
        match cmd {
            "ucci" => {
                writeln!(out, "id name {}", env!("CARGO_PKG_NAME"))?;
                writeln!(out, "id version {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the xiangqi developers")?;
                for line in options::listing(Protocol::Ucci) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "ucciok")?;
            }
            "banmoves" => self.ban_moves(args, out)?,
            "go" => {
                self.halt_search();
                if self.session.game().is_none() {
                    return self.refuse_go(out).map(|()| true);
                }
                let (go, warnings) = parse_ucci_go(args, self.overhead(), self.millisec);
                for w in warnings {
                    writeln!(out, "info string {w}")?;
                }
                self.go(go, out)?;
            }
            "ponderhit" => self.ponderhit(args.first() == Some(&"draw")),
            "probe" => self.probe(args, out)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `Move Overhead`, which the `go` parsers put into the limits.
    fn overhead(&self) -> Duration {
        match self.session.option("Move Overhead") {
            Ok(OptionValue::Int(ms)) => Duration::from_millis(u64::try_from(ms).unwrap_or(0)),
            _ => Limits::default().move_overhead,
        }
    }

    /// `go` with no position (the last one was refused): no search, and
    /// no move of an earlier position.
    fn refuse_go(&mut self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "info string no position: the last position was refused; send a new one"
        )?;
        match self.style().protocol {
            Protocol::Uci => writeln!(out, "bestmove (none)"),
            Protocol::Ucci => writeln!(out, "nobestmove"),
        }
    }

    fn set_position(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        let result = match parse_position(args) {
            Ok((fen, moves)) => self
                .session
                .set_position(fen.as_deref(), &moves)
                .map_err(|e| e.to_string()),
            Err(e) => {
                self.session.clear_position();
                Err(e.to_string())
            }
        };
        if let Err(e) = result {
            // The session now has no position: `go` answers with none.
            writeln!(out, "info string {e}")?;
        }
        Ok(())
    }

    /// UCCI `banmoves m1 ...`: those root moves are not searched until the
    /// next `position`.
    fn ban_moves(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        let Some(pos) = self.session.game().map(|g| g.position().clone()) else {
            return writeln!(out, "info string banmoves: no position");
        };
        let mut banned: Vec<Move> = Vec::new();
        for text in args {
            match parse_uci(&pos, text, self.session.ranks()) {
                Ok(UciMove::Move(m)) => banned.push(m),
                _ => writeln!(out, "info string banmoves: {text} is not a legal move")?,
            }
        }
        // Every move kept is legal here.
        let _ = self.session.set_banned(banned);
        Ok(())
    }

    fn ponderhit(&mut self, draw: bool) {
        if let Some(running) = self.running.as_mut().filter(|r| r.pondering) {
            if draw {
                running.draw.store(true, Ordering::SeqCst);
            }
            // The pondering search goes on, now on our own clock.
            running.signals.ponderhit();
            running.pondering = false;
        }
    }

    /// UCCI `probe [startpos | fen <FEN>] [moves ...]`: in the form of
    /// ElephantEye's hash probe, `pophash [bestmove M] lowerbound S depth D
    /// upperbound S depth D`, what the engine knows of that position (the
    /// current one without arguments). If the last finished search was of
    /// that position (pieces and side to move), its move, score and depth.
    /// Otherwise an `info string` says that no search of it is stored, and
    /// a fresh one-ply search on a 1 MiB table of its own answers (depth
    /// 1); the engine's table and position are untouched either way, and a
    /// search still running goes on.
    fn probe(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        // A search that has ended (printed its `bestmove`) is read back; a
        // running one goes on.
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.take_back();
        }
        let mut probe = Session::new();
        let _ = probe.configure([
            ("Hash", OptionValue::Int(1)),
            ("Use NNUE", OptionValue::Bool(false)),
        ]);
        if args.is_empty() {
            match self.session.game() {
                Some(game) => probe.set_game(game),
                None => return writeln!(out, "info string probe: no position"),
            }
        } else {
            let parsed =
                parse_position(args)
                    .map_err(|e| e.to_string())
                    .and_then(|(fen, moves)| {
                        probe
                            .set_position(fen.as_deref(), &moves)
                            .map_err(|e| e.to_string())
                    });
            if let Err(e) = parsed {
                return writeln!(out, "info string {e}");
            }
        }
        let Some(target) = probe.game().map(|g| g.position().clone()) else {
            return writeln!(out, "info string probe: no position");
        };
        let same = |p: &Position| {
            p.hash() == target.hash() && p.turn() == target.turn() && p.board() == target.board()
        };
        let stored = match &self.last_search {
            Some((pos, outcome)) if same(pos) => outcome.clone(),
            _ => {
                writeln!(
                    out,
                    "info string probe: no search of this position stored; a one-ply search answers"
                )?;
                let Ok(r) = probe.search(&Limits::depth(1).into(), |_| {}) else {
                    return writeln!(out, "info string probe: no position");
                };
                r
            }
        };
        let score = ucci_score(stored.score);
        let mut line = "pophash".to_string();
        if let Some(m) = stored.best_move {
            let text = xiangqi::notation::format_uci(UciMove::Move(m), self.session.ranks());
            line.push_str(&format!(" bestmove {text}"));
        }
        let d = stored.depth;
        line.push_str(&format!(
            " lowerbound {score} depth {d} upperbound {score} depth {d}"
        ));
        writeln!(out, "{line}")
    }

    fn display(&self, out: &mut impl Write) -> io::Result<()> {
        let Some(game) = self.session.game() else {
            return writeln!(
                out,
                "info string no position: the last position was refused"
            );
        };
        let pos = game.position();
        writeln!(out)?;
        writeln!(out, "{:?}", pos.board())?;
        writeln!(out)?;
        writeln!(out, "Fen: {pos}")?;
        writeln!(out, "Key: {:016X}", pos.hash())?;
        let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
        writeln!(out, "Checkers: {}", checkers.join(" "))?;
        // The first verdict of the replay decides the game.
        match (0..=game.ply()).find_map(|p| game.verdict_at(p)) {
            Some(verdict) => writeln!(out, "Outcome: {verdict}"),
            None => writeln!(out, "Outcome: * game goes on"),
        }
    }
}

impl Default for UciFrontEnd {
    fn default() -> UciFrontEnd {
        UciFrontEnd::new()
    }
}

/// The engine's name and version: `xiangqi-engine 0.1.0`.
pub fn version() -> String {
    format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
}

/// Runs the engine on standard input and output until `quit` or the end of
/// input.
pub fn run_stdio() -> io::Result<()> {
    let mut engine = UciFrontEnd::new();
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
