//! The engine's command line, read by hand: no arguments (the engine),
//! `bench`, `perft`, `--help`, `--version`; the tools that moved to
//! `xiangqi-tools` get a notice.

use xiangqi::Position;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Invocation {
    /// The UCI/UCCI engine on standard input and output.
    Engine,
    /// The usage text.
    Help,
    /// `xiangqi-engine 0.1.0`.
    Version,
    /// Fixed searches of the bench positions (`None`: each its own depth).
    Bench { depth: Option<u32> },
    /// A perft of a position, divided by root move.
    Perft { depth: u32, position: Box<Position> },
    /// A message for standard error (exit status 2).
    Error(String),
}

/// The usage text of `--help`.
pub const HELP: &str = "\
The xiangqi engine: UCI or UCCI on standard input and output.

Usage: xiangqi-engine [COMMAND]

Without a command, xiangqi-engine starts the UCI/UCCI engine (as GUIs
start it): the first line it reads, `uci` or `ucci`, picks the protocol.

Commands:
  bench [DEPTH]      Search the bench positions to fixed depths (or DEPTH);
                     print the nodes, the time and the nodes a second
  perft DEPTH [FEN]  Count the leaf nodes of each root move, then the total
                     (the start position without FEN)
  help, --help, -h   Print this text
  --version, -V      Print the version

The tools (match, sprt, analyze, tune, datagen, train, book, levels) are the
program xiangqi-tools (cargo install xiangqi-tools).
";

/// The tools that were `xiangqi-engine` subcommands before 0.2.
pub const MOVED_TOOLS: [&str; 8] = [
    "match", "sprt", "analyze", "tune", "datagen", "train", "book", "levels",
];

/// Reads the arguments (the program's name left out).
pub fn parse(args: &[String]) -> Invocation {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] => Invocation::Engine,
        ["help" | "--help" | "-h"] => Invocation::Help,
        ["--version" | "-V"] => Invocation::Version,
        ["bench"] => Invocation::Bench { depth: None },
        ["bench", depth] => match depth_of(depth) {
            Ok(depth) => Invocation::Bench { depth: Some(depth) },
            Err(e) => Invocation::Error(format!("bench: {e}")),
        },
        ["perft", depth, fen @ ..] => {
            let depth = match depth_of(depth) {
                Ok(depth) => depth,
                Err(e) => return Invocation::Error(format!("perft: {e}")),
            };
            let position = if fen.is_empty() {
                Position::new()
            } else {
                match fen.join(" ").parse() {
                    Ok(position) => position,
                    Err(e) => return Invocation::Error(format!("perft: bad FEN: {e}")),
                }
            };
            Invocation::Perft {
                depth,
                position: Box::new(position),
            }
        }
        [tool, ..] if MOVED_TOOLS.contains(tool) => Invocation::Error(format!(
            "{tool} moved to `xiangqi-tools {tool}` (cargo install xiangqi-tools); \
             this notice goes away in the next release"
        )),
        [command, ..] => Invocation::Error(format!(
            "unknown command `{command}` (xiangqi-engine --help lists the commands)"
        )),
    }
}

/// A depth from 1 to 64.
fn depth_of(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth @ 1..=64) => Ok(depth),
        _ => Err(format!("bad depth `{text}` (1 to 64)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Invocation {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args)
    }

    #[test]
    fn commands_and_their_errors() {
        assert_eq!(parse_line(""), Invocation::Engine);
        assert_eq!(parse_line("--help"), Invocation::Help);
        assert_eq!(parse_line("-V"), Invocation::Version);
        assert_eq!(parse_line("bench"), Invocation::Bench { depth: None });
        assert_eq!(parse_line("bench 5"), Invocation::Bench { depth: Some(5) });
        let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
        let Invocation::Perft { depth, position } = parse_line(&format!("perft 3 {fen}")) else {
            panic!("perft")
        };
        assert_eq!((depth, position.to_string()), (3, fen.to_string()));
        for (line, said) in [
            ("bench 0", "bad depth `0`"),
            ("perft", "unknown command `perft`"),
            ("perft x", "bad depth `x`"),
            ("perft 2 not/a/fen w", "bad FEN"),
            ("match --engine1 a", "moved to `xiangqi-tools match`"),
            ("frobnicate", "unknown command `frobnicate`"),
            ("--help extra", "unknown command `--help`"),
        ] {
            let Invocation::Error(message) = parse_line(line) else {
                panic!("{line}: not an error")
            };
            assert!(message.contains(said), "{line}: {message}");
        }
    }
}
