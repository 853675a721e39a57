//! Engine 1's wins, draws and losses, the Elo they show with its 95%
//! interval, and the SPRT's log-likelihood ratio.

use xiangqi::Color;

/// Engine 1's wins, draws and losses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins.
    pub w: u32,
    /// Draws.
    pub d: u32,
    /// Losses.
    pub l: u32,
}

impl Tally {
    /// Counts a game won by `winner` (None: draw) in which engine 1 played
    /// `engine1`; returns the result as the game line says it.
    pub fn add(&mut self, winner: Option<Color>, engine1: Color) -> &'static str {
        match winner {
            None => {
                self.d += 1;
                "draw"
            }
            Some(c) if c == engine1 => {
                self.w += 1;
                "engine1 wins"
            }
            Some(_) => {
                self.l += 1;
                "engine2 wins"
            }
        }
    }

    /// Engine 1's score fraction, Elo estimate and its 95% interval; `None`
    /// before any game.
    pub fn elo(&self) -> Option<(f64, f64, f64, f64)> {
        let (w, d, l) = (f64::from(self.w), f64::from(self.d), f64::from(self.l));
        let n = w + d + l;
        if n == 0.0 {
            return None;
        }
        let p = (w + 0.5 * d) / n;
        let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let se = (var / n).sqrt();
        Some((p, elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se)))
    }

    /// The summary line.
    pub fn summary(&self) -> String {
        let Tally { w, d, l } = *self;
        match self.elo() {
            Some((p, e, lo, hi)) => format!(
                "engine1: W {w} D {d} L {l}, score {:.1}%, Elo {e:+.0} (95%: {lo:+.0} .. {hi:+.0})",
                100.0 * p
            ),
            None => "engine1: no games played".to_string(),
        }
    }
}

/// The expected score of an engine `elo` points stronger.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) after `w`
/// wins, `d` draws and `l` losses (normal approximation of the score).
pub fn llr(w: u32, d: u32, l: u32, elo0: f64, elo1: f64) -> f64 {
    let n = f64::from(w + d + l);
    if n == 0.0 {
        return 0.0;
    }
    let m = (f64::from(w) + 0.5 * f64::from(d)) / n;
    let var = (f64::from(w) * (1.0 - m).powi(2)
        + f64::from(d) * (0.5 - m).powi(2)
        + f64::from(l) * m.powi(2))
        / n;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_of(elo0), score_of(elo1));
    n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
}

/// Elo difference for a score fraction.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    // `+ 0.0` turns -0 into 0, so an even score prints `+0`.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// Engine 1's game pairs (the two games of an opening, colours swapped)
/// by its points in the pair: 0, ½, 1, 1½, 2 (fastchess's `Ptnml(0-2)`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts a pair in which engine 1 scored `half_points` (0 to 4 half
    /// points; more counts as 4).
    pub fn add(&mut self, half_points: u32) {
        self.0[half_points.min(4) as usize] += 1;
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) over the
    /// pairs: the normal approximation of the GSPRT on the pairs' mean
    /// score, with the pairs' own variance (which the pairing of the
    /// openings makes smaller than the games').
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return 0.0;
        }
        // A pair's score per game: 0, 0.25, 0.5, 0.75, 1.
        let score = |i: usize| i as f64 / 4.0;
        let m = (0..5).map(|i| f64::from(self.0[i]) * score(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| f64::from(self.0[i]) * (score(i) - m).powi(2))
            .sum::<f64>()
            / n;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    /// The report line: `pairs: [0, 1, 5, 3, 1] (LL LD DD/WL WD WW), LLR 0.42`.
    pub fn line(&self, elo0: f64, elo1: f64) -> String {
        let [a, b, c, d, e] = self.0;
        format!(
            "  pairs: [{a}, {b}, {c}, {d}, {e}] (Ptnml 0-2), LLR {:.2}",
            self.llr(elo0, elo1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentanomial_llr() {
        let mut p = Pentanomial::default();
        assert_eq!(p.llr(0.0, 10.0), 0.0);
        for half_points in [0, 1, 2, 2, 3, 4, 4, 9] {
            p.add(half_points);
        }
        assert_eq!(p, Pentanomial([1, 1, 2, 1, 3]));
        assert_eq!(p.pairs(), 8);
        // By hand: mean 0.625, variance 0.125, s0 = 0.5, s1 = score_of(10).
        let s1 = score_of(10.0);
        let expected = 8.0 * (s1 - 0.5) * (2.0 * 0.625 - 0.5 - s1) / (2.0 * 0.125);
        assert!((p.llr(0.0, 10.0) - expected).abs() < 1e-12);
        assert!(p.llr(0.0, 10.0) > 0.0, "a winning record favours H1");
        // Engine 1 scoring below H0: H0 favoured.
        let losing = Pentanomial([3, 2, 2, 1, 0]);
        assert!(losing.llr(0.0, 10.0) < 0.0);
        // Every pair the same: no variance, no evidence either way.
        assert_eq!(Pentanomial([0, 0, 5, 0, 0]).llr(0.0, 10.0), 0.0);
        assert!(
            p.line(0.0, 10.0)
                .starts_with("  pairs: [1, 1, 2, 1, 3] (Ptnml 0-2), LLR ")
        );
    }

    #[test]
    fn pairs_are_less_noisy_than_games_on_balanced_openings() {
        // The same games as pairs (6 WL: each side wins with its good
        // colour; 4 WD) and as games (W 10, D 4, L 6): the pairs see no
        // noise in the WL pairs, so their LLR is larger.
        let pairs = Pentanomial([0, 0, 6, 4, 0]);
        let games = llr(10, 4, 6, 0.0, 10.0);
        assert!(
            pairs.llr(0.0, 10.0) > games,
            "{} {games}",
            pairs.llr(0.0, 10.0)
        );
    }
}
