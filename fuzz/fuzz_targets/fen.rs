#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::fen;

fuzz_target!(|data: &[u8]| fen::run(data));
