//! The body of the `book` fuzz target, run by `fuzz/fuzz_targets/book.rs`
//! and replayed by `tests/suite/tests/fuzz_corpus.rs`.
//!
//! Input: any bytes, read as a book file twice: as they are, and with the
//! checksum field rewritten to match (so that mutations reach the entry
//! checks behind it). Whatever the input: no panic; a book that reads
//! writes back to the same bytes, and probing it along a few openings gives
//! only legal moves, and `choose` one of them.

use xiangqi::Position;
use xiangqi::book::Book;

/// FNV-1a, 64 bits: the format's checksum, restated so that the fuzzer can
/// repair it.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    check(data);
    if data.len() >= 32 {
        let mut fixed = data.to_vec();
        fixed[16..24].copy_from_slice(&fnv(&data[32..]).to_le_bytes());
        check(&fixed);
    }
}

fn check(bytes: &[u8]) {
    let Ok(book) = Book::from_bytes(bytes) else {
        return;
    };
    assert_eq!(book.to_bytes(), bytes);
    for line in [
        "",
        "h2e2",
        "h2e2 h9g7",
        "b2e2 b9c7",
        "c3c4",
        "h0g2 h9g7 i0h0",
    ] {
        let mut pos = Position::new();
        for m in line.split_whitespace() {
            pos.play(m.parse().expect("a move")).expect("legal");
        }
        let moves = book.probe(&pos);
        for m in &moves {
            assert!(pos.is_legal(m.mv), "{line}: {}", m.mv);
            assert!(m.games > 0 && m.half_points <= 2 * m.games);
        }
        match book.choose(&pos, 0x9e37_79b9_7f4a_7c15) {
            Some(m) => assert!(moves.iter().any(|b| b.mv == m)),
            None => assert!(moves.is_empty()),
        }
    }
}
