//! Generated tables against the retrograde equations and against known
//! results of endgame theory, each cited from a published source.
//!
//! The tests that run by default make only tiny tables (a few thousand to
//! fifty thousand positions). The `#[ignore]`d ones make larger tables
//! into `target/egtb-tests` (kept between runs): run them in a release
//! build, `cargo test --release -p xiangqi-egtb -- --ignored`.

use std::path::{Path, PathBuf};

use xiangqi::Position;
use xiangqi::tablebase::{Material, Tablebase};
use xiangqi_egtb::check::check_table;
use xiangqi_egtb::plan::plan;
use xiangqi_egtb::{GenerateOptions, generate, load, side_counts};

fn make(dir: &Path, names: &[&str]) {
    let tables: Vec<Material> = names.iter().map(|n| n.parse().unwrap()).collect();
    generate(&GenerateOptions {
        out: dir.to_path_buf(),
        tables,
        progress: false,
    })
    .unwrap();
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn kept_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/egtb-tests")
}

fn open_set(dir: &Path, name: &str) -> Tablebase<'static> {
    let mut set = Tablebase::new();
    for m in plan(&[name.parse().unwrap()]).unwrap() {
        set.add(std::fs::read(dir.join(format!("{m}.xqtb"))).unwrap())
            .unwrap();
    }
    set
}

/// Red-to-move wins, draws and losses of a table, as fractions.
fn red_to_move(dir: &Path, name: &str) -> [f64; 3] {
    let [red, _] = side_counts(&load(dir, name.parse().unwrap()).unwrap());
    let total = (red[0] + red[1] + red[2]) as f64;
    red.map(|n| n as f64 / total)
}

#[test]
fn small_tables_follow_the_retrograde_equations() {
    let dir = temp_dir("equations");
    make(&dir, &["krk", "knk", "kpk", "kck", "kcka"]);
    for name in ["krk", "knk", "kpk", "kck", "kcka"] {
        let set = open_set(&dir, name);
        let report = check_table(&set, name.parse().unwrap(), 1500, 7);
        assert_eq!(report.checked, 1500, "{name}");
        assert!(
            report.failures.is_empty(),
            "{name}: {:?}",
            &report.failures[..3.min(report.failures.len())]
        );
    }
    // The same positions with the colours exchanged (the attacker Black)
    // and mirrored left to right probe the same.
    let set = open_set(&dir, "kpk");
    let index = xiangqi::tablebase::TableIndex::new("kpk".parse().unwrap());
    let mut seen = 0;
    for i in (0..index.len()).step_by(7) {
        let Some(pos) = index.position(i) else {
            continue;
        };
        let value = set.probe(&pos);
        assert!(value.is_some());
        for (board, turn) in [
            (pos.board().flip_colors(), !pos.turn()),
            (pos.board().flip_horizontal(), pos.turn()),
        ] {
            let setup = xiangqi::Setup {
                board,
                turn,
                halfmoves: 0,
                fullmoves: 1,
            };
            let other = Position::from_setup(setup, xiangqi::Validation::Strict).unwrap();
            assert_eq!(set.probe(&other), value, "{pos} / {other}");
        }
        seen += 1;
    }
    assert!(seen > 500);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two-attacker tables (the smallest: two soldiers; two cannons, each the
/// other's screen) against the equations, through the library's probing
/// with the colours exchanged too.
#[test]
fn two_attacker_tables_follow_the_retrograde_equations() {
    let dir = temp_dir("two");
    make(&dir, &["kppk", "kcck"]);
    for name in ["kppk", "kcck"] {
        let set = open_set(&dir, name);
        let report = check_table(&set, name.parse().unwrap(), 1500, 5);
        assert_eq!(report.checked, 1500, "{name}");
        assert!(
            report.failures.is_empty(),
            "{name}: {:?}",
            &report.failures[..3.min(report.failures.len())]
        );
        let flipped: Material = name.parse::<Material>().unwrap().flipped();
        let report = check_table(&set, flipped, 300, 6);
        assert!(
            report.failures.is_empty(),
            "{flipped}: {:?}",
            report.failures
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// "one horse versus a solitary king is a sure win situation"
/// (xqinenglish.com, *The Anatomy of the Xiangqi part 4: the end game*,
/// <http://www.xqinenglish.com/theanatomyofxiangqipart4.html>): with the
/// horse's side to move, every position is won.
#[test]
fn a_horse_wins_against_a_bare_general() {
    let dir = temp_dir("knk");
    make(&dir, &["knk"]);
    assert_eq!(red_to_move(&dir, "knk"), [1.0, 0.0, 0.0]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// "one horse against one advisor is a sure win situation no matter where
/// the horse is placed or how the advisor defends" (same page): with the
/// horse's side to move, all but a handful of positions (where the
/// advisor is lost or the horse is trapped at once) are won.
#[test]
fn a_horse_wins_against_one_advisor() {
    let dir = temp_dir("knka");
    make(&dir, &["knka"]);
    let [win, _, loss] = red_to_move(&dir, "knka");
    assert!(win > 0.99, "{win}");
    assert_eq!(loss, 0.0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// "A horse against 2 elephants is a sure draw" (same page): most
/// positions are drawn even with the horse's side to move.
#[test]
#[ignore]
fn a_horse_draws_against_two_elephants() {
    let dir = kept_dir();
    make(&dir, &["knkbb"]);
    let [win, draw, _] = red_to_move(&dir, "knkbb");
    assert!(draw > 0.95 && win < 0.05, "{win} {draw}");
}

/// "A single chariot can easily win 2 advisors or 2 elephants. It is also
/// a sure win against one advisor with two elephants (1A2E) and 2 advisors
/// with one elephant. It is normally a draw against a full guard"
/// (xqinenglish.com, *One Chariot endgames 01*,
/// <http://www.xqinenglish.com/eg1chariotendgames01.html>; and *02*: "A
/// single chariot is usually a draw against a full guard (2 advisors and 2
/// elephants) but there are instances of positional wins").
#[test]
#[ignore]
fn a_chariot_against_advisors_and_elephants() {
    let dir = kept_dir();
    make(&dir, &["krkaa", "krkbb", "krkabb", "krkaab", "krkaabb"]);
    for name in ["krkaa", "krkbb", "krkabb", "krkaab"] {
        let [win, _, _] = red_to_move(&dir, name);
        assert!(win > 0.95, "{name}: {win}");
    }
    // Random placements of the guard are often broken, so most positions
    // are won; the guard in its standard formations holds, and there are
    // positional wins.
    let [win, _, _] = red_to_move(&dir, "krkaabb");
    assert!(win > 0.0, "krkaabb: {win}");
    let set = open_set(&dir, "krkaabb");
    for fen in [
        "2bakab2/9/9/9/9/9/9/9/9/R2K5 w",
        "3akab2/9/4b4/9/9/9/9/9/9/R2K5 w",
        "4kab2/4a4/4b4/9/9/9/9/9/9/3K4R w",
    ] {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(
            set.probe_wdl(&pos),
            Some(xiangqi::tablebase::Wdl::Draw),
            "{fen}"
        );
    }
    for name in ["krkaabb", "krkab"] {
        let set = open_set(&dir, name);
        let report = check_table(&set, name.parse().unwrap(), 5000, 11);
        assert!(report.failures.is_empty(), "{name}: {:?}", report.failures);
    }
}

/// "In an endgame where Red has two Horses and the King, while Black has
/// only the full guards (2E and 2A), red usually wins" (xiangqibowl.org,
/// *Rolling Horses*, <http://xiangqibowl.org/double-horses>): with the
/// horses' side to move nearly every position is won, and so is the
/// guard's starting formation against the horses on their own back rank.
/// (`knnkaabb` has 90 833 400 numbers: about 10 minutes of CPU with its
/// sub-tables and 0.75 GB.)
#[test]
#[ignore]
fn two_horses_win_against_the_full_guard() {
    let dir = kept_dir();
    make(&dir, &["knnkaabb"]);
    let [win, _, loss] = red_to_move(&dir, "knnkaabb");
    assert!(win > 0.95, "{win}");
    assert_eq!(loss, 0.0);
    let set = open_set(&dir, "knnkaabb");
    let pos: Position = "2bakab2/9/9/9/9/9/9/9/9/1N1K2N2 w".parse().unwrap();
    assert!(
        matches!(set.probe(&pos), Some(xiangqi::tablebase::Dtm::Win(_))),
        "{:?}",
        set.probe(&pos)
    );
}

/// A run makes only the tables not yet in the directory: a stopped run
/// resumes at the table it was on, and a finished table is not touched.
#[test]
fn a_second_run_makes_only_the_missing_tables() {
    let dir = temp_dir("resume");
    make(&dir, &["knk"]);
    let path = dir.join("knk.xqtb");
    let before = std::fs::read(&path).unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    // A leftover of a stopped run is written over.
    std::fs::write(dir.join("knka.xqtb.tmp"), b"partial").unwrap();
    let made = generate(&GenerateOptions {
        out: dir.clone(),
        tables: vec!["knka".parse().unwrap()],
        progress: false,
    })
    .unwrap();
    let names: Vec<String> = made.iter().map(|s| s.material.name()).collect();
    assert_eq!(names, ["knka"]);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified
    );
    assert!(!dir.join("knka.xqtb.tmp").exists());
    let summary = std::fs::read_to_string(dir.join("summary.tsv")).unwrap();
    assert_eq!(summary.lines().count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The independent check: sampled values of small tables against the
/// retrograde equations over pyffish's legal moves
/// (`tests/egtb/check_pyffish.py`). Run with
/// `XIANGQI_PYFFISH=/path/to/python cargo test -p xiangqi-egtb --test
/// known_results -- --ignored pyffish`.
#[test]
#[ignore = "needs a Python with pyffish in $XIANGQI_PYFFISH"]
fn pyffish_agrees_with_the_equations() {
    let python = std::env::var("XIANGQI_PYFFISH")
        .expect("set XIANGQI_PYFFISH to a Python with pyffish (pip install pyffish)");
    let dir = temp_dir("pyffish");
    let names = ["krk", "knk", "kck", "kpk", "knka"];
    make(&dir, &names);
    let mut dump = String::new();
    for name in names {
        let set = open_set(&dir, name);
        let report = check_table(&set, name.parse().unwrap(), 200, 3);
        assert!(report.failures.is_empty(), "{name}: {:?}", report.failures);
        dump.push_str(&report.dump);
    }
    let samples = dir.join("samples.jsonl");
    std::fs::write(&samples, dump).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/egtb/check_pyffish.py");
    let out = std::process::Command::new(python)
        .arg(script)
        .arg(&samples)
        .output()
        .expect("python runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1000 positions checked"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
