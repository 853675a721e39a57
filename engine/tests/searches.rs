//! Searches driven through `xiangqi_client`, as match runners drive the
//! engine: every limit over both protocols, a mate, and a composed study
//! (the protocol's own lines are checked in `uci.rs` and `ucci.rs`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use xiangqi::{Clock, Game, Limits, Position, Score, Validation};
use xiangqi_client::{EngineProcess, Protocol, SearchReply, Spec};

use crate::support::ENGINE;

fn start(protocol: Protocol) -> EngineProcess {
    EngineProcess::start(&Spec {
        protocol,
        ..Spec::uci(ENGINE)
    })
    .expect("the engine starts")
}

/// Searches `game` with `limits`; returns the reply, whose move is legal,
/// and the deepest depth the `info` lines reported.
fn search(e: &mut EngineProcess, game: &Game, limits: &Limits) -> (SearchReply, u32) {
    let mut deepest = 0;
    let r = e
        .search(game, limits, &AtomicBool::new(false), |i| {
            deepest = deepest.max(i.depth.unwrap_or(0))
        })
        .expect("a reply");
    let best = r.best_move.expect("a move");
    assert!(game.position().is_legal(best), "{limits:?}: {best}");
    assert!(!r.stopped, "{limits:?}");
    (r, deepest)
}

#[test]
fn every_limit_over_both_protocols() {
    let mut game = Game::new();
    for m in ["h2e2", "h9g7"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = start(protocol);
        let (_, deepest) = search(&mut e, &game, &Limits::depth(4));
        assert_eq!(deepest, 4, "{protocol:?}");
        let (_, deepest) = search(&mut e, &game, &Limits::nodes(3000));
        assert!(deepest >= 1, "{protocol:?}");
        let (r, _) = search(&mut e, &game, &Limits::movetime(Duration::from_millis(100)));
        assert!(
            r.time < Duration::from_secs(5),
            "{protocol:?}: {:?}",
            r.time
        );
        let clock = Clock::new(Duration::from_millis(2000))
            .with_increment(Duration::from_millis(20))
            .with_moves_to_go(Some(10));
        let (r, _) = search(&mut e, &game, &Limits::clock(clock));
        assert!(
            r.time < Duration::from_secs(2),
            "{protocol:?}: {:?}",
            r.time
        );
        // Black to move on a short clock.
        let mut black = Game::new();
        black.play("h2e2".parse().unwrap()).unwrap();
        let (r, _) = search(
            &mut e,
            &black,
            &Limits::clock(Clock::new(Duration::from_millis(300))),
        );
        assert!(
            r.time < Duration::from_millis(300),
            "{protocol:?}: {:?}",
            r.time
        );
    }
}

#[test]
fn go_mate_finds_the_mate() {
    let game = Game::from_position("4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1".parse().unwrap());
    let mut e = start(Protocol::Uci);
    let (r, _) = search(&mut e, &game, &Limits::mate(1));
    assert_eq!(r.best_move.unwrap().to_string(), "a0a9");
    let score = r.info.and_then(|i| i.score);
    assert_eq!(score, Some(Score::Mate(1)), "{score:?}");
}

#[test]
fn a_composed_study_is_analysed_and_its_mate_found() {
    // A black soldier on Black's own back rank (f9): no game reaches it,
    // composed studies place it there. Red mates in two.
    let fen = "3k1p3/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
    let pos = Position::from_setup(fen.parse().unwrap(), Validation::Lenient).unwrap();
    let game = Game::from_position(pos);
    // UCCI writes a mate as ElephantEye does: 10 000 less the plies to it
    // (mate in 2 is 3 plies).
    for (protocol, mate) in [
        (Protocol::Uci, Score::Mate(2)),
        (Protocol::Ucci, Score::Cp(10_000 - 3)),
    ] {
        let mut e = start(protocol);
        let (r, _) = search(&mut e, &game, &Limits::depth(6));
        let score = r.info.and_then(|i| i.score);
        assert_eq!(score, Some(mate), "{protocol:?}: {score:?}");
    }
}
