//! Cost of `Game::play` plus `Game::outcome` per ply, in games of 100 and
//! 1 000 plies.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Game, Move, Position, Rules};

/// A deterministic pseudo-random game of `plies` plies that does not end:
/// moves that would end it are skipped. No move limit, so the repetition
/// window can grow to the whole game (the worst case for the scan).
fn make_game(plies: usize, rules: &Rules) -> Vec<Move> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut game = Game::with_rules(Position::new(), rules.clone());
    while game.ply() < plies {
        let moves = game.position().legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let first = (state % moves.len() as u64) as usize;
        let mut played = false;
        for i in 0..moves.len() {
            let m = moves[(first + i) % moves.len()];
            // Prefer quiet moves so material lasts.
            let capture = game.position().board().piece_at(m.to()).is_some();
            if capture && i + 1 < moves.len() && state % 4 != 0 {
                continue;
            }
            game.play(m).unwrap();
            if game.outcome().is_none() {
                played = true;
                break;
            }
            game.undo();
        }
        if !played {
            // Dead end: back up two plies and try another line.
            game.undo();
            game.undo();
        }
    }
    game.moves().collect()
}

fn bench(c: &mut Criterion) {
    let rules = Rules::default().with_move_limit(None);
    let mut group = c.benchmark_group("play+outcome");
    for plies in [100, 1000] {
        let moves = make_game(plies, &rules);
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_with_input(BenchmarkId::from_parameter(plies), &moves, |b, moves| {
            b.iter(|| {
                let mut game = Game::with_rules(Position::new(), rules.clone());
                for &m in moves {
                    game.play(m).unwrap();
                    criterion::black_box(game.outcome());
                }
                game
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
