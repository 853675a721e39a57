//! The book file format (version 1), all integers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `XQBOOK\r\n` |
//! | 8..10 | format version (1) |
//! | 10..12 | entry size in bytes (16) |
//! | 12..16 | `count`, the number of entries |
//! | 16..24 | FNV-1a 64 checksum of the entry bytes |
//! | 24..32 | reserved, zero |
//!
//! then `count` entries of 16 bytes, sorted by key, then move, no two
//! alike:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | the position's [`key`](super::key) in its stored orientation (of the position and its left-right mirror image, the one with the smaller key) |
//! | 8..10 | the move in that orientation, `from | to << 7` (square indices `a0` = 0 .. `i9` = 89, as `Move::to_u16`) |
//! | 10..12 | games that played it (at least 1) |
//! | 12..14 | the points they gave the side that played it, in halves (at most twice the games) |
//! | 14..16 | reserved, zero |

use super::{Book, Entry};
use crate::base::{Move, fnv1a64};

const MAGIC: [u8; 8] = *b"XQBOOK\r\n";
const VERSION: u16 = 1;
const HEADER: usize = 32;
const ENTRY: usize = 16;

/// Why bytes are not a book.
///
/// ```
/// use xiangqi::book::{Book, BookBuilder, BookError, BookResult};
/// use xiangqi::Position;
///
/// assert_eq!(Book::from_bytes(b"GIF89a, not a book"), Err(BookError::BadMagic));
/// let mut builder = BookBuilder::new();
/// builder.add_game(&Position::new(), &["h2e2".parse().unwrap()], BookResult::Draw);
/// let bytes = builder.build(1).to_bytes(); // a 32-byte header and one 16-byte entry
/// // Cut off in the middle of its entry.
/// let err = Book::from_bytes(&bytes[..40]).unwrap_err();
/// assert_eq!(err, BookError::Length { expected: 48, actual: 40 });
/// assert_eq!(err.to_string(), "book length 40 bytes, the header says 48");
/// // One bit flipped in the entry.
/// let mut corrupt = bytes.clone();
/// corrupt[44] ^= 1;
/// assert_eq!(Book::from_bytes(&corrupt), Err(BookError::Checksum));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The bytes do not start with the book magic.
    #[error("not a book file (bad magic)")]
    BadMagic,
    /// A format version this library does not read.
    #[error("book format version {0} is not supported (this library reads version 1)")]
    UnsupportedVersion(u16),
    /// The header's entry size is not 16.
    #[error("book entry size {0} is not 16")]
    EntrySize(u16),
    /// The file is shorter or longer than its header says.
    #[error("book length {actual} bytes, the header says {expected}")]
    Length {
        /// The length the header implies.
        expected: u64,
        /// The bytes given.
        actual: u64,
    },
    /// The entries do not match the header's checksum.
    #[error("book checksum mismatch (the file is corrupt)")]
    Checksum,
    /// An entry breaks the format (order, move, counts, reserved bytes).
    #[error("book entry {index}: {reason}")]
    Entry {
        /// The entry's index.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

impl Book {
    /// The book's file bytes (the format above), which
    /// [`Book::from_bytes`] reads back.
    ///
    /// ```
    /// use xiangqi::book::Book;
    /// let book = Book::masters();
    /// assert_eq!(Book::from_bytes(&book.to_bytes()).unwrap(), book);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.entries.len() * ENTRY);
        for e in &self.entries {
            body.extend_from_slice(&e.key.to_le_bytes());
            body.extend_from_slice(&e.mv.to_le_bytes());
            body.extend_from_slice(&e.games.to_le_bytes());
            body.extend_from_slice(&e.half_points.to_le_bytes());
            body.extend_from_slice(&[0, 0]);
        }
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(ENTRY as u16).to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a64(&body).to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file's bytes, checking everything: any byte string that
    /// is not a whole, valid book gets an error, never a panic.
    ///
    /// ```
    /// use xiangqi::book::{Book, BookError};
    /// let bytes = Book::default().to_bytes();
    /// assert_eq!(Book::from_bytes(&bytes), Ok(Book::default()));
    /// assert_eq!(Book::from_bytes(b"XQBOOK"), Err(BookError::BadMagic));
    /// assert!(matches!(Book::from_bytes(&bytes[..31]), Err(BookError::Length { .. })));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < MAGIC.len() || bytes[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        if bytes.len() < HEADER {
            return Err(BookError::Length {
                expected: HEADER as u64,
                actual: bytes.len() as u64,
            });
        }
        let version = u16_at(bytes, 8);
        if version != VERSION {
            return Err(BookError::UnsupportedVersion(version));
        }
        let size = u16_at(bytes, 10);
        if usize::from(size) != ENTRY {
            return Err(BookError::EntrySize(size));
        }
        let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]);
        let expected = HEADER as u64 + u64::from(count) * ENTRY as u64;
        if bytes.len() as u64 != expected {
            return Err(BookError::Length {
                expected,
                actual: bytes.len() as u64,
            });
        }
        let mut sum = [0; 8];
        sum.copy_from_slice(&bytes[16..24]);
        let body = &bytes[HEADER..];
        if fnv1a64(body) != u64::from_le_bytes(sum) || bytes[24..32] != [0; 8] {
            return Err(BookError::Checksum);
        }
        let mut entries: Vec<Entry> = Vec::with_capacity(count as usize);
        for (index, chunk) in body.chunks_exact(ENTRY).enumerate() {
            let bad = |reason| BookError::Entry { index, reason };
            let mut key = [0; 8];
            key.copy_from_slice(&chunk[..8]);
            let e = Entry {
                key: u64::from_le_bytes(key),
                mv: u16_at(chunk, 8),
                games: u16_at(chunk, 10),
                half_points: u16_at(chunk, 12),
            };
            match Move::from_u16(e.mv) {
                Some(m) if m.from() != m.to() => {}
                _ => return Err(bad("not a move")),
            }
            if e.games == 0 {
                return Err(bad("no games"));
            }
            if u32::from(e.half_points) > 2 * u32::from(e.games) {
                return Err(bad("more points than games"));
            }
            if chunk[14..16] != [0, 0] {
                return Err(bad("reserved bytes are not zero"));
            }
            if entries
                .last()
                .is_some_and(|l| (l.key, l.mv) >= (e.key, e.mv))
            {
                return Err(bad("out of order or repeated"));
            }
            entries.push(e);
        }
        Ok(Book { entries })
    }
}
