//! Which tables to make, and in what order: each table after the tables
//! its captures lead to.

use xiangqi::tablebase::{Material, TableIndex};
use xiangqi::{Color, Role};

use crate::EgtbError;

/// The attacking roles: the pieces that can cross the river.
pub const ATTACKERS: [Role; 4] = [Role::Chariot, Role::Cannon, Role::Horse, Role::Soldier];

/// The material as generated: the side with attacking pieces is Red.
/// Fails for material where both sides or neither side attack (the first
/// is not supported yet, the second is a draw that needs no table).
pub fn canonical(material: Material) -> Result<Material, EgtbError> {
    let red = material.has_attackers(Color::Red);
    let black = material.has_attackers(Color::Black);
    match (red, black) {
        (true, false) => Ok(material),
        (false, true) => Ok(material.flipped()),
        (true, true) => Err(EgtbError::Unsupported(material.name())),
        (false, false) => Err(EgtbError::NoTableNeeded(material.name())),
    }
}

/// The materials a capture in `material` leads to that need a table
/// (canonical), without repeats.
pub fn sub_tables(material: Material) -> Vec<Material> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let Some(sub) = material.without(color, role) else {
                continue;
            };
            if let Ok(sub) = canonical(sub) {
                if !out.contains(&sub) {
                    out.push(sub);
                }
            }
        }
    }
    out
}

/// The tables to make for `wanted`, each after its sub-tables, without
/// repeats.
///
/// ```
/// use xiangqi_egtb::plan::plan;
/// let names: Vec<String> = plan(&["knkaa".parse()?])?
///     .iter()
///     .map(|m| m.name())
///     .collect();
/// assert_eq!(names, ["knk", "knka", "knkaa"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plan(wanted: &[Material]) -> Result<Vec<Material>, EgtbError> {
    fn visit(m: Material, out: &mut Vec<Material>) {
        if out.contains(&m) {
            return;
        }
        for sub in sub_tables(m) {
            visit(sub, out);
        }
        out.push(m);
    }
    let mut out = Vec::new();
    for &m in wanted {
        visit(canonical(m)?, &mut out);
    }
    Ok(out)
}

/// Every table with one attacking piece (a chariot, cannon, horse or
/// soldier) on one side and none on the other, any advisors and elephants
/// on both sides: the smallest first.
pub fn one_attacker_set() -> Vec<Material> {
    attacker_set(&ATTACKERS.map(|a| vec![a]))
}

/// The ten pairs of attacking roles: two chariots, chariot and cannon, ...
/// two soldiers (`rr rc rn rp cc cn cp nn np pp`).
pub fn attacker_pairs() -> Vec<[Role; 2]> {
    let mut out = Vec::new();
    for (i, &a) in ATTACKERS.iter().enumerate() {
        for &b in &ATTACKERS[i..] {
            out.push([a, b]);
        }
    }
    out
}

/// Every table with two attacking pieces on one side (any pair: two
/// chariots, a chariot and a horse, two soldiers...) and none on the
/// other, any advisors and elephants on both sides: 810 tables, the
/// smallest first (`kppk`, 160 380 numbers) to the largest (`kcnaabbkaabb`,
/// `krcaabbkaabb` and `krnaabbkaabb`, 38 578 680 000 numbers each).
/// [`plan`] adds their sub-tables, the one-attacker tables among them.
///
/// ```
/// let set = xiangqi_egtb::plan::two_attacker_set();
/// assert_eq!(set.len(), 810);
/// assert_eq!(set[0].name(), "kppk");
/// ```
pub fn two_attacker_set() -> Vec<Material> {
    let pairs: Vec<Vec<Role>> = attacker_pairs().into_iter().map(Vec::from).collect();
    attacker_set(&pairs)
}

/// The tables of each group of attacking roles on Red's side, none on
/// Black's, with every combination of advisors and elephants on both
/// sides, sorted by index size (then name).
fn attacker_set(groups: &[Vec<Role>]) -> Vec<Material> {
    let mut out = Vec::new();
    for group in groups {
        for red_defenders in defenders() {
            for black_defenders in defenders() {
                let mut counts = [[0u8; Role::COUNT]; Color::COUNT];
                counts[0][Role::General.index()] = 1;
                counts[1][Role::General.index()] = 1;
                for attacker in group {
                    counts[0][attacker.index()] += 1;
                }
                counts[0][Role::Advisor.index()] = red_defenders.0;
                counts[0][Role::Elephant.index()] = red_defenders.1;
                counts[1][Role::Advisor.index()] = black_defenders.0;
                counts[1][Role::Elephant.index()] = black_defenders.1;
                if let Ok(m) = Material::from_counts(counts) {
                    out.push(m);
                }
            }
        }
    }
    out.sort_by_key(|&m| (TableIndex::new(m).len(), m.name()));
    out.dedup();
    out
}

/// Splits `wanted` into the tables whose index has at most `max_entries`
/// numbers and those larger (`None`: no limit), keeping the order. A run
/// bounded by memory or time makes the first and reports the second; the
/// sub-tables of the first are never larger than they are.
///
/// ```
/// use xiangqi_egtb::plan::within_max_entries;
/// let wanted = ["krk".parse()?, "krkaabb".parse()?];
/// let (kept, skipped) = within_max_entries(&wanted, Some(100_000));
/// assert_eq!((kept.len(), skipped.len()), (1, 1));
/// assert_eq!(skipped[0].name(), "krkaabb");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn within_max_entries(
    wanted: &[Material],
    max_entries: Option<u64>,
) -> (Vec<Material>, Vec<Material>) {
    wanted
        .iter()
        .partition(|&&m| max_entries.is_none_or(|max| TableIndex::new(m).len() <= max))
}

fn defenders() -> impl Iterator<Item = (u8, u8)> {
    (0..3).flat_map(|a| (0..3).map(move |b| (a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(ms: &[Material]) -> Vec<String> {
        ms.iter().map(|m| m.name()).collect()
    }

    #[test]
    fn sub_tables_come_first() {
        let order = plan(&["krkab".parse().unwrap(), "kaakr".parse().unwrap()]).unwrap();
        let mut sorted = names(&order);
        sorted.sort();
        assert_eq!(sorted, ["krk", "krka", "krkaa", "krkab", "krkb"]);
        for (i, m) in order.iter().enumerate() {
            for sub in sub_tables(*m) {
                assert!(order[..i].contains(&sub), "{sub} after {m}");
            }
        }
    }

    #[test]
    fn both_or_neither_side_attacking_is_refused() {
        assert!(matches!(
            plan(&["krkn".parse().unwrap()]),
            Err(EgtbError::Unsupported(_))
        ));
        assert!(matches!(
            plan(&["kakb".parse().unwrap()]),
            Err(EgtbError::NoTableNeeded(_))
        ));
    }

    #[test]
    fn the_one_attacker_set_has_324_tables() {
        let set = one_attacker_set();
        assert_eq!(set.len(), 4 * 9 * 9);
        assert_eq!(set[0].name(), "kpk");
        assert!(plan(&set).unwrap().len() == set.len());
    }

    #[test]
    fn the_two_attacker_set_has_810_tables_smallest_first() {
        let set = two_attacker_set();
        // Ten pairs of attacking roles: the four pairs of like pieces (rr
        // cc nn pp) and the six of unlike ones (rc rn rp cn cp np); each
        // side has one of nine guards (0 to 2 advisors times 0 to 2
        // elephants). `Material::from_counts` refuses more pieces of a role
        // than the game has, but every attacking role has at least two (two
        // chariots, cannons, horses; five soldiers), so it refuses none:
        // 10 x 9 x 9.
        let like_pairs = 4;
        let unlike_pairs = 4 * 3 / 2;
        assert_eq!(set.len(), (like_pairs + unlike_pairs) * 9 * 9);
        assert_eq!(set.len(), 810);
        let mut unique = names(&set);
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), set.len(), "no duplicates");
        for m in &set {
            assert!(!m.has_attackers(Color::Black), "{m}");
            let attackers: u8 = ATTACKERS.iter().map(|&r| m.count(Color::Red, r)).sum();
            assert_eq!(attackers, 2, "{m}");
            assert_eq!(canonical(*m).unwrap(), *m, "{m}");
        }
        let sizes: Vec<u64> = set.iter().map(|&m| TableIndex::new(m).len()).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
        // Two soldiers (55 squares: C(55, 2) = 1485 pairs) with no guards
        // is the smallest; a chariot or cannon with a horse or the other
        // one (90 x 90), both guards full (10 x 21 each side), the largest.
        assert_eq!(set[0].name(), "kppk");
        assert_eq!(sizes[0], 2 * 6 * 9 * 1485);
        let largest: u64 = 2 * 6 * 9 * 90 * 90 * (10 * 21) * (10 * 21);
        assert_eq!(sizes[809], largest);
        let top: Vec<String> = names(&set[807..]);
        assert_eq!(top, ["kcnaabbkaabb", "krcaabbkaabb", "krnaabbkaabb"]);
        // Every index number fits in u64, in usize on a 64-bit machine,
        // and below the solver's 2^48 limit on indexes.
        assert!(largest < 1 << 48);
        assert!(usize::try_from(largest).is_ok() || usize::BITS < 64);
        // The one-attacker and two-attacker sets do not overlap.
        let one = one_attacker_set();
        assert!(set.iter().all(|m| !one.contains(m)));
    }

    #[test]
    fn two_attacker_sub_tables_come_first() {
        // The smallest 40 tables and one with guards on both sides: the
        // plan adds their sub-tables (one-attacker tables among them),
        // each before every table it is a sub-table of.
        let mut wanted: Vec<Material> = two_attacker_set()[..40].to_vec();
        wanted.push("kcnabkab".parse().unwrap());
        let order = plan(&wanted).unwrap();
        for (i, m) in order.iter().enumerate() {
            for sub in sub_tables(*m) {
                assert!(order[..i].contains(&sub), "{sub} after {m}");
            }
        }
        for name in ["kck", "knk", "kcnk", "kcnabka", "kcnkab", "kcabkab"] {
            assert!(order.contains(&name.parse().unwrap()), "{name}");
        }
        let mut unique = names(&order);
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), order.len());
    }

    #[test]
    fn max_entries_skips_the_larger_wanted_tables() {
        let set = two_attacker_set();
        // kppk 160 380, krrk and the other pairs of like pieces 432 540,
        // kpka... The limit keeps those at or under it, in order.
        let (kept, skipped) = within_max_entries(&set, Some(432_540));
        assert_eq!(
            names(&kept),
            ["kppk", "kcck", "knnk", "krrk"],
            "kppk and the three 90-square pairs"
        );
        assert_eq!(skipped.len(), set.len() - 4);
        assert!(skipped.iter().all(|&m| TableIndex::new(m).len() > 432_540));
        let (all, none) = within_max_entries(&set, None);
        assert_eq!((all.len(), none.len()), (810, 0));
        let (none, all) = within_max_entries(&set, Some(0));
        assert_eq!((none.len(), all.len()), (0, 810));
    }
}
