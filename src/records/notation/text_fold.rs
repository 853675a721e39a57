//! How the move parsers read their input: each character folded to the
//! form they expect (full-width forms to ASCII, dashes to `-`), and a move
//! string reduced to its significant characters (no whitespace).

use arrayvec::ArrayVec;

/// Folds one input character to the form the parsers read: full-width
/// ASCII forms (`U+FF01`..`U+FF5E`) to ASCII, the ideographic space to a
/// space, the minus sign and dashes to `-`.
pub(crate) fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        _ => c,
    }
}

/// The folded characters of a move string with all whitespace dropped, or
/// `None` if there are more than `N` of them.
pub(crate) fn significant<const N: usize>(s: &str) -> Option<ArrayVec<char, N>> {
    let mut out = ArrayVec::new();
    for c in s.chars().map(fold).filter(|c| !c.is_whitespace()) {
        out.try_push(c).ok()?;
    }
    Some(out)
}
