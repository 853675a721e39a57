//! `xiangqi-tools match`'s flags.

use clap::{ArgGroup, Args, ValueEnum};
use xiangqi::notation::UciRanks;
use xiangqi_client::Protocol;

use super::engines::parse_ranks;

/// How a UCCI engine gets the move time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum UcciTimeArg {
    /// `go depth 32`, then `stop` after the move time.
    Stop,
    /// `go time MS movestogo 1`: the engine's own budget, at most MS.
    Movestogo,
}

/// The arbiter's chase rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChaseArg {
    /// The Asian rules: perpetual chase loses.
    Asian,
    /// As Fairy-Stockfish judges: checks also count as chases.
    FairyStockfish,
    /// No chase rule.
    None,
}

/// Plays a match between two engines, UCI or UCCI, each game a
/// `xiangqi::Game` under the arbiter's rules; each opening (or start
/// position) is played twice, colours swapped. Prints each result and a
/// results line as fastchess's (`Results of A vs B (TC): Elo, nElo, LLR,
/// Games, W/L/D, Ptnml(0-2)`), then W/D/L for engine 1 and an Elo estimate
/// with a 95% interval.
#[derive(Clone, Debug, Args)]
#[command(group(ArgGroup::new("think").args(["movetime", "depth", "nodes", "tc", "st"])))]
pub struct MatchArgs {
    /// The program of engine 1: a path (not split at whitespace; no arguments).
    #[arg(long, value_name = "PROGRAM", help_heading = "Engines")]
    pub engine1: String,
    /// Engine 1's protocol: uci or ucci.
    #[arg(long, value_name = "P", default_value_t = Protocol::Uci, help_heading = "Engines")]
    pub engine1_protocol: Protocol,
    /// Engine 1's ranks: 0-9 (default) or 1-10 (Fairy-Stockfish's UCI moves).
    #[arg(long, value_name = "R", value_parser = parse_ranks, help_heading = "Engines")]
    pub engine1_ranks: Option<UciRanks>,
    /// A command sent to engine 1 after the handshake (repeatable), e.g.
    /// "setoption usebook false" for ElephantEye.
    #[arg(long, value_name = "LINE", help_heading = "Engines")]
    pub engine1_init: Vec<String>,
    /// Engine 1 is Fairy-Stockfish in UCI: ranks 1-10 and
    /// "setoption name UCI_Variant value xiangqi" (sent first).
    #[arg(long, help_heading = "Engines")]
    pub engine1_fsf: bool,
    /// Engine 1's name in the PGN file.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "engine1",
        help_heading = "Engines"
    )]
    pub engine1_name: String,
    /// The program of engine 2: a path (not split at whitespace; no arguments).
    #[arg(long, value_name = "PROGRAM", help_heading = "Engines")]
    pub engine2: String,
    /// Engine 2's protocol: uci or ucci.
    #[arg(long, value_name = "P", default_value_t = Protocol::Uci, help_heading = "Engines")]
    pub engine2_protocol: Protocol,
    /// Engine 2's ranks: 0-9 (default) or 1-10.
    #[arg(long, value_name = "R", value_parser = parse_ranks, help_heading = "Engines")]
    pub engine2_ranks: Option<UciRanks>,
    /// A command sent to engine 2 after the handshake (repeatable).
    #[arg(long, value_name = "LINE", help_heading = "Engines")]
    pub engine2_init: Vec<String>,
    /// Engine 2 is Fairy-Stockfish in UCI (as --engine1-fsf).
    #[arg(long, help_heading = "Engines")]
    pub engine2_fsf: bool,
    /// Engine 2's name in the PGN file.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "engine2",
        help_heading = "Engines"
    )]
    pub engine2_name: String,
    /// How a UCCI engine gets the move time.
    #[arg(long, value_enum, default_value_t = UcciTimeArg::Stop, help_heading = "Engines")]
    pub ucci_time: UcciTimeArg,

    /// Number of games, each opening twice.
    #[arg(long, value_name = "N", default_value_t = 10, help_heading = "Games")]
    pub games: usize,
    /// Start at game N (0-based), to split a match over processes.
    #[arg(long, value_name = "N", default_value_t = 0, help_heading = "Games")]
    pub first_game: usize,
    /// The openings, each played by a pair of games, colours swapped: FEN
    /// lines, EPD lines (the FEN's first four or six fields, then opcodes
    /// such as `id "x";`), PGN games (each game's mainline from its start
    /// or its FEN tag) or lines of ICCS moves from the start position.
    /// Composed positions are accepted (lenient validation); a bad line is
    /// an error before any game. Default: the built-in openings
    /// (selfplay/src/openings.txt).
    #[arg(long, value_name = "FILE", help_heading = "Games")]
    pub openings: Option<String>,
    /// The openings file's format (default: by the extension .fen, .epd or
    /// .pgn, else by the first line).
    #[arg(long, value_enum, value_name = "F", help_heading = "Games")]
    pub openings_format: Option<crate::matches::openings::Format>,
    /// The order the pairs take the openings in: pair k plays opening k of
    /// the file, or of an order shuffled by --openings-seed (wrapping).
    #[arg(
        long,
        value_enum,
        value_name = "O",
        default_value = "sequential",
        help_heading = "Games"
    )]
    pub openings_order: crate::matches::openings::Order,
    /// The seed of --openings-order random (the same seed, the same order).
    #[arg(long, value_name = "S", default_value_t = 1, help_heading = "Games")]
    pub openings_seed: u64,
    /// Cut PGN games and move lines after N plies.
    #[arg(long, value_name = "N", help_heading = "Games")]
    pub opening_plies: Option<usize>,
    /// One start position a line, FEN: the same as --openings FILE
    /// --openings-format fen.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["openings", "openings_format"],
          help_heading = "Games")]
    pub fens: Option<String>,
    /// Milliseconds per move (the default: 200).
    #[arg(long, value_name = "MS", help_heading = "Games")]
    pub movetime: Option<u64>,
    /// Engine 1's milliseconds per move, instead of --movetime's or
    /// --st's: time odds, as `--engine1-movetime 100 --engine2-movetime
    /// 1000` (not with --depth, --nodes or --tc).
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes", "tc"],
          help_heading = "Games")]
    pub engine1_movetime: Option<u64>,
    /// Engine 2's milliseconds per move (as --engine1-movetime).
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes", "tc"],
          help_heading = "Games")]
    pub engine2_movetime: Option<u64>,
    /// A fixed depth per move, instead of --movetime.
    #[arg(long, value_name = "N", help_heading = "Games")]
    pub depth: Option<u32>,
    /// A fixed node count per move, instead of --movetime.
    #[arg(long, value_name = "N", help_heading = "Games")]
    pub nodes: Option<u64>,
    /// A game clock, as cutechess-cli's -tc: MOVES/SECONDS+INCREMENT
    /// (40/60+0.6: 60 s for each 40 moves, 0.6 s added after each move),
    /// SECONDS+INCREMENT (10+0.1) or SECONDS (M:S also reads). Engines get
    /// `go wtime btime winc binc [movestogo]` (UCCI: `go time increment
    /// [movestogo]`); the runner measures each side's time, and a flag fall
    /// loses (a draw if the opponent has no chariot, horse, cannon or
    /// soldier left).
    #[arg(long, value_name = "TC", help_heading = "Games")]
    pub tc: Option<crate::matches::clock::TimeControl>,
    /// A fixed time per move in seconds (as --movetime, in seconds).
    #[arg(long, value_name = "SECONDS", help_heading = "Games")]
    pub st: Option<f64>,
    /// Games played at once (at least 1), each by its own pair of engine
    /// processes; the report stays in game order.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..), help_heading = "Games")]
    pub concurrency: u16,
    /// Draw after N plies.
    #[arg(long, value_name = "N", default_value_t = crate::matches::config::MAX_PLIES, help_heading = "Games")]
    pub max_plies: usize,

    /// Moves without a capture before a draw, 0 = none (default 60;
    /// Fairy-Stockfish and ElephantEye use 50).
    #[arg(long, value_name = "N", help_heading = "Rules (the arbiter's)")]
    pub move_limit: Option<u32>,
    /// Checks beyond N do not count toward the move limit (0 = none).
    #[arg(long, value_name = "N", help_heading = "Rules (the arbiter's)")]
    pub check_cap: Option<u32>,
    /// Occurrences of a position that end the game (default 3).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..),
          help_heading = "Rules (the arbiter's)")]
    pub repetition_count: Option<u32>,
    /// The chase rule (default asian).
    #[arg(long, value_enum, help_heading = "Rules (the arbiter's)")]
    pub chase: Option<ChaseArg>,

    /// Resign adjudication by score, as cutechess-cli's -resign:
    /// "movecount=N score=S [twosided=true]": a side whose own score is -S
    /// centipawns or worse on N moves in a row loses (twosided: and the
    /// opponent's score is S or better on each move in between).
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., help_heading = "Adjudication (by score)")]
    pub resign: Option<Vec<String>>,
    /// Draw adjudication by score, as cutechess-cli's -draw:
    /// "movenumber=M movecount=N score=S": from full move M, both engines'
    /// scores within S centipawns of 0 on N moves each in a row draw.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., help_heading = "Adjudication (by score)")]
    pub draw: Option<Vec<String>>,

    /// Print each game's moves.
    #[arg(long, help_heading = "Report")]
    pub verbose: bool,
    /// Append each game to FILE as PGN as it ends.
    #[arg(long, value_name = "FILE", help_heading = "Report")]
    pub pgn: Option<String>,
    /// Write each game as it ends to its own PGN file, DIR/game-0001.pgn
    /// and on (by the game's number; the directory is created).
    #[arg(long, value_name = "DIR", help_heading = "Report")]
    pub pgn_dir: Option<String>,
    /// After each finished game, append one JSON line to FILE (whole lines
    /// only, flushed): {"game" (0-based), "pair", "opening", "engine1_red",
    /// "result" (Red's view), "score1" (engine 1's points), "reason",
    /// "adjudication" (null for a rule of the game, else "resign", "draw",
    /// "flag", "max-plies", "forfeit" or "bad-opening"), "plies"}. `sprt
    /// --results FILE` reads it.
    #[arg(long, value_name = "FILE", help_heading = "Report")]
    pub results: Option<String>,
    /// With --results: the games of this match (--first-game, --games)
    /// already in FILE are counted (W/D/L, pairs, SPRT), not played again;
    /// the others are played and appended. A last line cut short by a kill
    /// is cut off the file first.
    #[arg(long, requires = "results", help_heading = "Report")]
    pub resume: bool,
    /// Stop early by a sequential probability ratio test of H0 "engine 1 is
    /// ELO0 stronger" against H1 "ELO1 stronger": the GSPRT over the game
    /// pairs' pentanomial counts, as fastchess computes it, checked after
    /// each pair.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true,
          help_heading = "Report")]
    pub sprt: Option<Vec<f64>>,
    /// With --sprt: the false positive rate.
    #[arg(
        long,
        value_name = "A",
        default_value_t = 0.05,
        requires = "sprt",
        help_heading = "Report"
    )]
    pub sprt_alpha: f64,
    /// With --sprt: the false negative rate.
    #[arg(
        long,
        value_name = "B",
        default_value_t = 0.05,
        requires = "sprt",
        help_heading = "Report"
    )]
    pub sprt_beta: f64,
    /// With --sprt: what ELO0 and ELO1 mean, normalized Elo (fastchess's
    /// default) or logistic Elo.
    #[arg(
        long,
        value_name = "M",
        default_value = "normalized",
        requires = "sprt",
        help_heading = "Report"
    )]
    pub sprt_model: crate::sprt::Model,
    /// Kept for old command lines: the SPRT always decides on the pairs.
    #[arg(long, requires = "sprt", hide = true, help_heading = "Report")]
    pub sprt_pairs: bool,
    /// At the end, replay the games with pyffish (PYTHON must have it) and
    /// list the games it would judge differently.
    #[arg(long, value_name = "PYTHON", help_heading = "Report")]
    pub pyffish: Option<String>,
}
