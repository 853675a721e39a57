#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::records_cb;

fuzz_target!(|data: &[u8]| records_cb::cbf(data));
