//! The body of the `fen` fuzz target, run by `fuzz/fuzz_targets/fen.rs` and
//! replayed by `tests/suite/tests/fuzz_corpus.rs` so that CI checks the
//! committed corpus on a stable toolchain.
//!
//! Input: a FEN line, optionally followed by a newline and bytes that pick
//! moves to play (and options to draw each position as SVG). Everything
//! must hold for any input: no panic, and the invariants asserted below.

use xiangqi::{Move, Position, Setup, Square, Validation, perft};

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    let (fen, picks) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let text = String::from_utf8_lossy(fen);
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    // Formatting a parsed setup gives canonical FEN that parses to the same.
    let canonical = setup.to_fen();
    assert_eq!(canonical.parse::<Setup>().as_ref(), Ok(&setup));
    for mode in [Validation::Strict, Validation::Lenient] {
        if let Ok(pos) = Position::from_setup(setup.clone(), mode) {
            exercise(pos, picks, mode);
        }
    }
}

fn exercise(mut pos: Position, picks: &[u8], mode: Validation) {
    let _ = perft(&pos, 2);
    for &b in picks.iter().take(64) {
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), pos.count_legal_moves());
        for m in pos.capture_moves() {
            assert!(moves.contains(&m));
        }
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            return;
        }
        // Every byte also tries an arbitrary (usually illegal) move first.
        let from = Square::ALL[b as usize % 90];
        let to = Square::ALL[(b as usize * 7 + 13) % 90];
        let wild = Move::new(from, to);
        let before = pos.clone();
        match pos.play(wild) {
            Ok(_) => assert!(moves.contains(&wild)),
            Err(_) => {
                assert!(!moves.contains(&wild));
                assert_eq!(pos, before);
            }
        }
        if pos != before {
            continue;
        }
        let m = moves[b as usize % moves.len()];
        pos.play(m).expect("generated move is legal");
        // Any position draws as SVG with one element per piece, whatever
        // the options.
        let opts = xiangqi::svg::Options::default()
            .with_flipped(b & 1 != 0)
            .with_letters(b & 2 != 0)
            .with_size(u32::from(b) * 3)
            .with_last_move(m)
            .with_highlight(wild.from())
            .with_arrow(wild.from(), wild.to());
        let picture = xiangqi::svg::position(&pos, &opts);
        assert_eq!(
            picture.matches(r#"class="piece "#).count(),
            pos.board().occupied().count()
        );
        let setup: Setup = pos.to_string().parse().expect("FEN of a position parses");
        let fresh = Position::from_setup(setup, mode).expect("a position stays valid");
        assert_eq!(fresh.hash(), pos.hash());
    }
}
