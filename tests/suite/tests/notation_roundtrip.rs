//! Property: every legal move of every position in the committed set
//! (`tests/data/legal_moves.txt`, 1478 positions from pyffish, plus the
//! 640 positions of `tests/data/wxf.txt`) formats and parses back to itself
//! in every notation and dialect, and formatted strings are distinct within
//! a position.

use std::collections::HashSet;

use xiangqi::Position;

use xiangqi_suite::NOTATIONS;

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for data in [
        include_str!("data/legal_moves.txt"),
        include_str!("data/wxf.txt"),
    ] {
        for line in data.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let fen = line.split('|').next().unwrap();
            out.push(fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}")));
        }
    }
    out
}

#[test]
fn every_move_round_trips_in_every_notation() {
    let positions = positions();
    assert!(positions.len() > 2000, "{}", positions.len());
    let mut checked = 0usize;
    for pos in &positions {
        let moves = pos.legal_moves();
        for n in NOTATIONS {
            let mut seen = HashSet::new();
            for &m in &moves {
                let s = n.format(pos, m).unwrap();
                assert!(seen.insert(s.clone()), "{pos} {n:?}: {s} written twice");
                assert_eq!(n.parse(pos, &s), Ok(m), "{pos} {n:?} {m} -> {s}");
                checked += 1;
            }
        }
    }
    assert!(checked > 300_000, "{checked}");
}
