//! Unit tests of the UCI/UCCI engine.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::uci::engine::{Engine, Sink};
use xiangqi::{Move, Position};

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
    let mut e = Engine::new();
    let out = run(
        &mut e,
        "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\nd",
    );
    assert!(out.contains("Fen: 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n"));
    assert!(out.contains(&format!("Key: {:016X}\n", e.game.position().hash())));
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
    let before = e.game.position().clone();
    for bad in [
        "position fen rnbakabnr/9 w",
        "position startpos moves h2e2 h2e2",
        "position startpos moves zz",
        "position",
        "bogus",
    ] {
        let out = run(&mut e, bad);
        assert!(out.starts_with("info string "), "{bad}: {out}");
        assert_eq!(e.game.position(), &before, "{bad}");
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
    assert!(e.game.position().is_legal(m));

    // Or the opponent played something else: stop ends pondering.
    run(&mut e, "go ponder depth 1");
    pause();
    assert_eq!(bestmoves(&buf).len(), 1);
    run(&mut e, "stop");
    assert_eq!(bestmoves(&buf).len(), 2);
    // A stray ponderhit changes nothing.
    assert_eq!(run(&mut e, "ponderhit"), "");
}

// ---- go parsing ----

use crate::uci::go::{parse_count, parse_ucci_go, parse_uci_go};
use crate::uci::lines::{read_line, shorten};
use crate::uci::options::{Kind, find, listing, parse_value};
use xiangqi::notation::UciRanks;
use xiangqi::{Clock, Limits, Rules, Score};

fn uci_go(args: &str) -> (crate::uci::go::Go, Vec<String>) {
    let args: Vec<&str> = args.split_whitespace().collect();
    parse_uci_go(
        &args,
        &Position::new(),
        UciRanks::ZeroToNine,
        Limits::default().move_overhead,
    )
}

#[test]
fn counts_saturate_and_clamp() {
    assert_eq!(parse_count("42"), Some(42));
    assert_eq!(parse_count("+7"), Some(7));
    assert_eq!(parse_count("-500"), Some(0));
    assert_eq!(parse_count("99999999999999999999999"), Some(u64::MAX));
    for bad in ["", "-", "x", "1e3", "12a", "４２"] {
        assert_eq!(parse_count(bad), None, "{bad}");
    }
}

#[test]
fn uci_go_every_form() {
    let (go, w) = uci_go("depth 5 nodes 1000 movetime 300 mate 3");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(go.limits.depth, Some(5));
    assert_eq!(go.limits.nodes, Some(1000));
    assert_eq!(go.limits.movetime, Some(Duration::from_millis(300)));
    assert_eq!(go.limits.mate, Some(3));
    assert!(!go.ponder && !go.limits.infinite && go.perft.is_none());

    // Red to move: Red's clock.
    let (go, _) = uci_go("wtime 60000 btime 1000 winc 500 binc 7 movestogo 20");
    assert_eq!(
        go.limits.clock,
        Some(
            Clock::new(Duration::from_secs(60))
                .with_increment(Duration::from_millis(500))
                .with_moves_to_go(Some(20))
        )
    );
    // Black to move: Black's; the overhead is the search's to keep back.
    let black: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
        .parse()
        .unwrap();
    let args: Vec<&str> = "wtime 60000 btime 1000 winc 500 binc 7"
        .split(' ')
        .collect();
    let (go, _) = parse_uci_go(
        &args,
        &black,
        UciRanks::ZeroToNine,
        Duration::from_millis(30),
    );
    let clock = go.limits.clock.unwrap();
    assert_eq!(clock.remaining, Duration::from_millis(1000));
    assert_eq!(go.limits.move_overhead, Duration::from_millis(30));
    assert_eq!(clock.increment, Duration::from_millis(7));
    assert_eq!(clock.moves_to_go, None);
    // An overhead larger than the clock is the search's to handle.
    let (go, _) = parse_uci_go(
        &["wtime", "5"],
        &Position::new(),
        UciRanks::ZeroToNine,
        Duration::from_secs(1),
    );
    assert_eq!(go.limits.clock.unwrap().remaining, Duration::from_millis(5));
    assert_eq!(go.limits.move_overhead, Duration::from_secs(1));

    let (go, _) = uci_go("infinite");
    assert!(go.limits.infinite);
    let (go, _) = uci_go("ponder wtime 1000 btime 1000");
    assert!(go.ponder && go.limits.clock.is_some());
    let (go, _) = uci_go("perft 3");
    assert_eq!(go.perft, Some(3));
    let (go, w) = uci_go("");
    assert_eq!((go.limits, w.len()), (Limits::default(), 0));
}

#[test]
fn uci_go_searchmoves_run_to_the_next_keyword() {
    let (go, w) = uci_go("searchmoves h2e2 b0c2 depth 4");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(go.limits.depth, Some(4));
    let moves: Vec<String> = go
        .limits
        .search_moves
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["h2e2", "b0c2"]);
    // Illegal or malformed moves are reported and skipped.
    let (go, w) = uci_go("depth 2 searchmoves h2e2 h2h8 zz infinite");
    assert_eq!(go.limits.search_moves.len(), 1);
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(go.limits.infinite);
    // Ranks 1-10.
    let args = ["searchmoves", "h3e3", "b10c8"];
    let (go, _) = parse_uci_go(&args, &Position::new(), UciRanks::OneToTen, Duration::ZERO);
    assert_eq!(
        go.limits.search_moves,
        vec!["h2e2".parse::<Move>().unwrap()]
    );
}

#[test]
fn uci_go_skips_unknown_tokens_and_bad_values() {
    let (go, w) = uci_go("depth 5 foo");
    assert_eq!(go.limits.depth, Some(5));
    assert_eq!(w, ["go: unknown token \"foo\" ignored"]);
    let (go, w) = uci_go("depth x nodes 100");
    assert_eq!((go.limits.depth, go.limits.nodes), (None, Some(100)));
    assert_eq!(w.len(), 1);
    // A missing value does not swallow the next keyword.
    let (go, w) = uci_go("movetime depth 3");
    assert_eq!((go.limits.movetime, go.limits.depth), (None, Some(3)));
    assert_eq!(w.len(), 1);
    let (go, w) = uci_go("depth");
    assert_eq!((go.limits.depth, w.len()), (None, 1));
    // Huge numbers saturate, negative ones are zero.
    let (go, w) = uci_go("depth 99999999999999999999 nodes 99999999999999999999 wtime -5");
    assert_eq!(w, ["go wtime: -5 is negative, taken as 0"]);
    assert_eq!(go.limits.depth, Some(u32::MAX));
    assert_eq!(go.limits.nodes, Some(u64::MAX));
    assert_eq!(go.limits.clock.unwrap().remaining, Duration::ZERO);
}

fn ucci_go(args: &str, millisec: bool) -> (crate::uci::go::Go, Vec<String>) {
    let args: Vec<&str> = args.split_whitespace().collect();
    parse_ucci_go(&args, Limits::default().move_overhead, millisec)
}

#[test]
fn ucci_go_forms() {
    // A plain go is ElephantEye's maximum depth.
    let (go, w) = ucci_go("", true);
    assert!(w.is_empty());
    assert_eq!(go.limits, Limits::depth(32));
    let (go, _) = ucci_go("depth 7", true);
    assert_eq!(go.limits, Limits::depth(7));
    let (go, _) = ucci_go("depth infinite", true);
    assert!(go.limits.infinite && go.limits.depth.is_none());
    let (go, _) = ucci_go("nodes 5000", true);
    assert_eq!(go.limits, Limits::nodes(5000));
    let (go, _) = ucci_go("ponder draw depth 3", true);
    assert!(go.ponder && go.draw);

    let clock = |s: &str, ms: bool| ucci_go(s, ms).0.limits.clock.unwrap();
    assert_eq!(
        clock(
            "time 60000 increment 1000 opptime 5000 oppincrement 100",
            true
        ),
        Clock::new(Duration::from_secs(60)).with_increment(Duration::from_secs(1))
    );
    assert_eq!(clock("time 30000 movestogo 10", true).moves_to_go, Some(10));
    // `time T` alone: one move to go, as ElephantEye reads it.
    assert_eq!(clock("time 3000", true).moves_to_go, Some(1));
    // Seconds with `usemillisec false`.
    assert_eq!(
        clock("time 60 increment 2", false).remaining,
        Duration::from_secs(60)
    );
    assert_eq!(
        clock("time 60 increment 2", false).increment,
        Duration::from_secs(2)
    );
    // The overhead is passed to the search, which keeps it back.
    let (go, _) = parse_ucci_go(&["time", "1000"], Duration::from_millis(100), true);
    assert_eq!(go.limits.clock.unwrap().remaining, Duration::from_secs(1));
    assert_eq!(go.limits.move_overhead, Duration::from_millis(100));

    let (go, w) = ucci_go("time abc bogus", true);
    assert_eq!(w.len(), 2, "{w:?}");
    assert_eq!(go.limits, Limits::depth(32));
}

// ---- options ----

#[test]
fn options_found_by_either_name() {
    for (name, uci) in [
        ("Hash", "Hash"),
        ("hashsize", "Hash"),
        ("HASH", "Hash"),
        ("move limit", "Move Limit"),
        ("movelimit", "Move Limit"),
        ("Move_Overhead", "Move Overhead"),
        ("uci_variant", "UCI_Variant"),
        ("Clear Hash", "Clear Hash"),
        ("chaserule", "Chase Rule"),
        ("Repetition Count", "Repetition Count"),
    ] {
        assert_eq!(find(name).and_then(|s| s.uci), Some(uci), "{name}");
    }
    assert_eq!(find("repetition").and_then(|s| s.ucci), Some("repetition"));
    assert!(find("no such option").is_none());
    assert!(find("").is_none());

    let limit = find("Move Limit").unwrap();
    assert!(parse_value(limit, "50").is_ok());
    for bad in ["", "abc", "-1", "10001", "99999999999999999999999"] {
        assert!(parse_value(limit, bad).is_err(), "{bad}");
    }
    let ponder = find("Ponder").unwrap();
    assert!(parse_value(ponder, "on").is_ok() && parse_value(ponder, "maybe").is_err());
    let chase = find("Chase Rule").unwrap();
    assert!(parse_value(chase, "Fairy-Stockfish").is_ok());
    assert!(parse_value(chase, "chinese").is_err());
}

#[test]
fn option_listings() {
    let uci = listing(crate::uci::engine::Protocol::Uci);
    for line in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name UCI_Variant type combo default xiangqi var xiangqi",
        "option name Move Ranks type combo default 0-9 var 0-9 var 1-10",
        "option name Move Limit type spin default 60 min 0 max 10000",
        "option name Repetition Count type spin default 3 min 2 max 100",
        "option name Chase Rule type combo default asian var asian var fairy-stockfish var none",
    ] {
        assert!(uci.iter().any(|l| l == line), "{line} missing in {uci:#?}");
    }
    let ucci = listing(crate::uci::engine::Protocol::Ucci);
    for line in [
        "option hashsize type spin min 1 max 65536 default 16",
        "option usebook type check default false",
        "option newgame type button",
        "option movelimit type spin min 0 max 10000 default 60",
        "option repetition type combo var asianrule var chineserule var checkban default asianrule",
    ] {
        assert!(
            ucci.iter().any(|l| l == line),
            "{line} missing in {ucci:#?}"
        );
    }
    // Every spin default lies in its range.
    for spec in crate::uci::options::OPTIONS {
        if let Kind::Spin { default, min, max } = spec.kind {
            assert!((min..=max).contains(&default), "{spec:?}");
        }
    }
}

#[test]
fn setoption_sets_and_reports() {
    let mut e = Engine::new();
    let out = run(
        &mut e,
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Move Overhead value 50\n\
         setoption name Move Ranks value 1-10\nsetoption name MultiPV value 3\n\
         setoption name Clear Hash\nsetoption name Threads value 2",
    );
    assert!(!out.contains("info string"), "{out}");
    assert_eq!(e.overhead, Duration::from_millis(50));
    assert_eq!(e.ranks, UciRanks::OneToTen);
    assert_eq!(e.multi_pv, 3);
    for bad in [
        "setoption name UCI_Variant value chess",
        "setoption name Hash value abc",
        "setoption name Hash value 0",
        "setoption name Hash value 99999999999999999999999",
        "setoption name Move Overhead value -5",
        "setoption name Nonsense value 1",
        "setoption name Move Ranks value 2-11",
        "setoption",
        "setoption name",
        "setoption name Ponder value",
    ] {
        let out = run(&mut e, bad);
        assert!(out.starts_with("info string "), "{bad}: {out}");
    }
    assert_eq!(e.overhead, Duration::from_millis(50));
}

#[test]
fn rules_options_rebuild_the_game() {
    let mut e = Engine::new();
    // Halfmove clock 99: one more quiet move reaches 50 moves.
    run(
        &mut e,
        "uci\nposition fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 99 60 moves e1e2",
    );
    assert!(e.game.outcome().is_none());
    run(&mut e, "setoption name Move Limit value 50");
    assert_eq!(e.rules.move_limit, Some(50));
    assert_eq!(e.game.rules().move_limit, Some(50));
    let verdict = e
        .game
        .outcome()
        .expect("drawn by the move limit")
        .to_string();
    assert!(verdict.starts_with("1/2-1/2"), "{verdict}");
    assert!(run(&mut e, "d").contains("\nOutcome: 1/2-1/2"));
    run(&mut e, "setoption name Move Limit value 0");
    assert_eq!(e.game.rules().move_limit, None);
    assert!(e.game.outcome().is_none());

    // Repetition count 2: the first repetition of the perpetual check
    // already decides.
    run(
        &mut e,
        "position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves e1d1 d9e9 d1e1 e9d9",
    );
    assert!(e.game.outcome().is_none());
    run(&mut e, "setoption name Repetition Count value 2");
    assert!(e.game.outcome().unwrap().to_string().starts_with("0-1"));

    // Chase rules.
    for (value, detect, checks) in [
        ("none", false, false),
        ("fairy-stockfish", true, true),
        ("asian", true, false),
    ] {
        run(&mut e, &format!("setoption name Chase Rule value {value}"));
        assert_eq!(
            (e.rules.chase_detection, e.rules.checks_also_chase),
            (detect, checks),
            "{value}"
        );
    }
    run(&mut e, "setoption name Check Cap value 10");
    assert_eq!(e.game.rules().check_cap, Some(10));
    // New games keep the rules.
    run(&mut e, "ucinewgame");
    assert_eq!(e.game.rules(), &e.rules);
    assert_ne!(e.rules, Rules::default());
}

#[test]
fn ucci_setoption_and_banmoves() {
    let mut e = Engine::new();
    let out = run(
        &mut e,
        "ucci\nsetoption usebook false\nsetoption hashsize 32\nsetoption newgame\n\
         setoption movelimit 50\nsetoption repetition checkban\nsetoption ponder on",
    );
    assert!(out.ends_with("ucciok\n"), "{out}");
    assert_eq!(e.protocol, Some(crate::uci::engine::Protocol::Ucci));
    assert_eq!(e.rules.move_limit, Some(50));
    assert!(!e.rules.chase_detection);
    assert!(e.ponder);
    let out = run(
        &mut e,
        "setoption repetition alwaysdraw\nsetoption batch on\nsetoption hashsize x",
    );
    assert_eq!(out.matches("info string").count(), 3, "{out}");
    run(&mut e, "setoption repetition chineserule");
    assert!(e.rules.chase_detection && e.rules.checks_also_chase);
    // UCI syntax is read too.
    run(&mut e, "setoption name Move Limit value 60");
    assert_eq!(e.rules.move_limit, Some(60));

    run(&mut e, "position startpos\nbanmoves h2e2 b0c2 h2h8");
    assert_eq!(e.banned.len(), 2);
    run(&mut e, "position startpos moves h2e2");
    assert!(e.banned.is_empty(), "position clears the banned moves");
    // stop with no search running: no answer (ElephantEye's `nobestmove`
    // would be taken for the answer to the next `go`).
    assert_eq!(run(&mut e, "stop"), "");
    assert_eq!(run(&mut e, "isready"), "readyok\n");
    assert!(run(&mut e, "probe").starts_with("pophash bestmove "));
    assert!(
        run(&mut e, "probe fen R3k4/R8/9/9/9/9/9/9/9/3K5 b")
            .starts_with("pophash lowerbound -10000")
    );
    assert!(run(&mut e, "probe nonsense").starts_with("info string"));
    let mut out = Vec::new();
    assert!(!e.handle("quit", &mut out).unwrap());
    assert_eq!(String::from_utf8(out).unwrap(), "bye\n");
}

#[test]
fn the_first_command_picks_the_protocol() {
    let mut e = Engine::new();
    run(&mut e, "isready\nucci");
    assert_eq!(e.protocol, Some(crate::uci::engine::Protocol::Uci));
    let mut e = Engine::new();
    assert!(run(&mut e, "ucci").ends_with("ucciok\n"));
    assert!(run(&mut e, "uci").starts_with("info string unknown command"));
}

#[test]
fn ucci_scores() {
    assert_eq!(crate::uci::engine::ucci_score(Score::Cp(-37)), -37);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(1)), 9999);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(3)), 9995);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(-2)), -9996);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(0)), -10000);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(i32::MAX)), 0);
    assert_eq!(crate::uci::engine::ucci_score(Score::Mate(i32::MIN)), 0);
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
        .game
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
    assert_eq!(e.game.ply(), 2);
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

// ---- bounded lines ----

#[test]
fn lines_are_bounded_and_lossy() {
    let mut input: &[u8] = b"uci\r\n\xff\xfe go\nabcdefghij\nlast";
    let line = read_line(&mut input, 5).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.len, line.utf8, line.truncated),
        ("uci", 3, true, false)
    );
    let line = read_line(&mut input, 100).unwrap().unwrap();
    assert!(!line.utf8 && line.text.ends_with(" go"), "{line:?}");
    let line = read_line(&mut input, 4).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.len, line.truncated),
        ("abcd", 10, true)
    );
    assert_eq!(shorten(&line, 2), "ab... (10 bytes)");
    assert_eq!(shorten(&line, 10), "abcd... (10 bytes)");
    let line = read_line(&mut input, 100).unwrap().unwrap();
    assert_eq!(line.text, "last");
    assert_eq!(shorten(&line, 10), "last");
    assert_eq!(read_line(&mut input, 100).unwrap(), None);

    // A character cut by the limit is not invalid UTF-8.
    let mut input = "炮二平五\n".as_bytes();
    let line = read_line(&mut input, 4).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.utf8, line.truncated),
        ("炮", true, true)
    );
    // An empty line is a line.
    let mut input: &[u8] = b"\n";
    assert_eq!(read_line(&mut input, 4).unwrap().unwrap().len, 0);
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
    assert_eq!(e.game.ply(), 1);
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
            said.starts_with("info string Hash 65536 MiB: more than half"),
            "{said}"
        );
        assert_eq!(e.hash_mb, 16);
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
