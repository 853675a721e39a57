//! The key scheme of XQF 1.1 and later: the keys derived from header bytes
//! 3 to 15, the offsets added to the start position's squares and to the
//! move records' squares, the offset added to comment lengths, and the
//! 32-byte stream subtracted from every byte after the header.
//!
//! The scheme as cchess (`io_xqf.py`) and ElephantEye (`XQFTOOLS/xqf2pgn.cpp`)
//! document it: with `f(k, x) = (54·k² + 221)·x mod 256`, the square keys
//! are `xy = f(h13, h13)`, `from = f(h14, xy)`, `to = f(h15, from)`; the
//! comment-length key is `(h12·256 + h13) mod 32000 + 767`; the stream byte
//! `i` is `"[(C) Copyright Mr. Dong Shiwei.]"[i] & ((h[12 + i mod 4] & h3) |
//! h[8 + i mod 4])`, subtracted from the file byte at offset `1024 + i`
//! (cycling every 32 bytes). Version 1.0 files (byte 2 = 10) use none of it.

/// The text whose bytes, masked by the keys, make the stream.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of one file; all zero (and a comment key of 0) for version 1.0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    /// Subtracted from the start position's squares (and, from version 1.2,
    /// the rotation of the 32 piece slots).
    pub(crate) piece: u8,
    /// Subtracted from a move record's origin square (after its 24).
    pub(crate) from: u8,
    /// Subtracted from a move record's destination square (after its 32).
    pub(crate) to: u8,
    /// Subtracted from a comment's length.
    pub(crate) comment: u32,
    /// Subtracted from the bytes after the header, cycling.
    pub(crate) stream: [u8; 32],
}

/// `(54·k² + 221)·x mod 256`, the step of the square keys.
fn square_key(k: u8, x: u8) -> u8 {
    k.wrapping_mul(k)
        .wrapping_mul(54)
        .wrapping_add(221)
        .wrapping_mul(x)
}

impl Keys {
    /// No encryption (version 1.0).
    pub(crate) const NONE: Keys = Keys {
        piece: 0,
        from: 0,
        to: 0,
        comment: 0,
        stream: [0; 32],
    };

    /// The keys of a version 1.1+ file from its first 16 header bytes.
    pub(crate) fn from_header(h: &[u8; 16]) -> Keys {
        let piece = square_key(h[13], h[13]);
        let from = square_key(h[14], piece);
        let to = square_key(h[15], from);
        let comment = (u32::from(h[12]) * 256 + u32::from(h[13])) % 32000 + 767;
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = (h[12 + i % 4] & h[3]) | h[8 + i % 4];
            *s = STREAM_MASK[i] & key;
        }
        Keys {
            piece,
            from,
            to,
            comment,
            stream,
        }
    }

    /// The bytes after the 1024-byte header, decrypted.
    pub(crate) fn decrypt_body(&self, body: &[u8]) -> alloc::vec::Vec<u8> {
        body.iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(self.stream[i % 32]))
            .collect()
    }

    /// The 32 piece squares of the header, decrypted: slot `i` of the result
    /// is the square of piece `i` as XQF numbers it, over 89 when absent.
    pub(crate) fn decrypt_pieces(&self, version: u8, raw: &[u8; 32]) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (i, &b) in raw.iter().enumerate() {
            // From version 1.2 the slots are also rotated by the key.
            let slot = if version >= 12 {
                (usize::from(self.piece) + i + 1) % 32
            } else {
                i
            };
            out[slot] = b.wrapping_sub(self.piece);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_header_keys() {
        let k = Keys::from_header(&[0; 16]);
        assert_eq!((k.piece, k.from, k.to, k.comment), (0, 0, 0, 767));
        assert_eq!(k.stream, [0; 32]);
    }

    #[test]
    fn keys_of_a_header() {
        // Made-up key bytes; the expected keys were computed with cchess's
        // formulas (io_xqf.py, `__init_decrypt_key`) in Python.
        let h = [
            0x58, 0x51, 0x12, 0x5a, 0, 0, 0, 0, 0x13, 0x37, 0xc4, 0x81, 0x42, 0x99, 0x07, 0xe5,
        ];
        let k = Keys::from_header(&h);
        assert_eq!((k.piece, k.from, k.to, k.comment), (251, 1, 163, 17816));
        assert_eq!(
            k.stream,
            [
                83, 40, 66, 1, 0, 3, 70, 64, 81, 50, 64, 65, 64, 52, 0, 65, 82, 46, 0, 64, 67, 46,
                70, 0, 83, 40, 64, 65, 65, 41, 6, 65
            ]
        );
    }

    #[test]
    fn pieces_rotate_from_version_12() {
        let keys = Keys::NONE;
        let mut raw = [0xffu8; 32];
        raw[0] = 40;
        assert_eq!(keys.decrypt_pieces(11, &raw)[0], 40);
        // Key 0: raw slot 0 goes to slot 1.
        assert_eq!(keys.decrypt_pieces(12, &raw)[1], 40);
    }
}
