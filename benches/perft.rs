//! Perft speed: the start position, the middlegame position of the README's
//! comparison with Pikafish, and the published px0 suite.
//!
//! `cargo bench --bench perft`; add `RUSTFLAGS="-C target-cpu=native"` for a
//! native build. Criterion reports leaves per second ("elem/s").

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Position, Setup, Validation, perft};

/// The middlegame of the README's side-by-side run (also the first px0
/// position).
const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// The ten positions of Pikafish's px0 board tests (official-pikafish/px0
/// `src/chess/board_test.cc`; `tests/suite/tests/data/pikafish.perft` has their counts).
const PX0: [&str; 10] = [
    MIDDLEGAME,
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
];

fn parse(fen: &str) -> Position {
    // Some published positions are legal only under lenient validation.
    let setup: Setup = fen.parse().expect("valid FEN");
    Position::from_setup(setup, Validation::Lenient).expect("legal")
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
    let middle = parse(MIDDLEGAME);
    group.throughput(Throughput::Elements(perft(&middle, 5)));
    group.bench_with_input(BenchmarkId::new("middlegame", 5), &middle, |b, p| {
        b.iter(|| perft(p, 5))
    });
    for (i, fen) in PX0.iter().enumerate() {
        let pos = parse(fen);
        group.throughput(Throughput::Elements(perft(&pos, 4)));
        group.bench_with_input(BenchmarkId::new("px0-suite-d4", i + 2), &pos, |b, p| {
            b.iter(|| perft(p, 4))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
