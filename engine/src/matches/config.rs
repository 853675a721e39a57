//! The match's command line: its usage text and the [`Config`] it parses
//! into.

use xiangqi::Rules;

use xiangqi_engine::client::{Spec, Think, UcciTime};

use crate::cli::Args;

/// The longest game played by default; longer ones are drawn.
pub const MAX_PLIES: usize = 400;

/// The usage text.
pub const USAGE: &str = "\
usage: match --engine1 CMD --engine2 CMD [options]
engines (N = 1 or 2):
  --engineN CMD             the command line of engine N
  --engineN-protocol P      uci (default) or ucci
  --engineN-ranks R         0-9 (default) or 1-10 (Fairy-Stockfish's UCI moves)
  --engineN-init LINE       a command sent after the handshake (repeatable),
                            e.g. \"setoption usebook false\" for ElephantEye
  --engineN-fsf             Fairy-Stockfish in UCI: ranks 1-10 and
                            \"setoption name UCI_Variant value xiangqi\"
  --engineN-name NAME       its name in the PGN file (default engineN)
  --ucci-time stop|movestogo  how a UCCI engine gets the move time (default
                            stop: go depth 32, then stop after the move time)
games:
  --games N                 number of games (default 10), each opening twice
  --first-game N            start at game N (0-based), to split a match
  --openings FILE           one opening a line, ICCS moves (default
                            engine/src/matches/openings.txt)
  --fens FILE               one start position a line, FEN, instead of
                            openings (each played twice, colours swapped)
  --movetime MS | --depth N | --nodes N   per move (default --movetime 200)
  --max-plies N             draw after N plies (default 400)
rules (the arbiter's, Game with Rules):
  --move-limit N            moves without a capture before a draw, 0 = none
                            (default 60; Fairy-Stockfish and ElephantEye use 50)
  --check-cap N             checks beyond N do not count toward it (0 = none)
  --repetition-count N      occurrences that end the game (default 3)
  --chase asian|fairy-stockfish|none   the chase rule (default asian)
report:
  --verbose                 print each game's moves
  --pgn FILE                append each game to FILE as PGN as it ends
  --sprt ELO0 ELO1          stop early by a sequential probability ratio test
  --pyffish PYTHON          at the end, replay the games with pyffish and
                            list the games it would judge differently";

/// Everything a match needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Engine 1 and engine 2.
    pub engines: [Spec; 2],
    /// How a UCCI engine gets a move time.
    pub ucci_time: UcciTime,
    /// Number of games.
    pub games: usize,
    /// The first game's number (0-based).
    pub first: usize,
    /// The openings file.
    pub openings: String,
    /// The start positions file (FEN), replacing the openings.
    pub fens: Option<String>,
    /// How much each move may think.
    pub think: Think,
    /// The arbiter's rules.
    pub rules: Rules,
    /// Games reaching this many plies are drawn.
    pub max_plies: usize,
    /// Print each game's moves.
    pub verbose: bool,
    /// SPRT bounds, if any.
    pub sprt: Option<(f64, f64)>,
    /// The Python interpreter with pyffish, for the second opinion.
    pub pyffish: Option<String>,
    /// The engines' names in the PGN file.
    pub names: [String; 2],
    /// Where to append each game as PGN.
    pub pgn: Option<String>,
}

/// Parses the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut engines = [Spec::uci(""), Spec::uci("")];
    let mut config = Config {
        engines: engines.clone(),
        ucci_time: UcciTime::Stop,
        games: 10,
        first: 0,
        openings: "engine/src/matches/openings.txt".to_string(),
        fens: None,
        think: Think::MoveTime(200),
        rules: Rules::default(),
        max_plies: MAX_PLIES,
        verbose: false,
        sprt: None,
        pyffish: None,
        names: ["engine1".to_string(), "engine2".to_string()],
        pgn: None,
    };
    let mut thinks = Vec::new();
    let mut a = Args::new(args);
    while let Some(flag) = a.flag() {
        // Per-engine flags: --engine1..., --engine2...
        if let Some(rest) = flag.strip_prefix("--engine") {
            let (n, what) = rest.split_at(rest.len().min(1));
            let i = match n {
                "1" => 0,
                "2" => 1,
                _ => return Err(format!("unknown flag {flag:?} (see --help)")),
            };
            let mut value = || a.value(flag).map(str::to_string);
            if what == "-name" {
                config.names[i] = value()?;
                continue;
            }
            engines[i].apply_flag(flag, what, &mut value)?;
            continue;
        }
        match flag {
            "--help" | "-h" => return Err(USAGE.to_string()),
            "--ucci-time" => {
                config.ucci_time = match a.value(flag)? {
                    "stop" => UcciTime::Stop,
                    "movestogo" => UcciTime::MovesToGo,
                    v => return Err(format!("--ucci-time {v:?}: expected stop or movestogo")),
                }
            }
            "--games" => config.games = a.number(flag)?,
            "--first-game" => config.first = a.number(flag)?,
            "--openings" => config.openings = a.value(flag)?.to_string(),
            "--fens" => config.fens = Some(a.value(flag)?.to_string()),
            "--movetime" => thinks.push(Think::MoveTime(a.number(flag)?)),
            "--depth" => thinks.push(Think::Depth(a.number(flag)?)),
            "--nodes" => thinks.push(Think::Nodes(a.number(flag)?)),
            "--max-plies" => config.max_plies = a.number(flag)?,
            "--move-limit" => {
                let n: u32 = a.number(flag)?;
                config.rules = config.rules.with_move_limit((n > 0).then_some(n));
            }
            "--check-cap" => {
                let n: u32 = a.number(flag)?;
                config.rules = config.rules.with_check_cap((n > 0).then_some(n));
            }
            "--repetition-count" => {
                let n: u32 = a.number(flag)?;
                if n < 2 {
                    return Err(format!("--repetition-count {n}: at least 2"));
                }
                config.rules = config.rules.with_repetition_count(n);
            }
            "--chase" => {
                let (detect, checks) = match a.value(flag)? {
                    "asian" => (true, false),
                    "fairy-stockfish" => (true, true),
                    "none" => (false, false),
                    v => {
                        return Err(format!(
                            "--chase {v:?}: expected asian, fairy-stockfish or none"
                        ));
                    }
                };
                config.rules = config
                    .rules
                    .with_chase_detection(detect)
                    .with_checks_also_chase(checks);
            }
            "--verbose" => config.verbose = true,
            "--sprt" => {
                let e0 = a.number(flag)?;
                let e1 = a.number(flag)?;
                config.sprt = Some((e0, e1));
            }
            "--pyffish" => config.pyffish = Some(a.value(flag)?.to_string()),
            "--pgn" => config.pgn = Some(a.value(flag)?.to_string()),
            _ => return Err(format!("unknown flag {flag:?} (see --help)")),
        }
    }
    for (i, spec) in engines.iter().enumerate() {
        if spec.cmd.trim().is_empty() {
            return Err(format!("--engine{} <command> required", i + 1));
        }
    }
    if config.fens.is_some() && config.pyffish.is_some() {
        return Err("--pyffish replays from the start position: not with --fens".to_string());
    }
    config.think = match thinks.as_slice() {
        [] => Think::MoveTime(200),
        [one] => *one,
        _ => return Err("give one of --movetime, --depth and --nodes".to_string()),
    };
    config.engines = engines;
    Ok(config)
}
