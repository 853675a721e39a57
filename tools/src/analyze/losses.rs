//! Centipawn losses summed over many moves: how many moves, their average
//! loss, and how often a move lost 50, 100 or 200 centipawns or more (the
//! thresholds of the `?!`, `?` and `??` marks). `analyze --summary` keeps
//! one a player, `levels` one a strength level.

use crate::analyze::annotate::{BLUNDER, INACCURACY, MISTAKE};

/// Moves and the centipawns they lost.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    /// Moves counted.
    pub moves: u32,
    /// The centipawns lost, summed.
    pub loss: u64,
    /// Moves that lost at least 50, 100 and 200 centipawns.
    pub marked: [u32; 3],
}

impl Losses {
    /// Counts a move that lost `loss` centipawns (a gain counts as 0).
    pub fn add(&mut self, loss: i32) {
        self.moves += 1;
        self.loss += u64::from(loss.max(0).unsigned_abs());
        for (k, t) in [INACCURACY, MISTAKE, BLUNDER].into_iter().enumerate() {
            if loss >= t {
                self.marked[k] += 1;
            }
        }
    }

    /// The average loss a move, in centipawns (0 with no move).
    pub fn average(&self) -> f64 {
        self.loss as f64 / f64::from(self.moves.max(1))
    }

    /// The share of moves that lost at least threshold `k` (0: 50, 1: 100,
    /// 2: 200), in percent (0 with no move).
    pub fn rate(&self, k: usize) -> f64 {
        100.0 * f64::from(self.marked[k]) / f64::from(self.moves.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_inclusive_and_gains_count_as_nothing() {
        let mut l = Losses::default();
        for loss in [-80, 0, 49, 50, 100, 199, 200, 900] {
            l.add(loss);
        }
        assert_eq!(l.moves, 8);
        assert_eq!(l.loss, 49 + 50 + 100 + 199 + 200 + 900);
        assert_eq!(l.marked, [5, 4, 2]);
        assert_eq!(l.rate(2), 25.0);
        assert_eq!(l.average(), 1498.0 / 8.0);
        assert_eq!(Losses::default().average(), 0.0);
    }
}
