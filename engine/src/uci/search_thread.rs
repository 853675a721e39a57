//! The front end's search thread: `go` takes a search out of the session
//! ([`Session::start`](xiangqi_session::Session::start)) and runs it there,
//! `go perft` a count, so that the command loop keeps answering `stop`,
//! `ponderhit`, `isready` and `quit` meanwhile.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use xiangqi::SearchInfo;
use xiangqi_session::{GoError, OptionValue, Protocol, SearchRequest, Source};

use crate::uci::engine::{Running, UciFrontEnd};
use crate::uci::go::Go;
use crate::uci::output::{bestmove_line, emit, mv, print_info};

impl UciFrontEnd {
    /// Starts the search (or the perft) `go` asks for.
    pub(super) fn go(&mut self, go: Go, out: &mut impl Write) -> io::Result<()> {
        self.halt_search();
        if let Some(depth) = go.perft {
            return self.perft(depth, out);
        }
        let style = self.style();
        let request = SearchRequest {
            limits: go.limits,
            ponder: go.ponder,
        };
        let job = match self.session.start(&request) {
            Ok(job) => job,
            Err(GoError::NoPosition) => {
                writeln!(
                    out,
                    "info string no position: the last position was refused"
                )?;
                return writeln!(out, "{}", bestmove_line(style, None, false));
            }
            // The `go` parsers keep their limits within the rule; should
            // one slip through, the `go` still ends in a `bestmove`.
            Err(e @ GoError::Limits(_)) => {
                writeln!(out, "info string {e}")?;
                return writeln!(out, "{}", bestmove_line(style, None, false));
            }
            Err(e) => return writeln!(out, "info string {e}"),
        };
        let infinite = request.limits.infinite;
        let ponder = request.ponder;
        let signals = job.signals();
        let halt = Arc::new(AtomicBool::new(false));
        let draw = Arc::new(AtomicBool::new(go.draw));
        let sink = Arc::clone(&self.sink);
        let asked = match self.session.option("Hash") {
            Ok(OptionValue::Int(mb)) => usize::try_from(mb).unwrap_or(usize::MAX),
            _ => 0,
        };
        let thread_halt = Arc::clone(&halt);
        let thread_draw = Arc::clone(&draw);
        let thread_signals = Arc::clone(&signals);
        let handle = std::thread::spawn(move || {
            let info = |i: &SearchInfo| print_info(&sink, style, i);
            let finished = job.run(info);
            let outcome = finished.outcome();
            match outcome.source {
                Source::NoMove if style.protocol == Protocol::Uci => {
                    emit(&sink, "info depth 0 score mate 0");
                }
                Source::Book => emit(&sink, "info string book move"),
                Source::Tablebase => emit(
                    &sink,
                    &format!("info depth 1 score {} string tablebase move", outcome.score),
                ),
                _ => {}
            }
            if ponder || infinite {
                // UCI: no bestmove before `stop` (or, pondering, before
                // `ponderhit`), even if the search ended.
                let released = || {
                    thread_halt.load(Ordering::SeqCst)
                        || (ponder && !infinite && thread_signals.is_ponderhit())
                };
                while !released() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            let draw = thread_draw.load(Ordering::SeqCst);
            if let Some(got) = finished.table_size().filter(|&got| got < asked) {
                let text = format!("hash table of {got} MiB (not enough memory for {asked})");
                emit(&sink, &format!("info string {text}"));
            }
            emit(&sink, &bestmove_line(style, Some(outcome), draw));
            Some(finished)
        });
        self.running = Some(Running {
            handle,
            signals,
            halt,
            draw,
            pondering: ponder,
            infinite,
        });
        Ok(())
    }

    /// `go perft N` on the search thread: the count of each root move,
    /// then `Nodes searched: N`; `stop` (or any command that needs the
    /// thread) ends it early, with an `info string` saying so and the count
    /// so far.
    fn perft(&mut self, depth: u32, out: &mut impl Write) -> io::Result<()> {
        let job = match self.session.start_perft(depth) {
            Ok(job) => job,
            Err(e) => return writeln!(out, "info string {e}"),
        };
        let style = self.style();
        let signals = job.signals();
        let sink = Arc::clone(&self.sink);
        let handle = std::thread::spawn(move || {
            let count = job.run(|m, n| emit(&sink, &format!("{}: {n}", mv(style, m))));
            let mut text = String::new();
            if count.stopped() {
                text.push_str(&format!(
                    "info string perft stopped after {} of {} moves\n",
                    count.done, count.moves
                ));
            }
            text.push_str(&format!("\nNodes searched: {}\n", count.nodes));
            emit(&sink, &text);
            None
        });
        self.running = Some(Running {
            handle,
            signals,
            halt: Arc::new(AtomicBool::new(false)),
            draw: Arc::new(AtomicBool::new(false)),
            pondering: false,
            infinite: false,
        });
        Ok(())
    }
}
