//! The session's contracts: every option refuses bad values and then
//! changes nothing; a refused position is never searched; stop ends a
//! search from another thread; the rules options replay the game.

use std::time::{Duration, Instant};

use xiangqi::Limits;
use xiangqi_session::{
    GoError, OPTIONS, OptionError, OptionKind, OptionValue, Session, SetPositionError, Source,
};

/// Every option's value, by name.
fn snapshot(s: &Session) -> Vec<(&'static str, OptionValue)> {
    OPTIONS
        .iter()
        .map(|o| (o.name, s.option(o.name).unwrap()))
        .collect()
}

#[test]
fn every_bad_value_is_refused_and_changes_nothing() {
    let mut s = Session::new();
    let before = snapshot(&s);
    for spec in OPTIONS {
        let bad: Vec<OptionValue> = match spec.kind {
            OptionKind::Spin { min, max, .. } => vec![
                OptionValue::Int(min - 1),
                OptionValue::Int(max + 1),
                OptionValue::Int(i64::MIN),
                OptionValue::Bool(true),
                OptionValue::Text((max + 1).to_string()),
                OptionValue::Text("twelve".into()),
            ],
            OptionKind::Check { .. } => vec![OptionValue::Int(1), OptionValue::Text("yes".into())],
            OptionKind::Combo { .. } => {
                vec![OptionValue::Text("nonsense".into()), OptionValue::Int(0)]
            }
            OptionKind::File { .. } => vec![
                OptionValue::Text("/some/path".into()),
                OptionValue::File {
                    name: "junk".into(),
                    bytes: b"junk".to_vec(),
                },
                OptionValue::File {
                    name: "empty".into(),
                    bytes: Vec::new(),
                },
            ],
            OptionKind::Button => vec![],
        };
        for value in bad {
            let err = s.set_option(spec.name, value.clone()).unwrap_err();
            assert!(
                err.to_string().contains(spec.name),
                "{}: {err} should name the option",
                spec.name
            );
            assert_eq!(
                snapshot(&s),
                before,
                "{} {value:?} changed something",
                spec.name
            );
        }
        for text in ["", "x", "99999999999999999999999", "-1"] {
            if let Err(err) = s.set_option_text(spec.name, text) {
                assert!(err.to_string().contains(spec.name), "{err}");
                assert_eq!(snapshot(&s), before, "{} {text:?}", spec.name);
            } else {
                // Accepted text (a button, or "" for a file: the embedded
                // one): put the defaults back.
                s = Session::new();
            }
        }
    }
    assert_eq!(
        s.set_option("No Such Option", OptionValue::Int(1)),
        Err(OptionError::Unknown("No Such Option".into()))
    );
}

#[test]
fn defaults_are_what_the_table_says() {
    let s = Session::new();
    for spec in OPTIONS {
        if spec.kind != OptionKind::Button {
            assert_eq!(
                s.option(spec.name).unwrap(),
                spec.default_value(),
                "{}",
                spec.name
            );
        }
    }
}

#[test]
fn a_refused_position_is_never_searched() {
    let mut s = Session::new();
    s.set_position(None, &["h2e2"]).unwrap();
    for (fen, moves) in [
        (Some("4k4/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1"), &[][..]),
        (Some("rnbakabnr/9 w"), &[][..]),
        (None, &["h2e2", "zz"][..]),
        (None, &["h2e2", "h2e2"][..]),
    ] {
        assert!(s.set_position(fen, moves).is_err(), "{fen:?} {moves:?}");
        assert!(s.game().is_none());
        assert_eq!(
            s.search(&Limits::depth(1).into(), |_| {}).unwrap_err(),
            GoError::NoPosition
        );
        assert!(s.start_perft(1).is_err());
        s.set_position(None, &["h2e2"]).unwrap();
    }
    let err = s.set_position(None, &["h2e2", "b9c7", "e2e9"]).unwrap_err();
    assert!(
        matches!(err, SetPositionError::Move { number: 3, .. }),
        "{err}"
    );
}

#[test]
fn stop_ends_a_search_from_another_thread() {
    let mut s = Session::new();
    let job = s.start(&Limits::infinite().into()).unwrap();
    let signals = job.signals();
    assert!(matches!(
        s.set_option("Threads", OptionValue::Int(2)),
        Err(OptionError::Busy)
    ));
    let started = Instant::now();
    let thread = std::thread::spawn(move || job.run(|_| {}));
    std::thread::sleep(Duration::from_millis(100));
    signals.stop();
    let outcome = s.finish(thread.join().unwrap());
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(outcome.source, Source::Search);
    assert!(xiangqi::Position::new().is_legal(outcome.best_move().unwrap()));
    // The searcher is home again.
    s.set_option("Threads", OptionValue::Int(2)).unwrap();
}

#[test]
fn the_book_answers_and_levels_weaken() {
    let mut s = Session::new();
    s.set_option("OwnBook", OptionValue::Bool(true)).unwrap();
    let out = s.search(&Limits::depth(8).into(), |_| {}).unwrap();
    assert_eq!(out.source, Source::Book);
    assert_eq!(out.nodes, 0);
    // Pondering and infinite searches never take a book move.
    let out = s
        .search(
            &xiangqi_session::SearchRequest {
                limits: Limits::depth(2),
                ponder: true,
            },
            |_| {},
        )
        .unwrap();
    assert_eq!(out.source, Source::Search);
    s.set_option("OwnBook", OptionValue::Bool(false)).unwrap();
    s.set_option("Skill Level", OptionValue::Int(0)).unwrap();
    let mut deepest = 0;
    s.search(&Limits::depth(12).into(), |i| {
        deepest = deepest.max(i.depth)
    })
    .unwrap();
    assert!(deepest <= 4, "level 0 searched to depth {deepest}");
}

#[test]
fn no_legal_move_is_an_answer_without_a_move() {
    let mut s = Session::new();
    // Black is checkmated.
    s.set_position(Some("R3k4/R8/9/9/9/9/9/9/9/3K5 b"), &[])
        .unwrap();
    let out = s.search(&Limits::depth(3).into(), |_| {}).unwrap();
    assert_eq!((out.source, out.best_move), (Source::NoMove, None));
}

#[test]
fn rules_options_replay_the_game() {
    let mut s = Session::new();
    s.set_position(None, &["h2e2", "h9g7", "h0g2", "i9h9"])
        .unwrap();
    s.set_option("Move Limit", OptionValue::Int(50)).unwrap();
    let game = s.game().unwrap();
    assert_eq!(game.rules().move_limit, Some(50));
    assert_eq!(game.ply(), 4);
    s.set_option("Chase Rule", OptionValue::Text("none".into()))
        .unwrap();
    assert!(!s.game().unwrap().rules().chase_detection);
}

/// `EvalFile` takes networks 128 and 256 wide (generation 4's wider layer),
/// each searched at its own width; another width is refused and changes
/// nothing.
#[test]
fn eval_file_takes_both_widths() {
    use xiangqi::nnue::{Activation, InputBuckets, NetworkFile};
    let mut s = Session::new();
    s.set_position(None, &[]).unwrap();
    for (hidden, buckets) in [(256, InputBuckets::Palace4), (128, InputBuckets::None)] {
        let file = NetworkFile::with_input_buckets(hidden, 4, Activation::SCReLU, buckets);
        let bytes = file.to_bytes().unwrap();
        let value = OptionValue::File {
            name: format!("w{hidden}.nnue"),
            bytes,
        };
        s.set_option("EvalFile", value).unwrap();
        let net = s.network().unwrap();
        assert_eq!((net.hidden(), net.input_buckets()), (hidden, buckets));
        assert!(s.uses_network());
        let out = s.search(&Limits::depth(3).into(), |_| {}).unwrap();
        assert!(out.best_move().is_some(), "{hidden}");
    }
    let before = snapshot(&s);
    let odd = NetworkFile::new(64, 1, Activation::SCReLU)
        .to_bytes()
        .unwrap();
    let err = s
        .set_option(
            "EvalFile",
            OptionValue::File {
                name: "w64.nnue".into(),
                bytes: odd,
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("128 or 256"), "{err}");
    assert_eq!(snapshot(&s), before);
}
