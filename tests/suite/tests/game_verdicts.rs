//! Game verdicts checked against reference data adjudicated by pyffish
//! (Fairy-Stockfish), see tests/data/ and tests/scripts/gen_game_verdicts.py.
//!
//! Each line `<label>|<fen>|<ICCS moves>|<result>|<reason>` gives the
//! verdict after all the moves. The moves are played with `Game::play`
//! (so a game that ends early fails the test), then `Game::outcome` must
//! give the same result and reason. Where pyffish departs from the Asian
//! rules as this crate implements them (see `Game`), the case is listed in
//! `OVERRIDES` with the rules' answer and the reason.
//!
//! The rules are configured like pyffish's xiangqi: a 50-move limit with
//! the AXF cap of 10 checks.

use std::collections::HashSet;
use std::fs;

use xiangqi::{EndReason, Game, Position, Rules};

/// Cases where the Asian rules, as specified for this crate (issue 3, see
/// `Game`), differ from pyffish: (label, result, reason, why).
const OVERRIDES: &[(&str, &str, &str, &str)] = &[
    // One check, one chase (一将一捉): the side alternately gives check and
    // chases the same piece. Fairy-Stockfish counts the checking move as a
    // chase too, so the alternating side loses. The rule implemented here:
    // a side loses only if it checks with every move or chases the same
    // piece with every move; "one check and one chase" is a draw (as in
    // Pikafish, which rules a draw once a check interrupts a chase).
    // `Rules::checks_also_chase` gives pyffish's answer, checked below.
    (
        "fsf_discovered_anti_discovered_cannon",
        "1/2-1/2",
        "repetition",
        ONE_CHECK_ONE_CHASE,
    ),
    ("fsf_check_3", "1/2-1/2", "repetition", ONE_CHECK_ONE_CHASE),
    ("fsf_check_4", "1/2-1/2", "repetition", ONE_CHECK_ONE_CHASE),
    // Two red chariots take turns attacking Black's crossed soldier e4, which
    // stands still: e2-d2 uncovers the chariot e0, d2-e2 brings the chariot
    // back in front of it. The soldier is threatened before and after every
    // red move, only by another chariot: no move threatens a piece that was
    // not threatened before, so nothing is chased (the threatened sets are
    // diffed piece by piece, as Pikafish does: its judge rules these draws
    // at ply 8 too). pyffish counts the uncovered attack as a new chase.
    (
        "perpetual_chase_chariots_on_crossed_soldier_static_red",
        "1/2-1/2",
        "repetition",
        NOT_NEW,
    ),
    (
        "perpetual_chase_chariots_on_crossed_soldier_static_black",
        "1/2-1/2",
        "repetition",
        NOT_NEW,
    ),
    // Black's horse e5 attacks Red's cannon f3 with every move: e9f9
    // unpins the horse (flying general), f9e9 pins Red's horse e1, the only
    // protector. Red makes idle moves, so Black loses. Fairy-Stockfish
    // rules a draw; its own test suite marks the win (VALUE_MATE) as the
    // intended answer, left out because its chase detection misses it (the
    // flying-general gap).
    (
        "fsf_mutual_pins_flying_generals",
        "1-0",
        "perpetual_chase",
        "flying general pins",
    ),
    // Red's chariot is pinned on the e-file by Black's chariot e8: it
    // attacks Black's cannon but cannot legally take it, so it does not
    // chase (rule: a chase "could be carried out legally"; a pinned piece
    // chases only along its pin). Fairy-Stockfish ignores the pin and lets
    // Red lose.
    ("pinned_chariot_no_chase", "1/2-1/2", "repetition", PINNED),
    // verdicts.txt (shared data), marked DISAGREE there for the same reason.
    (
        "pinned_attacker_chariot_red",
        "1/2-1/2",
        "repetition",
        PINNED,
    ),
    (
        "pinned_attacker_chariot_black",
        "1/2-1/2",
        "repetition",
        PINNED,
    ),
    // verdicts.txt's names for the cases above (fsf_check_3 here is
    // fs_chase_cannon_by_chariot_and_cannon_1 there: Black's chariot b1-b3
    // uncovers the cannon a1's check and attacks the cannon d3; b3-b1
    // attacks it on d1 without check).
    (
        "fs_discovered_and_anti_discovered_cannon",
        "1/2-1/2",
        "repetition",
        ONE_CHECK_ONE_CHASE,
    ),
    (
        "fs_discovered_and_anti_discovered_cannon_black",
        "1/2-1/2",
        "repetition",
        ONE_CHECK_ONE_CHASE,
    ),
    (
        "fs_chase_cannon_by_chariot_and_cannon_1",
        "1/2-1/2",
        "repetition",
        ONE_CHECK_ONE_CHASE,
    ),
    // VERDICTS.md reads this as Black chasing on every other move only,
    // because Red's horse e1 protects the cannon when it comes back; but
    // after f9e9 that horse is the last piece between the generals, so it
    // cannot legally recapture on f3 and does not protect.
    (
        "fs_mutual_pins_flying_generals",
        "1-0",
        "perpetual_chase",
        "flying general pins",
    ),
];

const PINNED: &str = "a pinned piece does not chase off its pin";

/// Cases whose move list goes on after pyffish itself has already ended
/// the game (pyffish is asked only after the last move): a `Game` refuses
/// moves once it is over, so the test expects the earlier end, as pyffish
/// gives it for that prefix: (label, ply, result, reason).
const ENDS_EARLY: &[(&str, usize, &str, &str)] = &[
    // Third occurrence at ply 9 (test.py's 12-ply "chaser to move" case).
    (
        "fs_direct_chase_cannon_chaser_to_move",
        9,
        "0-1",
        "perpetual_chase",
    ),
    // Clock 80 + 20 plies = 100 with only 10 checks: pyffish's
    // is_optional_game_end is true after 20 plies (false after 21, when the
    // 11th check extends the limit, and true again after 22).
    (
        "move_limit_extended_by_checks_reached",
        20,
        "1/2-1/2",
        "move_limit",
    ),
];

const ONE_CHECK_ONE_CHASE: &str = "one check one chase is a draw";
const NOT_NEW: &str = "a piece already threatened is not chased anew";

struct Case {
    file: &'static str,
    label: String,
    fen: String,
    moves: Vec<String>,
    result: String,
    reason: String,
}

fn load(file: &'static str) -> (Vec<Case>, HashSet<String>) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    let mut disagree = HashSet::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("# DISAGREE:") {
            let label = rest.trim().split(':').next().unwrap_or("").trim();
            disagree.insert(label.to_string());
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 5, "{file}: bad line {line}");
        cases.push(Case {
            file,
            label: f[0].to_string(),
            fen: f[1].to_string(),
            moves: f[2].split_whitespace().map(str::to_string).collect(),
            result: f[3].to_string(),
            reason: f[4].to_string(),
        });
    }
    (cases, disagree)
}

/// pyffish's settings: a 50-move limit with the AXF cap of 10 checks, and
/// no insufficient-material draw (pyffish's `is_optional_game_end` does not
/// apply one, and several cases shuffle bare generals).
fn fsf_rules() -> Rules {
    Rules::default()
        .with_move_limit(Some(50))
        .with_check_cap(Some(10))
        .with_insufficient_material(false)
}

/// Plays the case and returns (result, reason) and the verdict text.
fn adjudicate(case: &Case, rules: Rules) -> Result<(String, String, String), String> {
    let start: Position = case.fen.parse().map_err(|e| format!("fen: {e}"))?;
    let mut game = Game::with_rules(start, rules);
    let early = ENDS_EARLY.iter().find(|e| e.0 == case.label);
    for (i, m) in case.moves.iter().enumerate() {
        if early.is_some_and(|e| e.1 == i) {
            break;
        }
        let mv = m.parse().map_err(|_| format!("bad move {m}"))?;
        game.play(mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    Ok(match game.outcome() {
        None => ("*".into(), "none".into(), String::new()),
        Some(v) => (
            v.result().to_string(),
            v.reason.name().to_string(),
            v.to_string(),
        ),
    })
}

fn check_file(file: &'static str) -> usize {
    let (cases, disagree) = load(file);
    let labels: HashSet<&str> = cases.iter().map(|c| c.label.as_str()).collect();
    let mut failures = Vec::new();
    for case in &cases {
        let over = OVERRIDES.iter().find(|o| o.0 == case.label);
        let early = ENDS_EARLY.iter().find(|e| e.0 == case.label);
        let (want_result, want_reason) = match (over, early) {
            (Some(o), _) => (o.1.to_string(), o.2.to_string()),
            (None, Some(e)) => {
                assert_eq!((e.2, e.3), (case.result.as_str(), case.reason.as_str()));
                (e.2.to_string(), e.3.to_string())
            }
            (None, None) => (case.result.clone(), case.reason.clone()),
        };
        if disagree.contains(&case.label) && over.is_none() {
            failures.push(format!(
                "{}: {}: marked DISAGREE but has no override",
                case.file, case.label
            ));
        }
        match adjudicate(case, fsf_rules()) {
            Ok((result, reason, text)) => {
                if (result.as_str(), reason.as_str())
                    != (want_result.as_str(), want_reason.as_str())
                {
                    failures.push(format!(
                        "{}: {}: want {want_result} {want_reason}, got {result} {reason} ({text})",
                        case.file, case.label
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: {}: {e}", case.file, case.label)),
        }
    }
    let _ = labels;
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.len()
}

#[test]
fn pyffish_verdicts_shared() {
    let n = check_file("verdicts.txt");
    assert!(n >= 60, "only {n} cases");
}

#[test]
fn pyffish_verdicts() {
    let n = check_file("game_verdicts_fsf.txt");
    assert!(n >= 60, "only {n} cases");
}

fn all_cases() -> Vec<Case> {
    let mut cases = load("verdicts.txt").0;
    cases.extend(load("game_verdicts_fsf.txt").0);
    cases
}

#[test]
fn every_override_names_a_case() {
    let cases = all_cases();
    for label in OVERRIDES
        .iter()
        .map(|o| o.0)
        .chain(ENDS_EARLY.iter().map(|e| e.0))
    {
        assert!(cases.iter().any(|c| c.label == label), "no case {label}");
    }
}

/// With `checks_also_chase`, the one-check-one-chase cases give pyffish's
/// answer: the alternating side loses by perpetual chase.
#[test]
fn checks_also_chase_matches_pyffish() {
    let cases = all_cases();
    let mut n = 0;
    for o in OVERRIDES.iter().filter(|o| o.3 == ONE_CHECK_ONE_CHASE) {
        let case = cases.iter().find(|c| c.label == o.0).unwrap();
        let got = adjudicate(case, fsf_rules().with_checks_also_chase(true)).unwrap();
        assert_eq!(
            (got.0.as_str(), got.1.as_str()),
            (case.result.as_str(), case.reason.as_str()),
            "{}: {}",
            case.label,
            got.2
        );
        n += 1;
    }
    assert_eq!(n, 6);
}

/// The game ends exactly on the third occurrence: every case that ends by
/// repetition has a companion one ply shorter that has not ended.
#[test]
fn ends_on_the_third_occurrence_not_earlier() {
    let cases = all_cases();
    let mut n = 0;
    for case in cases
        .iter()
        .filter(|c| c.reason.starts_with("perpetual") || c.reason == "repetition")
    {
        let companion = ["_one_ply_early", "_minus1"].iter().find_map(|suffix| {
            let label = format!("{}{suffix}", case.label);
            cases.iter().find(|c| c.label == label)
        });
        let Some(e) = companion else {
            continue;
        };
        assert_eq!(e.moves.len() + 1, case.moves.len(), "{}", e.label);
        assert_eq!(adjudicate(e, fsf_rules()).unwrap().0, "*", "{}", e.label);
        n += 1;
    }
    assert!(n >= 80, "only {n}");
}

/// Without the check cap the same game reaches the limit 10 plies earlier:
/// the cap (not something else) is what the pyffish case exercises.
#[test]
fn check_cap_extends_the_limit() {
    let (cases, _) = load("game_verdicts_fsf.txt");
    let case = cases
        .iter()
        .find(|c| c.label == "move_limit_check_cap")
        .unwrap();
    let start: Position = case.fen.parse().unwrap();
    let mut game = Game::with_rules(start, fsf_rules().with_check_cap(None));
    let mut ended = None;
    for (i, m) in case.moves.iter().enumerate() {
        if game.play(m.parse().unwrap()).is_err() {
            ended = Some(i);
            break;
        }
    }
    assert_eq!(ended, Some(40));
    assert_eq!(game.outcome().map(|v| v.reason), Some(EndReason::MoveLimit));
    assert_eq!(game.limit_plies(), 100);
}

/// AXF diagram 39 (Fairy-Stockfish's test.py, "D39: Chased chariot pinned
/// by horse"): by the rule book a chariot on the leg of a horse that would
/// check its general chases nothing, not even the horse, so the side
/// chasing that pinned chariot with every move loses (pyffish agrees).
/// Pikafish lets a pinned piece chase its pinner, which makes both sides
/// chase: its judge (`/work/engines/pikafish-tools/judge`) rules both
/// cases a draw at the same ply, and so does `Rules::pinned_chases_pinner`.
#[test]
fn pinned_chariot_diagram_39_under_both_readings() {
    let cases = all_cases();
    for (label, pikafish_ply) in [
        ("fsf_d39_pinned_chariot_1", 9),
        ("fsf_d39_pinned_chariot_2", 8),
    ] {
        let case = cases.iter().find(|c| c.label == label).unwrap();
        let book = adjudicate(case, fsf_rules()).unwrap();
        assert_eq!(
            (book.0.as_str(), book.1.as_str()),
            (case.result.as_str(), "perpetual_chase"),
            "{label}: {}",
            book.2
        );
        assert_eq!(case.moves.len(), pikafish_ply);
        let pika = adjudicate(case, fsf_rules().with_pinned_chases_pinner(true)).unwrap();
        assert_eq!(
            (pika.0.as_str(), pika.1.as_str()),
            ("1/2-1/2", "repetition"),
            "{label}: {}",
            pika.2
        );
    }
}
