//! The evaluator options through pipes: `EvalFile` loads a network file
//! (a bad one gets an `info string` and changes nothing), `Use NNUE`
//! switches the evaluator, in UCI and in UCCI.

use std::path::PathBuf;

use tempfile::TempDir;

use crate::support::{RawEngine, plain_score, temp_dir};
use xiangqi::nnue::{Activation, NetworkFile};

/// A network that scores every position `cp` for the side to move (all
/// weights zero, the output bias set), written to a file in `dir`.
fn constant_net(cp: i32, dir: &TempDir) -> PathBuf {
    let mut file = NetworkFile::new(128, 1, Activation::SCReLU);
    file.generation = 7;
    file.output_bias[0] = cp * file.qa * file.qb / file.scale;
    let path = dir.path().join(format!("constant-{cp}.nnue"));
    std::fs::write(&path, file.to_bytes().unwrap()).unwrap();
    path
}

/// The score of the last `info depth` line of a `go depth N` search.
fn score(e: &mut RawEngine, depth: u32) -> i32 {
    e.send("position startpos moves h2e2");
    e.send(&format!("go depth {depth}"));
    let lines = e.until("bestmove");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" score cp "))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    let after = info.split(" score cp ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().parse().unwrap()
}

/// Within 2% of `cp`.
fn near(score: i32, cp: i32) -> bool {
    (score - cp).abs() <= cp.abs() / 50
}

fn info_strings(e: &mut RawEngine, command: &str) -> Vec<String> {
    e.send(command);
    e.sync()
        .into_iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn uci_eval_file_and_use_nnue() {
    let mut e = RawEngine::spawn();
    e.send("uci");
    let lines = e.until("uciok");
    for option in [
        "option name Use NNUE type check default true",
        "option name EvalFile type string default <embedded>",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:#?}");
    }
    // The embedded network evaluates by default.
    let embedded = info_strings(&mut e, "setoption name EvalFile value <embedded>");
    assert!(embedded[0].contains("network generation 6"), "{embedded:?}");
    assert!(info_strings(&mut e, "setoption name Use NNUE value false").is_empty());
    let classical = score(&mut e, 1);
    assert!(classical.abs() < 300, "{classical}");

    // Files that are no network change nothing.
    let missing = info_strings(&mut e, "setoption name EvalFile value /no/such/file.nnue");
    assert!(
        missing.len() == 1 && missing[0].contains("keeping the classical evaluator"),
        "{missing:?}"
    );
    let tmp = temp_dir();
    let good = constant_net(1000, &tmp);
    let mut bytes = std::fs::read(&good).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let bad = good.with_extension("bad");
    std::fs::write(&bad, &bytes).unwrap();
    let corrupt = info_strings(
        &mut e,
        &format!("setoption name EvalFile value {}", bad.display()),
    );
    assert!(
        corrupt.len() == 1 && corrupt[0].contains("checksum"),
        "{corrupt:?}"
    );
    assert_eq!(score(&mut e, 1), classical);

    // A good file is loaded; the network evaluates once Use NNUE is on.
    let loaded = info_strings(
        &mut e,
        &format!("setoption name EvalFile value {}", good.display()),
    );
    assert!(loaded[0].contains("network generation 7"), "{loaded:?}");
    assert_eq!(score(&mut e, 1), classical);
    assert!(info_strings(&mut e, "setoption name Use NNUE value true").is_empty());
    // Every position scores 1000 for the side to move: -1000 after one
    // ply, 1000 after two (the search damps scores a little as the
    // move-limit counter grows).
    assert!(near(score(&mut e, 1), -1000), "{}", score(&mut e, 1));
    assert!(near(score(&mut e, 2), 1000));
    // A corrupt file now keeps the network.
    let kept = info_strings(
        &mut e,
        &format!("setoption name EvalFile value {}", bad.display()),
    );
    assert!(kept[0].contains("keeping network generation 7"), "{kept:?}");
    assert!(near(score(&mut e, 2), 1000));
    assert!(info_strings(&mut e, "setoption name Use NNUE value false").is_empty());
    assert_eq!(score(&mut e, 1), classical);
    e.send("quit");
    assert!(e.wait_exit().0.success());
}

#[test]
fn ucci_evalfile_and_usennue() {
    let mut e = RawEngine::spawn();
    e.send("ucci");
    let lines = e.until("ucciok");
    for option in [
        "option usennue type check default true",
        "option evalfile type string default <embedded>",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:#?}");
    }
    let tmp = temp_dir();
    let good = constant_net(-500, &tmp);
    e.send(&format!("setoption evalfile {}", good.display()));
    e.send("setoption usennue true");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let depth2 = plain_score(&lines, 2);
    assert!(depth2.is_some_and(|s| near(s, -500)), "{lines:#?}");
    e.send("quit");
    let _ = e.until("bye");
}
