//! Bodies of the fuzz targets of the Chinese record formats (`cbr`, `cbf`,
//! `dhtmlxq`, `movelist`), run by `fuzz/fuzz_targets/` and replayed by
//! `tests/suite/tests/fuzz_corpus.rs`. Any bytes give a tree or a typed
//! error, never a panic; a DhtmlXQ tree written and read again is the same
//! tree.

use xiangqi::detect::detect;

/// CBR games and CBL libraries: the bytes as a game, as a library, and as a
/// library whose game blocks start right after a minimal library header.
pub fn cbr(data: &[u8]) {
    let _ = detect(data);
    if let Ok(tree) = xiangqi::cbr::read(data) {
        let _ = tree.node_count();
    }
    if let Ok(lib) = xiangqi::cbr::read_library(data) {
        for w in &lib.warnings {
            let _ = w.to_string();
        }
    }
    let mut lib = vec![0u8; 66624];
    lib[..16].copy_from_slice(b"CCBridgeLibrary\0");
    lib.extend_from_slice(data);
    if let Ok(read) = xiangqi::cbr::read_library(&lib) {
        assert!(read.games.len() + read.warnings.len() <= data.len() / 4096 + 1);
    }
}

/// CBF records, as bytes in any encoding.
pub fn cbf(data: &[u8]) {
    let _ = detect(data);
    if let Err(e) = xiangqi::cbf::read(data) {
        let _ = e.to_string();
    }
}

/// DhtmlXQ records: what reads must survive a write and a read unchanged.
pub fn dhtmlxq(data: &[u8]) {
    let _ = detect(data);
    match xiangqi::dhtmlxq::read(data) {
        Ok(tree) => {
            let text = xiangqi::dhtmlxq::write(&tree);
            let back = xiangqi::dhtmlxq::read_str(&text)
                .unwrap_or_else(|e| panic!("written record does not read: {e}\n{text}"));
            assert_eq!(back, tree, "{text}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Plain move lists.
pub fn movelist(data: &[u8]) {
    let _ = detect(data);
    if let Err(e) = xiangqi::movelist::read(data) {
        let _ = e.to_string();
    }
}
