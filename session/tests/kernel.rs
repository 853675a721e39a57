//! The session as the one kernel of the front ends: one lookup of option
//! names, `configure` all or nothing, one rule for search limits, and a
//! stop handle taken before a search that stops it.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use xiangqi::Limits;
use xiangqi_session::{
    FileSource, GoError, LimitsError, OPTIONS, OptionError, OptionSpec, OptionValue, SearchRequest,
    Session, SessionConfig, Source,
};

#[test]
fn every_option_is_found_by_both_protocols_names_in_any_spelling() {
    for spec in OPTIONS {
        let mut names = vec![
            spec.name.to_string(),
            spec.name.to_lowercase(),
            spec.name.to_uppercase(),
            spec.name.replace(' ', ""),
            spec.name.replace(' ', "_"),
        ];
        names.extend(spec.ucci.map(str::to_string));
        names.extend(spec.ucci.map(str::to_uppercase));
        for name in names {
            assert_eq!(
                OptionSpec::named(&name).map(|s| s.id),
                Ok(spec.id),
                "{name}"
            );
        }
    }
    // UCCI names set the same option as the UCI ones, through configure.
    let mut s = Session::new();
    s.configure([
        ("hashsize", OptionValue::Int(32)),
        ("usebook", OptionValue::Bool(true)),
        ("SKILL LEVEL", OptionValue::Text("7".into())),
        ("move_limit", OptionValue::Int(50)),
    ])
    .unwrap();
    assert_eq!(s.option("Hash"), Ok(OptionValue::Int(32)));
    assert_eq!(s.option("OwnBook"), Ok(OptionValue::Bool(true)));
    assert_eq!(s.option("Skill Level"), Ok(OptionValue::Int(7)));
    assert_eq!(s.option("Move Limit"), Ok(OptionValue::Int(50)));
}

/// Every option's value, by name.
fn snapshot(s: &Session) -> Vec<OptionValue> {
    OPTIONS.iter().map(|o| s.option(o.name).unwrap()).collect()
}

#[test]
fn configure_is_all_or_nothing() {
    let mut s = Session::with_config(SessionConfig::new().memory_probe(Box::new(|| Some(100))));
    let before = snapshot(&s);
    let junk = || OptionValue::File {
        name: "junk".into(),
        bytes: b"junk".to_vec(),
    };
    let bad_batches: Vec<(Vec<(&str, OptionValue)>, &str)> = vec![
        (
            vec![
                ("Threads", OptionValue::Int(2)),
                ("Contempt", OptionValue::Int(1)),
            ],
            "Contempt",
        ),
        (
            vec![
                ("MultiPV", OptionValue::Int(3)),
                ("Hash", OptionValue::Int(60)),
            ],
            "Hash",
        ),
        (
            vec![("UCI_Elo", OptionValue::Int(1500)), ("EvalFile", junk())],
            "EvalFile",
        ),
        (
            vec![
                ("Chase Rule", OptionValue::Text("none".into())),
                ("BookFile", junk()),
            ],
            "BookFile",
        ),
        (
            vec![
                ("Move Limit", OptionValue::Int(5)),
                ("Skill Level", OptionValue::Int(21)),
            ],
            "Skill Level",
        ),
    ];
    for (batch, culprit) in bad_batches {
        let err = s.configure(batch).unwrap_err();
        assert!(err.to_string().contains(culprit), "{err}");
        assert_eq!(snapshot(&s), before, "{culprit}");
    }
    // A search out: refused whole too.
    let job = s.start(&Limits::depth(1).into()).unwrap();
    let busy = s.configure([
        ("MultiPV", OptionValue::Int(2)),
        ("Threads", OptionValue::Int(2)),
    ]);
    assert_eq!(busy, Err(OptionError::Busy));
    assert_eq!(snapshot(&s), before);
    s.finish(job.run(|_| {}));
    s.configure([
        ("MultiPV", OptionValue::Int(2)),
        ("Threads", OptionValue::Int(2)),
    ])
    .unwrap();
    assert_eq!(s.option("MultiPV"), Ok(OptionValue::Int(2)));
}

#[test]
fn file_options_come_from_the_embedded_data_a_path_or_bytes() {
    let eval = OptionSpec::named("EvalFile").unwrap();
    let mut s = Session::new();
    // A path is read by the front end's helper; a missing file is a BadFile.
    let missing = FileSource::parse("/no/such/dir/net.nnue").load(eval);
    assert!(matches!(
        missing,
        Err(OptionError::BadFile {
            option: "EvalFile",
            ..
        })
    ));
    let dir = std::env::temp_dir().join(format!("xiangqi-session-kernel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book.xqb");
    std::fs::write(&path, xiangqi::book::Book::masters().to_bytes()).unwrap();
    let book = OptionSpec::named("bookfiles").unwrap();
    let value = FileSource::parse(path.to_str().unwrap())
        .load(book)
        .unwrap();
    s.configure([("BookFile", value)]).unwrap();
    assert_eq!(
        s.option("BookFile"),
        Ok(OptionValue::Text(path.to_str().unwrap().to_string()))
    );
    let embedded = FileSource::parse("<embedded>").load(book).unwrap();
    s.configure([("BookFile", embedded)]).unwrap();
    assert_eq!(
        s.option("BookFile"),
        Ok(OptionValue::Text("<embedded>".into()))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn limits_follow_one_rule() {
    let mut s = Session::new();
    let refused = [
        (Limits::depth(0), LimitsError::Depth(0)),
        (Limits::depth(256), LimitsError::Depth(256)),
        (Limits::nodes(0), LimitsError::Nodes),
        (Limits::default(), LimitsError::NoLimit),
    ];
    for (limits, err) in refused {
        assert_eq!(
            s.search(&limits.into(), |_| {}).unwrap_err(),
            GoError::Limits(err)
        );
    }
    // A refused request leaves the session ready.
    for limits in [
        Limits::depth(1),
        Limits::depth(255).with_nodes(Some(2_000)),
        Limits::nodes(1),
    ] {
        assert!(
            s.search(&limits.into(), |_| {})
                .unwrap()
                .best_move()
                .is_some()
        );
    }
    // Pondering is a limit of its own: until ponderhit or stop.
    let ponder = SearchRequest {
        limits: Limits::default(),
        ponder: true,
    };
    assert!(ponder.validate().is_ok());
}

#[test]
fn a_stop_handle_taken_before_the_search_stops_it() {
    let mut s = Session::new();
    let signals = s.signals();
    // A stop sent before the search starts is forgotten: it does not cut
    // the next search short.
    signals.stop();
    let (tx, rx) = mpsc::channel();
    let started = Instant::now();
    let thread = std::thread::spawn(move || {
        let outcome = s.search(&Limits::infinite().into(), |info| {
            let _ = tx.send(info.depth);
        });
        (s, outcome)
    });
    // The search is under way once it reports its first iteration.
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the infinite search reports");
    assert!(!thread.is_finished(), "an infinite search ended by itself");
    signals.stop();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !thread.is_finished() {
        assert!(
            Instant::now() < deadline,
            "the handle did not stop the search"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (mut s, outcome) = thread.join().unwrap();
    let outcome = outcome.unwrap();
    assert_eq!(outcome.source, Source::Search);
    assert!(xiangqi::Position::new().is_legal(outcome.best_move().unwrap()));
    assert!(started.elapsed() < Duration::from_secs(60));
    // The same handle stops the next search too.
    let same = s.signals();
    let thread = std::thread::spawn(move || {
        s.search(&Limits::infinite().into(), |_| {})
            .map(|o| o.depth)
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while !thread.is_finished() {
        assert!(
            Instant::now() < deadline,
            "the handle did not stop the second search"
        );
        same.stop();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(thread.join().unwrap().is_ok());
}
