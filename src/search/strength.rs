//! Playing strength below full: skill levels that stop deepening early and
//! pick, among the best few lines, a move that looks about as good as the
//! best; and the Elo each level measured.

use super::{MATE_SCORE, Score, SearchInfo};
use crate::base::{Move, Rng};

/// How strongly a [`Searcher`](super::Searcher) plays: full strength, or a
/// skill level from 0 (weakest) to 19, chosen directly or by an Elo
/// rating ([`Strength::from_elo`]). Set with
/// [`Searcher::set_strength`](super::Searcher::set_strength).
///
/// Below full strength a search looks at its best four lines (at least;
/// more with a larger `multi_pv`), starts no new iteration once it has
/// searched the level's nodes (from 400 at level 0 to 80 000 at level 19,
/// whatever the time given), and plays the line that scores best after a
/// random push of up to the level's margin (190 centipawns at level 0, 3 at
/// level 19): it chooses among moves that look about as good as the best,
/// never one that looks more than the margin worse, and it misses more of
/// the tactics a deeper search would see the lower the level. Every move it
/// plays is a legal move the search searched: weaker levels never break
/// the rules. The pushes come from a generator seeded by
/// [`Strength::with_seed`], so a seed gives the same games.
///
/// Each level's Elo ([`Strength::elo`]) was measured in games between
/// neighbouring levels and of full strength against ElephantEye 3.31 at
/// 100 ms a move, which anchors the scale at 2000 (`docs/levels.md`).
///
/// ```
/// use xiangqi::{Limits, Position, Searcher, Strength};
///
/// let mut s = Searcher::default();
/// s.set_strength(Strength::skill(3).with_seed(7));
/// let r = s.search_simple(&Position::new(), &Limits::depth(10));
/// assert!(Position::new().is_legal(r.best_move.unwrap()));
/// assert_eq!(Strength::skill(25), Strength::FULL);
/// let weak = Strength::from_elo(1200);
/// assert!(weak.level() < 20 && weak.elo().abs_diff(1200) <= 100);
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
    /// Full strength: the search's best move, always (the default).
    ///
    /// ```
    /// use xiangqi::{Limits, Position, Searcher, Strength};
    /// assert_eq!((Strength::FULL.level(), Strength::default()), (20, Strength::FULL));
    /// // At full strength the search is deterministic on one thread.
    /// let mut s = Searcher::default();
    /// s.set_strength(Strength::FULL);
    /// let a = s.search_simple(&Position::new(), &Limits::nodes(3_000));
    /// let b = Searcher::default().search_simple(&Position::new(), &Limits::nodes(3_000));
    /// assert_eq!((a.best_move, a.nodes), (b.best_move, b.nodes));
    /// ```
    pub const FULL: Strength = Strength {
        level: FULL_LEVEL,
        seed: 0,
    };

    /// The Elo of level 0, the weakest.
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::skill(0).elo(), Strength::MIN_ELO);
    /// assert_eq!(Strength::from_elo(Strength::MIN_ELO - 100).level(), 0);
    /// ```
    pub const MIN_ELO: u32 = LEVEL_ELO[0] as u32;

    /// The Elo of level 19, the strongest below full strength (full
    /// strength measured higher: [`Strength::elo`] of [`Strength::FULL`]).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::skill(19).elo(), Strength::MAX_ELO);
    /// assert_eq!(Strength::from_elo(Strength::MAX_ELO + 500).level(), 19);
    /// assert!(Strength::FULL.elo() > Strength::MAX_ELO);
    /// ```
    pub const MAX_ELO: u32 = LEVEL_ELO[FULL_LEVEL as usize - 1] as u32;

    /// Skill `level` 0 (weakest) to 20 (full strength; larger is full too).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::skill(7).level(), 7);
    /// assert_eq!(Strength::skill(20), Strength::FULL);
    /// assert_eq!(Strength::skill(255), Strength::FULL);
    /// ```
    pub fn skill(level: u8) -> Strength {
        Strength {
            level: level.min(FULL_LEVEL),
            seed: 0,
        }
    }

    /// The same level with the random pushes drawn from `seed` (full
    /// strength has no pushes, and stays [`Strength::FULL`]).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// let s = Strength::skill(5).with_seed(42);
    /// assert_eq!((s.level(), s.seed()), (5, 42));
    /// assert_eq!(Strength::FULL.with_seed(42), Strength::FULL);
    /// ```
    pub fn with_seed(self, seed: u64) -> Strength {
        if self.level == FULL_LEVEL {
            return Strength::FULL;
        }
        Strength { seed, ..self }
    }

    /// The skill level, 0 to 20 (20: full strength).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::FULL.level(), 20);
    /// assert_eq!(Strength::default().level(), 20);
    /// ```
    pub fn level(self) -> u8 {
        self.level
    }

    /// The level below full strength whose measured Elo is nearest `elo`
    /// (at most [`Strength::MAX_ELO`], level 19's: a limited strength is
    /// never full strength, as with Stockfish's `UCI_Elo`; below
    /// [`Strength::MIN_ELO`], level 0).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::from_elo(0).level(), 0);
    /// assert_eq!(Strength::from_elo(Strength::MAX_ELO).level(), 19);
    /// assert_eq!(Strength::from_elo(Strength::skill(9).elo()).level(), 9);
    /// assert!(Strength::from_elo(1500).elo().abs_diff(1500) <= 100);
    /// ```
    pub fn from_elo(elo: u32) -> Strength {
        let mut best = 0;
        for (level, &e) in LEVEL_ELO[..FULL_LEVEL as usize].iter().enumerate() {
            if u32::from(e).abs_diff(elo) < u32::from(LEVEL_ELO[best]).abs_diff(elo) {
                best = level;
            }
        }
        Strength::skill(best as u8)
    }

    /// The Elo this level measured (full strength: at 100 ms a move), on
    /// the scale where ElephantEye 3.31 at 100 ms a move is 2000.
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::skill(0).elo(), Strength::MIN_ELO);
    /// assert_eq!(Strength::skill(19).elo(), Strength::MAX_ELO);
    /// // From level 2 up, each level measured stronger than the one below
    /// // (levels 0 and 1 measured the same).
    /// assert!((2..=20).all(|l| Strength::skill(l).elo() > Strength::skill(l - 1).elo()));
    /// assert!(Strength::FULL.elo() > 2000);
    /// ```
    pub fn elo(self) -> u32 {
        u32::from(LEVEL_ELO[usize::from(self.level.min(FULL_LEVEL))])
    }

    /// The seed of the random pushes (0 unless set by
    /// [`Strength::with_seed`]).
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert_eq!(Strength::skill(3).seed(), 0);
    /// assert_eq!(Strength::skill(3).with_seed(9).seed(), 9);
    /// ```
    pub fn seed(self) -> u64 {
        self.seed
    }

    /// Whether this is full strength.
    ///
    /// ```
    /// use xiangqi::Strength;
    /// assert!(Strength::FULL.is_full());
    /// assert!(!Strength::skill(19).is_full());
    /// assert!(!Strength::from_elo(u32::MAX).is_full());
    /// ```
    pub fn is_full(self) -> bool {
        self.level >= FULL_LEVEL
    }

    /// The nodes after which the search starts no new iteration (the
    /// iteration under way is finished): `None` at full strength.
    pub(super) fn deepen_nodes(self) -> Option<u64> {
        let i = usize::from(self.level);
        LEVELS.get(i).map(|l| u64::from(l.0))
    }

    /// The most centipawns a pick may give up against the best line, as
    /// the search scores them.
    pub(super) fn margin(self) -> i64 {
        i64::from(LEVELS[usize::from(self.level.min(FULL_LEVEL - 1))].1)
    }

    /// The lines a search at this level looks at, given the lines asked.
    pub(super) fn lines(self, asked: usize) -> usize {
        asked.max(4)
    }

    /// The line to play among `lines` (the last iteration's, best first),
    /// drawing the pushes from `rng`: each line's score plus a push drawn
    /// evenly from `0..=margin`, the best sum wins. A line more than the
    /// margin below the best is never played.
    pub(super) fn pick(self, lines: &[SearchInfo], rng: &mut Rng) -> Option<usize> {
        let margin = self.margin();
        let mut best = None;
        let mut max = i64::MIN;
        for (i, line) in lines.iter().enumerate() {
            let push = (rng.next_u64() % (margin as u64 + 1)) as i64;
            let s = value(line.score).saturating_add(push);
            if s > max {
                max = s;
                best = Some(i);
            }
        }
        best
    }
}

/// Each level below full: the nodes after which the search stops
/// deepening, and the pick's margin in centipawns. Fewer nodes make the
/// lower levels miss tactics a few plies deep (400 nodes, about three
/// plies, at the bottom: with one or two plies a level loses 200
/// centipawns on a fifth of its moves); the margin makes every level choose
/// among moves that look about as good, never one that looks more than the
/// margin worse. The node budgets do not depend on the time given: a level
/// plays as strongly at any time control (on any machine) once its time is
/// enough for its nodes.
const LEVELS: [(u32, u16); FULL_LEVEL as usize] = [
    (400, 190),
    (400, 165),
    (400, 140),
    (400, 120),
    (400, 112),
    (520, 104),
    (700, 96),
    (960, 88),
    (1_300, 80),
    (1_800, 72),
    (2_400, 64),
    (3_300, 56),
    (4_500, 48),
    (6_100, 40),
    (8_300, 33),
    (11_000, 26),
    (15_000, 20),
    (25_000, 12),
    (45_000, 7),
    (80_000, 3),
];

/// The Elo each level measured, 0 to 20 (`docs/levels.md`: 100 games
/// between each level and the next at 100 ms a move, and 100 of full
/// strength against ElephantEye 3.31 = 2000, fitted together by
/// `lab/scripts/level_elo.py`; levels 0 and 1 scored 50% against each other).
const LEVEL_ELO: [u16; FULL_LEVEL as usize + 1] = [
    379, 379, 404, 428, 445, 501, 568, 657, 857, 957, 989, 1128, 1209, 1287, 1394, 1558, 1705,
    1825, 1997, 2120, 2372,
];

/// A score as a number that orders like the search's values.
fn value(score: Score) -> i64 {
    i64::from(match score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => MATE_SCORE - (2 * m - 1),
        Score::Mate(m) => -MATE_SCORE - 2 * m,
    })
}

/// The move and line to play at a strength below full: the picked line of
/// the last iteration's (`None` at full strength, where `lines` is empty).
pub(super) fn chosen<'a>(
    strength: Strength,
    lines: &'a [SearchInfo],
    rng: &mut Rng,
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
            let mut rng = Rng::from_state(1);
            let s = Strength::skill(level);
            let best = (0..2000)
                .filter(|_| s.pick(&lines, &mut rng) == Some(0))
                .count();
            rates.push(best);
        }
        assert!(rates.windows(2).all(|w| w[0] <= w[1]), "{rates:?}");
        assert!(rates[0] < 1400 && rates[4] == 2000, "{rates:?}");
    }

    #[test]
    fn no_pick_looks_worse_than_the_margin() {
        let m = i32::try_from(Strength::skill(0).margin()).unwrap();
        let lines = [
            line(1, 100, "h2e2"),
            line(2, 100 - (m - 40), "b2e2"),
            line(3, 100 - m, "c3c4"),
            line(4, -400, "h0g2"),
        ];
        let mut rng = Rng::from_state(3);
        let mut seen = [0; 4];
        for _ in 0..5000 {
            seen[Strength::skill(0).pick(&lines, &mut rng).unwrap()] += 1;
        }
        // Level 0's margin m: the line m - 40 worse is picked sometimes, the
        // one m worse only on an exact tie (never: the best wins ties), the
        // one 500 worse never.
        assert!(seen[1] > 0 && seen[2] == 0 && seen[3] == 0, "{seen:?}");
        let margins: Vec<i64> = (0..20).map(|l| Strength::skill(l).margin()).collect();
        assert!(margins.windows(2).all(|w| w[0] > w[1]) && margins[0] < 200);
    }

    #[test]
    fn levels_search_more_and_rate_higher_as_they_rise() {
        let nodes: Vec<u64> = (0..20)
            .map(|l| Strength::skill(l).deepen_nodes().unwrap())
            .collect();
        // Each level searches at least as many nodes as the one below (at
        // least 400: about three plies) with a smaller margin.
        assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
        assert!(nodes[0] >= 400 && nodes[19] > nodes[0]);
        assert_eq!(Strength::FULL.deepen_nodes(), None);
        // Measured, so neighbours may tie (levels 0 and 1 scored 50%), but
        // no level measured below the one beneath it.
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] <= w[1]));
        // Neighbouring levels below full are at most 200 apart, so the
        // nearest level to any Elo in range is within 100 of it.
        assert!(LEVEL_ELO[..20].windows(2).all(|w| w[1] - w[0] <= 200));
        for elo in (0..3000).step_by(7) {
            let s = Strength::from_elo(elo);
            if (Strength::MIN_ELO..=Strength::MAX_ELO).contains(&elo) {
                assert!(s.elo().abs_diff(elo) <= 100, "{elo} -> {s:?}");
            }
        }
        for level in 0..20 {
            let elo = Strength::skill(level).elo();
            assert_eq!(Strength::from_elo(elo).elo(), elo);
        }
        assert!(Strength::FULL.elo() > Strength::MAX_ELO);
        assert_eq!(Strength::from_elo(u32::MAX).level(), 19);
    }

    #[test]
    fn a_mated_line_is_not_picked_over_a_sound_one() {
        let mut lines = vec![line(1, 30, "h2e2"), line(2, 0, "b2e2")];
        lines.push(SearchInfo {
            score: Score::Mate(-2),
            ..line(3, 0, "c3c4")
        });
        let mut rng = Rng::from_state(5);
        for _ in 0..1000 {
            assert_ne!(Strength::skill(0).pick(&lines, &mut rng), Some(2));
        }
    }

    /// The pushes' stream is the one the private xorshift64* gave before
    /// `Rng` served it: the same picks for the same seeds.
    #[test]
    fn pushes_follow_the_former_generator() {
        fn former(state: &mut u64) -> u64 {
            if *state == 0 {
                *state = 0x9E37_79B9_7F4A_7C15;
            }
            *state ^= *state >> 12;
            *state ^= *state << 25;
            *state ^= *state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        for seed in [0, 1, 7, 42, u64::MAX] {
            let (mut old, mut rng) = (seed, Rng::from_state(seed));
            for _ in 0..1000 {
                assert_eq!(former(&mut old), rng.next_u64(), "seed {seed}");
            }
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
