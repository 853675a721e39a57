//! Unit tests of the UCI example.

use super::*;

fn run(engine: &mut Engine, script: &str) -> String {
    let mut out = Vec::new();
    for line in script.lines() {
        engine.handle(line, &mut out).unwrap();
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn handshake() {
    let out = run(&mut Engine::new(), "uci\nisready");
    assert!(out.contains("uciok\n"));
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn perft_divide_lines_then_total() {
    let out = run(&mut Engine::new(), "position startpos\ngo perft 2");
    let divide: Vec<(&str, u64)> = out
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap();
            (m, n.parse().unwrap())
        })
        .collect();
    assert_eq!(divide.len(), 44);
    assert!(divide.iter().all(|(m, _)| m.parse::<Move>().is_ok()));
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1920);
    assert!(out.contains("\nNodes searched: 1920\n"));
}

#[test]
fn display_fen_key_checkers() {
    let mut e = Engine::new();
    let out = run(
        &mut e,
        "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\nd",
    );
    assert!(out.contains("Fen: 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n"));
    assert!(out.contains(&format!("Key: {:016X}\n", e.position.hash())));
    assert!(out.contains("Checkers: e1\n"));
    let out = run(&mut Engine::new(), "d");
    assert!(out.contains("Checkers: \n"));
}

#[test]
fn outcome_line() {
    let out = run(&mut Engine::new(), "position startpos\nd");
    assert!(out.contains("\nOutcome: * game goes on\n"));
    // Perpetual check by the Red chariot, then play goes on.
    let cycle = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
    let script = format!("position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves {cycle} e1e2\nd");
    let out = run(&mut Engine::new(), &script);
    assert!(out.contains("\nOutcome: 0-1 black wins by "), "{out}");
    // Checkmate.
    let out = run(
        &mut Engine::new(),
        "position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b\nd",
    );
    assert!(
        out.contains("\nOutcome: 1-0 red wins by checkmate"),
        "{out}"
    );
}

#[test]
fn bad_input_keeps_position() {
    let mut e = Engine::new();
    run(&mut e, "position startpos moves h2e2");
    let before = e.position.clone();
    for bad in [
        "position fen rnbakabnr/9 w",
        "position startpos moves h2e2 h2e2",
        "position startpos moves zz",
        "position",
        "go perft x",
        "bogus",
    ] {
        let out = run(&mut e, bad);
        assert!(out.starts_with("info string "), "{bad}: {out}");
        assert_eq!(e.position, before, "{bad}");
    }
    assert!(!e.handle("quit", &mut Vec::new()).unwrap());
}

/// A buffer shared with the search thread.
fn shared() -> (Arc<Mutex<Vec<u8>>>, Engine) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let sink: Sink = buf.clone();
    (buf, Engine::with_sink(sink))
}

fn text(buf: &Arc<Mutex<Vec<u8>>>) -> String {
    String::from_utf8(buf.lock().unwrap().clone()).unwrap()
}

fn bestmoves(buf: &Arc<Mutex<Vec<u8>>>) -> Vec<String> {
    text(buf)
        .lines()
        .filter(|l| l.starts_with("bestmove"))
        .map(String::from)
        .collect()
}

fn pause() {
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn finite_go_prints_bestmove_unasked() {
    let (buf, mut e) = shared();
    run(&mut e, "position startpos\ngo depth 2");
    e.join_search();
    let best = bestmoves(&buf);
    assert_eq!(best.len(), 1, "{}", text(&buf));
    let m: Move = best[0].split(' ').nth(1).unwrap().parse().unwrap();
    assert!(Position::new().is_legal(m));
    assert!(text(&buf).contains("info depth 2 "));
}

#[test]
fn infinite_waits_for_stop() {
    let (buf, mut e) = shared();
    // Checkmated: the search ends at once, with no move.
    run(
        &mut e,
        "position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b\ngo infinite",
    );
    pause();
    assert!(bestmoves(&buf).is_empty(), "{}", text(&buf));
    assert!(e.search.as_ref().is_some_and(|h| !h.is_finished()));
    // Still answering while it waits.
    assert_eq!(run(&mut e, "isready"), "readyok\n");
    assert_eq!(run(&mut e, "stop"), "");
    assert_eq!(bestmoves(&buf), ["bestmove (none)"]);

    // A search that reached its depth long before the stop.
    run(&mut e, "position startpos\ngo infinite depth 2");
    pause();
    assert!(text(&buf).contains("info depth 2 "));
    assert_eq!(bestmoves(&buf).len(), 1, "{}", text(&buf));
    run(&mut e, "stop");
    let best = bestmoves(&buf);
    assert_eq!(best.len(), 2);
    let m: Move = best[1].split(' ').nth(1).unwrap().parse().unwrap();
    assert!(Position::new().is_legal(m));

    // `quit` releases it too.
    run(&mut e, "go infinite depth 1");
    pause();
    assert_eq!(bestmoves(&buf).len(), 2);
    assert!(!e.handle("quit", &mut Vec::new()).unwrap());
    assert_eq!(bestmoves(&buf).len(), 3);
}

#[test]
fn infinite_stopped_by_the_next_command() {
    let (buf, mut e) = shared();
    run(&mut e, "go infinite depth 1");
    pause();
    assert!(bestmoves(&buf).is_empty());
    // No deadlock: a new position stops the waiting search.
    run(&mut e, "position startpos moves h2e2");
    assert_eq!(bestmoves(&buf).len(), 1);
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let (buf, mut e) = shared();
    let out = run(&mut e, "uci\nsetoption name Ponder value true");
    assert!(out.contains("option name Ponder type check default false\n"));
    assert!(!out.contains("info string"), "{out}");
    assert!(e.ponder);

    run(
        &mut e,
        "position startpos moves h2e2 h9g7\ngo ponder depth 1",
    );
    pause();
    assert!(bestmoves(&buf).is_empty(), "{}", text(&buf));
    // The opponent played the expected move: search on (depth 1), then
    // answer without waiting for stop.
    run(&mut e, "ponderhit");
    e.join_search();
    let best = bestmoves(&buf);
    assert_eq!(best.len(), 1, "{}", text(&buf));
    let m: Move = best[0].split(' ').nth(1).unwrap().parse().unwrap();
    assert!(e.position.is_legal(m));

    // Or the opponent played something else: stop ends pondering.
    run(&mut e, "go ponder depth 1");
    pause();
    assert_eq!(bestmoves(&buf).len(), 1);
    run(&mut e, "stop");
    assert_eq!(bestmoves(&buf).len(), 2);
    // A stray ponderhit changes nothing.
    assert_eq!(run(&mut e, "ponderhit"), "");
}
