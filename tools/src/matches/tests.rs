//! Unit tests of the match runner.

use std::time::Duration;

use crate::matches::config::*;
use crate::matches::ending::{EndKind, Ending};
use crate::matches::openings::{Format, Order};
use crate::matches::pyffish::{Judged, difference, our_verdict, parse_line};
use crate::matches::runner::*;
use crate::matches::tally::*;
use xiangqi::notation::UciRanks;
use xiangqi::{Color, EndReason, Game, Move, Rules};
use xiangqi_client::{EngineProcess, Protocol, Spec, Think, UcciTime};

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

/// The game's ending, which must be a rule's verdict: the winner and why.
fn rule_ending(game: &Game) -> (Option<Color>, String) {
    let e = Ending::of_game(game, MAX_PLIES).unwrap();
    assert_eq!(e.kind, EndKind::Rule, "{}", e.reason);
    (e.winner, e.reason)
}

#[test]
fn adjudication_uses_the_game_rules() {
    // Perpetual check: the checker loses, the verdict names the piece.
    let cycle = "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9";
    let game = game_after("3k5/9/9/9/9/9/9/9/4R4/5K3 w", cycle);
    let (winner, reason) = rule_ending(&game);
    assert_eq!(winner, Some(Color::Black));
    assert!(
        reason.starts_with("0-1 black wins by perpetual check: red made a check with every move (red chariot on e1)"),
        "{reason}"
    );
    // Perpetual chase: the horse chasing the fleeing chariot loses.
    let chase = "a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3 b5e5";
    let game = game_after("5k3/9/9/9/4r4/9/N8/9/9/3K5 w", chase);
    assert_eq!(game.outcome().unwrap().reason, EndReason::PerpetualChase);
    let (winner, reason) = rule_ending(&game);
    assert_eq!(winner, Some(Color::Black), "{reason}");
    assert!(reason.contains("perpetual chase"), "{reason}");
    // Idle repetition draws; the move limit (60 moves) draws.
    let game = game_after(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
    );
    assert_eq!(
        Ending::of_game(&game, MAX_PLIES).map(|e| e.winner),
        Some(None)
    );
    let game = game_after("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 119 80", "e1e2");
    let (winner, reason) = rule_ending(&game);
    assert_eq!(winner, None);
    assert!(reason.contains("move limit: 60 moves"), "{reason}");
    // Insufficient material; checkmate; the ply cap; a game going on.
    let bare = game_after("3k5/9/9/9/9/9/9/9/9/4K4 w", "");
    assert!(
        Ending::of_game(&bare, MAX_PLIES)
            .unwrap()
            .reason
            .contains("insufficient material")
    );
    let mated = game_after("R3k4/R8/9/9/9/9/9/9/9/3K5 b", "");
    assert_eq!(
        Ending::of_game(&mated, MAX_PLIES).unwrap().winner,
        Some(Color::Red)
    );
    let opening = game_after(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h2e2 h9g7",
    );
    assert!(Ending::of_game(&opening, MAX_PLIES).is_none());
    assert_eq!(
        Ending::of_game(&opening, 2),
        Some(Ending {
            winner: None,
            reason: "1/2-1/2 draw after 2 plies".to_string(),
            kind: EndKind::MaxPlies,
        })
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
            Err(xiangqi_client::ClientError::Exited),
            "red failed: engine exited",
        ),
        (
            Err(xiangqi_client::ClientError::Timeout("bestmove")),
            "red failed: no bestmove in time",
        ),
    ] {
        let Ending {
            winner,
            reason,
            kind,
        } = apply_reply(&mut game, reply, z).unwrap();
        assert_eq!((winner, kind), (Some(Color::Black), EndKind::Forfeit));
        assert_eq!(reason, format!("0-1 black wins: {why}"));
        assert_eq!(game.ply(), 2);
    }
}

/// A fake engine: a shell script answering `go` with `on_go` and `stop`
/// with `on_stop` (shell commands).
#[cfg(unix)]
pub(super) fn fake(name: &str, protocol: Protocol, on_go: &str, on_stop: &str) -> EngineProcess {
    let path = std::env::temp_dir().join(format!("xq-match-{}-{name}.sh", std::process::id()));
    // The script removes itself when told to quit.
    let script = format!(
        "while read -r line; do case \"$line\" in\n\
         uci) echo 'id name fake'; echo uciok ;;\n\
         ucci) echo 'id name fake'; echo ucciok ;;\n\
         isready) echo readyok ;;\n\
         go*) {on_go} ;;\n\
         stop) {on_stop} ;;\n\
         quit) rm -f \"$0\"; exit 0 ;;\n\
         esac; done\n"
    );
    std::fs::write(&path, script).unwrap();
    let spec = Spec {
        protocol,
        ..Spec::uci("sh").with_args([path.display().to_string()])
    };
    let mut e = EngineProcess::start(&spec).unwrap();
    e.grace = Duration::from_millis(300);
    e
}

#[cfg(unix)]
fn fake_engine(name: &str, on_go: &str) -> EngineProcess {
    fake(name, Protocol::Uci, on_go, ":")
}

fn movetime(ms: u64) -> Arbiter {
    Arbiter {
        think: [Think::MoveTime(ms); 2],
        ..Arbiter::default()
    }
}

#[cfg(unix)]
#[test]
fn illegal_crash_and_timeout_lose_and_are_reported() {
    let opening: Vec<Move> = vec!["h2e2".parse().unwrap()];
    let mut illegal = fake_engine("illegal", "echo 'bestmove a0a5'");
    let mut crash = fake_engine("crash", "exit 1");
    let mut silent = fake_engine("silent", ":");

    // Black (to move after the opening) sends an illegal move.
    let (winner, reason, moves) = play_game(&mut crash, &mut illegal, &opening, &movetime(10));
    assert_eq!(winner, Some(Color::Red));
    assert_eq!(reason, "1-0 red wins: black played the illegal move a0a5");
    assert_eq!(moves, opening);
    assert!(illegal.healthy() && crash.healthy());

    // Black crashes.
    let (winner, reason, _) = play_game(&mut illegal, &mut crash, &opening, &movetime(10));
    assert_eq!(winner, Some(Color::Red));
    assert_eq!(reason, "1-0 red wins: black failed: engine exited");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!crash.healthy());
    crash.restart().unwrap();
    assert!(crash.healthy());

    // Red never answers.
    let (winner, reason, _) = play_game(&mut silent, &mut illegal, &[], &movetime(10));
    assert_eq!(winner, Some(Color::Black));
    assert_eq!(reason, "0-1 black wins: red failed: no bestmove in time");
    assert!(!silent.healthy(), "a hung engine is restarted before reuse");
}

#[cfg(unix)]
#[test]
fn ucci_engines_are_stopped_after_the_move_time() {
    // Answers only `stop`: the move time must end in a `stop`.
    let opening: Vec<Move> = vec!["h2e2".parse().unwrap()];
    let mut red = fake("red", Protocol::Uci, "echo 'bestmove h0g2'", ":");
    let mut black = fake("stopped", Protocol::Ucci, ":", "echo 'bestmove h9g7'");
    assert_eq!(black.ucci_time, UcciTime::Stop);
    let arbiter = Arbiter {
        max_plies: 3,
        ..movetime(20)
    };
    let (winner, reason, moves) = play_game(&mut red, &mut black, &opening, &arbiter);
    assert_eq!(
        (winner, reason.as_str()),
        (None, "1/2-1/2 draw after 3 plies")
    );
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    assert!(black.healthy());

    // nobestmove loses.
    let mut none = fake("none", Protocol::Ucci, "echo nobestmove", ":");
    let (winner, reason, _) = play_game(&mut red, &mut none, &opening, &movetime(20));
    assert_eq!(winner, Some(Color::Red));
    assert_eq!(reason, "1-0 red wins: black failed: sent nobestmove");
    // With a fixed depth a UCCI engine gets `go depth N` and answers.
    let mut deep = fake("deep", Protocol::Ucci, "echo 'bestmove h9g7 draw'", ":");
    let arbiter = Arbiter {
        think: [Think::Depth(3); 2],
        max_plies: 2,
        ..Arbiter::default()
    };
    let (_, reason, moves) = play_game(&mut red, &mut deep, &opening, &arbiter);
    assert_eq!(moves.len(), 2, "{reason}");
}

/// An engine that logs every command to `log` and answers `go` with
/// `bestmove {answer}`.
#[cfg(unix)]
pub(super) fn logging_engine(name: &str, answer: &str) -> (EngineProcess, std::path::PathBuf) {
    let dir = std::env::temp_dir();
    let log = dir.join(format!("xq-match-{}-{name}.log", std::process::id()));
    let path = dir.join(format!("xq-match-{}-{name}.sh", std::process::id()));
    let script = format!(
        "while read -r line; do echo \"$line\" >> '{log}'; case \"$line\" in\n\
         uci) echo 'id name fake'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestmove {answer}' ;;\n\
         quit) rm -f \"$0\"; exit 0 ;;\n\
         esac; done\n",
        log = log.display()
    );
    let _ = std::fs::remove_file(&log);
    std::fs::write(&path, script).unwrap();
    let mut e =
        EngineProcess::start(&Spec::uci("sh").with_args([path.display().to_string()])).unwrap();
    e.grace = Duration::from_millis(300);
    (e, log)
}

#[cfg(unix)]
#[test]
fn games_start_from_a_fen() {
    let start: xiangqi::Position = "4k4/9/9/9/9/9/9/9/3R5/3K5 w".parse().unwrap();
    let (mut red, red_log) = logging_engine("fen-red", "d1d8");
    let (mut black, black_log) = logging_engine("fen-black", "e9f9");
    let arbiter = Arbiter {
        max_plies: 2,
        ..movetime(20)
    };
    let (winner, reason, moves) = play_game_from(&mut red, &mut black, Some(&start), &[], &arbiter);
    assert_eq!(
        (winner, reason.as_str()),
        (None, "1/2-1/2 draw after 2 plies")
    );
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["d1d8", "e9f9"]);
    drop((red, black));
    let (red_path, black_path) = (red_log, black_log);
    let red_log = std::fs::read_to_string(&red_path).unwrap();
    let black_log = std::fs::read_to_string(&black_path).unwrap();
    let _ = (
        std::fs::remove_file(red_path),
        std::fs::remove_file(black_path),
    );
    assert!(
        red_log.contains("position fen 4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1\n"),
        "{red_log}"
    );
    assert!(
        black_log.contains("position fen 4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1 moves d1d8\n"),
        "{black_log}"
    );
}

fn parse_args(line: &str) -> Result<Config, Box<dyn std::error::Error>> {
    match crate::cli::parse(&format!("match {line}"))? {
        crate::cli::Command::Match(a) => Ok(config(&a)?),
        other => panic!("{other:?}"),
    }
}

#[test]
fn flags() {
    let c = parse_args("--engine1 a --engine2 b").unwrap();
    assert_eq!(c.engines[0], Spec::uci("a"));
    assert_eq!(c.engines[1], Spec::uci("b"));
    assert_eq!(
        (c.games, c.first, c.think),
        (10, 0, [Think::MoveTime(200); 2])
    );
    assert_eq!(c.rules, Rules::default());
    assert_eq!(
        (c.max_plies, c.verbose, c.sprt, c.pyffish),
        (400, false, None, None)
    );
    assert_eq!((c.openings, c.openings_format), (None, None));
    assert_eq!(
        (c.openings_order, c.openings_seed, c.opening_plies),
        (Order::Sequential, 1, None)
    );
    assert_eq!(c.names, ["engine1", "engine2"]);
    // --fens FILE: FEN openings.
    let c = parse_args("--engine1 a --engine2 b --fens f.txt").unwrap();
    assert_eq!(
        (c.openings.as_deref(), c.openings_format),
        (Some("f.txt"), Some(Format::Fen))
    );
    let c = parse_args(
        "--engine1 a --engine2 b --openings o.pgn --openings-format pgn --openings-order random \
         --openings-seed 7 --opening-plies 8",
    )
    .unwrap();
    assert_eq!(
        (c.openings.as_deref(), c.openings_format),
        (Some("o.pgn"), Some(Format::Pgn))
    );
    assert_eq!(
        (c.openings_order, c.openings_seed, c.opening_plies),
        (Order::Random, 7, Some(8))
    );

    let c = parse_args(
        "--engine1 a --engine2 b --engine2-fsf --games 4 --first-game 2 --movetime 50 \
         --openings o.txt --verbose --sprt -5 10 --move-limit 50 --check-cap 10 \
         --repetition-count 4 --chase fairy-stockfish --max-plies 30 --pyffish py \
         --engine1-protocol ucci --engine1-init x --engine1-init y --ucci-time movestogo \
         --engine2-name fsf --pgn g.pgn",
    )
    .unwrap();
    assert_eq!(c.engines[1].ranks, UciRanks::OneToTen);
    assert_eq!(
        c.engines[1].init,
        ["setoption name UCI_Variant value xiangqi"]
    );
    assert_eq!(c.engines[0].protocol, Protocol::Ucci);
    assert_eq!(c.engines[0].init, ["x", "y"]);
    assert_eq!(
        (c.games, c.first, c.think),
        (4, 2, [Think::MoveTime(50); 2])
    );
    assert_eq!((c.openings.as_deref(), c.verbose), (Some("o.txt"), true));
    let sprt = c.sprt.unwrap();
    assert_eq!(
        (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
        (-5.0, 10.0, 0.05, 0.05)
    );
    assert_eq!(sprt.model, crate::sprt::Model::Normalized);
    assert_eq!(c.rules.move_limit, Some(50));
    assert_eq!(c.rules.check_cap, Some(10));
    assert_eq!(c.rules.repetition_count, 4);
    assert!(c.rules.chase_detection && c.rules.checks_also_chase);
    assert_eq!((c.max_plies, c.pyffish.as_deref()), (30, Some("py")));
    assert_eq!(c.ucci_time, UcciTime::MovesToGo);
    assert_eq!(
        (c.names[1].as_str(), c.pgn.as_deref()),
        ("fsf", Some("g.pgn"))
    );

    let c = parse_args("--engine1 a --engine2 b --depth 3 --move-limit 0 --engine2-ranks 1-10")
        .unwrap();
    assert_eq!(c.think, [Think::Depth(3); 2]);
    assert_eq!(c.rules.move_limit, None);
    assert_eq!(c.engines[1].ranks, UciRanks::OneToTen);
    let c = parse_args("--engine1 a --engine2 b --nodes 500 --chase none").unwrap();
    assert_eq!(c.think, [Think::Nodes(500); 2]);
    assert!(!c.rules.chase_detection);
    let c = parse_args(
        "--engine1 a --engine2 b --sprt -10 0 --sprt-alpha 0.1 --sprt-beta 0.2 \
         --sprt-model logistic --sprt-pairs",
    )
    .unwrap();
    let sprt = c.sprt.unwrap();
    assert_eq!(
        (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
        (-10.0, 0.0, 0.1, 0.2)
    );
    assert_eq!(sprt.model, crate::sprt::Model::Logistic);
    // The SPRT's parameters are checked.
    let err = parse_args("--engine1 a --engine2 b --sprt 10 0")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("--sprt: elo0 10 must be below elo1 0"),
        "{err}"
    );
    assert!(parse_args("--engine1 a --engine2 b --sprt 0 10 --sprt-alpha 1.5").is_err());

    // The results line's time control.
    for (flags, label) in [
        ("", "0.2/move"),
        ("--st 1.5", "1.5/move"),
        ("--depth 3", "depth 3"),
        ("--nodes 500", "500 nodes"),
        ("--tc 10+0.1", "10+0.1"),
        ("--tc 40/60+0.6", "40/60+0.6"),
        ("--tc 1:30", "90"),
    ] {
        let c = parse_args(&format!("--engine1 a --engine2 b {flags}")).unwrap();
        assert_eq!(c.time_control_label(), label, "{flags}");
    }
    let c = parse_args("--engine1 a --engine2 b --results r.jsonl --resume").unwrap();
    assert_eq!((c.results.as_deref(), c.resume), (Some("r.jsonl"), true));

    for (bad, why) in [
        ("--engine1 a --engine2 b --resume", "--results"),
        ("--engine2 b", "--engine1 <PROGRAM>"),
        ("--engine1 a", "--engine2 <PROGRAM>"),
        ("--engine1 a --engine2 b --games x", "--games <N>"),
        ("--engine1 a --engine2 b --games", "--games <N>"),
        ("--engine1 a --engine2 b --depth 2 --nodes 3", "--nodes <N>"),
        (
            "--engine1 a --engine2 b --movetime 2 --movetime 3",
            "--movetime <MS>",
        ),
        ("--engine1 a --engine2 b --engine3 c", "--engine3"),
        (
            "--engine1 a --engine2 b --engine1-proto uci",
            "--engine1-proto",
        ),
        (
            "--engine1 a --engine2 b --engine1-protocol xboard",
            "expected uci or ucci",
        ),
        (
            "--engine1 a --engine2 b --engine1-ranks 2-11",
            "expected 0-9 or 1-10",
        ),
        ("--engine1 a --engine2 b --chase some", "--chase <CHASE>"),
        (
            "--engine1 a --engine2 b --repetition-count 1",
            "--repetition-count",
        ),
        ("--engine1 a --engine2 b --bogus", "--bogus"),
        ("--engine1 a --engine2 b --sprt 0", "--sprt <ELO0> <ELO1>"),
        ("--engine1 a --engine2 b --sprt-alpha 0.1", "--sprt"),
        (
            "--engine1 a --engine2 b --sprt 0 5 --sprt-model bayes",
            "not a model",
        ),
        ("--engine1 a --engine2 b --fens f --openings o", "--fens"),
    ] {
        match parse_args(bad) {
            Err(e) => assert!(e.to_string().contains(why), "{bad}: {e}"),
            Ok(_) => panic!("{bad}: accepted"),
        }
    }
}

#[test]
fn pyffish_lines_and_differences() {
    let end = parse_line("57 0-1 optional (value -32000)");
    assert_eq!(
        end,
        Judged::End {
            ply: 57,
            result: "0-1".into(),
            reason: "optional (value -32000)".into()
        }
    );
    assert_eq!(parse_line("* 80"), Judged::GoesOn);
    assert!(
        matches!(parse_line("error move 3 a0a5 is illegal"), Judged::Error(e) if e == "move 3 a0a5 is illegal")
    );
    assert!(matches!(parse_line("x 1-0"), Judged::Error(_)));
    assert!(matches!(parse_line("5 2-0 no"), Judged::Error(_)));
    assert!(matches!(parse_line(""), Judged::Error(_)));

    // Same end, same result: no difference.
    assert_eq!(difference(57, Some("0-1"), &end), None);
    assert!(
        difference(57, Some("1/2-1/2"), &end)
            .unwrap()
            .contains("ours 1/2-1/2")
    );
    assert!(
        difference(60, Some("0-1"), &end)
            .unwrap()
            .contains("earlier, at ply 57")
    );
    assert!(difference(57, None, &end).is_some());
    assert!(difference(80, Some("1/2-1/2"), &Judged::GoesOn).is_some());
    assert_eq!(difference(80, None, &Judged::GoesOn), None);
    assert!(difference(80, None, &Judged::Error("x".into())).is_some());

    // Our verdict of a game, replayed under the rules.
    let cycle: Vec<Move> = "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9 g2h0"
        .split(' ')
        .map(|m| m.parse().unwrap())
        .collect();
    assert_eq!(
        our_verdict(&cycle, &Rules::default()).as_deref(),
        Some("1/2-1/2")
    );
    assert_eq!(our_verdict(&cycle[..4], &Rules::default()), None);
    assert_eq!(
        our_verdict(&cycle, &Rules::default().with_repetition_count(4)),
        None
    );
}

/// The PGN `TimeControl` tag: the standard's `moves/seconds` and
/// `seconds+increment` forms for a clock, cutechess-cli's `N/move` for a
/// fixed time, `-` without a clock, none with time odds.
#[test]
fn pgn_time_control_tag() {
    let tc = |flags: &str| {
        parse_args(&format!("--engine1 a --engine2 b {flags}"))
            .unwrap()
            .pgn_time_control()
    };
    assert_eq!(tc("--tc 40/60+0.6").as_deref(), Some("40/60+0.6"));
    assert_eq!(tc("--tc 10+0.1").as_deref(), Some("10+0.1"));
    assert_eq!(tc("--tc 5:00").as_deref(), Some("300"));
    assert_eq!(tc("--movetime 100").as_deref(), Some("0.1/move"));
    assert_eq!(tc("--depth 8").as_deref(), Some("-"));
    assert_eq!(tc("--engine1-movetime 100 --engine2-movetime 1000"), None);
}
