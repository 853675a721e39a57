//! `xiangqi_client` against the real engine binary, over both
//! protocols: typed `info` lines, stop, a killed process, a silent one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use xiangqi::{Game, Limits, Score};
use xiangqi_client::{ClientError, EngineProcess, Info, Protocol, Spec};

use crate::support::{ENGINE, temp_dir};

fn spec(protocol: Protocol) -> Spec {
    Spec {
        protocol,
        ..Spec::uci(ENGINE)
    }
}

fn game(moves: &str) -> Game {
    let mut g = Game::new();
    for m in moves.split_whitespace() {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn searches_stream_typed_infos_over_both_protocols() {
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = EngineProcess::start(&spec(protocol)).unwrap();
        let g = game("h2e2 h9g7");
        let mut infos: Vec<Info> = Vec::new();
        let r = e
            .search(&g, &Limits::depth(6), &AtomicBool::new(false), |i| {
                infos.push(i.clone())
            })
            .unwrap();
        let best = r.best_move.expect("a move");
        assert!(g.position().is_legal(best), "{protocol:?}: {best}");
        assert!(!r.stopped);
        let depths: Vec<u32> = infos.iter().filter_map(|i| i.depth).collect();
        assert!(
            depths.contains(&6) && depths.windows(2).all(|w| w[0] <= w[1]),
            "{depths:?}"
        );
        let last = r.info.expect("a final info");
        assert!(matches!(last.score, Some(Score::Cp(_))));
        assert_eq!(last.pv.first(), Some(&best), "{protocol:?}");
        // Every line of the PV is legal from the searched position.
        let mut p = g.position().clone();
        for m in &last.pv {
            assert!(p.is_legal(*m));
            p.play_unchecked(*m);
        }
        // A node limit and a move time are taken too.
        let r = e
            .search(&g, &Limits::nodes(3000), &AtomicBool::new(false), |_| {})
            .unwrap();
        assert!(r.best_move.is_some());
        let limits = Limits::movetime(Duration::from_millis(100));
        let r = e
            .search(&g, &limits, &AtomicBool::new(false), |_| {})
            .unwrap();
        assert!(r.best_move.is_some());
        // A position without a legal move: no move, no error.
        let mated = Game::from_position("3k5/3RR4/9/9/9/9/9/9/9/4K4 b".parse().unwrap());
        assert!(mated.position().legal_moves().is_empty());
        let r = e.search(&mated, &Limits::depth(3), &AtomicBool::new(false), |_| {});
        assert_eq!(r.map(|r| r.best_move), Ok(None), "{protocol:?}");
    }
}

#[test]
fn a_stop_flag_ends_an_infinite_search() {
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = EngineProcess::start(&spec(protocol)).unwrap();
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let r = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                stop.store(true, Ordering::Relaxed);
            });
            e.search(&Game::new(), &Limits::infinite(), &stop, |_| {})
        })
        .unwrap();
        assert!(r.stopped && r.best_move.is_some(), "{protocol:?}: {r:?}");
        assert!(start.elapsed() >= Duration::from_millis(300));
        // The engine goes on answering.
        let r = e.search(
            &Game::new(),
            &Limits::depth(2),
            &AtomicBool::new(false),
            |_| {},
        );
        assert!(r.unwrap().best_move.is_some());
    }
}

#[cfg(unix)]
#[test]
fn a_killed_engine_is_an_error_and_restarts() {
    let mut e = EngineProcess::start(&spec(Protocol::Uci)).unwrap();
    let pid = e.id();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status()
                .unwrap();
        });
        e.search(
            &Game::new(),
            &Limits::infinite(),
            &AtomicBool::new(false),
            |_| {},
        )
    });
    assert_eq!(r, Err(ClientError::Exited));
    assert!(!e.healthy());
    e.restart().unwrap();
    assert!(e.healthy() && e.id() != pid);
    let r = e.search(
        &Game::new(),
        &Limits::depth(3),
        &AtomicBool::new(false),
        |_| {},
    );
    assert!(r.unwrap().best_move.is_some());
}

#[cfg(unix)]
#[test]
fn a_silent_engine_times_out_and_must_be_restarted() {
    // Answers the handshake, never a `go`.
    let tmp = temp_dir();
    let path = tmp.path().join("silent.sh");
    std::fs::write(
        &path,
        "while read -r line; do case \"$line\" in\n\
         uci) echo uciok ;;\n isready) echo readyok ;;\n quit) exit 0 ;;\n esac; done\n",
    )
    .unwrap();
    let mut e =
        EngineProcess::start(&Spec::uci("sh").with_args([path.display().to_string()])).unwrap();
    e.grace = Duration::from_millis(200);
    let limits = Limits::movetime(Duration::from_millis(50));
    let r = e.search(&Game::new(), &limits, &AtomicBool::new(false), |_| {});
    assert_eq!(r, Err(ClientError::Timeout("bestmove")));
    assert!(!e.healthy());
    assert_eq!(
        e.search(&Game::new(), &limits, &AtomicBool::new(false), |_| {}),
        Err(ClientError::Hung)
    );
    e.restart().unwrap();
    assert!(e.healthy());
    drop(e);
    assert!(matches!(
        EngineProcess::start(&Spec::uci("/nonexistent/engine")),
        Err(ClientError::Spawn { .. })
    ));
    assert!(matches!(
        EngineProcess::start(&Spec::uci("")),
        Err(ClientError::EmptyCommand)
    ));
    // A program is never split or trimmed: "  " is a (missing) path.
    assert!(matches!(
        EngineProcess::start(&Spec::uci("  ")),
        Err(ClientError::Spawn { command, .. }) if command == "  "
    ));
}

/// A move on a game clock over both protocols, and the score the engine
/// reported on the way.
#[test]
fn a_clocked_move_and_its_last_info() {
    use xiangqi::Color;
    use xiangqi_client::{GameClocks, Think, parse_info};
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = EngineProcess::start(&spec(protocol)).unwrap();
        let clocks = GameClocks {
            remaining: [Duration::from_secs(3), Duration::from_secs(2)],
            increment: [Duration::from_millis(50); 2],
            moves_to_go: Some(10),
            turn: Color::Black,
        };
        let g = game("h2e2");
        let moves: Vec<xiangqi::Move> = g.moves().collect();
        let started = Instant::now();
        let text = e.best_move_clocked(None, &moves, &clocks).unwrap();
        assert!(started.elapsed() < Duration::from_secs(2), "{protocol:?}");
        let m: xiangqi::Move = text.parse().unwrap();
        assert!(g.position().is_legal(m), "{protocol:?}: {text}");
        let info = parse_info(
            e.last_info().expect("a scored info line"),
            g.position(),
            e.ranks(),
        )
        .unwrap();
        assert!(info.score.is_some() && info.depth.is_some(), "{info:?}");
        // A fixed-depth move replaces it with its own.
        e.best_move_from(None, &moves, Think::Depth(3)).unwrap();
        let info = parse_info(e.last_info().unwrap(), g.position(), e.ranks()).unwrap();
        assert_eq!(info.depth, Some(3), "{protocol:?}");
    }
}
