//! `xiangqi-tools match` playing the engine binary (`xiangqi-engine`) against
//! itself, once over UCI and once over UCCI, through real pipes: short games
//! at a fixed depth.
//!
//! The pyffish second opinion needs a Python with pyffish (ignored
//! otherwise): `XIANGQI_PYFFISH=/path/to/venv/bin/python cargo test -p
//! xiangqi-tools --test tools pyffish -- --ignored`.

use std::process::Command;

use crate::support::{TOOLS, engine, temp_dir};

/// Runs `xiangqi-tools match` with these extra flags (the built-in
/// openings unless they give `--openings`); returns its report lines.
fn play(extra: &[&str]) -> Vec<String> {
    let lines: Vec<String> = report(extra).lines().map(String::from).collect();
    // `engine1: W w D d L l, score ...`
    let last = lines.last().expect("a report");
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

/// Plays two games (one opening, colours swapped) thinking as `think`
/// says, at most `max_plies` plies each, with the `extra` flags; checks
/// the report ([`check_report`]) and returns its lines.
fn two_games(think: &[&str], max_plies: usize, extra: &[&str]) -> Vec<String> {
    let plies = max_plies.to_string();
    let mut args = vec!["--games", "2", "--max-plies", &plies];
    args.extend_from_slice(think);
    args.extend_from_slice(extra);
    let lines = play(&args);
    check_report(&lines, max_plies);
    lines
}

/// Both engines over UCCI.
const BOTH_UCCI: [&str; 4] = ["--engine1-protocol", "ucci", "--engine2-protocol", "ucci"];

#[test]
fn self_play_over_uci() {
    let tmp = temp_dir();
    let openings = tmp.path().join("openings.txt");
    std::fs::write(&openings, "# one line\nh2e2 h9g7\n").unwrap();
    let lines = two_games(
        &["--depth", "2"],
        12,
        &[
            "--openings",
            openings.to_str().unwrap(),
            "--verbose",
            "--engine1-init",
            "setoption name Hash value 4",
            "--engine2-init",
            "setoption name Move Limit value 50",
            "--move-limit",
            "50",
        ],
    );
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
}

#[test]
fn self_play_over_ucci() {
    let init = [
        "--engine1-init",
        "setoption usebook false",
        "--engine2-init",
        "setoption movelimit 50",
        "--move-limit",
        "50",
    ];
    two_games(&["--nodes", "3000"], 12, &[&BOTH_UCCI[..], &init].concat());
}

#[test]
fn ucci_move_time_by_stop() {
    // Both engines over UCCI with a move time: `go depth 32` then `stop`.
    two_games(&["--movetime", "30"], 6, &BOTH_UCCI);
}

#[test]
fn mixed_protocols_and_ranks() {
    // Engine 2 speaks UCI with Fairy-Stockfish's ranks 1-10.
    two_games(
        &["--depth", "1"],
        10,
        &[
            "--engine1-protocol",
            "ucci",
            "--engine2-fsf",
            "--engine2-init",
            "setoption name Move Ranks value 1-10",
        ],
    );
}

#[test]
#[ignore = "needs a Python with pyffish in $XIANGQI_PYFFISH; .ci/run installs it and runs this test"]
fn pyffish_second_opinion() {
    let python = std::env::var("XIANGQI_PYFFISH")
        .expect("set XIANGQI_PYFFISH to a Python with pyffish (pip install pyffish)");
    let lines = two_games(&["--depth", "1"], 10, &["--pyffish", &python]);
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
    let tmp = temp_dir();
    let pgn = tmp.path().join("clock.pgn");
    let dir = tmp.path().join("clock.d");
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
    // The same games, one file each.
    let one = std::fs::read_to_string(dir.join("game-0001.pgn")).unwrap();
    let two = std::fs::read_to_string(dir.join("game-0002.pgn")).unwrap();
    assert_eq!(format!("{one}\n{two}\n"), text);
    assert_eq!(
        text.matches("[Termination \"draw by adjudication").count(),
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
    let tmp = temp_dir();
    let script = tmp.path().join("slow.sh");
    let fens = tmp.path().join("start.fen");
    write_executable(
        &script,
        "#!/bin/sh\n\
         while read -r line; do case \"$line\" in\n\
         uci) echo 'id name slow'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) sleep 0.4; echo 'bestmove h2e2' ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    );
    std::fs::write(
        &fens,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n",
    )
    .unwrap();
    let output = Command::new(TOOLS)
        .args([
            "match",
            "--engine2",
            engine(),
            "--games",
            "1",
            "--tc",
            "0.1+0",
        ])
        .args(["--engine1", script.to_str().unwrap()])
        .args(["--fens", fens.to_str().unwrap()])
        .output()
        .expect("the tools binary starts");
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

/// Writes an executable script from a child `sh`, so that the only handle
/// open for writing lives in that child. Written by this test binary, the
/// file could be held open by a child another test's thread forks at the
/// same moment, and running it would fail with "Text file busy" (ETXTBSY).
#[cfg(unix)]
fn write_executable(path: &std::path::Path, text: &str) {
    use std::io::Write;
    let mut sh = Command::new("sh")
        .args(["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh"])
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    sh.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    assert!(sh.wait().unwrap().success());
}

/// Runs `xiangqi-tools match` with these flags; returns its report.
pub(crate) fn report(extra: &[&str]) -> String {
    let output = Command::new(TOOLS)
        .args(["match", "--engine1", engine(), "--engine2", engine()])
        .args(extra)
        .output()
        .expect("the tools binary starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "match failed: {stderr}");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(!out.is_empty(), "no output; {stderr}");
    out
}

/// Games played two at a time are reported in game order, each with the
/// opening and colours of its number.
#[test]
fn concurrent_games_report_in_order() {
    let tmp = temp_dir();
    let openings = tmp.path().join("two-openings.txt");
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
    let games: Vec<&str> = two
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| &l[..22])
        .collect();
    // Engine 1 has Red in the odd games (the first of each pair).
    let expected: Vec<String> = (1..=6)
        .map(|g| format!("game {g:3}: engine1 {}", ["blac", "red "][g % 2]))
        .collect();
    assert_eq!(games, expected, "{two}");
    let moves: Vec<&str> = two
        .lines()
        .filter_map(|l| l.strip_prefix("  moves: "))
        .map(|m| &m[..9])
        .collect();
    // Each pair plays the next opening of the two, wrapping.
    let (a, b) = ("h2e2 h9g7", "c3c4 b9c7");
    assert_eq!(moves, [a, a, b, b, a, a], "{two}");
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
