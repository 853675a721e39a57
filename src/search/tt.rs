//! The transposition table: a fixed-size, lock-free hash table of search
//! results shared by all search threads.
//!
//! Each slot holds two `AtomicU64`s: the packed data and the key XOR the
//! data, so a slot torn by a concurrent write fails the key check instead of
//! returning garbage ("lockless hashing"). Replacement prefers, in order:
//! the same position, a slot from an older search, a shallower result.

use std::sync::atomic::{AtomicU64, Ordering};

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

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared transposition table.
pub(crate) struct Table {
    slots: Vec<Slot>,
    age: u8,
}

const SLOT_BYTES: usize = 16;
/// The largest table, in MiB (32 GiB).
pub(crate) const MAX_MB: usize = 1 << 15;

impl Table {
    /// A table of about `mb` mebibytes, clamped to `1..=MAX_MB`; if that
    /// much memory cannot be had, the largest half, quarter, ... that can.
    pub(crate) fn new(mb: usize) -> Table {
        let mut n = mb.clamp(1, MAX_MB) * (1024 * 1024 / SLOT_BYTES);
        let mut slots = Vec::new();
        while slots.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        slots.resize_with(n, Slot::default);
        Table { slots, age: 0 }
    }

    /// The table's size in MiB.
    pub(crate) fn size_mb(&self) -> usize {
        self.slots.len() * SLOT_BYTES / (1024 * 1024)
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[self.index(key)];
        let data = slot.data.load(Ordering::Relaxed);
        if slot.check.load(Ordering::Relaxed) ^ data != key || data == 0 {
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
        let slot = &self.slots[self.index(key)];
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
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
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used in the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
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
}
