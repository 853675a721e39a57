//! Unit tests of the game clock, the adjudication by score and the move
//! notes, with fake engines.

#![cfg(unix)]

use std::time::Duration;

use xiangqi::{Color, Position, Score};
use xiangqi_client::Protocol;

use crate::matches::adjudication::{DrawRule, ResignRule};
use crate::matches::runner::*;
use crate::matches::tests::{fake, logging_engine};

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn clocked(tc: &str) -> Arbiter {
    Arbiter {
        clock: Some(tc.parse().unwrap()),
        ..Arbiter::default()
    }
}

/// Shell code answering `go` with `info {info}` and the two moves in turn.
fn toggling(info: &str, a: &str, b: &str) -> String {
    format!(
        "echo 'info {info}'; if [ -z \"$t\" ]; then t=1; echo 'bestmove {a}'; else t=; echo 'bestmove {b}'; fi"
    )
}

#[test]
fn a_flag_fall_loses() {
    let (mut red, red_log) = logging_engine("flag-red", "h2e2");
    let mut black = fake(
        "flag-black",
        Protocol::Uci,
        "sleep 0.3; echo 'bestmove h9g7'",
        ":",
    );
    let g = play_full(&mut red, &mut black, None, &[], &clocked("0.1+0"));
    assert_eq!(g.winner, Some(Color::Red));
    assert_eq!(g.reason, "1-0 red wins: black loses on time");
    assert_eq!(g.kind, crate::matches::ending::EndKind::Flag);
    assert_eq!(g.moves.len(), 1, "the late move is not played");
    drop(red);
    let log = std::fs::read_to_string(&red_log).unwrap();
    let _ = std::fs::remove_file(red_log);
    assert!(
        log.contains("go wtime 100 btime 100 winc 0 binc 0\n"),
        "{log}"
    );
}

#[test]
fn a_flag_fall_against_a_bare_army_draws() {
    // Red flags, but Black has nothing that could ever give check.
    let start: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse().unwrap();
    let mut red = fake(
        "bare-red",
        Protocol::Uci,
        "sleep 0.3; echo 'bestmove a1a2'",
        ":",
    );
    let mut black = fake("bare-black", Protocol::Uci, "echo 'bestmove d9d8'", ":");
    let g = play_full(&mut red, &mut black, Some(&start), &[], &clocked("0.1+0"));
    assert_eq!(g.winner, None);
    assert_eq!(
        g.reason,
        "1/2-1/2 draw: red loses on time, but black has no mating material"
    );
    assert_eq!(g.kind, crate::matches::ending::EndKind::Flag);
    let e = crate::matches::ending::Ending::flag_fall(&start, Color::Black);
    assert_eq!(e.winner, Some(Color::Red));
}

#[test]
fn engines_get_both_clocks_and_the_moves_to_go() {
    let start: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse().unwrap();
    let (mut red, red_log) = logging_engine("tc-red", "a1a2");
    let mut black = fake(
        "tc-black",
        Protocol::Uci,
        &toggling("depth 3 score cp 0", "d9d8", "d8d9"),
        ":",
    );
    let arbiter = Arbiter {
        max_plies: 2,
        ..clocked("2/10+1")
    };
    let g = play_full(&mut red, &mut black, Some(&start), &[], &arbiter);
    assert_eq!(g.reason, "1/2-1/2 draw after 2 plies");
    assert_eq!(g.kind, crate::matches::ending::EndKind::MaxPlies);
    assert_eq!(g.notes.len(), 2);
    drop(red);
    let log = std::fs::read_to_string(&red_log).unwrap();
    let _ = std::fs::remove_file(red_log);
    assert!(
        log.contains("go wtime 10000 btime 10000 winc 1000 binc 1000 movestogo 2\n"),
        "{log}"
    );
}

#[test]
fn a_losing_score_resigns_and_notes_carry_the_scores() {
    let start: Position = "3k5/9/9/9/9/9/9/9/R8/4K4 w".parse().unwrap();
    let mut red = fake(
        "resign-red",
        Protocol::Uci,
        &toggling("depth 9 score cp 700", "a1a2", "a2a1"),
        ":",
    );
    let mut black = fake(
        "resign-black",
        Protocol::Uci,
        &toggling("depth 8 score cp -700", "d9d8", "d8d9"),
        ":",
    );
    let arbiter = Arbiter {
        resign: Some(ResignRule::parse(&words("movecount=2 score=600")).unwrap()),
        ..Arbiter::default()
    };
    let g = play_full(&mut red, &mut black, Some(&start), &[], &arbiter);
    assert_eq!(g.winner, Some(Color::Red));
    assert_eq!(
        g.reason,
        "1-0 red wins by adjudication: black resigns (score -600 or worse for 2 moves)"
    );
    assert_eq!(g.kind, crate::matches::ending::EndKind::Resign);
    assert_eq!(g.moves.len(), 4);
    assert_eq!(g.notes.len(), 4);
    assert_eq!(
        (g.notes[0].score, g.notes[0].depth),
        (Some(Score::Cp(700)), Some(9))
    );
    assert_eq!(
        (g.notes[1].score, g.notes[1].depth),
        (Some(Score::Cp(-700)), Some(8))
    );
    assert!(
        g.notes[1].comment().starts_with("-7.00/8 0."),
        "{}",
        g.notes[1].comment()
    );

    // Quiet scores from the first move on: a draw after one move each.
    let mut red = fake(
        "draw-red",
        Protocol::Uci,
        &toggling("depth 9 score cp 5", "a1a2", "a2a1"),
        ":",
    );
    let mut black = fake(
        "draw-black",
        Protocol::Uci,
        &toggling("depth 8 score cp -5", "d9d8", "d8d9"),
        ":",
    );
    let arbiter = Arbiter {
        draw: Some(DrawRule::parse(&words("movenumber=1 movecount=1 score=10")).unwrap()),
        ..Arbiter::default()
    };
    let g = play_full(&mut red, &mut black, Some(&start), &[], &arbiter);
    assert_eq!(g.kind, crate::matches::ending::EndKind::Draw);
    assert_eq!(
        (g.winner, g.reason.as_str(), g.moves.len()),
        (
            None,
            "1/2-1/2 draw by adjudication: scores within 10 for 1 moves",
            2
        )
    );
}

#[test]
fn move_notes_read_as_cutechess_writes_them() {
    let note = |score, depth, ms| MoveNote {
        score,
        depth,
        time: Duration::from_millis(ms),
    };
    assert_eq!(
        note(Some(Score::Cp(35)), Some(12), 980).comment(),
        "+0.35/12 0.98s"
    );
    assert_eq!(
        note(Some(Score::Cp(0)), Some(1), 0).comment(),
        "+0.00/1 0.00s"
    );
    assert_eq!(
        note(Some(Score::Mate(-2)), Some(30), 1500).comment(),
        "-M2/30 1.50s"
    );
    assert_eq!(
        note(Some(Score::Cp(-1234)), None, 20).comment(),
        "-12.34 0.02s"
    );
    assert_eq!(note(None, None, 2000).comment(), "2.00s");
}

fn parse_args(line: &str) -> Result<crate::matches::config::Config, Box<dyn std::error::Error>> {
    match crate::cli::parse(&format!("match --engine1 a --engine2 b {line}"))? {
        crate::cli::Command::Match(a) => Ok(crate::matches::config::config(&a)?),
        other => panic!("{other:?}"),
    }
}

#[test]
fn clock_and_adjudication_flags() {
    use xiangqi_client::Think;
    let c = parse_args("").unwrap();
    assert_eq!((c.clock, c.resign, c.draw), (None, None, None));
    let c = parse_args("--tc 40/60+0.6 --resign movecount=3 score=600 --draw movenumber=40 movecount=8 score=10 --games 4").unwrap();
    let tc = c.clock.unwrap();
    assert_eq!(
        (tc.moves, tc.base, tc.increment),
        (
            Some(40),
            Duration::from_secs(60),
            Duration::from_millis(600)
        )
    );
    assert_eq!(
        c.resign,
        Some(ResignRule {
            movecount: 3,
            score: 600,
            twosided: false
        })
    );
    assert_eq!(
        c.draw,
        Some(DrawRule {
            movenumber: 40,
            movecount: 8,
            score: 10
        })
    );
    assert_eq!(c.games, 4);
    assert_eq!(
        parse_args("--st 0.25").unwrap().think,
        [Think::MoveTime(250); 2]
    );
    // Time odds: each engine its own move time, the other the shared one.
    let odds = parse_args("--engine1-movetime 100 --engine2-movetime 1000").unwrap();
    assert_eq!(odds.think, [Think::MoveTime(100), Think::MoveTime(1000)]);
    assert_eq!(odds.time_control_label(), "0.1/move vs 1/move");
    let odds = parse_args("--st 0.3 --engine2-movetime 50").unwrap();
    assert_eq!(odds.think, [Think::MoveTime(300), Think::MoveTime(50)]);
    assert_eq!(
        parse_args("--movetime 300").unwrap().time_control_label(),
        "0.3/move"
    );
    for bad in [
        "--tc 10+x",
        "--tc 0",
        "--st 0",
        "--st -1",
        "--tc 10 --movetime 100",
        "--st 1 --depth 3",
        "--resign movecount=3",
        "--draw movenumber=40 score=10",
        "--resign movecount=3 score=600 depth=2",
        "--engine1-movetime 0",
        "--engine2-movetime 10 --tc 10+0.1",
        "--engine1-movetime 10 --depth 3",
        "--engine1-movetime 10 --nodes 500",
    ] {
        assert!(parse_args(bad).is_err(), "{bad}");
    }
}
