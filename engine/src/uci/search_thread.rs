//! The engine's own thread: `go` starts a search (or plays a book move) and
//! `go perft` a count there, so that the command loop keeps answering
//! `stop`, `ponderhit`, `isready` and `quit` while it runs.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use xiangqi::notation::{UciMove, format_uci};
use xiangqi::{Position, SearchInfo};

use crate::uci::engine::{Engine, Flags, Protocol};
use crate::uci::go::Go;
use crate::uci::output::{bestmove_line, emit, mv, print_info};

impl Engine {
    /// Starts the search (or the perft) `go` asks for.
    pub(super) fn go(&mut self, go: Go, out: &mut impl Write) -> io::Result<()> {
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
