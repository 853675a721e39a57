//! Which tables to make, and in what order: each table after the tables
//! its captures lead to.

use xiangqi::tablebase::Material;
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
    let mut out = Vec::new();
    for attacker in ATTACKERS {
        for red_defenders in defenders() {
            for black_defenders in defenders() {
                let mut counts = [[0u8; Role::COUNT]; Color::COUNT];
                counts[0][Role::General.index()] = 1;
                counts[1][Role::General.index()] = 1;
                counts[0][attacker.index()] = 1;
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
    out.sort_by_key(|&m| (xiangqi::tablebase::TableIndex::new(m).len(), m.name()));
    out
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
}
