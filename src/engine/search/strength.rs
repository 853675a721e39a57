//! Playing strength below full: a skill level that makes the search pick,
//! among its best few lines, a move that is not always the best, as
//! Stockfish's `Skill Level` does.

use super::{MATE_SCORE, Score, SearchInfo};
use crate::base::Move;

/// How strongly a [`Searcher`](super::Searcher) plays: full strength, or a
/// skill level from 0 (weakest) to 19. Set with
/// [`Searcher::set_strength`](super::Searcher::set_strength).
///
/// Below full strength a search looks at its best four lines (at least;
/// more with a larger `multi_pv`), goes at most `1 + level` plies deep, and
/// plays the line that scores best after a random push that grows as the
/// level falls and as the lines' scores spread (Stockfish's rule: level 0
/// plays nearly at random among the four, level 19 rarely leaves the
/// best). Every move it plays is a legal move the search searched: weaker
/// levels never break the rules. The pushes come from a generator seeded by
/// [`Strength::with_seed`], so a seed gives the same games.
///
/// ```
/// use xiangqi::{Limits, Position, Searcher, Strength};
///
/// let mut s = Searcher::default();
/// s.set_strength(Strength::skill(3).with_seed(7));
/// let r = s.search_simple(&Position::new(), &Limits::depth(10));
/// assert!(r.depth <= 4);
/// assert!(Position::new().is_legal(r.best_move.unwrap()));
/// assert_eq!(Strength::skill(25), Strength::FULL);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strength {
    level: u8,
    seed: u64,
}

/// The full-strength level.
const FULL_LEVEL: u8 = 20;

impl Default for Strength {
    fn default() -> Self {
        Strength::FULL
    }
}

impl Strength {
    /// Full strength: the search's best move, always.
    pub const FULL: Strength = Strength {
        level: FULL_LEVEL,
        seed: 0,
    };

    /// Skill `level` 0 (weakest) to 20 (full strength; larger is full too).
    pub fn skill(level: u8) -> Strength {
        Strength {
            level: level.min(FULL_LEVEL),
            seed: 0,
        }
    }

    /// The same level with the random pushes drawn from `seed`.
    pub fn with_seed(self, seed: u64) -> Strength {
        if self.level == FULL_LEVEL {
            return Strength::FULL;
        }
        Strength { seed, ..self }
    }

    /// The skill level, 0 to 20 (20: full strength).
    pub fn level(self) -> u8 {
        self.level
    }

    /// The seed of the random pushes.
    pub fn seed(self) -> u64 {
        self.seed
    }

    /// Whether this is full strength.
    pub fn is_full(self) -> bool {
        self.level >= FULL_LEVEL
    }

    /// The deepest iteration at this level.
    pub(super) fn max_depth(self) -> u32 {
        1 + u32::from(self.level)
    }

    /// The lines a search at this level looks at, given the lines asked.
    pub(super) fn lines(self, asked: usize) -> usize {
        asked.max(4)
    }

    /// The line to play among `lines` (the last iteration's, best first),
    /// drawing the pushes from `rng`.
    pub(super) fn pick(self, lines: &[SearchInfo], rng: &mut u64) -> Option<usize> {
        let top = value(lines.first()?.score);
        let weakness = 120 - 2 * i64::from(self.level);
        let last = value(lines.last()?.score);
        let delta = (top - last).min(100);
        let mut best = None;
        let mut max = i64::MIN;
        for (i, line) in lines.iter().enumerate() {
            let s = value(line.score);
            let random = (next(rng) % weakness as u64) as i64;
            let push = (weakness * (top - s) + delta * random) / 128;
            if s + push > max {
                max = s + push;
                best = Some(i);
            }
        }
        best
    }
}

/// A score as a number that orders like the search's values.
fn value(score: Score) -> i64 {
    i64::from(match score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => MATE_SCORE - (2 * m - 1),
        Score::Mate(m) => -MATE_SCORE - 2 * m,
    })
}

/// xorshift64*: the pushes' generator.
fn next(state: &mut u64) -> u64 {
    if *state == 0 {
        *state = 0x9E37_79B9_7F4A_7C15;
    }
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// The move and line to play at a strength below full: the picked line of
/// the last iteration's (`None` at full strength, where `lines` is empty).
pub(super) fn chosen<'a>(
    strength: Strength,
    lines: &'a [SearchInfo],
    rng: &mut u64,
) -> Option<(Move, &'a SearchInfo)> {
    let i = strength.pick(lines, rng)?;
    let line = &lines[i];
    line.pv.first().map(|&m| (m, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn line(multipv: usize, cp: i32, mv: &str) -> SearchInfo {
        SearchInfo {
            depth: 5,
            seldepth: 5,
            multipv,
            score: Score::Cp(cp),
            nodes: 0,
            nps: 0,
            time: Duration::ZERO,
            hashfull: 0,
            pv: vec![mv.parse().unwrap()],
        }
    }

    #[test]
    fn weaker_levels_leave_the_best_line_more_often() {
        let lines = [
            line(1, 50, "h2e2"),
            line(2, 20, "b2e2"),
            line(3, -10, "c3c4"),
            line(4, -60, "h0g2"),
        ];
        let mut rates = Vec::new();
        for level in [0u8, 5, 10, 15, 19] {
            let mut rng = 1;
            let s = Strength::skill(level);
            let best = (0..2000)
                .filter(|_| s.pick(&lines, &mut rng) == Some(0))
                .count();
            rates.push(best);
        }
        assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");
        // Level 0 plays the best line about 30% of the time, level 19 about 58%
        // here (Stockfish's rule, with its pawn-value cap as 100 cp).
        assert!(rates[0] < 700 && rates[4] > 1100, "{rates:?}");
    }

    #[test]
    fn a_mated_line_is_not_picked_over_a_sound_one() {
        let mut lines = vec![line(1, 30, "h2e2"), line(2, 0, "b2e2")];
        lines.push(SearchInfo {
            score: Score::Mate(-2),
            ..line(3, 0, "c3c4")
        });
        let mut rng = 5;
        for _ in 0..1000 {
            assert_ne!(Strength::skill(0).pick(&lines, &mut rng), Some(2));
        }
    }

    #[test]
    fn full_strength_has_no_seed_and_levels_clamp() {
        assert!(Strength::skill(20).is_full() && Strength::FULL.is_full());
        assert_eq!(Strength::FULL.with_seed(9), Strength::FULL);
        assert_eq!(Strength::skill(4).with_seed(9).seed(), 9);
        assert_eq!(Strength::default(), Strength::FULL);
    }
}
