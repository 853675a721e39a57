#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::book;

fuzz_target!(|data: &[u8]| book::run(data));
