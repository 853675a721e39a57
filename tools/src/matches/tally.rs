//! Engine 1's wins, draws and losses, the Elo they show with its 95%
//! interval, and the game pairs' pentanomial counts.

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
}

/// Games counted by pair until both games of a pair are in (in any
/// order), then the pair in the pentanomial counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// Engine 1's half points in the pairs with one game in.
    open: std::collections::BTreeMap<usize, u32>,
    /// The complete pairs.
    pub counts: Pentanomial,
}

impl Pairing {
    /// Counts game `g` (each game once), in which engine 1 scored
    /// `half_points`; `true` when it completes its pair (games 2k and
    /// 2k + 1).
    pub fn add(&mut self, g: usize, half_points: u32) -> bool {
        match self.open.remove(&(g / 2)) {
            Some(other) => {
                self.counts.add(other + half_points);
                true
            }
            None => {
                self.open.insert(g / 2, half_points);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentanomial_counts() {
        let mut p = Pentanomial::default();
        for half_points in [0, 1, 2, 2, 3, 4, 4, 9] {
            p.add(half_points);
        }
        assert_eq!(p, Pentanomial([1, 1, 2, 1, 3]));
    }

    #[test]
    fn pairs_complete_in_any_order() {
        let mut p = Pairing::default();
        assert!(!p.add(5, 2));
        assert!(!p.add(0, 1));
        assert!(p.add(4, 1), "game 4 completes pair 2");
        assert!(!p.add(6, 0));
        assert!(p.add(1, 2));
        assert_eq!(p.counts, Pentanomial([0, 0, 0, 2, 0]));
    }
}
