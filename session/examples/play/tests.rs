//! Unit tests of the play example.

use super::*;
use xiangqi::EndReason;

const PLAIN: Style = Style {
    letters: false,
    color: false,
};

fn session(human: Color) -> Session {
    // Level 0 without the book: quick and searching from the first move.
    let opponent = Opponent::new(0, false, 7, Duration::from_millis(100));
    Session::new(Position::new(), human, opponent, PLAIN)
}

/// Feeds `script` line by line; returns the output.
fn run(s: &mut Session, script: &str) -> String {
    let mut out = Vec::new();
    for line in script.lines() {
        s.handle(line, &mut out).unwrap();
    }
    String::from_utf8(out).unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn every_notation_parses() {
    let pos = Position::new();
    for text in [
        "h2e2",
        "H2-E2",
        "ｈ２ｅ２",
        "C2.5",
        "c2=5",
        "C25",
        "Ｃ２．５",
        "炮二平五",
        "炮2平5",
        "炮２平５",
        "炮 二 平 五",
    ] {
        assert_eq!(parse_move(&pos, text), Ok(mv("h2e2")), "{text}");
    }
    for text in ["马二进三", "馬二進三", "傌２進３", "H2+3"] {
        assert_eq!(parse_move(&pos, text), Ok(mv("h0g2")), "{text}");
    }
    let black: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
        .parse()
        .unwrap();
    for text in ["h9g7", "H8+7", "马8进7", "馬８進７"] {
        assert_eq!(parse_move(&black, text), Ok(mv("h9g7")), "{text}");
    }
}

#[test]
fn parse_errors_say_why() {
    let pos = Position::new();
    let illegal = parse_move(&pos, "h2h8").unwrap_err();
    assert!(illegal.contains("not a legal move"), "{illegal}");
    assert!(
        parse_move(&pos, "C2.9")
            .unwrap_err()
            .contains("not a legal move")
    );
    assert!(
        parse_move(&pos, "车一进五")
            .unwrap_err()
            .contains("not a legal move")
    );
    // The library's reason, not only a refusal.
    let leg = parse_move(&pos, "马二进四").unwrap_err();
    assert_eq!(
        leg,
        "马二进四 (h0f1) is not a legal move here: the horse's leg is blocked on g0"
    );
    let screen = parse_move(&pos, "h2h8").unwrap_err();
    assert!(
        screen.ends_with("is not a legal move here: the path is blocked on h7"),
        "{screen}"
    );
    let junk = parse_move(&pos, "hello").unwrap_err();
    assert!(junk.contains("neither a move nor a command"), "{junk}");
    // Two red chariots on one file: "R1+1" fits both.
    let tandem: Position = "4k4/9/9/9/9/9/8R/9/8R/3K5 w".parse().unwrap();
    let amb = parse_move(&tandem, "R1-1").unwrap_err();
    assert!(amb.contains("ambiguous") && amb.contains("i3i2"), "{amb}");
}

#[test]
fn engine_shown_in_three_notations() {
    assert_eq!(
        describe(&Position::new(), mv("h2e2")),
        "h2e2 (C2.5, 炮二平五)"
    );
}

/// The moves are named with the characters the board draws: Red's chariot
/// is 俥 on the board and in the hint (issue 52 saw 车 in the hint), Red's
/// horse 傌, Black's cannon 砲; and that text reads back as the move.
#[test]
fn moves_are_named_as_the_board_draws_them() {
    let pos = Position::new();
    assert_eq!(describe(&pos, mv("a0a1")), "a0a1 (R9+1, 俥九进一)");
    assert_eq!(describe(&pos, mv("b0c2")), "b0c2 (H8+7, 傌八进七)");
    let black: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b"
        .parse()
        .unwrap();
    assert_eq!(describe(&black, mv("h7e7")), "h7e7 (C8.5, 砲8平5)");
    assert_eq!(describe(&black, mv("h9g7")), "h9g7 (H8+7, 马8进7)");
    let mut out = Vec::new();
    draw(&pos, None, PLAIN, &mut out).unwrap();
    let board = String::from_utf8(out).unwrap();
    assert!(
        board.contains('俥') && board.contains('傌') && board.contains('砲'),
        "{board}"
    );
    for (p, m) in [(&pos, "a0a1"), (&pos, "b0c2"), (&black, "h7e7")] {
        let text = describe(p, mv(m));
        let chinese = text.split(", ").nth(1).unwrap().trim_end_matches(')');
        assert_eq!(p.parse_move(chinese), Ok(mv(m)), "{text}");
    }
}

#[test]
fn wxf_and_chinese_moves_accepted() {
    let mut s = session(Color::Red);
    let out = run(&mut s, "C2.5");
    assert_eq!(s.game.moves().next(), Some(mv("h2e2")));
    assert_eq!(s.game.ply(), 2, "{out}");
    assert!(out.contains("You play h2e2 (C2.5, 炮二平五)."), "{out}");
    assert!(out.contains("Engine plays "), "{out}");

    let mut s = session(Color::Red);
    run(&mut s, "马二进三");
    assert_eq!(s.game.moves().next(), Some(mv("h0g2")));
    assert_eq!(s.game.ply(), 2);
}

#[test]
fn bad_input_changes_nothing() {
    let mut s = session(Color::Red);
    run(&mut s, "h2e2");
    let before = s.game.position().clone();
    for bad in [
        "h2h8",
        "xyz",
        "C9.1",
        "车九进九",
        "level 21",
        "level -1",
        "level",
    ] {
        let out = run(&mut s, bad);
        assert!(!out.trim().is_empty(), "{bad}: no message");
        assert_eq!(s.game.position(), &before, "{bad}");
        assert_eq!(s.game.ply(), 2, "{bad}");
    }
    assert_eq!(s.opponent.level(), 0);
    assert!(run(&mut s, "level 20").contains("Level 20 (full strength)."));
    assert_eq!(s.opponent.level(), 20);
    assert_eq!(run(&mut s, ""), "");
}

#[test]
fn undo_takes_back_move_and_reply() {
    let mut s = session(Color::Red);
    run(&mut s, "h2e2");
    run(&mut s, "h0g2");
    assert_eq!(s.game.ply(), 4);
    let out = run(&mut s, "undo");
    assert!(out.starts_with("Took back h0g2 "), "{out}");
    assert_eq!(s.game.ply(), 2);
    run(&mut s, "undo");
    assert_eq!(s.game.position(), &Position::new());
    assert!(run(&mut s, "undo").contains("Nothing to undo"));

    // Playing Black: the engine's first move is not the player's to undo.
    let mut s = session(Color::Black);
    s.begin(&mut Vec::new()).unwrap();
    assert_eq!(s.game.ply(), 1);
    assert!(run(&mut s, "undo").contains("Nothing to undo"));
    assert_eq!(s.game.ply(), 1);
}

#[test]
fn perpetual_check_ends_with_the_verdict() {
    // Red's chariot checks from d1 and e1 for ever; the player (Black)
    // makes the last move of the third occurrence.
    let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse().unwrap();
    let opponent = Opponent::new(0, false, 7, Duration::from_millis(100));
    let mut s = Session::new(start, Color::Black, opponent, PLAIN);
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1".split(' ') {
        s.game.play(mv(m)).unwrap();
    }
    let out = run(&mut s, "e9d9");
    let verdict = s.game.outcome().expect("the game is over");
    assert_eq!(verdict.reason, EndReason::PerpetualCheck);
    assert_eq!(s.game.ply(), 8, "the engine does not move after the end");
    assert!(
        out.contains(
            "Game over: 0-1 black wins by perpetual check: red made a check with \
             every move (red chariot on e1)"
        ),
        "{out}"
    );
    assert!(out.contains(&format!("Game over: {verdict}.")));
    // Moves are refused, undo reopens the game.
    assert!(run(&mut s, "d1d2").contains("The game is over"));
    assert_eq!(s.game.ply(), 8);
    run(&mut s, "undo");
    assert_eq!(s.game.ply(), 7);
    assert!(s.game.outcome().is_none());
}

#[test]
fn engine_replies_legally_at_level_0() {
    let mut s = session(Color::Red);
    let out = run(&mut s, "h2e2");
    assert_eq!(s.game.ply(), 2, "{out}");
    let reply = s.game.moves().nth(1).unwrap();
    assert!(s.game.position_at(1).unwrap().is_legal(reply));
    assert!(out.contains(&format!("Engine plays {reply} (")), "{out}");
    let hint = run(&mut s, "hint");
    let m: Move = hint["Hint: ".len()..][..4].parse().unwrap();
    assert!(s.game.position().is_legal(m), "{hint}");
}

#[test]
fn the_book_opens_and_the_seed_repeats_it() {
    let reply = |seed| {
        let opponent = Opponent::new(0, true, seed, Duration::from_millis(50));
        let mut s = Session::new(Position::new(), Color::Black, opponent, PLAIN);
        let mut out = Vec::new();
        s.begin(&mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains(" (book)."), "{out}");
        s.game.moves().next().unwrap()
    };
    // The masters' first moves, the same for the same seed.
    let first: Vec<Move> = (1..=20).map(reply).collect();
    let masters: Vec<Move> = xiangqi::book::Book::masters()
        .probe(&Position::new())
        .iter()
        .map(|m| m.mv)
        .collect();
    assert!(first.iter().all(|m| masters.contains(m)), "{first:?}");
    assert!(
        first.iter().any(|m| *m != first[0]),
        "no variety: {first:?}"
    );
    assert_eq!(reply(3), reply(3));
}

#[test]
fn new_and_fen() {
    let mut s = session(Color::Red);
    run(&mut s, "h2e2");
    run(&mut s, "new");
    assert_eq!(s.game.ply(), 0);
    assert_eq!(
        run(&mut s, "fen").trim(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    assert!(!s.handle("quit", &mut Vec::new()).unwrap());
}

#[test]
fn board_plain_and_letters() {
    let mut out = Vec::new();
    draw(&Position::new(), Some(mv("h2e2")), PLAIN, &mut out).unwrap();
    let board = String::from_utf8(out).unwrap();
    assert!(board.contains("9  车马象士将士象马车\n"), "{board}");
    assert!(board.contains("0  俥傌相仕帅仕相傌俥\n"), "{board}");
    assert!(!board.contains('\x1b'));
    let letters = Style {
        letters: true,
        color: false,
    };
    let mut out = Vec::new();
    draw(&Position::new(), None, letters, &mut out).unwrap();
    let board = String::from_utf8(out).unwrap();
    assert!(board.contains("0  R N B A K A B N R\n"), "{board}");
    assert!(board.contains("7  . c . . . . . c .\n"), "{board}");
    let mut out = Vec::new();
    let coloured = Style {
        letters: false,
        color: true,
    };
    draw(&Position::new(), None, coloured, &mut out).unwrap();
    assert!(
        String::from_utf8(out)
            .unwrap()
            .contains("\x1b[1;31m帅\x1b[0m")
    );
}

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn flags_parse() {
    let Ok(Command::Play(o)) = parse_args(&[]) else {
        panic!("no flags: play")
    };
    assert_eq!(
        (o.human, o.level, o.letters, o.no_color),
        (Color::Red, 10, false, false)
    );
    assert_eq!((o.movetime, o.book, o.seed), (1000, true, None));
    assert_eq!(o.start, Position::new());
    let Ok(Command::Play(o)) = parse_args(&args("--black --level 5 --letters --no-color")) else {
        panic!()
    };
    assert_eq!(
        (o.human, o.level, o.letters, o.no_color),
        (Color::Black, 5, true, true)
    );
    let Ok(Command::Play(o)) = parse_args(&args("--level=0 --no-book --seed 9 --movetime 50"))
    else {
        panic!()
    };
    assert_eq!(
        (o.level, o.book, o.seed, o.movetime),
        (0, false, Some(9), 50)
    );
    let Ok(Command::Play(o)) = parse_args(&args("--elo 1")) else {
        panic!()
    };
    assert_eq!(o.level, 0);
    let Ok(Command::Play(o)) = parse_args(&args("--elo 9999")) else {
        panic!()
    };
    assert_eq!(o.level, 19, "a limited strength is below full");
    let fen = vec![
        "--fen".to_string(),
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w".to_string(),
    ];
    let Ok(Command::Play(o)) = parse_args(&fen) else {
        panic!()
    };
    assert_eq!(o.start.to_string(), "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    assert_eq!(parse_args(&args("--black --help")), Ok(Command::Help));
    assert_eq!(parse_args(&args("-h")), Ok(Command::Help));
}

#[test]
fn bad_flags_are_errors() {
    for (line, what) in [
        ("--blak", "unknown option \"--blak\""),
        (
            "--level abc",
            "--level \"abc\": expected a number from 0 to 20",
        ),
        ("--level 21", "--level \"21\""),
        ("--elo x", "--elo \"x\""),
        ("--elo 0x", "--elo \"0x\""),
        ("--movetime 0", "--movetime \"0\""),
        ("--seed -1", "--seed \"-1\""),
        ("--no-book=1", "--no-book takes no value"),
        ("--level -1", "--level \"-1\""),
        ("--level=", "--level \"\""),
        ("--level", "--level needs a number"),
        ("--fen", "--fen needs a FEN"),
        ("--fen xyz", "bad --fen \"xyz\""),
        ("--black=yes", "--black takes no value"),
        ("black", "unexpected argument \"black\""),
        ("-x", "unknown option \"-x\""),
    ] {
        match parse_args(&args(line)) {
            Err(e) => assert!(e.contains(what), "{line}: {e}"),
            Ok(c) => panic!("{line}: accepted as {c:?}"),
        }
    }
    assert!(USAGE.contains("--level N"));
}

/// Plays the whole input through `run` as a pipe would.
fn transcript(input: &[u8]) -> (Session, String) {
    let mut s = session(Color::Red);
    let mut out = Vec::new();
    super::run(&mut s, input, &mut out, true).unwrap();
    (s, String::from_utf8(out).unwrap())
}

#[test]
fn invalid_utf8_gets_a_message_and_the_game_goes_on() {
    let (s, out) = transcript(b"\xff\xfe\xfd\nh2e2\n\xc3\x28 C2.5\nquit\n");
    assert_eq!(out.matches("not valid UTF-8").count(), 2, "{out}");
    assert!(out.contains("You play h2e2"), "{out}");
    assert_eq!(s.game.ply(), 2);
}

#[test]
fn huge_lines_are_echoed_once_and_cut() {
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice("\n炮二平五\nquit\n".as_bytes());
    let (s, out) = transcript(&input);
    // One echo of 80 characters, then the reason; nothing more of it.
    assert_eq!(out.matches(&"x".repeat(80)).count(), 1, "{out}");
    assert!(!out.contains(&"x".repeat(81)));
    assert!(out.contains("... (1048576 bytes)"), "{out}");
    assert!(out.contains("too long (1048576 bytes)"), "{out}");
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
    // The game went on.
    assert!(out.contains("You play h2e2"), "{out}");
    assert_eq!(s.game.ply(), 2);
}

#[test]
fn end_of_input_ends_the_game_quietly() {
    let (s, out) = transcript(b"h2e2");
    assert_eq!(s.game.ply(), 2, "a last line without a line end counts");
    assert!(out.ends_with("red to move> \n"), "{out}");
}

#[test]
fn commands_take_no_extra_words() {
    let mut s = session(Color::Red);
    run(&mut s, "h2e2");
    let ply = s.game.ply();
    for line in [
        "undo extra",
        "quit now",
        "new game",
        "board x",
        "fen x",
        "hint me",
        "help me",
    ] {
        let out = run(&mut s, line);
        assert!(out.contains("does not take"), "{line}: {out}");
        assert_eq!(s.game.ply(), ply, "{line} changed the game");
    }
    let out = run(&mut s, "level 5 6");
    assert!(
        out.contains("level does not take \"6\": type level <0-20>"),
        "{out}"
    );
    assert!(run(&mut s, "level 5").contains("Level 5"));
    assert!(run(&mut s, "undo").contains("Took back"));
    assert_eq!(s.game.ply(), 0);
}

#[test]
fn echo_cuts_long_lines_only() {
    use super::input::{Input, echo, next_line};
    assert_eq!(echo("h2e2", None, 80), "h2e2");
    assert_eq!(echo("abcdef", None, 3), "abc... (6 bytes)");
    assert_eq!(echo("abc", Some(900), 80), "abc... (900 bytes)");
    let mut input: &[u8] = b"one\r\ntwo\n\xff\nthree";
    let mut lines = Vec::new();
    while let Some(line) = next_line(&mut input, 10).unwrap() {
        lines.push(line);
    }
    assert_eq!(
        lines,
        [
            Input::Text("one".into()),
            Input::Text("two".into()),
            Input::NotUtf8("\u{FFFD}".into(), 1),
            Input::Text("three".into()),
        ]
    );
    let mut long: &[u8] = b"0123456789abc\nnext\n";
    assert_eq!(
        next_line(&mut long, 10).unwrap(),
        Some(Input::TooLong("0123456789a".into(), 13))
    );
    assert_eq!(
        next_line(&mut long, 10).unwrap(),
        Some(Input::Text("next".into()))
    );
    assert_eq!(next_line(&mut long, 10).unwrap(), None);
}
