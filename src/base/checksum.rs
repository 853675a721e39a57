//! FNV-1a, 64 bits: the one checksum of the workspace's file formats (opening
//! books, networks, self-play chunks and game files, training checkpoints)
//! and the hash of the book's position keys.

/// FNV-1a's 64-bit offset basis: the hash of no bytes.
const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a's 64-bit prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a 64-bit hash of `bytes`.
///
/// ```
/// use xiangqi::fnv1a64;
///
/// assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325); // the offset basis
/// assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c); // the published test vector
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_extend(OFFSET_BASIS, bytes)
}

/// Goes on hashing: the FNV-1a 64-bit hash of the bytes that gave `hash`,
/// then `bytes`; for a checksum over pieces of a file.
///
/// ```
/// use xiangqi::{fnv1a64, fnv1a64_extend};
///
/// assert_eq!(fnv1a64_extend(fnv1a64(b"ab"), b"cd"), fnv1a64(b"abcd"));
/// ```
pub fn fnv1a64_extend(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}
