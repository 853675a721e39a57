//! The tools' command line (clap): `--version`, help for every tool,
//! errors that name the flag, and a tiny `datagen` whose chunk is the
//! self-play library's, byte for byte.

use std::sync::atomic::AtomicBool;

use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::{ChunkSpec, default_openings, play_chunk};

use crate::support::{temp_dir, text, tools as run};

#[test]
fn version_and_help() {
    let out = run(&["--version"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).trim(), "xiangqi-tools 0.1.0");
    for help in [&["help"][..], &["--help"], &["-h"]] {
        let out = run(help);
        assert!(out.status.success(), "{help:?}");
        let usage = text(&out.stdout);
        for tool in [
            "match", "sprt", "analyze", "tune", "datagen", "train", "book", "levels",
        ] {
            assert!(usage.contains(&format!("  {tool} ")), "{help:?}: {usage}");
        }
        assert!(usage.contains("is the program xiangqi-engine"), "{usage}");
    }
    for tool in [
        &["match"][..],
        &["sprt"],
        &["analyze"],
        &["tune", "gen"],
        &["tune", "fit"],
        &["datagen"],
        &["train"],
        &["book", "build"],
        &["book", "probe"],
        &["levels"],
    ] {
        let out = run(&[tool, &["--help"]].concat());
        assert!(out.status.success(), "{tool:?}");
        let usage = text(&out.stdout);
        let line = format!("Usage: xiangqi-tools {}", tool.join(" "));
        assert!(usage.contains(&line), "{tool:?}: {usage}");
    }
}

#[test]
fn bad_command_lines_exit_2_naming_the_flag() {
    for (args, names) in [
        (&["frobnicate"][..], "frobnicate"),
        (&["match", "--engine1", "a"], "--engine2"),
        (
            &["sprt", "--penta", "1,2,3", "--elo0", "0", "--elo1", "5"],
            "--penta",
        ),
        (&["datagen", "--nodes", "lots"], "--nodes"),
        (&["levels", "--levels", "5-3", "g.pgn"], "--levels"),
        (&["analyze", "--depth", "0", "g.pgn"], "--depth"),
        (&["book", "build", "x.pgn"], "--out"),
        (&["tune", "gen", "--games", "2"], "--out"),
    ] {
        let out = run(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A tool's own error: the tool named, status 2.
    let out = run(&["book", "probe", "/no/such/book.xqb"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("xiangqi-tools book: /no/such/book.xqb"));
}

#[test]
fn book_probe_reads_a_fen_and_moves() {
    let out = run(&["book", "probe", "default", "--moves", "h2e2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert!(lines.lines().count() >= 2, "{lines}");
    assert!(
        lines
            .lines()
            .all(|l| l.contains(" games ") && l.contains(" score "))
    );
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    let words: Vec<&str> = fen.split(' ').collect();
    let by_words = run(&[&["book", "probe", "default"][..], &words].concat());
    assert_eq!(text(&by_words.stdout), lines, "{}", text(&by_words.stderr));
}

#[test]
fn datagen_writes_the_library_s_chunk() {
    let tmp = temp_dir();
    let dir = tmp.path().join("datagen");
    let out = run(&[
        "datagen",
        "--out",
        dir.to_str().unwrap(),
        "--chunks",
        "1",
        "--games-per-chunk",
        "1",
        "--nodes",
        "100",
        "--seed",
        "3",
        "--format",
        "both",
    ]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.contains("datagen: 1 of 1 chunks to play"), "{err}");
    assert!(err.contains("1/1 chunks, 1/1 games"), "{err}");
    let written = std::fs::read(dir.join("s3-n100-000000.xqd")).unwrap();
    let spec = ChunkSpec {
        seed: 3,
        index: 0,
        games: 1,
        nodes: 100,
    };
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(MaterialPst::default());
    let chunk = play_chunk(&mut searcher, &spec, &default_openings(), &stop, |_| {}).unwrap();
    assert_eq!(written, chunk.to_bytes());
    // The game file beside it gives the same positions.
    let games = std::fs::read(dir.join("s3-n100-000000.xqg")).unwrap();
    let file = xiangqi_selfplay::games::read_games(&games).unwrap();
    assert_eq!(file.records, chunk.records);
}
