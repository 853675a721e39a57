//! Plugging your own evaluation into the search.
//!
//! ```text
//! cargo run --release --example custom_eval
//! ```
//!
//! Any type implementing [`Evaluator`] can drive the search: here a
//! material-only evaluator (as a neural network would, it just scores the
//! position for the side to move), compared with the default evaluator on
//! the same position.

use xiangqi::{Evaluator, Limits, MaterialPst, Position, Role, Searcher};

/// Counts material only, with classic values.
struct MaterialOnly;

impl Evaluator for MaterialOnly {
    fn evaluate(&self, pos: &Position) -> i32 {
        const VALUES: [(Role, i32); 6] = [
            (Role::Advisor, 200),
            (Role::Elephant, 200),
            (Role::Horse, 400),
            (Role::Chariot, 900),
            (Role::Cannon, 450),
            (Role::Soldier, 100),
        ];
        let b = pos.board();
        let (us, them) = (b.by_color(pos.turn()), b.by_color(!pos.turn()));
        VALUES
            .iter()
            .map(|&(role, v)| {
                let r = b.by_role(role);
                v * ((r & us).count() as i32 - (r & them).count() as i32)
            })
            .sum()
    }
}

fn main() {
    let pos = Position::new();
    let limits = Limits::depth(6);
    let custom = Searcher::new(MaterialOnly).search_simple(&pos, &limits);
    let default = Searcher::new(MaterialPst::default()).search_simple(&pos, &limits);
    for (name, r) in [("material only", custom), ("default", default)] {
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "{name:>13}: best {} score {} depth {} nodes {} pv {}",
            r.best_move.map_or("none".to_string(), |m| m.to_string()),
            r.score,
            r.depth,
            r.nodes,
            pv.join(" ")
        );
    }
}
