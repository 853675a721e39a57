//! The option table and `setoption`.

use xiangqi::Rules;
use xiangqi::notation::UciRanks;

use super::run;
use crate::uci::engine::UciFrontEnd;
use crate::uci::options::{UcciOption, listing};
use xiangqi_session::{OptionKind as Kind, OptionSpec, OptionValue};

fn find(name: &str) -> Option<&'static OptionSpec> {
    OptionSpec::find(name)
}

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
        assert_eq!(find(name).map(|s| s.name), Some(uci), "{name}");
    }
    assert_eq!(UcciOption::find("repetition"), Some(UcciOption::Repetition));
    assert!(find("no such option").is_none());
    assert!(find("").is_none());

    let limit = find("Move Limit").unwrap();
    assert!(limit.parse("50").is_ok());
    for bad in ["", "abc", "-1", "10001", "99999999999999999999999"] {
        assert!(limit.parse(bad).is_err(), "{bad}");
    }
    let ponder = find("Ponder").unwrap();
    assert!(ponder.parse("on").is_ok() && ponder.parse("maybe").is_err());
    let chase = find("Chase Rule").unwrap();
    assert!(chase.parse("Fairy-Stockfish").is_ok());
    assert!(chase.parse("chinese").is_err());
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
    for spec in xiangqi_session::OPTIONS {
        if let Kind::Spin { default, min, max } = spec.kind {
            assert!((min..=max).contains(&default), "{spec:?}");
        }
    }
}

#[test]
fn setoption_sets_and_reports() {
    let mut e = UciFrontEnd::new();
    let out = run(
        &mut e,
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Move Overhead value 50\n\
         setoption name Move Ranks value 1-10\nsetoption name MultiPV value 3\n\
         setoption name Clear Hash\nsetoption name Threads value 2",
    );
    assert!(!out.contains("info string"), "{out}");
    assert_eq!(
        e.session().option("Move Overhead"),
        Ok(OptionValue::Int(50))
    );
    assert_eq!(e.session().ranks(), UciRanks::OneToTen);
    assert_eq!(e.session().option("MultiPV"), Ok(OptionValue::Int(3)));
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
    assert_eq!(
        e.session().option("Move Overhead"),
        Ok(OptionValue::Int(50))
    );
}

#[test]
fn rules_options_rebuild_the_game() {
    let mut e = UciFrontEnd::new();
    // Halfmove clock 99: one more quiet move reaches 50 moves.
    run(
        &mut e,
        "uci\nposition fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 99 60 moves e1e2",
    );
    assert!(e.session().game().unwrap().outcome().is_none());
    run(&mut e, "setoption name Move Limit value 50");
    assert_eq!(e.session().rules().move_limit, Some(50));
    assert_eq!(e.session().game().unwrap().rules().move_limit, Some(50));
    let verdict = e
        .session()
        .game()
        .unwrap()
        .outcome()
        .expect("drawn by the move limit")
        .to_string();
    assert!(verdict.starts_with("1/2-1/2"), "{verdict}");
    assert!(run(&mut e, "d").contains("\nOutcome: 1/2-1/2"));
    run(&mut e, "setoption name Move Limit value 0");
    assert_eq!(e.session().game().unwrap().rules().move_limit, None);
    assert!(e.session().game().unwrap().outcome().is_none());

    // Repetition count 2: the first repetition of the perpetual check
    // already decides.
    run(
        &mut e,
        "position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1 moves e1d1 d9e9 d1e1 e9d9",
    );
    assert!(e.session().game().unwrap().outcome().is_none());
    run(&mut e, "setoption name Repetition Count value 2");
    assert!(
        e.session()
            .game()
            .unwrap()
            .outcome()
            .unwrap()
            .to_string()
            .starts_with("0-1")
    );

    // Chase rules.
    for (value, detect, checks) in [
        ("none", false, false),
        ("fairy-stockfish", true, true),
        ("asian", true, false),
    ] {
        run(&mut e, &format!("setoption name Chase Rule value {value}"));
        assert_eq!(
            (
                e.session().rules().chase_detection,
                e.session().rules().checks_also_chase
            ),
            (detect, checks),
            "{value}"
        );
    }
    run(&mut e, "setoption name Check Cap value 10");
    assert_eq!(e.session().game().unwrap().rules().check_cap, Some(10));
    // New games keep the rules.
    run(&mut e, "ucinewgame");
    assert_eq!(e.session().game().unwrap().rules(), e.session().rules());
    assert_ne!(*e.session().rules(), Rules::default());
}

#[test]
fn ucci_setoption_and_banmoves() {
    let mut e = UciFrontEnd::new();
    let out = run(
        &mut e,
        "ucci\nsetoption usebook false\nsetoption hashsize 32\nsetoption newgame\n\
         setoption movelimit 50\nsetoption repetition checkban\nsetoption ponder on",
    );
    assert!(out.ends_with("ucciok\n"), "{out}");
    assert_eq!(e.protocol, Some(crate::uci::engine::Protocol::Ucci));
    assert_eq!(e.session().rules().move_limit, Some(50));
    assert!(!e.session().rules().chase_detection);
    assert_eq!(
        e.session().option("Ponder"),
        Ok(xiangqi_session::OptionValue::Bool(true))
    );
    let out = run(
        &mut e,
        "setoption repetition alwaysdraw\nsetoption batch on\nsetoption hashsize x",
    );
    assert_eq!(out.matches("info string").count(), 3, "{out}");
    run(&mut e, "setoption repetition chineserule");
    assert!(e.session().rules().chase_detection && e.session().rules().checks_also_chase);
    // UCI syntax is read too.
    run(&mut e, "setoption name Move Limit value 60");
    assert_eq!(e.session().rules().move_limit, Some(60));

    run(&mut e, "position startpos\nbanmoves h2e2 b0c2 h2h8");
    assert_eq!(e.session().banned().len(), 2);
    run(&mut e, "position startpos moves h2e2");
    assert!(
        e.session().banned().is_empty(),
        "position clears the banned moves"
    );
    // stop with no search running: no answer (ElephantEye's `nobestmove`
    // would be taken for the answer to the next `go`).
    assert_eq!(run(&mut e, "stop"), "");
    assert_eq!(run(&mut e, "isready"), "readyok\n");
    // No search yet: it says so, and a one-ply search answers.
    let probe = run(&mut e, "probe");
    assert!(probe.starts_with("info string probe: no search of this position stored"));
    assert!(probe.contains("\npophash bestmove "), "{probe}");
    assert!(
        run(&mut e, "probe fen R3k4/R8/9/9/9/9/9/9/9/3K5 b")
            .contains("\npophash lowerbound -10000")
    );
    assert!(run(&mut e, "probe nonsense").starts_with("info string"));
    let mut out = Vec::new();
    assert!(!e.handle("quit", &mut out).unwrap());
    assert_eq!(String::from_utf8(out).unwrap(), "bye\n");
}

#[test]
fn egtb_path_loads_the_tables_of_its_directories() {
    use xiangqi::tablebase::{TableIndex, encode_table, entry_of_dtm};
    let dir = tempfile::tempdir().unwrap();
    for name in ["krk", "kck"] {
        let material = name.parse().unwrap();
        let entries = vec![entry_of_dtm(1); TableIndex::new(material).len() as usize];
        let bytes = encode_table(material, &entries).unwrap();
        std::fs::write(dir.path().join(format!("{name}.xqtb")), bytes).unwrap();
    }
    std::fs::write(dir.path().join("notes.txt"), "not a table").unwrap();
    let path = dir.path().to_str().unwrap();
    let mut engine = UciFrontEnd::new();
    assert!(run(&mut engine, "uci").contains("option name EgtbPath type string default <empty>\n"));
    let out = run(
        &mut engine,
        &format!("setoption name EgtbPath value {path}"),
    );
    assert_eq!(out, format!("info string EgtbPath: 2 tables from {path}\n"));
    assert_eq!(
        engine.session.tablebases().map(|t| t.tables().len()),
        Some(2)
    );
    // A bad table: refused, the tables in use are kept.
    std::fs::write(dir.path().join("kpk.xqtb"), "junk").unwrap();
    let out = run(
        &mut engine,
        &format!("setoption name EgtbPath value {path}"),
    );
    assert!(out.ends_with("; keeping 2 tables\n"), "{out}");
    let out = run(
        &mut engine,
        "setoption name EgtbPath value /no/such/egtb/dir",
    );
    assert!(out.ends_with("; keeping 2 tables\n"), "{out}");
    let out = run(&mut engine, "setoption name EgtbPath value <empty>");
    assert_eq!(out, "info string EgtbPath: 0 tables from <empty>\n");
    assert!(engine.session.tablebases().is_none());
}
