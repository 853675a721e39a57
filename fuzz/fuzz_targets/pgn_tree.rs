#![no_main]

use libfuzzer_sys::fuzz_target;

use xiangqi_suite::fuzz::tree;

fuzz_target!(|data: &[u8]| tree::pgn_tree(data));
