//! Writes balanced match openings as EPD: each a line of the built-in
//! openings (`selfplay/src/openings.txt`) and 2 to 6 random plies, kept
//! when a depth-6 search of the classical evaluator finds it within 1.2
//! soldiers of balance (the rule self-play starts its games by), with the
//! moves from the start in an `id` opcode. The same seed gives the same
//! file; self-play data uses other seeds' streams (its games are seeded by
//! chunk), so these are not its openings.
//!
//! ```text
//! cargo run --release -p xiangqi-selfplay --example openings -- COUNT SEED > openings.epd
//! ```

use xiangqi::{MaterialPst, Rng, Searcher};
use xiangqi_selfplay::{default_openings, opening};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [count, seed] = args.as_slice() else {
        return Err("usage: openings COUNT SEED".into());
    };
    let count: usize = count.parse().map_err(|e| format!("COUNT {count:?}: {e}"))?;
    let seed: u64 = seed.parse().map_err(|e| format!("SEED {seed:?}: {e}"))?;
    let books = default_openings();
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(MaterialPst::default());
    let mut seen = std::collections::HashSet::new();
    let mut written = 0;
    while written < count {
        let book = &books[rng.below(books.len())];
        let plies = 2 + rng.below(5);
        let Some(game) = opening(&mut rng, &mut searcher, book, plies) else {
            continue;
        };
        let fen = game.position().to_string();
        let epd: Vec<&str> = fen.split_whitespace().take(4).collect();
        let epd = epd.join(" ");
        if !seen.insert(epd.clone()) {
            continue;
        }
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        println!("{epd} id \"{}\";", moves.join(" "));
        written += 1;
    }
    Ok(())
}
