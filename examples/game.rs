//! A game adjudicated under the Asian rules: a perpetual check loses, and
//! the verdict explains itself.
//!
//! ```text
//! cargo run --example game
//! ```

use xiangqi::{Game, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Red's chariot checks the black general back and forth.
    let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
    let mut game = Game::from_position(start);
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
        game.play(m.parse()?)?;
        if let Some(verdict) = game.outcome() {
            println!("after {} plies: {verdict}", game.ply());
            println!("in short: {}", verdict.outcome());
            break;
        }
    }

    // Take the last move back (悔棋): the game goes on.
    game.undo();
    println!(
        "after undo: {} plies, verdict {:?}",
        game.ply(),
        game.outcome().map(|v| v.to_string())
    );
    Ok(())
}
