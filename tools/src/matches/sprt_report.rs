//! `xiangqi-tools sprt`: the SPRT and Elo of a match's game pairs, from
//! `match --results` files or pentanomial counts.

use serde_json::{Value, json};

use crate::cli::SprtArgs;
use crate::matches::error::MatchError;
use crate::matches::results;
use crate::matches::sprt::{Decision, Estimate, Sprt, results_line};

/// The report as one JSON object (see [`SprtArgs::json`]); the wins,
/// draws and losses are null when `wdl` is `None`.
pub fn report_json(sprt: &Sprt, penta: &[u32; 5], wdl: Option<[u32; 3]>) -> Value {
    let pairs: u32 = penta.iter().sum();
    let llr = sprt.llr(penta);
    let (lower, upper) = sprt.bounds();
    let finite = |x: f64| x.is_finite().then_some(x);
    let (elo, lo, hi) = match Estimate::from_penta(penta) {
        Some(e) => (finite(e.elo.0), finite(e.elo.1), finite(e.elo.2)),
        None => (None, None, None),
    };
    let [wins, draws, losses] = match wdl {
        Some(wdl) => wdl.map(Some),
        None => [None; 3],
    };
    json!({
        "pairs": pairs,
        "games": 2 * u64::from(pairs),
        "penta": penta,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "llr": llr,
        "lower": lower,
        "upper": upper,
        "decision": sprt.decision(llr).map(|d| d.as_str()),
        "elo": elo,
        "elo_low": lo,
        "elo_high": hi,
    })
}

/// The report's lines: the results line, then the decision if there is one.
pub fn report_text(sprt: &Sprt, penta: &[u32; 5], wdl: Option<[u32; 3]>) -> Vec<String> {
    let pairs: u32 = penta.iter().sum();
    let mut lines = vec![results_line(
        ["engine1", "engine2"],
        &format!("{pairs} pairs"),
        2 * pairs,
        wdl,
        penta,
        Some(sprt),
    )];
    if let Some(d) = sprt.decision(sprt.llr(penta)) {
        lines.push(decision_line(sprt, d));
    }
    lines
}

/// `sprt: H1 accepted (engine1 gains about ELO1 Elo)` or the H0 line.
pub fn decision_line(sprt: &Sprt, d: Decision) -> String {
    match d {
        Decision::H1 => {
            format!("sprt: H1 accepted (engine1 gains about {} Elo)", sprt.elo1)
        }
        Decision::H0 => {
            format!(
                "sprt: H0 accepted (engine1 does not gain {} Elo)",
                sprt.elo1
            )
        }
    }
}

/// Runs `xiangqi-tools sprt`: the report on standard output, warnings
/// (an unfinished last line skipped) on standard error.
pub fn main(args: &SprtArgs) -> Result<(), MatchError> {
    let sprt = Sprt::new(args.elo0, args.elo1, args.alpha, args.beta, args.model)
        .map_err(MatchError::SprtTool)?;
    let (penta, wdl) = match args.penta {
        // Pair counts do not tell the wins, draws and losses (a pair worth
        // 1 point is a win and a loss, or two draws).
        Some(penta) => (penta, None),
        None => {
            let (games, warnings) = results::read_files(&args.results)?;
            for w in warnings {
                eprintln!("xiangqi-tools sprt: {w}");
            }
            let (penta, wdl) = results::pentanomial(&games);
            (penta, Some(wdl))
        }
    };
    if args.json {
        println!("{}", report_json(&sprt, &penta, wdl));
    } else {
        for line in report_text(&sprt, &penta, wdl) {
            println!("{line}");
        }
    }
    Ok(())
}
