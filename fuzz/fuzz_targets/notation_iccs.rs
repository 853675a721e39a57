#![no_main]
//! ICCS and UCI parsers: arbitrary text against fixed positions.

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::{parse_uci, Notation, UciRanks};

include!("common.rs");

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        check(&pos, &text, Notation::Iccs);
        for r in [UciRanks::ZeroToNine, UciRanks::OneToTen] {
            check(&pos, &text, Notation::Uci(r));
            let _ = parse_uci(&pos, &text, r);
        }
    }
});
