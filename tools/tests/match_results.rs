//! `xiangqi-tools match`'s results file (one JSON line a game), the
//! `sprt` tool that reads it, seeded opening orders and a rerun that resumes
//! from the file: the engine binary against itself.

use std::process::Command;

use crate::matches::report;
use crate::support::{TOOLS, engine, temp_dir};

/// `match --results FILE` writes one whole JSON line a game; `sprt` reads
/// it (a line cut short by a kill is skipped), and exits with status 2 on
/// bad input.
#[test]
fn results_lines_and_the_sprt_tool() {
    let tmp = temp_dir();
    let dir = tmp.path();
    let results = dir.join("results.jsonl");
    let report = report(&[
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "6",
        "--results",
        results.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{text}");
    for (g, line) in lines.iter().enumerate() {
        assert_eq!(line["game"], g, "{text}");
        assert_eq!(line["pair"], g / 2, "{text}");
        assert_eq!(line["opening"], g / 2, "{text}");
        assert_eq!(line["engine1_red"], g % 2 == 0, "{text}");
        assert_eq!(line["result"], "1/2-1/2", "{text}");
        assert_eq!(line["score1"], 0.5, "{text}");
        assert_eq!(line["reason"], "1/2-1/2 draw after 6 plies", "{text}");
        assert_eq!(line["adjudication"], "max-plies", "{text}");
        assert_eq!(line["plies"], 6, "{text}");
    }
    assert!(
        report.contains("W: 0 L: 0 D: 4, Ptnml(0-2): [0, 0, 2, 0, 0]"),
        "{report}"
    );
    // A killed run: the last line cut short.
    let cut = dir.join("results-cut.jsonl");
    std::fs::write(&cut, &text[..text.len() - 20]).unwrap();
    let sprt = |args: &[&str]| {
        Command::new(TOOLS)
            .arg("sprt")
            .args(args)
            .output()
            .expect("the tools binary starts")
    };
    let out = sprt(&[
        "--results",
        cut.to_str().unwrap(),
        "--elo0",
        "0",
        "--elo1",
        "10",
        "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["pairs"].as_u64(), v["games"].as_u64()),
        (Some(1), Some(2)),
        "{v}"
    );
    assert_eq!(v["penta"], serde_json::json!([0, 0, 1, 0, 0]));
    assert_eq!(
        (v["draws"].as_u64(), v["decision"].is_null()),
        (Some(2), true)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("unfinished last line"));
    // Both files: game numbers seen twice count once.
    let out = sprt(&[
        "--results",
        results.to_str().unwrap(),
        cut.to_str().unwrap(),
        "--elo0",
        "0",
        "--elo1",
        "10",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("Results of engine1 vs engine2 (2 pairs): Elo: 0.00 +/- 0.00"),
        "{stdout}"
    );
    assert!(stdout.contains("Games: 4, W: 0 L: 0 D: 4"), "{stdout}");
    // Junk in the middle, a missing file, bad numbers: status 2.
    std::fs::write(&cut, format!("junk\n{text}")).unwrap();
    for args in [
        vec![
            "--results",
            cut.to_str().unwrap(),
            "--elo0",
            "0",
            "--elo1",
            "5",
        ],
        vec!["--results", "/no/such/file", "--elo0", "0", "--elo1", "5"],
        vec!["--penta", "1,2,x,4,5", "--elo0", "0", "--elo1", "5"],
        vec!["--penta", "1,2,3,4,5", "--elo0", "5", "--elo1", "0"],
        vec!["--elo0", "0", "--elo1", "5"],
    ] {
        let out = sprt(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

/// `--openings FILE.epd --openings-order random --openings-seed S`: each
/// pair plays one opening of a seeded shuffle, colours swapped; the same
/// seed gives the same openings, another seed others. A bad line stops
/// the match before any game.
#[test]
fn openings_in_a_seeded_order_each_played_by_a_pair() {
    let tmp = temp_dir();
    let dir = tmp.path();
    let epd = dir.join("openings.epd");
    // Eight composed positions (a Red advisor off the palace diagonals, a
    // chariot each): different chariot files.
    let lines: Vec<String> = "abcdfghi"
        .chars()
        .map(|file| {
            let at = (file as u8 - b'a') as usize;
            let rank1 = format!(
                "{}R{}",
                if at > 0 {
                    at.to_string()
                } else {
                    String::new()
                },
                if at < 8 {
                    (8 - at).to_string()
                } else {
                    String::new()
                }
            );
            format!("4k4/9/9/9/9/9/9/9/{rank1}/3KA4 w - - id \"{file}\";")
        })
        .collect();
    std::fs::write(&epd, lines.join("\n")).unwrap();
    let run = |seed: &str| -> Vec<(u64, bool)> {
        let results = dir.join(format!("openings-{seed}.jsonl"));
        report(&[
            "--games",
            "8",
            "--depth",
            "1",
            "--max-plies",
            "2",
            "--openings",
            epd.to_str().unwrap(),
            "--openings-order",
            "random",
            "--openings-seed",
            seed,
            "--results",
            results.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&results).unwrap();
        std::fs::remove_file(&results).unwrap();
        text.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["opening"].as_u64().unwrap(),
                    v["engine1_red"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    let one = run("1");
    assert_eq!(one.len(), 8, "{one:?}");
    for (g, pair) in one.chunks(2).enumerate() {
        assert_eq!(pair[0].0, pair[1].0, "pair {g}: one opening: {one:?}");
        assert_eq!(
            (pair[0].1, pair[1].1),
            (true, false),
            "colours swapped: {one:?}"
        );
    }
    let openings =
        |games: &[(u64, bool)]| -> Vec<u64> { games.iter().step_by(2).map(|g| g.0).collect() };
    let mut distinct = openings(&one);
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "four pairs, four openings: {one:?}");
    assert_eq!(openings(&run("1")), openings(&one), "the same seed");
    assert_ne!(openings(&run("2")), openings(&one), "another seed");
    // A bad line: an error naming the file and line, no game played.
    std::fs::write(&epd, format!("{}\n4k4/9/9 w - - id \"bad\";\n", lines[0])).unwrap();
    let out = Command::new(TOOLS)
        .args([
            "match",
            "--engine1",
            engine(),
            "--engine2",
            engine(),
            "--openings",
        ])
        .arg(&epd)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:2: ", epd.display())), "{err}");
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("game "),
        "{out:?}"
    );
}

/// `--results FILE --resume`: a rerun counts the games already in FILE
/// and plays only the others (a line cut short by a kill is cut off).
#[test]
fn a_rerun_resumes_from_the_results_file() {
    let tmp = temp_dir();
    let path = tmp.path().join("resume.jsonl");
    let flags = |games: &'static str| {
        vec![
            "--games",
            games,
            "--depth",
            "1",
            "--max-plies",
            "4",
            "--results",
            path.to_str().unwrap(),
            "--resume",
        ]
    };
    let first = report(&flags("3"));
    assert_eq!(first.lines().filter(|l| l.starts_with("game ")).count(), 3);
    assert!(!first.contains("resumed"), "{first}");
    // A kill in the middle of a fourth line.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"game\": 3, \"pa");
    std::fs::write(&path, &text).unwrap();
    let second = report(&flags("6"));
    let games: Vec<&str> = second
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| &l[..8])
        .collect();
    assert_eq!(games, ["game   4", "game   5", "game   6"], "{second}");
    assert!(
        second.starts_with("resumed 3 games from ")
            && second.contains(": W 0 D 3 L 0\nResults of engine1 vs engine2 (depth 1): "),
        "{second}"
    );
    assert!(
        second.contains("Games: 6, W: 0 L: 0 D: 6, Ptnml(0-2): [0, 0, 3, 0, 0]"),
        "{second}"
    );
    assert!(
        second
            .trim_end()
            .ends_with("engine1: W 0 D 6 L 0, score 50.0%, Elo +0 (95%: +0 .. +0)"),
        "{second}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let numbers: Vec<u64> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["game"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4, 5], "{text}");
    // Nothing left to play.
    let third = report(&flags("6"));
    assert!(!third.contains("game "), "{third}");
    assert!(third.starts_with("resumed 6 games"), "{third}");
    // A file whose pairs already decide the SPRT: no game is played.
    let won: String = (0..400)
        .map(|g| format!("{{\"game\": {g}, \"pair\": {}, \"score1\": 1.0}}\n", g / 2))
        .collect();
    std::fs::write(&path, won).unwrap();
    let mut args = flags("800");
    args.extend(["--sprt", "0", "5"]);
    let decided = report(&args);
    assert!(!decided.contains("game "), "{decided}");
    assert!(
        decided.contains("Ptnml(0-2): [0, 0, 0, 0, 200]"),
        "{decided}"
    );
    assert!(
        decided.contains("Elo: inf +/- inf, nElo: inf +/- inf, LLR: 4.03 "),
        "{decided}"
    );
    assert!(
        decided.contains("\nsprt: H1 accepted (engine1 gains about 5 Elo)\n"),
        "{decided}"
    );
}
