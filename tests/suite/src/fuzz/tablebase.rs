//! The body of the `tablebase` fuzz target, run by
//! `fuzz/fuzz_targets/tablebase.rs` and replayed by
//! `tests/suite/tests/fuzz_corpus.rs`.
//!
//! Input: any bytes, opened as a table twice: as they are, and with the
//! checksum field rewritten to match (so that mutations reach the checks
//! behind it). Whatever the input: no panic, and a table that opens answers
//! every probe of its first positions without panicking.

use xiangqi::tablebase::{Dtm, Table, Tablebase};

/// FNV-1a, 64 bits, over the table without its checksum field (bytes 40 to
/// 48): the format's checksum, restated so that the fuzzer can repair it.
fn checksum(bytes: &[u8]) -> u64 {
    bytes[..40]
        .iter()
        .chain(&bytes[48..])
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    check(data);
    if data.len() >= 48 {
        let mut fixed = data.to_vec();
        let sum = checksum(data);
        fixed[40..48].copy_from_slice(&sum.to_le_bytes());
        check(&fixed);
    }
}

fn check(bytes: &[u8]) {
    let Ok(table) = Table::open(bytes) else {
        return;
    };
    let index = table.index().clone();
    let mut tables = Tablebase::new();
    tables.add(bytes).expect("a table that opens is added");
    for i in 0..index.len().min(2000) {
        let entry = table.entry(i).expect("an opened table has every entry");
        if let Some(pos) = index.position(i) {
            let probed = tables.probe(&pos);
            assert_eq!(probed, Dtm::from_entry(entry), "entry {i}");
        }
    }
}
