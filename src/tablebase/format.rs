//! The table file format: the header, the block index and the writer.
//!
//! All numbers are little-endian. A table is:
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 4 | magic `XQTB` |
//! | 4 | 2 | format version (1) |
//! | 6 | 1 | metric: 1 = depth to mate in plies, with win/draw/loss |
//! | 7 | 1 | entry width in bytes: 1 or 2 |
//! | 8 | 14 | material: Red's then Black's count of each role, in the order general, advisor, elephant, horse, chariot, cannon, soldier |
//! | 22 | 2 | the largest depth to mate stored, in plies |
//! | 24 | 8 | number of entries (the material's [`TableIndex`](crate::tablebase::TableIndex) length) |
//! | 32 | 4 | entries per block (the last block may hold fewer); at most 1024 bytes a block (the writer makes 512) |
//! | 36 | 4 | number of blocks |
//! | 40 | 8 | checksum: 64-bit FNV-1a of the whole table with these 8 bytes left out |
//! | 48 | 8 × (blocks + 1) | block offsets from the start of the data, the last one its length |
//! | ... | | the blocks, each LZ4-compressed (raw LZ4 block format, no frame) |
//!
//! An entry is `0` for a number that names no legal position, `1` for a
//! draw, and `2 + d` for a position decided in `d` plies: `d` odd, the side
//! to move mates in `d` plies; `d` even, it is mated in `d` plies (`d = 0`:
//! it has no legal move now and has lost).

use alloc::vec::Vec;

use crate::base::{fnv1a64, fnv1a64_extend};
use crate::tablebase::{Material, TableIndex, TablebaseError};

/// The magic at the start of every table.
pub(crate) const MAGIC: [u8; 4] = *b"XQTB";
/// The format version written and read.
pub(crate) const VERSION: u16 = 1;
/// The depth-to-mate metric.
pub(crate) const METRIC_DTM: u8 = 1;
/// The header's length; the block index follows.
pub(crate) const HEADER_LEN: usize = 48;
/// The largest block, uncompressed.
pub(crate) const MAX_BLOCK_BYTES: usize = 1024;
/// The size of the blocks written, uncompressed: small enough that a probe
/// decompresses little, large enough for LZ4 to find repeats.
pub(crate) const WRITE_BLOCK_BYTES: usize = 512;
/// Where the checksum is.
pub(crate) const CHECKSUM_AT: usize = 40;

/// The entry of a number that names no legal position.
pub const ENTRY_NONE: u16 = 0;
/// The entry of a drawn position.
pub const ENTRY_DRAW: u16 = 1;

/// The entry of a position decided in `plies` (odd: the side to move mates;
/// even: it is mated).
///
/// ```
/// use xiangqi::tablebase::{entry_of_dtm, ENTRY_DRAW};
/// assert_eq!(entry_of_dtm(0), 2);
/// assert_ne!(entry_of_dtm(3), ENTRY_DRAW);
/// ```
pub const fn entry_of_dtm(plies: u16) -> u16 {
    plies.saturating_add(2)
}

/// The checksum of a whole table, its checksum field left out.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let head = bytes.get(..CHECKSUM_AT).unwrap_or(bytes);
    let tail = bytes.get(CHECKSUM_AT + 8..).unwrap_or(&[]);
    fnv1a64_extend(fnv1a64(head), tail)
}

/// Writes a table of `material` from its entries (one per number of the
/// material's [`TableIndex`], in order; see the module documentation for
/// their meaning). The generator's output; [`Tablebase::add`] reads it.
///
/// [`Tablebase::add`]: crate::tablebase::Tablebase::add
///
/// ```
/// use xiangqi::tablebase::{encode_table, Material, TableIndex, Tablebase, ENTRY_DRAW};
/// let material: Material = "kak".parse()?;
/// let entries = vec![ENTRY_DRAW; TableIndex::new(material).len() as usize];
/// let bytes = encode_table(material, &entries)?;
/// let mut tables = Tablebase::new();
/// tables.add(bytes)?;
/// # Ok::<(), xiangqi::tablebase::TablebaseError>(())
/// ```
pub fn encode_table(material: Material, entries: &[u16]) -> Result<Vec<u8>, TablebaseError> {
    let len = TableIndex::new(material).len();
    if entries.len() as u64 != len {
        return Err(TablebaseError::SizeMismatch {
            expected: len,
            found: entries.len() as u64,
        });
    }
    let top = entries.iter().copied().max().unwrap_or(0);
    let max_dtm = top.saturating_sub(2);
    let width: usize = if top <= u16::from(u8::MAX) { 1 } else { 2 };
    let block_entries = WRITE_BLOCK_BYTES / width;
    let mut raw = Vec::with_capacity(entries.len() * width);
    for &e in entries {
        if width == 1 {
            raw.push(e as u8);
        } else {
            raw.extend_from_slice(&e.to_le_bytes());
        }
    }
    let mut offsets = Vec::new();
    let mut data = Vec::new();
    for chunk in raw.chunks(WRITE_BLOCK_BYTES) {
        offsets.push(data.len() as u64);
        data.extend_from_slice(&lz4_flex::block::compress(chunk));
    }
    offsets.push(data.len() as u64);
    let blocks = u32::try_from(offsets.len() - 1)
        .map_err(|_| TablebaseError::BadValues("too many blocks"))?;
    let mut out = Vec::with_capacity(HEADER_LEN + offsets.len() * 8 + data.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(METRIC_DTM);
    out.push(width as u8);
    for side in material.counts() {
        out.extend_from_slice(&side);
    }
    out.extend_from_slice(&max_dtm.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&(block_entries as u32).to_le_bytes());
    out.extend_from_slice(&blocks.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    for off in offsets {
        out.extend_from_slice(&off.to_le_bytes());
    }
    out.extend_from_slice(&data);
    let sum = checksum(&out);
    out[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}
