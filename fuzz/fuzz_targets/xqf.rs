#![no_main]

//! XQF: any bytes read without a panic; what reads, written and read back,
//! keeps its start board and its lines.

use libfuzzer_sys::fuzz_target;

use xiangqi::xqf;

fuzz_target!(|data: &[u8]| {
    let _ = xqf::read_strict(data);
    if let Ok(tree) = xqf::read(data) {
        let bytes = xqf::write(&tree).expect("a tree read from XQF writes");
        let back = xqf::read(&bytes).expect("what we write reads");
        assert_eq!(back.start().board(), tree.start().board());
        assert!(back.lines().eq(tree.lines()));
    }
});
