//! Reading records allocates nothing per move: parsing a move in any
//! notation allocates nothing, and reading a many-game text allocates a
//! bounded number of times per game (tags, the move list), however long
//! the games are.

use xiangqi::notation::{ChineseScript, Notation, ParseOptions};
use xiangqi::pgn::{ReadOptions, read_games};
use xiangqi_suite::NOTATIONS;

use crate::allocations;

fn sample() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/liu_dahua_iccs.pgn"
    );
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn parsing_a_move_allocates_nothing() {
    let games: Vec<_> = read_games(&sample(), &ReadOptions::default())
        .map(Result::unwrap)
        .collect();
    let mut parsed = 0;
    for rec in &games {
        let mut pos = rec.start.clone();
        for &m in &rec.moves {
            for n in NOTATIONS {
                let text = n.format(&pos, m).unwrap();
                // Full-width, as sites print it.
                let wide: String = text
                    .chars()
                    .map(|c| match c {
                        '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap(),
                        c => c,
                    })
                    .collect();
                let (count, got) = allocations(|| (n.parse(&pos, &text), n.parse(&pos, &wide)));
                assert_eq!(got, (Ok(m), Ok(m)), "{text} {wide}");
                assert_eq!(count, 0, "{n:?} {text} {pos}");
                // The one way in, in any notation, strictly too.
                let opts = match n {
                    Notation::Wxf(d) => ParseOptions::default().with_wxf_dialect(d),
                    Notation::Uci(r) => ParseOptions::default().with_coordinates(r),
                    _ => ParseOptions::default(),
                };
                let strict = opts.with_strict(true);
                let (count, got) = allocations(|| {
                    (
                        pos.parse_move_with(&text, &opts),
                        pos.parse_move_with(&wide, &strict),
                    )
                });
                assert_eq!(got, (Ok(m), Ok(m)), "{text} {wide}");
                assert_eq!(count, 0, "parse_move {n:?} {text} {pos}");
                parsed += 4;
            }
            pos.play(m).unwrap();
        }
    }
    assert!(parsed > 40_000, "{parsed}");
}

#[test]
fn parse_move_errors_allocate_nothing() {
    // Two chariots on file 9 (ambiguous), and a text for each other reason.
    let pos: xiangqi::Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/R1P1P1P1P/1C5C1/9/RNBAKABN1 w"
        .parse()
        .unwrap();
    let strict = ParseOptions::default().with_strict(true);
    for text in [
        "车九进一",
        "车1飞1",
        "hello",
        "",
        "车五进一",
        "前马进七",
        "马二进五",
        "马二进四",
        "a0a5",
        "b2b8",
        "e6e5",
        "e5e4",
        "将五进一",
        "炮2平5",
    ] {
        let (count, got) = allocations(|| {
            let e = pos.parse_move_with(text, &strict).unwrap_err();
            // Its message, written without a String.
            use std::fmt::Write as _;
            struct Sink;
            impl std::fmt::Write for Sink {
                fn write_str(&mut self, _: &str) -> std::fmt::Result {
                    Ok(())
                }
            }
            let _ = write!(Sink, "{e}");
            e
        });
        assert_eq!(count, 0, "{text}: {got}");
    }
}

#[test]
fn reading_games_allocates_per_game_not_per_move() {
    let text = sample();
    let mut chinese = String::new();
    for rec in read_games(&text, &ReadOptions::default()) {
        let rec = rec.unwrap();
        chinese += &rec
            .to_pgn(Notation::Chinese(ChineseScript::Simplified))
            .unwrap();
        chinese.push('\n');
    }
    for text in [&text, &chinese] {
        let (count, (games, moves)) = allocations(|| {
            let mut games = 0;
            let mut moves = 0;
            for rec in read_games(text, &ReadOptions::default()) {
                moves += rec.unwrap().moves.len();
                games += 1;
            }
            (games, moves)
        });
        assert_eq!(games, 41);
        assert!(moves > 3000, "{moves}");
        // Tags (a name and a value each), the move list growing by
        // doubling: about twenty per game.
        assert!(count <= 30 * games, "{count} allocations for {games} games");
    }
}
