//! Reading a game database: every game of a PGN file in any notation the
//! crate reads (ICCS, WXF, Chinese), a bad record reported and skipped.
//!
//! ```text
//! cargo run --example database -- GAMES.pgn
//! cargo run --example database              # a built-in sample
//! ```

use xiangqi::pgn::{GameResult, ReadOptions, read_games};

const SAMPLE: &str = "\
[Event \"Sample, ICCS\"]
[Red \"Red\"]
[Black \"Black\"]
[Result \"1-0\"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0

[Event \"Sample, Chinese\"]
[Result \"1/2-1/2\"]

1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1/2-1/2

[Event \"A broken record\"]

1. h2e2 e9e7 *
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(&path)?,
        None => SAMPLE.to_string(),
    };
    let (mut games, mut bad, mut red_wins, mut moves) = (0, 0, 0, 0);
    for (i, record) in read_games(&text, &ReadOptions::default()).enumerate() {
        match record {
            Ok(game) => {
                games += 1;
                moves += game.moves.len();
                red_wins += usize::from(game.result == GameResult::RedWins);
                let event = game.tag("Event").unwrap_or("?");
                println!(
                    "game {}: {event}, {} moves, {}",
                    i + 1,
                    game.moves.len(),
                    game.result.as_str()
                );
            }
            Err(e) => {
                bad += 1;
                println!("game {}: skipped: {e}", i + 1);
            }
        }
    }
    println!("{games} games read ({moves} moves, {red_wins} won by Red), {bad} skipped");
    Ok(())
}
