//! Search speed on fixed positions and depths, with the default evaluator
//! (group `search`) and with the embedded network (`search_nnue`, at
//! depths two plies shallower: its trees are larger), one thread. Criterion reports the throughput in nodes per second
//! ("elem/s"): the node count of each search is fixed (the search is
//! deterministic), so it is measured once and declared as the throughput.
//!
//! ```text
//! cargo bench --bench search
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::nnue::Nnue;
use xiangqi::{Evaluator, Limits, Position, Searcher};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "startpos",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        11,
    ),
    (
        "middlegame",
        "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w",
        10,
    ),
    ("endgame", "3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w", 12),
];

fn group<E: Evaluator + Clone>(c: &mut Criterion, name: &str, eval: E, shallower: u32) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for (pos_name, fen, depth) in POSITIONS {
        let depth = depth - shallower;
        let pos: Position = fen.parse().expect("valid FEN");
        let limits = Limits::depth(depth);
        let nodes = Searcher::new(eval.clone())
            .search_simple(&pos, &limits)
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        let mut searcher = Searcher::new(eval.clone());
        group.bench_with_input(BenchmarkId::new(pos_name, depth), &pos, |b, pos| {
            // Only the searches are timed: clearing the transposition table
            // (a 16 MiB memset) between them is not search work.
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    searcher.clear();
                    let start = Instant::now();
                    black_box(searcher.search_simple(pos, &limits));
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    group(c, "search", xiangqi::MaterialPst::default(), 0);
    group(c, "search_nnue", Nnue::default(), 2);
}

criterion_group!(benches, search);
criterion_main!(benches);
