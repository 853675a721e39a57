//! Retrograde solving of one table, its sub-tables given.
//!
//! The tables are solved in passes, in the order of depth: pass `n` (odd)
//! marks as won in `n` plies every open position with a move to a
//! position lost in `n - 1`; pass `n` (even) marks as lost in `n` every
//! open position whose moves all lead to positions won in at most
//! `n - 1`. The first pass visits every number: holes, positions with no
//! legal move (lost in 0), and the depths that each position's captures
//! into sub-tables reach. Later passes visit only the candidates: the
//! retractions (moves played backwards) of the positions decided in the
//! pass before, and the positions whose captures reach the pass's depth.
//! A pass changes only one kind of position (wins or losses), and reads
//! only the other kind and the sub-tables, so the threads of a pass may
//! write while others read: the result does not depend on their order.
//! When a pass changes nothing and no capture reaches deeper, the
//! positions still open are draws. [`solve_by_scans`] visits every
//! position in every pass, the slow reference the tests compare with.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};

use indicatif::ProgressBar;
use rayon::prelude::*;
use xiangqi::tablebase::{ENTRY_DRAW, ENTRY_NONE, Material, Table, TableIndex, entry_of_dtm};
use xiangqi::{Color, Position, Role, attacks};

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

    /// Decides position `i` in `pass` if its children allow; returns
    /// whether it did.
    fn decide(&self, pass: Pass, i: u64) -> bool {
        let slot = &self.values[i as usize];
        if slot.load(Ordering::Relaxed) != OPEN {
            return false;
        }
        let Some(pos) = self.index.position(i) else {
            return false;
        };
        let mut children = pos.legal_moves().into_iter().map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.child_entry(&child)
        });
        let (found, n) = match pass {
            Pass::Win(n) => {
                let lost = entry_of_dtm(n - 1);
                (children.any(|e| e == lost), n)
            }
            Pass::Loss(n) => (
                children.all(|e| e != OPEN && e >= 2 && (e - 2) % 2 == 1 && e - 2 < n),
                n,
            ),
        };
        if found {
            slot.store(entry_of_dtm(n), Ordering::Relaxed);
        }
        found
    }

    /// Sets position `i`'s first value (a hole, lost with no move, or
    /// open) and returns the passes its captures may decide it in: after
    /// a capture into a lost position (a win), and after the deepest
    /// capture into a won one (a loss).
    fn start(&self, i: u64, triggers: &mut Vec<u64>) -> bool {
        let slot = &self.values[i as usize];
        let Some(pos) = self.index.position(i) else {
            slot.store(ENTRY_NONE, Ordering::Relaxed);
            return false;
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            slot.store(entry_of_dtm(0), Ordering::Relaxed);
            return true;
        }
        slot.store(OPEN, Ordering::Relaxed);
        let (mut shortest_loss, mut longest_win) = (None::<u16>, None::<u16>);
        for m in moves {
            let mut child = pos.clone();
            if child.play_unchecked(m).is_none() {
                continue;
            }
            let e = self.subs.entry(&child).unwrap_or(OPEN);
            if e == OPEN || e < 2 {
                continue;
            }
            let d = e - 2;
            if d % 2 == 0 {
                shortest_loss = Some(shortest_loss.map_or(d, |s| s.min(d)));
            } else {
                longest_win = Some(longest_win.map_or(d, |w| w.max(d)));
            }
        }
        for d in [shortest_loss, longest_win].into_iter().flatten() {
            triggers.push(trigger(d + 1, i));
        }
        false
    }

    /// Pushes to `out` the open positions of the table with a move (not a
    /// capture) to position `i`: its retractions.
    fn predecessors(&self, i: u64, out: &mut Vec<u64>) {
        let Some(pos) = self.index.position(i) else {
            return;
        };
        let board = pos.board();
        let mover = !pos.turn();
        let occupied = board.occupied();
        let occupancy = board.occupancy();
        for (to, piece) in board.pieces() {
            if piece.color != mover {
                continue;
            }
            let froms = match piece.role {
                Role::Chariot | Role::Cannon => attacks::chariot(to, occupancy),
                Role::Horse => attacks::horse_attackers(to, occupied),
                Role::Elephant => attacks::elephant(mover, to, occupied),
                Role::Advisor => attacks::advisor(mover, to),
                Role::General => attacks::general(mover, to),
                Role::Soldier => attacks::soldier_attackers(mover, to),
            } - occupied;
            for from in froms {
                let mut before = board.clone();
                before.remove_piece_at(to);
                before.set_piece_at(from, piece);
                // With Red's general on the e file, a position and its
                // mirror have two numbers: a move to a position stored as
                // its mirror retracts to the mirror of the predecessor too.
                let on_e_file = before
                    .general(Color::Red)
                    .is_some_and(|g| g.file() == xiangqi::File::E);
                let mirror = on_e_file
                    .then(|| self.index.index_of_board_mirrored(&before, mover))
                    .flatten();
                for p in [self.index.index_of_board(&before, mover), mirror]
                    .into_iter()
                    .flatten()
                {
                    if self.values[p as usize].load(Ordering::Relaxed) == OPEN {
                        out.push(p);
                    }
                }
            }
        }
    }
}

/// A position to look at in pass `n`, packed: the pass above bit 48
/// (indexes stay below 2^48), so that sorting orders by pass.
fn trigger(n: u16, i: u64) -> u64 {
    (u64::from(n) << 48) | i
}

fn pass_of(n: u16) -> Pass {
    if n % 2 == 1 {
        Pass::Win(n)
    } else {
        Pass::Loss(n)
    }
}

fn label(n: u16) -> String {
    let kind = if n % 2 == 1 { "won" } else { "lost" };
    format!("pass {n}: {kind} in {n}")
}

fn new_solver<'a>(material: Material, subs: &'a SubTables) -> Result<Solver<'a>, EgtbError> {
    for sub in sub_tables(material) {
        if !subs.contains(&sub) {
            return Err(EgtbError::MissingSubTable(sub.name()));
        }
    }
    let index = TableIndex::new(material);
    let size = usize::try_from(index.len()).map_err(|_| EgtbError::TooLarge(material.name()))?;
    Ok(Solver {
        index,
        pieces: material.piece_count(),
        values: (0..size).map(|_| AtomicU16::new(OPEN)).collect(),
        subs,
    })
}

fn finish(solver: Solver<'_>) -> SolvedTable {
    let entries = solver
        .values
        .into_iter()
        .map(|v| match v.into_inner() {
            OPEN => ENTRY_DRAW,
            e => e,
        })
        .collect();
    SolvedTable {
        index: solver.index,
        entries,
    }
}

fn next_pass(n: u16, material: Material) -> Result<u16, EgtbError> {
    n.checked_add(1)
        .filter(|&n| n < u16::MAX - 2)
        .ok_or_else(|| EgtbError::TooLarge(material.name()))
}

/// Solves `material`'s table (canonical: the attacking side Red), its
/// sub-tables in `subs`. `bar` shows the passes.
///
/// After a first pass over every position, pass `n` looks only at the
/// positions that retract from those decided in pass `n - 1`, and at
/// those whose captures lead to a sub-table position decided in `n - 1`
/// plies: no other position can be decided in `n`.
pub fn solve(
    material: Material,
    subs: &SubTables,
    bar: &ProgressBar,
) -> Result<SolvedTable, EgtbError> {
    let solver = new_solver(material, subs)?;
    let len = solver.index.len();
    bar.set_length(len);
    bar.set_position(0);
    bar.set_message("pass 0: no legal move");
    if len >= 1 << 48 {
        return Err(EgtbError::TooLarge(material.name()));
    }
    let (mut frontier, mut triggers): (Vec<u64>, Vec<u64>) = (0..len.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let range = c * CHUNK..((c + 1) * CHUNK).min(len);
            let mut decided = Vec::new();
            let mut triggers = Vec::new();
            for i in range.clone() {
                if solver.start(i, &mut triggers) {
                    decided.push(i);
                }
            }
            bar.inc(range.end - range.start);
            (decided, triggers)
        })
        .reduce(
            || (Vec::new(), Vec::new()),
            |mut a, b| {
                a.0.extend(b.0);
                a.1.extend(b.1);
                a
            },
        );
    triggers.par_sort_unstable();
    let deepest = triggers.last().map_or(0, |&t| (t >> 48) as u16);
    let mut next_trigger = 0;
    let mut n: u16 = 1;
    loop {
        let mut candidates: Vec<u64> = frontier
            .par_chunks(256)
            .flat_map_iter(|chunk| {
                let mut out = Vec::new();
                for &i in chunk {
                    solver.predecessors(i, &mut out);
                }
                out
            })
            .collect();
        let end =
            next_trigger + triggers[next_trigger..].partition_point(|&t| t < trigger(n + 1, 0));
        candidates.extend(
            triggers[next_trigger..end]
                .iter()
                .map(|&t| t & ((1 << 48) - 1)),
        );
        next_trigger = end;
        candidates.par_sort_unstable();
        candidates.dedup();
        bar.set_length(candidates.len() as u64);
        bar.set_position(0);
        bar.set_message(label(n));
        let pass = pass_of(n);
        frontier = candidates
            .par_chunks(256)
            .flat_map_iter(|chunk| {
                let decided: Vec<u64> = chunk
                    .iter()
                    .copied()
                    .filter(|&i| solver.decide(pass, i))
                    .collect();
                bar.inc(chunk.len() as u64);
                decided
            })
            .collect();
        if frontier.is_empty() && n >= deepest {
            break;
        }
        n = next_pass(n, material)?;
    }
    Ok(finish(solver))
}

/// Solves `material`'s table like [`solve`], by full passes over every
/// position (slow: the reference [`solve`] is tested against).
pub fn solve_by_scans(material: Material, subs: &SubTables) -> Result<SolvedTable, EgtbError> {
    let solver = new_solver(material, subs)?;
    let len = solver.index.len();
    let mut sink = Vec::new();
    for i in 0..len {
        solver.start(i, &mut sink);
    }
    let deepest_sub = subs.max_dtm();
    let mut n: u16 = 1;
    loop {
        let pass = pass_of(n);
        let decided = (0..len)
            .into_par_iter()
            .filter(|&i| solver.decide(pass, i))
            .count();
        if decided == 0 && n > deepest_sub {
            break;
        }
        n = next_pass(n, material)?;
    }
    Ok(finish(solver))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retractions_find_what_full_scans_find() {
        let mut subs = SubTables::new();
        for name in ["krk", "krka", "kpk", "kpka", "knk", "kck", "kcka"] {
            let material: Material = name.parse().unwrap();
            let fast = solve(material, &subs, &ProgressBar::hidden()).unwrap();
            let slow = solve_by_scans(material, &subs).unwrap();
            let diff: Vec<String> = (0..fast.entries.len())
                .filter(|&i| fast.entries[i] != slow.entries[i])
                .take(5)
                .map(|i| {
                    let pos = fast.index.position(i as u64).unwrap();
                    format!("{pos}: fast {} slow {}", fast.entries[i], slow.entries[i])
                })
                .collect();
            assert!(diff.is_empty(), "{name}: {diff:#?}");
            assert!(fast.max_dtm() > 0 || name.starts_with("kc"), "{name}");
            subs.insert(fast);
        }
    }
}
