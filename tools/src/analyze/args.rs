//! The command line ([`AnalyzeArgs`]) read into the analysis' [`AnalyzeOptions`].

use std::path::PathBuf;

use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
use xiangqi_client::Spec;

use crate::analyze::error::AnalyzeError;
use crate::cli::{AnalyzeArgs, NotationArg};

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
pub struct AnalyzeOptions {
    /// The PGN file.
    pub pgn: PathBuf,
    /// The search budget per position.
    pub budget: Budget,
    /// Positions searched at a time.
    pub threads: usize,
    /// Where to write the SVG graph, if anywhere.
    pub graph: Option<PathBuf>,
    /// The directory of endgame tables to mark positions with, if any.
    pub egtb: Option<PathBuf>,
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

/// The options of the command line.
pub fn options(a: &AnalyzeArgs) -> Result<AnalyzeOptions, AnalyzeError> {
    let budget = match (a.movetime, a.depth) {
        (_, Some(d)) => Budget::Depth(d),
        (Some(ms), None) => Budget::Movetime(ms),
        (None, None) => Budget::Movetime(1000),
    };
    let notation = match a.notation {
        NotationArg::Iccs => Notation::Iccs,
        NotationArg::Wxf => Notation::Wxf(WxfDialect::Wxf),
        NotationArg::Chinese => Notation::Chinese(ChineseScript::Simplified),
        NotationArg::Traditional => Notation::Chinese(ChineseScript::Traditional),
    };
    let engine = match &a.engine {
        Some(cmd) if cmd.trim().is_empty() => {
            return Err(AnalyzeError::EmptyEngine);
        }
        Some(cmd) => Some(crate::cli::engine_spec(
            cmd,
            a.engine_protocol.unwrap_or(xiangqi_client::Protocol::Uci),
            a.engine_ranks,
            &a.engine_init,
            a.engine_fsf,
        )),
        None => None,
    };
    let big = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    Ok(AnalyzeOptions {
        pgn: a.pgn.clone(),
        budget,
        threads: usize::from(a.threads),
        graph: a.graph.clone(),
        egtb: a.egtb.clone(),
        game: big(a.game),
        notation,
        engine,
        summary: a.summary,
        games: a.games.map_or(usize::MAX, big),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Command, parse};

    fn parse_options(line: &str) -> Result<AnalyzeOptions, Box<dyn std::error::Error>> {
        match parse(&format!("analyze {line}"))? {
            Command::Analyze(a) => Ok(options(&a)?),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn flags_and_defaults() {
        let o = parse_options("g.pgn").unwrap();
        assert_eq!(o.budget, Budget::Movetime(1000));
        assert_eq!((o.threads, o.game, o.graph), (1, 1, None));
        assert!(!o.summary && o.games == usize::MAX && o.engine.is_none());
        let o =
            parse_options("--movetime 200 --threads 2 --graph e.svg --game 3 --notation wxf g.pgn")
                .unwrap();
        assert_eq!(o.budget, Budget::Movetime(200));
        assert_eq!((o.threads, o.game), (2, 3));
        assert_eq!(o.graph, Some(PathBuf::from("e.svg")));
        assert_eq!(o.notation, Notation::Wxf(WxfDialect::Wxf));
        let o = parse_options("--engine fsf --engine-fsf --engine-init x g.pgn").unwrap();
        let spec = o.engine.unwrap();
        assert_eq!(spec.program, std::path::Path::new("fsf"));
        assert_eq!(spec.ranks, xiangqi::notation::UciRanks::OneToTen);
        assert_eq!(spec.init, ["setoption name UCI_Variant value xiangqi", "x"]);
        let o = parse_options("--summary --games 20 --depth 8 g.pgn").unwrap();
        assert!(o.summary);
        assert_eq!((o.games, o.budget), (20, Budget::Depth(8)));
        let o = parse_options("--notation traditional g.pgn").unwrap();
        assert_eq!(o.notation, Notation::Chinese(ChineseScript::Traditional));
        assert_eq!(o.egtb, None);
        let o = parse_options("--egtb tables g.pgn").unwrap();
        assert_eq!(o.egtb, Some(PathBuf::from("tables")));
    }

    #[test]
    fn bad_command_lines_are_errors_that_name_the_flag() {
        for (bad, names) in [
            ("", "GAME.pgn"),
            ("--movetime", "--movetime"),
            ("--movetime 0 g.pgn", "--movetime"),
            ("--movetime -5 g.pgn", "-5"),
            ("--movetime abc g.pgn", "--movetime"),
            ("--threads 0 g.pgn", "--threads"),
            ("--depth 101 g.pgn", "--depth"),
            ("--depth 3 --movetime 5 g.pgn", "--movetime"),
            ("--game 0 g.pgn", "--game"),
            ("--summary --games 0 g.pgn", "--games"),
            ("--notation klingon g.pgn", "--notation"),
            ("--frobnicate g.pgn", "--frobnicate"),
            ("a.pgn b.pgn", "b.pgn"),
            ("--graph", "--graph"),
            ("--engine-protocol ucci g.pgn", "--engine"),
            (
                "--engine x --engine-protocol klingon g.pgn",
                "--engine-protocol",
            ),
            ("--engine", "--engine"),
        ] {
            match parse_options(bad) {
                Err(e) => assert!(e.to_string().contains(names), "{bad:?}: {e}"),
                Ok(o) => panic!("{bad:?}: accepted as {o:?}"),
            }
        }
    }
}
