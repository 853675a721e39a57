//! `xiangqi-tools train` as a user runs it: chunk files in a folder, a
//! network file out, checkpoints, a resumed run, bad arguments; and the
//! engine playing with the trained network through `EvalFile`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::AtomicBool;

use xiangqi::nnue::NetworkFile;
use xiangqi::{Game, Limits, Position};
use xiangqi_client::{EngineProcess, Spec};
use xiangqi_selfplay::data::{ChunkInfo, Record, SelfPlayResult, write_chunk};

use crate::support::{engine, temp_dir, tools};

/// Three chunk files of positions from random games, scored by the
/// number of pieces the side to move is up (a stand-in for a search).
fn data(dir: &Path) {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for chunk in 0..3u32 {
        let mut records = Vec::new();
        for _ in 0..4 {
            let mut pos = Position::new();
            for ply in 0..50 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let _ = pos.play(moves[next(moves.len())]);
                let (mut us, mut them) = (0, 0);
                for (_, p) in pos.board().pieces() {
                    if p.color == pos.turn() {
                        us += 1
                    } else {
                        them += 1
                    }
                }
                records.push(Record::new(
                    &pos,
                    (us - them) * 100,
                    SelfPlayResult::Draw,
                    ply,
                ));
            }
        }
        let info = ChunkInfo {
            nodes: 1,
            seed: 0,
            index: chunk,
        };
        let path = dir.join(format!("s0-n1-{chunk:06}.xqd"));
        std::fs::write(path, write_chunk(&info, &records)).unwrap();
    }
    std::fs::write(dir.join("s0-n1-000003.xqd.tmp"), b"a chunk in progress").unwrap();
}

fn train(args: &[&str]) -> Output {
    tools(&[&["train"][..], args].concat())
}

#[test]
fn train_writes_a_network_the_engine_plays_with() {
    let tmp = temp_dir();
    let dir = tmp.path();
    data(dir);
    let out = dir.join("net.nnue");
    let (d, o) = (dir.display().to_string(), out.display().to_string());
    let common = [
        "--data",
        &d,
        "--out",
        &o,
        "--epochs",
        "2",
        "--batch",
        "100",
        "--validation-every",
        "3",
        "--seed",
        "3",
        "--generation",
        "4",
    ];
    let run = train(&common);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    for line in [
        "from 2 chunks",
        "from 1 chunks",
        "epoch 1/2: train loss ",
        "epoch 2/2: train loss ",
        ", validation loss 0.",
        "positions/s",
        "quantisation error on ",
    ] {
        assert!(stderr.contains(line), "{line}: {stderr}");
    }
    let bytes = std::fs::read(&out).unwrap();
    let file = NetworkFile::parse(&bytes).unwrap();
    assert_eq!((file.hidden, file.buckets, file.generation), (128, 1, 4));
    assert!(
        file.description.contains("2 epochs"),
        "{}",
        file.description
    );
    let checkpoints = dir.join("net.nnue.checkpoints");
    assert!(checkpoints.join("epoch-002.ckpt").is_file());

    // Resumed after its first epoch: the same network, byte for byte.
    let again = dir.join("again.nnue");
    let first = checkpoints.join("epoch-001.ckpt");
    let mut args = common.to_vec();
    let (a, f) = (again.display().to_string(), first.display().to_string());
    args[3] = &a;
    args.extend(["--resume", &f, "--checkpoints"]);
    let ckpt2 = dir.join("ckpt2").display().to_string();
    args.push(&ckpt2);
    let resumed = train(&args);
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{stderr}");
    assert!(stderr.contains("resuming from"), "{stderr}");
    assert!(!stderr.contains("epoch 1/2"), "{stderr}");
    assert!(std::fs::read(&again).unwrap() == bytes);

    // The engine loads it: it names the file's generation.
    let mut child = Command::new(engine())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let script = format!("uci\nsetoption name EvalFile value {o}\nisready\nquit\n");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let said = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    assert!(
        said.lines()
            .any(|l| l.starts_with("info string EvalFile") && l.contains("network generation 4")),
        "{said}"
    );
    // And searches with it, driven through xiangqi-client.
    let spec = Spec {
        init: vec![
            format!("setoption name EvalFile value {o}"),
            "setoption name Use NNUE value true".to_string(),
        ],
        ..Spec::uci(engine())
    };
    let mut e = EngineProcess::start(&spec).unwrap();
    let game = Game::new();
    let r = e
        .search(&game, &Limits::depth(3), &AtomicBool::new(false), |_| {})
        .unwrap();
    let best = r.best_move.expect("a move");
    assert!(game.position().is_legal(best), "{best}");
    assert_eq!(r.info.and_then(|i| i.depth), Some(3));
}

#[test]
fn bad_arguments_and_files_exit_with_a_message() {
    let tmp = temp_dir();
    let dir = tmp.path();
    let out = dir.join("x.nnue").display().to_string();
    let with_data = dir.display().to_string();
    let junk = dir.join("junk.ckpt");
    std::fs::write(&junk, b"XQTRAIN\nnot really").unwrap();
    data(dir);
    let junk = junk.display().to_string();
    let cases: [(&[&str], &str); 5] = [
        (&[], "--out <FILE.nnue>"),
        (&["--out", &out, "--hidden", "0"], "--hidden"),
        (&["--out", &out, "--wat"], "--wat"),
        (&["--out", &out, "--data", "/no/such/dir"], "/no/such/dir"),
        (
            &["--out", &out, "--data", &with_data, "--resume", &junk],
            "bytes",
        ),
    ];
    for (args, message) in cases {
        let run = train(args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
