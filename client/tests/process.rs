//! The client against a scripted engine (`sh`): a program whose path holds
//! a space, a missing program, what the handshake declared, and a search
//! on a game clock.

#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use xiangqi::{Color, Game, Limits};
use xiangqi_client::{ClientError, EngineProcess, GameClocks, Protocol, Spec};

/// A UCI or UCCI engine in `sh` that logs what it reads to the file named
/// by its first argument and answers every `go` with `h2e2`.
const SCRIPT: &str = r#"log="$1"
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    uci) echo "id name Scripted Engine 1.0"; echo "id author Somebody Else"
         echo "option name Hash type spin default 16 min 1 max 1024"
         echo "option name Clear Hash type button"
         echo "option name Style type combo default Normal var Solid var Normal var Risky"
         echo "uciok" ;;
    ucci) echo "id name Scripted"
          echo "option hashsize type spin min 0 max 1024 default 0"
          echo "ucciok" ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score cp 12 pv h2e2"; echo "bestmove h2e2" ;;
    quit) exit 0 ;;
  esac
done
"#;

/// A fresh folder named with a space ("my engines") under the system's
/// temporary folder, holding the script as "fake engine.sh".
fn engine_dir(test: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir()
        .join(format!("xiangqi-client-{}-{test}", std::process::id()))
        .join("my engines");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let script = dir.join("fake engine.sh");
    fs::write(&script, SCRIPT).unwrap();
    let log = dir.join("engine log.txt");
    (dir, script, log)
}

fn log_lines(log: &Path) -> Vec<String> {
    fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn arguments_with_spaces_are_passed_whole() {
    let (_dir, script, log) = engine_dir("args");
    let spec = Spec::uci("sh").with_args([script.to_str().unwrap(), log.to_str().unwrap()]);
    let mut e = EngineProcess::start(&spec).unwrap();
    e.sync().unwrap();
    // The script found its log through an argument holding a space.
    assert_eq!(log_lines(&log).first().map(String::as_str), Some("uci"));
}

#[test]
fn a_program_whose_path_holds_a_space_starts() {
    let (dir, script, log) = engine_dir("path");
    // An executable whose own path holds spaces: a symbolic link to `sh`.
    // No file is written and then run: an executable written by this test
    // binary could be held open for writing by a child that another test's
    // thread forks at the same moment, and `exec` would fail with "Text
    // file busy" (ETXTBSY).
    let program = dir.join("run engine");
    std::os::unix::fs::symlink("/bin/sh", &program).unwrap();
    let spec = Spec::uci(&program).with_args([script.to_str().unwrap(), log.to_str().unwrap()]);
    let mut e = EngineProcess::start(&spec).unwrap();
    assert!(e.healthy());
    let reply = e
        .search(
            &Game::new(),
            &Limits::depth(1),
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
    assert_eq!(reply.best_move, Some("h2e2".parse().unwrap()));
}

#[test]
fn a_missing_program_fails_at_once_naming_its_path() {
    let path = std::env::temp_dir().join("no such dir").join("my engine");
    let err = EngineProcess::start(&Spec::uci(&path)).err().unwrap();
    match &err {
        ClientError::Spawn { command, .. } => assert_eq!(Path::new(command), path),
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("no such dir/my engine"), "{err}");
    assert_eq!(
        EngineProcess::start(&Spec::uci("")).err(),
        Some(ClientError::EmptyCommand)
    );
}

#[test]
fn the_handshake_keeps_the_id_and_the_options() {
    let (_dir, script, log) = engine_dir("declared");
    let spec = Spec::uci("sh").with_args([script.to_str().unwrap(), log.to_str().unwrap()]);
    let e = EngineProcess::start(&spec).unwrap();
    assert_eq!(
        e.identity(),
        [
            ("name".to_string(), "Scripted Engine 1.0".to_string()),
            ("author".to_string(), "Somebody Else".to_string())
        ]
    );
    let names: Vec<&str> = e.options().iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["Hash", "Clear Hash", "Style"]);
    let hash = &e.options()[0];
    assert_eq!(
        (
            hash.kind.as_str(),
            hash.min,
            hash.max,
            hash.default.as_deref()
        ),
        ("spin", Some(1), Some(1024), Some("16"))
    );
    assert_eq!(e.options()[1].kind, "button");
    assert_eq!(e.options()[2].vars, ["Solid", "Normal", "Risky"]);

    let spec = Spec {
        protocol: Protocol::Ucci,
        ..spec
    };
    let e = EngineProcess::start(&spec).unwrap();
    assert_eq!(e.options().len(), 1);
    assert_eq!(e.options()[0].name, "hashsize");
    assert_eq!(e.options()[0].max, Some(1024));
}

#[test]
fn a_clocked_search_sends_both_clocks() {
    let (_dir, script, log) = engine_dir("clocks");
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let _ = fs::remove_file(&log);
        let spec = Spec {
            protocol,
            ..Spec::uci("sh").with_args([script.to_str().unwrap(), log.to_str().unwrap()])
        };
        let mut e = EngineProcess::start(&spec).unwrap();
        let clocks = GameClocks {
            remaining: [Duration::from_millis(61_000), Duration::from_millis(59_500)],
            increment: [Duration::from_millis(500), Duration::from_millis(700)],
            moves_to_go: None,
            turn: Color::Red,
        };
        let mut infos = 0;
        let reply = e
            .search_clocked(
                &Game::new(),
                &clocks,
                &Limits::depth(9),
                &AtomicBool::new(false),
                |_| infos += 1,
            )
            .unwrap();
        assert_eq!(infos, 1);
        assert_eq!(reply.best_move, Some("h2e2".parse().unwrap()));
        let go: Vec<String> = log_lines(&log)
            .into_iter()
            .filter(|l| l.starts_with("go"))
            .collect();
        let want = match protocol {
            Protocol::Uci => "go wtime 61000 btime 59500 winc 500 binc 700 depth 9",
            // UCCI: the side to move's (Red's) clock only.
            Protocol::Ucci => "go time 61000 increment 500 depth 9",
        };
        assert_eq!(go, [want]);
    }
}

#[test]
fn raw_lines_without_the_handshake() {
    let (_dir, script, log) = engine_dir("raw");
    let spec = Spec::uci("sh").with_args([script.to_str().unwrap(), log.to_str().unwrap()]);
    let mut e = EngineProcess::spawn_raw(&spec).unwrap();
    let short = Duration::from_millis(200);
    let long = Duration::from_secs(30);
    // Nothing is said to it, so it says nothing.
    assert_eq!(
        e.read_until(short, |_| true),
        Err(ClientError::Timeout("line"))
    );
    // A line in two writes; every line of the reply, in order.
    e.send_bytes(b"uc").unwrap();
    e.send_bytes(b"i\n").unwrap();
    let mut lines = Vec::new();
    let last = e
        .read_until(long, |l| {
            lines.push(l.to_string());
            l == "uciok"
        })
        .unwrap();
    assert_eq!(last, "uciok");
    assert_eq!(lines.len(), 6, "{lines:#?}");
    assert_eq!(lines[0], "id name Scripted Engine 1.0");
    e.send("go depth 1").unwrap();
    assert_eq!(
        e.read_until(long, |l| l.starts_with("bestmove")).unwrap(),
        "bestmove h2e2"
    );
    e.send("isready").unwrap();
    // End of input: the script's loop ends and it exits.
    let (status, rest) = e.wait_exit(long).unwrap();
    assert!(status.success());
    assert_eq!(rest, ["readyok"]);
    assert_eq!(log_lines(&log), ["uci", "go depth 1", "isready"]);
    assert!(matches!(e.send("isready"), Err(ClientError::Write(_))));
    assert_eq!(e.read_until(short, |_| true), Err(ClientError::Exited));

    // A program that does not read its input does not exit at its end.
    let mut sleeper = EngineProcess::spawn_raw(&Spec::uci("sleep").with_args(["30"])).unwrap();
    assert_eq!(
        sleeper.wait_exit(short).err(),
        Some(ClientError::Timeout("exit"))
    );
}
