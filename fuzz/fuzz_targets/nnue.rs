#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::nnue;

fuzz_target!(|data: &[u8]| nnue::run(data));
