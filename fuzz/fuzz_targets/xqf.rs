#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::xqf;

fuzz_target!(|data: &[u8]| xqf::run(data));
