//! Killer moves: per ply, the last two quiet moves that caused a cutoff
//! there (tried right after the good captures at the same ply elsewhere in
//! the tree). Cleared at each search.

use crate::base::Move;

use super::MAX_PLY;

/// The two killer moves of each ply, the newest first.
pub(crate) struct Killers([[Option<Move>; 2]; MAX_PLY + 1]);

impl Killers {
    /// No killer at any ply.
    pub(crate) fn new() -> Killers {
        Killers([[None; 2]; MAX_PLY + 1])
    }

    /// Forgets every killer.
    pub(crate) fn clear(&mut self) {
        *self = Killers::new();
    }

    /// The killer moves of `ply`, the newest first.
    #[inline]
    pub(crate) fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.0[ply]
    }

    /// Whether `m` is a killer move of `ply`.
    #[inline]
    pub(crate) fn contains(&self, ply: usize, m: Move) -> bool {
        self.0[ply].contains(&Some(m))
    }

    /// Records the quiet move `m` that caused a cutoff at `ply`.
    #[inline]
    pub(crate) fn record(&mut self, ply: usize, m: Move) {
        let k = &mut self.0[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
}
