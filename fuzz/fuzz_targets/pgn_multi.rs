#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/notation.rs"]
mod notation;

fuzz_target!(|data: &[u8]| notation::pgn_multi(data));
