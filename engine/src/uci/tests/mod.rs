//! Unit tests of the UCI/UCCI engine: its commands and search thread here,
//! `go`'s parsing, the options and line reading in their own files.

mod garbage;
mod go;
mod lines;
mod options;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use xiangqi::{Move, Position, Score};

use crate::uci::engine::UciFrontEnd;
use crate::uci::output::Sink;

fn run(engine: &mut UciFrontEnd, script: &str) -> String {
    let mut out = Vec::new();
    for line in script.lines() {
        engine.handle(line, &mut out).unwrap();
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn handshake() {
    let out = run(&mut UciFrontEnd::new(), "uci\nisready");
    assert!(out.contains("uciok\n"));
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn perft_divide_lines_then_total() {
    let (buf, mut e) = shared();
    run(&mut e, "position startpos\ngo perft 2");
    e.join_search();
    let out = text(&buf);
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
    let mut e = UciFrontEnd::new();
    let out = run(
        &mut e,
        "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\nd",
    );
    assert!(out.contains("Fen: 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n"));
    assert!(out.contains(&format!(
        "Key: {:016X}\n",
        e.session().game().unwrap().position().hash()
    )));
    assert!(out.contains("Checkers: e1\n"));
    let out = run(&mut UciFrontEnd::new(), "d");
    assert!(out.contains("Checkers: \n"));
}

#[test]
fn outcome_line() {
    let out = run(&mut UciFrontEnd::new(), "position startpos\nd");
    assert!(out.contains("\nOutcome: * game goes on\n"));
    // Perpetual check by the Red chariot, then play goes on.
    let cycle = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
    let script = format!("position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves {cycle} e1e2\nd");
    let out = run(&mut UciFrontEnd::new(), &script);
    assert!(out.contains("\nOutcome: 0-1 black wins by "), "{out}");
    // Checkmate.
    let out = run(
        &mut UciFrontEnd::new(),
        "position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b\nd",
    );
    assert!(
        out.contains("\nOutcome: 1-0 red wins by checkmate"),
        "{out}"
    );
}

#[test]
fn a_refused_position_is_never_searched() {
    let mut e = UciFrontEnd::new();
    for bad in [
        "position fen rnbakabnr/9 w",
        "position startpos moves h2e2 h2e2",
        "position startpos moves zz",
        "position",
    ] {
        run(&mut e, "position startpos moves h2e2");
        let out = run(&mut e, bad);
        assert!(out.starts_with("info string "), "{bad}: {out}");
        assert!(e.session().game().is_none(), "{bad}");
        // No move of the earlier position: a word and no move.
        let out = run(&mut e, "go depth 1");
        assert!(out.starts_with("info string no position"), "{bad}: {out}");
        assert!(out.ends_with("bestmove (none)\n"), "{bad}: {out}");
    }
    // A junk command changes nothing.
    run(&mut e, "position startpos moves h2e2");
    let before = e.session().game().unwrap().position().clone();
    assert!(run(&mut e, "bogus").starts_with("info string "));
    assert_eq!(e.session().game().unwrap().position(), &before);
    assert!(!e.handle("quit", &mut Vec::new()).unwrap());
}

/// A buffer shared with the search thread.
fn shared() -> (Arc<Mutex<Vec<u8>>>, UciFrontEnd) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let sink: Sink = buf.clone();
    (buf, UciFrontEnd::with_sink(sink))
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
    assert!(e.running.as_ref().is_some_and(|r| !r.handle.is_finished()));
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
    assert_eq!(
        e.session().option("Ponder"),
        Ok(xiangqi_session::OptionValue::Bool(true))
    );

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
    assert!(e.session().game().unwrap().position().is_legal(m));

    // Or the opponent played something else: stop ends pondering.
    run(&mut e, "go ponder depth 1");
    pause();
    assert_eq!(bestmoves(&buf).len(), 1);
    run(&mut e, "stop");
    assert_eq!(bestmoves(&buf).len(), 2);
    // A stray ponderhit changes nothing.
    assert_eq!(run(&mut e, "ponderhit"), "");
}

#[test]
fn the_first_command_picks_the_protocol() {
    let mut e = UciFrontEnd::new();
    run(&mut e, "isready\nucci");
    assert_eq!(e.protocol, Some(crate::uci::engine::Protocol::Uci));
    let mut e = UciFrontEnd::new();
    assert!(run(&mut e, "ucci").ends_with("ucciok\n"));
    assert!(run(&mut e, "uci").starts_with("info string unknown command"));
}

#[test]
fn ucci_scores() {
    assert_eq!(crate::uci::output::ucci_score(Score::Cp(-37)), -37);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(1)), 9999);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(3)), 9995);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(-2)), -9996);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(0)), -10000);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(i32::MAX)), 0);
    assert_eq!(crate::uci::output::ucci_score(Score::Mate(i32::MIN)), 0);
}

#[test]
fn ucci_search_lines() {
    let (buf, mut e) = shared();
    run(
        &mut e,
        "ucci\nposition fen 4k4/1R7/9/9/9/9/9/9/9/R2K5 w\ngo depth 3",
    );
    e.join_search();
    let out = text(&buf);
    assert!(out.contains("info depth 1 score 9999 pv a0a9\n"), "{out}");
    assert!(
        out.contains("\ninfo time ") || out.starts_with("info time "),
        "{out}"
    );
    assert_eq!(bestmoves(&buf), ["bestmove a0a9"]);
    // All moves banned: nothing to play.
    let legal: Vec<String> = e
        .session()
        .game()
        .unwrap()
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    run(&mut e, &format!("banmoves {}\ngo depth 2", legal.join(" ")));
    e.join_search();
    assert!(text(&buf).ends_with("nobestmove\n"), "{}", text(&buf));
    // A lost position resigns.
    run(
        &mut e,
        "position fen 3k5/9/9/9/9/9/9/9/R8/R3K4 b\ngo depth 4",
    );
    e.join_search();
    let last = text(&buf).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("bestmove ") && last.ends_with(" resign"),
        "{last}"
    );
}

#[test]
fn uci_ranks_in_output() {
    let (buf, mut e) = shared();
    run(
        &mut e,
        "setoption name Move Ranks value 1-10\nposition fen 4k4/1R7/9/9/9/9/9/9/9/R2K5 w\ngo depth 2",
    );
    e.join_search();
    assert_eq!(bestmoves(&buf), ["bestmove a1a10"]);
    assert!(text(&buf).contains("score mate 1 "), "{}", text(&buf));
    run(&mut e, "position startpos moves h3e3 b10c8\ngo perft 1");
    e.join_search();
    let out = text(&buf);
    assert!(out.contains("h1g3: "), "{out}");
    assert_eq!(e.session().game().unwrap().ply(), 2);
}

#[test]
fn no_legal_move_uci() {
    let (buf, mut e) = shared();
    run(
        &mut e,
        "position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b\ngo depth 5",
    );
    e.join_search();
    assert_eq!(text(&buf), "info depth 0 score mate 0\nbestmove (none)\n");
}

#[test]
fn go_perft_with_a_bad_depth_searches() {
    let (buf, mut e) = shared();
    let out = run(&mut e, "go perft x depth 1");
    assert!(out.starts_with("info string go perft"), "{out}");
    e.join_search();
    assert_eq!(bestmoves(&buf).len(), 1);
}

#[test]
fn a_command_stops_a_search_instead_of_waiting_for_it() {
    // `go depth 60` would take hours; `position` ends it at once, with its
    // bestmove printed first.
    let (buf, mut e) = shared();
    run(&mut e, "uci\nposition startpos\ngo depth 60");
    std::thread::sleep(Duration::from_millis(50));
    let start = std::time::Instant::now();
    run(&mut e, "position startpos moves h2e2");
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(bestmoves(&buf).len(), 1);
    assert_eq!(e.session().game().unwrap().ply(), 1);
    // `go perft 7` (hours in a debug build) is stopped too, and says so.
    run(&mut e, "go perft 7");
    std::thread::sleep(Duration::from_millis(50));
    run(&mut e, "stop");
    let out = text(&buf);
    assert!(out.contains("info string perft stopped after "), "{out}");
    assert!(out.contains("\nNodes searched: "), "{out}");
    // A hash table the machine cannot give (64 GiB, the option's maximum,
    // on a machine with less than 128 GiB free) is refused with a word;
    // the old one stays.
    let free_mib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            let line = t
                .lines()
                .find(|l| l.starts_with("MemAvailable:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse::<usize>().ok()
        })
        .map(|kib| kib / 1024);
    if free_mib.is_some_and(|f| f < 131_072) {
        let mut out = Vec::new();
        e.handle("setoption name Hash value 65536", &mut out)
            .unwrap();
        let said = String::from_utf8(out).unwrap();
        assert!(
            said.starts_with("info string option Hash: 65536 MiB is more than half"),
            "{said}"
        );
        assert_eq!(
            e.session().option("Hash"),
            Ok(xiangqi_session::OptionValue::Int(16))
        );
    }
    // `go movetime -5` is searched, with a word about the value.
    let mut out = Vec::new();
    e.handle("go movetime -5", &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "info string go movetime: -5 is negative, taken as 0\n"
    );
    e.halt_search();
    assert_eq!(bestmoves(&buf).len(), 2);
}

#[test]
fn go_limits_outside_the_sessions_rule_still_end_in_bestmove() {
    // depth 0 and nodes 0 saturate into the session's rule (depth 1, one
    // node); each go prints one bestmove of a legal move.
    for go in ["go depth 0", "go nodes 0", "go depth 0 nodes 0"] {
        let (buf, mut e) = shared();
        run(&mut e, "position startpos");
        run(&mut e, go);
        e.join_search();
        let out = text(&buf);
        assert!(!out.contains("info string"), "{go}: {out}");
        let best = bestmoves(&buf);
        assert_eq!(best.len(), 1, "{go}: {out}");
        let m: xiangqi::Move = best[0].split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(xiangqi::Position::new().is_legal(m), "{go}: {out}");
    }
}

/// UCCI `probe` right after a search answers that search's move, score and
/// depth (issue 52 saw a depth-8 search followed by a depth-1 probe with
/// another move); a position not searched is said to be so.
#[test]
fn probe_reads_back_the_last_search() {
    let (buf, mut e) = shared();
    run(
        &mut e,
        "ucci\nsetoption usebook false\nposition startpos moves h2e2 h9g7\ngo depth 6",
    );
    e.join_search();
    let out = text(&buf);
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a bestmove")
        .to_string();
    let last_info = out
        .lines()
        .rfind(|l| l.starts_with("info depth 6 "))
        .expect("an info line at depth 6")
        .to_string();
    let probe = run(&mut e, "probe");
    assert!(
        probe.starts_with(&format!("pophash bestmove {best} lowerbound ")),
        "{probe} after {out}"
    );
    assert!(probe.trim_end().ends_with(" depth 6"), "{probe}");
    let score = probe.split_whitespace().nth(4).unwrap();
    assert!(
        last_info.contains(&format!(" score {score} ")),
        "{probe} vs {last_info}"
    );
    // The same position, given again, is the searched one.
    let again = run(&mut e, "probe startpos moves h2e2 h9g7");
    assert_eq!(again, probe);
    // Another position: no stored search, and a one-ply answer.
    let other = run(&mut e, "probe startpos moves h2e2");
    assert!(
        other.starts_with("info string probe: no search of this position stored"),
        "{other}"
    );
    assert!(other.trim_end().ends_with(" depth 1"), "{other}");
}

/// An illegal move in `position ... moves` is refused with the library's
/// reason, not only "no legal move matches".
#[test]
fn illegal_position_move_gives_the_reason() {
    let mut e = UciFrontEnd::new();
    // b0 (Red's horse) to d1: the leg c0 is Red's elephant.
    let out = run(&mut e, "position startpos moves b0d1");
    assert!(out.starts_with("info string move 1 \"b0d1\""), "{out}");
    assert!(out.contains("leg"), "{out}");
    // A chariot through its own soldier.
    let out = run(&mut e, "position startpos moves a0a5");
    assert!(out.contains("the path is blocked on a3"), "{out}");
    // No piece on the square.
    let out = run(&mut e, "position startpos moves e3e4 e6e5 e5e4");
    assert!(out.starts_with("info string move 3 \"e5e4\""), "{out}");
    assert!(out.contains("belongs to the side not to move"), "{out}");
    assert!(!out.contains("no legal move matches"), "{out}");
    // Not a move at all: the syntax error, as before.
    let out = run(&mut e, "position startpos moves hello");
    assert!(out.starts_with("info string move 1 \"hello\""), "{out}");
}
