//! Tests of the results lines (`match --results`), the `sprt` tool and the
//! GSPRT against fastchess's published numbers.

use xiangqi::Color;

use crate::matches::results::*;
use crate::matches::sprt::*;
use crate::matches::sprt_report::{report_json, report_text};

fn temp(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("xq-sprt-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn the_runner_endings_carry_their_kind_and_the_line_its_key() {
    use crate::matches::ending::{EndKind, Ending};
    let (red, black) = (Color::Red, Color::Black);
    let cases = [
        (
            Ending::forfeit(black, "played the illegal move a0a5"),
            "1-0 red wins: black played the illegal move a0a5",
            Some("forfeit"),
        ),
        (
            Ending::resigned(black, 600, 3),
            "1-0 red wins by adjudication: black resigns (score -600 or worse for 3 moves)",
            Some("resign"),
        ),
        (
            Ending::drawn(10, 8),
            "1/2-1/2 draw by adjudication: scores within 10 for 8 moves",
            Some("draw"),
        ),
        (
            Ending::bad_opening("h2h9"),
            "bad opening move h2h9",
            Some("bad-opening"),
        ),
        (
            Ending::flag_fall(&xiangqi::Position::new(), red),
            "0-1 black wins: red loses on time",
            Some("flag"),
        ),
    ];
    for (ending, reason, key) in cases {
        assert_eq!(ending.reason, reason);
        assert_eq!(ending.kind.key(), key, "{reason}");
        let line = GameLine {
            game: 0,
            pair: 0,
            opening: 0,
            engine1_red: true,
            winner: ending.winner,
            reason: ending.reason.clone(),
            kind: ending.kind,
            plies: 1,
        };
        let v: serde_json::Value = serde_json::from_str(&line.to_json()).unwrap();
        assert_eq!(v["adjudication"].as_str(), key, "{reason}");
        assert_eq!(parse_line(&line.to_json()).unwrap().kind, Some(ending.kind));
    }
    // A game over by the rules is no adjudication, and its line says null.
    let mut game = xiangqi::Game::new();
    assert_eq!(Ending::of_game(&game, 1), None);
    game.play("h2e2".parse().unwrap()).unwrap();
    let capped = Ending::of_game(&game, 1).unwrap();
    assert_eq!((capped.winner, capped.kind), (None, EndKind::MaxPlies));
    // A line from another tool without the key reads, with no kind.
    let other = r#"{"game": 1, "pair": 0, "score1": 0.5}"#;
    assert_eq!(parse_line(other).unwrap().kind, None);
}

#[test]
fn a_game_line_has_the_keys_and_reads_back() {
    let line = GameLine {
        game: 13,
        pair: 6,
        opening: 3,
        engine1_red: false,
        winner: Some(Color::Red),
        reason: "1-0 red wins by adjudication: black resigns \"quoted\"".to_string(),
        kind: crate::matches::ending::EndKind::Resign,
        plies: 87,
    };
    let text = line.to_json();
    assert!(!text.contains('\n'));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["game"], 13);
    assert_eq!(v["pair"], 6);
    assert_eq!(v["opening"], 3);
    assert_eq!(v["engine1_red"], false);
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["score1"], 0.0);
    assert_eq!(v["reason"], line.reason.as_str());
    assert_eq!(v["adjudication"], "resign");
    assert_eq!(v["plies"], 87);
    let back = parse_line(&text).unwrap();
    assert_eq!((back.game, back.pair, back.score1), (13, 6, 0.0));
    let draw = GameLine {
        winner: None,
        reason: "1/2-1/2 draw by repetition".to_string(),
        kind: crate::matches::ending::EndKind::Rule,
        ..line
    };
    let v: serde_json::Value = serde_json::from_str(&draw.to_json()).unwrap();
    assert_eq!(
        (v["result"].as_str(), v["score1"].as_f64()),
        (Some("1/2-1/2"), Some(0.5))
    );
    assert!(v["adjudication"].is_null());
}

/// A results line for game `g` in which engine 1 scored `s`.
fn game(g: u64, s: f64) -> String {
    format!(
        "{{\"game\": {g}, \"pair\": {}, \"opening\": 0, \"engine1_red\": {}, \"result\": \"?\", \
         \"score1\": {s:?}, \"reason\": \"x\", \"adjudication\": null, \"plies\": 10}}\n",
        g / 2,
        g % 2 == 0
    )
}

#[test]
fn results_files_make_pairs_skip_a_cut_line_and_duplicates() {
    // Pairs 0 (1 + 1), 1 (0.5 + 0), 2 (1 + 0.5) and half of pair 3, then a
    // line cut short by a kill.
    let one = temp(
        "one.jsonl",
        &[
            game(0, 1.0),
            game(1, 1.0),
            game(2, 0.5),
            game(3, 0.0),
            game(6, 1.0),
        ]
        .concat(),
    );
    let mut two_text = [game(4, 1.0), game(5, 0.5), game(2, 0.0), "\n".to_string()].concat();
    two_text.push_str(&game(7, 0.0)[..30]);
    let two = temp("two.jsonl", &two_text);
    let (games, warnings) = read_files(&[one.clone(), two.clone()]).unwrap();
    assert_eq!(
        games.len(),
        7,
        "game 2 again counts once; the cut line not at all"
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains(":5: an unfinished last line"),
        "{warnings:?}"
    );
    let (penta, wdl) = pentanomial(&games);
    // Pair 0: 2 points; pair 1: 1/2; pair 2: 3/2; pair 3 lacks a game.
    assert_eq!(penta, [0, 1, 0, 1, 1]);
    assert_eq!(wdl, [3, 2, 1]);
    // Junk elsewhere is an error naming the file and line.
    let junk = temp(
        "junk.jsonl",
        &[game(0, 1.0), "not json\n".to_string(), game(1, 0.0)].concat(),
    );
    let err = read_files(std::slice::from_ref(&junk))
        .unwrap_err()
        .to_string();
    assert!(err.contains("junk.jsonl:2: not JSON"), "{err}");
    let bad = temp("bad.jsonl", "{\"game\": 1, \"pair\": 0, \"score1\": 0.7}\n");
    assert!(
        read_files(std::slice::from_ref(&bad))
            .unwrap_err()
            .to_string()
            .contains("score1")
    );
    let missing = temp("missing.jsonl", "{\"game\": 1, \"score1\": 1.0}\n");
    assert!(
        read_files(std::slice::from_ref(&missing))
            .unwrap_err()
            .to_string()
            .contains("\"pair\"")
    );
    assert!(read_files(&["/no/such/file.jsonl".to_string()]).is_err());
    for p in [one, two, junk, bad, missing] {
        let _ = std::fs::remove_file(p);
    }
}

/// fastchess's tests (app/tests/sprt_test.cpp, Disservin/fastchess at
/// 74deac23): the pentanomial LLRs it checks, to 2 decimals (its
/// tolerance: 1%). Its counts are LL, LD, WL, DD, WD, WW; ours put WL and
/// DD together.
#[test]
fn the_llr_matches_fastchess() {
    let cases: [(Model, f64, f64, [u32; 6], f64); 5] = [
        (
            Model::Normalized,
            0.0,
            2.0,
            [365, 16618, 36029, 200, 16974, 390],
            2.25,
        ),
        (
            Model::Normalized,
            -1.75,
            0.25,
            [127, 4883, 10311, 401, 5150, 104],
            3.01,
        ),
        (Model::Normalized, 0.0, 5.0, [0, 0, 0, 0, 0, 5550], 111.82),
        (
            Model::Logistic,
            0.5,
            2.5,
            [223, 9863, 20279, 1000, 10037, 246],
            -3.07,
        ),
        (
            Model::Logistic,
            0.0,
            2.0,
            [871, 26175, 55003, 980, 26678, 821],
            -4.98,
        ),
    ];
    for (model, elo0, elo1, [ll, ld, wl, dd, wd, ww], expected) in cases {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05, model).unwrap();
        let llr = sprt.llr(&[ll, ld, wl + dd, wd, ww]);
        assert!(
            (llr - expected).abs() <= 0.01 * expected.abs(),
            "{model:?} [{elo0}, {elo1}]: {llr} against {expected}"
        );
    }
}

/// The LLRs of `sprt_reference.py` (fishtest's LLRcalc.py formulas,
/// written apart in Python), to 1e-6.
#[test]
fn the_llr_matches_fishtest_formulas() {
    use Model::{Logistic, Normalized};
    let cases: [(Model, f64, f64, [u32; 5], f64); 12] = [
        (Normalized, 0.0, 10.0, [1, 3, 10, 4, 2], 0.1090962224),
        (Normalized, 0.0, 10.0, [0, 0, 3, 1, 0], 0.0545371455),
        (Normalized, -10.0, 0.0, [5, 20, 50, 15, 3], -0.3547952909),
        (Normalized, 0.0, 5.0, [30, 400, 900, 450, 25], 0.6828134854),
        (
            Normalized,
            0.0,
            2.0,
            [365, 16618, 36229, 16974, 390],
            2.2503677036,
        ),
        (Logistic, 0.0, 10.0, [1, 3, 10, 4, 2], 0.1483562691),
        (Logistic, 0.0, 10.0, [0, 0, 3, 1, 0], 0.1131482936),
        (Logistic, -10.0, 0.0, [5, 20, 50, 15, 3], -0.5076848635),
        (
            Logistic,
            0.5,
            2.5,
            [223, 9863, 21279, 10037, 246],
            -3.0741264396,
        ),
        // fastchess's cases, where its own check allows 1%: 3.01, 111.82
        // (its fixed point stops after 10 steps), -4.98.
        (
            Normalized,
            -1.75,
            0.25,
            [127, 4883, 10712, 5150, 104],
            3.0101541966,
        ),
        (Normalized, 0.0, 5.0, [0, 0, 0, 0, 5550], 111.7975550867),
        (
            Logistic,
            0.0,
            2.0,
            [871, 26175, 55983, 26678, 821],
            -4.9786728635,
        ),
    ];
    for (model, elo0, elo1, penta, expected) in cases {
        let llr = Sprt::new(elo0, elo1, 0.05, 0.05, model)
            .unwrap()
            .llr(&penta);
        assert!(
            (llr - expected).abs() < 1e-6,
            "{model:?} [{elo0}, {elo1}] {penta:?}: {llr} against {expected}"
        );
    }
}

#[test]
fn bounds_decisions_and_bad_parameters() {
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, Model::Normalized).unwrap();
    let (lower, upper) = sprt.bounds();
    assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-12);
    assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-12);
    assert_eq!(sprt.decision(upper), Some(Decision::H1));
    assert_eq!(sprt.decision(lower), Some(Decision::H0));
    assert_eq!(sprt.decision(0.0), None);
    assert_eq!(sprt.llr(&[0; 5]), 0.0);
    // Winning pairs favour H1, losing ones H0.
    assert!(sprt.llr(&[1, 5, 20, 12, 4]) > 0.0);
    assert!(sprt.llr(&[4, 12, 20, 5, 1]) < 0.0);
    let other = Sprt::new(0.0, 10.0, 0.1, 0.2, Model::Logistic).unwrap();
    assert!((other.bounds().0 - (0.2f64 / 0.9).ln()).abs() < 1e-12);
    assert!(Sprt::new(10.0, 0.0, 0.05, 0.05, Model::Normalized).is_err());
    assert!(Sprt::new(0.0, 10.0, 0.0, 0.05, Model::Normalized).is_err());
    assert!(Sprt::new(0.0, 10.0, 0.6, 0.5, Model::Normalized).is_err());
    assert!(Sprt::new(f64::NAN, 10.0, 0.05, 0.05, Model::Normalized).is_err());
}

#[test]
fn the_report_as_json_and_text() {
    let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, Model::Normalized).unwrap();
    let penta = [0, 0, 0, 0, 5550];
    let v = report_json(&sprt, &penta, None);
    assert_eq!(v["pairs"], 5550);
    assert_eq!(v["games"], 11100);
    assert_eq!(v["penta"], serde_json::json!([0, 0, 0, 0, 5550]));
    assert!(v["wins"].is_null());
    assert_eq!(v["decision"], "H1");
    assert!(v["elo"].is_null(), "a score of 1 has no finite Elo");
    let v = report_json(&sprt, &[10, 20, 40, 20, 10], Some([60, 80, 60]));
    assert_eq!(
        (
            v["wins"].as_u64(),
            v["draws"].as_u64(),
            v["losses"].as_u64()
        ),
        (Some(60), Some(80), Some(60))
    );
    assert!(v["decision"].is_null());
    assert!(v["elo"].as_f64().unwrap().abs() < 1e-9);
    assert!(v["elo_low"].as_f64().unwrap() < 0.0 && v["elo_high"].as_f64().unwrap() > 0.0);
    assert!((v["upper"].as_f64().unwrap() - 2.944).abs() < 1e-3);
    let lines = report_text(&sprt, &penta, None);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("Results of engine1 vs engine2 (5550 pairs): Elo: inf +/- "),
        "{lines:?}"
    );
    assert!(lines[0].contains(", LLR: 111.8"), "{lines:?}");
    assert!(lines[0].ends_with("(-2.94, 2.94) [0.00, 5.00], Games: 11100, W: - L: - D: -, Ptnml(0-2): [0, 0, 0, 0, 5550]"), "{lines:?}");
    assert_eq!(lines[1], "sprt: H1 accepted (engine1 gains about 5 Elo)");
}

#[test]
fn the_estimate_is_fastchess_s() {
    // By hand: pairs [1, 2, 4, 2, 1]: score 0.5, variance (2 · 0.25 + 2 ·
    // 2 · 0.0625) / 10 = 0.075, standard error √(0.075 / 10), Elo 0.
    let e = Estimate::from_penta(&[1, 2, 4, 2, 1]).unwrap();
    assert!((e.score - 0.5).abs() < 1e-12);
    assert!(e.elo.0.abs() < 1e-9 && e.nelo.0.abs() < 1e-9);
    let se = (0.075f64 / 10.0).sqrt();
    assert!((e.elo.2 - logistic_elo(0.5 + 1.959963984540054 * se)).abs() < 1e-9);
    // nElo: (s - 0.5) / √(2 var) · 800 / ln 10.
    let e = Estimate::from_penta(&[0, 2, 4, 3, 1]).unwrap();
    let p = [0.0, 0.2, 0.4, 0.3, 0.1];
    let s: f64 = (0..5).map(|i| p[i] * i as f64 / 4.0).sum();
    let var: f64 = (0..5).map(|i| p[i] * (i as f64 / 4.0 - s).powi(2)).sum();
    let nelo = (s - 0.5) / (2.0 * var).sqrt() * 800.0 / std::f64::consts::LN_10;
    assert!((e.nelo.0 - nelo).abs() < 1e-9);
    assert!(Estimate::from_penta(&[0; 5]).is_none());
}

#[test]
fn resuming_cuts_an_unfinished_last_line_and_keeps_a_whole_one() {
    let cut = temp(
        "resume-cut.jsonl",
        &[game(0, 1.0), game(1, 0.0)[..25].to_string()].concat(),
    );
    let games = resume(&cut).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), game(0, 1.0));
    let whole = temp(
        "resume-whole.jsonl",
        &[game(0, 1.0), game(1, 0.5).trim_end().to_string()].concat(),
    );
    assert_eq!(resume(&whole).unwrap().len(), 2);
    assert_eq!(
        std::fs::read_to_string(&whole).unwrap(),
        [game(0, 1.0), game(1, 0.5)].concat()
    );
    let junk = temp(
        "resume-junk.jsonl",
        &["x\n".to_string(), game(1, 0.5)].concat(),
    );
    assert!(
        resume(&junk)
            .unwrap_err()
            .to_string()
            .contains(":1: not JSON")
    );
    assert!(
        resume("/no/such/dir/r.jsonl").unwrap().is_empty(),
        "no file yet: nothing to resume"
    );
    for p in [cut, whole, junk] {
        let _ = std::fs::remove_file(p);
    }
}

/// Lopsided results favour H1 at every normalized bound the test takes (the
/// fit from the uniform start gave H0 for them beyond about 231 nElo, which
/// `Sprt::new` now refuses).
#[test]
fn lopsided_results_favour_h1_up_to_the_normalized_limit() {
    for elo1 in [10.0, 50.0, 100.0, 150.0, 200.0] {
        let sprt = Sprt::new(0.0, elo1, 0.05, 0.05, Model::Normalized).unwrap();
        for penta in [[0, 0, 0, 0, 4], [0, 0, 1, 2, 20], [0, 1, 2, 10, 30]] {
            let llr = sprt.llr(&penta);
            assert!(llr > 0.0, "elo1 {elo1} {penta:?}: {llr}");
        }
    }
    for elo1 in [231.0, 250.0, 1000.0] {
        assert!(Sprt::new(0.0, elo1, 0.05, 0.05, Model::Normalized).is_err());
        assert!(Sprt::new(-elo1, 0.0, 0.05, 0.05, Model::Normalized).is_err());
        let logistic = Sprt::new(0.0, elo1, 0.05, 0.05, Model::Logistic).unwrap();
        assert!(logistic.llr(&[0, 0, 1, 2, 20]) > 0.0);
    }
}
