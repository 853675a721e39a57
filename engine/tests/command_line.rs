//! The engine's command line: `--help` (no tools; no command starts the
//! engine), `--version`, `perft` and `bench`, and the tools' old names,
//! which point to `xiangqi-tools`.

use std::process::{Command, Output};

use crate::support::ENGINE;

fn run(args: &[&str]) -> Output {
    Command::new(ENGINE)
        .args(args)
        .output()
        .expect("the engine binary starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_names_the_engine_s_commands_and_no_tool() {
    for help in ["--help", "-h", "help"] {
        let out = run(&[help]);
        assert!(out.status.success(), "{help}");
        let usage = text(&out.stdout);
        assert!(
            usage.contains("Without a command, xiangqi-engine starts the UCI/UCCI engine"),
            "{usage}"
        );
        for command in ["  bench [DEPTH]", "  perft DEPTH [FEN]", "  --version"] {
            assert!(usage.contains(command), "{command}: {usage}");
        }
        // The tools are named only as what moved to xiangqi-tools.
        let commands = usage.split("\nThe tools").next().unwrap();
        for tool in ["match", "datagen", "train", "tune", "book", "levels"] {
            assert!(!commands.contains(tool), "{tool}: {usage}");
        }
    }
    let out = run(&["--version"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).trim(), "xiangqi-engine 0.1.0");
}

#[test]
fn the_tools_old_names_point_to_xiangqi_tools() {
    for tool in ["match", "datagen", "train", "book"] {
        let out = run(&[tool, "--help"]);
        assert_eq!(out.status.code(), Some(2), "{tool}");
        assert!(out.stdout.is_empty(), "{tool}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("moved to `xiangqi-tools {tool}`")),
            "{tool}: {err}"
        );
    }
    let out = run(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown command `frobnicate`"));
}

#[test]
fn perft_counts_published_numbers() {
    // Published start-position counts: D3 79 666 (tests/suite/tests/data/startpos.perft).
    let out = run(&["perft", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.ends_with("\nNodes searched: 79666\n"), "{said}");
    assert_eq!(said.lines().filter(|l| l.contains(": ")).count(), 45);
    // A position given as a FEN: the library's own count (its published
    // counts are checked in tests/suite).
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let mut args = vec!["perft", "2"];
    args.extend(fen.split(' '));
    let out = run(&args);
    let pos: xiangqi::Position = fen.parse().unwrap();
    let expected = format!("\nNodes searched: {}\n", xiangqi::perft(&pos, 2));
    assert!(
        text(&out.stdout).ends_with(&expected),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["perft", "2", "not", "a", "fen"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bad FEN"));
}

#[test]
fn bench_reports_the_same_nodes_every_run() {
    let totals: Vec<String> = (0..2)
        .map(|_| {
            let out = run(&["bench", "3"]);
            assert!(out.status.success(), "{}", text(&out.stderr));
            let said = text(&out.stdout);
            assert_eq!(
                said.lines().filter(|l| l.starts_with("Position ")).count(),
                4,
                "{said}"
            );
            let nodes = said
                .lines()
                .find_map(|l| l.strip_prefix("Nodes searched  : "))
                .unwrap_or_else(|| panic!("{said}"));
            let n: u64 = nodes.parse().unwrap();
            assert!(n > 100, "{said}");
            assert!(said.contains("Nodes/second    : "), "{said}");
            nodes.to_string()
        })
        .collect();
    assert_eq!(totals[0], totals[1]);
}
