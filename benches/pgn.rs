//! Games per second read by `read_games` from a 10 000-game text, in ICCS,
//! Chinese and full-width WXF. The text is made here by replaying the
//! committed sample of master games (`tests/data/games/*_iccs.pgn`, 76
//! games, 84 plies on average) with a distinct `Event` tag per record.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
use xiangqi::pgn::{GameRecord, ReadOptions, read_games};

const GAMES: usize = 10_000;

/// The sample games.
fn sample() -> Vec<GameRecord> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games/");
    let mut out = Vec::new();
    for file in ["liu_dahua_iccs.pgn", "hu_ronghua_iccs.pgn", "xqdb_iccs.pgn"] {
        let text = std::fs::read_to_string(format!("{dir}{file}")).expect("sample file");
        out.extend(read_games(&text, &ReadOptions::default()).map(|g| g.expect("sample game")));
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
