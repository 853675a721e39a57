//! The consistency check of finished tables: random positions' stored
//! values against the retrograde equations over their children, read
//! back through the library's probing (not the generator's memory).

use std::fmt::Write as _;

use xiangqi::tablebase::{Dtm, Material, TableIndex, Tablebase};
use xiangqi::{Color, Position, Rng};

/// The verdict on `pos` from `tables`, with material where neither side
/// attacks a draw (a loss in 0 with no legal move).
pub fn value(tables: &Tablebase<'_>, pos: &Position) -> Option<Dtm> {
    let m = Material::of(pos.board());
    if !m.has_attackers(Color::Red) && !m.has_attackers(Color::Black) {
        return Some(if pos.has_legal_moves() {
            Dtm::Draw
        } else {
            Dtm::Loss(0)
        });
    }
    tables.probe(pos)
}

/// A value written the short way: `W3`, `D`, `L2`.
pub fn short(value: Option<Dtm>) -> String {
    match value {
        Some(Dtm::Win(n)) => format!("W{n}"),
        Some(Dtm::Loss(n)) => format!("L{n}"),
        Some(Dtm::Draw) => "D".into(),
        None => "?".into(),
    }
}

/// Why `stored` does not follow from the children's values, if it does not.
pub fn equation_error(stored: Dtm, children: &[Option<Dtm>]) -> Option<String> {
    if children.iter().any(Option::is_none) {
        return Some("a child is in no table".into());
    }
    let children: Vec<Dtm> = children.iter().flatten().copied().collect();
    let shortest_loss = children
        .iter()
        .filter_map(|c| match c {
            Dtm::Loss(n) => Some(*n),
            _ => None,
        })
        .min();
    let all_won = children.iter().all(|c| matches!(c, Dtm::Win(_)));
    let longest_win = children
        .iter()
        .filter_map(|c| match c {
            Dtm::Win(n) => Some(*n),
            _ => None,
        })
        .max();
    match stored {
        Dtm::Win(d) => match shortest_loss {
            Some(l) if l + 1 == d => None,
            Some(l) => Some(format!("won in {d}, shortest lost child {l}")),
            None => Some(format!("won in {d} without a lost child")),
        },
        Dtm::Loss(0) if children.is_empty() => None,
        Dtm::Loss(d) if children.is_empty() => Some(format!("lost in {d} with no move")),
        Dtm::Loss(d) => match (all_won, longest_win) {
            (true, Some(w)) if w + 1 == d => None,
            (true, w) => Some(format!("lost in {d}, longest won child {w:?}")),
            (false, _) => Some(format!("lost in {d} with a child not won")),
        },
        Dtm::Draw if children.is_empty() => Some("drawn with no move".into()),
        Dtm::Draw if shortest_loss.is_some() => Some("drawn with a lost child".into()),
        Dtm::Draw if all_won => Some("drawn with only won children".into()),
        Dtm::Draw => None,
    }
}

/// What a check found.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// Positions checked.
    pub checked: u64,
    /// Wins, draws and losses among them.
    pub wdl: [u64; 3],
    /// The failures, one line each (FEN and reason).
    pub failures: Vec<String>,
    /// JSON lines for an independent checker: each position's FEN, value,
    /// and its children's values by the first two FEN fields.
    pub dump: String,
}

/// Checks `samples` random legal positions of `material`'s table (the
/// canonical one, with its sub-tables, in `tables`).
pub fn check_table(
    tables: &Tablebase<'_>,
    material: Material,
    samples: u64,
    seed: u64,
) -> CheckReport {
    let index = TableIndex::new(material);
    let mut rng = Rng::new(seed);
    let mut report = CheckReport::default();
    let mut tries = 0u64;
    while report.checked < samples && tries < samples.saturating_mul(50) {
        tries += 1;
        let i = rng.next_u64() % index.len();
        let Some(pos) = index.position(i) else {
            continue;
        };
        report.checked += 1;
        let stored = tables.probe(&pos);
        let mut children = Vec::new();
        let mut json_children = String::new();
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let v = value(tables, &child);
            children.push(v);
            let fen = child.to_string();
            let key: Vec<&str> = fen.split(' ').take(2).collect();
            if !json_children.is_empty() {
                json_children.push_str(", ");
            }
            let _ = write!(json_children, "\"{}\": \"{}\"", key.join(" "), short(v));
        }
        let _ = writeln!(
            report.dump,
            "{{\"fen\": \"{pos}\", \"value\": \"{}\", \"children\": {{{json_children}}}}}",
            short(stored)
        );
        let Some(stored) = stored else {
            report.failures.push(format!("{pos}: not in the table"));
            continue;
        };
        report.wdl[match stored {
            Dtm::Win(_) => 0,
            Dtm::Draw => 1,
            Dtm::Loss(_) => 2,
        }] += 1;
        if let Some(why) = equation_error(stored, &children) {
            report.failures.push(format!("{pos}: {why}"));
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_equations_catch_wrong_values() {
        use Dtm::*;
        assert_eq!(equation_error(Win(3), &[Some(Loss(2)), Some(Draw)]), None);
        assert!(equation_error(Win(5), &[Some(Loss(2))]).is_some());
        assert!(equation_error(Win(1), &[Some(Draw)]).is_some());
        assert_eq!(equation_error(Loss(4), &[Some(Win(3)), Some(Win(1))]), None);
        assert!(equation_error(Loss(4), &[Some(Win(3)), Some(Draw)]).is_some());
        assert!(equation_error(Loss(2), &[Some(Win(3))]).is_some());
        assert_eq!(equation_error(Loss(0), &[]), None);
        assert_eq!(equation_error(Draw, &[Some(Draw), Some(Win(1))]), None);
        assert!(equation_error(Draw, &[Some(Win(1))]).is_some());
        assert!(equation_error(Draw, &[Some(Loss(0))]).is_some());
        assert!(equation_error(Draw, &[None]).is_some());
    }
}
