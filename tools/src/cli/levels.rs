//! `xiangqi-tools levels`' flags.

use std::ops::RangeInclusive;

use clap::Args;

use crate::cli::FlagValueError;

/// Each strength level's moves on the positions of real games, judged by a
/// deeper search: per level the positions, average centipawn loss and the
/// rates of moves losing 50 / 100 / 200 or more. The same games, depth and
/// seed give the same table, whatever the number of threads.
#[derive(Clone, Debug, Args)]
pub struct LevelsArgs {
    /// The judging search's depth.
    #[arg(long, value_name = "D", default_value_t = 12,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Every N-th position of a game.
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub every: u16,
    /// After its first N plies.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub skip: u16,
    /// The levels' random choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Positions judged at a time.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// The levels, A to B (0 to 19).
    #[arg(long, value_name = "A-B", default_value = "0-19", value_parser = parse_levels)]
    pub levels: RangeInclusive<u8>,
    /// The PGN files.
    #[arg(value_name = "GAMES.pgn", required = true)]
    pub files: Vec<String>,
}

/// Reads `--levels`: `A-B` or one level `A`, from 0 to 19, A not above B.
///
/// ```
/// use xiangqi_tools::cli::parse_levels;
///
/// assert_eq!(parse_levels("3-5"), Ok(3..=5));
/// assert_eq!(parse_levels("7"), Ok(7..=7));
/// assert!(parse_levels("5-3").is_err() && parse_levels("0-20").is_err());
/// ```
pub fn parse_levels(text: &str) -> Result<RangeInclusive<u8>, FlagValueError> {
    let (first, last) = text.split_once('-').unwrap_or((text, text));
    let level = |t: &str| match t.parse::<u8>() {
        Ok(n) if n <= 19 => Ok(n),
        _ => Err(FlagValueError::Level(t.to_string())),
    };
    let (first, last) = (level(first)?, level(last)?);
    if first > last {
        return Err(FlagValueError::LevelOrder);
    }
    Ok(first..=last)
}
