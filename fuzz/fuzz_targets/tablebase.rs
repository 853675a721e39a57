#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::tablebase;

fuzz_target!(|data: &[u8]| tablebase::run(data));
