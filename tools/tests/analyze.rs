//! `xiangqi-tools analyze` as a user runs it: the built-in search against
//! the engine binary driven through xiangqi-client.

use std::process::Command;

use crate::support::{TOOLS, engine, stdout_of, temp_dir};

/// `analyze --engine` with the engine binary as the other engine, over
/// both protocols, gives the analysis the built-in search gives (the same
/// network, one thread, a fixed depth, a fresh search per position).
#[test]
fn analyze_with_an_engine_process_equals_the_built_in_analysis() {
    // The first 16 plies of Hu Ronghua - Xu Tianhong, Yinli Cup 1995 (the
    // wxf.ca database via maksimKorzh/wukong-xiangqi, MIT).
    let tmp = temp_dir();
    let path = tmp.path().join("game.pgn");
    std::fs::write(
        &path,
        "[Event \"Yinli Cup Champion 1995\"]\n[Red \"HU RongHua\"]\n[Black \"XU TianHong\"]\n\n\
         1. h2e2 h9g7 2. h0g2 g6g5 3. b2d2 i9h9 4. b0c2 b9c7 5. a0b0 a9b9 6. i0h0 h7h3 \
         7. b0b6 d9e8 8. c3c4 b7a7 *\n",
    )
    .unwrap();
    let game = path.to_str().unwrap();
    let run = |extra: &[&str]| {
        let text = stdout_of(
            Command::new(TOOLS)
                .args(["analyze", "--depth", "3", "--threads", "2"])
                .args(extra)
                .arg(game),
        );
        // All but the Annotator tag, which names the engine.
        text.lines()
            .filter(|l| !l.starts_with("[Annotator"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let own = run(&[]);
    assert!(own.contains("[%eval"));
    assert_eq!(run(&["--engine", engine()]), own, "UCI");
    assert_eq!(
        run(&["--engine", engine(), "--engine-protocol", "ucci"]),
        own,
        "UCCI"
    );
    // An engine that cannot start is an error, not an analysis.
    let out = Command::new(TOOLS)
        .args([
            "analyze",
            "--depth",
            "2",
            "--engine",
            "/nonexistent/engine",
            game,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/engine"));
}

/// `analyze --egtb DIR` comments each position a table holds with its
/// verdict: a soldier across the river beats a bare king, and a soldier
/// that reaches the last rank only draws (known endgame facts); the
/// table is made here by `xiangqi-tools egtb generate`.
#[test]
fn analyze_marks_tablebase_positions() {
    let tmp = temp_dir();
    let tables = tmp.path().join("egtb");
    stdout_of(
        Command::new(TOOLS)
            .args(["egtb", "generate", "--out"])
            .arg(&tables)
            .arg("kpk"),
    );
    let path = tmp.path().join("kpk.pgn");
    std::fs::write(
        &path,
        "[FEN \"3k5/9/9/9/4P4/9/9/9/9/5K3 w\"]\n\n1. e5e6 d9e9 *\n\n\
         [FEN \"3k5/P8/9/9/9/9/9/9/9/5K3 w\"]\n\n1. a8a9 *\n\n\
         1. h2e2 h9g7 *\n",
    )
    .unwrap();
    let run = |game: &str, egtb: bool| {
        let mut cmd = Command::new(TOOLS);
        cmd.args(["analyze", "--depth", "2", "--game", game]);
        if egtb {
            cmd.arg("--egtb").arg(&tables);
        }
        stdout_of(cmd.arg(&path))
    };
    let won = run("1", true);
    // The start and the position after each of the two moves.
    assert_eq!(won.matches("tablebase: Red wins in ").count(), 3, "{won}");
    assert!(
        !won.contains("draw") && !won.contains("Black wins"),
        "{won}"
    );
    let drawn = run("2", true);
    assert_eq!(drawn.matches("tablebase: ").count(), 2, "{drawn}");
    let after = drawn.split("a8a9").nth(1).unwrap_or_default();
    assert!(after.contains("tablebase: draw"), "{drawn}");
    // Positions outside the tables, or no --egtb: no mark.
    assert!(!run("3", true).contains("tablebase"));
    assert!(!run("1", false).contains("tablebase"));
    // A directory that cannot be read is an error.
    let out = Command::new(TOOLS)
        .args(["analyze", "--depth", "1", "--egtb", "/nonexistent/egtb"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--egtb"));
}
