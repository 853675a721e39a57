//! Unit tests of the match runner.

use super::*;
use xiangqi::EndReason;

fn game_after(fen: &str, moves: &str) -> Game {
    let mut game = Game::from_position(fen.parse().unwrap());
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn elo_of_scores() {
    assert!(elo(0.5).abs() < 1e-9);
    assert!((elo(0.75) - 400.0 * 3f64.log10()).abs() < 1e-9);
    assert!((elo(0.25) + elo(0.75)).abs() < 1e-9);
    assert!(elo(1.0).is_finite() && elo(0.0).is_finite());
}

#[test]
fn tally_and_summary() {
    let mut t = Tally::default();
    assert_eq!(t.summary(), "engine1: no games played");
    assert_eq!(t.add(Some(Color::Red), Color::Red), "engine1 wins");
    assert_eq!(t.add(Some(Color::Red), Color::Black), "engine2 wins");
    assert_eq!(t.add(None, Color::Black), "draw");
    assert_eq!(t.add(Some(Color::Black), Color::Black), "engine1 wins");
    assert_eq!(t, Tally { w: 2, d: 1, l: 1 });
    let (p, e, lo, hi) = t.elo().unwrap();
    assert!((p - 0.625).abs() < 1e-9);
    assert!(lo < e && e < hi && (e - elo(0.625)).abs() < 1e-9);
    assert!(
        t.summary()
            .starts_with("engine1: W 2 D 1 L 1, score 62.5%, Elo +89 (95%: ")
    );
    let even = Tally { w: 3, d: 4, l: 3 };
    assert!(even.summary().contains("score 50.0%, Elo +0 (95%: -"));
}

#[test]
fn adjudication_uses_the_game_rules() {
    // Perpetual check: the checker loses, the verdict names the piece.
    let cycle = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
    let game = game_after("3k5/9/9/9/9/9/9/9/4R4/5K3 w", cycle);
    let (winner, reason) = adjudicate(&game, MAX_PLIES).unwrap();
    assert_eq!(winner, Some(Color::Black));
    assert!(
        reason.starts_with("0-1 black wins by perpetual check: red made a check with every move (red chariot on e1)"),
        "{reason}"
    );
    // Perpetual chase: the horse chasing the fleeing chariot loses.
    let chase = "a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3 b5e5";
    let game = game_after("5k3/9/9/9/4r4/9/N8/9/9/3K5 w", chase);
    assert_eq!(game.outcome().unwrap().reason, EndReason::PerpetualChase);
    let (winner, reason) = adjudicate(&game, MAX_PLIES).unwrap();
    assert_eq!(winner, Some(Color::Black), "{reason}");
    assert!(reason.contains("perpetual chase"), "{reason}");
    // Idle repetition draws; the move limit (60 moves) draws.
    let game = game_after(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
    );
    assert_eq!(adjudicate(&game, MAX_PLIES).map(|e| e.0), Some(None));
    let game = game_after("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 119 80", "e1e2");
    let (winner, reason) = adjudicate(&game, MAX_PLIES).unwrap();
    assert_eq!(winner, None);
    assert!(reason.contains("move limit: 60 moves"), "{reason}");
    // Insufficient material; checkmate; the ply cap; a game going on.
    let bare = game_after("3k5/9/9/9/9/9/9/9/9/4K4 w", "");
    assert!(
        adjudicate(&bare, MAX_PLIES)
            .unwrap()
            .1
            .contains("insufficient material")
    );
    let mated = game_after("R3k4/R8/9/9/9/9/9/9/9/3K5 b", "");
    assert_eq!(adjudicate(&mated, MAX_PLIES).unwrap().0, Some(Color::Red));
    let opening = game_after(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h2e2 h9g7",
    );
    assert!(adjudicate(&opening, MAX_PLIES).is_none());
    assert_eq!(
        adjudicate(&opening, 2),
        Some((None, "1/2-1/2 draw after 2 plies".to_string()))
    );
}

#[test]
fn bad_replies_lose() {
    let z = UciRanks::ZeroToNine;
    let mut game = Game::new();
    assert_eq!(apply_reply(&mut game, Ok("h2e2".into()), z), None);
    assert_eq!(game.ply(), 1);
    assert_eq!(
        apply_reply(&mut game, Ok("h10g8".into()), UciRanks::OneToTen),
        None
    );
    assert_eq!(game.moves().nth(1), Some("h9g7".parse().unwrap()));
    // Red to move: each failure is a loss for Red, and changes nothing.
    for (reply, why) in [
        (Ok("a0a5".to_string()), "red played the illegal move a0a5"),
        (Ok("e2e9".to_string()), "red played the illegal move e2e9"),
        (Ok("0000".to_string()), "red sent the null move 0000"),
        (Ok("".to_string()), "red sent a malformed move \"\""),
        (
            Ok("(none)".to_string()),
            "red sent a malformed move \"(none)\"",
        ),
        (
            Err("engine exited".to_string()),
            "red failed: engine exited",
        ),
        (
            Err("no bestmove in time".to_string()),
            "red failed: no bestmove in time",
        ),
    ] {
        let (winner, reason) = apply_reply(&mut game, reply, z).unwrap();
        assert_eq!(winner, Some(Color::Black));
        assert_eq!(reason, format!("0-1 black wins: {why}"));
        assert_eq!(game.ply(), 2);
    }
}

/// A fake engine: a shell script answering `go` with `reply` (a shell
/// command).
#[cfg(unix)]
fn fake_engine(name: &str, on_go: &str) -> Engine {
    let path = std::env::temp_dir().join(format!("xq-match-{}-{name}.sh", std::process::id()));
    let script = format!(
        "while read -r line; do case \"$line\" in\n\
         uci) echo 'id name fake'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) {on_go} ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n"
    );
    std::fs::write(&path, script).unwrap();
    let mut e = Engine::start(&format!("sh {}", path.display()), false).unwrap();
    e.grace = Duration::from_millis(300);
    e
}

#[cfg(unix)]
#[test]
fn illegal_crash_and_timeout_lose_and_are_reported() {
    let opening: Vec<Move> = vec!["h2e2".parse().unwrap()];
    let mut illegal = fake_engine("illegal", "echo 'bestmove a0a5'");
    let mut crash = fake_engine("crash", "exit 1");
    let mut silent = fake_engine("silent", ":");

    // Black (to move after the opening) sends an illegal move.
    let (winner, reason, moves) = play_game(&mut crash, &mut illegal, &opening, 10);
    assert_eq!(winner, Some(Color::Red));
    assert_eq!(reason, "1-0 red wins: black played the illegal move a0a5");
    assert_eq!(moves, opening);
    assert!(illegal.healthy() && crash.healthy());

    // Black crashes.
    let (winner, reason, _) = play_game(&mut illegal, &mut crash, &opening, 10);
    assert_eq!(winner, Some(Color::Red));
    assert_eq!(reason, "1-0 red wins: black failed: engine exited");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!crash.healthy());
    crash.restart().unwrap();
    assert!(crash.healthy());

    // Red never answers.
    let (winner, reason, _) = play_game(&mut silent, &mut illegal, &[], 10);
    assert_eq!(winner, Some(Color::Black));
    assert_eq!(reason, "0-1 black wins: red failed: no bestmove in time");
    assert!(!silent.healthy(), "a hung engine is restarted before reuse");
}
