//! Reading records allocates nothing per move: parsing a move in any
//! notation allocates nothing, and reading a many-game text allocates a
//! bounded number of times per game (tags, the move list), however long
//! the games are.

use xiangqi::notation::{ChineseScript, Notation};
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
                parsed += 2;
            }
            pos.play(m).unwrap();
        }
    }
    assert!(parsed > 40_000, "{parsed}");
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
