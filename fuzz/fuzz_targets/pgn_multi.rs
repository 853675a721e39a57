#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::notation;

fuzz_target!(|data: &[u8]| notation::pgn_multi(data));
