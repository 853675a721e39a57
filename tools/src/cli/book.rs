//! `xiangqi-tools book`'s subcommands and flags.

use clap::{Args, Subcommand};

/// Opening books from PGN databases, and probing them.
#[derive(Clone, Debug, Subcommand)]
pub enum BookCommand {
    /// An opening book of the first plies of every game of the PGN files:
    /// the moves played in at least --min-games games (a position and its
    /// mirror image share entries).
    Build(BookBuildArgs),
    /// A position's book moves (default: the start), with games and score.
    Probe(BookProbeArgs),
}

/// `book build`'s flags.
#[derive(Clone, Debug, Args)]
pub struct BookBuildArgs {
    /// The book file to write.
    #[arg(long, value_name = "BOOK.xqb")]
    pub out: String,
    /// The plies of each game kept.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub max_plies: usize,
    /// Moves played in fewer games are left out.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub min_games: u32,
    /// The PGN files (UTF-8).
    #[arg(value_name = "PGN", required = true)]
    pub files: Vec<String>,
}

/// `book probe`'s arguments.
#[derive(Clone, Debug, Args)]
pub struct BookProbeArgs {
    /// The book file, or `default` for the embedded masters' book.
    #[arg(value_name = "BOOK.xqb|default")]
    pub book: String,
    /// The position, as FEN (its fields as separate words or one quoted
    /// argument; default: the start position).
    #[arg(value_name = "FEN")]
    pub fen: Vec<String>,
    /// Moves played from that position first (ICCS).
    #[arg(long, value_name = "M", num_args = 0..)]
    pub moves: Vec<String>,
}
