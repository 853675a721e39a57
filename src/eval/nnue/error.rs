//! [`NetworkError`]: why a network file was rejected.

use super::file::VERSION;

/// Why a network file was rejected.
///
/// ```
/// use xiangqi::nnue::{EMBEDDED, HEADER_SIZE, NetworkError, NetworkFile, Nnue};
///
/// // The embedded network, one byte short.
/// let err = NetworkFile::parse(&EMBEDDED[..EMBEDDED.len() - 1]).unwrap_err();
/// let (expected, found) = (EMBEDDED.len(), EMBEDDED.len() - 1);
/// assert_eq!(err, NetworkError::Truncated { expected, found });
/// assert_eq!(err.to_string(), format!("truncated network file: {expected} bytes needed, {found} found"));
/// // One bit flipped in its weights.
/// let mut corrupt = EMBEDDED.to_vec();
/// corrupt[HEADER_SIZE + 1000] ^= 1;
/// assert!(matches!(NetworkFile::parse(&corrupt), Err(NetworkError::Checksum { .. })));
/// // Whole, but 256 wide: not a network for a 64-wide evaluator.
/// assert_eq!(
///     Nnue::<64>::from_bytes(EMBEDDED).err(),
///     Some(NetworkError::WidthMismatch { expected: 64, found: 256 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file does not start with [`MAGIC`](super::MAGIC).
    #[error("not a network file (bad magic)")]
    BadMagic,
    /// The file's format version is neither 1 nor [`VERSION`].
    #[error("network file version {0} is not supported (this crate reads versions 1 to {VERSION})")]
    UnsupportedVersion(u32),
    /// The file ends before the size its header announces.
    #[error("truncated network file: {expected} bytes needed, {found} found")]
    Truncated {
        /// The bytes needed.
        expected: usize,
        /// The bytes present.
        found: usize,
    },
    /// Bytes follow the end of the network.
    #[error("{extra} unexpected bytes after the end of the network")]
    TrailingBytes {
        /// How many.
        extra: usize,
    },
    /// A header field or a weight is outside what this crate evaluates.
    #[error("unsupported {field}: {value}")]
    Unsupported {
        /// Which field: `feature set` (version 1), `input buckets`
        /// (version 2), `hidden width`, `output buckets`,
        /// `activation`, `QA`, `QB`, `scale`, `description length` or
        /// `output weight`.
        field: &'static str,
        /// Its value.
        value: i64,
    },
    /// The checksum does not match the contents.
    #[error("checksum mismatch: the header says {expected:#018x}, the contents give {found:#018x}")]
    Checksum {
        /// The checksum in the header.
        expected: u64,
        /// The checksum of the contents.
        found: u64,
    },
    /// The description is not UTF-8.
    #[error("the description is not UTF-8")]
    Description,
    /// The file's hidden width is not the evaluator's.
    #[error("the network is {found} wide, this evaluator takes {expected}")]
    WidthMismatch {
        /// The evaluator's width.
        expected: usize,
        /// The file's width.
        found: usize,
    },
    /// A weight vector of a [`NetworkFile`](super::NetworkFile) being written has the wrong
    /// length.
    #[error("{part} has {found} entries, the header says {expected}")]
    Length {
        /// `feature weights`, `feature bias`, `output weights` or
        /// `output bias`.
        part: &'static str,
        /// The length the header implies.
        expected: usize,
        /// The vector's length.
        found: usize,
    },
}
