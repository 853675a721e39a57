//! The engine binary spoken to in UCI through OS pipes: every `go` form,
//! unknown tokens, end of input, no legal move, and the options.

use crate::support::{RawEngine, best};
use xiangqi::notation::{UciMove, UciRanks, parse_uci};
use xiangqi::{Move, Position};

const MATE_IN_ONE: &str = "4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1";
const CHECKMATED: &str = "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1";

fn uci() -> RawEngine {
    let mut e = RawEngine::spawn();
    e.send("uci");
    e.until("uciok");
    e
}

/// The position after `moves` from the start.
fn after(moves: &[&str]) -> Position {
    let mut pos = Position::new();
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

/// Runs `go` and returns the lines up to `bestmove`, checking that the
/// move is legal in `pos`.
fn go(e: &mut RawEngine, args: &str, pos: &Position) -> Vec<String> {
    e.send(&format!("go {args}"));
    let lines = e.until("bestmove");
    let m: Move = best(lines.last().unwrap()).parse().unwrap();
    assert!(pos.is_legal(m), "go {args}: {lines:#?}");
    lines
}

fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[test]
fn handshake_lists_the_options() {
    let mut e = RawEngine::spawn();
    e.send("uci");
    let lines = e.until("uciok");
    assert_eq!(
        lines[0],
        format!("id name xiangqi-engine {}", env!("CARGO_PKG_VERSION"))
    );
    for option in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Ponder type check",
        "option name Clear Hash type button",
        "option name Move Overhead type spin",
        "option name UCI_Variant type combo default xiangqi var xiangqi",
        "option name Move Ranks type combo default 0-9 var 0-9 var 1-10",
        "option name Move Limit type spin default 60",
        "option name Repetition Count type spin default 3",
        "option name Chase Rule type combo default asian",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:#?}"
        );
    }
    assert_eq!(e.sync(), ["readyok"]);
    e.send("quit");
    let (status, rest) = e.wait_exit();
    assert!(status.success());
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn go_searchmoves_restricts_the_root() {
    let mut e = uci();
    e.send("position startpos");
    let pos = Position::new();
    for (args, allowed) in [
        ("searchmoves a0a1 depth 3", &["a0a1"][..]),
        ("depth 3 searchmoves i0i1 a3a4", &["i0i1", "a3a4"][..]),
        ("searchmoves g3g4 c3c4 nodes 4000", &["g3g4", "c3c4"][..]),
    ] {
        let lines = go(&mut e, args, &pos);
        let m = best(lines.last().unwrap());
        assert!(allowed.contains(&m), "go {args}: {m}");
        // The list ends at the next keyword: the limit applies.
        if args.contains("depth 3") {
            assert_eq!(deepest(&lines), 3, "{lines:#?}");
        }
    }
}

#[test]
fn unknown_tokens_and_bad_values_still_search() {
    let mut e = uci();
    e.send("position startpos");
    let pos = Position::new();
    let lines = go(&mut e, "depth 3 foo", &pos);
    assert_eq!(deepest(&lines), 3, "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("foo"))
    );
    let lines = go(&mut e, "bar depth x nodes 2000 baz", &pos);
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count()
            >= 3,
        "{lines:#?}"
    );
    go(
        &mut e,
        "depth 2 nodes 99999999999999999999999 movetime -5",
        &pos,
    );
    go(&mut e, "perft abc depth 1", &pos);
    // Still answering.
    assert_eq!(e.sync().last().map(String::as_str), Some("readyok"));
}

#[test]
fn go_perft_divide_lines() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.until("Nodes searched");
    let divide: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(divide.len(), 45, "44 moves and the total: {lines:#?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1920");
    let sum: u64 = divide[..44]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
    assert!(lines.iter().any(|l| l == "h2e2: 45"), "{lines:#?}");
}

#[test]
fn infinite_waits_for_stop() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth 2 ");
    // Everything printed before `readyok` came before `isready` was read:
    // no bestmove while the search is infinite.
    e.no_answer_yet();
    e.send("stop");
    let m: Move = best(&e.expect("bestmove")).parse().unwrap();
    assert!(Position::new().is_legal(m));

    // A depth-limited infinite search waits too.
    e.send("go infinite depth 1");
    e.expect("info depth 1 ");
    e.no_answer_yet();
    e.send("stop");
    e.expect("bestmove");
}

#[test]
fn end_of_input_during_go_infinite_prints_bestmove() {
    let mut e = uci();
    e.send("position startpos moves h2e2");
    e.send("go infinite");
    e.expect("info depth 1 ");
    e.close();
    let m: Move = best(&e.expect("bestmove")).parse().unwrap();
    assert!(after(&["h2e2"]).is_legal(m));
    let (status, rest) = e.wait_exit();
    assert!(status.success(), "{status:?}");
    assert!(rest.iter().all(|l| l.starts_with("info")), "{rest:?}");
}

#[test]
fn end_of_input_during_ponder_prints_bestmove() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go ponder wtime 100000 btime 100000");
    e.expect("info depth 1 ");
    e.close();
    e.expect("bestmove");
    assert!(e.wait_exit().0.success());
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut e = uci();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go ponder depth 2");
    e.expect("info depth 2 ");
    e.no_answer_yet();
    e.send("ponderhit");
    let m: Move = best(&e.expect("bestmove")).parse().unwrap();
    assert!(after(&["h2e2", "h9g7"]).is_legal(m));

    e.send("go ponder depth 2");
    e.expect("info depth 1 ");
    e.send("stop");
    e.expect("bestmove");
}

#[test]
fn no_legal_move() {
    let mut e = uci();
    e.send(&format!("position fen {CHECKMATED}"));
    e.send("go depth 5");
    let lines = e.until("bestmove");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    // Infinite: the bestmove still waits for stop.
    e.send("go infinite");
    e.expect("info depth 0 score mate 0");
    e.no_answer_yet();
    e.send("stop");
    assert_eq!(e.expect("bestmove"), "bestmove (none)");
}

#[test]
fn uci_variant_for_fairy_stockfish_guis() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value xiangqi");
    let lines = e.sync();
    assert_eq!(lines, ["readyok"], "accepted silently");
    e.send("setoption name UCI_Variant value chess");
    let lines = e.sync();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].starts_with("info string"));
}

#[test]
fn ranks_one_to_ten_in_and_out() {
    let mut e = uci();
    e.send("setoption name Move Ranks value 1-10");
    // Input in Fairy-Stockfish's numbering.
    e.send("position startpos moves h3e3 b10c8");
    e.send("d");
    let fen = e.expect("Fen: ");
    assert_eq!(
        fen,
        "Fen: r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    // Output too: bestmove, ponder and the PV.
    let pos = after(&["h2e2", "b9c7"]);
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert!(matches!(
        parse_uci(&pos, words[1], UciRanks::OneToTen),
        Ok(UciMove::Move(_))
    ));
    let pv = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(pv.contains(&format!(" pv {}", words[1])), "{pv}");
    // The mate in one, a0a9 in ICCS.
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go depth 2");
    assert_eq!(e.expect("bestmove"), "bestmove a1a10");
    // Ranks 0-9 again.
    e.send("setoption name Move Ranks value 0-9");
    e.send("go depth 2");
    assert_eq!(e.expect("bestmove"), "bestmove a0a9");
}

/// The node count of the last iteration before `bestmove`.
fn nodes(lines: &[String]) -> u64 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let words: Vec<&str> = info.split(' ').collect();
    let i = words.iter().position(|w| *w == "nodes").unwrap();
    words[i + 1].parse().unwrap()
}

#[test]
fn clear_hash_forgets_the_table() {
    // One thread: searches are deterministic given the table.
    let mut e = uci();
    e.send("position startpos moves h2e2 h9g7 h0g2");
    e.send("go depth 6");
    let fresh = nodes(&e.until("bestmove"));
    e.send("go depth 6");
    let warm = nodes(&e.until("bestmove"));
    assert!(
        warm < fresh,
        "the table helps the second search: {warm} vs {fresh}"
    );
    e.send("setoption name Clear Hash");
    assert_eq!(e.sync(), ["readyok"], "no complaint");
    e.send("go depth 6");
    let cleared = nodes(&e.until("bestmove"));
    assert_eq!(cleared, fresh, "after Clear Hash the search starts afresh");
}

#[test]
fn rules_options_reach_the_game() {
    let mut e = uci();
    // 99 plies without a capture: one quiet move reaches 50 moves.
    e.send("setoption name Move Limit value 50");
    e.send("position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 99 60 moves e1e2");
    e.send("d");
    assert!(e.expect("Outcome: ").starts_with("Outcome: 1/2-1/2"));
    e.send("setoption name Move Limit value 60");
    e.send("d");
    assert_eq!(e.expect("Outcome: "), "Outcome: * game goes on");
    e.send("setoption name Repetition Count value 2");
    e.send("setoption name Chase Rule value none");
    e.send("position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves e1d1 d9e9 d1e1 e9d9");
    e.send("d");
    assert!(
        e.expect("Outcome: ")
            .starts_with("Outcome: 0-1 black wins by perpetual check")
    );
    for bad in [
        "setoption name Move Limit value fifty",
        "setoption name Repetition Count value 1",
        "setoption name Chase Rule value sometimes",
        "setoption name Move Overhead value 99999999999999999999",
    ] {
        e.send(bad);
        let lines = e.sync();
        assert!(lines[0].starts_with("info string"), "{bad}: {lines:?}");
    }
}

#[test]
fn garbage_never_kills_the_engine() {
    let mut e = uci();
    e.send_bytes(b"\xff\xfe\xfd garbage\n");
    e.send_bytes(&vec![b'x'; 3 << 20]);
    e.send_bytes(b"\n");
    e.send_bytes(b"position startpos moves \xc3\x28\n");
    e.send("setoption name \u{1F600} value \u{0}");
    e.send("position fen 99999999999999999999/9 w");
    e.send("go searchmoves depth 2");
    e.expect("bestmove");
    e.still_answers(5);
    e.send("quit");
    assert!(e.wait_exit().0.success());
}

#[test]
fn own_book_book_file_and_skill_level() {
    let mut e = uci();
    // Off by default: a search, not the book.
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        !lines.iter().any(|l| l == "info string book move"),
        "{lines:#?}"
    );
    // On: a master's first move at once, though the move time is long.
    e.send("setoption name OwnBook value true");
    let start = std::time::Instant::now();
    e.send("go movetime 60000");
    let lines = e.until("bestmove");
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l == "info string book move"),
        "{lines:#?}"
    );
    let first = best(lines.last().unwrap());
    assert!(
        [
            "h2e2", "b2e2", "c3c4", "g3g4", "c0e2", "g0e2", "b0c2", "h0g2", "h2d2", "b2f2", "b2d2",
            "h2f2", "b0a2", "h0i2"
        ]
        .contains(&first),
        "{first}"
    );
    // Out of the book: a search.
    e.send("position fen 4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l == "info string book move"));
    // A bad book file changes nothing.
    let said = {
        e.send("setoption name BookFile value /no/such/book.xqb");
        e.sync()
    };
    assert!(
        said.iter().any(
            |l| l.starts_with("info string BookFile /no/such/book.xqb: ")
                && l.contains("keeping the book in use (4998 positions)")
        ),
        "{said:#?}"
    );
    // Skill Level 0: it stops deepening after 100 nodes (a few plies at
    // most), a legal move all the same.
    e.send("setoption name OwnBook value false");
    e.send("setoption name Skill Level value 0");
    e.send("position startpos moves h2e2 h9g7");
    let lines = go(&mut e, "depth 12", &after(&["h2e2", "h9g7"]));
    assert!((1..=3).contains(&deepest(&lines)), "{lines:#?}");
    // Back to full strength: the whole depth.
    e.send("setoption name Skill Level value 20");
    let lines = go(&mut e, "depth 7", &after(&["h2e2", "h9g7"]));
    assert_eq!(deepest(&lines), 7, "{lines:#?}");
    e.send("quit");
}

#[test]
fn uci_limit_strength_and_elo() {
    let (min, max) = (xiangqi::Strength::MIN_ELO, xiangqi::Strength::MAX_ELO);
    let mut e = RawEngine::spawn();
    e.send("uci");
    let lines = e.until("uciok");
    for option in [
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {min} min {min} max {max}"),
    ] {
        assert!(lines.contains(&option), "{option}: {lines:#?}");
    }
    let pos = after(&["h2e2"]);
    e.send("position startpos moves h2e2");
    // UCI_Elo alone changes nothing: the limit is off.
    e.send(&format!("setoption name UCI_Elo value {min}"));
    assert_eq!(deepest(&go(&mut e, "depth 6", &pos)), 6);
    // On: the weakest level, a few plies at most, even with Skill Level 20.
    e.send("setoption name UCI_LimitStrength value true");
    assert!(deepest(&go(&mut e, "depth 12", &pos)) <= 3);
    // The top of the range is level 19 (80 000 nodes): six plies here.
    e.send(&format!("setoption name UCI_Elo value {max}"));
    assert_eq!(deepest(&go(&mut e, "depth 6", &pos)), 6);
    // Out of range: refused with a word, nothing changes.
    e.send(&format!("setoption name UCI_Elo value {}", max + 1));
    let said = e.sync();
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string option UCI_Elo")),
        "{said:#?}"
    );
    assert_eq!(deepest(&go(&mut e, "depth 6", &pos)), 6);
    // Off again: Skill Level decides.
    e.send(&format!("setoption name UCI_Elo value {min}"));
    e.send("setoption name UCI_LimitStrength value false");
    assert_eq!(deepest(&go(&mut e, "depth 6", &pos)), 6);
    e.send("quit");
}
