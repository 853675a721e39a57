//! The history tables of one search thread, all made of one entry type,
//! [`StatsEntry`]:
//!
//! * [`ButterflyHistory`]: by moving piece and destination, how often a
//!   quiet move caused a cutoff (the main history);
//! * [`ContinuationHistory`]: the same, after a given (piece, destination)
//!   one or two plies before;
//! * [`CorrectionHistory`]: by side to move and soldier structure, how far
//!   searches found the static evaluation off.
//!
//! [`Histories`] bundles them with the update rules the search uses: a
//! cutoff rewards the quiet move that made it and punishes the quiet moves
//! tried before it.

use crate::base::{ByColor, BySquare, Color, Move, Piece, Position, Role, Square, zobrist};

/// What a [`StatsEntry`] keeps its value in (`i16` where memory matters,
/// `i32` otherwise).
pub(crate) trait Storage: Copy + Default {
    /// The value.
    fn get(self) -> i32;
    /// Stores `v` (within the entry's limit, so it fits).
    fn set(v: i32) -> Self;
}

impl Storage for i16 {
    #[inline]
    fn get(self) -> i32 {
        i32::from(self)
    }

    #[inline]
    fn set(v: i32) -> i16 {
        v as i16
    }
}

impl Storage for i32 {
    #[inline]
    fn get(self) -> i32 {
        self
    }

    #[inline]
    fn set(v: i32) -> i32 {
        v
    }
}

/// One statistic, kept within `-LIMIT..=LIMIT` (Stockfish's `StatsEntry`).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct StatsEntry<T, const LIMIT: i32>(T);

impl<T: Storage, const LIMIT: i32> StatsEntry<T, LIMIT> {
    /// The value.
    #[inline]
    pub(crate) fn get(self) -> i32 {
        self.0.get()
    }

    /// The gravity update: adds `bonus`, less the more the value already
    /// leans the same way (`v += bonus - v * |bonus| / LIMIT`), so values
    /// saturate towards the limit instead of overflowing and recent
    /// results weigh more than old ones. In `i64`: the product can pass
    /// `i32`.
    #[inline]
    pub(crate) fn update(&mut self, bonus: i32) {
        let (old, bonus, limit) = (i64::from(self.get()), i64::from(bonus), i64::from(LIMIT));
        let new = old + bonus - old * bonus.abs() / limit;
        self.0 = T::set(new.clamp(-limit, limit) as i32);
    }

    /// Moves the value `weight / 64` of the way toward `target` (an
    /// exponential moving average, for values that estimate a quantity
    /// rather than count successes).
    #[inline]
    pub(crate) fn blend(&mut self, target: i32, weight: i32) {
        let old = self.get();
        let new = old + (target - old) * weight / 64;
        self.0 = T::set(new.clamp(-LIMIT, LIMIT));
    }

    /// Divides the value by `divisor` (ageing between searches).
    #[inline]
    pub(crate) fn age(&mut self, divisor: i32) {
        self.0 = T::set(self.get() / divisor);
    }
}

/// A (piece, destination) pair: `piece.index() * Square::COUNT + to`, the
/// index of continuation histories.
pub(crate) type PieceTo = u16;

/// The number of (piece, destination) pairs.
const PIECE_TO: usize = Piece::COUNT * Square::COUNT;

/// The [`PieceTo`] of `piece` moving to `to`.
#[inline]
pub(crate) fn piece_to(piece: Piece, to: Square) -> PieceTo {
    (piece.index() * Square::COUNT + to.index()) as PieceTo
}

/// The largest history bonus (a cutoff at depth 20).
const MAX_BONUS: i32 = 400;
/// Main-history scores stay within this bound.
const HISTORY_MAX: i32 = 1 << 20;
/// Continuation-history entries stay within this bound.
const CONT_MAX: i32 = 1 << 14;

/// The main history: by moving piece (`Piece::index`) and destination.
pub(crate) struct ButterflyHistory([BySquare<StatsEntry<i32, HISTORY_MAX>>; Piece::COUNT]);

impl ButterflyHistory {
    fn new() -> ButterflyHistory {
        ButterflyHistory([BySquare::default(); Piece::COUNT])
    }

    #[inline]
    fn entry(&mut self, piece: Piece, to: Square) -> &mut StatsEntry<i32, HISTORY_MAX> {
        &mut self.0[piece.index()][to]
    }

    #[inline]
    fn get(&self, piece: Piece, to: Square) -> i32 {
        self.0[piece.index()][to].get()
    }

    fn age(&mut self) {
        for row in &mut self.0 {
            for sq in Square::ALL {
                row[sq].age(8);
            }
        }
    }
}

/// Continuation history: by the (piece, destination) of an earlier move,
/// then this move's: how often this reply cut off after that move.
pub(crate) struct ContinuationHistory(Vec<[StatsEntry<i16, CONT_MAX>; PIECE_TO]>);

impl ContinuationHistory {
    fn new() -> ContinuationHistory {
        ContinuationHistory(vec![[StatsEntry::default(); PIECE_TO]; PIECE_TO])
    }

    #[inline]
    fn entry(&mut self, prev: PieceTo, cur: PieceTo) -> &mut StatsEntry<i16, CONT_MAX> {
        &mut self.0[usize::from(prev)][usize::from(cur)]
    }

    #[inline]
    fn get(&self, prev: PieceTo, cur: PieceTo) -> i32 {
        self.0[usize::from(prev)][usize::from(cur)].get()
    }

    fn age(&mut self) {
        for row in &mut self.0 {
            for e in row.iter_mut() {
                e.age(2);
            }
        }
    }
}

/// Entries per side of the correction history.
const CORRECTION_SIZE: usize = 1 << 14;
/// The largest correction, in sixteenths of a centipawn.
const CORRECTION_MAX: i32 = 16 * 150;

/// The key of the correction history: the side to move and a hash of the
/// soldiers and generals (the slow-changing structure).
pub(crate) type StructureKey = (Color, u64);

/// The [`StructureKey`] of `pos`.
#[inline]
pub(crate) fn structure_key(pos: &Position) -> StructureKey {
    let b = pos.board();
    let mut h = 0;
    for sq in b.by_role(Role::Soldier) | b.by_role(Role::General) {
        if let Some(p) = b.piece_at(sq) {
            h ^= zobrist::piece_key(p, sq);
        }
    }
    (pos.turn(), h)
}

/// Correction history: by side to move and soldier structure, how far
/// searches found the static evaluation off, in sixteenths of a centipawn.
pub(crate) struct CorrectionHistory(
    Box<ByColor<[StatsEntry<i32, CORRECTION_MAX>; CORRECTION_SIZE]>>,
);

impl CorrectionHistory {
    fn new() -> CorrectionHistory {
        CorrectionHistory(Box::new(ByColor::new(
            [[StatsEntry::default(); CORRECTION_SIZE]; Color::COUNT],
        )))
    }

    #[inline]
    fn slot(key: StructureKey) -> usize {
        (key.1 as usize) & (CORRECTION_SIZE - 1)
    }

    /// The correction for `key`, in centipawns.
    #[inline]
    fn get(&self, key: StructureKey) -> i32 {
        self.0[key.0][Self::slot(key)].get() / 16
    }

    /// Moves the correction for `key` toward `diff` (search result minus
    /// static evaluation, in centipawns), more for deeper searches.
    #[inline]
    fn update(&mut self, key: StructureKey, diff: i32, depth: i32) {
        let target = (diff.clamp(-1000, 1000) * 16).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        self.0[key.0][Self::slot(key)].blend(target, depth.clamp(1, 16));
    }
}

/// The history tables of one search thread, kept between searches (aged
/// at each new search).
pub(crate) struct Histories {
    main: ButterflyHistory,
    /// After the moves one and two plies back.
    cont: ContinuationHistory,
    correction: CorrectionHistory,
}

impl Histories {
    pub(crate) fn new() -> Histories {
        Histories {
            main: ButterflyHistory::new(),
            cont: ContinuationHistory::new(),
            correction: CorrectionHistory::new(),
        }
    }

    /// Ages the move histories (the correction history is kept).
    pub(crate) fn new_search(&mut self) {
        self.main.age();
        self.cont.age();
    }

    /// The correction of the static evaluation for `key`, in centipawns.
    #[inline]
    pub(crate) fn correction(&self, key: StructureKey) -> i32 {
        self.correction.get(key)
    }

    /// Moves the correction for `key` toward `diff` (search result minus
    /// static evaluation, in centipawns), more for deeper searches.
    #[inline]
    pub(crate) fn update_correction(&mut self, key: StructureKey, diff: i32, depth: i32) {
        self.correction.update(key, diff, depth);
    }

    /// Rewards the quiet move `m` that caused a cutoff at `depth`, after
    /// the moves of `context`, and punishes the quiet moves tried before it.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        depth: i32,
        context: [Option<PieceTo>; 2],
    ) {
        let bonus = depth.clamp(0, 20).pow(2).min(MAX_BONUS);
        self.update(pos, m, bonus, context);
        for &q in tried {
            if q != m {
                self.update(pos, q, -bonus, context);
            }
        }
    }

    #[inline]
    fn update(&mut self, pos: &Position, m: Move, bonus: i32, context: [Option<PieceTo>; 2]) {
        if let Some(p) = pos.board().piece_at(m.from()) {
            let cur = piece_to(p, m.to());
            let bonus = bonus.clamp(-MAX_BONUS, MAX_BONUS);
            for prev in context.into_iter().flatten() {
                self.cont.entry(prev, cur).update(bonus * 8);
            }
            self.main.entry(p, m.to()).update(bonus * 32);
        }
    }

    /// The main history of the move `m`.
    #[inline]
    pub(crate) fn history(&self, pos: &Position, m: Move) -> i32 {
        pos.board()
            .piece_at(m.from())
            .map_or(0, |p| self.main.get(p, m.to()))
    }

    /// The ordering score of the quiet move `m`: its history plus its
    /// continuation histories after the moves of `context`.
    #[inline]
    pub(crate) fn quiet_score(
        &self,
        pos: &Position,
        m: Move,
        context: [Option<PieceTo>; 2],
    ) -> i32 {
        let Some(p) = pos.board().piece_at(m.from()) else {
            return 0;
        };
        let cur = piece_to(p, m.to());
        let mut score = self.main.get(p, m.to());
        for prev in context.into_iter().flatten() {
            score += 32 * self.cont.get(prev, cur);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_saturates_at_the_limit() {
        let mut e = StatsEntry::<i16, 1000>::default();
        for _ in 0..100 {
            e.update(400);
        }
        assert!(e.get() <= 1000 && e.get() > 990);
        e.update(-400);
        assert!(e.get() < 990);
        e.age(2);
        assert!(e.get() < 500);
        let mut c = StatsEntry::<i32, 100>::default();
        c.blend(1000, 64);
        assert_eq!(c.get(), 100);
    }
}
