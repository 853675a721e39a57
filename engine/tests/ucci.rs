//! The engine binary spoken to in UCCI (ElephantEye 3.31's dialect)
//! through OS pipes.

use crate::support::{RawEngine, best, plain_score};
use xiangqi::{Move, Position};

fn ucci() -> RawEngine {
    let mut e = RawEngine::spawn();
    e.send("ucci");
    e.until("ucciok");
    e
}

#[test]
fn full_exchange() {
    let mut e = RawEngine::spawn();
    e.send("ucci");
    let lines = e.until("ucciok");
    assert_eq!(lines[0], "id name xiangqi-engine");
    for option in [
        "option usemillisec type check default true",
        "option hashsize type spin",
        "option ponder type check",
        "option usebook type check",
        "option newgame type button",
        "option movelimit type spin min 0 max 10000 default 60",
        "option repetition type combo",
        "option skilllevel type spin min 0 max 20 default 20",
        "option limitstrength type check default false",
        "option elo type spin min ",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:#?}"
        );
    }
    for cmd in [
        "setoption usebook false",
        "setoption hashsize 32",
        "setoption newgame",
        "setoption movelimit 50",
        "setoption repetition asianrule",
        "setoption elo 1500",
        "setoption limitstrength false",
    ] {
        e.send(cmd);
    }
    assert_eq!(e.sync(), ["readyok"], "options accepted silently");
    e.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    // ElephantEye's info lines: plain scores, no `cp`.
    assert!(plain_score(&lines, 3).is_some(), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info time ") && l.contains(" nodes "))
    );
    let last = lines.last().unwrap();
    let mut pos = Position::new();
    pos.play("h2e2".parse().unwrap()).unwrap();
    let m: Move = best(last).parse().unwrap();
    assert!(pos.is_legal(m), "{last}");
    if let Some(p) = last.split(' ').nth(3) {
        assert_eq!(last.split(' ').nth(2), Some("ponder"));
        let mut next = pos.clone();
        next.play(m).unwrap();
        assert!(next.is_legal(p.parse().unwrap()), "{last}");
    }
    e.send("quit");
    let (status, rest) = e.wait_exit();
    assert!(status.success());
    assert_eq!(rest, ["bye"]);
}

#[test]
fn go_forms() {
    let mut e = ucci();
    e.send("position startpos");
    let pos = Position::new();
    for go in [
        "go depth 2",
        "go nodes 3000",
        "go time 1000 increment 0",
        "go time 2000 increment 10 opptime 2000 oppincrement 10",
        "go time 5000 movestogo 40",
        "go time 300",
        "go draw depth 1",
        "go depth 2 whatever",
    ] {
        e.send(go);
        let m: Move = best(&e.expect("bestmove")).parse().unwrap();
        assert!(pos.is_legal(m), "{go}");
    }
    // Seconds when asked.
    e.send("setoption usemillisec false");
    e.send("go time 1 increment 0");
    e.expect("bestmove");
}

#[test]
fn mate_scores_as_elephanteye_writes_them() {
    let mut e = ucci();
    e.send("position fen 4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l == "info depth 1 score 9999 pv a0a9"),
        "{lines:#?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove a0a9");
}

#[test]
fn banmoves_and_nobestmove() {
    let mut e = ucci();
    e.send("position startpos");
    let pos = Position::new();
    let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    // Ban every move but one.
    let keep = "i0i1";
    let banned: Vec<&str> = legal
        .iter()
        .map(String::as_str)
        .filter(|m| *m != keep)
        .collect();
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go depth 3");
    assert_eq!(best(&e.expect("bestmove")), keep);
    // Still banned for the next search of the same position.
    e.send("go depth 1");
    assert_eq!(best(&e.expect("bestmove")), keep);
    // All banned: nothing to play.
    e.send(&format!("banmoves {}", legal.join(" ")));
    e.send("go depth 3");
    let lines = e.until("nobestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    // A new position lifts the ban.
    e.send("position startpos");
    e.send("go depth 1");
    e.expect("bestmove");
    // Checkmated: nobestmove.
    e.send("position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    e.send("go depth 4");
    assert_eq!(e.until("nobestmove"), ["nobestmove"]);
    // A stop with no search running: no answer (ElephantEye's `nobestmove`
    // here would be taken for the answer to the next `go`).
    e.send("stop");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
}

#[test]
fn ponder_ponderhit_and_stop() {
    let mut e = ucci();
    e.send("setoption ponder true");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go ponder time 60000 increment 0");
    e.expect("info depth 2 ");
    e.no_answer_yet();
    e.send("ponderhit");
    e.expect("bestmove");

    e.send("go ponder depth 3");
    e.expect("info depth 1 ");
    e.send("stop");
    e.expect("bestmove");

    // An infinite search waits for stop.
    e.send("go depth infinite");
    e.expect("info depth 2 ");
    e.no_answer_yet();
    e.send("stop");
    e.expect("bestmove");
}

#[test]
fn probe_and_eof() {
    let mut e = ucci();
    e.send("probe startpos moves h2e2");
    let line = e.expect("pophash");
    assert!(line.starts_with("pophash bestmove "), "{line}");
    assert!(
        line.contains(" lowerbound ") && line.contains(" upperbound "),
        "{line}"
    );
    e.send("position startpos");
    e.send("go depth infinite");
    e.expect("info depth 1 ");
    e.close();
    e.expect("bestmove");
    let (status, rest) = e.wait_exit();
    assert!(status.success());
    assert_eq!(rest.last().map(String::as_str), Some("bye"), "{rest:?}");
}

#[test]
fn garbage_in_ucci() {
    let mut e = ucci();
    e.send_bytes(b"setoption \xff\xff 12\n");
    e.send("banmoves zz 12345");
    e.send("go time 99999999999999999999999 depth 1");
    e.expect("bestmove");
    e.send("position fen garbage");
    e.send("ponderhit draw");
    e.still_answers(4);
}
