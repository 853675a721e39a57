//! Evaluator speed: a full evaluation, and one move's incremental update
//! followed by an evaluation (what the search does at each node), for the
//! classical evaluator and the network, on the three search-bench
//! positions. Speed does not depend on the network's weights, so a network
//! with pseudo-random weights of the embedded one's shape is used.
//!
//! ```text
//! cargo bench -p xiangqi-benches --bench eval
//! ```

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use xiangqi::nnue::{Activation, DEFAULT_HIDDEN, FEATURES, NetworkFile, Nnue};
use xiangqi::{Evaluator, Game, MaterialPst, Position};

const POSITIONS: [(&str, &str); 3] = [
    (
        "startpos",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ),
    (
        "middlegame",
        "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w",
    ),
    ("endgame", "3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w"),
];

fn network() -> Nnue {
    let mut next = xiangqi_suite::weights(7);
    let h = DEFAULT_HIDDEN;
    let mut file = NetworkFile::new(h, 1, Activation::SCReLU);
    file.feature_weights = (0..FEATURES * h).map(|_| next(60)).collect();
    file.feature_bias = (0..h).map(|_| next(200)).collect();
    file.output_weights = (0..2 * h).map(|_| next(127)).collect();
    Nnue::from_file(&file).expect("a valid network")
}

/// Evaluates every move's child of `game`'s position incrementally.
fn children<E: Evaluator>(eval: &E, game: &Game, state: &E::State) -> i32 {
    let mut sum = 0;
    let mut g = game.clone();
    for m in game.position().legal_moves() {
        let _ = g.play_on(m);
        let mut child = state.clone();
        if let Some(record) = g.records().last() {
            eval.play(&mut child, record, g.position());
        }
        sum += eval.evaluate(g.position(), &child);
        g.undo();
    }
    sum
}

fn bench<E: Evaluator>(c: &mut Criterion, name: &str, eval: &E) {
    let mut group = c.benchmark_group(name);
    for (pos_name, fen) in POSITIONS {
        let pos: Position = fen.parse().expect("valid FEN");
        let state = eval.new_state(&pos);
        group.bench_with_input(BenchmarkId::new("evaluate", pos_name), &pos, |b, pos| {
            b.iter(|| black_box(eval.evaluate(black_box(pos), &state)))
        });
        let game = Game::from_position(pos.clone());
        group.bench_with_input(BenchmarkId::new("children", pos_name), &game, |b, game| {
            b.iter(|| black_box(children(eval, black_box(game), &state)))
        });
    }
    group.finish();
}

fn evaluators(c: &mut Criterion) {
    bench(c, "material_pst", &MaterialPst::default());
    bench(c, "nnue", &network());
}

criterion_group!(benches, evaluators);
criterion_main!(benches);
