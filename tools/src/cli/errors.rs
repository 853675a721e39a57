//! The errors of the command line: [`FlagValueError`], a flag's value that
//! does not read (clap prints it after the flag), and [`ToolError`], why a
//! tool failed (the binary prints it after the tool's name).

use crate::analyze::AnalyzeError;
use crate::book::BookToolError;
use crate::convert::ConvertError;
use crate::datagen::DatagenError;
use crate::levels::LevelsError;
use crate::matches::MatchError;
use crate::openings_check::OpeningsCheckError;
use crate::train::TrainError;
use crate::tune::TuneError;

/// A flag's value that does not read; clap says which flag.
///
/// ```
/// use xiangqi_tools::cli::{FlagValueError, parse_penta};
///
/// assert_eq!(parse_penta("1,2,3"), Err(FlagValueError::PairCounts(3)));
/// assert_eq!(
///     parse_penta("1,2,3").unwrap_err().to_string(),
///     "3 counts: five expected (pairs worth 0, 1/2, 1, 3/2, 2)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FlagValueError {
    /// `--qb` is neither `auto` nor a scale.
    #[error("expected auto or a number from 1 to 32767")]
    Qb,
    /// `--input-buckets` is not a layout's name.
    #[error("expected none, palace4 or palace6")]
    InputBuckets,
    /// `--engineN-ranks` is not a numbering of the ranks.
    #[error("expected 0-9 or 1-10")]
    Ranks,
    /// A level of `--levels` is not a whole number from 0 to 19.
    #[error("{0:?}: expected a level from 0 to 19")]
    Level(String),
    /// `--levels A-B` with A above B.
    #[error("the first level is above the last")]
    LevelOrder,
    /// A count of `--penta` is not a whole number.
    #[error("{0:?}: not a count")]
    Count(String),
    /// `--penta` does not hold five counts.
    #[error("{0} counts: five expected (pairs worth 0, 1/2, 1, 3/2, 2)")]
    PairCounts(usize),
}

/// Why a tool failed: the tool's own error, said as it says it.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// `match` or `sprt`.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// `analyze`.
    #[error(transparent)]
    Analyze(#[from] AnalyzeError),
    /// `tune`.
    #[error(transparent)]
    Tune(#[from] TuneError),
    /// `datagen`.
    #[error(transparent)]
    Datagen(#[from] DatagenError),
    /// `train`.
    #[error(transparent)]
    Train(#[from] TrainError),
    /// `book`.
    #[error(transparent)]
    Book(#[from] BookToolError),
    /// `levels`.
    #[error(transparent)]
    Levels(#[from] LevelsError),
    /// `egtb`.
    #[error(transparent)]
    Egtb(#[from] xiangqi_egtb::EgtbError),
    /// `convert`.
    #[error(transparent)]
    Convert(#[from] ConvertError),
    /// `openings-check`.
    #[error(transparent)]
    OpeningsCheck(#[from] OpeningsCheckError),
}
