//! Games per second read by `read_games` from a 10 000-game text, in ICCS,
//! Chinese and full-width WXF. The text is made here from 64 seeded
//! pseudo-random games of 60-110 plies (quiet moves preferred, so material
//! lasts as in real games), each record with a distinct `Event` tag.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
use xiangqi::pgn::{GameRecord, ReadOptions, read_games};
use xiangqi::{Game, Position};

const GAMES: usize = 10_000;

/// Seeded pseudo-random games that do not end early.
fn sample() -> Vec<GameRecord> {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::new();
    while out.len() < 64 {
        let plies = 60 + (next() % 51) as usize;
        let mut game = Game::from_position(Position::new());
        while game.ply() < plies && game.outcome().is_none() {
            let pos = game.position();
            let moves = pos.legal_moves();
            let quiet: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| pos.board().piece_at(m.to()).is_none())
                .collect();
            let r = next() as usize;
            let m = if !quiet.is_empty() && r % 5 != 0 {
                quiet[r / 5 % quiet.len()]
            } else {
                moves[r / 5 % moves.len()]
            };
            game.play(m).expect("a legal move");
        }
        if game.ply() >= 60 {
            out.push(GameRecord::from_game(&game));
        }
    }
    out
}

/// Full-width forms, as Chinese sites write WXF (`Ｃ２＝５`).
fn full_width(move_text: &str) -> String {
    move_text
        .chars()
        .map(|c| match c {
            'A'..='Z' | '0'..='9' | '+' | '-' | '=' | '.' => {
                char::from_u32(c as u32 + 0xFEE0).unwrap_or(c)
            }
            c => c,
        })
        .collect()
}

/// A text of `GAMES` records in `notation`.
fn database(sample: &[GameRecord], notation: Notation, wide: bool) -> String {
    let mut text = String::new();
    for i in 0..GAMES {
        let mut rec = sample[i % sample.len()].clone();
        rec.tags.insert(0, ("Event".into(), format!("Game {i}")));
        let pgn = rec.to_pgn(notation).expect("legal record");
        match pgn.split_once("\n\n") {
            Some((tags, moves)) if wide => {
                text.push_str(tags);
                text.push_str("\n\n");
                text.push_str(&full_width(moves));
            }
            _ => text.push_str(&pgn),
        }
        text.push('\n');
    }
    text
}

fn bench(c: &mut Criterion) {
    let sample = sample();
    let mut group = c.benchmark_group("read_games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES as u64));
    for (name, notation, wide) in [
        ("iccs", Notation::Iccs, false),
        (
            "chinese",
            Notation::Chinese(ChineseScript::Simplified),
            false,
        ),
        ("wxf_full_width", Notation::Wxf(WxfDialect::Wxf), true),
    ] {
        let text = database(&sample, notation, wide);
        let opts = ReadOptions::default().with_wxf_dialect(WxfDialect::Wxf);
        assert_eq!(
            read_games(&text, &opts).filter(Result::is_ok).count(),
            GAMES,
            "{name}"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), &text, |b, text| {
            b.iter(|| read_games(text, &opts).filter(Result::is_ok).count())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
