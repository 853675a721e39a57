//! The command loop never blocks: seeded random command sequences, with
//! random delays, sent through real pipes in both protocols. Every
//! `isready` is answered within 500 ms (2 s in a debug build), every `go`
//! gets exactly one answer (`bestmove`, UCCI's `nobestmove`, or a perft's
//! `Nodes searched:`), nothing answers without a `go`, and the process
//! exits on `quit`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use crate::support::ENGINE;

const UCI: &[&str] = &[
    "isready",
    "isready",
    "go depth 30",
    "go movetime 40",
    "go infinite",
    "go depth abc",
    "go",
    "go nodes 20000",
    "go perft 6",
    "go ponder movetime 60",
    "go wtime 2000 btime 2000 winc 10 binc 10",
    "go movetime -5",
    "go mate 3",
    "stop",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position fen 3k5/3RR4/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "position fen not a fen",
    "ucinewgame",
    "setoption name Hash value 8",
    "setoption name Hash value 99999999",
    "setoption name MultiPV value 2",
    "setoption name Use NNUE value false",
    "setoption name Use NNUE value true",
    "frobnicate",
    "d",
];

const UCCI: &[&str] = &[
    "isready",
    "isready",
    "go depth 30",
    "go time 80 movestogo 1",
    "go depth infinite",
    "go nodes 20000",
    "go depth x",
    "go",
    "go perft 6",
    "go ponder time 2000 increment 0",
    "stop",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position fen 3k5/3RR4/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "banmoves h2e2",
    "setoption hashsize 8",
    "setoption newgame",
    "setoption usennue false",
    "probe",
    "junk line",
    "d",
];

/// Whether `line` answers a `go`.
fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove")
        || line.trim() == "nobestmove"
        || line.starts_with("Nodes searched:")
}

fn run(protocol: &str, commands: &[&str], seed: u64) {
    let limit = if cfg!(debug_assertions) {
        Duration::from_millis(2000)
    } else {
        Duration::from_millis(500)
    };
    let mut child = Command::new(ENGINE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        Instant::now()
    };
    send(protocol);
    let mut rng = xiangqi::Rng::new(seed);
    let mut sent = Vec::new();
    let mut readies = Vec::new();
    let mut gos = 0;
    for _ in 0..40 {
        let cmd = commands[rng.below(commands.len())];
        let at = send(cmd);
        sent.push(cmd);
        if cmd == "isready" {
            readies.push(at);
        }
        if cmd.starts_with("go") {
            gos += 1;
        }
        std::thread::sleep(Duration::from_millis(rng.below(60) as u64));
    }
    send("stop");
    readies.push(send("isready"));
    // Every isready in time; collect until the last readyok.
    let mut lines = Vec::new();
    let mut ready_times = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while ready_times.len() < readies.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        let (t, line) = rx
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("{protocol} seed {seed}: readyok missing after {sent:?}"));
        if line == "readyok" {
            ready_times.push(t);
        }
        lines.push(line);
    }
    for (i, (asked, answered)) in readies.iter().zip(&ready_times).enumerate() {
        let took = answered.saturating_duration_since(*asked);
        assert!(
            took <= limit,
            "{protocol} seed {seed}: isready {i} answered after {took:?}; commands {sent:?}"
        );
    }
    // After `stop` and `isready`, every go has had its answer.
    let answers = lines.iter().filter(|l| is_answer(l)).count();
    assert_eq!(
        answers, gos,
        "{protocol} seed {seed}: {gos} go, {answers} answers; commands {sent:?}\n{lines:#?}"
    );
    send("quit");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{protocol} seed {seed}: exit {status}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{protocol} seed {seed}: no exit on quit"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // Nothing more after quit but UCCI's `bye`.
    let rest: Vec<String> = rx.try_iter().map(|(_, l)| l).collect();
    assert!(
        !rest.iter().any(|l| is_answer(l)),
        "{protocol} seed {seed}: an answer without a go: {rest:?}"
    );
}

#[test]
fn random_uci_sequences_never_block() {
    for seed in 0..6 {
        run("uci", UCI, seed);
    }
}

#[test]
fn random_ucci_sequences_never_block() {
    for seed in 0..6 {
        run("ucci", UCCI, seed);
    }
}
