//! The body of the `nnue` fuzz target, run by `fuzz/fuzz_targets/nnue.rs`
//! and replayed by `tests/suite/tests/fuzz_corpus.rs`.
//!
//! Input: any bytes, read as a network file twice: as they are, and with
//! the checksum field rewritten to match (so mutations reach the shape and
//! weight checks and the evaluation behind the checksum). Whatever the
//! input: no panic; a file that parses writes back to the same bytes,
//! evaluates every test position within the evaluation limit, and loads
//! into an `Nnue` of its width (for the widths tried here) that scores as
//! the reference does, incrementally too.

use xiangqi::nnue::{HEADER_SIZE, NetworkFile, Nnue};
use xiangqi::{EVAL_LIMIT, Evaluator, Game, Position};

/// FNV-1a, 64 bits: the file format's checksum, restated so that the
/// fuzzer can repair it.
fn fnv(parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .flat_map(|p| p.iter())
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    check(data);
    if data.len() >= HEADER_SIZE {
        let mut fixed = data.to_vec();
        let sum = fnv(&[&data[..48], &data[HEADER_SIZE..]]);
        fixed[48..HEADER_SIZE].copy_from_slice(&sum.to_le_bytes());
        check(&fixed);
    }
}

fn check(bytes: &[u8]) {
    let Ok(file) = NetworkFile::parse(bytes) else {
        return;
    };
    assert_eq!(file.to_bytes().as_deref(), Ok(bytes));
    match file.hidden {
        1 => against::<1>(&file),
        2 => against::<2>(&file),
        4 => against::<4>(&file),
        8 => against::<8>(&file),
        _ => {
            let score = file.evaluate(&Position::new());
            assert!(score.abs() <= EVAL_LIMIT);
        }
    }
}

/// `Nnue<H>` along a short game equals the reference at every ply.
fn against<const H: usize>(file: &NetworkFile) {
    let net = Nnue::<H>::from_file(file).expect("a parsed file loads at its width");
    let mut game = Game::new();
    let mut state = net.new_state(game.position());
    for m in ["h2e2", "h9g7", "e2e6", "i9h9", "e6a6", "h7h0", "a6a9"] {
        let score = net.evaluate(game.position(), &state);
        assert!(score.abs() <= EVAL_LIMIT);
        assert_eq!(score, file.evaluate(game.position()));
        let Ok(m) = m.parse() else { return };
        if game.play_on(m).is_err() {
            return;
        }
        if let Some(record) = game.records().last() {
            net.play(&mut state, record, game.position());
        }
    }
}
