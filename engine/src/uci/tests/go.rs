//! `go` in either protocol's form.

use std::time::Duration;

use xiangqi::notation::UciRanks;
use xiangqi::{Clock, Limits, Move, Position};

use crate::uci::go::{parse_count, parse_ucci_go, parse_uci_go};

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
    // A plain go is the deepest search the session's rule allows (it
    // ends with its bestmove, unlike `infinite`), and passes that rule.
    let (go, w) = uci_go("");
    let deepest = Limits::depth(xiangqi_session::MAX_SEARCH_DEPTH);
    assert_eq!((&go.limits, w.len()), (&deepest, 0));
    assert!(!go.limits.infinite);
    let request = xiangqi_session::SearchRequest::from(go.limits);
    assert!(request.validate().is_ok());
    let (go, _) = uci_go("searchmoves h2e2");
    assert_eq!(go.limits.depth, Some(xiangqi_session::MAX_SEARCH_DEPTH));
    // Depth 0 and nodes 0 saturate into the rule: 1 each.
    let (go, w) = uci_go("depth 0 nodes 0");
    assert_eq!(
        (go.limits.depth, go.limits.nodes, w.len()),
        (Some(1), Some(1), 0)
    );
    let (go, _) = ucci_go("depth 0", true);
    assert_eq!(go.limits.depth, Some(1));
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
    assert_eq!(
        (go.limits.depth, w.len()),
        (Some(xiangqi_session::MAX_SEARCH_DEPTH), 1)
    );
    // Huge numbers saturate, negative ones are zero.
    let (go, w) = uci_go("depth 99999999999999999999 nodes 99999999999999999999 wtime -5");
    assert_eq!(w, ["go wtime: -5 is negative, taken as 0"]);
    assert_eq!(go.limits.depth, Some(xiangqi_session::MAX_SEARCH_DEPTH));
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
