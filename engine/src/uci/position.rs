//! The arguments of `position` (and UCCI `probe`): `startpos` or `fen
//! <FEN>`, then `moves ...`, split for [`xiangqi_session::Session::set_position`].

/// `position` arguments that are not `startpos|fen <FEN> [moves ...]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected: position startpos|fen <FEN> [moves ...]")]
pub struct PositionSyntax;

/// Splits the arguments of `position` into the FEN (`None`: the start
/// position) and the moves.
pub fn parse_position<'a>(
    args: &[&'a str],
) -> Result<(Option<String>, Vec<&'a str>), PositionSyntax> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let fen = match setup {
        ["startpos"] => None,
        ["fen", fen @ ..] if !fen.is_empty() => Some(fen.join(" ")),
        _ => return Err(PositionSyntax),
    };
    Ok((fen, moves.to_vec()))
}
