//! The sequential probability ratio test over game pairs, as fastchess
//! computes it: the generalized SPRT (GSPRT) on the pentanomial counts of
//! the pairs (engine 1's points in a pair: 0, ½, 1, 1½, 2), and the Elo
//! estimate from the same counts.
//!
//! The log-likelihood ratio is `N · Σ p̂ᵢ (ln p₁ᵢ − ln p₀ᵢ)`, where p̂ is
//! the observed distribution of the pair scores and p₀, p₁ the
//! distributions closest to it (maximum likelihood) under H0 and H1. An
//! empty cell counts as 0.001 pairs (fastchess's regularisation), so that
//! the estimate never puts zero weight on a possible outcome.
//!
//! Two models, as fastchess's `-sprt model=`: [`Model::Normalized`] (its
//! default; H0 and H1 are normalized Elo, the t-value of the mean score,
//! Michel Van den Bergh, "Comments on normalized Elo", section 4.1) and
//! [`Model::Logistic`] (logistic Elo: the expected pair score; Van den
//! Bergh, "Comparing the approximations for the generalized log likelihood
//! ratio of a multinomial distribution", proposition 1.1). Both find the
//! constrained maximum likelihood by solving for the Lagrange multiplier θ
//! of the constraint, a strictly monotone equation, by bisection.
//!
//! ```
//! use xiangqi_tools::sprt::{Decision, Model, Sprt};
//!
//! let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, Model::Normalized)?;
//! // fastchess's test "normalized pentanomial 1": LLR 2.25.
//! let llr = sprt.llr(&[365, 16618, 36029 + 200, 16974, 390]);
//! assert!((llr - 2.25).abs() < 0.01);
//! assert_eq!(sprt.decision(llr), None);
//! assert_eq!(sprt.decision(3.0), Some(Decision::H1));
//! # Ok::<(), xiangqi_tools::sprt::SprtError>(())
//! ```

/// What the elo bounds mean.
///
/// ```
/// use xiangqi_tools::sprt::Model;
///
/// assert_eq!("logistic".parse::<Model>(), Ok(Model::Logistic));
/// assert!("bayesian".parse::<Model>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo (fastchess's default).
    Normalized,
    /// Logistic Elo.
    Logistic,
}

/// Why an SPRT cannot be set up: its parameters make no test.
///
/// ```
/// use xiangqi_tools::sprt::{Model, Sprt, SprtError};
///
/// let err = Sprt::new(5.0, 0.0, 0.05, 0.05, Model::Normalized).unwrap_err();
/// assert_eq!(err, SprtError::Order { elo0: 5.0, elo1: 0.0 });
/// assert_eq!(err.to_string(), "elo0 5 must be below elo1 0");
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// The model's name is not known.
    #[error("{0:?}: not a model (normalized, logistic)")]
    Model(String),
    /// The bounds are not finite, or not in order.
    #[error("elo0 {elo0} must be below elo1 {elo1}")]
    Order {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error rate is not in (0, 1).
    #[error("{name} {rate} must be between 0 and 1")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The rate.
        rate: f64,
    },
    /// The error rates add up to 1 or more.
    #[error("alpha + beta = {0} must be below 1")]
    RateSum(f64),
    /// Normalized Elo bounds beyond [`NORMALIZED_LIMIT`].
    #[error(
        "normalized Elo bounds {elo0} and {elo1}: at most {NORMALIZED_LIMIT} either way \
         (the logistic model takes larger ones)"
    )]
    NormalizedBounds {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
}

impl std::str::FromStr for Model {
    type Err = SprtError;

    fn from_str(s: &str) -> Result<Model, SprtError> {
        match s {
            "normalized" => Ok(Model::Normalized),
            "logistic" => Ok(Model::Logistic),
            _ => Err(SprtError::Model(s.to_string())),
        }
    }
}

/// The hypothesis a finished test accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Engine 1 is not `elo1` stronger.
    H0,
    /// Engine 1 is `elo1` stronger.
    H1,
}

impl Decision {
    /// `"H0"` or `"H1"`.
    ///
    /// ```
    /// assert_eq!(xiangqi_tools::sprt::Decision::H1.as_str(), "H1");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
        }
    }
}

/// An SPRT of H0 "engine 1 is `elo0` stronger" against H1 "`elo1`
/// stronger" with error rates `alpha` and `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// H0's Elo.
    pub elo0: f64,
    /// H1's Elo.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
    /// What the Elo means.
    pub model: Model,
}

/// The pair scores per game of a pentanomial cell: 0, ¼, ½, ¾, 1.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// `800 / ln 10`: normalized Elo per unit of t-value of a game score.
fn nelo_scale() -> f64 {
    800.0 / std::f64::consts::LN_10
}

/// The expected score of an engine `elo` (logistic) points stronger.
///
/// ```
/// use xiangqi_tools::sprt::{logistic_elo, logistic_score};
///
/// assert_eq!(logistic_score(0.0), 0.5);
/// assert!((logistic_elo(logistic_score(35.0)) - 35.0).abs() < 1e-9);
/// ```
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo of a score fraction (infinite at 0 and 1).
///
/// ```
/// use xiangqi_tools::sprt::logistic_elo;
///
/// assert_eq!(logistic_elo(0.5), 0.0);
/// assert_eq!(logistic_elo(1.0), f64::INFINITY);
/// ```
pub fn logistic_elo(score: f64) -> f64 {
    // `+ 0.0` turns -0 into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The largest normalized Elo bound (either sign) [`Sprt::new`] takes.
///
/// ```
/// use xiangqi_tools::sprt::{Model, Sprt, NORMALIZED_LIMIT};
/// assert!(Sprt::new(0.0, NORMALIZED_LIMIT, 0.05, 0.05, Model::Normalized).is_ok());
/// assert!(Sprt::new(0.0, 250.0, 0.05, 0.05, Model::Normalized).is_err());
/// assert!(Sprt::new(0.0, 250.0, 0.05, 0.05, Model::Logistic).is_ok());
/// ```
pub const NORMALIZED_LIMIT: f64 = 200.0;

impl Sprt {
    /// The test, if its parameters make sense: `elo0 < elo1`, both rates in
    /// (0, 1) and their sum below 1.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: Model,
    ) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::Order { elo0, elo1 });
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 1.0) {
                return Err(SprtError::Rate { name, rate });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::RateSum(alpha + beta));
        }
        // The normalized model's fit starts from the uniform distribution,
        // which has no distribution of pair t-value beyond about ±231 nElo
        // to move toward: the fit would give nonsense there (fishtest's
        // formulas fail there too).
        let limit = NORMALIZED_LIMIT;
        if model == Model::Normalized && (elo0.abs() > limit || elo1.abs() > limit) {
            return Err(SprtError::NormalizedBounds { elo0, elo1 });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// The LLR bounds: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The hypothesis accepted at this LLR, if it is out of the bounds.
    pub fn decision(&self, llr: f64) -> Option<Decision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }

    /// The log-likelihood ratio of H1 against H0 after these pair counts
    /// (pairs worth 0, ½, 1, 1½ and 2 points to engine 1). No pairs: 0.
    pub fn llr(&self, penta: &[u32; 5]) -> f64 {
        if penta.iter().all(|&n| n == 0) {
            return 0.0;
        }
        let counts = penta.map(|n| if n == 0 { 1e-3 } else { f64::from(n) });
        let total: f64 = counts.iter().sum();
        let probs = counts.map(|n| n / total);
        let (p0, p1) = match self.model {
            Model::Normalized => {
                // A pair's t-value is √2 times a game's.
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / nelo_scale();
                (
                    mle_normalized(&probs, 0.5, t(self.elo0)),
                    mle_normalized(&probs, 0.5, t(self.elo1)),
                )
            }
            Model::Logistic => (
                mle_mean(&probs, logistic_score(self.elo0)),
                mle_mean(&probs, logistic_score(self.elo1)),
            ),
        };
        let mean_log_ratio: f64 = (0..5).map(|i| probs[i] * (p1[i].ln() - p0[i].ln())).sum();
        total * mean_log_ratio
    }
}

/// The root of `f`, decreasing on the open interval (`lo`, `hi`) from
/// positive to negative, by bisection down to the floating point grain.
fn bisect(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let y = f(mid);
        if y == 0.0 {
            return mid;
        }
        if y > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution `p̂ᵢ / (1 + θ φᵢ)` with the θ that makes `Σ p̂ᵢ φᵢ /
/// (1 + θ φᵢ) = 0` (a distribution with `Σ pᵢ φᵢ = 0`, the closest to p̂);
/// `None` if φ does not change sign (no such distribution).
fn tilt(probs: &[f64; 5], phi: &[f64; 5]) -> Option<[f64; 5]> {
    let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(u < 0.0 && v > 0.0) {
        return None;
    }
    // 1 + θ φᵢ > 0 for every i: θ in (-1/v, -1/u), where the sum falls
    // from +∞ to -∞.
    let f = |theta: f64| -> f64 {
        (0..5)
            .map(|i| probs[i] * phi[i] / (1.0 + theta * phi[i]))
            .sum()
    };
    let theta = bisect(f, -1.0 / v, -1.0 / u);
    Some(std::array::from_fn(|i| probs[i] / (1.0 + theta * phi[i])))
}

/// The maximum likelihood distribution of the pair scores with mean `s`.
fn mle_mean(probs: &[f64; 5], s: f64) -> [f64; 5] {
    let phi = PAIR_SCORES.map(|a| a - s);
    tilt(probs, &phi).unwrap_or(*probs)
}

/// The maximum likelihood distribution of the pair scores whose t-value
/// `(μ - mu_ref) / σ` is `t`, by the fixed point iteration of Van den
/// Bergh's section 4.1, from the uniform distribution.
fn mle_normalized(probs: &[f64; 5], mu_ref: f64, t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..100 {
        let mu: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let var: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mu).powi(2)).sum();
        let sigma = var.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            break;
        }
        let phi = PAIR_SCORES.map(|a| {
            let z = (a - mu) / sigma;
            a - mu_ref - 0.5 * t * sigma * (1.0 + z * z)
        });
        let Some(next) = tilt(probs, &phi) else {
            break;
        };
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p
}

/// Engine 1's Elo as the pairs show it, with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score per game.
    pub score: f64,
    /// Logistic Elo, and the ends of its 95% interval (infinite for a score
    /// of 0 or 1).
    pub elo: (f64, f64, f64),
    /// Normalized Elo, and the ends of its 95% interval (`NaN` without
    /// variance).
    pub nelo: (f64, f64, f64),
}

impl Estimate {
    /// The estimate from pair counts, as fastchess's pentanomial Elo: the
    /// mean pair score, its standard error over the pairs, ±1.96 of it;
    /// `None` without pairs.
    ///
    /// ```
    /// use xiangqi_tools::sprt::Estimate;
    ///
    /// let e = Estimate::from_penta(&[1, 2, 4, 2, 1]).unwrap();
    /// assert_eq!((e.score, e.elo.0), (0.5, 0.0));
    /// assert!(e.elo.1 < 0.0 && e.elo.2 > 0.0);
    /// assert!(Estimate::from_penta(&[0; 5]).is_none());
    /// ```
    pub fn from_penta(penta: &[u32; 5]) -> Option<Estimate> {
        let n: f64 = penta.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return None;
        }
        let p = penta.map(|c| f64::from(c) / n);
        let score: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let var: f64 = (0..5)
            .map(|i| p[i] * (PAIR_SCORES[i] - score).powi(2))
            .sum();
        let half = 1.959963984540054 * (var / n).sqrt();
        let (lo, hi) = (score - half, score + half);
        let nelo = |s: f64| (s - 0.5) / (2.0 * var).sqrt() * nelo_scale();
        Some(Estimate {
            score,
            elo: (logistic_elo(score), logistic_elo(lo), logistic_elo(hi)),
            nelo: (nelo(score), nelo(lo), nelo(hi)),
        })
    }

    /// `Elo: 21.30 +/- 15.20, nElo: 30.10 +/- 21.40` (the ± is half the
    /// interval's width, as fastchess prints it; `+/- inf` when the
    /// interval reaches a score of 0 or 1; `nElo: -` without variance).
    ///
    /// ```
    /// use xiangqi_tools::sprt::Estimate;
    ///
    /// let e = Estimate::from_penta(&[0, 0, 3, 0, 0]).unwrap();
    /// assert_eq!(e.text(), "Elo: 0.00 +/- 0.00, nElo: -");
    /// ```
    pub fn text(&self) -> String {
        let pm = |(x, lo, hi): (f64, f64, f64)| {
            let half = (hi - lo) / 2.0;
            if x.is_nan() {
                "-".to_string()
            } else if half.is_finite() {
                format!("{x:.2} +/- {half:.2}")
            } else {
                // A score of 0 or 1, or an interval reaching past them.
                format!("{x:.2} +/- inf")
            }
        };
        format!("Elo: {}, nElo: {}", pm(self.elo), pm(self.nelo))
    }
}

/// The live results line, fastchess's in one line: `Results of A vs B
/// (TC): Elo: .. +/- .., nElo: .. +/- .., LLR: 1.23 (-2.94, 2.94) [0.00,
/// 10.00], Games: 120, W: 50 L: 40 D: 30, Ptnml(0-2): [a, b, c, d, e]`;
/// the LLR part only with an SPRT, the Elo from the pairs; `W: - L: - D:
/// -` when the wins, draws and losses are not known.
///
/// ```
/// use xiangqi_tools::sprt::{Model, Sprt, results_line};
///
/// let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, Model::Normalized)?;
/// let line = results_line(["new", "old"], "10+0.1", 5, Some([2, 2, 1]), &[0, 0, 1, 1, 0], Some(&sprt));
/// assert!(line.starts_with("Results of new vs old (10+0.1): Elo: 88.74 +/- "));
/// assert!(line.contains(", LLR: "));
/// assert!(line.ends_with(" (-2.94, 2.94) [0.00, 10.00], Games: 5, W: 2 L: 1 D: 2, Ptnml(0-2): [0, 0, 1, 1, 0]"));
/// # Ok::<(), xiangqi_tools::sprt::SprtError>(())
/// ```
pub fn results_line(
    names: [&str; 2],
    tc: &str,
    games: u32,
    wdl: Option<[u32; 3]>,
    penta: &[u32; 5],
    sprt: Option<&Sprt>,
) -> String {
    let [a, b] = names;
    let elo = match Estimate::from_penta(penta) {
        Some(e) => e.text(),
        None => "Elo: -, nElo: -".to_string(),
    };
    let llr = match sprt {
        Some(s) => {
            let (lower, upper) = s.bounds();
            format!(
                ", LLR: {:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
                s.llr(penta),
                s.elo0,
                s.elo1
            )
        }
        None => String::new(),
    };
    let wdl = match wdl {
        Some([w, d, l]) => format!("W: {w} L: {l} D: {d}"),
        None => "W: - L: - D: -".to_string(),
    };
    let [p0, p1, p2, p3, p4] = *penta;
    format!(
        "Results of {a} vs {b} ({tc}): {elo}{llr}, Games: {games}, {wdl}, \
         Ptnml(0-2): [{p0}, {p1}, {p2}, {p3}, {p4}]"
    )
}
