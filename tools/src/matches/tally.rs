//! Engine 1's wins, draws and losses, the Elo they show with its 95%
//! interval, the game pairs' pentanomial counts, and the match's
//! standing that holds them.

use xiangqi::Color;

use crate::matches::ending::EndKind;

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

/// The match so far: the tally, the pairs, and the games adjudicated by
/// score (resigned, drawn) and lost on time, reported apart.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    /// Engine 1's wins, draws and losses.
    pub tally: Tally,
    /// The pairs of games (one opening, colours swapped).
    pub pairs: Pairing,
    /// Games resigned, drawn by adjudication, and lost on time.
    pub apart: [usize; 3],
}

impl Standing {
    /// Counts game `g`, in which engine 1 scored `half_points` (2, 1, 0)
    /// and which ended as `kind`; `true` when it completes a pair.
    pub fn add_scored(&mut self, g: usize, half_points: u32, kind: Option<EndKind>) -> bool {
        match half_points {
            2 => self.tally.w += 1,
            1 => self.tally.d += 1,
            _ => self.tally.l += 1,
        }
        self.count_apart(kind);
        self.pairs.add(g, half_points)
    }

    /// Counts game `g`, won by `winner` (`None`: a draw) with engine 1 as
    /// `engine1`, ended as `kind`: the result as [`Tally::add`] says it,
    /// and whether it completes a pair.
    pub fn add_game(
        &mut self,
        g: usize,
        winner: Option<Color>,
        engine1: Color,
        kind: EndKind,
    ) -> (&'static str, bool) {
        self.count_apart(Some(kind));
        let result = self.tally.add(winner, engine1);
        let half_points = match winner {
            None => 1,
            Some(c) if c == engine1 => 2,
            Some(_) => 0,
        };
        (result, self.pairs.add(g, half_points))
    }

    fn count_apart(&mut self, kind: Option<EndKind>) {
        match kind {
            Some(EndKind::Resign) => self.apart[0] += 1,
            Some(EndKind::Draw) => self.apart[1] += 1,
            Some(EndKind::Flag) => self.apart[2] += 1,
            _ => {}
        }
    }
}
