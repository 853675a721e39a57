//! The command loop never blocks: seeded random command sequences, with
//! random delays, sent through real pipes in both protocols. Every
//! `isready` is answered within 500 ms (2 s in a debug build), every `go`
//! gets exactly one answer (`bestmove`, UCCI's `nobestmove`, or a perft's
//! `Nodes searched:`), nothing answers without a `go`, and the process
//! exits on `quit`.

use std::time::{Duration, Instant};

use xiangqi_client::{ClientError, EngineProcess, Spec};

use crate::support::ENGINE;

/// The commands of both protocols.
const BOTH: &[&str] = &[
    "isready",
    "isready",
    "go depth 30",
    "go nodes 20000",
    "go",
    "go perft 6",
    "stop",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position fen 3k5/3RR4/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "d",
];

/// UCI's own.
const UCI: &[&str] = &[
    "go movetime 40",
    "go infinite",
    "go depth abc",
    "go ponder movetime 60",
    "go wtime 2000 btime 2000 winc 10 binc 10",
    "go movetime -5",
    "go mate 3",
    "position fen not a fen",
    "ucinewgame",
    "setoption name Hash value 8",
    "setoption name Hash value 99999999",
    "setoption name MultiPV value 2",
    "setoption name Use NNUE value false",
    "setoption name Use NNUE value true",
    "frobnicate",
];

/// UCCI's own.
const UCCI: &[&str] = &[
    "go time 80 movestogo 1",
    "go depth infinite",
    "go depth x",
    "go ponder time 2000 increment 0",
    "banmoves h2e2",
    "setoption hashsize 8",
    "setoption newgame",
    "setoption usennue false",
    "probe",
    "junk line",
];

/// Whether `line` answers a `go`.
fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove")
        || line.trim() == "nobestmove"
        || line.starts_with("Nodes searched:")
}

fn run(protocol: &str, own: &[&str], seed: u64) {
    let limit = if cfg!(debug_assertions) {
        Duration::from_millis(2000)
    } else {
        Duration::from_millis(500)
    };
    let commands: Vec<&str> = BOTH.iter().chain(own).copied().collect();
    let mut e = EngineProcess::spawn_raw(&Spec::uci(ENGINE)).unwrap();
    // Every line with the moment it came: the test waits for lines
    // whenever it is not sending.
    let mut lines: Vec<(Instant, String)> = Vec::new();
    let mut sent = Vec::new();
    let mut readies = Vec::new();
    let mut gos = 0;
    e.send(protocol).unwrap();
    let mut rng = xiangqi::Rng::new(seed);
    for _ in 0..40 {
        let cmd = commands[rng.below(commands.len())];
        e.send(cmd).unwrap();
        sent.push(cmd);
        if cmd == "isready" {
            readies.push(Instant::now());
        }
        if cmd.starts_with("go") {
            gos += 1;
        }
        let pause = Duration::from_millis(rng.below(60) as u64);
        let read = e.read_until(pause, |line| {
            lines.push((Instant::now(), line.to_string()));
            false
        });
        assert_eq!(
            read,
            Err(ClientError::Timeout("line")),
            "{protocol} seed {seed}: after {sent:?}"
        );
    }
    e.send("stop").unwrap();
    e.send("isready").unwrap();
    readies.push(Instant::now());
    // Every isready in time; collect until the last readyok.
    let mut ready_times: Vec<Instant> = lines
        .iter()
        .filter(|(_, l)| l == "readyok")
        .map(|(t, _)| *t)
        .collect();
    if ready_times.len() < readies.len() {
        e.read_until(Duration::from_secs(60), |line| {
            lines.push((Instant::now(), line.to_string()));
            if line == "readyok" {
                ready_times.push(Instant::now());
            }
            ready_times.len() == readies.len()
        })
        .unwrap_or_else(|e| panic!("{protocol} seed {seed}: readyok missing ({e}) after {sent:?}"));
    }
    for (i, (asked, answered)) in readies.iter().zip(&ready_times).enumerate() {
        let took = answered.saturating_duration_since(*asked);
        assert!(
            took <= limit,
            "{protocol} seed {seed}: isready {i} answered after {took:?}; commands {sent:?}"
        );
    }
    // After `stop` and `isready`, every go has had its answer.
    let lines: Vec<String> = lines.into_iter().map(|(_, l)| l).collect();
    let answers = lines.iter().filter(|l| is_answer(l)).count();
    assert_eq!(
        answers, gos,
        "{protocol} seed {seed}: {gos} go, {answers} answers; commands {sent:?}\n{lines:#?}"
    );
    e.send("quit").unwrap();
    let (status, rest) = e
        .wait_exit(Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("{protocol} seed {seed}: no exit on quit ({e})"));
    assert!(status.success(), "{protocol} seed {seed}: exit {status}");
    // Nothing more after quit but UCCI's `bye`.
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
