//! A search: the best move of a position to a fixed depth, with the score
//! and the principal variation of each iteration.
//!
//! ```text
//! cargo run --release --example search -- [DEPTH] [FEN]
//! ```

use std::sync::atomic::AtomicBool;

use xiangqi::{Game, Limits, Position, Searcher};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map(|d| d.parse()).transpose()?.unwrap_or(8);
    let start: Position = match args.next() {
        Some(fen) => fen.parse()?,
        None => Position::new(),
    };
    // A `Game` carries the history, so repetitions count in the search.
    let game = Game::from_position(start);
    let mut searcher = Searcher::default();
    let stop = AtomicBool::new(false);
    let result = searcher.search(&game, &Limits::depth(depth), &stop, |info| {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {:2} score {} nodes {} pv {}",
            info.depth,
            info.score,
            info.nodes,
            pv.join(" ")
        );
    });
    match result.best_move {
        Some(m) => println!("best move {m} ({}, {} nodes)", result.score, result.nodes),
        None => println!(
            "no legal move: {:?}",
            game.position().outcome().map(|o| o.to_string())
        ),
    }
    Ok(())
}
