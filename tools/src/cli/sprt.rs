//! `xiangqi-tools sprt`'s flags.

use clap::{ArgGroup, Args};

use crate::cli::FlagValueError;
use crate::sprt::Model;

/// The SPRT of a match's game pairs, from `match --results` files or from
/// pentanomial counts: prints the results line (Elo and normalized Elo with
/// their 95% intervals, the LLR and its bounds, W/D/L, the pair counts)
/// and the decision, or with `--json` one JSON object.
#[derive(Clone, Debug, Args)]
#[command(group(ArgGroup::new("input").args(["results", "penta"]).required(true)))]
pub struct SprtArgs {
    /// JSON-lines files written by `match --results` (games grouped by
    /// "pair"; only pairs with both games count; a game number seen again
    /// counts once).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub results: Vec<String>,
    /// Pair counts: engine 1 scored 0, 1/2, 1, 3/2 and 2 points.
    #[arg(long, value_name = "N0,N1,N2,N3,N4", value_parser = parse_penta)]
    pub penta: Option<[u32; 5]>,
    /// H0: engine 1 is ELO0 stronger.
    #[arg(long, value_name = "ELO0", allow_negative_numbers = true)]
    pub elo0: f64,
    /// H1: engine 1 is ELO1 stronger.
    #[arg(long, value_name = "ELO1", allow_negative_numbers = true)]
    pub elo1: f64,
    /// The false positive rate.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    pub alpha: f64,
    /// The false negative rate.
    #[arg(long, value_name = "B", default_value_t = 0.05)]
    pub beta: f64,
    /// What ELO0 and ELO1 mean: normalized (fastchess's default) or
    /// logistic Elo.
    #[arg(long, value_name = "M", default_value = "normalized")]
    pub model: Model,
    /// Print one JSON object instead: {"pairs", "games", "penta", "wins",
    /// "draws", "losses", "llr", "lower", "upper", "decision" ("H0", "H1"
    /// or null), "elo", "elo_low", "elo_high"} (Elo null when infinite).
    #[arg(long)]
    pub json: bool,
}

/// Reads `--penta`: five counts separated by commas.
///
/// ```
/// use xiangqi_tools::cli::parse_penta;
///
/// assert_eq!(parse_penta("1,2, 3,4,5"), Ok([1, 2, 3, 4, 5]));
/// assert!(parse_penta("1,2,3,4").is_err() && parse_penta("1,2,x,4,5").is_err());
/// ```
pub fn parse_penta(text: &str) -> Result<[u32; 5], FlagValueError> {
    let counts = text
        .split(',')
        .map(|n| {
            n.trim()
                .parse::<u32>()
                .map_err(|_| FlagValueError::Count(n.to_string()))
        })
        .collect::<Result<Vec<u32>, _>>()?;
    <[u32; 5]>::try_from(counts).map_err(|c| FlagValueError::PairCounts(c.len()))
}
