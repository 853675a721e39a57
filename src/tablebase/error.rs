//! [`TablebaseError`]: why table bytes or a table name were refused.

use alloc::string::String;

/// Why a table could not be opened or written, or a name not parsed.
///
/// Opening a table checks everything once (header, block index, checksum,
/// every block), so a table that opened is never corrupt when probed.
///
/// ```
/// use xiangqi::tablebase::{Tablebase, TablebaseError};
/// let mut tables = Tablebase::new();
/// assert!(matches!(tables.add(&b"XQTB"[..]), Err(TablebaseError::Truncated { .. })));
/// assert!(matches!(tables.add(&[0u8; 64][..]), Err(TablebaseError::BadMagic)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The bytes end before the header or the data they announce.
    #[error("the table is truncated: {len} bytes, at least {needed} needed")]
    Truncated {
        /// How many bytes are needed.
        needed: u64,
        /// How many there are.
        len: u64,
    },
    /// The bytes do not start with the magic `XQTB`.
    #[error("not a xiangqi table (bad magic)")]
    BadMagic,
    /// The format version is not one this crate reads.
    #[error("unsupported table format version {0}")]
    UnsupportedVersion(u16),
    /// The metric is not one this crate knows.
    #[error("unsupported metric {0}")]
    UnsupportedMetric(u8),
    /// The header is inconsistent (entry width, block size, counts).
    #[error("bad table header: {0}")]
    BadHeader(&'static str),
    /// The material in the header is not a legal material.
    #[error("bad material in the table")]
    BadMaterial,
    /// The number of entries does not match the material's index.
    #[error("the table has {found} entries, its material needs {expected}")]
    SizeMismatch {
        /// What the material's index needs.
        expected: u64,
        /// What the header says.
        found: u64,
    },
    /// The checksum does not match the bytes.
    #[error("checksum mismatch: stored {stored:#018x}, computed {computed:#018x}")]
    ChecksumMismatch {
        /// The checksum in the header.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// A block does not decompress to its size, or holds a value the
    /// header does not allow.
    #[error("block {0} is corrupt")]
    CorruptBlock(u32),
    /// The table is not the one expected (for example its file name says
    /// another material).
    #[error("material mismatch: expected {expected}, found {found}")]
    MaterialMismatch {
        /// The material expected.
        expected: String,
        /// The material in the table.
        found: String,
    },
    /// A table of this material (or its colour flip) is already in the set.
    #[error("a table {0} is already in the set")]
    Duplicate(String),
    /// Values given to the writer do not fit the format.
    #[error("bad table values: {0}")]
    BadValues(&'static str),
    /// A table name that is not `k...k...` with the letters `rcnpab`.
    #[error("bad table name {name:?}")]
    BadName {
        /// The name given.
        name: String,
    },
}
