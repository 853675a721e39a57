//! Analyse a game: search every position, write the game back as PGN with
//! evaluations, marks and better moves, and optionally an SVG graph.
//!
//! ```text
//! cargo run --release -p xiangqi-tools -- analyze GAME.pgn > annotated.pgn
//! cargo run --release -p xiangqi-tools -- analyze --movetime 200 --threads 2 --graph eval.svg GAME.pgn
//! cargo run --release -p xiangqi-tools -- analyze --help
//! ```
//!
//! * **Input**: a PGN file in any notation the crate reads (ICCS, WXF,
//!   Chinese, mixed), UTF-8; or a record of another format (XQF, CBR, a
//!   CBL library, CBF, DhtmlXQ, GBK PGN), whose games' main lines are read
//!   as PGN ([`crate::convert::analysis_text`]). A file of several games is read with
//!   [`xiangqi::pgn::read_games`] and its first game analysed (`--game K`
//!   picks the K-th); the other games are not read further.
//! * **Search**: every position, from the start to after the last move,
//!   is searched by the crate's [`xiangqi::Searcher`] for `--movetime` ms
//!   (default 1000), or to `--depth D`, under the default rules with the
//!   game's history (repetitions count). Each search uses a fresh searcher.
//!   `--engine CMD` (with `--engine-protocol`, `--engine-ranks`,
//!   `--engine-init`, `--engine-fsf`) searches with another engine process
//!   instead, through [`xiangqi_client`], `ucinewgame` before each
//!   position.
//! * **Threads**: `--threads N` searches N positions at a time, on N
//!   worker threads spawned here (the library spawns none), each with its
//!   own searcher. The results do not depend on N: with `--depth` the
//!   output is the same for every N; with `--movetime` each search depends
//!   on how far it got in its time, as it would with one thread (N searches
//!   share the cores, so N above the number of free cores makes each
//!   search shallower).
//! * **Output**: the game as PGN on standard output, through the crate's
//!   writer, moves in `--notation` (ICCS by default). After every move a
//!   comment `{[%eval 0.35]}`: the evaluation of the position after the
//!   move, from **Red's point of view** (positive: Red is better), in pawns
//!   of 100 centipawns (an uncrossed soldier is about 0.9), or `#N` / `#-N`
//!   when Red / Black mates in N moves (`#0` / `#-0`: the game is over,
//!   Red / Black has won). The record's own comments are kept (before the
//!   evaluation); its glyphs and variations are not.
//! * **Marks**: a move loses `before - after`, where `before` is the
//!   evaluation of the position before it (the engine's best play) and
//!   `after` that of the position after it, both from the mover's point of
//!   view and clipped to ±10 pawns (a mate counts as 10 pawns). A loss of at
//!   least 50 centipawns marks it `?!` (PGN glyph 6), 100 `?` (2), 200 `??`
//!   (4); the engine's own best move is never marked. A marked move is
//!   followed by the engine's line (up to six plies) as a variation, with
//!   its evaluation after its first move. The output reads back with
//!   [`xiangqi::pgn::GameRecord::from_pgn`], with or without variations.
//! * **Graph**: `--graph FILE.svg` writes the evaluations as an SVG graph
//!   (ply across, Red's advantage up, clipped to ±10 pawns with mates on
//!   the edges, marked moves as coloured dots).
//! * **Tablebases**: `--egtb DIR` loads the endgame tables (`*.xqtb`) of
//!   DIR; each position a table holds gets a comment with its verdict
//!   after the evaluation: `{tablebase: Red wins in 6}` (the winner's
//!   moves to mate with perfect play), `{tablebase: Black has won}` (no
//!   legal move left) or `{tablebase: draw}`.
//! * A progress bar (`indicatif`) is drawn on standard error when it is a
//!   terminal.
//! * Errors (a bad flag or number, a missing or unreadable file, a PGN
//!   that cannot be read, a game without moves) print one line on standard
//!   error and exit with status 2.

pub(crate) mod analysis;
pub(crate) mod annotate;
mod args;
mod error;
mod graph;
pub(crate) mod losses;
mod summary;
mod tablebase_marks;
#[cfg(test)]
mod tests;

use std::io::Write;
use std::time::Duration;

use xiangqi::notation::Notation;
use xiangqi::pgn::{ReadOptions, read_games};
use xiangqi::{Limits, Rules};
use xiangqi_client::Spec;

use annotate::{Eval, Mark};
use args::{AnalyzeOptions, Budget};
pub use error::AnalyzeError;

use crate::cli::AnalyzeArgs;
use crate::file_error::FileWriteError;
use crate::progress;

/// An analysed game.
#[derive(Debug)]
pub struct Report {
    /// The annotated PGN.
    pub pgn: String,
    /// The evaluation of each position, from the start.
    pub evals: Vec<Eval>,
    /// Each move's mark.
    pub marks: Vec<Option<Mark>>,
    /// A title for the graph: the players, the event and the date.
    pub title: String,
}

/// The search limits of a budget.
fn limits(budget: Budget) -> Limits {
    match budget {
        Budget::Movetime(ms) => Limits::movetime(Duration::from_millis(ms)),
        Budget::Depth(d) => Limits::depth(d),
    }
}

/// Analyses game `index` (1-based) of the PGN `text`, calling `on_done`
/// with the positions searched and their total as each search ends.
#[cfg(test)]
pub fn analyze_text(
    text: &str,
    index: usize,
    budget: Budget,
    threads: usize,
    notation: Notation,
    on_done: impl FnMut(usize, usize),
) -> Result<Report, AnalyzeError> {
    analyze_text_with(text, index, budget, threads, notation, None, on_done)
}

/// [`analyze_text`], with the engine process `engine` if given.
pub fn analyze_text_with(
    text: &str,
    index: usize,
    budget: Budget,
    threads: usize,
    notation: Notation,
    engine: Option<&Spec>,
    mut on_done: impl FnMut(usize, usize),
) -> Result<Report, AnalyzeError> {
    let mut count = 0;
    let mut found = None;
    for r in read_games(text, &ReadOptions::default()) {
        count += 1;
        if count == index {
            found = Some(r);
            break;
        }
    }
    let rec = match found {
        Some(r) => r.map_err(|e| AnalyzeError::Game {
            game: index,
            line: e.line,
            source: Box::new(e.error),
        })?,
        None if count == 0 => return Err(AnalyzeError::NoGame),
        None => {
            return Err(AnalyzeError::NoSuchGame { game: index, count });
        }
    };
    if rec.moves.is_empty() {
        return Err(AnalyzeError::NoMoves(index));
    }
    let game = rec
        .to_game(Rules::default())
        .map_err(|source| AnalyzeError::Replay {
            game: index,
            source,
        })?;
    let (total, mut done) = (game.ply() + 1, 0);
    on_done(0, total);
    let tick = || {
        done += 1;
        on_done(done, total);
    };
    let analyses = match engine {
        None => analysis::analyze(&game, &limits(budget), threads, tick),
        Some(spec) => analysis::analyze_with(spec, &game, &limits(budget), threads, tick)?,
    };
    let (mut out, marks) = annotate::annotate(&rec, &analyses, notation)?;
    let by = match budget {
        Budget::Movetime(ms) => format!("{ms} ms per position"),
        Budget::Depth(d) => format!("depth {d}"),
    };
    let annotator = match engine {
        None => format!("xiangqi-tools analyze, {by}"),
        Some(spec) => format!("xiangqi-tools analyze with {}, {by}", spec.command_line()),
    };
    match out.tags.iter_mut().find(|(k, _)| k == "Annotator") {
        Some(tag) => tag.1 = annotator,
        None => out.tags.push(("Annotator".to_string(), annotator)),
    }
    let pgn = out.to_pgn(notation)?;
    let tag = |name| rec.tag(name).filter(|v| !v.trim().is_empty() && *v != "?");
    let mut title = match (tag("Red"), tag("Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}"),
        _ => "Evaluation".to_string(),
    };
    for extra in [tag("Event"), tag("Date")].into_iter().flatten() {
        title.push_str(", ");
        title.push_str(extra);
    }
    Ok(Report {
        pgn,
        evals: analyses.iter().map(|a| a.eval).collect(),
        marks,
        title,
    })
}

/// Runs the command line.
fn run(options: &AnalyzeOptions) -> Result<(), AnalyzeError> {
    let path = &options.pgn;
    let bytes = std::fs::read(path).map_err(|source| AnalyzeError::Read {
        path: path.clone(),
        source,
    })?;
    // PGN as it is; any other record format's games as PGN main lines.
    let text = crate::convert::analysis_text(&bytes).map_err(|source| AnalyzeError::Record {
        path: path.clone(),
        source,
    })?;
    if options.summary {
        let total = read_games(&text, &ReadOptions::default())
            .count()
            .min(options.games);
        let bar = progress::bar("analysing", total as u64);
        let summary = summary::summarize(
            &text,
            options.games,
            &limits(options.budget),
            options.threads,
            options.engine.as_ref(),
            |n| bar.set_position(n as u64 - 1),
        );
        bar.finish_and_clear();
        let summary = summary.map_err(|e| e.in_file(path))?;
        print!("{}", summary.table());
        return Ok(());
    }
    let bar = progress::bar("analysing", 0);
    let report = analyze_text_with(
        &text,
        options.game,
        options.budget,
        options.threads,
        options.notation,
        options.engine.as_ref(),
        |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
    )
    .map_err(|e| e.in_file(path));
    bar.finish_and_clear();
    let mut report = report?;
    if let Some(dir) = &options.egtb {
        let tables = tablebase_marks::load(dir)?;
        report.pgn = tablebase_marks::mark(&report.pgn, &tables, options.notation)?;
    }
    if let Some(file) = &options.graph {
        let svg = graph::svg(&report.title, &report.evals, &report.marks);
        std::fs::write(file, svg).map_err(FileWriteError::at(file))?;
    }
    let mut out = std::io::stdout().lock();
    out.write_all(report.pgn.as_bytes())
        .and_then(|()| out.flush())
        .map_err(AnalyzeError::WritePgn)
}

/// Runs `xiangqi-tools analyze` with its arguments.
pub fn main(args: &AnalyzeArgs) -> Result<(), AnalyzeError> {
    run(&args::options(args)?)
}
