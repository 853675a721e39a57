//! The rules: a position from FEN, its legal moves, check and mate, and an
//! illegal move refused without changing anything.
//!
//! ```text
//! cargo run --example rules
//! ```

use xiangqi::{Move, Position, Square};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The start position: 44 legal moves for Red.
    let mut pos = Position::new();
    println!("start: {} legal moves", pos.legal_moves().len());

    // Central cannon, then the horse; moves are ICCS squares.
    pos.play("h2e2".parse::<Move>()?)?;
    pos.play("h9g7".parse()?)?;
    println!("after h2e2 h9g7: {pos}");

    // An illegal move is an error, and the position stays as it was.
    let before = pos.clone();
    let err = pos.play("e2e9".parse()?).unwrap_err();
    println!("e2e9 refused: {err}");
    assert_eq!(pos, before);

    // A position from FEN (uppercase is Red): two chariots against a bare
    // general. Find the move that mates.
    let pos: Position = "4k4/8R/9/9/9/9/9/9/9/R2K5 w".parse()?;
    println!("a0 chariot's moves: {}", moves_from(&pos, Square::A0));
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play(m)?;
        if child.is_checkmate() {
            let outcome = child.outcome().expect("a mate ends the game");
            println!("{m} mates: {outcome}");
        }
    }
    Ok(())
}

/// The legal moves of the piece on `from`, in ICCS.
fn moves_from(pos: &Position, from: Square) -> String {
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to_string())
        .collect();
    moves.join(" ")
}
