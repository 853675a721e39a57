//! Reads XQF files and prints, per file, one JSON line: the start position
//! (FEN), every line of the game tree in ICCS, the comments (keyed by the
//! moves that lead to them) and the headers, or the error. With `--time
//! REPS`, prints instead how long one read of each file takes (the mean of
//! REPS reads, the file already in memory). `tests/records/compare_cchess.py`
//! and `tests/records/bench_cchess.py` compare both with cchess.
//!
//! ```text
//! cargo run --release --example xqf_dump -- FILE.xqf...
//! cargo run --release --example xqf_dump -- --time 100 FILE.xqf...
//! cargo run --release --example xqf_dump -- --skipping FILE.xqf...
//! ```
//!
//! With `--write DIR`, also writes each tree read as XQF (`xqf::write`) to
//! `DIR`, under the file's name.
//!
//! With `--skipping`, files are read with `xqf::read_skipping` (illegal
//! moves skipped with what follows them, listed under `"skipped"`) instead
//! of `xqf::read`.

use std::time::Instant;

use serde_json::{Map, Value, json};
use xiangqi::tree::GameTree;
use xiangqi::xqf;

fn dump(tree: &GameTree) -> Value {
    let lines: Vec<Vec<String>> = tree
        .lines()
        .map(|line| line.iter().map(|m| m.to_string()).collect())
        .collect();
    // Depth first, with the path of moves to each node.
    let mut comments = Map::new();
    let mut stack = vec![(tree.root(), String::new())];
    while let Some((id, path)) = stack.pop() {
        if !tree.comment(id).is_empty() {
            comments.insert(path.clone(), Value::from(tree.comment(id)));
        }
        for &c in tree.children(id) {
            let m = tree.move_at(c).map(|m| m.to_string()).unwrap_or_default();
            let p = if path.is_empty() {
                m
            } else {
                format!("{path} {m}")
            };
            stack.push((c, p));
        }
    }
    let headers: Map<String, Value> = tree
        .headers()
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
        .collect();
    json!({
        "fen": tree.start().to_string(),
        "lines": lines,
        "comments": comments,
        "headers": headers,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut reps = 0usize;
    let mut skipping = false;
    let mut write_to: Option<std::path::PathBuf> = None;
    loop {
        match args.first().map(String::as_str) {
            Some("--time") => {
                reps = args.get(1).ok_or("--time REPS")?.parse()?;
                args.drain(..2);
            }
            Some("--write") => {
                write_to = Some(args.get(1).ok_or("--write DIR")?.into());
                args.drain(..2);
            }
            Some("--skipping") => {
                skipping = true;
                args.remove(0);
            }
            _ => break,
        }
    }
    for file in &args {
        let bytes = std::fs::read(file)?;
        let out = if reps > 0 {
            let t = Instant::now();
            let mut ok = true;
            for _ in 0..reps {
                let bytes = std::hint::black_box(&bytes);
                ok &= if skipping {
                    std::hint::black_box(xqf::read_skipping(bytes)).is_ok()
                } else {
                    std::hint::black_box(xqf::read(bytes)).is_ok()
                };
            }
            json!({"file": file, "seconds": t.elapsed().as_secs_f64() / reps as f64, "ok": ok})
        } else {
            let read = if skipping {
                xqf::read_skipping(&bytes)
            } else {
                xqf::read(&bytes).map(|tree| (tree, Vec::new()))
            };
            match read {
                Ok((tree, skipped)) => {
                    if let Some(dir) = &write_to {
                        let name = std::path::Path::new(file)
                            .file_name()
                            .ok_or("a file name")?;
                        std::fs::write(dir.join(name), xqf::write(&tree)?)?;
                    }
                    let mut v = dump(&tree);
                    v["file"] = Value::from(file.as_str());
                    let skipped: Vec<String> = skipped.iter().map(|e| e.to_string()).collect();
                    v["skipped"] = json!(skipped);
                    v
                }
                Err(e) => json!({"file": file, "error": e.to_string()}),
            }
        };
        println!("{out}");
    }
    Ok(())
}
