//! The transposition table: a fixed-size, lock-free hash table of search
//! results shared by all search threads.
//!
//! Each slot holds two `AtomicU64`s: the packed data and the key XOR the
//! data, so a slot torn by a concurrent write fails the key check instead of
//! returning garbage ("lockless hashing"). Replacement prefers, in order:
//! the same position, a slot from an older search, a shallower result.
//!
//! The words are allocated zeroed in one block (zerocopy's `FromZeros`, a
//! `calloc`): the system hands out zero pages lazily, so making or clearing
//! a table of any size takes no time; a page costs its zeroing when the
//! search first writes to it.

use std::sync::atomic::{AtomicU64, Ordering};

use zerocopy::FromZeros;

use crate::base::Move;

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score is at most the stored score (fail low).
    Upper = 1,
    /// The true score is at least the stored score (fail high).
    Lower = 2,
    /// The stored score is exact (a PV node).
    Exact = 3,
}

/// A decoded table entry.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) mv: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

/// The shared transposition table.
pub(crate) struct Table {
    /// Two words a slot: the key XOR the data, then the data.
    words: Box<[AtomicU64]>,
    age: u8,
}

const SLOT_BYTES: usize = 16;
/// The largest table, in MiB (32 GiB).
pub(crate) const MAX_MB: usize = 1 << 15;

impl Table {
    /// A table of about `mb` mebibytes, clamped to `1..=MAX_MB`; if that
    /// much memory cannot be had, the largest half, quarter, ... that can
    /// (at the least one slot).
    pub(crate) fn new(mb: usize) -> Table {
        let mut n = mb.clamp(1, MAX_MB) * (1024 * 1024 / SLOT_BYTES);
        let words = loop {
            match <[AtomicU64]>::new_box_zeroed_with_elems(2 * n) {
                Ok(words) => break words,
                Err(_) if n > 1 => n /= 2,
                Err(_) => break Box::new([AtomicU64::new(0), AtomicU64::new(0)]),
            }
        };
        Table { words, age: 0 }
    }

    /// The number of slots.
    #[inline]
    fn slots(&self) -> usize {
        self.words.len() / 2
    }

    /// The table's size in MiB.
    pub(crate) fn size_mb(&self) -> usize {
        self.slots() * SLOT_BYTES / (1024 * 1024)
    }

    /// Forgets everything: a fresh zeroed block of the same size (the old
    /// one is then freed), or the old one zeroed word by word if the memory
    /// for a new one cannot be had.
    pub(crate) fn clear(&mut self) {
        match <[AtomicU64]>::new_box_zeroed_with_elems(self.words.len()) {
            Ok(words) => self.words = words,
            Err(_) => self
                .words
                .iter()
                .for_each(|w| w.store(0, Ordering::Relaxed)),
        }
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    /// The slot of `key`: its check word and its data word.
    #[inline]
    fn slot(&self, key: u64) -> (&AtomicU64, &AtomicU64) {
        let i = ((key as u128 * self.slots() as u128) >> 64) as usize;
        (&self.words[2 * i], &self.words[2 * i + 1])
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let (check, data) = self.slot(key);
        let data = data.load(Ordering::Relaxed);
        if check.load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let bound = match (data >> 40) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let bits = (data & 0xffff) as u16;
        Some(Entry {
            mv: if bits == 0 {
                None
            } else {
                Move::from_u16(bits)
            },
            score: ((data >> 16) & 0xffff) as u16 as i16 as i32,
            depth: ((data >> 32) & 0xff) as u8 as i32,
            bound,
        })
    }

    /// Stores a result, following the replacement policy.
    #[inline]
    pub(crate) fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let (check, data_word) = self.slot(key);
        let old = data_word.load(Ordering::Relaxed);
        let old_key = check.load(Ordering::Relaxed) ^ old;
        let depth = depth.clamp(0, 255) as u64;
        if old != 0 && old_key != key {
            let old_age = (old >> 42) & 63;
            let old_depth = (old >> 32) & 0xff;
            if old_age == self.age as u64 && old_depth > depth + 2 && bound != Bound::Exact {
                return;
            }
        }
        let mut mv_bits = mv.map_or(0, |m| m.to_u16()) as u64;
        if mv_bits == 0 && old_key == key {
            mv_bits = old & 0xffff; // keep the known best move
        }
        let data = mv_bits
            | ((score as i16 as u16 as u64) << 16)
            | (depth << 32)
            | ((bound as u64) << 40)
            | ((self.age as u64) << 42);
        data_word.store(data, Ordering::Relaxed);
        check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used in the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let n = self.slots().min(1000);
        let used = self.words[..2 * n]
            .chunks_exact(2)
            .filter(|slot| {
                let d = slot[1].load(Ordering::Relaxed);
                d != 0 && (d >> 42) & 63 == self.age as u64
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let t = Table::new(1);
        let m: Move = "h2e2".parse().unwrap();
        t.store(0xdead_beef, Some(m), -1234, 7, Bound::Lower);
        let e = t.probe(0xdead_beef).unwrap();
        assert_eq!(e.mv, Some(m));
        assert_eq!(e.score, -1234);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert!(t.probe(0xdead_bee0).is_none());
    }

    #[test]
    fn sizes_and_clearing() {
        let mut t = Table::new(3);
        assert_eq!((t.size_mb(), t.slots()), (3, 3 * 65_536));
        assert_eq!(Table::new(0).size_mb(), 1);
        let keys: Vec<u64> = (1..=500u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            t.store(k, None, 7, 3, Bound::Exact);
        }
        assert!(keys.iter().filter(|&&k| t.probe(k).is_some()).count() > 490);
        assert!(t.hashfull() > 0);
        t.clear();
        assert!(keys.iter().all(|&k| t.probe(k).is_none()));
        assert_eq!((t.size_mb(), t.hashfull()), (3, 0));
        t.store(keys[0], None, -5, 1, Bound::Upper);
        assert_eq!(t.probe(keys[0]).map(|e| e.score), Some(-5));
    }
}
