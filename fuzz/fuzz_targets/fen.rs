#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/fen.rs"]
mod fen;

fuzz_target!(|data: &[u8]| fen::run(data));
