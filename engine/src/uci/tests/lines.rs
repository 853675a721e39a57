//! Bounded line reading.

use crate::uci::lines::{read_line, shorten};

#[test]
fn lines_are_bounded_and_lossy() {
    let mut input: &[u8] = b"uci\r\n\xff\xfe go\nabcdefghij\nlast";
    let line = read_line(&mut input, 5).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.len, line.utf8, line.truncated),
        ("uci", 3, true, false)
    );
    let line = read_line(&mut input, 100).unwrap().unwrap();
    assert!(!line.utf8 && line.text.ends_with(" go"), "{line:?}");
    let line = read_line(&mut input, 4).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.len, line.truncated),
        ("abcd", 10, true)
    );
    assert_eq!(shorten(&line, 2), "ab... (10 bytes)");
    assert_eq!(shorten(&line, 10), "abcd... (10 bytes)");
    let line = read_line(&mut input, 100).unwrap().unwrap();
    assert_eq!(line.text, "last");
    assert_eq!(shorten(&line, 10), "last");
    assert_eq!(read_line(&mut input, 100).unwrap(), None);

    // A character cut by the limit is not invalid UTF-8.
    let mut input = "炮二平五\n".as_bytes();
    let line = read_line(&mut input, 4).unwrap().unwrap();
    assert_eq!(
        (line.text.as_str(), line.utf8, line.truncated),
        ("炮", true, true)
    );
    // An empty line is a line.
    let mut input: &[u8] = b"\n";
    assert_eq!(read_line(&mut input, 4).unwrap().unwrap().len, 0);
}
