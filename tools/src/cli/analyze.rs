//! `xiangqi-tools analyze`'s flags.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};
use xiangqi::notation::UciRanks;
use xiangqi_client::Protocol;

use super::engines::parse_ranks;

/// The help heading of the flags that name another engine.
const OTHER: &str = "Another engine";

/// The notation of the annotated game's moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// ICCS coordinates (`h2e2`).
    Iccs,
    /// WXF (`C2=5`).
    Wxf,
    /// Chinese, simplified script (`炮二平五`).
    Chinese,
    /// Chinese, traditional script.
    Traditional,
}

/// Searches every position of a game and writes it back as PGN on standard
/// output, each move with its evaluation {[%eval 0.35]} (pawns, Red's point
/// of view; #N / #-N for a mate in N moves for Red / Black), marks ?! ? ??
/// on moves that lose at least 50 / 100 / 200 centipawns for the side that
/// played them, and the engine's better move as a variation.
#[derive(Clone, Debug, Args)]
#[command(group(ArgGroup::new("budget").args(["movetime", "depth"])))]
pub struct AnalyzeArgs {
    /// The game file: PGN, or any record format (XQF, CBL, ...; detected).
    #[arg(value_name = "GAME.pgn")]
    pub pgn: PathBuf,
    /// Search each position for MS milliseconds (default 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub movetime: Option<u64>,
    /// Search each position to depth D instead (reproducible).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Analyse N positions at a time, one search each.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Also write an SVG graph of the evaluation.
    #[arg(long, value_name = "FILE.svg")]
    pub graph: Option<PathBuf>,
    /// Endgame tables (`*.xqtb` files of DIR): comment each position a
    /// table holds with its verdict, e.g. `{tablebase: Red wins in 6}`.
    #[arg(long, value_name = "DIR")]
    pub egtb: Option<PathBuf>,
    /// Analyse the K-th game of the file.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
    /// The moves' notation.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = NotationArg::Iccs)]
    pub notation: NotationArg,
    /// Analyse with another engine process (UCI by default), one per
    /// thread, `ucinewgame` before each position, instead of this crate's
    /// search: its program's path (not split at whitespace; no arguments).
    #[arg(long, value_name = "PROGRAM", help_heading = OTHER)]
    pub engine: Option<String>,
    /// Its protocol: uci or ucci.
    #[arg(long, value_name = "P", requires = "engine", help_heading = OTHER)]
    pub engine_protocol: Option<Protocol>,
    /// Its ranks: 0-9 (default) or 1-10.
    #[arg(long, value_name = "R", value_parser = parse_ranks, requires = "engine", help_heading = OTHER)]
    pub engine_ranks: Option<UciRanks>,
    /// A command sent after its handshake (repeatable).
    #[arg(long, value_name = "LINE", requires = "engine", help_heading = OTHER)]
    pub engine_init: Vec<String>,
    /// It is Fairy-Stockfish in UCI: ranks 1-10 and UCI_Variant xiangqi.
    #[arg(long, requires = "engine", help_heading = OTHER)]
    pub engine_fsf: bool,
    /// Instead of the PGN, analyse every game of the file (after its
    /// OpeningPlies tag's opening moves, as `match --pgn` writes) and print
    /// each player's moves, average centipawn loss and rates of moves
    /// losing 50 / 100 / 200 or more.
    #[arg(long)]
    pub summary: bool,
    /// With --summary, the first N games only.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
}
