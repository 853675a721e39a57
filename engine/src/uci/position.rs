//! The arguments of `position` (and UCCI `probe`): a start position and
//! the moves played from it, replayed into a [`Game`] under the engine's
//! rules.

use xiangqi::notation::{UciMove, UciRanks, parse_uci};
use xiangqi::{Game, Position, Rules};

/// Parses the arguments of `position` into a new game under `rules`, or
/// says why not. Moves use `ranks`.
pub fn parse_position(args: &[&str], rules: &Rules, ranks: UciRanks) -> Result<Game, String> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match setup {
        ["startpos"] => Position::new(),
        ["fen", fen @ ..] if !fen.is_empty() => fen
            .join(" ")
            .parse::<Position>()
            .map_err(|e| format!("bad fen: {e}"))?,
        _ => return Err("expected: position startpos|fen <FEN> [moves ...]".to_string()),
    };
    let mut game = Game::with_rules(start, rules.clone());
    for (i, text) in moves.iter().enumerate() {
        let m = match parse_uci(game.position(), text, ranks) {
            Ok(UciMove::Move(m)) => m,
            Ok(UciMove::Null) => return Err(format!("move {} {text:?}: null move", i + 1)),
            Err(e) => return Err(format!("move {} {text:?}: {e}", i + 1)),
        };
        game.play_on(m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
    }
    Ok(game)
}
