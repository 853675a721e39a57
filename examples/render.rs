//! Draws a position as an SVG picture on standard output.
//!
//! ```text
//! cargo run --release --example render -- [--fen FEN] [--last-move h2e2] [--flip] [--letters] > board.svg
//! ```
//!
//! The start position by default. `--last-move MOVE` plays the ICCS move
//! from the position and highlights it. See `--help` for the other flags.
//! A bad FEN, a bad or illegal move, an unknown flag or a bad value is a
//! one-line error on standard error and exit status 2.

use std::process::ExitCode;

use xiangqi::notation::ChineseScript;
use xiangqi::svg::{self, Coordinates, Options};
use xiangqi::{Move, Position, Square};

const USAGE: &str = "\
usage: render [OPTIONS] > board.svg
Writes an SVG picture of a position to standard output.
  --fen FEN             the position (default: the start position)
  --last-move MOVE      play this ICCS move (h2e2) and highlight it
  --flip                Black at the bottom
  --letters             pieces as FEN letters instead of Chinese characters
  --simplified          simplified characters (default: traditional)
  --coords STYLE        iccs (default), traditional (九..一 / 1..9) or none
  --highlight SQUARE    highlight a square (e4); may be repeated
  --arrow FROMTO        draw an arrow (b0c2; e4e4 is a ring); may be repeated
  --size N              width in pixels (default 450)
  --help, -h            this text";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    Help,
    Render(Box<Position>, Options),
}

fn value(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<String, String> {
    args.next()
        .ok_or_else(|| format!("{flag} needs a value (see --help)"))
}

fn parse_move(text: &str, flag: &str) -> Result<Move, String> {
    text.parse()
        .map_err(|_| format!("{flag}: {text:?} is not an ICCS move like h2e2"))
}

/// Two squares, `b0c2`; the same square twice (`e3e3`) is a ring.
fn parse_arrow(text: &str) -> Result<(Square, Square), String> {
    let square = |s: Option<&str>| s.and_then(|s| s.parse::<Square>().ok());
    match (square(text.get(..2)), square(text.get(2..))) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(format!("--arrow: {text:?} is not two squares like b0c2")),
    }
}

fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut args = args.iter().cloned();
    let mut fen = None;
    let mut last_move = None;
    let mut opts = Options::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(Command::Help),
            "--fen" => fen = Some(value(&mut args, &arg)?),
            "--last-move" => last_move = Some(parse_move(&value(&mut args, &arg)?, &arg)?),
            "--flip" => opts.flipped = true,
            "--letters" => opts.letters = true,
            "--simplified" => opts.script = ChineseScript::Simplified,
            "--coords" => {
                opts.coordinates = match value(&mut args, &arg)?.as_str() {
                    "iccs" => Coordinates::Iccs,
                    "traditional" => Coordinates::Traditional,
                    "none" => Coordinates::Hidden,
                    other => {
                        return Err(format!(
                            "--coords: {other:?} is not iccs, traditional or none"
                        ));
                    }
                }
            }
            "--highlight" => {
                let text = value(&mut args, &arg)?;
                let sq: Square = text
                    .parse()
                    .map_err(|_| format!("--highlight: {text:?} is not a square like e4"))?;
                opts.highlights.push(sq);
            }
            "--arrow" => {
                let text = value(&mut args, &arg)?;
                opts.arrows.push(parse_arrow(&text)?);
            }
            "--size" => {
                let text = value(&mut args, &arg)?;
                opts.size = text
                    .parse()
                    .map_err(|_| format!("--size: {text:?} is not a number of pixels"))?;
            }
            other if other.starts_with('-') => {
                return Err(format!("unknown option {other:?} (see --help)"));
            }
            other => return Err(format!("unexpected argument {other:?} (see --help)")),
        }
    }
    let mut pos = match fen {
        None => Position::new(),
        Some(fen) => fen
            .parse::<Position>()
            .map_err(|e| format!("bad FEN {fen:?}: {e}"))?,
    };
    if let Some(m) = last_move {
        pos.play(m).map_err(|e| format!("--last-move {m}: {e}"))?;
        opts.last_move = Some(m);
    }
    Ok(Command::Render(Box::new(pos), opts))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args) {
        Ok(Command::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Render(pos, opts)) => {
            print!("{}", svg::position(&pos, &opts));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("render: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn error(s: &str) -> String {
        match parse_args(&args(s)) {
            Err(e) => e,
            Ok(c) => panic!("{s:?} gave {c:?}"),
        }
    }

    #[test]
    fn start_position_by_default() {
        let Ok(Command::Render(pos, opts)) = parse_args(&[]) else {
            panic!("no picture");
        };
        assert_eq!(*pos, Position::new());
        assert_eq!(opts, Options::default());
    }

    #[test]
    fn last_move_is_played_and_highlighted() {
        let Ok(Command::Render(pos, opts)) = parse_args(&args("--last-move h2e2 --flip --letters"))
        else {
            panic!("no picture");
        };
        assert_eq!(
            pos.board().piece_at(Square::E2).map(|p| p.char()),
            Some('C')
        );
        assert_eq!(opts.last_move.map(|m| m.to_string()), Some("h2e2".into()));
        assert!(opts.flipped && opts.letters);
    }

    #[test]
    fn arrows_and_highlights() {
        let Ok(Command::Render(_, opts)) =
            parse_args(&args("--arrow b0c2 --arrow e4e4 --highlight e4 --size 0"))
        else {
            panic!("no picture");
        };
        assert_eq!(
            opts.arrows,
            vec![(Square::B0, Square::C2), (Square::E4, Square::E4)]
        );
        assert_eq!(opts.highlights, vec![Square::E4]);
        assert_eq!(opts.size, 0);
    }

    #[test]
    fn bad_input_is_one_line_error() {
        for (input, says) in [
            ("--fen nonsense", "bad FEN"),
            ("--last-move h2", "not an ICCS move"),
            ("--last-move a0a5", "--last-move a0a5"),
            ("--last-move", "needs a value"),
            ("--bogus", "unknown option"),
            ("extra", "unexpected argument"),
            ("--size -3", "--size"),
            ("--coords roman", "--coords"),
            ("--highlight z9", "--highlight"),
            ("--arrow e4", "--arrow"),
            ("--arrow e4e4e", "--arrow"),
        ] {
            let e = error(input);
            assert!(e.contains(says), "{input:?}: {e}");
            assert!(!e.contains('\n'), "{input:?}: {e}");
        }
        assert_eq!(parse_args(&args("--flip --help")), Ok(Command::Help));
    }
}
