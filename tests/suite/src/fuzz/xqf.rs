//! The body of the `xqf` fuzz target, run by `fuzz/fuzz_targets/xqf.rs`
//! and replayed by `tests/suite/tests/fuzz_corpus.rs`.
//!
//! Input: any bytes, read as an XQF file, and also as the records after a
//! valid header (of version 1.0 and of 1.8 with zero keys, the standard
//! start), so that mutations reach the records without first having to
//! make a header. Whatever the input: no panic from the three readers; a
//! file that reads writes, and reads back with the same start board and
//! the same lines.

use xiangqi::xqf;

/// The standard start's 32 piece squares, as XQF numbers them.
const START: [u8; 32] = [
    0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59, 69, 79,
    89, 17, 77, 6, 26, 46, 66, 86,
];

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    check(data);
    for version in [10u8, 18] {
        let mut file = vec![0u8; 1024];
        file[..3].copy_from_slice(&[b'X', b'Q', version]);
        for i in 0..32 {
            // From 1.2, slot `i` is read from byte `(key + i + 1) mod 32`.
            let slot = if version >= 12 { (i + 1) % 32 } else { i };
            file[0x10 + i] = START[slot];
        }
        file.extend_from_slice(data);
        check(&file);
    }
}

fn check(bytes: &[u8]) {
    let _ = xqf::read_strict(bytes);
    let _ = xqf::read_skipping(bytes);
    let Ok(tree) = xqf::read(bytes) else {
        return;
    };
    let written = xqf::write(&tree).expect("a tree read from XQF writes");
    let back = xqf::read(&written).expect("what xqf::write writes reads");
    assert_eq!(back.start().board(), tree.start().board());
    assert!(back.lines().eq(tree.lines()));
}
