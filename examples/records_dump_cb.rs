//! Reads CCBridge CBR games, CBL libraries and CBF records (and DhtmlXQ
//! records and plain move lists) and prints, as JSON, each game's start position and every line (the moves from the
//! start to each end of a variation, ICCS), with the warnings of a library.
//! `tests/records/compare_cchess_cb.py` checks this against cchess, and
//! `tests/records/bench_cchess_cb.py` times both.
//!
//! ```text
//! cargo run --release --example records_dump_cb -- FILE...
//! cargo run --release --example records_dump_cb -- --bench 20 FILE...
//! ```
//!
//! With `--bench N`, each file is read N times and the best time of a read
//! is printed instead of the games: `{"file": ..., "seconds": ...}`.

use std::time::Instant;

use serde_json::{Value, json};
use xiangqi::detect::{RecordFormat, detect};
use xiangqi::tree::{GameTree, NodeId};

/// Every line of `tree`: the moves from the root to each node with no child.
fn lines(tree: &GameTree) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut stack: Vec<(NodeId, Vec<String>)> = vec![(tree.root(), Vec::new())];
    while let Some((node, moves)) = stack.pop() {
        let children = tree.children(node);
        if children.is_empty() {
            out.push(moves);
            continue;
        }
        for &c in children.iter().rev() {
            let mut next = moves.clone();
            next.extend(tree.move_at(c).map(|m| m.to_string()));
            stack.push((c, next));
        }
    }
    out
}

fn comments(tree: &GameTree) -> usize {
    let mut n = 0;
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        n += usize::from(!tree.comment(node).is_empty());
        stack.extend_from_slice(tree.children(node));
    }
    n
}

fn game(index: usize, tree: &GameTree) -> Value {
    let headers: serde_json::Map<String, Value> = tree
        .headers()
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(v.clone())))
        .collect();
    json!({
        "index": index,
        "fen": tree.start().to_string(),
        "lines": lines(tree),
        "comments": comments(tree),
        "root_comment": tree.comment(tree.root()),
        "headers": headers,
    })
}

/// Reads one file, of the format [`detect`] finds (by its extension when it
/// finds none): (games, warnings), or the error of a single-game file.
fn read(path: &str, bytes: &[u8]) -> Result<(Vec<Value>, Vec<String>), String> {
    let lower = path.to_lowercase();
    let format = detect(bytes).or(if lower.ends_with(".cbf") {
        Some(RecordFormat::Cbf)
    } else {
        None
    });
    let one = |tree: GameTree| Ok((vec![game(0, &tree)], Vec::new()));
    match format {
        Some(RecordFormat::Cbl) => {
            let lib = xiangqi::cbr::read_library(bytes).map_err(|e| e.to_string())?;
            let games = lib.games.iter().map(|g| game(g.index, &g.tree)).collect();
            let warnings = lib.warnings.iter().map(|w| w.to_string()).collect();
            Ok((games, warnings))
        }
        Some(RecordFormat::Cbf) => one(xiangqi::cbf::read(bytes).map_err(|e| e.to_string())?),
        Some(RecordFormat::DhtmlXq) => {
            one(xiangqi::dhtmlxq::read(bytes).map_err(|e| e.to_string())?)
        }
        Some(RecordFormat::MoveList) => {
            one(xiangqi::movelist::read(bytes).map_err(|e| e.to_string())?)
        }
        Some(RecordFormat::Cbr) | None => {
            one(xiangqi::cbr::read(bytes).map_err(|e| e.to_string())?)
        }
        Some(other) => Err(format!("{other}: not read by this example")),
    }
}

/// The best time of `runs` reads of the file (the parse only, no output).
fn bench(path: &str, bytes: &[u8], runs: usize) -> f64 {
    let lower = path.to_lowercase();
    let mut best = f64::INFINITY;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let n = if lower.ends_with(".cbl") {
            xiangqi::cbr::read_library(bytes).map_or(0, |l| l.games.len())
        } else if lower.ends_with(".cbf") {
            usize::from(xiangqi::cbf::read(bytes).is_ok())
        } else {
            usize::from(xiangqi::cbr::read(bytes).is_ok())
        };
        std::hint::black_box(n);
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = None;
    if args.first().is_some_and(|a| a == "--bench") && args.len() > 1 {
        runs = Some(args[1].parse::<usize>()?);
        args.drain(..2);
    }
    for path in &args {
        let bytes = std::fs::read(path)?;
        let out = match runs {
            Some(n) => json!({"file": path, "seconds": bench(path, &bytes, n)}),
            None => match read(path, &bytes) {
                Ok((games, warnings)) => {
                    json!({"file": path, "games": games, "warnings": warnings})
                }
                Err(e) => json!({"file": path, "error": e}),
            },
        };
        println!("{out}");
    }
    Ok(())
}
