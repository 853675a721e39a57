//! The lines the search thread prints: `info` per iteration and the final
//! `bestmove`, in either protocol's form, to the [`Sink`] in a [`Style`].

use std::io::Write;
use std::sync::{Arc, Mutex};

use xiangqi::notation::{UciMove, UciRanks, format_uci};
use xiangqi::{Move, Score, SearchInfo};
use xiangqi_session::{Protocol, SearchOutcome};

/// Where the search thread prints its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<dyn Write + Send>>;

/// How the search thread writes moves and scores.
#[derive(Copy, Clone, Debug)]
pub(super) struct Style {
    pub(super) protocol: Protocol,
    pub(super) ranks: UciRanks,
}

/// Prints one line to the sink and flushes it.
pub(super) fn emit(sink: &Sink, line: &str) {
    if let Ok(mut out) = sink.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// A move in the engine's rank numbering.
pub(super) fn mv(style: Style, m: Move) -> String {
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
pub(super) fn print_info(sink: &Sink, style: Style, info: &SearchInfo) {
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
pub(super) fn bestmove_line(style: Style, result: Option<&SearchOutcome>, draw: bool) -> String {
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
