//! End-to-end tests: real games analysed at small budgets and read back.

use xiangqi::notation::{Notation, WxfDialect};
use xiangqi::pgn::{GameRecord, ReadOptions};

use crate::analyze::args::Budget;
use crate::analyze::{analyze_text, graph};

/// The first 20 plies of Hu Ronghua – Xu Tianhong, China Team Championship
/// 1998 (wxf.ca database via maksimKorzh/wukong-xiangqi, MIT; the first
/// game of the test suite's `hu_ronghua_iccs.pgn`).
const GAME: &str = "[Event \"China Team Championship 1998\"]
[Red \"HU RongHua\"]
[Black \"XU TianHong\"]

1. g0e2 b9c7 2. g3g4 c6c5 3. h0g2 c7d5 4. b0a2 h7e7 5. f0e1 h9g7 6. g2h4 e7e3
7. b2d2 b7b4 8. h4g6 i9h9 9. a0b0 a9b9 10. g4g5 c9e7
";

/// Reads `pgn` back with and without variations and checks it against
/// the moves of `original`: the same moves, an evaluation after each, and
/// a variation for each mark.
fn check_reads_back(pgn: &str, original: &GameRecord) {
    let plain =
        GameRecord::from_pgn(pgn, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    let kept = GameRecord::from_pgn(pgn, &ReadOptions::default().with_variations(true))
        .unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    for rec in [&plain, &kept] {
        assert_eq!(rec.moves, original.moves);
        assert_eq!(rec.start, original.start);
        for ply in 1..=rec.moves.len() {
            assert!(
                rec.comments
                    .iter()
                    .any(|(p, c)| *p == ply && c.starts_with("[%eval ")),
                "no evaluation after ply {ply}\n{pgn}"
            );
        }
        assert!(rec.nags.iter().all(|(_, n)| [2, 4, 6].contains(n)));
    }
    assert!(plain.variations.is_empty());
    for (ply, _) in &kept.nags {
        assert!(kept.variations.iter().any(|(p, _)| p == ply), "{pgn}");
    }
}

#[test]
fn a_real_game_is_annotated_and_reads_back_for_any_thread_count() {
    let original = GameRecord::from_pgn(GAME, &ReadOptions::default()).unwrap();
    let run = |threads| {
        analyze_text(
            GAME,
            1,
            Budget::Depth(2),
            threads,
            Notation::Iccs,
            |_, _| {},
        )
        .unwrap()
    };
    let one = run(1);
    check_reads_back(&one.pgn, &original);
    assert_eq!(one.evals.len(), 21);
    assert_eq!(one.marks.len(), 20);
    assert!(
        one.pgn
            .contains("[Annotator \"xiangqi-tools analyze, depth 2\"]")
    );
    assert_eq!(
        one.title,
        "HU RongHua – XU TianHong, China Team Championship 1998"
    );
    // A fixed depth gives the same analysis on any number of threads.
    assert_eq!(run(3).pgn, one.pgn);
    let svg = graph::svg(&one.title, &one.evals, &one.marks);
    graph::tests::well_formed(&svg).unwrap();
}

#[test]
fn a_time_limit_and_another_notation() {
    // The game in WXF, analysed for 5 ms a position, written in Chinese.
    let original = GameRecord::from_pgn(GAME, &ReadOptions::default()).unwrap();
    let wxf = original.to_pgn(Notation::Wxf(WxfDialect::Wxf)).unwrap();
    let notation = Notation::Chinese(xiangqi::notation::ChineseScript::Simplified);
    let mut calls = Vec::new();
    let report = analyze_text(&wxf, 1, Budget::Movetime(5), 2, notation, |done, total| {
        calls.push((done, total));
    })
    .unwrap();
    check_reads_back(&report.pgn, &original);
    assert!(report.pgn.contains("\n\n1. 相三进五"), "{}", report.pgn);
    assert_eq!(calls.first(), Some(&(0, 21)));
    assert_eq!(calls.last(), Some(&(21, 21)));
}

#[test]
fn a_mate_is_shown_as_a_mate() {
    let text = "[FEN \"3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1\"]\n\n1. b0b9 1-0\n";
    let report = analyze_text(text, 1, Budget::Depth(3), 1, Notation::Iccs, |_, _| {}).unwrap();
    assert!(
        report.pgn.contains("1. b0b9 {[%eval #0]} 1-0"),
        "{}",
        report.pgn
    );
    assert_eq!(report.evals[0].to_string(), "#1");
    assert_eq!(report.marks, [None]);
}

#[test]
fn unreadable_input_is_an_error() {
    let err = |text: &str, game| {
        analyze_text(text, game, Budget::Depth(1), 1, Notation::Iccs, |_, _| {})
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("", 1), "no game in the file");
    assert_eq!(err("  \n\n", 1), "no game in the file");
    assert_eq!(err(GAME, 2), "no game 2: the file holds 1");
    assert!(err("[Event \"x\"]\n\n*\n", 1).contains("has no moves"));
    assert!(err("1. h2e2 h2h9 *", 1).contains("bad move \"h2h9\" at ply 2"));
    assert!(err("1. h2e2 {open", 1).contains("unterminated"));
    assert!(err("[FEN \"9/9/9 w\"]\n1. h2e2", 1).contains("FEN"));
    // The second game of two, and a bad first game that is not analysed.
    let two = format!("1. h2e2 h2h9 *\n\n{GAME}");
    assert!(err(&two, 1).contains("bad move"));
    let report = analyze_text(&two, 2, Budget::Depth(1), 1, Notation::Iccs, |_, _| {});
    assert_eq!(report.map(|r| r.marks.len()).ok(), Some(20));
}
