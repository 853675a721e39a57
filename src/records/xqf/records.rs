//! The move records after the header, read one at a time (from the
//! decrypted bytes): the origin and destination squares, whether a
//! continuation and a sibling follow, and the comment.
//!
//! A record is four bytes: the origin square plus 24, the destination plus
//! 32 (squares numbered `x * 10 + y`, minus the square keys from version
//! 1.1), a flag byte and a reserved byte. Version 1.0 then always has a
//! 4-byte little-endian comment length, and its flag byte says "a
//! continuation follows" in its high nibble, "a sibling follows" in its low
//! one. From version 1.1 the flags are bits: `0x80` continuation, `0x40`
//! sibling, `0x20` comment, and only with `0x20` comes the length (plus the
//! comment key). The comment's bytes follow.

use core::ops::Range;

use crate::records::xqf::decrypt::Keys;
use crate::records::xqf::error::{XqfError, XqfErrorKind};
use crate::records::xqf::header::HEADER_LEN;

/// One move record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// Offset of the record in the file.
    pub(crate) offset: usize,
    /// Origin square, `x * 10 + y` (over 89: off the board).
    pub(crate) from: u8,
    /// Destination square.
    pub(crate) to: u8,
    /// The continuation (first child) follows.
    pub(crate) next: bool,
    /// The next sibling follows (after this record's subtree).
    pub(crate) sibling: bool,
    /// The comment's bytes, as a range of the decrypted body.
    pub(crate) comment: Range<usize>,
}

/// Reads the records of the decrypted body (the bytes after the header).
#[derive(Clone)]
pub(crate) struct RecordReader<'a> {
    body: &'a [u8],
    pos: usize,
    version: u8,
    keys: &'a Keys,
}

impl<'a> RecordReader<'a> {
    /// A reader of `body`, the file's bytes after the header, decrypted.
    pub(crate) fn new(body: &'a [u8], version: u8, keys: &'a Keys) -> RecordReader<'a> {
        RecordReader {
            body,
            pos: 0,
            version,
            keys,
        }
    }

    /// The body's bytes (for comments).
    pub(crate) fn body(&self) -> &'a [u8] {
        self.body
    }

    /// Whether every byte has been read.
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.body.len()
    }

    fn error(&self, at: usize, kind: XqfErrorKind) -> XqfError {
        XqfError::new(HEADER_LEN + at, kind)
    }

    fn take4(&mut self) -> Result<[u8; 4], XqfError> {
        let at = self.pos;
        let Some(b) = self.body.get(at..at + 4) else {
            return Err(self.error(self.body.len(), XqfErrorKind::Truncated));
        };
        self.pos += 4;
        Ok([b[0], b[1], b[2], b[3]])
    }

    /// The next record; an error if the bytes end inside it.
    pub(crate) fn next_record(&mut self) -> Result<Record, XqfError> {
        let offset = HEADER_LEN + self.pos;
        let [src, dst, tag, _] = self.take4()?;
        let (next, sibling, comment_len): (bool, bool, i64) = if self.version <= 10 {
            let len = u32::from_le_bytes(self.take4()?);
            (tag & 0xF0 != 0, tag & 0x0F != 0, i64::from(len))
        } else {
            let len = if tag & 0x20 != 0 {
                i64::from(u32::from_le_bytes(self.take4()?)) - i64::from(self.keys.comment)
            } else {
                0
            };
            (tag & 0x80 != 0, tag & 0x40 != 0, len)
        };
        // A length of zero or less (after the key) is no comment, as
        // cchess reads it.
        let start = self.pos;
        let left = self.body.len() - start;
        let len = usize::try_from(comment_len.max(0)).unwrap_or(usize::MAX);
        if len > left {
            return Err(self.error(
                start,
                XqfErrorKind::CommentTooLong {
                    len: comment_len.max(0).unsigned_abs(),
                    left,
                },
            ));
        }
        self.pos += len;
        Ok(Record {
            offset,
            from: src.wrapping_sub(24).wrapping_sub(self.keys.from),
            to: dst.wrapping_sub(32).wrapping_sub(self.keys.to),
            next,
            sibling,
            comment: start..start + len,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_10_records() {
        // XQF.TXT's example: the fixed record 0, then "兵七进一" (c3-c4:
        // 23 + 24 = 0x2F, 24 + 32 = 0x38) with a 2-byte comment, then a
        // last move.
        let body = [
            0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0, 0x2F, 0x38, 0xF0, 0, 2, 0, 0, 0, b'h', b'i', 0x67,
            0x63, 0x00, 0, 0, 0, 0, 0,
        ];
        let keys = Keys::NONE;
        let mut r = RecordReader::new(&body, 10, &keys);
        let root = r.next_record().unwrap();
        assert_eq!((root.from, root.to, root.next), (0, 0, true));
        let first = r.next_record().unwrap();
        assert_eq!((first.from, first.to, first.offset), (23, 24, 0x408));
        assert_eq!(&body[first.comment.clone()], b"hi");
        let last = r.next_record().unwrap();
        assert_eq!(
            (last.from, last.to, last.next, last.sibling),
            (79, 67, false, false)
        );
        assert!(r.at_end());
        assert_eq!(r.next_record().unwrap_err().kind, XqfErrorKind::Truncated);
    }

    #[test]
    fn version_18_flags_and_comment_key() {
        let keys = Keys::from_header(&[0; 16]);
        // Comment flag with a stored length of 767 + 1.
        let body = [24, 32, 0xE0, 0, 0x00, 0x03, 0, 0, b'x', 25, 33, 0x40, 0];
        let mut r = RecordReader::new(&body, 18, &keys);
        let a = r.next_record().unwrap();
        assert!(a.next && a.sibling);
        assert_eq!(&body[a.comment], b"x");
        let b = r.next_record().unwrap();
        assert!(!b.next && b.sibling && b.comment.is_empty());
        assert_eq!((b.from, b.to), (1, 1));
    }

    #[test]
    fn comment_past_the_end() {
        let body = [24, 32, 0, 0, 9, 0, 0, 0, 1];
        let keys = Keys::NONE;
        let err = RecordReader::new(&body, 10, &keys)
            .next_record()
            .unwrap_err();
        assert_eq!(err.kind, XqfErrorKind::CommentTooLong { len: 9, left: 1 });
        assert_eq!(err.offset, 0x408);
    }
}
