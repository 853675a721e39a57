#![no_main]
//! Chinese parser: arbitrary text against fixed positions, both scripts.

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::{ChineseScript, Notation};

include!("common.rs");

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        for s in [ChineseScript::Simplified, ChineseScript::Traditional] {
            check(&pos, &text, Notation::Chinese(s));
        }
    }
});
