//! Perft speed: the start position and the published position suite.
//!
//! `cargo bench --bench perft`; add `RUSTFLAGS="-C target-cpu=native"` for a
//! native build. Nodes per second = leaf count / reported time.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Position, Setup, Validation, perft};

fn published_suite() -> Vec<(String, Position)> {
    let text = include_str!("../tests/data/pikafish.perft");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fen = l.split(';').next().unwrap_or_default().trim();
            let setup: Setup = fen.parse().expect("valid FEN in the data");
            let pos = Position::from_setup(setup, Validation::Lenient).expect("legal");
            (fen.to_string(), pos)
        })
        .collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::new();
    for depth in [4, 5] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_with_input(BenchmarkId::new("startpos", depth), &depth, |b, &d| {
            b.iter(|| perft(&start, d))
        });
    }
    for (i, (_, pos)) in published_suite().iter().enumerate() {
        group.throughput(Throughput::Elements(perft(pos, 4)));
        group.bench_with_input(BenchmarkId::new("px0-suite-d4", i + 2), pos, |b, p| {
            b.iter(|| perft(p, 4))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
