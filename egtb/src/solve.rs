//! Retrograde solving of one table, its sub-tables given.
//!
//! The tables are solved by forward passes over the index, in the order
//! of depth: pass `n` (odd) marks as won in `n` plies every open position
//! with a move to a position lost in `n - 1`; pass `n` (even) marks as
//! lost in `n` every open position whose moves all lead to positions won
//! in at most `n - 1`. Before the first pass, a position with no legal
//! move is lost in 0. A pass changes only one kind of position (wins or
//! losses), and reads only the other kind and the sub-tables, so the
//! threads of a pass may write while others read: the result does not
//! depend on their order. When a pass changes nothing and no sub-table
//! holds a deeper value, the positions still open are draws.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};

use indicatif::ProgressBar;
use rayon::prelude::*;
use xiangqi::tablebase::{ENTRY_DRAW, ENTRY_NONE, Material, Table, TableIndex, entry_of_dtm};
use xiangqi::{Color, Position};

use crate::EgtbError;
use crate::plan::sub_tables;

/// A position not decided yet (while solving).
const OPEN: u16 = u16::MAX;

/// Positions handled by one task of a pass.
const CHUNK: u64 = 1 << 13;

/// A solved table: its index and one raw entry per number (the format of
/// `xiangqi::tablebase`).
#[derive(Clone, Debug)]
pub struct SolvedTable {
    /// The table's index.
    pub index: TableIndex,
    /// The raw entries.
    pub entries: Vec<u16>,
}

impl SolvedTable {
    /// Reads a whole table from an opened [`Table`].
    pub fn from_table(table: &Table<'_>) -> SolvedTable {
        SolvedTable {
            index: table.index().clone(),
            entries: table.to_entries(),
        }
    }

    /// The largest depth to mate stored.
    pub fn max_dtm(&self) -> u16 {
        self.entries
            .iter()
            .filter(|&&e| e >= 2)
            .map(|&e| e - 2)
            .max()
            .unwrap_or(0)
    }

    /// Counts of (wins, draws, losses) for the side to move, over the
    /// legal positions.
    pub fn counts(&self) -> (u64, u64, u64) {
        let (mut w, mut d, mut l) = (0, 0, 0);
        for &e in &self.entries {
            match e {
                ENTRY_NONE => {}
                ENTRY_DRAW => d += 1,
                e if (e - 2) % 2 == 1 => w += 1,
                _ => l += 1,
            }
        }
        (w, d, l)
    }
}

/// Solved tables by material, for the children of captures.
#[derive(Clone, Debug, Default)]
pub struct SubTables {
    map: HashMap<Material, SolvedTable>,
}

impl SubTables {
    /// An empty set.
    pub fn new() -> SubTables {
        SubTables::default()
    }

    /// Adds a solved table.
    pub fn insert(&mut self, table: SolvedTable) {
        self.map.insert(table.index.material(), table);
    }

    /// Keeps only the tables of `materials`.
    pub fn retain(&mut self, materials: &[Material]) {
        self.map.retain(|m, _| materials.contains(m));
    }

    /// Whether the set holds `material`'s table.
    pub fn contains(&self, material: &Material) -> bool {
        self.map.contains_key(material)
    }

    /// The raw entry of `pos`: from its table (or its colour flip's), or,
    /// for material where neither side attacks, a draw (a loss in 0 if the
    /// side to move has no move). `None` if no table holds it.
    pub fn entry(&self, pos: &Position) -> Option<u16> {
        let m = Material::of(pos.board());
        if !m.has_attackers(Color::Red) && !m.has_attackers(Color::Black) {
            return Some(if pos.has_legal_moves() {
                ENTRY_DRAW
            } else {
                entry_of_dtm(0)
            });
        }
        if let Some(t) = self.map.get(&m) {
            let i = t.index.index(pos)?;
            return t.entries.get(usize::try_from(i).ok()?).copied();
        }
        let t = self.map.get(&m.flipped())?;
        let i = t.index.index_flipped(pos)?;
        t.entries.get(usize::try_from(i).ok()?).copied()
    }

    fn max_dtm(&self) -> u16 {
        self.map
            .values()
            .map(SolvedTable::max_dtm)
            .max()
            .unwrap_or(0)
    }
}

/// What a pass looks for.
#[derive(Copy, Clone)]
enum Pass {
    /// Initial: holes, and positions with no legal move.
    Start,
    /// Wins in `n` (odd).
    Win(u16),
    /// Losses in `n` (even).
    Loss(u16),
}

struct Solver<'a> {
    index: TableIndex,
    pieces: usize,
    values: Vec<AtomicU16>,
    subs: &'a SubTables,
}

impl Solver<'_> {
    fn child_entry(&self, child: &Position) -> u16 {
        if child.board().occupied().count() == self.pieces {
            match self.index.index(child) {
                Some(i) => self.values[i as usize].load(Ordering::Relaxed),
                None => OPEN,
            }
        } else {
            self.subs.entry(child).unwrap_or(OPEN)
        }
    }

    /// Runs one pass over `range`; returns how many positions it decided.
    fn run(&self, pass: Pass, range: core::ops::Range<u64>) -> u64 {
        let mut decided = 0;
        for i in range {
            let slot = &self.values[i as usize];
            if let Pass::Start = pass {
                let value = match self.index.position(i) {
                    None => ENTRY_NONE,
                    Some(pos) if !pos.has_legal_moves() => entry_of_dtm(0),
                    Some(_) => OPEN,
                };
                slot.store(value, Ordering::Relaxed);
                decided += u64::from(value == entry_of_dtm(0));
                continue;
            }
            if slot.load(Ordering::Relaxed) != OPEN {
                continue;
            }
            let Some(pos) = self.index.position(i) else {
                continue;
            };
            let children = pos.legal_moves().into_iter().map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                self.child_entry(&child)
            });
            let found = match pass {
                Pass::Start => false,
                Pass::Win(n) => {
                    let lost = entry_of_dtm(n - 1);
                    let mut children = children;
                    children.any(|e| e == lost)
                }
                Pass::Loss(n) => {
                    let mut children = children;
                    children.all(|e| e != OPEN && e >= 2 && (e - 2) % 2 == 1 && e - 2 < n)
                }
            };
            if found {
                let n = match pass {
                    Pass::Win(n) | Pass::Loss(n) => n,
                    Pass::Start => 0,
                };
                slot.store(entry_of_dtm(n), Ordering::Relaxed);
                decided += 1;
            }
        }
        decided
    }
}

/// Solves `material`'s table (canonical: the attacking side Red), its
/// sub-tables in `subs`. `bar` shows the passes.
pub fn solve(
    material: Material,
    subs: &SubTables,
    bar: &ProgressBar,
) -> Result<SolvedTable, EgtbError> {
    for sub in sub_tables(material) {
        if !subs.contains(&sub) {
            return Err(EgtbError::MissingSubTable(sub.name()));
        }
    }
    let index = TableIndex::new(material);
    let len = index.len();
    let size = usize::try_from(len).map_err(|_| EgtbError::TooLarge(material.name()))?;
    let solver = Solver {
        index,
        pieces: material.piece_count(),
        values: (0..size).map(|_| AtomicU16::new(OPEN)).collect(),
        subs,
    };
    let deepest_sub = subs.max_dtm();
    let run_pass = |pass: Pass, label: String| -> u64 {
        bar.set_length(len);
        bar.set_position(0);
        bar.set_message(label);
        (0..len.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(len);
                let n = range.end - range.start;
                let decided = solver.run(pass, range);
                bar.inc(n);
                decided
            })
            .sum()
    };
    run_pass(Pass::Start, "pass 0: no legal move".into());
    let mut n: u16 = 1;
    loop {
        let pass = if n % 2 == 1 {
            Pass::Win(n)
        } else {
            Pass::Loss(n)
        };
        let kind = if n % 2 == 1 { "won" } else { "lost" };
        let decided = run_pass(pass, format!("pass {n}: {kind} in {n}"));
        if decided == 0 && n > deepest_sub {
            break;
        }
        n = n
            .checked_add(1)
            .filter(|&n| n < u16::MAX - 2)
            .ok_or_else(|| EgtbError::TooLarge(material.name()))?;
    }
    let entries = solver
        .values
        .into_iter()
        .map(|v| match v.into_inner() {
            OPEN => ENTRY_DRAW,
            e => e,
        })
        .collect();
    Ok(SolvedTable {
        index: solver.index,
        entries,
    })
}
