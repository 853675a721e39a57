//! `xiangqi-engine match` playing this crate's engine binary against
//! itself, once over UCI and once over UCCI, through real pipes: short games
//! at a fixed depth.
//!
//! The pyffish second opinion needs a Python with pyffish (ignored
//! otherwise): `XIANGQI_PYFFISH=/path/to/venv/bin/python cargo test -p
//! xiangqi-engine --test engine pyffish -- --ignored`.

use std::process::Command;

const ENGINE: &str = env!("CARGO_BIN_EXE_xiangqi-engine");

/// Runs `xiangqi-engine match` with these extra flags (the built-in
/// openings unless they give `--openings`); returns its report lines.
fn play(extra: &[&str]) -> Vec<String> {
    let output = Command::new(ENGINE)
        .args(["match", "--engine1", ENGINE, "--engine2", ENGINE])
        .args(extra)
        .output()
        .expect("the engine binary starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "match failed: {stderr}");
    let lines: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    // `engine1: W w D d L l, score ...`
    let last = lines
        .last()
        .unwrap_or_else(|| panic!("no output; {stderr}"));
    let counts: Vec<u32> = last
        .split(", score")
        .next()
        .unwrap()
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    assert_eq!(counts.len(), 3, "{last}");
    assert_eq!(counts.iter().sum::<u32>(), 2, "{lines:#?}");
    lines
}

/// Checks the report of a two-game match: the game lines' format, no
/// forfeit, and the summary line last.
fn check_report(lines: &[String], max_plies: usize) {
    let games: Vec<&String> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{lines:#?}");
    assert!(
        games[0].starts_with("game   1: engine1 red   | "),
        "{}",
        games[0]
    );
    assert!(
        games[1].starts_with("game   2: engine1 black | "),
        "{}",
        games[1]
    );
    for g in &games {
        for bad in ["failed", "illegal", "malformed", "null move"] {
            assert!(!g.contains(bad), "{g}");
        }
        // `... (<reason>, N plies) | W w D d L l`
        let plies: usize = g
            .split(" plies) | W ")
            .next()
            .and_then(|head| head.rsplit(", ").next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no ply count in {g}"));
        assert!(plies <= max_plies, "{g}");
        if plies == max_plies {
            assert!(
                g.contains(&format!("draw (1/2-1/2 draw after {max_plies} plies")),
                "{g}"
            );
        }
    }
    let last = lines.last().unwrap();
    assert!(last.starts_with("engine1: W "), "{last}");
    assert!(last.contains(", score ") && last.contains("Elo"), "{last}");
}

#[test]
fn self_play_over_uci() {
    let openings = std::env::temp_dir().join(format!(
        "xiangqi-engine-match-openings-{}.txt",
        std::process::id()
    ));
    std::fs::write(&openings, "# one line\nh2e2 h9g7\n").unwrap();
    let lines = play(&[
        "--openings",
        openings.to_str().unwrap(),
        "--games",
        "2",
        "--depth",
        "2",
        "--max-plies",
        "12",
        "--verbose",
        "--engine1-init",
        "setoption name Hash value 4",
        "--engine2-init",
        "setoption name Move Limit value 50",
        "--move-limit",
        "50",
    ]);
    check_report(&lines, 12);
    let moves: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("  moves: "))
        .collect();
    assert_eq!(moves.len(), 2, "{lines:#?}");
    // Both games from the file's one opening.
    assert!(
        moves.iter().all(|l| l.starts_with("  moves: h2e2 h9g7 ")),
        "{moves:#?}"
    );
    let _ = std::fs::remove_file(openings);
}

#[test]
fn self_play_over_ucci() {
    let lines = play(&[
        "--games",
        "2",
        "--nodes",
        "3000",
        "--max-plies",
        "12",
        "--engine1-protocol",
        "ucci",
        "--engine2-protocol",
        "ucci",
        "--engine1-init",
        "setoption usebook false",
        "--engine2-init",
        "setoption movelimit 50",
        "--move-limit",
        "50",
    ]);
    check_report(&lines, 12);
}

#[test]
fn ucci_move_time_by_stop() {
    // Both engines over UCCI with a move time: `go depth 32` then `stop`.
    let lines = play(&[
        "--games",
        "2",
        "--movetime",
        "30",
        "--max-plies",
        "6",
        "--engine1-protocol",
        "ucci",
        "--engine2-protocol",
        "ucci",
    ]);
    check_report(&lines, 6);
}

#[test]
fn mixed_protocols_and_ranks() {
    // Engine 2 speaks UCI with Fairy-Stockfish's ranks 1-10.
    let lines = play(&[
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "10",
        "--engine1-protocol",
        "ucci",
        "--engine2-fsf",
        "--engine2-init",
        "setoption name Move Ranks value 1-10",
    ]);
    check_report(&lines, 10);
}

#[test]
#[ignore = "needs a Python with pyffish in $XIANGQI_PYFFISH; .ci/run installs it and runs this test"]
fn pyffish_second_opinion() {
    let python = std::env::var("XIANGQI_PYFFISH")
        .expect("set XIANGQI_PYFFISH to a Python with pyffish (pip install pyffish)");
    let lines = play(&[
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "10",
        "--pyffish",
        &python,
    ]);
    check_report(&lines, 10);
    let summary = &lines[lines.len() - 2];
    assert_eq!(
        summary, "pyffish: 0 of 2 games judged differently",
        "{lines:#?}"
    );
}

/// A game clock with the draw adjudication by score: every game is drawn
/// by adjudication after two quiet moves each (any score is "quiet" within
/// 100 000), and the PGN file carries cutechess-cli's move comments.
#[test]
fn clock_adjudication_and_pgn_comments() {
    let pgn = std::env::temp_dir().join(format!(
        "xiangqi-engine-match-clock-{}.pgn",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&pgn);
    let dir = std::env::temp_dir().join(format!(
        "xiangqi-engine-match-clock-{}.d",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let lines = play(&[
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--max-plies",
        "40",
        "--draw",
        "movenumber=1",
        "movecount=2",
        "score=100000",
        "--pgn",
        pgn.to_str().unwrap(),
        "--pgn-dir",
        dir.to_str().unwrap(),
        "--engine1-init",
        "setoption name Hash value 4",
        "--engine2-init",
        "setoption name Hash value 4",
    ]);
    check_report(&lines, 40);
    let games: Vec<&String> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    for g in &games {
        assert!(
            g.contains("draw (1/2-1/2 draw by adjudication: scores within 100000 for 2 moves"),
            "{g}"
        );
    }
    assert!(
        lines.contains(&"adjudicated by score: 0 resigned, 2 drawn; flag falls: 0".to_string()),
        "{lines:#?}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    // The same games, one file each.
    let one = std::fs::read_to_string(dir.join("game-0001.pgn")).unwrap();
    let two = std::fs::read_to_string(dir.join("game-0002.pgn")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(format!("{one}\n{two}\n"), text);
    assert_eq!(
        text.matches("[Termination \"1/2-1/2 draw by adjudication")
            .count(),
        2,
        "{text}"
    );
    // Four engine moves a game, each with `{+0.35/12 0.98s}`: a signed
    // score in pawns, a depth, seconds.
    let comments: Vec<&str> = text
        .split('{')
        .skip(1)
        .map(|c| c.split('}').next().unwrap())
        .collect();
    assert_eq!(comments.len(), 8, "{text}");
    for c in comments {
        let (score, time) = c.split_once(' ').unwrap_or_else(|| panic!("{c}"));
        let (pawns, depth) = score.split_once('/').unwrap_or_else(|| panic!("{c}"));
        assert!(pawns.starts_with(['+', '-']), "{c}");
        assert!(
            pawns[1..].parse::<f64>().is_ok() || pawns[1..].starts_with('M'),
            "{c}"
        );
        assert!(depth.parse::<u32>().unwrap() >= 1, "{c}");
        let secs: f64 = time.strip_suffix('s').unwrap().parse().unwrap();
        assert!((0.0..5.0).contains(&secs), "{c}");
    }
}

/// A side that thinks longer than its clock has loses on time.
#[cfg(unix)]
#[test]
fn a_flag_fall_loses_the_game() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let script = dir.join(format!("xiangqi-engine-match-slow-{id}.sh"));
    let fens = dir.join(format!("xiangqi-engine-match-start-{id}.fen"));
    std::fs::write(
        &script,
        "while read -r line; do case \"$line\" in\n\
         uci) echo 'id name slow'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) sleep 0.4; echo 'bestmove h2e2' ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    )
    .unwrap();
    std::fs::write(
        &fens,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n",
    )
    .unwrap();
    let output = Command::new(ENGINE)
        .args([
            "match",
            "--engine2",
            ENGINE,
            "--games",
            "1",
            "--tc",
            "0.1+0",
        ])
        .args(["--engine1", &format!("sh {}", script.display())])
        .args(["--fens", fens.to_str().unwrap()])
        .output()
        .expect("the engine binary starts");
    let _ = (std::fs::remove_file(script), std::fs::remove_file(fens));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.contains(
            "game   1: engine1 red   | engine2 wins (0-1 black wins: red loses on time, 0 plies)"
        ),
        "{out}"
    );
    assert!(out.contains("flag falls: 1"), "{out}");
    assert!(out.contains("engine1: W 0 D 0 L 1"), "{out}");
}

/// Runs `xiangqi-engine match` with these flags; returns its report.
fn report(extra: &[&str]) -> String {
    let output = Command::new(ENGINE)
        .args(["match", "--engine1", ENGINE, "--engine2", ENGINE])
        .args(extra)
        .output()
        .expect("the engine binary starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "match failed: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// Games played two at a time are reported in game order, each with the
/// opening and colours of its number.
#[test]
fn concurrent_games_report_in_order() {
    let openings = std::env::temp_dir().join(format!(
        "xiangqi-engine-match-two-openings-{}.txt",
        std::process::id()
    ));
    std::fs::write(&openings, "h2e2 h9g7\nc3c4 b9c7\n").unwrap();
    let two = report(&[
        "--games",
        "6",
        "--depth",
        "2",
        "--max-plies",
        "10",
        "--verbose",
        "--concurrency",
        "2",
        "--openings",
        openings.to_str().unwrap(),
        "--sprt",
        "0",
        "10",
        "--sprt-pairs",
    ]);
    let _ = std::fs::remove_file(openings);
    let games: Vec<&str> = two
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| &l[..22])
        .collect();
    assert_eq!(
        games,
        [
            "game   1: engine1 red ",
            "game   2: engine1 blac",
            "game   3: engine1 red ",
            "game   4: engine1 blac",
            "game   5: engine1 red ",
            "game   6: engine1 blac",
        ],
        "{two}"
    );
    let moves: Vec<&str> = two
        .lines()
        .filter_map(|l| l.strip_prefix("  moves: "))
        .map(|m| &m[..9])
        .collect();
    assert_eq!(
        moves,
        [
            "h2e2 h9g7",
            "h2e2 h9g7",
            "c3c4 b9c7",
            "c3c4 b9c7",
            "h2e2 h9g7",
            "h2e2 h9g7"
        ],
        "{two}"
    );
    // After each game the results line, fastchess's in one line; the
    // pair counts grow after games 2, 4 and 6.
    let results: Vec<&str> = two
        .lines()
        .filter(|l| l.starts_with("Results of engine1 vs engine2 (depth 2): Elo: "))
        .collect();
    assert_eq!(results.len(), 6, "{two}");
    let pairs_counted = |line: &str| -> u32 {
        line.split("Ptnml(0-2): [")
            .nth(1)
            .and_then(|rest| rest.strip_suffix(']'))
            .unwrap_or_else(|| panic!("{line}"))
            .split(", ")
            .map(|n| n.parse::<u32>().unwrap())
            .sum()
    };
    let counted: Vec<u32> = results.iter().map(|l| pairs_counted(l)).collect();
    assert_eq!(counted, [0, 1, 1, 2, 2, 3], "{two}");
    assert!(
        results
            .iter()
            .all(|l| l.contains(", LLR: ") && l.contains("(-2.94, 2.94) [0.00, 10.00], Games: ")),
        "{two}"
    );
    assert!(results[5].contains(", Games: 6, W: "), "{two}");
    assert!(two.trim_end().ends_with(")"), "{two}");
    assert!(two.contains("engine1: W "), "{two}");
}

/// `match --results FILE` writes one whole JSON line a game; `sprt` reads
/// it (a line cut short by a kill is skipped), and exits with status 2 on
/// bad input.
#[test]
fn results_lines_and_the_sprt_tool() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let results = dir.join(format!("xiangqi-engine-results-{id}.jsonl"));
    let _ = std::fs::remove_file(&results);
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
    let cut = dir.join(format!("xiangqi-engine-results-cut-{id}.jsonl"));
    std::fs::write(&cut, &text[..text.len() - 20]).unwrap();
    let sprt = |args: &[&str]| {
        Command::new(ENGINE)
            .arg("sprt")
            .args(args)
            .output()
            .expect("the engine binary starts")
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
    let _ = std::fs::remove_file(results);
    let _ = std::fs::remove_file(cut);
}

/// `--openings FILE.epd --openings-order random --openings-seed S`: each
/// pair plays one opening of a seeded shuffle, colours swapped; the same
/// seed gives the same openings, another seed others. A bad line stops
/// the match before any game.
#[test]
fn openings_in_a_seeded_order_each_played_by_a_pair() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let epd = dir.join(format!("xiangqi-engine-openings-{id}.epd"));
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
        let results = dir.join(format!("xiangqi-engine-openings-{id}-{seed}.jsonl"));
        let _ = std::fs::remove_file(&results);
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
        let _ = std::fs::remove_file(&results);
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
    let out = Command::new(ENGINE)
        .args([
            "match",
            "--engine1",
            ENGINE,
            "--engine2",
            ENGINE,
            "--openings",
        ])
        .arg(&epd)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&epd);
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
    let path = std::env::temp_dir().join(format!(
        "xiangqi-engine-resume-{}.jsonl",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
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
    let _ = std::fs::remove_file(&path);
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
