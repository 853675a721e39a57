//! Seeded random command lines, most of them junk, in both protocols:
//! every one is answered without a panic or a hang, `isready` is always
//! answered last, a command that cannot change the position leaves it as
//! it was, and after it all the engine still plays from a position it is
//! given.

use xiangqi::{Position, Rng};

use super::{bestmoves, run, shared};
use crate::uci::engine::UciFrontEnd;

/// Commands of either protocol, and words of neither.
#[rustfmt::skip]
const COMMANDS: &[&str] = &[
    "isready", "position", "position", "position", "go", "go", "go", "stop", "ponderhit",
    "setoption", "setoption", "setoption", "ucinewgame", "banmoves", "probe", "d", "register",
    "debug", "frobnicate", "Position", "GO", "\u{4e2d}", "\u{0}", "perft",
];

/// Arguments: keywords of every command, moves legal and not, FEN parts,
/// numbers in and out of every range, and junk.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "startpos", "fen", "moves", "moves", "h2e2", "h9g7", "b0c2", "h2h9", "e0e1", "zz", "a0a0",
    "i9i10", "H2-E2", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR",
    "3k5/9/9/9/9/9/9/9/4R4/5K3", "rnbakabnr/9", "9/9/9/9/9/9/9/9/9/9", "w", "b", "r", "-", "0",
    "1", "2", "3", "-1", "65", "999999", "18446744073709551616", "1e3", "0x10", "nan", "",
    "infinite", "depth", "nodes", "movetime", "mate", "wtime", "btime", "winc", "binc",
    "movestogo", "ponder", "searchmoves", "perft", "time", "increment", "opptime", "oppincrement",
    "draw", "name", "value", "Hash", "hashsize", "MultiPV", "Skill", "Level", "UCI_Elo",
    "UCI_LimitStrength", "Ponder", "OwnBook", "usebook", "Clear", "Move", "Overhead", "Use",
    "NNUE", "EvalFile", "<embedded>", "no-such-file.nnue", "true", "false", "newgame",
    "usemillisec", "\u{5e05}", "\u{1F600}", "\t",
];

/// Beginnings of well-formed lines, so that some of the junk after them
/// lands in a position that was set, a search that runs or an option
/// being set.
const STARTS: &[&str] = &[
    "position startpos",
    "position startpos moves h2e2",
    "position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
    "position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 b",
    "go depth 2",
    "go nodes 300",
    "go movetime 5",
    "go infinite",
    "go wtime 100 btime 100",
    "go time 50",
    "setoption name MultiPV value",
    "setoption name Skill Level value",
    "setoption name UCI_Elo value",
    "setoption name Hash value",
    "setoption hashsize",
    "setoption usemillisec",
    "banmoves",
];

/// A line of a command and up to eight words, picked by `rng`; half the
/// lines begin well-formed.
fn line(rng: &mut Rng) -> String {
    let mut line = if rng.below(2) == 0 {
        STARTS[rng.below(STARTS.len())].to_string()
    } else {
        COMMANDS[rng.below(COMMANDS.len())].to_string()
    };
    for _ in 0..rng.below(5) {
        line.push(' ');
        line.push_str(WORDS[rng.below(WORDS.len())]);
    }
    line
}

/// Whether a line starting with `cmd` may change (or clear) the position.
fn may_set_position(cmd: &str) -> bool {
    matches!(cmd, "position" | "setoption" | "ucinewgame")
}

fn position(e: &UciFrontEnd) -> Option<Position> {
    e.session().game().map(|g| g.position().clone())
}

fn junk_session(handshake: &str, seed: u64, lines: usize) {
    let (search_output, mut e) = shared();
    run(&mut e, handshake);
    let mut rng = Rng::new(seed);
    for i in 0..lines {
        let line = line(&mut rng);
        let before = position(&e);
        let mut out = Vec::new();
        let more = e.handle(&line, &mut out).unwrap();
        assert!(more, "{handshake} seed {seed} line {i} {line:?}: quit");
        assert!(
            String::from_utf8(out).is_ok(),
            "{handshake} seed {seed} line {i}"
        );
        let cmd = line.split_ascii_whitespace().next().unwrap_or("");
        if !may_set_position(cmd) {
            assert_eq!(
                position(&e),
                before,
                "{handshake} seed {seed} line {i} {line:?}"
            );
        }
        if i % 7 == 0 {
            let out = run(&mut e, "isready");
            assert!(
                out.ends_with("readyok\n"),
                "{handshake} seed {seed} line {i}: {out:?}"
            );
        }
    }
    e.halt_search();
    // Whatever the junk set, the engine still takes a position and moves.
    run(&mut e, "setoption name Hash value 1\nsetoption hashsize 1");
    let out = run(&mut e, "position startpos moves h2e2\nisready");
    assert!(
        out.ends_with("readyok\n"),
        "{handshake} seed {seed}: {out:?}"
    );
    let mut expected = Position::new();
    expected.play("h2e2".parse().unwrap()).unwrap();
    assert_eq!(
        position(&e),
        Some(expected.clone()),
        "{handshake} seed {seed}"
    );
    let answers = bestmoves(&search_output).len();
    run(&mut e, "go depth 1");
    e.join_search();
    let all = bestmoves(&search_output);
    assert_eq!(all.len(), answers + 1, "{handshake} seed {seed}");
    let word = all.last().unwrap().split_ascii_whitespace().nth(1).unwrap();
    let mv = word.parse().unwrap();
    assert!(expected.is_legal(mv), "{handshake} seed {seed}: {word}");
}

#[test]
fn junk_uci_lines_are_answered_and_change_nothing_they_should_not() {
    for seed in 1..=3 {
        junk_session("uci", seed, 250);
    }
}

#[test]
fn junk_ucci_lines_are_answered_and_change_nothing_they_should_not() {
    for seed in 1..=3 {
        junk_session("ucci", seed, 250);
    }
}
