//! Bounded line reading for the engine's command loop: any byte sequence is
//! accepted, memory stays bounded however long
//! a line is, and invalid UTF-8 is reported instead of ending the program.

use std::io::{self, BufRead};

/// One line of input, without its line end (`\n` or `\r\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text kept: at most the reader's limit in bytes, invalid UTF-8
    /// replaced by U+FFFD.
    pub text: String,
    /// The length of the whole line in bytes, including what was dropped.
    pub len: usize,
    /// Whether the bytes kept were valid UTF-8 (a character cut in two by
    /// the limit does not count against it).
    pub utf8: bool,
    /// Whether the line was longer than the limit (only its start is kept).
    pub truncated: bool,
}

/// Reads the next line, keeping at most `max` bytes of it (the rest of the
/// line is read and dropped). Returns `None` at the end of input; a last
/// line without a line end is still returned.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        let room = max.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        len = len.saturating_add(chunk.len());
        let used = chunk.len() + usize::from(found);
        input.consume(used);
        if found {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && len == kept.len() {
        kept.pop();
        len -= 1;
    }
    let truncated = len > kept.len();
    let (text, utf8) = match String::from_utf8(kept) {
        Ok(text) => (text, true),
        Err(e) => {
            let error = e.utf8_error();
            let bytes = e.into_bytes();
            if truncated && error.error_len().is_none() {
                // Only the last character was cut by the limit.
                let valid = String::from_utf8_lossy(&bytes[..error.valid_up_to()]).into_owned();
                (valid, true)
            } else {
                (String::from_utf8_lossy(&bytes).into_owned(), false)
            }
        }
    };
    Ok(Some(Line {
        text,
        len,
        utf8,
        truncated,
    }))
}

/// At most `max` characters of the line, with `...` and the line's full
/// length in bytes if it was longer: for echoing input without flooding
/// the output.
pub fn shorten(line: &Line, max: usize) -> String {
    match line.text.char_indices().nth(max) {
        None if !line.truncated => line.text.clone(),
        None => format!("{}... ({} bytes)", line.text, line.len),
        Some((end, _)) => format!("{}... ({} bytes)", &line.text[..end], line.len),
    }
}
