//! Lines from standard input, kept short: a line is read into memory up to
//! a limit, and the rest of a longer one is counted and dropped, so a
//! script or a stray file piped in cannot make the game hold more than the
//! limit. Text that is not UTF-8 is reported, not fatal.

use std::io::{self, BufRead, Read};

/// One line of input, without its line end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text.
    Text(String),
    /// A line that is not UTF-8, shown with replacement characters, and
    /// its length in bytes.
    NotUtf8(String, usize),
    /// A line longer than the limit: its start (shown with replacement
    /// characters) and its whole length in bytes.
    TooLong(String, usize),
}

/// Reads the next line, keeping at most `max` bytes of it; `None` at the
/// end of input. A last line without a line end counts.
pub fn next_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).map_or(u64::MAX, |m| m.saturating_add(1));
    if input.by_ref().take(limit).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.ends_with(b"\n") {
        bytes.pop();
        if bytes.ends_with(b"\r") {
            bytes.pop();
        }
    } else if bytes.len() > max {
        // Count the rest of the line a block at a time, keeping none of it.
        let mut total = bytes.len();
        let mut block = Vec::with_capacity(4096);
        loop {
            block.clear();
            let n = input.by_ref().take(4096).read_until(b'\n', &mut block)?;
            total += n - usize::from(block.ends_with(b"\n"));
            if n == 0 || block.ends_with(b"\n") {
                break;
            }
        }
        return Ok(Some(Input::TooLong(
            String::from_utf8_lossy(&bytes).into_owned(),
            total,
        )));
    }
    let len = bytes.len();
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => Input::Text(text),
        Err(e) => Input::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned(), len),
    }))
}

/// At most `chars` characters of a line, marked with `...` and the line's
/// length in bytes when some are left out: for echoing input. `cut` is the
/// whole length of a line of which only `text` was kept.
pub fn echo(text: &str, cut: Option<usize>, chars: usize) -> String {
    let mut rest = text.chars();
    let shown: String = rest.by_ref().take(chars).collect();
    match (cut, rest.next()) {
        (None, None) => shown,
        (Some(len), _) => format!("{shown}... ({len} bytes)"),
        (None, Some(_)) => format!("{shown}... ({} bytes)", text.len()),
    }
}
