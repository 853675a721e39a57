//! Positions as GUIs send them, and a `quit` that never waits: a refused
//! position is never searched, and `quit` returns at once while a large
//! table is being allocated (composed studies: `searches.rs`).

use std::time::{Duration, Instant};

use crate::support::{RawEngine, best};

#[test]
fn a_refused_position_is_never_searched() {
    for (hello, done, none) in [
        ("uci", "uciok", "bestmove (none)"),
        ("ucci", "ucciok", "nobestmove"),
    ] {
        let mut e = RawEngine::spawn();
        e.send(hello);
        e.until(done);
        e.send("position startpos moves h2e2");
        // Three red chariots: refused even as a study.
        e.send("position fen 4k4/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1");
        e.send("go depth 3");
        let lines = e.until(none.split(' ').next().unwrap());
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string no position")),
            "{lines:#?}"
        );
        assert_eq!(lines.last().unwrap(), none, "{lines:#?}");
        // A good position is searched again.
        e.send("position startpos");
        e.send("go depth 2");
        let lines = e.until("bestmove");
        assert_ne!(best(lines.last().unwrap()), "(none)");
        e.send("quit");
    }
}

/// MemAvailable, in MiB.
fn free_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<usize>().ok()? / 1024)
}

#[test]
fn quit_does_not_wait_for_a_large_table() {
    // A table of up to 6 GiB (a quarter of the free memory at most), which
    // takes seconds to clear.
    let mb = free_mib().map_or(1024, |free| (free / 4).clamp(64, 6144));
    let mut e = RawEngine::spawn();
    e.send("uci");
    e.until("uciok");
    e.send(&format!("setoption name Hash value {mb}"));
    // `isready` is answered at once: the table is sized at the next search.
    let asked = Instant::now();
    e.sync();
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
    e.send("position startpos");
    e.send("go depth 30");
    e.sync();
    let asked = Instant::now();
    e.send("quit");
    let (status, _) = e.wait_exit();
    let took = asked.elapsed();
    assert!(status.success());
    assert!(
        took < Duration::from_secs(1),
        "quit took {took:?} with Hash {mb}"
    );
}
