#![no_main]
//! PGN reader: arbitrary text; a record that reads must replay legally and
//! survive a write/read round trip in ICCS and Chinese.

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::{ChineseScript, Notation};
use xiangqi::pgn::{GameRecord, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for keep_variations in [false, true] {
        let opts = ReadOptions { keep_variations, ..ReadOptions::default() };
        if let Ok(rec) = GameRecord::from_pgn(&text, &opts) {
            assert!(rec.end().is_ok(), "moves replay legally");
            for n in [Notation::Iccs, Notation::Chinese(ChineseScript::Simplified)] {
                let written = rec.to_pgn(n).expect("legal record writes");
                let back = GameRecord::from_pgn(&written, &opts).expect("written record reads");
                assert_eq!(back.moves, rec.moves);
                assert_eq!(back.start, rec.start);
                assert_eq!(back.result, rec.result);
            }
        }
    }
});
