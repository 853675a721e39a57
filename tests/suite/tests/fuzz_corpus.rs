//! Replays the committed fuzz corpus (`fuzz/corpus/*`) through the fuzz
//! target bodies, so CI checks them on a stable toolchain without libFuzzer.

use xiangqi_suite::fuzz::fen;
use xiangqi_suite::fuzz::notation;

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_file() {
            run(&std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    n
}

#[test]
fn fen_corpus() {
    assert!(replay("fen", fen::run) >= 20);
}

#[test]
fn notation_iccs_corpus() {
    assert!(replay("notation_iccs", notation::iccs) >= 20);
}

#[test]
fn notation_wxf_corpus() {
    assert!(replay("notation_wxf", notation::wxf) >= 20);
}

#[test]
fn notation_chinese_corpus() {
    assert!(replay("notation_chinese", notation::chinese) >= 20);
}

#[test]
fn pgn_corpus() {
    assert!(replay("pgn", notation::pgn) >= 20);
}

#[test]
fn pgn_multi_corpus() {
    assert!(replay("pgn_multi", notation::pgn_multi) >= 20);
}
