//! [`Table`]: one opened table, checked once, read entry by entry.

use alloc::borrow::Cow;

use crate::base::{Color, Role};
use crate::tablebase::format::{
    CHECKSUM_AT, HEADER_LEN, MAGIC, MAX_BLOCK_BYTES, METRIC_DTM, VERSION, checksum,
};
use crate::tablebase::{Material, TableIndex, TablebaseError};

/// One table: its bytes (borrowed, for example from a memory map, or
/// owned), its material and its index. Made by
/// [`Tablebase::add`](crate::tablebase::Tablebase::add) or [`Table::open`].
#[derive(Clone, Debug)]
pub struct Table<'a> {
    bytes: Cow<'a, [u8]>,
    index: TableIndex,
    width: usize,
    block_entries: u64,
    blocks: u32,
    max_dtm: u16,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    let mut a = [0u8; 2];
    a.copy_from_slice(&b[at..at + 2]);
    u16::from_le_bytes(a)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(a)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

impl<'a> Table<'a> {
    /// Opens a table from its bytes, checking the header, the checksum and
    /// every block, so that probing it never meets corrupt data.
    ///
    /// ```
    /// use xiangqi::tablebase::{Table, TablebaseError};
    /// assert!(matches!(Table::open(&[][..]), Err(TablebaseError::Truncated { .. })));
    /// ```
    pub fn open(bytes: impl Into<Cow<'a, [u8]>>) -> Result<Table<'a>, TablebaseError> {
        let bytes = bytes.into();
        let b: &[u8] = &bytes;
        let len = b.len() as u64;
        if b.len() < HEADER_LEN {
            if b.len() >= 4 && b[..4] != MAGIC {
                return Err(TablebaseError::BadMagic);
            }
            return Err(TablebaseError::Truncated {
                needed: HEADER_LEN as u64,
                len,
            });
        }
        if b[..4] != MAGIC {
            return Err(TablebaseError::BadMagic);
        }
        let version = u16_at(b, 4);
        if version != VERSION {
            return Err(TablebaseError::UnsupportedVersion(version));
        }
        if b[6] != METRIC_DTM {
            return Err(TablebaseError::UnsupportedMetric(b[6]));
        }
        let width = usize::from(b[7]);
        if !(1..=2).contains(&width) {
            return Err(TablebaseError::BadHeader("entry width not 1 or 2"));
        }
        let mut counts = [[0u8; Role::COUNT]; Color::COUNT];
        counts[0].copy_from_slice(&b[8..15]);
        counts[1].copy_from_slice(&b[15..22]);
        let material = Material::from_counts(counts)?;
        let max_dtm = u16_at(b, 22);
        let entries = u64_at(b, 24);
        let block_entries = u64::from(u32_at(b, 32));
        let blocks = u32_at(b, 36);
        let index = TableIndex::new(material);
        if entries != index.len() {
            return Err(TablebaseError::SizeMismatch {
                expected: index.len(),
                found: entries,
            });
        }
        if block_entries == 0 || block_entries * width as u64 > MAX_BLOCK_BYTES as u64 {
            return Err(TablebaseError::BadHeader("bad block size"));
        }
        if u64::from(blocks) != entries.div_ceil(block_entries) {
            return Err(TablebaseError::BadHeader("block count does not match"));
        }
        let data_start = HEADER_LEN as u64 + 8 * (u64::from(blocks) + 1);
        if len < data_start {
            return Err(TablebaseError::Truncated {
                needed: data_start,
                len,
            });
        }
        let data_len = u64_at(b, data_start as usize - 8);
        let needed = data_start.saturating_add(data_len);
        if len < needed {
            return Err(TablebaseError::Truncated { needed, len });
        }
        if len > needed {
            return Err(TablebaseError::BadHeader("bytes after the last block"));
        }
        let stored = u64_at(b, CHECKSUM_AT);
        let computed = checksum(b);
        if stored != computed {
            return Err(TablebaseError::ChecksumMismatch { stored, computed });
        }
        let table = Table {
            bytes,
            index,
            width,
            block_entries,
            blocks,
            max_dtm,
        };
        let mut buf = [0u8; MAX_BLOCK_BYTES];
        for block in 0..blocks {
            let raw = table
                .block(block, &mut buf)
                .ok_or(TablebaseError::CorruptBlock(block))?;
            let too_big = |e: u16| e > max_dtm.saturating_add(2);
            let bad = if width == 1 {
                raw.iter().any(|&e| too_big(u16::from(e)))
            } else {
                raw.chunks_exact(2)
                    .any(|c| too_big(u16::from_le_bytes([c[0], c[1]])))
            };
            if bad {
                return Err(TablebaseError::CorruptBlock(block));
            }
        }
        Ok(table)
    }

    /// Decompresses block `block` into `buf`, returning its entries' bytes;
    /// `None` if it does not decompress to exactly its size.
    fn block<'b>(&self, block: u32, buf: &'b mut [u8; MAX_BLOCK_BYTES]) -> Option<&'b [u8]> {
        let b: &[u8] = &self.bytes;
        let data_start = HEADER_LEN + 8 * (self.blocks as usize + 1);
        let at = HEADER_LEN + 8 * block as usize;
        let start = usize::try_from(u64_at(b, at)).ok()?;
        let end = usize::try_from(u64_at(b, at + 8)).ok()?;
        let compressed = b.get(data_start.checked_add(start)?..data_start.checked_add(end)?)?;
        let first = u64::from(block) * self.block_entries;
        let count = self
            .block_entries
            .min(self.index.len().saturating_sub(first));
        let size = usize::try_from(count).ok()? * self.width;
        let out = buf.get_mut(..size)?;
        match lz4_flex::block::decompress_into(compressed, out) {
            Ok(n) if n == size => Some(&buf[..size]),
            _ => None,
        }
    }

    /// The material of the table.
    pub fn material(&self) -> Material {
        self.index.material()
    }

    /// The table's index.
    pub fn index(&self) -> &TableIndex {
        &self.index
    }

    /// The largest depth to mate stored, in plies.
    pub fn max_dtm(&self) -> u16 {
        self.max_dtm
    }

    /// The table's size in bytes.
    pub fn byte_len(&self) -> usize {
        self.bytes.len()
    }

    /// Every raw entry, in index order (one allocation; for tools that
    /// read a whole table, such as the generator).
    pub fn to_entries(&self) -> alloc::vec::Vec<u16> {
        let mut out =
            alloc::vec::Vec::with_capacity(usize::try_from(self.index.len()).unwrap_or(0));
        let mut buf = [0u8; MAX_BLOCK_BYTES];
        for block in 0..self.blocks {
            // Every block decompressed when the table was opened.
            let raw = self.block(block, &mut buf).unwrap_or(&[]);
            if self.width == 1 {
                out.extend(raw.iter().map(|&e| u16::from(e)));
            } else {
                out.extend(
                    raw.chunks_exact(2)
                        .map(|c| u16::from_le_bytes([c[0], c[1]])),
                );
            }
        }
        out
    }

    /// The raw entry of number `i` (see the format in the module
    /// documentation), or `None` past the end.
    ///
    /// Decompresses one block into a buffer on the stack: no allocation.
    pub fn entry(&self, i: u64) -> Option<u16> {
        if i >= self.index.len() {
            return None;
        }
        let block = u32::try_from(i / self.block_entries).ok()?;
        let mut buf = [0u8; MAX_BLOCK_BYTES];
        let raw = self.block(block, &mut buf)?;
        let at = (i % self.block_entries) as usize * self.width;
        if self.width == 1 {
            raw.get(at).map(|&e| u16::from(e))
        } else {
            Some(u16::from_le_bytes([*raw.get(at)?, *raw.get(at + 1)?]))
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::tablebase::{ENTRY_NONE, encode_table};

    fn sample() -> (TableIndex, Vec<u16>, Vec<u8>) {
        let material: Material = "kpk".parse().unwrap();
        let index = TableIndex::new(material);
        let entries: Vec<u16> = (0..index.len())
            .map(|n| match index.position(n) {
                Some(_) => 1 + (n % 41) as u16,
                None => ENTRY_NONE,
            })
            .collect();
        let bytes = encode_table(material, &entries).unwrap();
        (index, entries, bytes)
    }

    #[test]
    fn entries_read_back() {
        let (index, entries, bytes) = sample();
        let table = Table::open(&bytes[..]).unwrap();
        assert_eq!(table.max_dtm(), 39);
        for (i, &e) in entries.iter().enumerate() {
            assert_eq!(table.entry(i as u64), Some(e));
        }
        assert_eq!(table.entry(index.len()), None);
        assert_eq!(table.to_entries(), entries);
    }

    #[test]
    fn wide_entries_read_back() {
        let material: Material = "kak".parse().unwrap();
        let n = TableIndex::new(material).len();
        let entries: Vec<u16> = (0..n).map(|i| (i * 7 % 700) as u16).collect();
        let bytes = encode_table(material, &entries).unwrap();
        assert_eq!(bytes[7], 2);
        let table = Table::open(bytes).unwrap();
        for (i, &e) in entries.iter().enumerate() {
            assert_eq!(table.entry(i as u64), Some(e));
        }
    }

    #[test]
    fn every_truncation_is_an_error() {
        let (_, _, bytes) = sample();
        for len in 0..bytes.len() {
            let err = Table::open(&bytes[..len]).unwrap_err();
            assert!(
                matches!(err, TablebaseError::Truncated { .. }),
                "{len}: {err}"
            );
        }
    }

    #[test]
    fn a_flipped_bit_is_an_error() {
        let (_, _, bytes) = sample();
        for at in (0..bytes.len()).step_by(7) {
            let mut bad = bytes.clone();
            bad[at] ^= 0x04;
            assert!(Table::open(bad).is_err(), "byte {at}");
        }
    }

    #[test]
    fn header_errors_are_typed() {
        let (_, _, bytes) = sample();
        let fix = |mut b: Vec<u8>| {
            let sum = checksum(&b);
            b[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
            b
        };
        let mut b = bytes.clone();
        b[4] = 9;
        assert_eq!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::UnsupportedVersion(9)
        );
        let mut b = bytes.clone();
        b[6] = 3;
        assert_eq!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::UnsupportedMetric(3)
        );
        let mut b = bytes.clone();
        b[15 + Role::Horse.index()] = 1; // kpkn: another size
        assert!(matches!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::SizeMismatch { .. }
        ));
        let mut b = bytes.clone();
        b[8] = 2; // two red generals
        assert_eq!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::BadMaterial
        );
        let mut b = bytes.clone();
        let last = b.len() - 1;
        b[last] ^= 0xff;
        assert!(matches!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::CorruptBlock(_)
        ));
        let mut b = bytes;
        b.push(0);
        assert!(matches!(
            Table::open(fix(b)).unwrap_err(),
            TablebaseError::BadHeader(_)
        ));
    }
}
