//! The command line: flags and the PGN file.

use std::path::PathBuf;

use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
use xiangqi_engine::client::Spec;

use crate::cli::Args;

/// The usage text (`--help`).
pub const USAGE: &str = "\
usage: analyze [OPTIONS] GAME.pgn

Searches every position of a game and writes it back as PGN on standard
output, each move with its evaluation {[%eval 0.35]} (pawns, Red's point of
view; #N / #-N for a mate in N moves for Red / Black), marks ?! ? ?? on moves
that lose at least 50 / 100 / 200 centipawns for the side that played them,
and the engine's better move as a variation.

options:
  --movetime MS     search each position for MS milliseconds (default 1000)
  --depth D         search each position to depth D instead (reproducible)
  --threads N       analyse N positions at a time, one search each (default 1)
  --graph FILE.svg  also write an SVG graph of the evaluation
  --game K          analyse the K-th game of the file (default 1)
  --notation NAME   moves in iccs (default), wxf, chinese or traditional
  --engine CMD      analyse with another engine process (UCI by default), one
                    per thread, `ucinewgame` before each position, instead of
                    this crate's search
  --engine-protocol uci|ucci, --engine-ranks 0-9|1-10, --engine-init LINE
                    (repeatable), --engine-fsf (Fairy-Stockfish: ranks 1-10 and
                    UCI_Variant xiangqi): how to talk to it
  --summary         instead of the PGN, analyse every game of the file (after
                    its OpeningPlies tag's opening moves, as `match --pgn`
                    writes) and print each player's moves, average centipawn
                    loss and rates of moves losing 50 / 100 / 200 or more
  --games N         with --summary, the first N games only
  --help            show this text";

/// How long each position is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Milliseconds per position.
    Movetime(u64),
    /// A fixed depth, in plies.
    Depth(u32),
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The PGN file.
    pub pgn: PathBuf,
    /// The search budget per position.
    pub budget: Budget,
    /// Positions searched at a time.
    pub threads: usize,
    /// Where to write the SVG graph, if anywhere.
    pub graph: Option<PathBuf>,
    /// Which game of the file (1-based).
    pub game: usize,
    /// The notation of the output moves.
    pub notation: Notation,
    /// Another engine to analyse with, instead of this crate's search.
    pub engine: Option<Spec>,
    /// Summarise each player's losses over the games, instead of the PGN.
    pub summary: bool,
    /// With `summary`, how many games to read at most.
    pub games: usize,
}

/// The parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Analyse a game.
    Analyze(Options),
    /// Print the usage text.
    Help,
}

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut pgn = None;
    let mut budget = Budget::Movetime(1000);
    let mut threads = 1;
    let mut graph = None;
    let mut game = 1;
    let mut notation = Notation::Iccs;
    let mut engine: Option<Spec> = None;
    let mut summary = false;
    let mut games = usize::MAX;
    let mut a = Args::new(args);
    while let Some(arg) = a.flag() {
        if let Some(suffix) = arg.strip_prefix("--engine") {
            let spec = engine.get_or_insert_with(|| Spec::uci(""));
            let mut value = || a.value(arg).map(str::to_string);
            spec.apply_flag(arg, suffix, &mut value)?;
            continue;
        }
        match arg {
            "--help" | "-h" => return Ok(Command::Help),
            "--movetime" => {
                budget = Budget::Movetime(a.number_in(arg, 1, 86_400_000)?);
            }
            "--depth" => budget = Budget::Depth(a.number_in(arg, 1, 100)?),
            "--threads" => threads = a.number_in(arg, 1, 256)?,
            "--summary" => summary = true,
            "--games" => games = a.number_in(arg, 1, usize::MAX)?,
            "--game" => game = a.number_in(arg, 1, usize::MAX)?,
            "--graph" => graph = Some(PathBuf::from(a.value(arg)?)),
            "--notation" => {
                let name = a.value(arg)?;
                notation = match name {
                    "iccs" => Notation::Iccs,
                    "wxf" => Notation::Wxf(WxfDialect::Wxf),
                    "chinese" => Notation::Chinese(ChineseScript::Simplified),
                    "traditional" => Notation::Chinese(ChineseScript::Traditional),
                    _ => {
                        return Err(format!(
                            "--notation {name:?}: expected iccs, wxf, chinese or traditional"
                        ));
                    }
                };
            }
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option {flag:?} (see --help)"));
            }
            file => {
                if pgn.replace(PathBuf::from(file)).is_some() {
                    return Err("give one PGN file".to_string());
                }
            }
        }
    }
    let pgn = pgn.ok_or("no PGN file given (see --help)")?;
    if engine.as_ref().is_some_and(|e| e.cmd.trim().is_empty()) {
        return Err("--engine CMD is needed with the other --engine flags".to_string());
    }
    Ok(Command::Analyze(Options {
        pgn,
        budget,
        threads,
        graph,
        game,
        notation,
        engine,
        summary,
        games,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_and_defaults() {
        let Ok(Command::Analyze(o)) = parse(&args("g.pgn")) else {
            panic!("not parsed");
        };
        assert_eq!(o.budget, Budget::Movetime(1000));
        assert_eq!((o.threads, o.game, o.graph), (1, 1, None));
        let cmd = parse(&args(
            "--movetime 200 --threads 2 --graph e.svg --game 3 --notation wxf g.pgn",
        ));
        let Ok(Command::Analyze(o)) = cmd else {
            panic!("not parsed");
        };
        assert_eq!(o.budget, Budget::Movetime(200));
        assert_eq!((o.threads, o.game), (2, 3));
        assert_eq!(o.graph, Some(PathBuf::from("e.svg")));
        assert_eq!(o.notation, Notation::Wxf(WxfDialect::Wxf));
        assert_eq!(parse(&args("--help")), Ok(Command::Help));
        let Ok(Command::Analyze(o)) = parse(&args("--engine fsf --engine-fsf g.pgn")) else {
            panic!("not parsed");
        };
        let spec = o.engine.unwrap();
        assert_eq!(spec.cmd, "fsf");
        assert_eq!(spec.ranks, xiangqi::notation::UciRanks::OneToTen);
        let Ok(Command::Analyze(o)) = parse(&args("--summary --games 20 --depth 8 g.pgn")) else {
            panic!("not parsed");
        };
        assert!(o.summary);
        assert_eq!((o.games, o.budget), (20, Budget::Depth(8)));
        let Ok(Command::Analyze(o)) = parse(&args("g.pgn")) else {
            panic!("not parsed");
        };
        assert!(!o.summary && o.games == usize::MAX);
    }

    #[test]
    fn bad_command_lines_are_errors() {
        for bad in [
            "",
            "--movetime",
            "--movetime 0 g.pgn",
            "--movetime -5 g.pgn",
            "--movetime abc g.pgn",
            "--threads 0 g.pgn",
            "--depth 101 g.pgn",
            "--game 0 g.pgn",
            "--summary --games 0 g.pgn",
            "--notation klingon g.pgn",
            "--frobnicate g.pgn",
            "a.pgn b.pgn",
            "--graph",
            "--engine-protocol ucci g.pgn",
            "--engine x --engine-protocol klingon g.pgn",
            "--engine",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }
}
