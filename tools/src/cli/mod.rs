//! The command line of `xiangqi-tools`, defined with clap's derive:
//! [`Cli`] and its [`Command`]s, one a tool, each with `--help`, errors that
//! name the flag, and a `run` that does the work.
//!
//! ```
//! use clap::Parser;
//! use xiangqi_tools::cli::{Cli, Command};
//!
//! let cli = Cli::try_parse_from(["xiangqi-tools", "datagen", "--chunks", "3"])?;
//! let Command::Datagen(args) = &cli.command else { panic!("datagen") };
//! assert_eq!((args.chunks, args.nodes), (3, 6000));
//! // A bad value is an error that names its flag.
//! let err = Cli::try_parse_from(["xiangqi-tools", "datagen", "--nodes", "many"]).unwrap_err();
//! assert!(err.to_string().contains("--nodes"));
//! # Ok::<(), clap::Error>(())
//! ```

mod analyze;
mod book;
mod convert;
mod data;
mod egtb;
mod engines;
mod errors;
mod levels;
mod matches;
mod sprt;

use clap::{Parser, Subcommand};

pub use analyze::{AnalyzeArgs, NotationArg};
pub use book::{BookBuildArgs, BookCommand, BookProbeArgs};
pub use convert::{ConvertArgs, ConvertTarget};
pub use data::{
    ActivationArg, DataFormat, DatagenArgs, Qb, ScheduleArg, TrainArgs, TuneCommand, TuneFitArgs,
    TuneGenArgs,
};
pub use egtb::EgtbArgs;
pub use engines::parse_ranks;
pub(crate) use engines::spec as engine_spec;
pub use errors::{FlagValueError, ToolError};
pub use levels::{LevelsArgs, parse_levels};
pub use matches::{ChaseArg, MatchArgs, UcciTimeArg};
pub use sprt::{SprtArgs, parse_penta};

/// What follows the program's name: one tool and its flags.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "xiangqi-tools",
    about = "The tools of the xiangqi engine: matches, analysis, self-play data, training, \
             tuning, strength levels, opening books and endgame tablebases.",
    after_help = "The engine itself (UCI/UCCI) is the program xiangqi-engine."
)]
pub struct Cli {
    /// The tool to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The tools.
#[derive(Clone, Debug, Subcommand)]
pub enum Command {
    /// Play a match between two engines, adjudicated by the crate's rules.
    Match(Box<MatchArgs>),
    /// The SPRT and Elo of a match's game pairs (`match --results` files or
    /// pentanomial counts).
    Sprt(SprtArgs),
    /// Annotate a PGN game with evaluations, marks and better moves.
    Analyze(AnalyzeArgs),
    /// Self-play data (`tune gen`) and evaluator fitting (`tune fit`).
    #[command(subcommand)]
    Tune(TuneCommand),
    /// Self-play training data for the network.
    Datagen(DatagenArgs),
    /// Train the network on that data.
    Train(TrainArgs),
    /// Build an opening book from PGN files, or probe one.
    #[command(subcommand)]
    Book(BookCommand),
    /// Each strength level's move quality on real games.
    Levels(LevelsArgs),
    /// Endgame tablebases: generate (resumable), check, stats, probe
    /// (`egtb generate --out DIR krkaabb knkaa`).
    Egtb(EgtbArgs),
    /// Convert a record file (PGN, XQF, CBR, CBL, CBF, DhtmlXQ) to PGN,
    /// XQF or DhtmlXQ.
    Convert(ConvertArgs),
    /// Check that every opening of a file is level (a short search from each side).
    OpeningsCheck(crate::openings_check::OpeningsCheckArgs),
}

impl Command {
    /// The tool's name, as typed on the command line.
    ///
    /// ```
    /// use clap::Parser;
    /// use xiangqi_tools::cli::Cli;
    ///
    /// let cli = Cli::try_parse_from(["xiangqi-tools", "book", "probe", "default"])?;
    /// assert_eq!(cli.command.name(), "book");
    /// # Ok::<(), clap::Error>(())
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Command::Match(_) => "match",
            Command::Sprt(_) => "sprt",
            Command::Analyze(_) => "analyze",
            Command::Tune(_) => "tune",
            Command::Datagen(_) => "datagen",
            Command::Train(_) => "train",
            Command::Book(_) => "book",
            Command::Levels(_) => "levels",
            Command::Egtb(_) => "egtb",
            Command::Convert(_) => "convert",
            Command::OpeningsCheck(_) => "openings-check",
        }
    }

    /// Runs the tool: its output on standard output, its progress on
    /// standard error; an error is one message (the caller prints it and
    /// exits with status 2).
    ///
    /// ```
    /// use clap::Parser;
    /// use xiangqi_tools::cli::Cli;
    ///
    /// // Prints the embedded book's moves from the start position.
    /// let cli = Cli::try_parse_from(["xiangqi-tools", "book", "probe", "default"])?;
    /// cli.command.run()?;
    /// // A missing book file is an error.
    /// let cli = Cli::try_parse_from(["xiangqi-tools", "book", "probe", "/no/such.xqb"])?;
    /// assert!(cli.command.run().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(self) -> Result<(), ToolError> {
        match self {
            Command::Match(args) => crate::matches::main(&args)?,
            Command::Sprt(args) => crate::matches::sprt_main(&args)?,
            Command::Analyze(args) => crate::analyze::main(&args)?,
            Command::Tune(command) => crate::tune::main(&command)?,
            Command::Datagen(args) => crate::datagen::main(&args)?,
            Command::Train(args) => crate::train::main(&args)?,
            Command::Book(command) => crate::book::main(&command)?,
            Command::Levels(args) => crate::levels::main(&args)?,
            Command::Egtb(args) => xiangqi_egtb::run_cli(args.args)?,
            Command::Convert(args) => convert::main(&args)?,
            Command::OpeningsCheck(args) => crate::openings_check::main(&args)?,
        }
        Ok(())
    }
}

/// Parses a tool's command line written as one line (the tool's name
/// first), for tests.
#[cfg(test)]
pub(crate) fn parse(line: &str) -> Result<Command, clap::Error> {
    let args = std::iter::once("xiangqi-tools").chain(line.split_whitespace());
    Cli::try_parse_from(args).map(|cli| cli.command)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_tool_has_help_and_names_bad_flags() {
        for tool in [
            "match",
            "sprt",
            "analyze",
            "tune gen",
            "tune fit",
            "datagen",
            "train",
            "book build",
            "book probe",
            "levels",
        ] {
            let err = parse(&format!("{tool} --help")).unwrap_err();
            assert_eq!(err.kind(), clap::error::ErrorKind::DisplayHelp, "{tool}");
            assert!(err.to_string().contains("Usage: xiangqi-tools"), "{tool}");
            let err = parse(&format!("{tool} --frobnicate 3")).unwrap_err();
            assert!(err.to_string().contains("--frobnicate"), "{tool}: {err}");
        }
        let err = parse("levels --depth 0 g.pgn").unwrap_err();
        assert!(err.to_string().contains("--depth"), "{err}");
    }
}
