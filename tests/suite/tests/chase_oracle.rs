//! `Game` verdicts against two oracles on thousands of random games that
//! shuffle pieces back and forth: Pikafish's own rule judge
//! (`Position::rule_judge`) and pyffish (Fairy-Stockfish), each asked after
//! every ply. The data, `tests/data/oracle_verdicts.txt`, comes from the
//! engines only (`tests/scripts/gen_oracle_verdicts.py`); this test replays each
//! game through `Game` and compares the first verdict (ply, result and, for
//! Pikafish, the reason) with each engine's.
//!
//! Each engine is compared with `Game` under the rules that engine plays:
//!
//! * Pikafish: `Rules::default()` with its check cap (10) and its reading of
//!   pins (`pinned_chases_pinner`);
//! * pyffish: a 50-move limit with the check cap, no insufficient-material
//!   draw, and checking moves that chase (`checks_also_chase`).
//!
//! The move limits cannot decide: every game starts with a halfmove clock
//! of 0 and is at most 90 plies long (fewer than either engine's limit), and
//! no game loses its last soldier, so no rule on insufficient material
//! applies. Where `Game` differs, the game is listed in
//! `tests/data/oracle_differences.txt` with our verdict and a category of
//! reason; `VERDICTS.md` (repository root) argues each category from the
//! rule book. The default rules (the rule book's reading) are compared with
//! both engines too, and their differences are listed the same way.

use std::collections::HashMap;
use std::fs;

use xiangqi::{Game, Position, Rules};
use xiangqi_suite::data_fields;

/// The engine a verdict comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Oracle {
    Pikafish,
    Pyffish,
}

/// A first verdict: ply (1-based), result from Red's side, reason.
#[derive(Clone, Debug, PartialEq, Eq)]
struct End {
    ply: usize,
    result: String,
    reason: String,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.ply, self.result, self.reason)
    }
}

struct Case {
    id: String,
    fen: String,
    moves: Vec<String>,
    pikafish: Option<End>,
    pyffish: Option<End>,
}

fn parse_end(s: &str) -> Option<End> {
    if s == "*" {
        return None;
    }
    let f: Vec<&str> = s.split(' ').collect();
    assert_eq!(f.len(), 3, "bad verdict {s}");
    Some(End {
        ply: f[0].parse().expect("ply"),
        result: f[1].to_string(),
        reason: f[2].to_string(),
    })
}

fn load() -> Vec<Case> {
    data_fields("oracle_verdicts.txt", 6)
        .into_iter()
        .map(|f| Case {
            id: f[0].clone(),
            fen: f[2].clone(),
            moves: f[3].split_whitespace().map(str::to_string).collect(),
            pikafish: parse_end(&f[4]),
            pyffish: parse_end(&f[5]),
        })
        .collect()
}

/// Pikafish's rules: 60 moves, its check cap, pinned pieces chase their
/// pinners.
fn pikafish_rules() -> Rules {
    Rules::default()
        .with_check_cap(Some(10))
        .with_pinned_chases_pinner(true)
}

/// pyffish's rules: 50 moves with the check cap, no material draw, checking
/// moves chase too.
fn pyffish_rules() -> Rules {
    Rules::default()
        .with_move_limit(Some(50))
        .with_check_cap(Some(10))
        .with_insufficient_material(false)
        .with_checks_also_chase(true)
}

fn engine_rules(oracle: Oracle) -> Rules {
    match oracle {
        Oracle::Pikafish => pikafish_rules(),
        Oracle::Pyffish => pyffish_rules(),
    }
}

/// Our verdict's explanation at our first verdict, if any.
fn explain(case: &Case, rules: Rules) -> String {
    let start: Position = case.fen.parse().expect("fen");
    let mut game = Game::with_rules(start, rules);
    for m in &case.moves {
        game.play_on(m.parse().expect("move")).expect("legal");
        if let Some(v) = game.outcome() {
            return v.to_string();
        }
    }
    "no verdict".to_string()
}

/// The first verdict `Game` reaches in the game (it plays on past it, as
/// the engines were asked after every ply).
fn ours(case: &Case, rules: Rules) -> Option<End> {
    let start: Position = case
        .fen
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", case.id));
    let mut game = Game::with_rules(start, rules);
    assert!(game.outcome().is_none(), "{}: over at the start", case.id);
    for (i, m) in case.moves.iter().enumerate() {
        let mv = m
            .parse()
            .unwrap_or_else(|_| panic!("{}: bad move {m}", case.id));
        game.play_on(mv)
            .unwrap_or_else(|e| panic!("{}: ply {}: {e}", case.id, i + 1));
        if let Some(v) = game.outcome() {
            return Some(End {
                ply: i + 1,
                result: v.result().to_string(),
                reason: v.reason.name().to_string(),
            });
        }
    }
    None
}

/// Whether our verdict agrees with the engine's: same ply and result, and
/// for Pikafish (which names its reason) the same reason.
fn agrees(oracle: Oracle, ours: &Option<End>, theirs: &Option<End>) -> bool {
    match (ours, theirs) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.ply == b.ply
                && a.result == b.result
                && (oracle == Oracle::Pyffish || a.reason == b.reason)
        }
        _ => false,
    }
}

fn show(e: &Option<End>) -> String {
    e.as_ref().map_or("*".to_string(), End::to_string)
}

/// Which rules `Game` plays a comparison under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Setting {
    /// The rules of the engine compared with.
    Engine,
    /// `Rules::default()` (the rule book's reading).
    Default,
}

/// A listed difference: game, setting, engine, our first verdict and the
/// category of the reason, argued in `VERDICTS.md`.
struct Difference {
    id: String,
    setting: Setting,
    oracle: Oracle,
    ours: String,
    category: String,
}

/// The categories `VERDICTS.md` argues.
const CATEGORIES: &[&str] = &[
    "fsf-misses-chase",
    "fsf-extra-chase",
    "fsf-other-side",
    "check-in-cycle",
    "pinned",
    "one-check-one-chase",
];

/// `tests/data/oracle_differences.txt`: one listed difference a line,
/// `<id>|<engine|default>|<pikafish|pyffish>|<our verdict>|<category>`.
fn differences() -> Vec<Difference> {
    data_fields("oracle_differences.txt", 5)
        .into_iter()
        .map(|f| {
            assert!(
                CATEGORIES.contains(&f[4].as_str()),
                "unknown category in {f:?}"
            );
            Difference {
                id: f[0].clone(),
                setting: match f[1].as_str() {
                    "engine" => Setting::Engine,
                    "default" => Setting::Default,
                    other => panic!("bad setting {other}"),
                },
                oracle: match f[2].as_str() {
                    "pikafish" => Oracle::Pikafish,
                    "pyffish" => Oracle::Pyffish,
                    other => panic!("bad engine {other}"),
                },
                ours: f[3].clone(),
                category: f[4].clone(),
            }
        })
        .collect()
}

fn check(
    cases: &[Case],
    setting: Setting,
    rules_for: impl Fn(Oracle) -> Rules,
) -> (HashMap<Oracle, usize>, Vec<String>) {
    let all = differences();
    let listed: Vec<&Difference> = all.iter().filter(|d| d.setting == setting).collect();
    let mut agree = HashMap::new();
    let mut failures = Vec::new();
    for case in cases {
        for (oracle, theirs) in [
            (Oracle::Pikafish, &case.pikafish),
            (Oracle::Pyffish, &case.pyffish),
        ] {
            let got = ours(case, rules_for(oracle));
            let listed = listed
                .iter()
                .find(|d| d.id == case.id && d.oracle == oracle);
            if agrees(oracle, &got, theirs) {
                *agree.entry(oracle).or_insert(0) += 1;
                if let Some(d) = listed {
                    failures.push(format!(
                        "{} {oracle:?}: listed as a difference ({}) but agrees: {}",
                        case.id,
                        d.category,
                        show(&got)
                    ));
                }
            } else {
                match listed {
                    Some(d) if d.ours == show(&got) => {}
                    Some(d) => failures.push(format!(
                        "{} {oracle:?}: listed as {} ({}), got {}, engine {}",
                        case.id,
                        d.ours,
                        d.category,
                        show(&got),
                        show(theirs)
                    )),
                    None => failures.push(format!(
                        "{}|{setting:?}|{oracle:?}: engine {}, we say {}: {}",
                        case.id,
                        show(theirs),
                        show(&got),
                        explain(case, rules_for(oracle))
                    )),
                }
            }
        }
    }
    for d in listed {
        assert!(
            cases.iter().any(|c| c.id == d.id),
            "listed game {} is not in the data",
            d.id
        );
    }
    (agree, failures)
}

#[test]
fn agrees_with_each_engine_under_its_rules() {
    let cases = load();
    assert!(cases.len() >= 2000, "only {} games", cases.len());
    assert_agrees(&cases, "engine", Setting::Engine, engine_rules);
}

/// Checks `cases` under `setting` and the rules `rules` gives each oracle,
/// printing the agreement counts and failing on any unlisted disagreement.
fn assert_agrees(cases: &[Case], name: &str, setting: Setting, rules: impl Fn(Oracle) -> Rules) {
    let (agree, failures) = check(cases, setting, rules);
    eprintln!(
        "{name} rules: {} games, agree with Pikafish {}, with pyffish {}",
        cases.len(),
        agree.get(&Oracle::Pikafish).unwrap_or(&0),
        agree.get(&Oracle::Pyffish).unwrap_or(&0)
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn default_rules_differ_only_where_listed() {
    let cases = load();
    assert_agrees(&cases, "default", Setting::Default, |_| Rules::default());
}

/// The data exercises what it is for: many games end by perpetual check,
/// perpetual chase and repetition, by both engines' verdicts.
#[test]
fn the_games_end_in_every_way() {
    let cases = load();
    let mut tally: HashMap<(Oracle, String), usize> = HashMap::new();
    for case in &cases {
        for (oracle, end) in [
            (Oracle::Pikafish, &case.pikafish),
            (Oracle::Pyffish, &case.pyffish),
        ] {
            let reason = end
                .as_ref()
                .map_or("none".to_string(), |e| e.reason.clone());
            *tally.entry((oracle, reason)).or_insert(0) += 1;
        }
    }
    for oracle in [Oracle::Pikafish, Oracle::Pyffish] {
        for (reason, min) in [
            ("repetition", 1000),
            ("perpetual_check", 100),
            ("perpetual_chase", 100),
            ("checkmate", 10),
        ] {
            let n = tally
                .get(&(oracle, reason.to_string()))
                .copied()
                .unwrap_or(0);
            assert!(n >= min, "{oracle:?}: only {n} games end by {reason}");
        }
    }
}

/// Every difference from pyffish that is put down to pyffish's chase
/// detection is one where Pikafish's judge, which diffs the complete sets
/// of threatened pieces, gives our verdict (under Pikafish's rules).
#[test]
fn pyffish_chase_differences_have_pikafish_on_our_side() {
    let cases = load();
    let mut n = 0;
    for d in differences()
        .iter()
        .filter(|d| d.oracle == Oracle::Pyffish && d.category.starts_with("fsf-"))
    {
        let case = cases.iter().find(|c| c.id == d.id).expect("listed game");
        let got = ours(case, pikafish_rules());
        assert!(
            agrees(Oracle::Pikafish, &got, &case.pikafish),
            "{}: Pikafish {}, we {}",
            d.id,
            show(&case.pikafish),
            show(&got)
        );
        assert_eq!(
            got.as_ref().map(|e| (e.ply, e.result.as_str())),
            case.pikafish.as_ref().map(|e| (e.ply, e.result.as_str())),
        );
        n += 1;
    }
    eprintln!("{n} listed pyffish differences, Pikafish with us on all");
}

/// Prints every game where `Game` differs from an engine, with our
/// explanation, as a starting point for `oracle_differences.txt`:
/// `cargo test --release --test chase_oracle -- --ignored --nocapture`.
#[test]
#[ignore]
fn report_differences() {
    let cases = load();
    for (setting, name) in [(Setting::Engine, "engine"), (Setting::Default, "default")] {
        for case in &cases {
            for (oracle, theirs) in [
                (Oracle::Pikafish, &case.pikafish),
                (Oracle::Pyffish, &case.pyffish),
            ] {
                let rules = match setting {
                    Setting::Engine => engine_rules(oracle),
                    Setting::Default => Rules::default(),
                };
                let got = ours(case, rules.clone());
                if !agrees(oracle, &got, theirs) {
                    let pika = ours(case, pikafish_rules());
                    println!(
                        "DIFF {}|{name}|{}|{}|engine {}|pikafish-agrees-with-pikafish-rules {}|{}",
                        case.id,
                        format!("{oracle:?}").to_lowercase(),
                        show(&got),
                        show(theirs),
                        agrees(Oracle::Pikafish, &pika, &case.pikafish),
                        explain(case, rules)
                    );
                }
            }
        }
    }
}

/// `VERDICTS.md` (repository root) names every listed game.
#[test]
fn verdicts_md_lists_every_difference() {
    let path = format!("{}/../../VERDICTS.md", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for d in differences() {
        assert!(text.contains(&format!("| {} |", d.id)), "{} missing", d.id);
        assert!(
            text.contains(&format!("`{}`", d.category)),
            "{}",
            d.category
        );
    }
}
