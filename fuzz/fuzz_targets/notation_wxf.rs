#![no_main]
//! WXF parser: arbitrary text against fixed positions, all dialects.

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::{Notation, WxfDialect};

include!("common.rs");

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        for d in [WxfDialect::FairyStockfish, WxfDialect::Wxf, WxfDialect::WxfPrefix] {
            check(&pos, &text, Notation::Wxf(d));
        }
    }
});
