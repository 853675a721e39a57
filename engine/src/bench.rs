//! `xiangqi-engine bench` and `xiangqi-engine perft`, as Stockfish has them:
//! a fixed set of searches whose node count identifies the search (the same
//! count on every machine for a given build), and a perft divided by root
//! move.

use std::fmt::Write;
use std::time::Instant;

use xiangqi::nnue::Nnue;
use xiangqi::{Limits, Position, Searcher, perft_divide};

/// The bench positions (FEN, depth): the start, a middlegame, an endgame
/// (those of `benches/search.rs`, two plies shallower: the engine's default
/// evaluator, the embedded network, makes larger trees), and a position
/// with checks and captures.
pub const POSITIONS: [(&str, u32); 4] = [
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        9,
    ),
    (
        "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w - - 0 1",
        8,
    ),
    ("3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w - - 0 1", 10),
    (
        "2bakab2/9/2n1c1n2/p1p1C1p1p/4r4/2P6/P3P1P1P/4C1N2/4A4/1RBAK1B2 b - - 0 1",
        8,
    ),
];

/// Searches every bench position (to its own depth, or `depth`) with the
/// embedded network, one thread, a fresh table each; returns the report:
/// one line a position, then the totals.
pub fn bench(depth: Option<u32>) -> String {
    let mut out = String::new();
    let mut nodes = 0u64;
    let start = Instant::now();
    for (i, (fen, own)) in POSITIONS.iter().enumerate() {
        let pos: Position = fen.parse().expect("a bench position");
        let depth = depth.unwrap_or(*own);
        let mut searcher = Searcher::new(Nnue::default());
        let r = searcher.search_simple(&pos, &Limits::depth(depth));
        nodes += r.nodes;
        let best = r.best_move.map_or("(none)".to_string(), |m| m.to_string());
        let _ = writeln!(
            out,
            "Position {}/{}: depth {depth}, {} nodes, bestmove {best} ({fen})",
            i + 1,
            POSITIONS.len(),
            r.nodes
        );
    }
    let ms = start.elapsed().as_millis().max(1);
    let _ = writeln!(out, "===========================");
    let _ = writeln!(out, "Total time (ms) : {ms}");
    let _ = writeln!(out, "Nodes searched  : {nodes}");
    let _ = writeln!(out, "Nodes/second    : {}", u128::from(nodes) * 1000 / ms);
    out
}

/// The leaf nodes of each legal move of `pos` to `depth`, one line each
/// (`h2e2: 1919`), then `Nodes searched: N`, as `go perft` prints them.
pub fn perft(pos: &Position, depth: u32) -> String {
    let mut out = String::new();
    let mut total = 0;
    for (m, n) in perft_divide(pos, depth) {
        total += n;
        let _ = writeln!(out, "{m}: {n}");
    }
    let _ = writeln!(out, "\nNodes searched: {total}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_matches_the_published_start_counts() {
        // Published: 44 moves, 1 920 positions at depth 2 (startpos.perft).
        let text = perft(&Position::new(), 2);
        assert_eq!(text.lines().filter(|l| l.contains(": ")).count(), 45);
        assert!(text.ends_with("Nodes searched: 1920\n"), "{text}");
    }

    #[test]
    fn every_bench_position_is_legal_and_has_moves() {
        for (fen, _) in POSITIONS {
            let pos: Position = fen.parse().unwrap();
            assert!(!xiangqi::perft_divide(&pos, 1).is_empty(), "{fen}");
        }
    }
}
